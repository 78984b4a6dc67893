package toolexec_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// TestExecuteTelemetry: each call of Execute is one execute_tool span
// (INTERNAL, a child of ctx's span) with the conventions' attributes, and
// error.type set to the failure's Kind; with content capture, the
// arguments and result as the tool's display transforms show them.
func TestExecuteTelemetry(t *testing.T) {
	approve := func(ok bool) *toolexec.ExecuteOptions {
		return &toolexec.ExecuteOptions{Approve: func(context.Context, toolexec.ApprovalRequest) (bool, error) { return ok, nil }}
	}
	tests := []struct {
		name    string
		call    toolexec.ToolCall
		opts    *toolexec.ExecuteOptions
		capture bool
		attrs   map[string]any // beyond the four every span has
		events  []map[string]any
		status  codes.Code
	}{
		{"success", toolexec.ToolCall{ID: "c1", Name: "greet", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil, false,
			nil, nil, codes.Unset},
		{"captured", toolexec.ToolCall{ID: "c1", Name: "greet", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil, true,
			map[string]any{"gen_ai.tool.call.arguments": `{"name":"Ada"}`, "gen_ai.tool.call.result": `{"text":"hello Ada","call":"greet/c1"}`}, nil, codes.Unset},
		{"hidden by a transform", toolexec.ToolCall{ID: "c1", Name: "masked", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil, true,
			map[string]any{"gen_ai.tool.call.arguments": `{"who":"someone"}`, "gen_ai.tool.call.result": toolexec.Placeholder}, nil, codes.Unset},
		{"unknown tool", toolexec.ToolCall{ID: "c2", Name: "greeet"}, nil, false,
			map[string]any{"error.type": "unknown-tool"}, nil, codes.Error},
		{"invalid arguments", toolexec.ToolCall{ID: "c3", Name: "greet", Arguments: json.RawMessage(`{"name":1}`)}, nil, false,
			map[string]any{"error.type": "invalid-arguments"}, nil, codes.Error},
		{"tool error", toolexec.ToolCall{ID: "c4", Name: "fail", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil, false,
			map[string]any{"error.type": "tool-failed"}, nil, codes.Error},
		{"panic", toolexec.ToolCall{ID: "c5", Name: "boom", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil, false,
			map[string]any{"error.type": "panic"}, nil, codes.Error},
		{"approved", toolexec.ToolCall{ID: "c6", Name: "guarded", Arguments: json.RawMessage(`{"name":"Ada"}`)}, approve(true), false,
			nil, []map[string]any{{"event": "toolgen.tool.approval", "toolgen.approval.approved": true}}, codes.Unset},
		{"declined", toolexec.ToolCall{ID: "c7", Name: "guarded", Arguments: json.RawMessage(`{"name":"Ada"}`)}, approve(false), false,
			map[string]any{"error.type": "declined"}, []map[string]any{{"event": "toolgen.tool.approval", "toolgen.approval.approved": false}}, codes.Error},
	}
	set := greetSet()
	set["masked"] = tool.NewFunc(&tool.Spec{ID: "masked", Description: "Greets in secret.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, greetIn) (greetOut, error) { return greetOut{Text: "hello"}, nil }).
		WithTransform(tool.TargetDisplay, tool.Transforms[greetIn, greetOut]{
			Input: func(context.Context, greetIn) (any, error) { return map[string]string{"who": "someone"}, nil },
		})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := tracetest.NewSpanRecorder()
			tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
			opts := tt.opts
			if opts == nil {
				opts = &toolexec.ExecuteOptions{}
			}
			opts.Telemetry = &telemetry.Config{TracerProvider: tp, CaptureContent: &tt.capture}
			ctx, parent := tp.Tracer("test").Start(t.Context(), "host")
			_, err := toolexec.Execute(ctx, set, tt.call, opts)
			require.NoError(t, err)
			parent.End()

			spans := rec.Ended()
			require.Len(t, spans, 2, "one span for the call, one for the host")
			s := spans[0]
			assert.Equal(t, "execute_tool "+tt.call.Name, s.Name())
			assert.Equal(t, trace.SpanKindInternal, s.SpanKind())
			assert.Equal(t, parent.SpanContext().SpanID(), s.Parent().SpanID())
			want := map[string]any{"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": tt.call.Name, "gen_ai.tool.type": "function", "gen_ai.tool.call.id": tt.call.ID}
			if tt.call.Name == "masked" {
				want["gen_ai.tool.description"] = "Greets in secret."
			}
			for k, v := range tt.attrs {
				want[k] = v
			}
			got := map[string]any{}
			for _, kv := range s.Attributes() {
				got[string(kv.Key)] = kv.Value.AsInterface()
			}
			assert.Equal(t, want, got)
			var events []map[string]any
			for _, e := range s.Events() {
				ev := map[string]any{"event": e.Name}
				for _, kv := range e.Attributes {
					ev[string(kv.Key)] = kv.Value.AsInterface()
				}
				events = append(events, ev)
			}
			assert.Equal(t, tt.events, events)
			assert.Equal(t, tt.status, s.Status().Code)
		})
	}
}
