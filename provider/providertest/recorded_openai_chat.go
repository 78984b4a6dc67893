package providertest

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
)

// chatExchanges are the recorded Chat Completions exchanges.
var chatExchanges = []recordedExchange{
	{"refusal", chatRefusal},
	{"agent refusal", chatAgentRefusal},
	{"reasoning content", chatReasoningContent},
	{"DeepSeek agent", chatDeepSeekAgent},
}

// chatRefusal replays gpt-4o refusing a request, recorded by
// openai-python's tests as JSON and as a stream: the refusal is a refusal
// part, not text, the response ends with FinishRefusal (the API says
// "stop"), the stream yields refusal deltas, and the refusal goes back as
// a refusal content part of the assistant message.
func chatRefusal(t *testing.T, s *suite) {
	for _, tc := range []struct {
		file, want string
		stream     bool
	}{
		{"chat_refusal.json", "I'm very sorry, but I can't assist with that.", false},
		{"chat_refusal.sse", "I'm sorry, I can't assist with that request.", true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			srv := replay(t, Reply{SSE: tc.stream, Body: recording(t, "openai", tc.file)}, Reply{Body: recording(t, "openai", "chat_refusal.json")})
			model := s.modelAt(srv, "gpt-4o-2024-08-06", srv.URL()+"v1", 2)
			req := &llm.Request{Messages: []llm.Message{llm.UserMessage("How do I make anthrax?")}}
			var res *llm.Response
			if tc.stream {
				var parts []llm.StreamPart
				parts, res = streamParts(t, model.Stream(t.Context(), req))
				assert.Equal(t, tc.want, deltas(parts, llm.StreamRefusalDelta))
				assert.Empty(t, deltas(parts, llm.StreamTextDelta))
			} else {
				var err error
				res, err = model.Generate(t.Context(), req)
				require.NoError(t, err)
			}
			assert.Equal(t, []llm.Part{{Type: llm.PartRefusal, Text: tc.want}}, res.Message.Parts)
			assert.Equal(t, llm.FinishRefusal, res.FinishReason)
			assert.Equal(t, "stop", res.RawFinishReason)
			assert.Empty(t, res.Message.Text())

			_, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{req.Messages[0], res.Message}})
			require.NoError(t, err)
			assert.JSONEq(t, `{"role":"assistant","content":[{"type":"refusal","refusal":`+encode(t, tc.want)+`}]}`,
				encode(t, field(t, requestBody(t, srv, 1), "messages", 1)))
		})
	}
}

// chatAgentRefusal: a run whose answer is a refusal ends with
// FinishRefusal and no text.
func chatAgentRefusal(t *testing.T, s *suite) {
	srv := replay(t, Reply{SSE: true, Body: recording(t, "openai", "chat_refusal.sse")})
	ag := &agent.Agent{ID: "a", Model: s.modelAt(srv, "gpt-4o-2024-08-06", srv.URL()+"v1", 2)}
	var res *agent.Result
	for ev, err := range ag.Stream(t.Context(), "How do I make anthrax?") {
		require.NoError(t, err)
		assert.NotEqual(t, agent.EventTextDelta, ev.Type, "a refusal is not text")
		if ev.Result != nil {
			res = ev.Result
		}
	}
	require.NotNil(t, res)
	assert.Equal(t, llm.FinishRefusal, res.FinishReason)
	assert.Empty(t, res.Text)
	assert.Equal(t, "I'm sorry, I can't assist with that request.", res.Messages[len(res.Messages)-1].Refusal())
}

// reasoningOf is the recorded reasoning of a Chat Completions response:
// its message's reasoning_content, or its deltas' concatenated.
func reasoningOf(t *testing.T, body string, stream bool) string {
	t.Helper()
	if !stream {
		return field(t, jsonOf(t, body), "choices", 0, "message", "reasoning_content").(string)
	}
	var s string
	for _, data := range sseData(body) {
		if data == "[DONE]" {
			continue
		}
		choices := field(t, jsonOf(t, data), "choices").([]any)
		if len(choices) == 0 {
			continue // the usage chunk
		}
		if r, ok := field(t, choices[0], "delta").(map[string]any)["reasoning_content"].(string); ok {
			s += r
		}
	}
	return s
}

