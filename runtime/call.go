package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The phases of a call outside [Invocation.NeedsApproval] and the event
// streams, as the agent loop and the MCP server run them, with the
// failures the model or client is told of.

// PrepareCall bounds args by the limits of ctx ([LimitsFrom]) and prepares
// the call of t, which the model (or an MCP client) calls name. A panic in
// Prepare is recovered. A failure is what the caller is told of: invalid
// arguments with the runtime's message; a panic as an internal error
// without its value, which might quote the arguments; any other error as
// the tool's.
func PrepareCall(ctx context.Context, name string, t Tool, args json.RawMessage) (inv Invocation, terr *ToolError) {
	if err := CheckArguments(args, LimitsFrom(ctx)); err != nil {
		return nil, prepareError(name, err)
	}
	defer func() {
		if p := recover(); p != nil {
			inv, terr = nil, prepareError(name, &PanicError{Value: p})
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
func prepareError(name string, err error) *ToolError {
	var pe *PanicError
	switch {
	case errors.Is(err, ErrInvalidArguments):
		msg := strings.TrimPrefix(err.Error(), invalidArgumentsPrefix)
		return &ToolError{Kind: KindInvalidArguments, Message: clip("invalid arguments for tool " + quote(name) + ": " + msg), Err: err}
	case errors.As(err, &pe):
		return &ToolError{Kind: KindPanic, Message: "tool " + quote(name) + " failed unexpectedly while reading its arguments (internal error)", Err: err}
	}
	return &ToolError{Kind: KindToolFailed, Message: clip(fmt.Sprintf("tool %s could not prepare the call: %s", quote(name), err)), Err: err}
}

// errCallTimeout is the cause of a call's ctx once its timeout has passed.
var errCallTimeout = fmt.Errorf("the call ran past its timeout: %w", context.DeadlineExceeded)

// RunCall runs inv, then its ModelOutput hook, within timeout when it is
// positive, for the tool called name. A panic in either is recovered. When
// ctx ends or the timeout passes first, the run is abandoned (its
// goroutine finishes on its own) and the call fails. A failure is what the
// caller is told of: a panic, a timeout, a cancellation, the tool's own
// [ToolError], or the tool's error.
func RunCall(ctx context.Context, name string, inv Invocation, timeout time.Duration) (Output, ModelOutput, *ToolError) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, timeout, errCallTimeout)
		defer cancel()
	}
	rc := guardedRun(ctx, inv)
	if rc.err == nil {
		return rc.res, rc.out, nil
	}
	var te *ToolError
	var pe *PanicError
	switch err := rc.err; {
	case errors.As(err, &pe):
		return Output{}, ModelOutput{}, &ToolError{Kind: KindPanic, Message: clip(fmt.Sprintf("tool %q failed unexpectedly (panic: %v)", name, pe.Value)), Err: err}
	case errors.Is(context.Cause(ctx), errCallTimeout):
		return Output{}, ModelOutput{}, &ToolError{Kind: KindTimeout, Message: fmt.Sprintf("tool %q did not finish within %s", name, timeout.Round(time.Millisecond)), Err: err}
	case ctx.Err() != nil:
		return Output{}, ModelOutput{}, cancelledError(name, err)
	case errors.As(err, &te):
		return Output{}, ModelOutput{}, &ToolError{Kind: te.Kind, Message: te.Message, Err: err}
	default:
		return Output{}, ModelOutput{}, &ToolError{Kind: KindToolFailed, Message: clip(fmt.Sprintf("tool %q failed: %v", name, err)), Err: err}
	}
}

// cancelledError is the failure of a call of the tool called name that
// ctx ended, with err.
func cancelledError(name string, err error) *ToolError {
	return &ToolError{Kind: KindCancelled, Message: fmt.Sprintf("the call of %q was cancelled", name), Err: err}
}

type ranCall struct {
	res Output
	out ModelOutput
	err error
}

// guardedRun runs inv and converts its result for the model, recovering
// panics. When ctx can end, the run is abandoned at its end.
func guardedRun(ctx context.Context, inv Invocation) ranCall {
	run := func() (rc ranCall) {
		defer func() {
			if p := recover(); p != nil {
				rc = ranCall{err: &PanicError{Value: p}}
			}
		}()
		res, err := inv.Run(ctx)
		if err != nil {
			return ranCall{err: err}
		}
		out, err := inv.ModelOutput(ctx, res)
		if err != nil {
			return ranCall{err: &ToolError{Kind: KindOutput, Message: "the tool's output could not be converted for the model", Err: err}}
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
