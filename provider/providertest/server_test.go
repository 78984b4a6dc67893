package providertest_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/gemini"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// sdkAPIs are the APIs whose adapters are in this module. The Anthropic
// adapter is a module of its own (it needs invopop/jsonschema v0.14,
// which Genkit's dependencies do not build with); its tests drive the
// server's Messages API through its SDK.
var sdkAPIs = []providertest.API{providertest.OpenAIChat, providertest.OpenAIResponses, providertest.Gemini}

// model returns the adapter of api on srv, as a program given the
// server's URL as its base URL makes it.
func model(api providertest.API, srv *providertest.Server) llm.Model {
	switch api {
	case providertest.OpenAIChat:
		return openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
	case providertest.OpenAIResponses:
		return openai.Responses("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
	default:
		return gemini.Model("gemini-3-flash-preview", gemini.WithBaseURL(srv.URL()), gemini.WithAPIKey("test"), gemini.WithRetryDelay(time.Millisecond))
	}
}

type weatherIn struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

type weatherOut struct {
	Conditions string `json:"conditions"`
	Icon       string `json:"icon"`
}

// weatherTools has a weather tool that fails for Atlantis and shows the
// model a text and an icon.
func weatherTools() tool.Toolset {
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the weather.", InputSchema: json.RawMessage(providertest.WeatherSchema)}
	tl := tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		if in.Location == "Atlantis" {
			return weatherOut{}, fmt.Errorf("no station in %s", in.Location)
		}
		return weatherOut{Conditions: "Sunny in " + in.Location, Icon: "https://example.com/sun.png"}, nil
	}).WithModelOutput(func(_ context.Context, _ weatherIn, out weatherOut) (llm.ModelOutput, error) {
		return llm.ContentOutput(llm.TextPart(out.Conditions), llm.ImageURLPart(out.Icon)), nil
	})
	return tool.Toolset{"weather": tl}
}

