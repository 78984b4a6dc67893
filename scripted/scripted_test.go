package scripted_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

func TestPlaysTurnsAndRecordsRequests(t *testing.T) {
	m := scripted.New(
		scripted.Turn{Text: "hi there", ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)}, Usage: llm.Usage{InputTokens: 5}},
		scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
			return scripted.Text("saw " + req.Messages[len(req.Messages)-1].Text())
		}},
	)
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("q")}, ToolChoice: llm.ChoiceRequired}
	resp, err := m.Generate(t.Context(), req)
	require.NoError(t, err)
	assert.Equal(t, "hi there", resp.Message.Text())
	assert.Equal(t, []llm.ToolCall{{ID: "call_1", Name: "weather", Arguments: `{"location":"Paris"}`}}, resp.Message.ToolCalls())
	assert.Equal(t, llm.FinishToolCalls, resp.FinishReason)
	assert.Equal(t, 5, resp.Usage.InputTokens)

	req.Messages = append(req.Messages, llm.UserMessage("again"))
	resp, err = llm.CollectStream(m.Stream(t.Context(), req), nil)
	require.NoError(t, err)
	assert.Equal(t, "saw again", resp.Message.Text())
	assert.Equal(t, llm.FinishStop, resp.FinishReason)

	reqs := m.Requests()
	require.Len(t, reqs, 2)
	assert.Len(t, reqs[0].Messages, 1, "recorded requests are copies")
	assert.Equal(t, llm.ChoiceRequired, reqs[0].ToolChoice)
	assert.Equal(t, 0, m.Remaining())

	_, err = m.Generate(t.Context(), req)
	assert.ErrorIs(t, err, scripted.ErrExhausted)
}

func TestStreamChunks(t *testing.T) {
	m := scripted.New(scripted.Turn{Text: "a b", ToolCalls: []llm.ToolCall{{ID: "x", Name: "t", Arguments: `{"k":"0123456789"}`}}})
	m.ChunkSize = 4
	var types []llm.StreamPartType
	var deltas []string
	for p, err := range m.Stream(t.Context(), &llm.Request{}) {
		require.NoError(t, err)
		types = append(types, p.Type)
		if p.Type == llm.StreamToolCallDelta {
			deltas = append(deltas, p.Text)
		}
	}
	assert.Equal(t, []string{`{"k"`, `:"01`, `2345`, `6789`, `"}`}, deltas)
	assert.Equal(t, llm.StreamTextDelta, types[0])
	assert.Equal(t, llm.StreamToolCallStart, types[2])
	assert.Equal(t, llm.StreamFinish, types[len(types)-1])
}

func TestCancelledContext(t *testing.T) {
	m := scripted.New(scripted.Text("x"))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := m.Generate(ctx, &llm.Request{})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, m.Remaining())
}

func TestCapabilities(t *testing.T) {
	m := scripted.New()
	assert.Equal(t, llm.Capabilities{}, llm.CapabilitiesOf(m), "none by default")
	assert.Same(t, m, m.WithCapabilities(llm.Capabilities{OutputWithTools: true}))
	assert.True(t, llm.CapabilitiesOf(m).OutputWithTools)
}
