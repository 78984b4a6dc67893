package toolexec

import (
	"context"
	"encoding/json"

	"github.com/toolgen-go/toolgen/tool"
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
	// PhaseSuspend: the payload a call suspended itself with ([tool.Suspend];
	// tool-call-suspended events).
	PhaseSuspend Phase = "suspend"
	// PhaseResume: the data a suspended call resumes with ([tool.ResumeData];
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

// Transformer is implemented by a [tool.Tool] with transforms of its own:
// [tool.Func] implements it with the transforms set by
// [tool.Func.WithTransform]. Transforms returns nil for a target the tool
// does not configure. Present asks it which targets the tool configures,
// so that a phase without a transform, or a call whose arguments did not
// decode, shows the [Placeholder], and PresentDelta asks it how to shape
// argument deltas, which stream before there is a [tool.Invocation]. A
// Tool that does not implement it configures no target.
type Transformer interface {
	Transforms(target tool.Target) *tool.Transforms[any, any]
}

// transformsOf returns the transforms of t for target, or nil.
func transformsOf(t tool.Tool, target tool.Target) *tool.Transforms[any, any] {
	if tt, ok := t.(Transformer); ok {
		return tt.Transforms(target)
	}
	return nil
}

// TransformInput is what a [TransformPolicy] is given.
type TransformInput struct {
	// Target and Phase say what is being shaped.
	Target tool.Target
	Phase  Phase
	// ToolName and ToolCallID identify the call.
	ToolName   string
	ToolCallID string
	// Input is the typed input, nil when the arguments did not decode and
	// in the input-delta phase.
	Input any
	// Output is the typed output in the output phase, the
	// [tool.ProgressReport] in the progress phase, the emitted value in the
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
// For a target that the policy or the tool's [tool.Transforms] configure, each
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
	Targets []tool.Target
	// Func shapes one payload. Without it the policy configures nothing.
	Func func(ctx context.Context, in TransformInput) (any, error)
}

// Configures reports whether p configures target: it has a Func and its
// Targets are nil or list target.
func (p TransformPolicy) Configures(target tool.Target) bool {
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
func shape(ctx context.Context, policy TransformPolicy, target tool.Target, tl tool.Tool, input func() TransformInput, own func() (any, bool, error)) (v any, how shaping) {
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
	case ok, byPolicy, transformsOf(tl, target) != nil:
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
func Present(ctx context.Context, policy TransformPolicy, tl tool.Tool, inv tool.Invocation, in TransformInput) json.RawMessage {
	if inv != nil {
		in.Input = inv.Input()
	}
	own := func() (any, bool, error) {
		t := transformsOf(tl, in.Target)
		if inv == nil || t == nil {
			return nil, false, nil
		}
		return phaseTransform(ctx, t, in)
	}
	v, how := shape(ctx, policy, in.Target, tl, func() TransformInput { return in }, own)
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

// phaseTransform runs the transform of t for in.Phase, if t has one.
func phaseTransform(ctx context.Context, t *tool.Transforms[any, any], in TransformInput) (v any, ok bool, err error) {
	switch in.Phase {
	case PhaseInput:
		if t.Input != nil {
			v, err = t.Input(ctx, in.Input)
			return v, true, err
		}
	case PhaseApproval:
		if t.Approval != nil {
			v, err = t.Approval(ctx, in.Input)
			return v, true, err
		}
	case PhaseOutput:
		if t.Output != nil {
			v, err = t.Output(ctx, in.Input, in.Output)
			return v, true, err
		}
	case PhaseError:
		if t.Error != nil {
			v, err = t.Error(ctx, in.Input, in.Err)
			return v, true, err
		}
	case PhaseProgress:
		if t.Progress != nil {
			p, _ := in.Output.(tool.ProgressReport)
			v, err = t.Progress(ctx, in.Input, p)
			return v, true, err
		}
	case PhaseData:
		if t.Data != nil {
			v, err = t.Data(ctx, in.Input, in.Output)
			return v, true, err
		}
	case PhaseSuspend:
		if t.Suspend != nil {
			v, err = t.Suspend(ctx, in.Input, in.Output)
			return v, true, err
		}
	case PhaseResume:
		if t.Resume != nil {
			v, err = t.Resume(ctx, in.Input, in.Output)
			return v, true, err
		}
	}
	return nil, false, nil
}

// PresentDelta returns what the display, the only target that sees
// argument deltas, sees of delta, a piece of the arguments of the call
// callID of tl (the tool called name) as the model streams them: the raw
// text when neither policy nor the tool configures the display; the text
// of the first answer of the chain (a string as is, another value as
// JSON) when one answers; else nothing, and suppressed is true. It never
// panics.
func PresentDelta(ctx context.Context, policy TransformPolicy, tl tool.Tool, name, callID, delta string) (text string, suppressed bool) {
	input := func() TransformInput {
		raw, _ := json.Marshal(delta)
		return TransformInput{Target: tool.TargetDisplay, Phase: PhaseInputDelta, ToolName: name, ToolCallID: callID, Delta: delta, Raw: raw}
	}
	own := func() (any, bool, error) {
		t := transformsOf(tl, tool.TargetDisplay)
		if t == nil || t.InputDelta == nil {
			return nil, false, nil
		}
		v, err := t.InputDelta(ctx, delta)
		return v, true, err
	}
	v, how := shape(ctx, policy, tool.TargetDisplay, tl, input, own)
	switch how {
	case passRaw:
		return delta, false
	case answered:
		if s, ok := deltaText(v); ok {
			return s, false
		}
	}
	return "", true
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
