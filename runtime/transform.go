package runtime

import (
	"context"
	"encoding/json"
	"fmt"
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
	// PhaseSuspend: the payload a call suspended itself with ([Suspend];
	// tool-call-suspended events).
	PhaseSuspend Phase = "suspend"
	// PhaseResume: the data a suspended call resumes with ([ResumeData];
	// tool-call-resumed events).
	PhaseResume Phase = "resume"
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
	// Suspend shapes the payload the call suspended with; its dynamic
	// type is the tool's suspend type S ([WithSuspend]).
	// [SuspendTransform] adapts a function typed by S.
	Suspend func(ctx context.Context, in In, payload any) (any, error)
	// Resume shapes the data the call resumes with; its dynamic type is
	// the tool's resume type R. [ResumeTransform] adapts a function typed
	// by R.
	Resume func(ctx context.Context, in In, data any) (any, error)
}

// SuspendTransform adapts fn, typed by a tool's suspend type S, to
// [Transforms.Suspend]. A payload of another type fails the transform,
// which shows the [Placeholder].
func SuspendTransform[In, S any](fn func(ctx context.Context, in In, payload S) (any, error)) func(context.Context, In, any) (any, error) {
	return func(ctx context.Context, in In, payload any) (any, error) {
		p, ok := payload.(S)
		if !ok {
			return nil, fmt.Errorf("suspend transform: payload is a %T", payload)
		}
		return fn(ctx, in, p)
	}
}

// ResumeTransform adapts fn, typed by a tool's resume type R, to
// [Transforms.Resume]. Data of another type fails the transform, which
// shows the [Placeholder].
func ResumeTransform[In, R any](fn func(ctx context.Context, in In, data R) (any, error)) func(context.Context, In, any) (any, error) {
	return func(ctx context.Context, in In, data any) (any, error) {
		d, ok := data.(R)
		if !ok {
			return nil, fmt.Errorf("resume transform: data is a %T", data)
		}
		return fn(ctx, in, d)
	}
}

// any reports whether t has a function for any phase.
func (t Transforms[In, Out]) any() bool {
	return t.Input != nil || t.Output != nil || t.Error != nil || t.Approval != nil || t.Progress != nil || t.Data != nil ||
		t.Suspend != nil || t.Resume != nil
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
	// [ProgressReport] in the progress phase, the emitted value in the
	// data phase, the suspend payload in the suspend phase and the resume
	// data in the resume phase.
	Output any
	// Err is the failure, in the error phase.
	Err error
	// Raw is the payload the target gets with no transform: the arguments
	// (input, approval), the output JSON, the error object, the progress
	// report, the emitted data, the suspend payload or the resume data.
	Raw json.RawMessage
}

// TransformPolicy is an agent-wide transform, used for every target and
// phase for which the tool has none of its own. Returning in.Raw passes the
// raw payload through; an error gives the [Placeholder].
type TransformPolicy func(ctx context.Context, in TransformInput) (any, error)
