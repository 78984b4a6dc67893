package toolexec

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

// The phases of a call outside [tool.Invocation.NeedsApproval] and the event
// streams, as the agent loop and the MCP server run them, with the
// failures the model or client is told of.

// Prepare bounds args by the limits of ctx ([LimitsFrom]) and prepares
// the call of t, which the model (or an MCP client) calls name. A panic in
// Prepare is recovered. A failure is what the caller is told of: invalid
// arguments with the argument path's message; a panic as an internal error
// without its value, which might quote the arguments; any other error as
// the tool's.
func Prepare(ctx context.Context, name string, t tool.Tool, args json.RawMessage) (inv tool.Invocation, terr *Error) {
	if err := schema.CheckLimits(args, LimitsFrom(ctx)); err != nil {
		return nil, prepareError(name, err)
	}
	defer func() {
		if p := recover(); p != nil {
			inv, terr = nil, prepareError(name, &callctx.PanicError{Value: p})
		}
	}()
	inv, err := t.Prepare(ctx, args)
	if err != nil {
		return nil, prepareError(name, err)
	}
	return inv, nil
}

// prepareError is the failure of preparing the call of the tool called
// name, which failed with err.
func prepareError(name string, err error) *Error {
	var pe *callctx.PanicError
	switch {
	case errors.Is(err, schema.ErrInvalidArguments):
		msg := strings.TrimPrefix(err.Error(), schema.ErrInvalidArguments.Error()+": ")
		return &Error{Kind: KindInvalidArguments, Message: wording.Clip("invalid arguments for tool " + wording.Quote(name) + ": " + msg), Err: err}
	case errors.As(err, &pe):
		return &Error{Kind: KindPanic, Message: "tool " + wording.Quote(name) + " failed unexpectedly while reading its arguments (internal error)", Err: err}
	}
	return &Error{Kind: KindToolFailed, Message: wording.Clip(fmt.Sprintf("tool %s could not prepare the call: %s", wording.Quote(name), err)), Err: err}
}

// errCallTimeout is the cause of a call's ctx once its timeout has passed.
var errCallTimeout = fmt.Errorf("the call ran past its timeout: %w", context.DeadlineExceeded)

// Run runs inv, then its ModelOutput hook, within timeout when it is
// positive, for the tool called name. A panic in either is recovered. When
// ctx ends or the timeout passes first, the run is abandoned (its
// goroutine finishes on its own) and the call fails. A failure is what the
// caller is told of: a panic, a timeout, a cancellation, the tool's own
// [Error], or the tool's error.
func Run(ctx context.Context, name string, inv tool.Invocation, timeout time.Duration) (tool.Output, llm.ModelOutput, *Error) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, timeout, errCallTimeout)
		defer cancel()
	}
	rc := guardedRun(ctx, inv)
	if rc.err == nil {
		return rc.res, rc.out, nil
	}
	var te *Error
	var pe *callctx.PanicError
	var oe *callctx.OutputError
	switch err := rc.err; {
	case errors.As(err, &pe):
		return tool.Output{}, llm.ModelOutput{}, &Error{Kind: KindPanic, Message: wording.Clip(fmt.Sprintf("tool %q failed unexpectedly (panic: %v)", name, pe.Value)), Err: err}
	case errors.Is(context.Cause(ctx), errCallTimeout):
		return tool.Output{}, llm.ModelOutput{}, &Error{Kind: KindTimeout, Message: fmt.Sprintf("tool %q did not finish within %s", name, timeout.Round(time.Millisecond)), Err: err}
	case ctx.Err() != nil:
		return tool.Output{}, llm.ModelOutput{}, Cancelled(name, err)
	case errors.As(err, &oe):
		kind := KindOutput
		if oe.Invalid {
			kind = KindInvalidOutput
		}
		return tool.Output{}, llm.ModelOutput{}, &Error{Kind: kind, Message: oe.Message, Err: err}
	case errors.As(err, &te):
		return tool.Output{}, llm.ModelOutput{}, &Error{Kind: te.Kind, Message: te.Message, Err: err}
	default:
		return tool.Output{}, llm.ModelOutput{}, &Error{Kind: KindToolFailed, Message: wording.Clip(fmt.Sprintf("tool %q failed: %v", name, err)), Err: err}
	}
}

// Cancelled is the failure of a call of the tool called name that
// ctx ended, with err.
func Cancelled(name string, err error) *Error {
	return &Error{Kind: KindCancelled, Message: fmt.Sprintf("the call of %q was cancelled", name), Err: err}
}

type ranCall struct {
	res tool.Output
	out llm.ModelOutput
	err error
}

// guardedRun runs inv and converts its result for the model, recovering
// panics. When ctx can end, the run is abandoned at its end.
func guardedRun(ctx context.Context, inv tool.Invocation) ranCall {
	run := func() (rc ranCall) {
		defer func() {
			if p := recover(); p != nil {
				rc = ranCall{err: &callctx.PanicError{Value: p}}
			}
		}()
		res, err := inv.Run(ctx)
		if err != nil {
			return ranCall{err: err}
		}
		out, err := inv.ModelOutput(ctx, res)
		if err != nil {
			return ranCall{err: &callctx.OutputError{Message: "the tool's output could not be converted for the model", Err: err}}
		}
		return ranCall{res: res, out: out}
	}
	if ctx.Done() == nil {
		return run()
	}
	ch := make(chan ranCall, 1)
	go func() { ch <- run() }()
	select {
	case rc := <-ch:
		return rc
	case <-ctx.Done():
		return ranCall{err: context.Cause(ctx)}
	}
}
