package tool

import (
	"context"
	"fmt"
)

// Target is an audience of a tool call other than the model.
type Target string

// The targets a transform can shape.
const (
	// TargetDisplay is what a user interface shows: the payloads of the
	// events that an agent run streams.
	TargetDisplay Target = "display"
	// TargetTranscript is what is stored as the record of the run:
	// an agent run's transcript.
	TargetTranscript Target = "transcript"
)

// Transforms are the typed transforms of a [Func] for one target, one per
// phase. The values returned are encoded as JSON.
//
// Transforms with at least one function configure their target: from then
// on, every phase of the target that none of them answers (no function, a
// function that returns nil, fails or panics) is shown as the
// placeholder, never raw, and argument deltas are suppressed unless
// InputDelta answers. The host's policy (an agent's
// toolexec.TransformPolicy), when it configures the target too, is asked
// first. An empty Transforms (what a generated hook
// stub returns) configures nothing: the target gets the raw payloads,
// unless the agent's policy configures it.
//
// A function that returns nil with a nil error gives no answer. To show
// JSON null, return json.RawMessage("null").
type Transforms[In, Out any] struct {
	// InputDelta shapes a piece of the arguments as the model streams
	// them: the delta as it came, not validated, maybe not valid JSON on
	// its own. A string result is the delta's text, any other value its
	// JSON. Without it, the deltas of a configured target are suppressed
	// (tool-call-delta events with Suppressed set and no text). Deltas are
	// shown to the display target only.
	InputDelta func(ctx context.Context, delta string) (any, error)
	// Input shapes the arguments.
	Input func(ctx context.Context, in In) (any, error)
	// Output shapes the output.
	Output func(ctx context.Context, in In, out Out) (any, error)
	// Error shapes a failure of the tool itself. A failure of the
	// arguments, which never decoded into an In, gets the [github.com/toolgen-go/toolgen/tool/toolexec.Placeholder]
	// (or the agent policy's answer).
	Error func(ctx context.Context, in In, err error) (any, error)
	// Approval shapes what the approver is shown.
	Approval func(ctx context.Context, in In) (any, error)
	// Progress shapes a progress report; it is shown to the display
	// target only.
	Progress func(ctx context.Context, in In, p ProgressReport) (any, error)
	// Data shapes data the tool emitted with [Emit]; it is shown to the
	// display target only.
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
// which shows the [github.com/toolgen-go/toolgen/tool/toolexec.Placeholder].
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
// shows the [github.com/toolgen-go/toolgen/tool/toolexec.Placeholder].
func ResumeTransform[In, R any](fn func(ctx context.Context, in In, data R) (any, error)) func(context.Context, In, any) (any, error) {
	return func(ctx context.Context, in In, data any) (any, error) {
		d, ok := data.(R)
		if !ok {
			return nil, fmt.Errorf("resume transform: data is a %T", data)
		}
		return fn(ctx, in, d)
	}
}

// configured reports whether t has a function for any phase, and so
// configures its target.
func (t Transforms[In, Out]) configured() bool {
	return t.InputDelta != nil || t.Input != nil || t.Output != nil || t.Error != nil ||
		t.Approval != nil || t.Progress != nil || t.Data != nil || t.Suspend != nil || t.Resume != nil
}

// erase returns t with its input and output typed by any, for hosts that
// hold a call's values as any: a value of another type is taken as the
// zero In or Out. It is nil when t configures nothing.
func (t Transforms[In, Out]) erase() *Transforms[any, any] {
	if !t.configured() {
		return nil
	}
	in := func(v any) In { x, _ := v.(In); return x }
	e := &Transforms[any, any]{InputDelta: t.InputDelta}
	if fn := t.Input; fn != nil {
		e.Input = func(ctx context.Context, v any) (any, error) { return fn(ctx, in(v)) }
	}
	if fn := t.Output; fn != nil {
		e.Output = func(ctx context.Context, v, out any) (any, error) { o, _ := out.(Out); return fn(ctx, in(v), o) }
	}
	if fn := t.Error; fn != nil {
		e.Error = func(ctx context.Context, v any, err error) (any, error) { return fn(ctx, in(v), err) }
	}
	if fn := t.Approval; fn != nil {
		e.Approval = func(ctx context.Context, v any) (any, error) { return fn(ctx, in(v)) }
	}
	if fn := t.Progress; fn != nil {
		e.Progress = func(ctx context.Context, v any, p ProgressReport) (any, error) { return fn(ctx, in(v), p) }
	}
	if fn := t.Data; fn != nil {
		e.Data = func(ctx context.Context, v, data any) (any, error) { return fn(ctx, in(v), data) }
	}
	if fn := t.Suspend; fn != nil {
		e.Suspend = func(ctx context.Context, v, payload any) (any, error) { return fn(ctx, in(v), payload) }
	}
	if fn := t.Resume; fn != nil {
		e.Resume = func(ctx context.Context, v, data any) (any, error) { return fn(ctx, in(v), data) }
	}
	return e
}
