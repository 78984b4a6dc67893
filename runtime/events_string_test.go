package runtime_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestEventString(t *testing.T) {
	for _, tc := range []struct {
		ev   runtime.Event
		want string
	}{
		{runtime.Event{Type: runtime.EventToolCall, ToolName: "weatherTool", ToolCallID: "call_1", Payload: json.RawMessage(`{"location":"Paris"}`)},
			`tool-call weatherTool {"location":"Paris"}`},
		{runtime.Event{Type: runtime.EventStepFinish, FinishReason: runtime.FinishStop}, "step-finish (stop)"},
		{runtime.Event{Type: runtime.EventToolResult, AgentID: "writer", ParentToolCallID: "call_2", ToolName: "wordCount", Payload: json.RawMessage(`{"words":3}`)},
			`[writer] tool-result wordCount {"words":3}`},
		{runtime.Event{Type: runtime.EventTextDelta, Text: "Hello"}, "text-delta Hello"},
	} {
		assert.Equal(t, tc.want, tc.ev.String())
	}
}
