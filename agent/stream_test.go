package agent_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

func TestStreamEventsInOrder(t *testing.T) {
	model := scripted.New(
		scripted.Turn{Text: "Let me check. ", ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)}},
		scripted.Text("Sunny in Paris."),
	)
	a := &agent.Agent{ID: "weather-agent", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
	evs := collect(t, a.Stream(t.Context(), "Weather?"))

	var types []string
	for _, ev := range evs {
		types = append(types, string(ev.Type))
		assert.Equal(t, "weather-agent", ev.AgentID)
	}
	assert.Equal(t, []string{
		"text-delta", "text-delta", "text-delta",
		"tool-call-delta", "tool-call-delta", "tool-call-delta",
		"tool-call", "tool-result", "step-finish",
		"text-delta", "text-delta", "text-delta", "step-finish",
		"finish",
	}, types)

	var args strings.Builder
	for _, ev := range evs {
		switch ev.Type {
		case agent.EventToolCallDelta, agent.EventToolCall, agent.EventToolResult:
			assert.Equal(t, "weather", ev.ToolName, "events carry the key, never the id")
			assert.Equal(t, "call_1", ev.ToolCallID)
		}
		if ev.Type == agent.EventToolCallDelta {
			args.WriteString(ev.Text)
		}
	}
	assert.Equal(t, `{"location":"Paris"}`, args.String())
	assert.JSONEq(t, `{"location":"Paris"}`, string(evs[6].Payload))
	assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(evs[7].Payload))

	fin := evs[len(evs)-1]
	require.NotNil(t, fin.Result)
	assert.Equal(t, "Sunny in Paris.", fin.Result.Text)
	assert.Equal(t, llm.FinishStop, fin.FinishReason)
}

func TestStreamToolErrorEvent(t *testing.T) {
	model := callThenAnswer(scripted.Call("weather", `{"Location":"Paris"}`))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
	var errEv *agent.Event
	var callEv *agent.Event
	for _, ev := range collect(t, a.Stream(t.Context(), "go")) {
		switch ev.Type {
		case agent.EventToolError:
			errEv = &ev
		case agent.EventToolCall:
			callEv = &ev
		}
	}
	require.NotNil(t, callEv)
	assert.Equal(t, "null", string(callEv.Payload), "invalid arguments are not displayed")
	require.NotNil(t, errEv)
	assert.Equal(t, "weather", errEv.ToolName)
	assert.Equal(t, "call_1", errEv.ToolCallID)
	var payload struct{ Kind, Message string }
	require.NoError(t, json.Unmarshal(errEv.Payload, &payload))
	assert.Equal(t, "invalid-arguments", payload.Kind)
	assert.Contains(t, payload.Message, `unexpected property "Location"`)
}

func TestStreamStopsWhenConsumerBreaks(t *testing.T) {
	model := scripted.New(scripted.Text("one two three four"), scripted.Text("never"))
	a := &agent.Agent{ID: "a", Model: model}
	n := 0
	for _, err := range a.Stream(t.Context(), "go") {
		require.NoError(t, err)
		n++
		if n == 2 {
			break
		}
	}
	assert.Equal(t, 2, n)
	assert.Equal(t, 1, model.Remaining())
}

func TestStreamYieldsRunError(t *testing.T) {
	a := &agent.Agent{ID: "a", Model: scripted.New(scripted.Fail(errBoom))}
	var last error
	for _, err := range a.Stream(t.Context(), "go") {
		last = err
	}
	assert.ErrorIs(t, last, errBoom)
}

func TestCollectStreamAssemblesDeltas(t *testing.T) {
	parts := []llm.StreamPart{
		{Type: llm.StreamReasoningDelta, Text: "think"},
		{Type: llm.StreamTextDelta, Text: "Hel"},
		{Type: llm.StreamTextDelta, Text: "lo"},
		{Type: llm.StreamToolCallStart, ToolCallID: "c1", ToolName: "weather"},
		{Type: llm.StreamToolCallDelta, ToolCallID: "c1", Text: `{"loc`},
		{Type: llm.StreamToolCallDelta, ToolCallID: "c1", Text: `ation":"P"}`},
		{Type: llm.StreamToolCallDelta, ToolCallID: "c2", ToolName: "other", Text: `{}`},
		{Type: llm.StreamFinish, Response: &llm.Response{FinishReason: llm.FinishToolCalls, Usage: llm.Usage{InputTokens: 3}}},
	}
	seq := func(yield func(llm.StreamPart, error) bool) {
		for _, p := range parts {
			if !yield(p, nil) {
				return
			}
		}
	}
	resp, err := llm.CollectStream(seq, nil)
	require.NoError(t, err)
	assert.Equal(t, "Hello", resp.Message.Text())
	assert.Equal(t, llm.PartReasoning, resp.Message.Parts[0].Type)
	assert.Equal(t, []llm.ToolCall{
		{ID: "c1", Name: "weather", Arguments: `{"location":"P"}`},
		{ID: "c2", Name: "other", Arguments: `{}`},
	}, resp.Message.ToolCalls())
	assert.Equal(t, llm.FinishToolCalls, resp.FinishReason)
	assert.Equal(t, 3, resp.Usage.InputTokens)
}

func TestCollectStreamRefusal(t *testing.T) {
	parts := []llm.StreamPart{
		{Type: llm.StreamRefusalDelta, Text: "I'm sorry, "},
		{Type: llm.StreamRefusalDelta, Text: "I can't."},
		{Type: llm.StreamFinish, Response: &llm.Response{FinishReason: llm.FinishRefusal, RawFinishReason: "stop"}},
	}
	seq := func(yield func(llm.StreamPart, error) bool) {
		for _, p := range parts {
			if !yield(p, nil) {
				return
			}
		}
	}
	resp, err := llm.CollectStream(seq, nil)
	require.NoError(t, err)
	assert.Equal(t, []llm.Part{{Type: llm.PartRefusal, Text: "I'm sorry, I can't."}}, resp.Message.Parts)
	assert.Empty(t, resp.Message.Text(), "a refusal is not text")
	assert.Equal(t, "I'm sorry, I can't.", resp.Message.Refusal())
	assert.Equal(t, llm.FinishRefusal, resp.FinishReason)
}

// A streaming model's reasoning comes as reasoning-delta events, before
// the text; it is kept in the step's message, not in the transcript.
func TestStreamReasoningDeltas(t *testing.T) {
	a := &agent.Agent{ID: "a", Model: scripted.New(scripted.Turn{Reasoning: "Think hard.", Text: "Done."})}
	var got []string
	var res *agent.Result
	for ev, err := range a.Stream(t.Context(), "go") {
		require.NoError(t, err)
		if ev.Type == agent.EventReasoningDelta || ev.Type == agent.EventTextDelta {
			got = append(got, string(ev.Type)+" "+ev.Text)
		}
		if ev.Result != nil {
			res = ev.Result
		}
	}
	assert.Equal(t, []string{"reasoning-delta Think ", "reasoning-delta hard.", "text-delta Done."}, got)
	require.NotNil(t, res)
	assert.Equal(t, llm.PartReasoning, res.Steps[0].Response.Message.Parts[0].Type)
	for _, ev := range res.Transcript {
		assert.NotEqual(t, agent.EventReasoningDelta, ev.Type)
	}
}
