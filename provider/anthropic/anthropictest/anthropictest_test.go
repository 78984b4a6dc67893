package anthropictest_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/anthropic"
	"github.com/toolgen-go/toolgen/provider/anthropic/anthropictest"
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

func newModel(srv *anthropictest.Server, opts ...anthropic.Option) llm.Model {
	return anthropic.Model("claude-sonnet-4-5", append([]anthropic.Option{anthropic.WithBaseURL(srv.URL()), anthropic.WithAPIKey("test")}, opts...)...)
}

// TestAgent runs an agent through the SDK against the fake, with and
// without streaming, and checks what the fake received.
func TestAgent(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			srv := anthropictest.NewServer(t,
				scripted.Turn{
					Text: "Checking.",
					ToolCalls: []llm.ToolCall{
						scripted.Call("weather", `{"location":"Paris"}`),
						scripted.Call("weather", `{"location":"Atlantis"}`),
					},
					Usage: llm.Usage{InputTokens: 20, OutputTokens: 10},
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
			assert.Equal(t, llm.Usage{InputTokens: 20, OutputTokens: 10, TotalTokens: 30}, res.Steps[0].Usage)
			require.Len(t, res.Steps[0].Outcomes, 2)
			assert.Error(t, res.Steps[0].Outcomes[1].Err)

			reqs := srv.Requests()
			require.Len(t, reqs, 2)
			for _, r := range reqs {
				assert.Equal(t, http.MethodPost, r.Method)
				assert.Equal(t, "/v1/messages", r.Path)
				assert.Contains(t, r.Header.Get("X-Api-Key")+r.Header.Get("Authorization"), "test")
				assert.Equal(t, stream, r.Stream)
			}
			var second struct {
				Messages []struct {
					Role    string          `json:"role"`
					Content json.RawMessage `json:"content"`
				} `json:"messages"`
			}
			require.NoError(t, reqs[1].Decode(&second))
			require.Len(t, second.Messages, 3)
			assert.JSONEq(t, `[
				{"type":"text","text":"Checking."},
				{"type":"tool_use","id":"toolu_1","name":"weather","input":{"location":"Paris"}},
				{"type":"tool_use","id":"toolu_2","name":"weather","input":{"location":"Atlantis"}}]`, string(second.Messages[1].Content))
			var results []map[string]any
			require.NoError(t, json.Unmarshal(second.Messages[2].Content, &results))
			require.Len(t, results, 2)
			assert.Equal(t, "toolu_1", results[0]["tool_use_id"])
			assert.Equal(t, []any{
				map[string]any{"type": "text", "text": "Sunny in Paris"},
				map[string]any{"type": "image", "source": map[string]any{"type": "url", "url": "https://example.com/sun.png"}},
			}, results[0]["content"])
			assert.Equal(t, "toolu_2", results[1]["tool_use_id"])
			assert.Equal(t, true, results[1]["is_error"])
		})
	}
}

