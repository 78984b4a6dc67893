package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

// reportSchema is an output schema that the strict dialect can express:
// the optional note becomes a required union with null, and its maxLength,
// which strict mode rejects, is dropped.
const reportSchema = `{"type":"object","properties":{"city":{"type":"string","description":"The city."},"temperature":{"type":"number"},"note":{"type":"string","maxLength":200}},"required":["city","temperature"],"additionalProperties":false}`

// reportStrict is reportSchema in the strict dialect.
const reportStrict = `{"type":"object","properties":{"city":{"type":"string","description":"The city."},"temperature":{"type":"number"},"note":{"type":["string","null"]}},"required":["city","temperature","note"],"additionalProperties":false}`

// tagsSchema is an output schema that the strict dialect cannot express: a
// free-form map.
const tagsSchema = `{"type":"object","properties":{"tags":{"type":"object","additionalProperties":{"type":"string"}}},"required":["tags"]}`

// reportAnswer is the object the scripted model answers with.
const reportAnswer = `{"city":"Paris","temperature":21,"note":null}`

// formatCases are the response formats of the adapters' tests, with the
// schema and strict flag each should be sent with.
var formatCases = []struct {
	name       string
	format     llm.ResponseFormat
	wantSchema string
	wantStrict bool
}{
	{"strict", llm.ResponseFormat{Name: "report", Description: "A weather report.", Schema: json.RawMessage(reportSchema), Strict: true}, reportStrict, true},
	{"not strict", llm.ResponseFormat{Name: "report", Description: "A weather report.", Schema: json.RawMessage(reportSchema)}, reportSchema, false},
	// A strict schema the dialect cannot express is sent as it is, not
	// strict, as llm.ResponseFormat says.
	{"strict fallback", llm.ResponseFormat{Name: "tags", Schema: json.RawMessage(tagsSchema), Strict: true}, tagsSchema, false},
}

// formatRequest is a request for f, with the weather tool when tools is
// set.
func formatRequest(f llm.ResponseFormat, tools bool) *llm.Request {
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("Report on Paris.")}, ResponseFormat: &f}
	if tools {
		req.Tools = []llm.ToolDefinition{{Name: "weather", Description: "Fetches the weather.", InputSchema: json.RawMessage(providertest.WeatherSchema)}}
	}
	return req
}

// call runs req on m, streamed or not, and returns the response.
func call(t *testing.T, m llm.Model, req *llm.Request, stream bool) *llm.Response {
	t.Helper()
	if stream {
		res, err := llm.CollectStream(m.Stream(context.Background(), req), nil)
		require.NoError(t, err)
		return res
	}
	res, err := m.Generate(context.Background(), req)
	require.NoError(t, err)
	return res
}

// bodyField returns the top-level field name of the body of the server's
// only request, and whether the body has tools.
func bodyField(t *testing.T, srv *providertest.Server, name string) (json.RawMessage, bool) {
	t.Helper()
	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	var body map[string]json.RawMessage
	require.NoError(t, reqs[0].Decode(&body))
	_, tools := body["tools"]
	return body[name], tools
}

// TestChatResponseFormat: a response format is sent as response_format
// {"type":"json_schema","json_schema":{…}}, in the strict dialect when it
// is strict and can be, with and without tools, streamed or not; the
// object comes back as the answer's text.
func TestChatResponseFormat(t *testing.T) {
	for _, tc := range formatCases {
		for _, tools := range []bool{false, true} {
			for _, stream := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/tools=%v/stream=%v", tc.name, tools, stream), func(t *testing.T) {
					srv := providertest.NewServer(t, scripted.Text(reportAnswer))
					m := Model("gpt-5.4", WithBaseURL(srv.URL()), WithAPIKey("test"))
					res := call(t, m, formatRequest(tc.format, tools), stream)

					got, hasTools := bodyField(t, srv, "response_format")
					assert.Equal(t, tools, hasTools)
					desc := ""
					if tc.format.Description != "" {
						desc = fmt.Sprintf(`"description":%q,`, tc.format.Description)
					}
					want := fmt.Sprintf(`{"type":"json_schema","json_schema":{"name":%q,%s"schema":%s,"strict":%v}}`, tc.format.Name, desc, tc.wantSchema, tc.wantStrict)
					assert.JSONEq(t, want, string(got))
					assert.Equal(t, reportAnswer, res.Message.Text())
					assert.Equal(t, llm.FinishStop, res.FinishReason)
				})
			}
		}
	}
}