// post sends body to the server at path and returns the status and the
// answer.
func post(t *testing.T, srv *providertest.Server, path, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(srv.URL()+path, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(data)
}

// ok is post for a request that must succeed.
func ok(t *testing.T, srv *providertest.Server, path, body string) string {
	t.Helper()
	status, got := post(t, srv, path, body)
	require.Equal(t, http.StatusOK, status, got)
	return got
}

// events splits a stream into its events.
func events(stream, sep string) []string {
	return strings.Split(strings.TrimSuffix(stream, sep), sep)
}

// TestChatWire checks the JSON and the stream the server writes for a
// Chat Completions request, as a client that does not use the SDK sees
// them.
func TestChatWire(t *testing.T) {
	srv := providertest.NewServer(t,
		scripted.Calls(llm.ToolCall{ID: "call_x", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Turn{Text: "Sunny in Paris.", Usage: llm.Usage{InputTokens: 7, OutputTokens: 3, TotalTokens: 10}},
	)
	assert.JSONEq(t, `{"id":"chatcmpl-1","object":"chat.completion","created":1760000000,"model":"m1",
		"choices":[{"index":0,"logprobs":null,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,
			"tool_calls":[{"id":"call_x","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Paris\"}"}}]}}],
		"usage":{"prompt_tokens":0,"completion_tokens":0,"total_tokens":0,"completion_tokens_details":{"reasoning_tokens":0},"prompt_tokens_details":{"cached_tokens":0}}}`,
		ok(t, srv, "v1/chat/completions", `{"model":"m1","messages":[]}`))

	got := events(ok(t, srv, "v1/chat/completions", `{"model":"m1","messages":[],"stream":true,"stream_options":{"include_usage":true}}`), "\n\n")
	require.Len(t, got, 7) // role, 3 words, finish, usage, [DONE]
	assert.Contains(t, got[1], `"delta":{"content":"Sunny "}`)
	assert.Contains(t, got[4], `"finish_reason":"stop"`)
	assert.Contains(t, got[5], `"choices":[]`)
	assert.Contains(t, got[5], `"total_tokens":10`)
	assert.Equal(t, "data: [DONE]", got[6])
}

// TestResponsesWire checks the JSON and the stream the server writes for a
// Responses request.
func TestResponsesWire(t *testing.T) {
	srv := providertest.NewServer(t,
		scripted.Turn{Text: "Checking.", ToolCalls: []llm.ToolCall{{ID: "call_x", Name: "weather", Arguments: `{"location":"Paris"}`}},
			Usage: llm.Usage{InputTokens: 7, OutputTokens: 3}},
		scripted.Turn{Text: "Cut short.", FinishReason: llm.FinishLength},
	)
	assert.JSONEq(t, `{"id":"resp_1","object":"response","created_at":1760000000,"status":"completed","error":null,"incomplete_details":null,"model":"m1",
		"output":[
			{"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Checking.","annotations":[]}]},
			{"id":"fc_1_1","type":"function_call","status":"completed","call_id":"call_x","name":"weather","arguments":"{\"location\":\"Paris\"}"}],
		"usage":{"input_tokens":7,"output_tokens":3,"total_tokens":10,"input_tokens_details":{"cached_tokens":0},"output_tokens_details":{"reasoning_tokens":0}}}`,
		ok(t, srv, "v1/responses", `{"model":"m1","input":"hi"}`))

	got := events(ok(t, srv, "v1/responses", `{"model":"m1","input":"hi","stream":true}`), "\n\n")
	var types []string
	for _, e := range got {
		name, _, _ := strings.Cut(strings.TrimPrefix(e, "event: "), "\n")
		types = append(types, name)
	}
	assert.Equal(t, []string{"response.created", "response.in_progress", "response.output_item.added", "response.content_part.added",
		"response.output_text.delta", "response.output_text.delta", "response.output_text.done", "response.content_part.done",
		"response.output_item.done", "response.incomplete"}, types)
	assert.Contains(t, got[9], `"incomplete_details":{"reason":"max_output_tokens"}`)
}

// TestMessagesWire checks the JSON and the stream the server writes for a
// Messages request.
func TestMessagesWire(t *testing.T) {
	srv := providertest.NewServer(t,
		scripted.Calls(llm.ToolCall{ID: "toolu_x", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Turn{Text: "Sunny in Paris.", Usage: llm.Usage{InputTokens: 7, OutputTokens: 3}},
		scripted.Calls(scripted.Call("weather", `{"location":`)),
	)
	assert.JSONEq(t, `{"id":"msg_1","type":"message","role":"assistant","model":"m1",
		"content":[{"type":"tool_use","id":"toolu_x","name":"weather","input":{"location":"Paris"}}],
		"stop_reason":"tool_use","stop_sequence":null,
		"usage":{"input_tokens":0,"output_tokens":0,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}`,
		ok(t, srv, "v1/messages", `{"model":"m1","max_tokens":10,"messages":[]}`))

	got := events(ok(t, srv, "v1/messages", `{"model":"m1","max_tokens":10,"messages":[],"stream":true}`), "\n\n")
	require.Len(t, got, 8) // start, block start, 3 words, block stop, delta, stop
	assert.True(t, strings.HasPrefix(got[0], "event: message_start\n"), got[0])
	assert.Contains(t, got[2], `"delta":{"text":"Sunny ","type":"text_delta"}`)
	assert.Contains(t, got[6], `"stop_reason":"end_turn"`)
	assert.Contains(t, got[6], `"output_tokens":3`)
	assert.Equal(t, "event: message_stop\ndata: {\"type\":\"message_stop\"}", got[7])

	// Broken arguments: a JSON string in a complete message.
	assert.Contains(t, ok(t, srv, "v1/messages", `{"model":"m1","max_tokens":10,"messages":[]}`), `"input":"{\"location\":"`)
}

// TestGeminiWire checks the JSON and the stream the server writes for
// generateContent and streamGenerateContent.
func TestGeminiWire(t *testing.T) {
	srv := providertest.NewServer(t,
		scripted.Calls(llm.ToolCall{ID: "fc_x", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Turn{Text: "Sunny in Paris.", Usage: llm.Usage{InputTokens: 7, OutputTokens: 5, ReasoningTokens: 2, CachedInputTokens: 3}},
		scripted.Calls(scripted.Call("weather", `{"location":`)),
	)
	sig := base64.StdEncoding.EncodeToString([]byte("providertest:1:fc_x"))
	assert.JSONEq(t, `{"candidates":[{"content":{"parts":[
		{"functionCall":{"id":"fc_x","name":"weather","args":{"location":"Paris"}},"thoughtSignature":"`+sig+`"}],"role":"model"},
		"finishReason":"STOP","index":0}],
		"usageMetadata":{"promptTokenCount":0,"candidatesTokenCount":0,"totalTokenCount":0},
		"modelVersion":"m1","responseId":"resp_1"}`,
		ok(t, srv, "v1beta/models/m1:generateContent", `{"contents":[]}`))

	got := events(ok(t, srv, "v1beta/models/m1:streamGenerateContent?alt=sse", `{"contents":[]}`), "\r\n\r\n")
	require.Len(t, got, 4) // 3 words and the finish
	assert.Equal(t, `data: {"candidates":[{"content":{"parts":[{"text":"Sunny "}],"role":"model"},"index":0}],`+
		`"usageMetadata":{"promptTokenCount":7,"candidatesTokenCount":3,"totalTokenCount":12,"cachedContentTokenCount":3,"thoughtsTokenCount":2},`+
		`"modelVersion":"m1","responseId":"resp_2"}`, got[0])
	textSig := base64.StdEncoding.EncodeToString([]byte("providertest:2:text"))
	assert.Contains(t, got[3], `"parts":[{"text":"","thoughtSignature":"`+textSig+`"}],"role":"model"},"finishReason":"STOP"`)

	// Broken arguments: an empty object, as args can only be one.
	assert.Contains(t, ok(t, srv, "v1beta/models/m1:generateContent", `{"contents":[]}`), `"args":{}`)
}

// TestRouting: the server answers each API at its path, whatever comes
// before it, and refuses other paths and methods without consuming a turn.
func TestRouting(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Text("a"), scripted.Text("b"), scripted.Text("c"), scripted.Text("d"))
	for path, api := range map[string]providertest.API{
		"chat/completions":                           providertest.OpenAIChat,
		"v1/responses":                               providertest.OpenAIResponses,
		"anthropic/v1/messages":                      providertest.AnthropicMessages,
		"v1/models/gemini-2.5-flash:generateContent": providertest.Gemini,
	} {
		ok(t, srv, path, `{"model":"m","messages":[],"input":"hi","contents":[]}`)
		reqs := srv.Requests()
		assert.Equal(t, api, reqs[len(reqs)-1].API, path)
	}
	assert.Zero(t, srv.Remaining())
	srv.Append(scripted.Text("e"))
	status, body := post(t, srv, "v1/embeddings", `{}`)
	assert.Equal(t, http.StatusNotFound, status)
	assert.Contains(t, body, "providertest: no API at /v1/embeddings")
	resp, err := http.Get(srv.URL() + "v1/chat/completions")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	assert.Equal(t, 1, srv.Remaining())
}

// TestRespond lets the script answer from the request decoded from each
// API's wire: the instructions, the calls, the results (with their error
// flag where the API has one, and the media where the API puts them), the
// tools and the tool choice.
func TestRespond(t *testing.T) {
	image := llm.ImageURLPart("https://example.com/sun.png")
	for _, tc := range []struct {
		api providertest.API
		// roles of the messages of the second request
		roles []llm.Role
		// the output of the first result
		paris llm.ModelOutput
		// whether the API has an error flag
		errorFlag bool
	}{
		{providertest.OpenAIChat, []llm.Role{llm.RoleSystem, llm.RoleUser, llm.RoleAssistant, llm.RoleTool, llm.RoleUser},
			llm.TextOutput("Sunny in Paris"), false},
		{providertest.OpenAIResponses, []llm.Role{llm.RoleSystem, llm.RoleUser, llm.RoleAssistant, llm.RoleTool},
			llm.ContentOutput(llm.TextPart("Sunny in Paris"), image), false},
		{providertest.Gemini, []llm.Role{llm.RoleSystem, llm.RoleUser, llm.RoleAssistant, llm.RoleTool, llm.RoleUser},
			llm.TextOutput("Sunny in Paris"), true},
	} {
		for _, choice := range []llm.ToolChoice{llm.ChoiceRequired, llm.ChoiceTool("weather")} {
			t.Run(fmt.Sprintf("%s/%s", tc.api, choice.Mode), func(t *testing.T) {
				var seen *llm.Request
				srv := providertest.NewServer(t,
					scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`), scripted.Call("weather", `{"location":"Atlantis"}`)),
					scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
						seen = req
						return scripted.Text("done")
					}},
				)
				a := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: model(tc.api, srv), Tools: weatherTools()}
				res, err := a.Generate(t.Context(), "Weather?", agent.WithToolChoice(choice))
				require.NoError(t, err)
				assert.Equal(t, "done", res.Text)

				require.NotNil(t, seen)
				var roles []llm.Role
				for _, m := range seen.Messages {
					roles = append(roles, m.Role)
				}
				assert.Equal(t, tc.roles, roles)
				assert.Equal(t, "Be brief.", seen.Messages[0].Text())
				assert.Equal(t, "Weather?", seen.Messages[1].Text())
				calls := seen.Messages[2].ToolCalls()
				require.Len(t, calls, 2)
				assert.Equal(t, llm.ToolCall{ID: res.Steps[0].ToolCalls[0].ID, Name: "weather", Arguments: `{"location":"Paris"}`}, calls[0])
				results := seen.Messages[3].ToolResults()
				require.Len(t, results, 2)
				assert.Equal(t, llm.ToolResult{ToolCallID: calls[0].ID, ToolName: "weather", Output: tc.paris}, results[0])
				assert.Equal(t, tc.errorFlag, results[1].IsError())
				assert.Contains(t, results[1].Output.String(), "no station in Atlantis")
				if len(tc.roles) == 5 {
					assert.Equal(t, []llm.Part{llm.TextPart("Media returned by tool call " + calls[0].ID + " (weather):"), image}, seen.Messages[4].Parts)
				}
				require.Len(t, seen.Tools, 1)
				assert.Equal(t, "weather", seen.Tools[0].Name)
				assert.Equal(t, "Fetches the weather.", seen.Tools[0].Description)
				assert.Contains(t, string(seen.Tools[0].InputSchema), `"location"`)
				assert.Equal(t, choice, seen.ToolChoice)

				// Request.LLM decodes a recorded request the same way.
				again, err := srv.Requests()[1].LLM()
				require.NoError(t, err)
				assert.Equal(t, seen, again)
			})
		}
	}
}

// TestRespondResponseFormat: Respond sees the request's response format,
// from response_format, text.format, output_config.format or
// generationConfig; the Messages API's forced tool is a tool and a tool
// choice, and a text turn that is a JSON object answers it with a call of
// that tool.
func TestRespondResponseFormat(t *testing.T) {
	const schema = `{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`
	format := &llm.ResponseFormat{Name: "report", Description: "A report.", Schema: json.RawMessage(schema), Strict: true}
	for _, tc := range []struct {
		name  string
		model func(*providertest.Server) llm.Model
		check func(t *testing.T, seen *llm.Request)
	}{
		{"openai-chat", func(srv *providertest.Server) llm.Model { return model(providertest.OpenAIChat, srv) }, openAIFormat},
		{"openai-responses", func(srv *providertest.Server) llm.Model { return model(providertest.OpenAIResponses, srv) }, openAIFormat},
		{"gemini", func(srv *providertest.Server) llm.Model { return model(providertest.Gemini, srv) }, func(t *testing.T, seen *llm.Request) {
			require.NotNil(t, seen.ResponseFormat)
			assert.JSONEq(t, schema, string(seen.ResponseFormat.Schema))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var seen *llm.Request
			srv := providertest.NewServer(t, scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
				seen = req
				return scripted.Text(`{"city":"Paris"}`)
			}})
			res, err := tc.model(srv).Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("Report.")}, ResponseFormat: format})
			require.NoError(t, err)
			assert.Equal(t, `{"city":"Paris"}`, res.Message.Text())
			require.NotNil(t, seen)
			tc.check(t, seen)
		})
	}
}

// openAIFormat checks the format of TestRespondResponseFormat as the
// OpenAI APIs send it: name, description, strict and schema (in the strict
// dialect, which orders the keys its way).
func openAIFormat(t *testing.T, seen *llm.Request) {
	f := seen.ResponseFormat
	require.NotNil(t, f)
	assert.Equal(t, "report", f.Name)
	assert.Equal(t, "A report.", f.Description)
	assert.True(t, f.Strict)
	assert.JSONEq(t, `{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`, string(f.Schema))
}

// TestForcedToolAnswer: a Messages request that forces a tool gets, for a
// text turn that is a JSON object, a tool_use block of that tool with the
// object as input; other text stays text.
func TestForcedToolAnswer(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Text(`{"city":"Paris"}`), scripted.Text("Not an object."))
	for i, want := range []string{`[{"type":"tool_use","id":"toolu_answer_1","name":"report","input":{"city":"Paris"}}]`, `[{"type":"text","text":"Not an object."}]`} {
		body := `{"model":"claude-sonnet-4-5","max_tokens":10,"messages":[{"role":"user","content":"Report."}],` +
			`"tools":[{"name":"report","input_schema":{"type":"object"}}],"tool_choice":{"type":"tool","name":"report"}}`
		var msg struct {
			Content    json.RawMessage `json:"content"`
			StopReason string          `json:"stop_reason"`
		}
		got := ok(t, srv, "v1/messages", body)
		require.NoError(t, json.Unmarshal([]byte(got), &msg), got)
		assert.JSONEq(t, want, string(msg.Content), i)
		assert.Equal(t, []string{"tool_use", "end_turn"}[i], msg.StopReason)
	}
}

// TestSignatureCheck makes the server refuse, as Gemini 3 does, a request
// whose calls lost their signature, without consuming a turn.
func TestSignatureCheck(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("ok"))
	ok(t, srv, "v1beta/models/m1:generateContent", `{"contents":[{"role":"user","parts":[{"text":"weather?"}]}]}`)

	turn := func(sig string) string {
		return `{"contents":[{"role":"user","parts":[{"text":"weather?"}]},
			{"role":"model","parts":[{"functionCall":{"id":"call_1","name":"weather","args":{"location":"Paris"}}` + sig + `}]},
			{"role":"user","parts":[{"functionResponse":{"id":"call_1","name":"weather","response":{"output":"sunny"}}}]}]}`
	}
	status, body := post(t, srv, "v1beta/models/m1:generateContent", turn(""))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, `"status":"INVALID_ARGUMENT"`)
	assert.Contains(t, body, "is missing its thought_signature")
	assert.Equal(t, 1, srv.Remaining(), "a refused request consumes no turn")

	status, body = post(t, srv, "v1beta/models/m1:generateContent", turn(`,"thoughtSignature":"`+base64.StdEncoding.EncodeToString([]byte("providertest:1:call_1"))+`"`))
	assert.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, `"text":"ok"`)
}

// TestErrors checks, on every API through its SDK, that a failing turn
// answers with an API error of its status (500 for an error that names
// none), and that a request after the last turn fails and is not retried.
func TestErrors(t *testing.T) {
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}
	for _, api := range sdkAPIs {
		t.Run(string(api), func(t *testing.T) {
			srv := providertest.NewServer(t, scripted.Fail(&providertest.StatusError{Status: http.StatusBadRequest, Message: "bad tools"}))
			_, err := model(api, srv).Generate(t.Context(), req)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "400")
			assert.Contains(t, err.Error(), "bad tools")
			if api == providertest.Gemini {
				assert.Contains(t, err.Error(), "INVALID_ARGUMENT", "Google's name of the status")
			}

			srv = providertest.NewServer(t, scripted.Fail(errors.New("boom")), scripted.Fail(errors.New("boom")), scripted.Fail(errors.New("boom")))
			_, err = model(api, srv).Generate(t.Context(), req)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "500")
			assert.Contains(t, err.Error(), "boom")

			srv = providertest.NewServer(t, scripted.Text("only"))
			srv.Append(scripted.Text("and then"))
			m := model(api, srv)
			for _, want := range []string{"only", "and then"} {
				res, err := m.Generate(t.Context(), req)
				require.NoError(t, err)
				assert.Equal(t, want, res.Message.Text())
			}
			assert.Zero(t, srv.Remaining())
			_, err = m.Generate(t.Context(), req)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "script exhausted after 2 turns")
			assert.Len(t, srv.Requests(), 3, "not retried")
		})
	}
}

// TestWithoutTB runs a server the way an offline demo does.
func TestWithoutTB(t *testing.T) {
	srv := providertest.NewServer(nil, scripted.Text("hello"))
	defer srv.Close()
	res, err := model(providertest.OpenAIChat, srv).Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	require.NoError(t, err)
	assert.Equal(t, "hello", res.Message.Text())
}

// TestReplay: a reply is sent as it is, status, headers and body, and the
// server's client reaches the server whatever the URL.
func TestReplay(t *testing.T) {
	srv := providertest.NewServer(t, providertest.Replay(
		providertest.Reply{Status: http.StatusTeapot, Header: map[string]string{"X-Recorded": "yes"}, Body: `{"a":1}`},
		providertest.Reply{SSE: true, Body: "data: one\n\ndata: two\n\n"},
	)...)
	client := srv.Client()
	resp, err := client.Post("https://api.example.com/v1/chat/completions", "application/json", strings.NewReader(`{}`))
	require.NoError(t, err)
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusTeapot, resp.StatusCode)
	assert.Equal(t, "yes", resp.Header.Get("X-Recorded"))
	assert.Equal(t, `{"a":1}`, string(data))

	resp, err = client.Post("https://api.example.com/v1/chat/completions", "application/json", strings.NewReader(`{"stream":true}`))
	require.NoError(t, err)
	data, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	assert.Equal(t, "data: one\n\ndata: two\n\n", string(data))
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, "/v1/chat/completions", reqs[1].Path)
	assert.True(t, reqs[1].Stream)

	_, err = scripted.New(providertest.Replay(providertest.Reply{Body: "{}"})...).Generate(t.Context(), &llm.Request{})
	assert.ErrorContains(t, err, "a raw reply of 2 bytes, for a server to send")
}

// TestInterruption checks the bytes of a broken stream, on Chat
// Completions, and the answers to a request that does not stream.
func TestInterruption(t *testing.T) {
	cut := func(i providertest.Interruption) scripted.Turn { return scripted.Fail(&i) }
	srv := providertest.NewServer(t,
		cut(providertest.Interruption{Text: "Hel", Then: providertest.Cut}),
		cut(providertest.Interruption{Text: "Hel", Then: providertest.ErrorEvent, Message: "went wrong"}),
		cut(providertest.Interruption{Text: "Hel", Then: providertest.Malformed}),
		cut(providertest.Interruption{Then: providertest.Cut}),
		cut(providertest.Interruption{Then: providertest.ErrorEvent, Status: http.StatusServiceUnavailable, Message: "busy"}),
		cut(providertest.Interruption{Then: providertest.Malformed}),
	)
	stream := `{"model":"m","messages":[],"stream":true}`
	got := events(ok(t, srv, "chat/completions", stream), "\n\n")
	require.Len(t, got, 2, "the role and the word, no finish")
	assert.Contains(t, got[1], `"content":"Hel"`)

	got = events(ok(t, srv, "chat/completions", stream), "\n\n")
	require.Len(t, got, 3)
	assert.JSONEq(t, `{"error":{"message":"went wrong","type":"server_error","param":null,"code":null}}`, strings.TrimPrefix(got[2], "data: "))

	got = events(ok(t, srv, "chat/completions", stream), "\n\n")
	require.Len(t, got, 3)
	assert.False(t, json.Valid([]byte(strings.TrimPrefix(got[2], "data: "))), got[2])

	assert.Empty(t, ok(t, srv, "chat/completions", stream), "an empty stream")

	status, body := post(t, srv, "chat/completions", `{"model":"m","messages":[]}`)
	assert.Equal(t, http.StatusServiceUnavailable, status)
	assert.Contains(t, body, "busy")
	body = ok(t, srv, "chat/completions", `{"model":"m","messages":[]}`)
	assert.False(t, json.Valid([]byte(body)), body)
	assert.Equal(t, "providertest: the answer breaks off: malformed event", (&providertest.Interruption{Then: providertest.Malformed}).Error())
}

// TestSplitWrites: a stream written a few bytes at a time reads the same.
func TestSplitWrites(t *testing.T) {
	turn := scripted.Turn{Text: "Sunny in Paris.", ToolCalls: []llm.ToolCall{{ID: "toolu_1", Name: "weather", Arguments: `{"location":"Paris"}`}}}
	srv := providertest.NewServer(t, turn, turn)
	body := `{"model":"m1","max_tokens":10,"messages":[],"stream":true}`
	whole := ok(t, srv, "v1/messages", body)
	srv.SplitWrites(2)
	split := ok(t, srv, "v1/messages", body)
	assert.Equal(t, whole, strings.Replace(split, `"id":"msg_2"`, `"id":"msg_1"`, 1))
}

// TestStream frames events as each API does.
func TestStream(t *testing.T) {
	assert.Equal(t, "data: {\"a\":1}\n\ndata: [DONE]\n\n", providertest.Stream(providertest.OpenAIChat, `{"a":1}`))
	assert.Equal(t, "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n", providertest.Stream(providertest.AnthropicMessages, `{"type":"message_stop"}`))
	assert.Equal(t, "event: response.completed\ndata: {\"type\":\"response.completed\"}\n\n", providertest.Stream(providertest.OpenAIResponses, `{"type":"response.completed"}`))
	assert.Equal(t, "data: {\"a\":1}\r\n\r\ndata: {\"b\":2}\r\n\r\n", providertest.Stream(providertest.Gemini, `{"a":1}`, `{"b":2}`))
}