// chatReasoningContent replays deepseek-reasoner (DeepSeek's
// API) and grok-3-mini (xAI's) answers recorded by vercel/ai, as JSON and
// as streams: the reasoning_content becomes a reasoning part before the
// text and calls, streamed as reasoning deltas. On the next request it goes
// back only to DeepSeek, and only on the message with tool calls, as
// https://api-docs.deepseek.com/guides/thinking_mode says (a turn without
// tool calls needs none back; a turn with tool calls must have it back in
// every later request); xAI's Chat Completions takes none back.
func chatReasoningContent(t *testing.T, s *suite) {
	for _, tc := range []struct {
		file, base string
		stream     bool
		calls      bool // the answer calls a tool
		sent       bool // the reasoning goes back
	}{
		{"deepseek_reasoning.json", "https://api.deepseek.com", false, false, false},
		{"deepseek_reasoning.sse", "https://api.deepseek.com", true, false, false},
		{"deepseek_tool_call.json", "https://api.deepseek.com", false, true, true},
		{"deepseek_tool_call.sse", "https://api.deepseek.com", true, true, true},
		{"xai_text.json", "https://api.x.ai/v1", false, false, false},
		{"xai_tool_call.json", "https://api.x.ai/v1", false, true, false},
		{"xai_tool_call.sse", "https://api.x.ai/v1", true, true, false},
	} {
		t.Run(tc.file, func(t *testing.T) {
			body := recording(t, "openai", tc.file)
			srv := replay(t, Reply{SSE: tc.stream, Body: body}, Reply{Body: recording(t, "openai", "deepseek_reasoning.json")})
			model := s.modelAt(srv, "deepseek-reasoner", tc.base, 2)
			req := &llm.Request{Messages: []llm.Message{llm.UserMessage("What is the weather in San Francisco?")}, Tools: []llm.ToolDefinition{WeatherTool()}}
			var res *llm.Response
			if tc.stream {
				var parts []llm.StreamPart
				parts, res = streamParts(t, model.Stream(t.Context(), req))
				assert.Equal(t, reasoningOf(t, body, true), deltas(parts, llm.StreamReasoningDelta))
			} else {
				var err error
				res, err = model.Generate(t.Context(), req)
				require.NoError(t, err)
			}
			assert.Contains(t, srv.Requests()[0].Path, "chat/completions")
			reasoning := reasoningOf(t, body, tc.stream)
			require.NotEmpty(t, reasoning)
			require.NotEmpty(t, res.Message.Parts)
			assert.Equal(t, llm.Part{Type: llm.PartReasoning, Text: reasoning, ProviderMetadata: map[string]json.RawMessage{"openai": json.RawMessage(`{"field":"reasoning_content"}`)}}, res.Message.Parts[0])
			assert.NotContains(t, res.Message.Text(), reasoning, "reasoning is not text")
			if tc.calls {
				assert.Equal(t, llm.FinishToolCalls, res.FinishReason)
				require.Len(t, res.Message.ToolCalls(), 1)
				assert.Equal(t, "weather", res.Message.ToolCalls()[0].Name)
			} else {
				assert.Equal(t, llm.FinishStop, res.FinishReason)
				assert.NotEmpty(t, res.Message.Text())
			}

			next := []llm.Message{req.Messages[0], res.Message}
			if tc.calls {
				next = append(next, llm.ToolMessage(llm.ToolResult{ToolCallID: res.Message.ToolCalls()[0].ID, ToolName: "weather", Output: llm.TextOutput("Sunny, 18°C")}))
			} else {
				next = append(next, llm.UserMessage("And in Paris?"))
			}
			_, err := model.Generate(t.Context(), &llm.Request{Messages: next, Tools: req.Tools})
			require.NoError(t, err)
			assistant := field(t, requestBody(t, srv, 1), "messages", 1).(map[string]any)
			assert.Equal(t, "assistant", assistant["role"])
			if tc.sent {
				assert.Equal(t, reasoning, assistant["reasoning_content"])
			} else {
				assert.NotContains(t, assistant, "reasoning_content")
			}
		})
	}
}

