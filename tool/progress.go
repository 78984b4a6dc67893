package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/toolgen-go/toolgen/internal/callctx"
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

// Progress reports that the tool running under ctx has done progress of
// total units of work (total 0: unknown), with an optional message for a
// person. In an agent run that streams, it becomes an [github.com/toolgen-go/toolgen/agent.EventToolProgress];
// under MCP, a notifications/progress message when the client asked for
// progress. Elsewhere, and when progress or total is not a finite number,
// it does nothing. It is safe for concurrent use and cheap enough to call
// often, though a client is better served by a few reports than by many.
func Progress(ctx context.Context, progress, total float64, message string) {
	rp, _ := ctx.Value(callctx.ReporterKey).(reporter)
	if rp == nil || !finite(progress) || !finite(total) {
		return
	}
	rp.Progress(ProgressReport{Progress: progress, Total: total, Message: message})
}

// Emit sends data from the tool running under ctx to whoever is watching
// the call, before the tool returns: partial results, rows as they are
// read, a status object. In an agent run that streams, it becomes an
// [github.com/toolgen-go/toolgen/agent.EventToolOutput] whose payload is the display form of data (data as
// JSON when nothing configures the display, else the answer of the agent's
// policy or the tool's Data transform, or the [github.com/toolgen-go/toolgen/tool/toolexec.Placeholder]; see
// [github.com/toolgen-go/toolgen/tool/toolexec.TransformPolicy]); under MCP, a log message (notifications/message,
// level "info", the tool's name as the logger) when the client has set a
// log level. The model never sees it:
// it sees the tool's result. Emit returns an error only when data cannot
// be encoded as JSON; with no one watching it does nothing else.
func Emit(ctx context.Context, data any) error {
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("emit tool data: %w", err)
	}
	if rp, _ := ctx.Value(callctx.ReporterKey).(reporter); rp != nil {
		rp.Data(data, raw)
	}
	return nil
}

// reporter receives what a call reports; a host installs one in the
// call's ctx (toolexec.WithReporter).
type reporter interface {
	Progress(ProgressReport)
	Data(value any, raw json.RawMessage)
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
