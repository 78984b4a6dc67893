package gemini

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

// reportSchema is an output schema with what Gemini's OpenAPI subset
// (responseSchema) would lose: a $ref into $defs, a type array with null
// and additionalProperties: false. responseJsonSchema takes it as it is.
const reportSchema = `{"type":"object","properties":{"city":{"$ref":"#/$defs/City"},"note":{"type":["string","null"]}},"required":["city","note"],"additionalProperties":false,"$defs":{"City":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}}}`

// reportAnswer is the object the scripted model answers with.
const reportAnswer = `{"city":{"name":"Paris"},"note":null}`

// TestResponseJSONSchema: a response format is sent as generationConfig's
// responseMimeType "application/json" and responseJsonSchema, the schema
// as it is (standard JSON Schema), with and without function declarations,
// streamed or not; the object comes back as the answer's text.
func TestResponseJSONSchema(t *testing.T) {
	for _, tools := range []bool{false, true} {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("tools=%v/stream=%v", tools, stream), func(t *testing.T) {
				srv := providertest.NewServer(t, scripted.Text(reportAnswer))
				m := Model("gemini-3-flash-preview", WithBaseURL(srv.URL()), WithAPIKey("test"), WithRetryDelay(0))
				req := &llm.Request{
					Messages:       []llm.Message{llm.UserMessage("Report on Paris.")},
					ResponseFormat: &llm.ResponseFormat{Name: "report", Description: "A weather report.", Schema: json.RawMessage(reportSchema), Strict: true},
				}
				if tools {
					req.Tools = []llm.ToolDefinition{{Name: "weather", Description: "Fetches the weather.",
						InputSchema: json.RawMessage(`{"type":"object","properties":{"location":{"type":"string"}},"required":["location"]}`)}}
				}
				var (
					res *llm.Response
					err error
				)
				if stream {
					res, err = llm.CollectStream(m.Stream(context.Background(), req), nil)
				} else {
					res, err = m.Generate(context.Background(), req)
				}
				require.NoError(t, err)

				reqs := srv.Requests()
				require.Len(t, reqs, 1)
				var body map[string]json.RawMessage
				require.NoError(t, reqs[0].Decode(&body))
				assert.JSONEq(t, `{"responseMimeType":"application/json","responseJsonSchema":`+reportSchema+`}`, string(body["generationConfig"]))
				_, hasTools := body["tools"]
				assert.Equal(t, tools, hasTools)
				assert.Equal(t, reportAnswer, res.Message.Text())
				assert.Equal(t, llm.FinishStop, res.FinishReason)
			})
		}
	}
}

// TestResponseFormatInvalidSchema: a schema that is not JSON is an error
// of the request, naming the format, and nothing is sent.
func TestResponseFormatInvalidSchema(t *testing.T) {
	srv := providertest.NewServer(t)
	m := Model("gemini-2.5-flash", WithBaseURL(srv.URL()), WithAPIKey("test"))
	_, err := m.Generate(context.Background(), &llm.Request{
		Messages:       []llm.Message{llm.UserMessage("Hi")},
		ResponseFormat: &llm.ResponseFormat{Name: "report", Schema: json.RawMessage(`{"type":`)},
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "gemini: response format report:")
	assert.Empty(t, srv.Requests())
}

// TestGeminiCapabilities: Gemini 3 and later take a response schema with
// function declarations; older models do not.
func TestGeminiCapabilities(t *testing.T) {
	cases := map[string]bool{
		"gemini-3-pro-preview":          true,
		"gemini-3-flash-preview":        true,
		"gemini-3.1-pro-preview":        true,
		"models/gemini-3-flash-preview": true,
		"gemini-2.5-flash":              false,
		"gemini-2.5-pro":                false,
		"gemini-2.0-flash":              false,
		"gemini-1.5-pro":                false,
		"gemini-flash-latest":           false,
	}
	for id, want := range cases {
		m := Model(id, WithAPIKey("k"))
		assert.Equal(t, llm.Capabilities{OutputWithTools: want}, llm.CapabilitiesOf(m), id)
	}
}
