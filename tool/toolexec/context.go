package toolexec

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

// This file sets what a call's ctx carries for the tool package to read:
// the call's identity, the argument limits, where progress and data go,
// whether outputs are validated.

// WithCallInfo returns a ctx that carries ci, for code that runs tools
// outside an agent loop (an MCP server, a test) and wants [tool.CallInfoFrom] to work
// in them as it does in the loop.
func WithCallInfo(ctx context.Context, ci tool.CallInfo) context.Context {
	return context.WithValue(ctx, callctx.CallInfoKey, ci)
}

// WithLimits returns a ctx that carries l. [tool.Func.Prepare] bounds
// the arguments by the limits of its ctx (see [LimitsFrom]); the agent loop
// and the MCP server set them from their options.
func WithLimits(ctx context.Context, l schema.Limits) context.Context {
	return context.WithValue(ctx, callctx.LimitsKey, l)
}

// LimitsFrom returns the argument limits ctx carries, or the zero Limits,
// which means the defaults.
func LimitsFrom(ctx context.Context) schema.Limits {
	if ctx == nil {
		return schema.Limits{}
	}
	l, _ := ctx.Value(callctx.LimitsKey).(schema.Limits)
	return l
}

// Reporter receives what a tool reports while it runs: [tool.Progress] and
// [tool.Emit] call it. The agent loop and the MCP server install their own with
// [WithReporter]; code that runs tools in other ways may install one too.
// Either function may be nil, which drops those reports. They are never
// called concurrently for one ctx, and never after the stop function of
// [WithReporter] has returned.
type Reporter struct {
	// Progress receives a progress report.
	Progress func(tool.ProgressReport)
	// Data receives data the tool emitted: the value given to [tool.Emit] and
	// its JSON encoding.
	Data func(value any, raw json.RawMessage)
}

// reporter delivers the reports of one call, one at a time, until stopped.
type reporter struct {
	mu      sync.Mutex
	stopped bool
	r       Reporter
}

func (rp *reporter) Progress(p tool.ProgressReport) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if !rp.stopped && rp.r.Progress != nil {
		rp.r.Progress(p)
	}
}

func (rp *reporter) Data(v any, raw json.RawMessage) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if !rp.stopped && rp.r.Data != nil {
		rp.r.Data(v, raw)
	}
}

func (rp *reporter) stop() {
	rp.mu.Lock()
	rp.stopped = true
	rp.mu.Unlock()
}

// WithReporter returns a ctx whose tool reports go to r, replacing any
// reporter ctx had, and a function that ends the delivery: reports made
// after it has returned (by a tool that outlives its call's timeout, say)
// are dropped. Call it when the call has finished.
func WithReporter(ctx context.Context, r Reporter) (context.Context, func()) {
	rp := &reporter{r: r}
	return context.WithValue(ctx, callctx.ReporterKey, rp), rp.stop
}

// ValidatingOutputs returns a ctx under which a [tool.Func] checks its output
// against its Spec.OutputSchema after each run, for [tool.Call] and the MCP
// server as the agent loop does with [github.com/toolgen-go/toolgen/agent.WithOutputValidation]. An output that
// does not match is an [Error] of kind [KindInvalidOutput].
func ValidatingOutputs(ctx context.Context) context.Context {
	return context.WithValue(ctx, callctx.OutputValidationKey, true)
}
