package geminitest_test

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
	"github.com/toolgen-go/toolgen/provider/gemini/geminitest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

type weatherIn struct {
	Location string `json:"location"`
}

type weatherOut struct {
	Conditions string `json:"conditions"`
	Icon       string `json:"icon"`
}

const weatherSchema = `{"type":"object","properties":{"location":{"type":"string"}},"required":["location"],"additionalProperties":false}`

// weatherTools has a weather tool that fails for Atlantis and shows the
// model a text and an icon.
func weatherTools() tool.Toolset {
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the weather.", InputSchema: json.RawMessage(weatherSchema)}
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

func newModel(srv *geminitest.Server, opts ...gemini.Option) llm.Model {
	base := []gemini.Option{gemini.WithBaseURL(srv.URL()), gemini.WithAPIKey("test"), gemini.WithRetryDelay(time.Millisecond)}
	return gemini.Model("gemini-3-flash-preview", append(base, opts...)...)
}

// TestAgent runs an agent through the SDK against the fake, with and
// without streaming, and checks what the fake received: the calls with
// their ids and the first one's signature, the results, and the media in a
// user content after them.
func TestAgent(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			srv := geminitest.NewServer(t,
				scripted.Turn{
					Text: "Checking.",
					ToolCalls: []llm.ToolCall{
						scripted.Call("weather", `{"location":"Paris"}`),
						scripted.Call("weather", `{"location":"Atlantis"}`),
					},
					Usage: llm.Usage{InputTokens: 20, OutputTokens: 10, ReasoningTokens: 4},
				},
				scripted.Text("Sunny in Paris; no station in Atlantis."),
			)
			ag := &agent.Agent{ID: "weather-agent", Instructions: "Be brief.", Model: newModel(srv), Tools: weatherTools()}
			var res *agent.Result
			if stream {
				var types []agent.EventType
				for ev, err := range ag.Stream(t.Context(), "Weather in Paris and Atlantis?") {
					require.NoError(t, err)
					types = append(types, ev.Type)
					if ev.Result != nil {
						res = ev.Result
					}
				}
				assert.Contains(t, types, agent.EventTextDelta)
				assert.Contains(t, types, agent.EventToolCallDelta)
			} else {
				var err error
				res, err = ag.Generate(t.Context(), "Weather in Paris and Atlantis?")
				require.NoError(t, err)
			}
			require.NotNil(t, res)
			assert.Equal(t, "Sunny in Paris; no station in Atlantis.", res.Text)
			assert.Equal(t, llm.FinishStop, res.FinishReason)
			require.Len(t, res.Steps, 2)
			assert.Equal(t, llm.FinishToolCalls, res.Steps[0].FinishReason)
			assert.Equal(t, llm.Usage{InputTokens: 20, OutputTokens: 10, TotalTokens: 30, ReasoningTokens: 4}, res.Steps[0].Usage)
			require.Len(t, res.Steps[0].Outcomes, 2)
			assert.Error(t, res.Steps[0].Outcomes[1].Err)

			reqs := srv.Requests()
			require.Len(t, reqs, 2)
			for _, r := range reqs {
				assert.Equal(t, http.MethodPost, r.Method)
				method := "generateContent"
				if stream {
					method = "streamGenerateContent"
				}
				assert.Equal(t, "/v1beta/models/gemini-3-flash-preview:"+method, r.Path)
				assert.Equal(t, "test", r.Header.Get("X-Goog-Api-Key"))
				assert.Equal(t, stream, r.Stream)
			}
			var second struct {
				SystemInstruction json.RawMessage `json:"systemInstruction"`
				Contents          []struct {
					Role  string          `json:"role"`
					Parts json.RawMessage `json:"parts"`
				} `json:"contents"`
			}
			require.NoError(t, reqs[1].Decode(&second))
			assert.JSONEq(t, `{"role":"user","parts":[{"text":"Be brief."}]}`, string(second.SystemInstruction))
			require.Len(t, second.Contents, 4)
			assert.Equal(t, []string{"user", "model", "user", "user"},
				[]string{second.Contents[0].Role, second.Contents[1].Role, second.Contents[2].Role, second.Contents[3].Role})
			sig := base64.StdEncoding.EncodeToString([]byte("geminitest:1:call_1"))
			assert.JSONEq(t, `[
				{"text":"Checking."},
				{"functionCall":{"id":"call_1","name":"weather","args":{"location":"Paris"}},"thoughtSignature":"`+sig+`"},
				{"functionCall":{"id":"call_2","name":"weather","args":{"location":"Atlantis"}}}]`, string(second.Contents[1].Parts))
			assert.JSONEq(t, `[
				{"functionResponse":{"id":"call_1","name":"weather","response":{"output":"Sunny in Paris"}}},
				{"functionResponse":{"id":"call_2","name":"weather","response":{"error":"tool \"weather\" failed: no station in Atlantis"}}}]`,
				string(second.Contents[2].Parts))
			assert.JSONEq(t, `[
				{"text":"Media returned by tool call call_1 (weather):"},
				{"fileData":{"fileUri":"https://example.com/sun.png","mimeType":"image/png"}}]`, string(second.Contents[3].Parts))

			// The answer's signature (on the text, or on the empty text part
			// that ends the stream) is kept for the next turn.
			last := res.Messages[len(res.Messages)-1]
			require.Len(t, last.Parts, 1)
			assert.JSONEq(t, `{"thoughtSignature":"`+base64.StdEncoding.EncodeToString([]byte("geminitest:2:text"))+`"}`,
				string(last.Parts[0].ProviderMetadata["google"]))
		})
	}
}