// chatDeepSeekAgent runs the agent loop over a recorded run of
// deepseek-v4-flash in thinking mode (pydantic-ai's cassette, three
// requests to api.deepseek.com): the model reasons and calls a tool, then
// two more, then answers. The assistant messages with tool calls go back
// with their reasoning_content exactly as the recorded requests had them
// (which the API accepted). Then a new user turn: the tool-call turns keep
// their reasoning_content, the final answer, which had no tool calls,
// goes back without it, as DeepSeek's thinking-mode guide says.
func chatDeepSeekAgent(t *testing.T, s *suite) {
	srv := replay(t,
		Reply{Body: recording(t, "openai", "deepseek_agent.1.json")},
		Reply{Body: recording(t, "openai", "deepseek_agent.2.json")},
		Reply{Body: recording(t, "openai", "deepseek_agent.3.json")},
		Reply{Body: recording(t, "openai", "deepseek_agent.3.json")}) // answers the next user turn too
	want := []any{
		jsonOf(t, recording(t, "openai", "deepseek_agent.1.request.json")),
		jsonOf(t, recording(t, "openai", "deepseek_agent.2.request.json")),
		jsonOf(t, recording(t, "openai", "deepseek_agent.3.request.json")),
	}
	// The tools as the recorded requests define them, with the results the
	// recorded run got.
	results := map[string]string{"load_capability": "{}", "get_player_name": "Anne", "roll_dice": "4"}
	tools := tool.Toolset{}
	for _, def := range field(t, want[2], "tools").([]any) {
		fn := field(t, def, "function").(map[string]any)
		name := fn["name"].(string)
		strict, _ := fn["strict"].(bool)
		tools[name] = textTool(name, fn["description"].(string), encode(t, fn["parameters"]), strict,
			func(map[string]any) string { return results[name] })
	}
	agent1 := &agent.Agent{ID: "dice", Model: s.modelAt(srv, "deepseek-reasoner", "https://api.deepseek.com", 2), Tools: tools}

	var prompt []llm.Message
	for _, m := range field(t, want[0], "messages").([]any) {
		text := field(t, m, "content").(string)
		if field(t, m, "role") == "system" {
			prompt = append(prompt, llm.SystemMessage(text))
		} else {
			prompt = append(prompt, llm.UserMessage(text))
		}
	}
	res, err := agent1.GenerateMessages(t.Context(), prompt)
	require.NoError(t, err)
	assert.Equal(t, field(t, jsonOf(t, recording(t, "openai", "deepseek_agent.3.json")), "choices", 0, "message", "content"), res.Text)
	require.Len(t, srv.Requests(), 3)

	messages := func(i int) []any { return field(t, requestBody(t, srv, i), "messages").([]any) }
	recordedMessages := func(i int) []any { return field(t, want[i], "messages").([]any) }
	assert.JSONEq(t, encode(t, recordedMessages(0)), encode(t, messages(0)))
	// The recorded client inserted a call of its own (search_tools) after
	// the first result; the model's own turns are the same.
	assert.JSONEq(t, encode(t, recordedMessages(1)[:5]), encode(t, messages(1)))
	assert.JSONEq(t, encode(t, append(recordedMessages(2)[:5:5], recordedMessages(2)[7:]...)), encode(t, messages(2)))

	// The next user turn.
	_, err = agent1.GenerateMessages(t.Context(), append(res.Messages, llm.UserMessage("Again! My guess is 6.")))
	require.NoError(t, err)
	var kinds []string
	for _, m := range messages(3) {
		m := m.(map[string]any)
		_, calls := m["tool_calls"]
		_, rc := m["reasoning_content"]
		kinds = append(kinds, fmt.Sprintf("%s calls=%v reasoning=%v", m["role"], calls, rc))
	}
	assert.Equal(t, []string{
		"system calls=false reasoning=false", "system calls=false reasoning=false", "user calls=false reasoning=false",
		"assistant calls=true reasoning=true", "tool calls=false reasoning=false",
		"assistant calls=true reasoning=true", "tool calls=false reasoning=false", "tool calls=false reasoning=false",
		"assistant calls=false reasoning=false", "user calls=false reasoning=false",
	}, kinds)
	final := messages(3)[8].(map[string]any)
	assert.Equal(t, res.Text, final["content"])
	var last llm.Message
	require.NoError(t, json.Unmarshal([]byte(encode(t, res.Messages[len(res.Messages)-1])), &last))
	assert.Equal(t, llm.PartReasoning, last.Parts[0].Type, "the final answer's reasoning is kept in the conversation")
}
