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
	// PhaseInputDelta: a piece of the call's arguments as the model
	// streams them (tool-call-delta events), before they are complete and
	// checked. It is shown to the display target only.
	PhaseInputDelta Phase = "input-delta"
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

// Placeholder is the payload a target gets, in place of the raw payload,
// in every phase that the target's transforms leave unanswered: a phase
// with no transform, a transform that gives no answer (nil), fails, panics
// or returns something that cannot be encoded. It has the shape of Mastra's
// placeholder, an object with a message; Mastra names the phase in the
// message, which the event's type already says here.
const Placeholder = `{"message":"Tool payload unavailable"}`

// Transforms are the typed transforms of a [Func] for one target, one per
// phase. The values returned are encoded as JSON.
//
// Transforms with at least one function configure their target: from then
// on, every phase of the target that none of them answers (no function, a
// function that returns nil, fails or panics) is shown as the
// [Placeholder], never raw, and argument deltas are suppressed unless
// InputDelta answers. The agent's [TransformPolicy], when it configures the
// target too, is asked first. An empty Transforms (what a generated hook
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
	// arguments, which never decoded into an In, gets the [Placeholder]
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

// configured reports whether t has a function for any phase, and so
// configures its target.
func (t Transforms[In, Out]) configured() bool {
	return t.InputDelta != nil || t.Input != nil || t.Output != nil || t.Error != nil ||
		t.Approval != nil || t.Progress != nil || t.Data != nil || t.Suspend != nil || t.Resume != nil
}

// ToolTransformer is implemented by a [Tool] whose transforms are known
// before a call is prepared; [Func] implements it. The agent loop asks it
// which targets the tool configures (so that a phase without a transform,
// or a call whose arguments did not decode, shows the [Placeholder]) and
// how to shape argument deltas, which stream before there is an
// [Invocation]. A Tool that does not implement it configures no target:
// its [Invocation.Transform] is still asked phase by phase, and a phase
// it answers is shaped, but the others pass raw unless the agent's policy
// configures the target.
type ToolTransformer interface {
	// TransformsTarget reports whether the tool's transforms configure
	// target.
	TransformsTarget(target Target) bool
	// TransformInputDelta shapes a piece of a call's arguments for target.
	// ok is false when the tool has no input-delta transform for target.
	TransformInputDelta(ctx context.Context, target Target, delta string) (v any, ok bool, err error)
}

// TransformInput is what a [TransformPolicy] is given.
type TransformInput struct {
	// Target and Phase say what is being shaped.
	Target Target
	Phase  Phase
	// ToolName and ToolCallID identify the call.
	ToolName   string
	ToolCallID string
	// Input is the typed input, nil when the arguments did not decode and
	// in the input-delta phase.
	Input any
	// Output is the typed output in the output phase, the
	// [ProgressReport] in the progress phase, the emitted value in the
	// data phase, the suspend payload in the suspend phase and the resume
	// data in the resume phase.
	Output any
	// Err is the failure, in the error phase.
	Err error
	// Delta is the piece of the arguments, in the input-delta phase.
	Delta string
	// Raw is the payload the target gets with no transform: the arguments
	// (input, approval; null when they did not decode), the output JSON,
	// the error object, the progress report, the emitted data, the delta
	// as a JSON string, the suspend payload or the resume data.
	Raw json.RawMessage
}

// TransformPolicy is the agent's transform of tool payloads, Mastra's
// agent-level transform option ({transformToolPayload, targets}). It is
// one function for every phase, and it configures the targets it names.
//
// For a target that the policy or the tool's [Transforms] configure, each
// payload goes through a chain, as in Mastra: the policy's Func first;
// when it gives no answer (nil, nil), the tool's transform for the phase;
// when that gives none either, or there is none, the [Placeholder]. The
// first answer is the payload. An error or a panic of either ends the
// chain with the Placeholder (the tool's transform is not asked after a
// failing policy). Returning in.Raw passes the raw payload through. For a
// target that neither configures, the raw payload passes untouched.
//
// The policy is a struct, not a bare function, because "configured for a
// target" must be known without calling it: a policy that answers the
// display target's output and nothing else would otherwise turn every
// phase of the transcript into the Placeholder.
type TransformPolicy struct {
	// Targets are the targets the policy configures. nil means every
	// target; an empty non-nil list configures none (Mastra's
	// targets: []).
	Targets []Target
	// Func shapes one payload. Without it the policy configures nothing.
	Func func(ctx context.Context, in TransformInput) (any, error)
}

// Configures reports whether p configures target: it has a Func and its
// Targets are nil or list target.
func (p TransformPolicy) Configures(target Target) bool {
	if p.Func == nil {
		return false
	}
	if p.Targets == nil {
		return true
	}
	for _, t := range p.Targets {
		if t == target {
			return true
		}
	}
	return false
}

