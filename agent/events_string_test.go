package agent_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
)

func TestEventString(t *testing.T) {
	for _, tc := range []struct {
		ev   agent.Event
		want string
	}{
		{agent.Event{Type: agent.EventToolCall, ToolName: "weatherTool", ToolCallID: "call_1", Payload: json.RawMessage(`{"location":"Paris"}`)},
			`tool-call weatherTool {"location":"Paris"}`},
		{agent.Event{Type: agent.EventStepFinish, FinishReason: llm.FinishStop}, "step-finish (stop)"},
		{agent.Event{Type: agent.EventToolResult, AgentID: "writer", ParentToolCallID: "call_2", ToolName: "wordCount", Payload: json.RawMessage(`{"words":3}`)},
			`[writer] tool-result wordCount {"words":3}`},
		{agent.Event{Type: agent.EventTextDelta, Text: "Hello"}, "text-delta Hello"},
	} {
		assert.Equal(t, tc.want, tc.ev.String())
	}
}

func TestAnnotationsString(t *testing.T) {
	for _, tc := range []struct {
		a    tool.Annotations
		want string
	}{
		{tool.Annotations{}, ""},
		{tool.Annotations{ReadOnly: new(true), OpenWorld: new(false)}, "readOnly=true openWorld=false"},
		{tool.Annotations{OpenWorld: new(true), Idempotent: new(false), Destructive: new(false), ReadOnly: new(false)},
			"readOnly=false destructive=false idempotent=false openWorld=true"},
	} {
		assert.Equal(t, tc.want, tc.a.String())
	}
}
