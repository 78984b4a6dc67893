package runtime

import (
	"context"
	"encoding/json"
)

// Target is an audience of a tool call other than the model.
type Target string

// The targets a transform can shape.
const (
	// TargetDisplay is what a user interface shows: the payloads of the
	// events that [Agent.Stream] yields.
	TargetDisplay Target = "display"
	// TargetTranscript is what is stored as the record of the run:
	// [Result.Transcript].
	TargetTranscript Target = "transcript"
)

// Phase is the moment of a tool call a payload belongs to.
type Phase string

// The phases of a tool call.
const (
	// PhaseInput: the call's arguments (tool-call events).
	PhaseInput Phase = "input"
	// PhaseOutput: the call's output (tool-result events).
	PhaseOutput Phase = "output"
	// PhaseError: the call's failure (tool-error events).
	PhaseError Phase = "error"
	// PhaseApproval: what the approver is shown (tool-call-approval events).
	PhaseApproval Phase = "approval"
	// PhaseProgress: a progress report of a running call (tool-progress
	// events). It is shown to the display target only.
	PhaseProgress Phase = "progress"
	// PhaseData: data a running call emitted (tool-output events). It is
	// shown to the display target only.
	PhaseData Phase = "data"
)

// Placeholder is the payload a target gets when a configured transform
// fails, panics or returns something that cannot be encoded. The raw payload
// is never used in its place.
const Placeholder = `"[hidden: transform failed]"`

// Transforms are the typed transforms of a [Func] for one target, one per
// phase. A nil function leaves its phase to the agent's [TransformPolicy],
// or to the raw payload. The values returned are encoded as JSON.
type Transforms[In, Out any] struct {
	// Input shapes the arguments.
	Input func(ctx context.Context, in In) (any, error)
	// Output shapes the output.
	Output func(ctx context.Context, in In, out Out) (any, error)
	// Error shapes a failure of the tool itself (not of its arguments,
	// which never decoded into an In).
	Error func(ctx context.Context, in In, err error) (any, error)
	// Approval shapes what the approver is shown.
	Approval func(ctx context.Context, in In) (any, error)
	// Progress shapes a progress report. Without it a report is shown as
	// it is (numbers and the tool's own message), whatever else the target
	// has.
	Progress func(ctx context.Context, in In, p ProgressReport) (any, error)
	// Data shapes data the tool emitted with [Emit]. When the target has
	// a function for another phase but none for Data, emitted data is
	// shown as the [Placeholder]: a tool that hides part of its output
	// from a target does not stream it there raw. An empty Transforms
	// leaves data to the agent's policy, as it leaves every phase.
	Data func(ctx context.Context, in In, data any) (any, error)
}

// any reports whether t has a function for any phase.
func (t Transforms[In, Out]) any() bool {
	return t.Input != nil || t.Output != nil || t.Error != nil || t.Approval != nil || t.Progress != nil || t.Data != nil
}

// TransformInput is what a [TransformPolicy] is given.
type TransformInput struct {
	// Target and Phase say what is being shaped.
	Target Target
	Phase  Phase
	// ToolName and ToolCallID identify the call.
	ToolName   string
	ToolCallID string
	// Input is the typed input, nil when the arguments did not decode.
	Input any
	// Output is the typed output in the output phase, the
	// [ProgressReport] in the progress phase and the emitted value in the
	// data phase.
	Output any
	// Err is the failure, in the error phase.
	Err error
	// Raw is the payload the target gets with no transform: the arguments
	// (input, approval), the output JSON, the error object, the progress
	// report or the emitted data.
	Raw json.RawMessage
}

// TransformPolicy is an agent-wide transform, used for every target and
// phase for which the tool has none of its own. Returning in.Raw passes the
// raw payload through; an error gives the [Placeholder].
type TransformPolicy func(ctx context.Context, in TransformInput) (any, error)