// TestResponsesResponseFormat: a response format is sent as text.format
// {"type":"json_schema",…}, by the same rules as on Chat Completions.
func TestResponsesResponseFormat(t *testing.T) {
	for _, tc := range formatCases {
		for _, tools := range []bool{false, true} {
			for _, stream := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/tools=%v/stream=%v", tc.name, tools, stream), func(t *testing.T) {
					srv := providertest.NewServer(t, scripted.Text(reportAnswer))
					m := Responses("gpt-5.4", WithBaseURL(srv.URL()), WithAPIKey("test"))
					res := call(t, m, formatRequest(tc.format, tools), stream)

					got, hasTools := bodyField(t, srv, "text")
					assert.Equal(t, tools, hasTools)
					desc := ""
					if tc.format.Description != "" {
						desc = fmt.Sprintf(`"description":%q,`, tc.format.Description)
					}
					want := fmt.Sprintf(`{"format":{"type":"json_schema","name":%q,%s"schema":%s,"strict":%v}}`, tc.format.Name, desc, tc.wantSchema, tc.wantStrict)
					assert.JSONEq(t, want, string(got))
					assert.Equal(t, reportAnswer, res.Message.Text())
					assert.Equal(t, llm.FinishStop, res.FinishReason)
				})
			}
		}
	}
}

// TestResponseFormatAbsent: a request without a format sends neither
// response_format nor text.
func TestResponseFormatAbsent(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Text("Hi."), scripted.Text("Hi."))
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("Hello")}}
	call(t, Model("gpt-5.4", WithBaseURL(srv.URL()), WithAPIKey("test")), req, false)
	call(t, Responses("gpt-5.4", WithBaseURL(srv.URL()), WithAPIKey("test")), req, false)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	for i, field := range []string{"response_format", "text"} {
		var body map[string]json.RawMessage
		require.NoError(t, reqs[i].Decode(&body))
		assert.NotContains(t, body, field)
	}
}

// TestResponseFormatBadSchema: a schema that is not a JSON object is an
// error of the request, naming the format, and nothing is sent.
func TestResponseFormatBadSchema(t *testing.T) {
	srv := providertest.NewServer(t)
	f := llm.ResponseFormat{Name: "report", Schema: json.RawMessage(`[1,2]`)}
	for _, m := range []llm.Model{
		Model("gpt-5.4", WithBaseURL(srv.URL()), WithAPIKey("test")),
		Responses("gpt-5.4", WithBaseURL(srv.URL()), WithAPIKey("test")),
	} {
		_, err := m.Generate(context.Background(), formatRequest(f, false))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "openai: response format report:")
	}
	assert.Empty(t, srv.Requests())
}

// TestResponsesFormatRefusal: a model that refuses to fill the format
// answers with a refusal content; the response still ends with
// FinishRefusal, streamed or not.
func TestResponsesFormatRefusal(t *testing.T) {
	const refusal = "I'm sorry, I can't help with that."
	item := `{"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[{"type":"refusal","refusal":"` + refusal + `"}]}`
	done := `{"id":"resp_1","object":"response","created_at":1,"status":"completed","model":"gpt-5.4","output":[` + item + `],"usage":{"input_tokens":5,"output_tokens":3,"total_tokens":8}}`
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			r := reply{Body: done}
			if stream {
				r = reply{SSE: true, Body: "event: response.refusal.delta\ndata: {\"type\":\"response.refusal.delta\",\"item_id\":\"msg_1\",\"output_index\":0,\"content_index\":0,\"delta\":\"" + refusal + "\",\"sequence_number\":1}\n\n" +
					"event: response.completed\ndata: {\"type\":\"response.completed\",\"sequence_number\":2,\"response\":" + done + "}\n\n"}
			}
			srv := newFakeServer(t, r)
			m, err := NewResponses("gpt-5.4", WithAPIKey("test-key"), WithBaseURL(srv.URL()+"v1"), WithHTTPClient(srv.Client()))
			require.NoError(t, err)
			f := formatCases[0].format
			res := call(t, m, formatRequest(f, false), stream)
			assert.Equal(t, llm.FinishRefusal, res.FinishReason)
			assert.Equal(t, refusal, res.Message.Refusal())
			assert.Empty(t, res.Message.Text())
		})
	}
}

// TestOpenAICapabilities: both APIs take a format together with tools.
func TestOpenAICapabilities(t *testing.T) {
	assert.Equal(t, llm.Capabilities{OutputWithTools: true}, llm.CapabilitiesOf(Model("gpt-5.4", WithAPIKey("k"))))
	assert.Equal(t, llm.Capabilities{OutputWithTools: true}, llm.CapabilitiesOf(Responses("gpt-5.4", WithAPIKey("k"))))
}