// toolConfigures reports whether tool's own transforms configure target.
func toolConfigures(tool Tool, target Target) bool {
	tt, ok := tool.(ToolTransformer)
	return ok && tt.TransformsTarget(target)
}

// shaping is what the transforms of a target made of one payload.
type shaping int

const (
	// passRaw: nothing configures the target; the raw payload passes.
	passRaw shaping = iota
	// answered: a transform gave a value.
	answered
	// hidden: the target is configured and nothing answered, or a
	// transform failed or panicked.
	hidden
)

// shape runs the transforms of target for one payload, as Mastra's
// transformOneTarget does (src/tools/payload-transform.ts): the policy,
// when it configures target, then own, the tool's transform for the phase
// (ok false when it has none). It never panics.
func shape(ctx context.Context, policy TransformPolicy, target Target, tool Tool, input func() TransformInput, own func() (any, bool, error)) (v any, how shaping) {
	defer func() {
		if p := recover(); p != nil {
			v, how = nil, hidden
		}
	}()
	byPolicy := policy.Configures(target)
	if byPolicy {
		v, err := policy.Func(ctx, input())
		if err != nil {
			return nil, hidden
		}
		if v != nil {
			return v, answered
		}
	}
	v, ok, err := own()
	switch {
	case ok && err != nil:
		return nil, hidden
	case ok && v != nil:
		return v, answered
	case ok, byPolicy, toolConfigures(tool, target):
		return nil, hidden
	}
	return nil, passRaw
}

// Present returns what in.Target sees of the payload of a call of tool
// (inv, nil when the arguments did not decode) in in.Phase, as the agent
// loop puts it in an event: in.Raw when neither policy nor the tool
// configures the target; else the JSON of the first answer of policy's
// Func and of the tool's transform for the phase; else, or when an answer
// does not encode, the [Placeholder]. It never panics. in.Input is set
// from inv; in.Output is the phase's value (the output, the progress
// report, the emitted data, the suspend payload or the resume data) and
// in.Raw its JSON. An MCP server, which has no policy, passes the zero
// TransformPolicy.
func Present(ctx context.Context, policy TransformPolicy, tool Tool, inv Invocation, in TransformInput) json.RawMessage {
	if inv != nil {
		in.Input = inv.Input()
	}
	own := func() (any, bool, error) {
		if inv == nil {
			return nil, false, nil
		}
		return inv.Transform(ctx, in.Target, in.Phase, &Output{Value: in.Output, JSON: in.Raw}, in.Err)
	}
	v, how := shape(ctx, policy, in.Target, tool, func() TransformInput { return in }, own)
	switch how {
	case passRaw:
		return in.Raw
	case answered:
		if data, ok := encodeShaped(v); ok {
			return data
		}
	}
	return json.RawMessage(Placeholder)
}

// delta shapes a piece of a call's arguments for the display, the only
// target that sees deltas: the raw text when neither the agent's policy
// nor the tool configures the display, the text of the first answer of
// the chain (a string as is, another value as JSON) when one answers,
// else nothing, with Suppressed set.
func (r *runner) delta(ctx context.Context, ev Event, tool Tool, text string) Event {
	input := func() TransformInput {
		raw, _ := json.Marshal(text)
		return TransformInput{Target: TargetDisplay, Phase: PhaseInputDelta, ToolName: ev.ToolName, ToolCallID: ev.ToolCallID, Delta: text, Raw: raw}
	}
	own := func() (any, bool, error) {
		if tt, ok := tool.(ToolTransformer); ok {
			return tt.TransformInputDelta(ctx, TargetDisplay, text)
		}
		return nil, false, nil
	}
	v, how := shape(ctx, r.a.Transform, TargetDisplay, tool, input, own)
	switch how {
	case passRaw:
		ev.Text = text
		return ev
	case answered:
		if s, ok := deltaText(v); ok {
			ev.Text = s
			return ev
		}
	}
	ev.Suppressed = true
	return ev
}

// deltaText is the text of an input-delta transform's answer: a string,
// or the JSON of another value (a JSON string decoded). ok is false when v
// does not encode.
func deltaText(v any) (text string, ok bool) {
	if s, isString := v.(string); isString {
		return s, true
	}
	data, ok := encodeShaped(v)
	if !ok {
		return "", false
	}
	if data[0] == '"' && json.Unmarshal(data, &text) == nil {
		return text, true
	}
	return string(data), true
}

// encodeShaped encodes a transform's answer; ok is false when it cannot be
// encoded, or its MarshalJSON panics.
func encodeShaped(v any) (data json.RawMessage, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			data, ok = nil, false
		}
	}()
	data, err := json.Marshal(v)
	return data, err == nil && len(data) > 0
}
