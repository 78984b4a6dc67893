package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

type weatherIn struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

type weatherOut struct {
	Temperature float64 `json:"temperature"`
	Conditions  string  `json:"conditions"`
}

func weatherTools() tool.Toolset {
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the current weather for a location.", InputSchema: json.RawMessage(weatherSchema)}
	return tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		if in.Location == "Atlantis" {
			return weatherOut{}, fmt.Errorf("no station in %s", in.Location)
		}
		return weatherOut{Temperature: 21, Conditions: "Sunny in " + in.Location}, nil
	})}
}

func completion(id, message, finish string) string {
	return `{"id":"` + id + `","object":"chat.completion","created":1760000000,"model":"gpt-5.4",
	 "choices":[{"index":0,"message":` + message + `,"logprobs":null,"finish_reason":"` + finish + `"}],
	 "usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`
}

// TestAgentEndToEnd runs the agent loop through the SDK against the fake
// server: parallel calls, a tool error, an unknown tool and invalid JSON
// all come back to the model as tool messages, and the run goes on.
func TestAgentEndToEnd(t *testing.T) {
	calls := completion("chatcmpl-1", `{"role":"assistant","content":null,"tool_calls":[
		{"id":"call_1","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Paris\"}"}},
		{"id":"call_2","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Atlantis\"}"}},
		{"id":"call_3","type":"function","function":{"name":"forecast","arguments":"{}"}},
		{"id":"call_4","type":"function","function":{"name":"weather","arguments":"{\"location\":"}}]}`, "tool_calls")
	answer := completion("chatcmpl-2", `{"role":"assistant","content":"Sunny in Paris; Atlantis has no station."}`, "stop")

	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: calls}, reply{Body: answer})
			if stream {
				srv = newFakeServer(t,
					reply{SSE: true, Body: sse(
						`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-5.4","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"weather","arguments":"{\"location\":"}}]},"finish_reason":null}]}`,
						`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-5.4","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"\"Paris\"}"}}]},"finish_reason":null}]}`,
						`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-5.4","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_2","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Atlantis\"}"}}]},"finish_reason":null}]}`,
						`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-5.4","choices":[{"index":0,"delta":{"tool_calls":[{"index":2,"id":"call_3","type":"function","function":{"name":"forecast","arguments":"{}"}}]},"finish_reason":null}]}`,
						`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-5.4","choices":[{"index":0,"delta":{"tool_calls":[{"index":3,"id":"call_4","type":"function","function":{"name":"weather","arguments":"{\"location\":"}}]},"finish_reason":null}]}`,
						`{"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-5.4","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
					)},
					reply{SSE: true, Body: sse(
						`{"id":"c2","object":"chat.completion.chunk","created":1,"model":"gpt-5.4","choices":[{"index":0,"delta":{"content":"Sunny in Paris; "},"finish_reason":null}]}`,
						`{"id":"c2","object":"chat.completion.chunk","created":1,"model":"gpt-5.4","choices":[{"index":0,"delta":{"content":"Atlantis has no station."},"finish_reason":"stop"}]}`,
					)})
			}
			ag := &agent.Agent{ID: "weather-agent", Instructions: "You are a weather assistant.", Model: srv.model(t), Tools: weatherTools()}

			var res *agent.Result
			if stream {
				var types []agent.EventType
				for ev, err := range ag.Stream(context.Background(), "Weather in Paris and Atlantis?") {
					require.NoError(t, err)
					types = append(types, ev.Type)
					if ev.Result != nil {
						res = ev.Result
					}
				}
				assert.Contains(t, types, agent.EventToolCallDelta)
				assert.Contains(t, types, agent.EventTextDelta)
			} else {
				var err error
				res, err = ag.Generate(context.Background(), "Weather in Paris and Atlantis?")
				require.NoError(t, err)
			}
			require.NotNil(t, res)
			assert.Equal(t, "Sunny in Paris; Atlantis has no station.", res.Text)
			assert.Equal(t, llm.FinishStop, res.FinishReason)

			reqs := srv.Requests()
			require.Len(t, reqs, 2)
			var second struct {
				Messages []struct {
					Role       string          `json:"role"`
					Content    json.RawMessage `json:"content"`
					ToolCallID string          `json:"tool_call_id"`
					ToolCalls  []struct {
						ID string `json:"id"`
					} `json:"tool_calls"`
				} `json:"messages"`
			}
			require.NoError(t, json.Unmarshal(reqs[1].Body, &second))
			require.Len(t, second.Messages, 7)
			assert.Equal(t, "system", second.Messages[0].Role)
			assert.Equal(t, "assistant", second.Messages[2].Role)
			assert.Len(t, second.Messages[2].ToolCalls, 4)
			contents := map[string]string{}
			for _, m := range second.Messages[3:] {
				assert.Equal(t, "tool", m.Role)
				var s string
				require.NoError(t, json.Unmarshal(m.Content, &s))
				contents[m.ToolCallID] = s
			}
			assert.JSONEq(t, `{"temperature":21,"conditions":"Sunny in Paris"}`, contents["call_1"])
			assert.Contains(t, contents["call_2"], "no station in Atlantis")
			assert.Contains(t, contents["call_3"], "forecast")
			assert.Contains(t, contents["call_3"], "weather", "the message lists the available tools")
			assert.NotEmpty(t, contents["call_4"])
			assert.NotContains(t, contents["call_4"], `{"location":`, "raw arguments never reach the model")
		})
	}
}

// TestAgentStrictTool sends a strict tool in the strict dialect and runs
// the call the model makes in that dialect (null for an optional field).
func TestAgentStrictTool(t *testing.T) {
	calls := completion("chatcmpl-1", `{"role":"assistant","content":null,"tool_calls":[
		{"id":"call_1","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Paris\",\"units\":null}"}}]}`, "tool_calls")
	answer := completion("chatcmpl-2", `{"role":"assistant","content":"Sunny."}`, "stop")
	srv := newFakeServer(t, reply{Body: calls}, reply{Body: answer})
	tools := weatherTools()
	spec := *tools["weather"].Spec()
	spec.Strict = true
	tools["weather"] = tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Temperature: 21, Conditions: "Sunny in " + in.Location + " " + in.Units}, nil
	})
	agent1 := &agent.Agent{ID: "weather-agent", Model: srv.model(t), Tools: tools}
	res, err := agent1.Generate(context.Background(), "Weather in Paris?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny.", res.Text)

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	strict, err := schema.Convert(json.RawMessage(weatherSchema), schema.DialectOpenAIStrict)
	require.NoError(t, err)
	var first struct {
		Tools []struct {
			Function struct {
				Strict     bool            `json:"strict"`
				Parameters json.RawMessage `json:"parameters"`
			} `json:"function"`
		} `json:"tools"`
	}
	require.NoError(t, json.Unmarshal(reqs[0].Body, &first))
	assert.True(t, first.Tools[0].Function.Strict)
	assert.JSONEq(t, string(strict), string(first.Tools[0].Function.Parameters))
	require.Len(t, res.Steps, 2)
	require.Len(t, res.Steps[0].Outcomes, 1)
	out := res.Steps[0].Outcomes[0]
	assert.Nil(t, out.Err)
	assert.Equal(t, weatherOut{Temperature: 21, Conditions: "Sunny in Paris "}, out.Output)
}
