package anthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// agentStep is a request as the agent loop builds it at its second step:
// instructions, tools, the user's message, the model's calls and their
// results.
func agentStep() *llm.Request {
	return &llm.Request{
		Messages: []llm.Message{
			llm.SystemMessage("You are a weather assistant."),
			llm.UserMessage("Weather in Paris and Rome?"),
			llm.AssistantMessage("Checking both.",
				llm.ToolCall{ID: "toolu_paris", Name: "weather", Arguments: `{"location":"Paris"}`},
				llm.ToolCall{ID: "toolu_rome", Name: "weather", Arguments: `{"location":"Rome"}`}),
			llm.ToolMessage(
				llm.ToolResult{ToolCallID: "toolu_paris", ToolName: "weather", Output: llm.TextOutput("Sunny")},
				llm.ToolResult{ToolCallID: "toolu_rome", ToolName: "weather", Output: llm.TextOutput("Rain")}),
		},
		Tools: []llm.ToolDefinition{
			providertest.WeatherTool(),
			{Name: "radar", Description: "Returns the radar image of a location.", InputSchema: json.RawMessage(radarSchema)},
		},
	}
}

// TestPromptCachingBreakpoints checks where the marks go (synthetic
// requests; TestRecorded* replay real exchanges with them).
func TestPromptCachingBreakpoints(t *testing.T) {
	signed := thinkingPart()
	for _, tc := range []struct {
		name  string
		req   func() *llm.Request
		opts  []Option
		want  []string
		check func(t *testing.T, body map[string]json.RawMessage)
	}{
		{
			name: "agent step: last tool, system, previous request's end, last turn",
			req:  agentStep,
			want: []string{"tool 1", "system 0", "message 0 block 0", "message 2 block 1"},
		},
		{
			name: "first step",
			req: func() *llm.Request {
				r := agentStep()
				r.Messages = r.Messages[:2]
				return r
			},
			want: []string{"tool 1", "system 0", "message 0 block 0"},
		},
		{
			name: "no tools, no system",
			req: func() *llm.Request {
				return &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}
			},
			want: []string{"message 0 block 0"},
		},
		{
			name: "a final assistant turn ending in thinking: its last block that takes a mark",
			req: func() *llm.Request {
				r := agentStep()
				r.Messages = append(r.Messages[:2], llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{llm.TextPart("Let me think."), signed}})
				return r
			},
			want: []string{"tool 1", "system 0", "message 0 block 0", "message 1 block 0"},
		},
		{
			name: "server tools: the last one is the last tool",
			req:  agentStep,
			opts: []Option{WithServerTools(json.RawMessage(webSearch))},
			want: []string{"tool 2", "system 0", "message 0 block 0", "message 2 block 1"},
		},
		{
			name: "off",
			req:  agentStep,
			opts: []Option{WithoutPromptCaching()},
		},
		{
			name: "automatic caching asked for in the provider options",
			req: func() *llm.Request {
				r := agentStep()
				r.ProviderOptions = map[string]json.RawMessage{ProviderName: json.RawMessage(`{"cache_control":{"type":"ephemeral","ttl":"1h"}}`)}
				return r
			},
			check: func(t *testing.T, body map[string]json.RawMessage) {
				assert.JSONEq(t, `{"type":"ephemeral","ttl":"1h"}`, string(body["cache_control"]))
			},
		},
		{
			name: "caching off for one request",
			req: func() *llm.Request {
				r := agentStep()
				r.ProviderOptions = map[string]json.RawMessage{ProviderName: json.RawMessage(`{"cache_control":null}`)}
				return r
			},
			check: func(t *testing.T, body map[string]json.RawMessage) {
				assert.NotContains(t, body, "cache_control")
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: textResponse})
			_, err := messagesModel(t, srv, tc.opts...).Generate(context.Background(), tc.req())
			require.NoError(t, err)
			body := srv.Requests()[0].Body
			assert.Equal(t, tc.want, marks(t, body))
			if tc.check != nil {
				var fields map[string]json.RawMessage
				require.NoError(t, json.Unmarshal(body, &fields))
				tc.check(t, fields)
			}
		})
	}
}

