package scripted_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

func TestByPosition(t *testing.T) {
	m := scripted.ByPosition(
		scripted.Calls(scripted.Call("a", `{}`), scripted.Call("b", `{}`)),
		scripted.Text("done"),
	)
	first := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}
	for range 2 { // the same answer to the same request: no state
		resp, err := m.Generate(t.Context(), first)
		require.NoError(t, err)
		calls := resp.Message.ToolCalls()
		require.Len(t, calls, 2)
		assert.Equal(t, []string{"call_1_1", "call_1_2"}, []string{calls[0].ID, calls[1].ID})
	}
	second := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi"), llm.AssistantMessage("", scripted.Call("a", `{}`))}}
	var text string
	for p, err := range m.Stream(t.Context(), second) {
		require.NoError(t, err)
		text += p.Text
	}
	assert.Equal(t, "done", text)

	third := &llm.Request{Messages: append(second.Messages, llm.AssistantMessage("done"))}
	_, err := m.Generate(t.Context(), third)
	assert.True(t, errors.Is(err, scripted.ErrExhausted), "%v", err)
	for _, err := range m.Stream(t.Context(), third) {
		assert.True(t, errors.Is(err, scripted.ErrExhausted), "%v", err)
	}
}