// TestWire checks the JSON and the stream the fake writes, as a client
// that does not use the SDK sees them.
func TestWire(t *testing.T) {
	srv := anthropictest.NewServer(t,
		scripted.Calls(llm.ToolCall{ID: "toolu_x", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Turn{Text: "Sunny in Paris.", Usage: llm.Usage{InputTokens: 7, OutputTokens: 3}},
		scripted.Calls(scripted.Call("weather", `{"location":`)),
	)
	post := func(body string) string {
		t.Helper()
		resp, err := http.Post(srv.URL()+"v1/messages", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		data, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(data)
	}

	assert.JSONEq(t, `{"id":"msg_1","type":"message","role":"assistant","model":"m1",
		"content":[{"type":"tool_use","id":"toolu_x","name":"weather","input":{"location":"Paris"}}],
		"stop_reason":"tool_use","stop_sequence":null,
		"usage":{"input_tokens":0,"output_tokens":0,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}`,
		post(`{"model":"m1","max_tokens":10,"messages":[]}`))

	got := post(`{"model":"m1","max_tokens":10,"messages":[],"stream":true}`)
	events := strings.Split(strings.TrimSuffix(got, "\n\n"), "\n\n")
	require.Len(t, events, 8, got) // start, block start, 3 words, block stop, delta, stop
	assert.True(t, strings.HasPrefix(events[0], "event: message_start\n"), events[0])
	assert.Contains(t, events[2], `"delta":{"text":"Sunny ","type":"text_delta"}`)
	assert.Contains(t, events[6], `"stop_reason":"end_turn"`)
	assert.Contains(t, events[6], `"output_tokens":3`)
	assert.Equal(t, "event: message_stop\ndata: {\"type\":\"message_stop\"}", events[7])

	// Broken arguments: a JSON string in a complete message.
	assert.Contains(t, post(`{"model":"m1","max_tokens":10,"messages":[]}`), `"input":"{\"location\":"`)
}

// TestRespond lets the script answer from the decoded request.
func TestRespond(t *testing.T) {
	var seen *llm.Request
	srv := anthropictest.NewServer(t,
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
	assert.Equal(t, []llm.Role{llm.RoleSystem, llm.RoleUser, llm.RoleAssistant, llm.RoleTool}, roles)
	assert.Equal(t, "Be brief.", seen.Messages[0].Parts[0].Text)
	assert.Equal(t, "Weather?", seen.Messages[1].Text())
	calls := seen.Messages[2].ToolCalls()
	require.Len(t, calls, 2)
	assert.Equal(t, llm.ToolCall{ID: "toolu_1", Name: "weather", Arguments: `{"location":"Paris"}`}, calls[0])
	results := seen.Messages[3].Parts
	require.Len(t, results, 2)
	assert.Equal(t, llm.ToolResult{ToolCallID: "toolu_1", ToolName: "weather", Output: llm.ContentOutput(
		llm.TextPart("Sunny in Paris"), llm.ImageURLPart("https://example.com/sun.png"),
	)}, *results[0].ToolResult)
	assert.True(t, results[1].ToolResult.IsError())
	assert.Contains(t, results[1].ToolResult.Output.Text, "no station in Atlantis")
	require.Len(t, seen.Tools, 1)
	assert.Equal(t, "weather", seen.Tools[0].Name)
	assert.Equal(t, llm.ChoiceRequired, seen.ToolChoice)
}

// TestErrors checks that a failing turn answers with an API error of its
// status, that the SDK retries it on the next turn, and that a request
// after the last turn fails.
func TestErrors(t *testing.T) {
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}
	t.Run("retried", func(t *testing.T) {
		srv := anthropictest.NewServer(t,
			scripted.Fail(&anthropictest.StatusError{Status: 529, Message: "overloaded"}),
			scripted.Text("ok"),
		)
		res, err := newModel(srv).Generate(t.Context(), req)
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Message.Text())
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("status", func(t *testing.T) {
		srv := anthropictest.NewServer(t, scripted.Fail(&anthropictest.StatusError{Status: http.StatusBadRequest, Message: "bad tools"}))
		_, err := newModel(srv).Generate(t.Context(), req)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "400")
		assert.Contains(t, err.Error(), "bad tools")
	})
	t.Run("default 500", func(t *testing.T) {
		srv := anthropictest.NewServer(t, scripted.Fail(errors.New("boom")))
		_, err := newModel(srv, anthropic.WithMaxRetries(0)).Generate(t.Context(), req)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "500")
		assert.Contains(t, err.Error(), "boom")
	})
	t.Run("exhausted", func(t *testing.T) {
		srv := anthropictest.NewServer(t, scripted.Text("only"))
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
}

// TestWithoutTB runs a server the way an offline demo does.
func TestWithoutTB(t *testing.T) {
	srv := anthropictest.NewServer(nil, scripted.Text("hello"))
	defer srv.Close()
	res, err := newModel(srv).Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	require.NoError(t, err)
	assert.Equal(t, "hello", res.Message.Text())
}

// TestRespondResponseFormat: Respond sees a native format's schema; a
// forced tool is a tool and a tool choice, and a text turn that is a JSON
// object answers it with a call of that tool.
func TestRespondResponseFormat(t *testing.T) {
	const schema = `{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`
	for _, mode := range []anthropic.StructuredOutputMode{anthropic.StructuredOutputNative, anthropic.StructuredOutputTool} {
		t.Run(string(mode), func(t *testing.T) {
			var seen *llm.Request
			srv := anthropictest.NewServer(t, scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
				seen = req
				return scripted.Text(`{"city":"Paris"}`)
			}})
			model := anthropic.Model("claude-sonnet-4-5", anthropic.WithBaseURL(srv.URL()), anthropic.WithAPIKey("test"), anthropic.WithStructuredOutput(mode))
			format := &llm.ResponseFormat{Name: "report", Schema: json.RawMessage(schema)}
			res, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("Report.")}, ResponseFormat: format})
			require.NoError(t, err)
			assert.Equal(t, `{"city":"Paris"}`, res.Message.Text())
			require.NotNil(t, seen)
			if mode == anthropic.StructuredOutputNative {
				require.NotNil(t, seen.ResponseFormat)
				assert.JSONEq(t, schema, string(seen.ResponseFormat.Schema))
				assert.Empty(t, seen.Tools)
				return
			}
			assert.Nil(t, seen.ResponseFormat)
			require.Len(t, seen.Tools, 1)
			assert.Equal(t, "report", seen.Tools[0].Name)
			assert.Equal(t, llm.ChoiceTool("report"), seen.ToolChoice)
		})
	}
}

// TestForcedToolAnswer: a request that forces a tool gets, for a text turn
// that is a JSON object, a tool_use block of that tool with the object as
// input; other text stays text.
func TestForcedToolAnswer(t *testing.T) {
	srv := anthropictest.NewServer(t, scripted.Text(`{"city":"Paris"}`), scripted.Text("Not an object."))
	for i, want := range []string{`[{"type":"tool_use","id":"toolu_answer_1","name":"report","input":{"city":"Paris"}}]`, `[{"type":"text","text":"Not an object."}]`} {
		body := `{"model":"claude-sonnet-4-5","max_tokens":10,"messages":[{"role":"user","content":"Report."}],` +
			`"tools":[{"name":"report","input_schema":{"type":"object"}}],"tool_choice":{"type":"tool","name":"report"}}`
		resp, err := http.Post(srv.URL()+"v1/messages", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		var msg struct {
			Content    json.RawMessage `json:"content"`
			StopReason string          `json:"stop_reason"`
		}
		require.NoError(t, json.Unmarshal(data, &msg), string(data))
		assert.JSONEq(t, want, string(msg.Content), i)
		assert.Equal(t, []string{"tool_use", "end_turn"}[i], msg.StopReason)
	}
}