// TestWire checks the JSON and the stream the fake writes, as a client
// that does not use the SDK sees them.
func TestWire(t *testing.T) {
	srv := geminitest.NewServer(t,
		scripted.Calls(llm.ToolCall{ID: "fc_x", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Turn{Text: "Sunny in Paris.", Usage: llm.Usage{InputTokens: 7, OutputTokens: 5, ReasoningTokens: 2, CachedInputTokens: 3}},
		scripted.Calls(scripted.Call("weather", `{"location":`)),
	)
	post := func(method, body string) string {
		t.Helper()
		resp, err := http.Post(srv.URL()+"v1beta/models/m1:"+method, "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		data, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(data)
	}

	sig := base64.StdEncoding.EncodeToString([]byte("geminitest:1:fc_x"))
	assert.JSONEq(t, `{"candidates":[{"content":{"parts":[
		{"functionCall":{"id":"fc_x","name":"weather","args":{"location":"Paris"}},"thoughtSignature":"`+sig+`"}],"role":"model"},
		"finishReason":"STOP","index":0}],
		"usageMetadata":{"promptTokenCount":0,"candidatesTokenCount":0,"totalTokenCount":0},
		"modelVersion":"m1","responseId":"resp_1"}`,
		post("generateContent", `{"contents":[]}`))

	got := post("streamGenerateContent?alt=sse", `{"contents":[]}`)
	events := strings.Split(strings.TrimSuffix(got, "\r\n\r\n"), "\r\n\r\n")
	require.Len(t, events, 4, got) // 3 words and the finish
	assert.Equal(t, `data: {"candidates":[{"content":{"parts":[{"text":"Sunny "}],"role":"model"},"index":0}],`+
		`"usageMetadata":{"promptTokenCount":7,"candidatesTokenCount":3,"totalTokenCount":12,"cachedContentTokenCount":3,"thoughtsTokenCount":2},`+
		`"modelVersion":"m1","responseId":"resp_2"}`, events[0])
	textSig := base64.StdEncoding.EncodeToString([]byte("geminitest:2:text"))
	assert.Contains(t, events[3], `"parts":[{"text":"","thoughtSignature":"`+textSig+`"}],"role":"model"},"finishReason":"STOP"`)

	// Broken arguments: an empty object, as args can only be one.
	assert.Contains(t, post("generateContent", `{"contents":[]}`), `"args":{}`)
}

// TestSignatureCheck makes the fake refuse, as Gemini 3 does, a request
// whose calls lost their signature, without consuming a turn.
func TestSignatureCheck(t *testing.T) {
	srv := geminitest.NewServer(t, scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("ok"))
	post := func(body string) (int, string) {
		resp, err := http.Post(srv.URL()+"v1beta/models/m1:generateContent", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}
	status, _ := post(`{"contents":[{"role":"user","parts":[{"text":"weather?"}]}]}`)
	require.Equal(t, http.StatusOK, status)

	turn := func(sig string) string {
		return `{"contents":[{"role":"user","parts":[{"text":"weather?"}]},
			{"role":"model","parts":[{"functionCall":{"id":"call_1","name":"weather","args":{"location":"Paris"}}` + sig + `}]},
			{"role":"user","parts":[{"functionResponse":{"id":"call_1","name":"weather","response":{"output":"sunny"}}}]}]}`
	}
	status, body := post(turn(""))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, `"status":"INVALID_ARGUMENT"`)
	assert.Contains(t, body, "is missing its thought_signature")
	assert.Equal(t, 1, srv.Remaining(), "a refused request consumes no turn")

	status, body = post(turn(`,"thoughtSignature":"` + base64.StdEncoding.EncodeToString([]byte("geminitest:1:call_1")) + `"`))
	assert.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, `"text":"ok"`)
}

// TestRespond lets the script answer from the decoded request.
func TestRespond(t *testing.T) {
	var seen *llm.Request
	srv := geminitest.NewServer(t,
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`), scripted.Call("weather", `{"location":"Atlantis"}`)),
		scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
			seen = req
			return scripted.Text("done")
		}},
	)
	agent1 := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: newModel(srv), Tools: weatherTools()}
	res, err := agent1.Generate(t.Context(), "Weather?", agent.WithToolChoice(llm.ChoiceRequired))
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)

	require.NotNil(t, seen)
	var roles []llm.Role
	for _, m := range seen.Messages {
		roles = append(roles, m.Role)
	}
	assert.Equal(t, []llm.Role{llm.RoleSystem, llm.RoleUser, llm.RoleAssistant, llm.RoleTool, llm.RoleUser}, roles)
	assert.Equal(t, "Be brief.", seen.Messages[0].Parts[0].Text)
	assert.Equal(t, "Weather?", seen.Messages[1].Text())
	calls := seen.Messages[2].ToolCalls()
	require.Len(t, calls, 2)
	assert.Equal(t, llm.ToolCall{ID: "call_1", Name: "weather", Arguments: `{"location":"Paris"}`}, calls[0])
	results := seen.Messages[3].Parts
	require.Len(t, results, 2)
	assert.Equal(t, llm.ToolResult{ToolCallID: "call_1", ToolName: "weather", Output: llm.TextOutput("Sunny in Paris")}, *results[0].ToolResult)
	assert.True(t, results[1].ToolResult.IsError())
	assert.Contains(t, results[1].ToolResult.Output.Text, "no station in Atlantis")
	assert.Equal(t, []llm.Part{llm.TextPart("Media returned by tool call call_1 (weather):"), llm.ImageURLPart("https://example.com/sun.png")},
		seen.Messages[4].Parts)
	require.Len(t, seen.Tools, 1)
	assert.Equal(t, "weather", seen.Tools[0].Name)
	assert.JSONEq(t, `{"type":"object","properties":{"location":{"type":"string"}},"required":["location"]}`, string(seen.Tools[0].InputSchema))
	assert.Equal(t, llm.ChoiceRequired, seen.ToolChoice)
}

// TestErrors checks that a failing turn answers with an API error of its
// status, that the SDK retries it on the next turn, and that a request
// after the last turn fails.
func TestErrors(t *testing.T) {
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}
	t.Run("retried", func(t *testing.T) {
		srv := geminitest.NewServer(t,
			scripted.Fail(&geminitest.StatusError{Status: http.StatusServiceUnavailable, Message: "The model is overloaded."}),
			scripted.Text("ok"),
		)
		res, err := newModel(srv).Generate(t.Context(), req)
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Message.Text())
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("status", func(t *testing.T) {
		srv := geminitest.NewServer(t, scripted.Fail(&geminitest.StatusError{Status: http.StatusBadRequest, Message: "bad tools"}))
		_, err := newModel(srv).Generate(t.Context(), req)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "400")
		assert.Contains(t, err.Error(), "bad tools")
		assert.Contains(t, err.Error(), "INVALID_ARGUMENT")
	})
	t.Run("default 500", func(t *testing.T) {
		srv := geminitest.NewServer(t, scripted.Fail(errors.New("boom")))
		_, err := newModel(srv, gemini.WithMaxRetries(0)).Generate(t.Context(), req)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "500")
		assert.Contains(t, err.Error(), "boom")
	})
	t.Run("exhausted", func(t *testing.T) {
		srv := geminitest.NewServer(t, scripted.Text("only"))
		srv.Append(scripted.Text("and then"))
		for _, want := range []string{"only", "and then"} {
			res, err := newModel(srv).Generate(t.Context(), req)
			require.NoError(t, err)
			assert.Equal(t, want, res.Message.Text())
		}
		assert.Zero(t, srv.Remaining())
		_, err := newModel(srv).Generate(t.Context(), req)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "script exhausted after 2 turns")
		assert.Len(t, srv.Requests(), 3, "not retried")
	})
	t.Run("streaming", func(t *testing.T) {
		srv := geminitest.NewServer(t, scripted.Fail(&geminitest.StatusError{Status: http.StatusTooManyRequests, Message: "Resource has been exhausted"}))
		var last error
		for _, err := range newModel(srv, gemini.WithMaxRetries(0)).Stream(t.Context(), req) {
			last = err
		}
		require.Error(t, last)
		assert.Contains(t, last.Error(), "RESOURCE_EXHAUSTED")
	})
}

// TestWithoutTB runs a server the way an offline demo does.
func TestWithoutTB(t *testing.T) {
	srv := geminitest.NewServer(nil, scripted.Text("hello"))
	defer srv.Close()
	res, err := newModel(srv).Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	require.NoError(t, err)
	assert.Equal(t, "hello", res.Message.Text())
}

// TestRespondResponseFormat: Respond sees the responseJsonSchema of a
// request with a JSON response mime type.
func TestRespondResponseFormat(t *testing.T) {
	const schema = `{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`
	var seen *llm.Request
	srv := geminitest.NewServer(t, scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
		seen = req
		return scripted.Text(`{"city":"Paris"}`)
	}})
	model := gemini.Model("gemini-2.5-flash", gemini.WithBaseURL(srv.URL()), gemini.WithAPIKey("test"))
	format := &llm.ResponseFormat{Name: "report", Schema: json.RawMessage(schema)}
	res, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("Report.")}, ResponseFormat: format})
	require.NoError(t, err)
	assert.Equal(t, `{"city":"Paris"}`, res.Message.Text())
	require.NotNil(t, seen)
	require.NotNil(t, seen.ResponseFormat)
	assert.JSONEq(t, schema, string(seen.ResponseFormat.Schema))
}
