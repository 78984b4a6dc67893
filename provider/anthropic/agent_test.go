package anthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
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

func message(id, content, stop string) string {
	return `{"id":"` + id + `","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929","content":` + content +
		`,"stop_reason":"` + stop + `","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":5}}`
}

// TestAgentEndToEnd runs the agent loop through the SDK against the fake
// server: parallel tool_use blocks, a tool error and an unknown tool come
// back as tool_result blocks (is_error for the failures), and the run goes
// on.
func TestAgentEndToEnd(t *testing.T) {
	calls := message("msg_1", `[
		{"type":"tool_use","id":"toolu_1","name":"weather","input":{"location":"Paris"}},
		{"type":"tool_use","id":"toolu_2","name":"weather","input":{"location":"Atlantis"}},
		{"type":"tool_use","id":"toolu_3","name":"forecast","input":{}}]`, "tool_use")
	answer := message("msg_2", `[{"type":"text","text":"Sunny in Paris; Atlantis has no station."}]`, "end_turn")
	start := func(id string) string {
		return `{"type":"message_start","message":{"id":"` + id + `","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}}`
	}
	toolUse := func(i int, id, name, args string) []string {
		return []string{
			"content_block_start", fmt.Sprintf(`{"type":"content_block_start","index":%d,"content_block":{"type":"tool_use","id":%q,"name":%q,"input":{}}}`, i, id, name),
			"content_block_delta", fmt.Sprintf(`{"type":"content_block_delta","index":%d,"delta":{"type":"input_json_delta","partial_json":%q}}`, i, args),
			"content_block_stop", fmt.Sprintf(`{"type":"content_block_stop","index":%d}`, i),
		}
	}
	var streamCalls []string
	streamCalls = append(streamCalls, "message_start", start("msg_1"))
	streamCalls = append(streamCalls, toolUse(0, "toolu_1", "weather", `{"location":"Paris"}`)...)
	streamCalls = append(streamCalls, toolUse(1, "toolu_2", "weather", `{"location":"Atlantis"}`)...)
	streamCalls = append(streamCalls, toolUse(2, "toolu_3", "forecast", `{}`)...)
	streamCalls = append(streamCalls,
		"message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":30}}`,
		"message_stop", `{"type":"message_stop"}`)
	streamAnswer := sse(
		"message_start", start("msg_2"),
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Sunny in Paris; "}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Atlantis has no station."}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":12}}`,
		"message_stop", `{"type":"message_stop"}`,
	)

	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: calls}, reply{Body: answer})
			if stream {
				srv = newFakeServer(t, reply{SSE: true, Body: sse(streamCalls...)}, reply{SSE: true, Body: streamAnswer})
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
				System   []struct{ Text string } `json:"system"`
				Messages []struct {
					Role    string `json:"role"`
					Content []struct {
						Type      string `json:"type"`
						ToolUseID string `json:"tool_use_id"`
						IsError   bool   `json:"is_error"`
						Content   []struct {
							Text string `json:"text"`
						} `json:"content"`
					} `json:"content"`
				} `json:"messages"`
			}
			require.NoError(t, json.Unmarshal(reqs[1].Body, &second))
			require.Len(t, second.System, 1)
			assert.Equal(t, "You are a weather assistant.", second.System[0].Text)
			require.Len(t, second.Messages, 3)
			assert.Equal(t, "assistant", second.Messages[1].Role)
			results := second.Messages[2]
			assert.Equal(t, "user", results.Role)
			require.Len(t, results.Content, 3)
			for i, id := range []string{"toolu_1", "toolu_2", "toolu_3"} {
				assert.Equal(t, "tool_result", results.Content[i].Type)
				assert.Equal(t, id, results.Content[i].ToolUseID)
				require.Len(t, results.Content[i].Content, 1)
			}
			assert.False(t, results.Content[0].IsError)
			assert.JSONEq(t, `{"temperature":21,"conditions":"Sunny in Paris"}`, results.Content[0].Content[0].Text)
			assert.True(t, results.Content[1].IsError)
			assert.Contains(t, results.Content[1].Content[0].Text, "no station in Atlantis")
			assert.True(t, results.Content[2].IsError)
			assert.Contains(t, results.Content[2].Content[0].Text, "forecast")
		})
	}
}
