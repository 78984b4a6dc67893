package scripted_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

func TestPlaysTurnsAndRecordsRequests(t *testing.T) {
	m := scripted.New(
		scripted.Turn{Text: "hi there", ToolCalls: []runtime.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)}, Usage: runtime.Usage{InputTokens: 5}},
		scripted.Turn{Respond: func(req *runtime.Request) scripted.Turn {
			return scripted.Text("saw " + req.Messages[len(req.Messages)-1].Text())
		}},
	)
	req := &runtime.Request{Messages: []runtime.Message{runtime.UserMessage("q")}, ToolChoice: runtime.ChoiceRequired}
	resp, err := m.Generate(t.Context(), req)
	require.NoError(t, err)
	assert.Equal(t, "hi there", resp.Message.Text())
	assert.Equal(t, []runtime.ToolCall{{ID: "call_1", Name: "weather", Arguments: `{"location":"Paris"}`}}, resp.Message.ToolCalls())
	assert.Equal(t, runtime.FinishToolCalls, resp.FinishReason)
	assert.Equal(t, 5, resp.Usage.InputTokens)

	req.Messages = append(req.Messages, runtime.UserMessage("again"))
	resp, err = runtime.CollectStream(m.Stream(t.Context(), req), nil)
	require.NoError(t, err)
	assert.Equal(t, "saw again", resp.Message.Text())
	assert.Equal(t, runtime.FinishStop, resp.FinishReason)

	reqs := m.Requests()
	require.Len(t, reqs, 2)
	assert.Len(t, reqs[0].Messages, 1, "recorded requests are copies")
	assert.Equal(t, runtime.ChoiceRequired, reqs[0].ToolChoice)
	assert.Equal(t, 0, m.Remaining())

	_, err = m.Generate(t.Context(), req)
	assert.ErrorIs(t, err, scripted.ErrExhausted)
}

func TestStreamChunks(t *testing.T) {
	m := scripted.New(scripted.Turn{Text: "a b", ToolCalls: []runtime.ToolCall{{ID: "x", Name: "t", Arguments: `{"k":"0123456789"}`}}})
	m.ChunkSize = 4
	var types []runtime.StreamPartType
	var deltas []string
	for p, err := range m.Stream(t.Context(), &runtime.Request{}) {
		require.NoError(t, err)
		types = append(types, p.Type)
		if p.Type == runtime.StreamToolCallDelta {
			deltas = append(deltas, p.Text)
		}
	}
	assert.Equal(t, []string{`{"k"`, `:"01`, `2345`, `6789`, `"}`}, deltas)
	assert.Equal(t, runtime.StreamTextDelta, types[0])
	assert.Equal(t, runtime.StreamToolCallStart, types[2])
	assert.Equal(t, runtime.StreamFinish, types[len(types)-1])
}

func TestCancelledContext(t *testing.T) {
	m := scripted.New(scripted.Text("x"))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := m.Generate(ctx, &runtime.Request{})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, m.Remaining())
}

func TestCapabilities(t *testing.T) {
	m := scripted.New()
	assert.Equal(t, runtime.Capabilities{}, runtime.CapabilitiesOf(m), "none by default")
	assert.Same(t, m, m.WithCapabilities(runtime.Capabilities{OutputWithTools: true}))
	assert.True(t, runtime.CapabilitiesOf(m).OutputWithTools)
}
