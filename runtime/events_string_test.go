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

func TestAnnotationsString(t *testing.T) {
	for _, tc := range []struct {
		a    runtime.Annotations
		want string
	}{
		{runtime.Annotations{}, ""},
		{runtime.Annotations{ReadOnly: new(true), OpenWorld: new(false)}, "readOnly=true openWorld=false"},
		{runtime.Annotations{OpenWorld: new(true), Idempotent: new(false), Destructive: new(false), ReadOnly: new(false)},
			"readOnly=false destructive=false idempotent=false openWorld=true"},
	} {
		assert.Equal(t, tc.want, tc.a.String())
	}
}
