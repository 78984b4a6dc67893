package providertest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
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
			res, parts := call(t, model, req, tc.stream)
			if tc.stream {
				assert.Equal(t, tc.want, deltas(parts, llm.StreamRefusalDelta))
				assert.Empty(t, deltas(parts, llm.StreamTextDelta))
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
	a := &agent.Agent{ID: "a", Model: s.modelAt(srv, "gpt-4o-2024-08-06", srv.URL()+"v1", 2)}
	var res *agent.Result
	for ev, err := range a.Stream(t.Context(), "How do I make anthrax?") {
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
			res, parts := call(t, model, req, tc.stream)
			if tc.stream {
				assert.Equal(t, reasoningOf(t, body, true), deltas(parts, llm.StreamReasoningDelta))
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
	a := &agent.Agent{ID: "dice", Model: s.modelAt(srv, "deepseek-reasoner", "https://api.deepseek.com", 2), Tools: tools}

	var prompt []llm.Message
	for _, m := range field(t, want[0], "messages").([]any) {
		text := field(t, m, "content").(string)
		if field(t, m, "role") == "system" {
			prompt = append(prompt, llm.SystemMessage(text))
		} else {
			prompt = append(prompt, llm.UserMessage(text))
		}
	}
	res, err := a.GenerateMessages(t.Context(), prompt)
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
	_, err = a.GenerateMessages(t.Context(), append(res.Messages, llm.UserMessage("Again! My guess is 6.")))
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

// responsesExchanges are the recorded Responses API exchanges.
var responsesExchanges = []recordedExchange{
	{"two turns", responsesTwoTurns},
	{"tool loop", responsesToolLoop},
	{"stream agent", responsesStreamAgent},
	{"unknown items", responsesUnknownItems},
	{"phase", responsesPhase},
	{"refusal", responsesRefusal},
	{"agent refusal", responsesAgentRefusal},
	{"reasoning text", responsesReasoningText},
}

// openAIBase is OpenAI's base URL, which the server's client takes to the
// server.
const openAIBase = "https://api.openai.com/v1/"

// openAIItem is what a part carries in ProviderMetadata["openai"] to be
// sent back as the Responses output item it came from.
type openAIItem struct {
	ItemID           string          `json:"itemId"`
	EncryptedContent string          `json:"encryptedContent"`
	Phase            string          `json:"phase"`
	Item             json.RawMessage `json:"item"`
}

// openAIMeta decodes the metadata md holds for the OpenAI APIs.
func openAIMeta(t *testing.T, md map[string]json.RawMessage) openAIItem {
	t.Helper()
	var item openAIItem
	if raw, ok := md["openai"]; ok {
		require.NoError(t, json.Unmarshal(raw, &item))
	}
	return item
}

// responsesTwoTurns runs the agent loop over a recorded
// two-turn conversation with gpt-5 (pydantic-ai's cassette): the first
// answer is a reasoning item followed by a message item, and the second
// request must send the reasoning item followed by that message item, with
// its msg_ id, as the recorded request did (a message without its id
// after the reasoning item is what the API answers with 400 "Item 'rs_…'
// of type 'reasoning' was provided without its required following item").
// Both requests are compared whole with the recorded ones.
func responsesTwoTurns(t *testing.T, s *suite) {
	srv := replay(t, Reply{Body: recording(t, "openai", "responses_two_turns.1.json")}, Reply{Body: recording(t, "openai", "responses_two_turns.2.json")})
	// The recorded client also sent these: provider options.
	model := withOptions{s.modelAt(srv, "gpt-5", openAIBase, 2), map[string]json.RawMessage{
		"openai": json.RawMessage(`{"include":["reasoning.encrypted_content"],"reasoning":{"effort":"high","summary":"detailed"},"stream":false}`),
	}}
	a := &agent.Agent{ID: "streets", Model: model}

	first, err := a.Generate(t.Context(), "How do I cross the street?")
	require.NoError(t, err)
	assert.JSONEq(t, recording(t, "openai", "responses_two_turns.1.request.json"), string(srv.Requests()[0].Body))

	out1 := jsonOf(t, recording(t, "openai", "responses_two_turns.1.json"))
	rs, msg := field(t, out1, "output", 0), field(t, out1, "output", 1)
	answer := field(t, msg, "content", 0, "text").(string)
	assert.Equal(t, answer, first.Text)
	assert.Equal(t, llm.FinishStop, first.FinishReason)

	// The reasoning item became a part per summary, the first holding the
	// id and the encrypted content; the message a text part with its id.
	require.Len(t, first.Messages, 2)
	parts := first.Messages[1].Parts
	summaries := field(t, rs, "summary").([]any)
	require.Equal(t, len(summaries)+1, len(parts), "parts")
	for i, s := range summaries {
		assert.Equal(t, llm.PartReasoning, parts[i].Type)
		assert.Equal(t, field(t, s, "text"), parts[i].Text)
		im := openAIMeta(t, parts[i].ProviderMetadata)
		assert.Equal(t, field(t, rs, "id"), im.ItemID)
		if i == 0 {
			assert.Equal(t, field(t, rs, "encrypted_content"), im.EncryptedContent)
		} else {
			assert.Empty(t, im.EncryptedContent)
		}
	}
	last := parts[len(parts)-1]
	assert.Equal(t, llm.PartText, last.Type)
	assert.Equal(t, field(t, msg, "id"), openAIMeta(t, last.ProviderMetadata).ItemID)

	second, err := a.GenerateMessages(t.Context(), append(first.Messages,
		llm.UserMessage("Considering the way to cross the street, analogously, how do I cross the river?")))
	require.NoError(t, err)
	assert.JSONEq(t, recording(t, "openai", "responses_two_turns.2.request.json"), string(srv.Requests()[1].Body))
	assert.Equal(t, field(t, jsonOf(t, recording(t, "openai", "responses_two_turns.2.json")), "output", 1, "content", 0, "text"), second.Text)
}

// responsesToolLoop runs the agent loop over a recorded
// exchange with gpt-5 (pydantic-ai's cassette) in which the model reasons,
// calls a tool, and answers: the second request sends the reasoning item
// and the function call item back as the recorded request did.
func responsesToolLoop(t *testing.T, s *suite) {
	srv := replay(t, Reply{Body: recording(t, "openai", "responses_tool_loop.1.json")}, Reply{Body: recording(t, "openai", "responses_tool_loop.2.json")})
	model := withOptions{s.modelAt(srv, "gpt-5", openAIBase, 2), map[string]json.RawMessage{
		"openai": json.RawMessage(`{"include":["reasoning.encrypted_content"],"reasoning":{"effort":"low","summary":"detailed"}}`),
	}}
	want := jsonOf(t, recording(t, "openai", "responses_tool_loop.2.request.json"))
	a := &agent.Agent{
		ID:           "poet",
		Instructions: field(t, want, "instructions").(string),
		Model:        model,
		Tools: tool.Toolset{"update_plan": textTool("update_plan", "",
			`{"type":"object","properties":{"plan":{"type":"string"}},"required":["plan"],"additionalProperties":false}`, true,
			func(map[string]any) string { return "plan updated" })},
	}
	prompt := field(t, want, "input", 0, "content").(string)
	res, err := a.Generate(t.Context(), prompt)
	require.NoError(t, err)
	assert.Equal(t, field(t, jsonOf(t, recording(t, "openai", "responses_tool_loop.2.json")), "output", 0, "content", 0, "text"), res.Text)

	// The recorded client sent the instructions as a parameter; the agent
	// sends them as a system message. The items after the prompt are the
	// same: reasoning, function call, function call output.
	got := requestBody(t, srv, 1)
	assert.Equal(t, "system", field(t, got, "input", 0, "role"))
	assert.Equal(t, prompt, field(t, got, "input", 1, "content"))
	assert.JSONEq(t, encode(t, field(t, want, "input").([]any)[1:]), encode(t, field(t, got, "input").([]any)[2:]))
}

// calculatorTool is the tool of the recorded calculator run (its
// definition as the responses echo it).
func calculatorTool() tool.Tool {
	type in struct {
		A  float64 `json:"a"`
		B  float64 `json:"b"`
		Op string  `json:"op"`
	}
	spec := tool.Spec{ID: "calculator", Description: "A minimal calculator for basic arithmetic. Call it once per step.", Strict: true,
		InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"number","description":"First operand."},"b":{"type":"number","description":"Second operand."},` +
			`"op":{"type":"string","enum":["add","subtract","multiply","divide"],"default":"add","description":"Arithmetic operation to perform."}},"required":["a","b","op"],"additionalProperties":false}`)}
	return tool.NewFunc(&spec, func(_ context.Context, in in) (float64, error) {
		switch in.Op {
		case "add":
			return in.A + in.B, nil
		case "subtract":
			return in.A - in.B, nil
		case "multiply":
			return in.A * in.B, nil
		}
		return in.A / in.B, nil
	})
}

// responsesStreamAgent streams the agent loop over a recorded
// run of gpt-5.1-codex-max with "store": false (vercel/ai's fixture, four
// streamed responses): reasoning with encrypted content and a call, two
// more calls, then the answer. Each request sends every earlier item back
// in order: the reasoning item with its id and encrypted content, then the
// call items with their ids, each followed by its output.
func responsesStreamAgent(t *testing.T, s *suite) {
	var replies []Reply
	for i := 1; i <= 4; i++ {
		replies = append(replies, Reply{SSE: true, Body: recording(t, "openai", fmt.Sprintf("responses_calculator.%d.sse", i))})
	}
	srv := replay(t, replies...)
	a := &agent.Agent{ID: "calc", Model: s.modelAt(srv, "gpt-5.1-codex-max", openAIBase, 2), Tools: tool.Toolset{"calculator": calculatorTool()}}

	var (
		res   *agent.Result
		texts strings.Builder
	)
	// The prompt was not recorded; the answers fit this one.
	for ev, err := range a.Stream(t.Context(), "Compute (12 + 7) * 3 * 10, one step at a time.") {
		require.NoError(t, err)
		if ev.Type == agent.EventTextDelta {
			texts.WriteString(ev.Text)
		}
		if ev.Result != nil {
			res = ev.Result
		}
	}
	require.NotNil(t, res)
	assert.Equal(t, "The final result is **570**.", res.Text)
	assert.Equal(t, "The final result is **570**.", texts.String())
	require.Len(t, srv.Requests(), 4)

	// What each response's output items must look like as input items.
	var completed []any
	for i := 1; i <= 4; i++ {
		for line := range strings.SplitSeq(recording(t, "openai", fmt.Sprintf("responses_calculator.%d.sse", i)), "\n") {
			if data, ok := strings.CutPrefix(line, "data: "); ok && strings.Contains(data, `"type":"response.completed"`) {
				completed = append(completed, field(t, jsonOf(t, data), "response"))
			}
		}
	}
	require.Len(t, completed, 4)
	rs := field(t, completed[0], "output", 0)
	wantReasoning := map[string]any{"type": "reasoning", "id": field(t, rs, "id"), "encrypted_content": field(t, rs, "encrypted_content"),
		"summary": []any{map[string]any{"type": "summary_text", "text": field(t, rs, "summary", 0, "text")}}}
	call := func(resp int) map[string]any {
		fc := field(t, completed[resp], "output", len(field(t, completed[resp], "output").([]any))-1)
		return map[string]any{"type": "function_call", "id": field(t, fc, "id"), "call_id": field(t, fc, "call_id"),
			"name": "calculator", "arguments": field(t, fc, "arguments")}
	}
	output := func(resp int, out string) map[string]any {
		return map[string]any{"type": "function_call_output", "call_id": call(resp)["call_id"], "output": out}
	}
	want := []any{map[string]any{"role": "user", "content": "Compute (12 + 7) * 3 * 10, one step at a time."},
		wantReasoning, call(0), output(0, "19")}
	for i, next := range [][]any{{call(1), output(1, "57")}, {call(2), output(2, "570")}, nil} {
		assert.JSONEq(t, encode(t, want), encode(t, field(t, requestBody(t, srv, i+1), "input")), "request %d", i+2)
		want = append(want, next...)
	}

	// The stream's reasoning summary reached the first message.
	first := res.Messages[1]
	assert.Equal(t, llm.PartReasoning, first.Parts[0].Type)
	assert.Equal(t, field(t, rs, "summary", 0, "text"), first.Parts[0].Text)
}

// outputAsInput is how an output item of a response goes back as an input
// item: reasoning and function calls with their ids, a message as an
// output message with its id, contents (annotations kept, logprobs not)
// and phase, any other item as it came.
func outputAsInput(t *testing.T, item any) any {
	t.Helper()
	m := item.(map[string]any)
	switch m["type"] {
	case "reasoning":
		out := map[string]any{"type": "reasoning", "id": m["id"], "summary": m["summary"]}
		if m["summary"] == nil {
			out["summary"] = []any{}
		}
		if enc, ok := m["encrypted_content"]; ok && enc != nil {
			out["encrypted_content"] = enc
		}
		return out
	case "message":
		var content []any
		for _, c := range m["content"].([]any) {
			c := c.(map[string]any)
			if c["type"] == "refusal" {
				content = append(content, map[string]any{"type": "refusal", "refusal": c["refusal"]})
				continue
			}
			content = append(content, map[string]any{"type": "output_text", "text": c["text"], "annotations": c["annotations"]})
		}
		out := map[string]any{"type": "message", "id": m["id"], "role": "assistant", "status": "completed", "content": content}
		if p, ok := m["phase"]; ok && p != nil {
			out["phase"] = p
		}
		return out
	case "function_call":
		return map[string]any{"type": "function_call", "id": m["id"], "call_id": m["call_id"], "name": m["name"], "arguments": m["arguments"]}
	}
	return item
}

// responsesUnknownItems replays a recorded gpt-5-mini answer
// that searched the web (vercel/ai's fixtures, as JSON and as a stream):
// reasoning items, web_search_call items, more reasoning, then a message
// with url_citation annotations. The web_search_call items are kept as
// provider-item parts, and the next request sends every output item back
// in order: the web_search_call items verbatim, the message with its id
// right after the last reasoning item.
func responsesUnknownItems(t *testing.T, s *suite) {
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			body, file := recording(t, "openai", "responses_web_search.json"), "responses_web_search.json"
			if stream {
				body, file = recording(t, "openai", "responses_web_search.sse"), "responses_web_search.sse"
			}
			// The follow-up request is answered with the JSON recording
			// again: only the request matters.
			srv := replay(t, Reply{SSE: stream, Body: body}, Reply{Body: recording(t, "openai", "responses_web_search.json")})
			model := s.modelAt(srv, "gpt-5-mini", openAIBase, 2)
			req := &llm.Request{Messages: []llm.Message{llm.UserMessage("What happened in tech today?")}}
			res, parts := call(t, model, req, stream)
			if stream {
				assert.Equal(t, res.Message.Text(), deltas(parts, llm.StreamTextDelta), file)
			}

			// The output items, from the JSON or the stream's completion.
			var output []any
			if stream {
				for line := range strings.SplitSeq(body, "\n") {
					if data, ok := strings.CutPrefix(line, "data: "); ok && strings.Contains(data, `"type":"response.completed"`) {
						output = field(t, jsonOf(t, data), "response", "output").([]any)
					}
				}
			} else {
				output = field(t, jsonOf(t, body), "output").([]any)
			}
			require.NotEmpty(t, output)

			var kinds []llm.PartType
			for _, p := range res.Message.Parts {
				kinds = append(kinds, p.Type)
			}
			var wantKinds []llm.PartType
			for _, it := range output {
				switch field(t, it, "type") {
				case "reasoning":
					wantKinds = append(wantKinds, llm.PartReasoning)
				case "message":
					wantKinds = append(wantKinds, llm.PartText)
				default:
					wantKinds = append(wantKinds, llm.PartProviderItem)
				}
			}
			assert.Equal(t, wantKinds, kinds)
			assert.Equal(t, llm.FinishStop, res.FinishReason)
			assert.Equal(t, field(t, output[len(output)-1], "content", 0, "text"), res.Message.Text())
			for i, p := range res.Message.Parts {
				if p.Type == llm.PartProviderItem {
					assert.JSONEq(t, encode(t, output[i]), string(openAIMeta(t, p.ProviderMetadata).Item))
				}
			}

			// Next turn: every item goes back, in order.
			_, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{
				req.Messages[0], res.Message, llm.UserMessage("Tell me more about the first story."),
			}})
			require.NoError(t, err)
			want := []any{map[string]any{"role": "user", "content": "What happened in tech today?"}}
			for _, it := range output {
				want = append(want, outputAsInput(t, it))
			}
			want = append(want, map[string]any{"role": "user", "content": "Tell me more about the first story."})
			assert.JSONEq(t, encode(t, want), encode(t, field(t, requestBody(t, srv, 1), "input")))
		})
	}
}

// responsesPhase replays a recorded gpt-5.3-codex answer in two
// message items, commentary then final answer (vercel/ai's fixture): each
// goes back as its own item with its id and phase, which the API asks
// clients to keep.
func responsesPhase(t *testing.T, s *suite) {
	body := recording(t, "openai", "responses_phase.json")
	srv := replay(t, Reply{Body: body}, Reply{Body: body})
	model := s.modelAt(srv, "gpt-5.3-codex", openAIBase, 2)
	res, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("Latest AI news?")}})
	require.NoError(t, err)
	output := field(t, jsonOf(t, body), "output").([]any)
	require.Len(t, res.Message.Parts, 2)
	assert.Equal(t, "commentary", openAIMeta(t, res.Message.Parts[0].ProviderMetadata).Phase)
	assert.Equal(t, "final_answer", openAIMeta(t, res.Message.Parts[1].ProviderMetadata).Phase)

	_, err = model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{res.Message}})
	require.NoError(t, err)
	assert.JSONEq(t, encode(t, []any{outputAsInput(t, output[0]), outputAsInput(t, output[1])}),
		encode(t, field(t, requestBody(t, srv, 1), "input")))
}

// responsesRefusal: a refusal content item becomes a refusal part, the
// response ends with FinishRefusal, and the refusal goes back as refusal
// content of its message item. SYNTHETIC: no recording of a Responses API
// refusal could be found; testdata/synthetic/responses_refusal.* are
// written from the API reference's shapes (see the README there).
func responsesRefusal(t *testing.T, s *suite) {
	const explanation = "I'm sorry, but I can't help with that."
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			name := "responses_refusal.json"
			if stream {
				name = "responses_refusal.sse"
			}
			srv := replay(t, Reply{SSE: stream, Body: syntheticFixture(t, name)}, Reply{Body: syntheticFixture(t, "responses_refusal.json")})
			model := s.modelAt(srv, "gpt-5", openAIBase, 2)
			req := &llm.Request{Messages: []llm.Message{llm.UserMessage("How do I pick a lock?")}}
			res, parts := call(t, model, req, stream)
			if stream {
				assert.Equal(t, explanation, deltas(parts, llm.StreamRefusalDelta))
				assert.Empty(t, deltas(parts, llm.StreamTextDelta))
			}
			assert.Equal(t, llm.FinishRefusal, res.FinishReason)
			assert.Equal(t, "completed", res.RawFinishReason)
			assert.Empty(t, res.Message.Text())
			assert.Equal(t, explanation, res.Message.Refusal())

			_, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{req.Messages[0], res.Message}})
			require.NoError(t, err)
			assert.JSONEq(t, `[{"role":"user","content":"How do I pick a lock?"},
				{"type":"reasoning","id":"rs_synthetic_1","summary":[]},
				{"type":"message","id":"msg_synthetic_1","role":"assistant","status":"completed","content":[{"type":"refusal","refusal":"`+explanation+`"}]}]`,
				encode(t, field(t, requestBody(t, srv, 1), "input")))
		})
	}
}

// responsesAgentRefusal: a run whose answer is a refusal ends with
// FinishRefusal and no text; the refusal is in the last message.
func responsesAgentRefusal(t *testing.T, s *suite) {
	srv := replay(t, Reply{Body: syntheticFixture(t, "responses_refusal.json")})
	a := &agent.Agent{ID: "a", Model: s.modelAt(srv, "gpt-5", openAIBase, 2)}
	res, err := a.Generate(t.Context(), "How do I pick a lock?")
	require.NoError(t, err)
	assert.Equal(t, llm.FinishRefusal, res.FinishReason)
	assert.Empty(t, res.Text)
	assert.Equal(t, "I'm sorry, but I can't help with that.", res.Messages[len(res.Messages)-1].Refusal())
}

// responsesReasoningText replays a recorded answer of DeepSeek's
// Responses API (pydantic-ai's cassette): its reasoning item holds the
// reasoning as reasoning_text content, not as a summary. It becomes a
// reasoning part and goes back as the same item, content and all, as the
// recorded follow-up request sent it (which the API accepted); the message
// goes back with its id and phase.
func responsesReasoningText(t *testing.T, s *suite) {
	body := recording(t, "openai", "deepseek_responses_two_turns.1.json")
	want := jsonOf(t, recording(t, "openai", "deepseek_responses_two_turns.2.request.json"))
	srv := replay(t, Reply{Body: body}, Reply{Body: body})
	model := s.modelAt(srv, "deepseek-v4-flash", "https://api.deepseek.com", 2)
	first := field(t, want, "input", 0, "content").(string)
	res, err := model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage(first)}})
	require.NoError(t, err)
	output := field(t, jsonOf(t, body), "output").([]any)
	require.Len(t, res.Message.Parts, 2)
	assert.Equal(t, llm.PartReasoning, res.Message.Parts[0].Type)
	assert.Equal(t, field(t, output[0], "content", 0, "text"), res.Message.Parts[0].Text)
	assert.Equal(t, "hello", res.Message.Text())

	second := field(t, want, "input", 3, "content").(string)
	_, err = model.Generate(t.Context(), &llm.Request{Messages: []llm.Message{
		llm.UserMessage(first), res.Message, llm.UserMessage(second)}})
	require.NoError(t, err)
	got := field(t, requestBody(t, srv, 1), "input").([]any)
	require.Len(t, got, 4)
	// The recorded client sent "encrypted_content": null, which means none.
	rs := field(t, want, "input", 1).(map[string]any)
	delete(rs, "encrypted_content")
	assert.JSONEq(t, encode(t, rs), encode(t, got[1]))
	assert.JSONEq(t, encode(t, outputAsInput(t, output[1])), encode(t, got[2]))
	assert.Equal(t, second, field(t, got[3], "content"))
}
