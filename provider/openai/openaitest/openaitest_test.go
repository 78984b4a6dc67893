package openaitest_test

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
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/openai/openaitest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

type weatherIn struct {
	Location string `json:"location"`
}

type weatherOut struct {
	Conditions string `json:"conditions"`
}

const weatherSchema = `{"type":"object","properties":{"location":{"type":"string"}},"required":["location"],"additionalProperties":false}`

func weatherTools() tool.Toolset {
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the weather.", InputSchema: json.RawMessage(weatherSchema)}
	return tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		if in.Location == "Atlantis" {
			return weatherOut{}, fmt.Errorf("no station in %s", in.Location)
		}
		return weatherOut{Conditions: "Sunny in " + in.Location}, nil
	})}
}

// script is a parallel call of the weather tool, a failing one included,
// then the answer.
func script() []scripted.Turn {
	return []scripted.Turn{
		{
			Text: "Checking.",
			ToolCalls: []llm.ToolCall{
				scripted.Call("weather", `{"location":"Paris"}`),
				scripted.Call("weather", `{"location":"Atlantis"}`),
			},
			Usage: llm.Usage{InputTokens: 20, OutputTokens: 10},
		},
		scripted.Text("Sunny in Paris; no station in Atlantis."),
	}
}

// run runs a weather agent on model, streaming or not, and returns the
// result and the types of the events.
func run(t *testing.T, model llm.Model, stream bool) (*agent.Result, []agent.EventType) {
	t.Helper()
	ag := &agent.Agent{ID: "weather-agent", Instructions: "Be brief.", Model: model, Tools: weatherTools()}
	if !stream {
		res, err := ag.Generate(t.Context(), "Weather in Paris and Atlantis?")
		require.NoError(t, err)
		return res, nil
	}
	var (
		res   *agent.Result
		types []agent.EventType
	)
	for ev, err := range ag.Stream(t.Context(), "Weather in Paris and Atlantis?") {
		require.NoError(t, err)
		types = append(types, ev.Type)
		if ev.Result != nil {
			res = ev.Result
		}
	}
	require.NotNil(t, res)
	return res, types
}

// TestAgent runs an agent through the SDK against the fake, on both APIs,
// with and without streaming, and checks what the fake received.
func TestAgent(t *testing.T) {
	for _, api := range []string{"chat", "responses"} {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/stream=%v", api, stream), func(t *testing.T) {
				srv := openaitest.NewServer(t, script()...)
				opts := []openai.Option{openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test")}
				var model llm.Model = openai.Model("gpt-5.4", opts...)
				if api == "responses" {
					model = openai.Responses("gpt-5.4", opts...)
				}
				res, types := run(t, model, stream)

				assert.Equal(t, "Sunny in Paris; no station in Atlantis.", res.Text)
				assert.Equal(t, llm.FinishStop, res.FinishReason)
				require.Len(t, res.Steps, 2)
				first := res.Steps[0]
				assert.Equal(t, llm.FinishToolCalls, first.FinishReason)
				assert.Equal(t, 20, first.Usage.InputTokens)
				assert.Equal(t, 30, first.Usage.TotalTokens, "the total defaults to the sum")
				require.Len(t, first.Outcomes, 2)
				assert.Equal(t, weatherOut{Conditions: "Sunny in Paris"}, first.Outcomes[0].Output)
				assert.Error(t, first.Outcomes[1].Err)
				if stream {
					assert.Contains(t, types, agent.EventTextDelta)
					assert.Contains(t, types, agent.EventToolCallDelta)
				}
				assert.Zero(t, srv.Remaining())

				reqs := srv.Requests()
				require.Len(t, reqs, 2)
				for _, r := range reqs {
					assert.Equal(t, http.MethodPost, r.Method)
					assert.Equal(t, "/v1/"+map[string]string{"chat": "chat/completions", "responses": "responses"}[api], r.Path)
					assert.Equal(t, "Bearer test", r.Header.Get("Authorization"))
					assert.Equal(t, stream, r.Stream)
				}
				// The second request carries the calls and their results,
				// under the ids the fake gave them.
				body := string(reqs[1].Body)
				assert.Contains(t, body, `"call_1"`)
				assert.Contains(t, body, `"call_2"`)
				assert.Contains(t, body, `Sunny in Paris`)
				assert.Contains(t, body, `no station in Atlantis`)
			})
		}
	}
}

