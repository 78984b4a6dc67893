package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sync"
)

// ProgressReport is how far a running tool has got, as [Progress] reports
// it.
type ProgressReport struct {
	// Progress is the work done so far, in units the tool chooses. It
	// should increase with every report of a call, as MCP requires.
	Progress float64 `json:"progress"`
	// Total is the work there is in all, or 0 when it is not known.
	Total float64 `json:"total,omitempty"`
	// Message says what the tool is doing, for a person.
	Message string `json:"message,omitempty"`
}

// Reporter receives what a tool reports while it runs: [Progress] and
// [Emit] call it. The agent loop and the MCP server install their own with
// [WithReporter]; code that runs tools in other ways may install one too.
// Either function may be nil, which drops those reports. They are never
// called concurrently for one ctx, and never after the stop function of
// [WithReporter] has returned.
type Reporter struct {
	// Progress receives a progress report.
	Progress func(ProgressReport)
	// Data receives data the tool emitted: the value given to [Emit] and
	// its JSON encoding.
	Data func(value any, raw json.RawMessage)
}

// reporter delivers the reports of one call, one at a time, until stopped.
type reporter struct {
	mu      sync.Mutex
	stopped bool
	r       Reporter
}

func (rp *reporter) progress(p ProgressReport) {
	rp.mu.Lock()
	defer rp.mu.Unlock()
	if !rp.stopped && rp.r.Progress != nil {
		rp.r.Progress(p)
	}
}

func (rp *reporter) data(v any, raw json.RawMessage) {
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
	return context.WithValue(ctx, reporterKey, rp), rp.stop
}

// Progress reports that the tool running under ctx has done progress of
// total units of work (total 0: unknown), with an optional message for a
// person. In an agent run that streams, it becomes an [EventToolProgress];
// under MCP, a notifications/progress message when the client asked for
// progress. Elsewhere, and when progress or total is not a finite number,
// it does nothing. It is safe for concurrent use and cheap enough to call
// often, though a client is better served by a few reports than by many.
func Progress(ctx context.Context, progress, total float64, message string) {
	rp, _ := ctx.Value(reporterKey).(*reporter)
	if rp == nil || !finite(progress) || !finite(total) {
		return
	}
	rp.progress(ProgressReport{Progress: progress, Total: total, Message: message})
}

// Emit sends data from the tool running under ctx to whoever is watching
// the call, before the tool returns: partial results, rows as they are
// read, a status object. In an agent run that streams, it becomes an
// [EventToolOutput] whose payload is the display form of data (data as
// JSON when nothing configures the display, else the answer of the agent's
// policy or the tool's Data transform, or the [Placeholder]; see
// [TransformPolicy]); under MCP, a log message (notifications/message,
// level "info", the tool's name as the logger) when the client has set a
// log level. The model never sees it:
// it sees the tool's result. Emit returns an error only when data cannot
// be encoded as JSON; with no one watching it does nothing else.
func Emit(ctx context.Context, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("emit tool data: %w", err)
	}
	if rp, _ := ctx.Value(reporterKey).(*reporter); rp != nil {
		rp.data(data, raw)
	}
	return nil
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