// TestToolSchemasAreStable checks that a tool's input_schema is the same
// bytes in every request, as the cached prefix needs: it used to be
// rebuilt from a map, its members in a new order each time.
func TestToolSchemasAreStable(t *testing.T) {
	schema := `{"type":"object","description":"Weather input.","title":"WeatherInput","additionalProperties":false,
		"properties":{"location":{"type":"string"},"units":{"type":"string","enum":["celsius","fahrenheit"]}},
		"required":["location"],"examples":[{"location":"Paris"}]}`
	srv := newFakeServer(t, slices.Repeat([]reply{{Body: textResponse}}, 20)...)
	m := messagesModel(t, srv)
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")},
		Tools: []llm.ToolDefinition{{Name: "weather", Description: "Weather.", InputSchema: json.RawMessage(schema)}}}
	for range 20 {
		_, err := m.Generate(context.Background(), req)
		require.NoError(t, err)
	}
	reqs := srv.Requests()
	for _, r := range reqs[1:] {
		require.Equal(t, string(reqs[0].Body), string(r.Body))
	}
	assert.Contains(t, string(reqs[0].Body), `"input_schema":{"type":"object","description":"Weather input.","title":"WeatherInput","additionalProperties":false,`)
}

// weatherIn is the input of weatherTools' tool and of the format of
// TestNativeSchemaAgentRetry.
type weatherIn struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

// weatherTools has a weather tool that fails for Atlantis.
func weatherTools() tool.Toolset {
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the current weather for a location.", InputSchema: json.RawMessage(providertest.WeatherSchema)}
	return tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (string, error) {
		if in.Location == "Atlantis" {
			return "", fmt.Errorf("no station in %s", in.Location)
		}
		return "Sunny in " + in.Location, nil
	})}
}

// TestAgentPromptCaching runs an agent for four steps against the fake
// server with its simulated prompt cache, streamed and not: from the
// second step on, each step reads all of the previous step's request from
// the cache and writes only what is new, and the run's usage adds it up
// from the API's counts.
func TestAgentPromptCaching(t *testing.T) {
	turns := []scripted.Turn{
		{Text: "Checking Paris.", ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)}},
		{Text: "Now Rome.", ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Rome"}`)}},
		{Text: "And Atlantis.", ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Atlantis"}`)}},
		scripted.Text("Sunny in Paris and Rome; Atlantis has no station."),
	}
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			srv := providertest.NewServer(t, turns...)
			cache := providertest.NewPromptCache(1) // every prefix is cached
			srv.CachePrompts(cache)
			model := Model("claude-sonnet-4-5", WithBaseURL(srv.URL()), WithAPIKey("test"))
			a := &agent.Agent{ID: "weather-agent", Instructions: "You are a weather assistant.", Model: model, Tools: weatherTools()}
			var (
				res *agent.Result
				err error
			)
			if stream {
				for ev, e := range a.Stream(context.Background(), "Weather in Paris, Rome and Atlantis?") {
					require.NoError(t, e)
					if ev.Result != nil {
						res = ev.Result
					}
				}
			} else {
				res, err = a.Generate(context.Background(), "Weather in Paris, Rome and Atlantis?")
				require.NoError(t, err)
			}
			require.NotNil(t, res)
			log := cache.Log()
			require.Len(t, log, 4)
			require.Len(t, res.Steps, 4)
			var want llm.Usage
			for i, u := range log {
				if i == 0 {
					assert.Zero(t, u.CacheReadTokens)
				} else {
					// All of the previous request was read: its tokens
					// minus nothing (every block of it was before a mark).
					assert.Equal(t, log[i-1].Total(), u.CacheReadTokens, "step %d reads the previous step", i+1)
				}
				assert.Equal(t, u.Total()-u.CacheReadTokens, u.CacheWriteTokens, "step %d writes the rest", i+1)
				if i == 0 {
					assert.Equal(t, 3, u.Marks, "the tool, the system prompt, the user's message")
				} else {
					assert.Equal(t, 4, u.Marks)
				}
				step := res.Steps[i].Usage
				assert.Equal(t, u.Total(), step.InputTokens, "step %d", i+1)
				assert.Equal(t, u.CacheReadTokens, step.CachedInputTokens, "step %d", i+1)
				assert.Equal(t, u.CacheWriteTokens, step.CacheWriteTokens, "step %d", i+1)
				want = want.Add(step)
			}
			assert.Equal(t, want, res.Usage)
		})
	}
}