// TestChatWire checks the JSON and the stream the fake writes for a Chat
// Completions request, as a client that does not use the SDK sees them.
func TestChatWire(t *testing.T) {
	srv := openaitest.NewServer(t,
		scripted.Calls(llm.ToolCall{ID: "call_x", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Turn{Text: "Sunny in Paris.", Usage: llm.Usage{InputTokens: 7, OutputTokens: 3, TotalTokens: 10}},
	)
	post := func(body string) string {
		t.Helper()
		resp, err := http.Post(srv.URL()+"chat/completions", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		data, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return string(data)
	}

	got := post(`{"model":"m1","messages":[]}`)
	assert.JSONEq(t, `{"id":"chatcmpl-1","object":"chat.completion","created":1760000000,"model":"m1",
		"choices":[{"index":0,"logprobs":null,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,
			"tool_calls":[{"id":"call_x","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Paris\"}"}}]}}],
		"usage":{"prompt_tokens":0,"completion_tokens":0,"total_tokens":0,"completion_tokens_details":{"reasoning_tokens":0},"prompt_tokens_details":{"cached_tokens":0}}}`, got)

	got = post(`{"model":"m1","messages":[],"stream":true,"stream_options":{"include_usage":true}}`)
	events := strings.Split(strings.TrimSuffix(got, "\n\n"), "\n\n")
	require.Len(t, events, 7, got) // role, 3 words, finish, usage, [DONE]
	assert.Contains(t, events[1], `"delta":{"content":"Sunny "}`)
	assert.Contains(t, events[4], `"finish_reason":"stop"`)
	assert.Contains(t, events[5], `"choices":[]`)
	assert.Contains(t, events[5], `"total_tokens":10`)
	assert.Equal(t, "data: [DONE]", events[6])
}

// TestRespond lets the script answer from the decoded request: the tool
// results, the tools and the tool choice.
func TestRespond(t *testing.T) {
	for _, api := range []string{"chat", "responses"} {
		t.Run(api, func(t *testing.T) {
			var seen *llm.Request
			srv := openaitest.NewServer(t,
				scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
				scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
					seen = req
					last := req.Messages[len(req.Messages)-1]
					return scripted.Text("The tool said: " + last.Parts[0].ToolResult.Output.Text)
				}},
			)
			opts := []openai.Option{openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test")}
			var model llm.Model = openai.Model("gpt-5.4", opts...)
			if api == "responses" {
				model = openai.Responses("gpt-5.4", opts...)
			}
			agent1 := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: model, Tools: weatherTools()}
			res, err := agent1.Generate(t.Context(), "Weather in Paris?", agent.WithToolChoice(llm.ChoiceTool("weather")))
			require.NoError(t, err)
			assert.Equal(t, `The tool said: {"conditions":"Sunny in Paris"}`, res.Text)

			require.NotNil(t, seen)
			roles := []llm.Role{}
			for _, m := range seen.Messages {
				roles = append(roles, m.Role)
			}
			assert.Equal(t, []llm.Role{llm.RoleSystem, llm.RoleUser, llm.RoleAssistant, llm.RoleTool}, roles)
			assert.Equal(t, "Be brief.", seen.Messages[0].Parts[0].Text)
			calls := seen.Messages[2].ToolCalls()
			require.Len(t, calls, 1)
			assert.Equal(t, llm.ToolCall{ID: "call_1", Name: "weather", Arguments: `{"location":"Paris"}`}, calls[0])
			result := seen.Messages[3].Parts[0].ToolResult
			assert.Equal(t, "call_1", result.ToolCallID)
			assert.Equal(t, "weather", result.ToolName)
			require.Len(t, seen.Tools, 1)
			assert.Equal(t, "weather", seen.Tools[0].Name)
			assert.Equal(t, "Fetches the weather.", seen.Tools[0].Description)
			assert.JSONEq(t, weatherSchema, string(seen.Tools[0].InputSchema))
			assert.Equal(t, llm.ChoiceTool("weather"), seen.ToolChoice)
		})
	}
}

// TestErrors checks that a failing turn answers with an API error of its
// status, that the SDK retries it on the next turn, and that a request
// after the last turn fails.
func TestErrors(t *testing.T) {
	t.Run("retried", func(t *testing.T) {
		srv := openaitest.NewServer(t,
			scripted.Fail(&openaitest.StatusError{Status: http.StatusTooManyRequests, Message: "slow down"}),
			scripted.Text("ok"),
		)
		model := openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
		res, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Message.Text())
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("status", func(t *testing.T) {
		srv := openaitest.NewServer(t, scripted.Fail(&openaitest.StatusError{Status: http.StatusBadRequest, Message: "bad tools"}))
		model := openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
		_, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "400")
		assert.Contains(t, err.Error(), "bad tools")
	})
	t.Run("default 500", func(t *testing.T) {
		srv := openaitest.NewServer(t, scripted.Fail(errors.New("boom")))
		model := openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"), openai.WithMaxRetries(0))
		_, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "500")
		assert.Contains(t, err.Error(), "boom")
	})
	t.Run("exhausted", func(t *testing.T) {
		srv := openaitest.NewServer(t, scripted.Text("only"))
		srv.Append(scripted.Text("and then"))
		model := openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
		req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}
		for _, want := range []string{"only", "and then"} {
			res, err := model.Generate(t.Context(), req)
			require.NoError(t, err)
			assert.Equal(t, want, res.Message.Text())
		}
		_, err := model.Generate(t.Context(), req)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "script exhausted after 2 turns")
		assert.Len(t, srv.Requests(), 3, "not retried")
	})
}

