package agent

import (
	"encoding/json"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
)

// EventType is the kind of an [Event].
type EventType string

// The events a run yields, with Mastra's names.
const (
	// EventTextDelta: a piece of the model's text, in Text.
	EventTextDelta EventType = "text-delta"
	// EventReasoningDelta: a piece of the model's visible reasoning, in
	// Text, as a streaming model sends it. Reasoning is not in the
	// transcript.
	EventReasoningDelta EventType = "reasoning-delta"
	// EventToolCallDelta: a piece of a tool call's arguments, in Text, as
	// the model streams them (not validated; never shown after a failure).
	// When the agent's policy or the tool's transforms configure the
	// display, Text is what they make of the piece (the input-delta
	// phase), or the event is Suppressed and has no Text. Deltas are not
	// in the transcript.
	EventToolCallDelta EventType = "tool-call-delta"
	// EventToolCall: a complete tool call; Payload is the display form of
	// its input (null when the arguments were invalid).
	EventToolCall EventType = "tool-call"
	// EventToolResult: a successful call; Payload is the display form of
	// its output.
	EventToolResult EventType = "tool-result"
	// EventToolError: a failed call; Payload is the display form of the
	// error, by default {"kind":…,"message":…}.
	EventToolError EventType = "tool-error"
	// EventToolCallApproval: a call waits for approval; Payload is the
	// display form of what the approver is shown.
	EventToolCallApproval EventType = "tool-call-approval"
	// EventToolProgress: a running call reported progress ([tool.Progress]);
	// Payload is the display form of its [tool.ProgressReport].
	EventToolProgress EventType = "tool-progress"
	// EventToolOutput: a running call emitted data ([tool.Emit]), as Mastra's
	// tool writer does; Payload is the display form of the data. The
	// call's result is a tool-result event.
	EventToolOutput EventType = "tool-output"
	// EventToolCallSuspended: a call suspended itself ([tool.Suspend]) and
	// waits for resume data; Payload is the display form of its suspend
	// payload.
	EventToolCallSuspended EventType = "tool-call-suspended"
	// EventToolCallResumed: a suspended call runs again; Payload is the
	// display form of its resume data. Mastra has no such event (it runs
	// the tool again silently); toolgen adds it, so that a display and a
	// transcript see what the call resumed with.
	EventToolCallResumed EventType = "tool-call-resumed"
	// EventToolOutputDenied: a call that waited for approval was declined
	// and did not run; Payload is {"approved":false,"reason":…}, the
	// reason being what the model is told.
	EventToolOutputDenied EventType = "tool-output-denied"
	// EventBackgroundTaskStarted: a call of a background tool started as
	// the task TaskID; the model was given the task's handle as the call's
	// result. The task's result comes later as a tool-result or tool-error
	// event that carries the same TaskID. Mastra's name; no payload.
	EventBackgroundTaskStarted EventType = "background-task-started"
	// EventStepFinish: a step ended; FinishReason and Usage are the step's.
	EventStepFinish EventType = "step-finish"
	// EventFinish: the run ended; FinishReason and Usage are the run's and
	// Result is set.
	EventFinish EventType = "finish"
)

// Event is one thing that happened in a run. Every tool event carries the
// ToolName (the tool's key, never its Spec.ID) and the ToolCallID.
//
// Events of a subagent appear in its caller's stream as they happen, with
// AgentID set to the subagent's ID and ParentToolCallID to the id of the
// agent-<key> call that runs it; the run's own events have an empty
// ParentToolCallID.
type Event struct {
	// Type says what happened.
	Type EventType `json:"type"`
	// AgentID is the ID of the agent whose run produced the event.
	AgentID string `json:"agentId,omitempty"`
	// ParentToolCallID is set on a subagent's events.
	ParentToolCallID string `json:"parentToolCallId,omitempty"`
	// Step is the step number, from 1.
	Step int `json:"step"`
	// ToolName is the tool's key, on tool events.
	ToolName string `json:"toolName,omitempty"`
	// ToolCallID is the call's id, on tool events.
	ToolCallID string `json:"toolCallId,omitempty"`
	// TaskID is set on the events of a background call's task: its
	// background-task-started event, and the tool-result or tool-error
	// event of its result, whose Step is the step of the call.
	TaskID string `json:"taskId,omitempty"`
	// Text is the delta of text-delta, reasoning-delta and
	// tool-call-delta events.
	Text string `json:"text,omitempty"`
	// Suppressed is set on a tool-call-delta event whose piece of the
	// arguments the display may not see: its target is configured and no
	// input-delta transform answered. Text is then empty. It is Mastra's
	// {suppress: true} for the input-delta phase.
	Suppressed bool `json:"suppressed,omitempty"`
	// Payload is the target's form of the call's input, output, error,
	// approval request, progress report or emitted data: the raw payload
	// when nothing configures the target, else what a transform made of it
	// or the [toolexec.Placeholder].
	Payload json.RawMessage `json:"payload,omitempty"`
	// FinishReason is set on step-finish and finish events.
	FinishReason llm.FinishReason `json:"finishReason,omitempty"`
	// Usage is set on step-finish and finish events.
	Usage *llm.Usage `json:"usage,omitempty"`
	// Result is set on the finish event, for the application.
	Result *Result `json:"-"`
}

// String formats e on one line, as the examples print a run: the event type,
// the tool name, the task id in brackets, the payload and the finish reason, prefixed with
// "[agentID] " for a subagent's events. Text deltas show their text.
func (e Event) String() string {
	var b strings.Builder
	if e.ParentToolCallID != "" {
		b.WriteString("[" + e.AgentID + "] ")
	}
	b.WriteString(string(e.Type))
	if e.ToolName != "" {
		b.WriteString(" " + e.ToolName)
	}
	if e.TaskID != "" {
		b.WriteString(" [" + e.TaskID + "]")
	}
	if e.Text != "" {
		b.WriteString(" " + e.Text)
	}
	if e.Suppressed {
		b.WriteString(" (suppressed)")
	}
	if len(e.Payload) > 0 {
		b.WriteString(" " + string(e.Payload))
	}
	if e.FinishReason != "" {
		b.WriteString(" (" + string(e.FinishReason) + ")")
	}
	return b.String()
}
