// Command service is toolgen's example of tools that are methods: the
// methods of *Service marked //tool: become ServiceTools(s), bound to one
// Service value. The issue types come from another package, are recursive
// (comments have replies) and use constant enums.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/toolgen-go/toolgen/examples/internal/otelsetup"
	"github.com/toolgen-go/toolgen/examples/service/tracker"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

func main() {
	stop := otelsetup.Start("service", os.Stderr) // with OTEL_EXPORTER_OTLP_ENDPOINT or the like set; see docs/telemetry.md
	err := run(context.Background(), os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "service:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, w io.Writer) error {
	created := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	s := &Service{issues: []tracker.Issue{
		{ID: 1, Title: "Login page times out", Status: tracker.Open, Priority: tracker.Urgent, Created: created},
		{ID: 2, Title: "Typo in footer", Status: tracker.Open, Priority: tracker.Low, Created: created},
		{ID: 3, Title: "Export to CSV", Status: tracker.InProgress, Priority: tracker.Normal, Created: created},
	}}
	tools := ServiceTools(s)
	for _, key := range tools.Keys() {
		fmt.Fprintf(w, "tool %s: %s\n", key, tools[key].Spec().Description)
	}
	calls := []struct{ key, args string }{
		{"find-issues", `{"status": "open", "limit": 1}`},
		{"addComment", `{"issue": 1, "comment": {"author": "ana", "body": "Seen on mobile too.", "replies": [{"author": "bo", "body": "Fixed in #4."}]}}`},
		{"addComment", `{"issue": 9, "comment": {"author": "ana", "body": "?"}}`},
	}
	// Each call as a host runs it (toolexec.Execute): checked arguments,
	// a failure as the message a model would read, and, with an
	// OpenTelemetry SDK installed, an execute_tool span.
	for i, c := range calls {
		call := toolexec.ToolCall{ID: fmt.Sprintf("call_%d", i+1), Name: c.key, Arguments: json.RawMessage(c.args)}
		o, err := toolexec.Execute(ctx, tools, call, nil)
		if err != nil {
			return err
		}
		if o.Err != nil {
			fmt.Fprintf(w, "%s -> error: %s\n", c.key, o.Err.Message)
			continue
		}
		fmt.Fprintf(w, "%s -> %s\n", c.key, o.Output.JSON)
	}
	return nil
}