// TestWithoutTB runs a server the way an offline demo does.
func TestWithoutTB(t *testing.T) {
	srv := openaitest.NewServer(nil, scripted.Text("hello"))
	defer srv.Close()
	model := openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
	res, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	require.NoError(t, err)
	assert.Equal(t, "hello", res.Message.Text())
}

// TestRespondResponseFormat: Respond sees the request's response format,
// from response_format on Chat Completions and text.format on the
// Responses API, in the strict dialect the adapter sent.
func TestRespondResponseFormat(t *testing.T) {
	const schema = `{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`
	for _, api := range []string{"chat", "responses"} {
		t.Run(api, func(t *testing.T) {
			var seen *llm.Request
			srv := openaitest.NewServer(t, scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
				seen = req
				return scripted.Text(`{"city":"Paris"}`)
			}})
			opts := []openai.Option{openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test")}
			var model llm.Model = openai.Model("gpt-5.4", opts...)
			if api == "responses" {
				model = openai.Responses("gpt-5.4", opts...)
			}
			format := &llm.ResponseFormat{Name: "report", Description: "A report.", Schema: json.RawMessage(schema), Strict: true}
			_, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("Report.")}, ResponseFormat: format})
			require.NoError(t, err)
			require.NotNil(t, seen)
			require.NotNil(t, seen.ResponseFormat)
			assert.Equal(t, "report", seen.ResponseFormat.Name)
			assert.Equal(t, "A report.", seen.ResponseFormat.Description)
			assert.True(t, seen.ResponseFormat.Strict)
			assert.JSONEq(t, schema, string(seen.ResponseFormat.Schema))
		})
	}
}
