package tool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/schema"
)

// WithSuspend declares that the calls of f may suspend themselves with a
// payload of type S ([Suspend]) and resume with data of type R
// ([ResumeData]). The Spec's SuspendSchema and ResumeSchema describe the
// two types: toolgen generates them, and this call, from the directive
// options suspend= and resume=. Resume data is checked against the resume
// schema (a Spec without one checks none) and decoded into R with the
// rules of arguments (see [Func.Prepare]) before the tool runs again.
//
// It is a function, not a method, because Go methods cannot take type
// parameters: write tool.WithSuspend[Ask, Reply](NewFunc(…)).
func WithSuspend[S, R, In, Out any](f *Func[In, Out]) *Func[In, Out] {
	raw := f.spec.ResumeSchema
	if len(raw) == 0 {
		raw = json.RawMessage("true")
	}
	resume := schema.New(f.spec.ID, "resume", raw)
	st := &callctx.SuspendTypes{Payload: reflect.TypeFor[S](), Resume: reflect.TypeFor[R]()}
	st.Decode = func(ctx context.Context, data []byte) (v any, err error) {
		defer func() {
			if p := recover(); p != nil {
				v, err = nil, fmt.Errorf("read the resume data of %s: %w", f.spec.ID, &callctx.PanicError{Value: p})
			}
		}()
		var r R
		if err := resume.Read(data, limitsFrom(ctx), false, &r); err != nil {
			return nil, err
		}
		return r, nil
	}
	f.setHooks().suspend = st
	return f
}

// Suspend pauses the tool call running under ctx and its agent run, with
// payload for whoever answers it: the run ends with [github.com/toolgen-go/toolgen/agent.FinishSuspended] (or
// pauses with the step's other waiting calls), a tool-call-suspended event
// whose payload is the display form of payload, and a [github.com/toolgen-go/toolgen/agent.PendingCall] of
// kind [github.com/toolgen-go/toolgen/agent.PendingSuspended]. [github.com/toolgen-go/toolgen/agent.Agent.Resume], given resume data for the call
// ([github.com/toolgen-go/toolgen/agent.ResumeWith]), runs the tool again with the same input; [ResumeData]
// then returns the data. The tool should return the error Suspend
// returns:
//
//	reply, resumed := tool.ResumeData[ConfirmReply](ctx)
//	if !resumed {
//		return Out{}, tool.Suspend(ctx, ConfirmRequest{Question: "Book it?"})
//	}
//
// The call suspends even if the tool returns something else. S must be
// the tool's suspend type ([WithSuspend]; toolgen's suspend= option); a
// call outside an agent run (an MCP server, [Call]), of a tool without
// suspend types, with a payload of another type or one that does not
// encode as JSON, does not suspend: the error says why, and the call
// fails with it.
func Suspend[S any](ctx context.Context, payload S) error {
	c := callctx.From(ctx)
	if c == nil {
		return errors.New("tool.Suspend: the call cannot suspend: only an agent run can pause and resume it")
	}
	raw, err := json.Marshal(&payload) // addressable, as in Func's Run
	return c.Suspend("tool.Suspend", reflect.TypeFor[S](), payload, raw, err)
}

// ResumeData returns the resume data of the tool call running under ctx,
// decoded into its resume type, and true, when the call runs again after
// suspending itself ([Suspend]); otherwise the zero R and false. R must be
// the tool's resume type ([WithSuspend]; toolgen's resume= option): another
// type panics, which the run reports as the tool's failure.
func ResumeData[R any](ctx context.Context) (R, bool) {
	var zero R
	c := callctx.From(ctx)
	if c == nil || !c.Resumed {
		return zero, false
	}
	v, ok := c.ResumeValue.(R)
	if !ok {
		panic(fmt.Sprintf("tool.ResumeData[%s]: tool %q resumes with a %T", reflect.TypeFor[R](), c.Tool, c.ResumeValue))
	}
	return v, true
}

// SuspendPayload returns the payload with which the tool call running
// under ctx suspended itself, decoded into S, and true, when the call runs
// again with resume data ([ResumeData]); otherwise the zero S and false.
// Mastra gives a resumed tool the same (suspendPayload). S must be the
// tool's suspend type: another type panics, which the run reports as the
// tool's failure.
func SuspendPayload[S any](ctx context.Context) (S, bool) {
	var zero S
	c := callctx.From(ctx)
	if c == nil || !c.Resumed || len(c.SuspendedWith) == 0 {
		return zero, false
	}
	if c.Types == nil || reflect.TypeFor[S]() != c.Types.Payload {
		panic(fmt.Sprintf("tool.SuspendPayload[%s]: tool %q does not suspend with that type", reflect.TypeFor[S](), c.Tool))
	}
	var s S
	if err := json.Unmarshal(c.SuspendedWith, &s); err != nil {
		panic(fmt.Sprintf("tool.SuspendPayload[%s]: tool %q: %v", reflect.TypeFor[S](), c.Tool, err))
	}
	return s, true
}
