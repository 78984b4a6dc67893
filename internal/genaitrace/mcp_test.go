package genaitrace

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/toolgen-go/toolgen/telemetry"
)

// TestMCPClientCall: the MCP attributes go to the execute_tool span only
// when it is the current span of the call's ctx, not to a span a tool
// started inside it, nor to a span that is not toolgen's.
func TestMCPClientCall(t *testing.T) {
	tests := []struct {
		name      string
		ctx       func(tp *sdktrace.TracerProvider, tool *Tool) context.Context
		annotated string // the span that gets the attributes, "" for none
	}{
		{"the call's ctx", func(_ *sdktrace.TracerProvider, tool *Tool) context.Context {
			return tool.In(t.Context())
		}, "execute_tool echo"},
		{"a span inside the call", func(tp *sdktrace.TracerProvider, tool *Tool) context.Context {
			ctx, span := tp.Tracer("test").Start(tool.In(t.Context()), "inner")
			span.End()
			return ctx
		}, ""},
		{"not a tool call", func(tp *sdktrace.TracerProvider, _ *Tool) context.Context {
			ctx, span := tp.Tracer("test").Start(t.Context(), "other")
			span.End()
			return ctx
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := tracetest.NewSpanRecorder()
			tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
			tool := Resolve(t.Context(), &telemetry.Config{TracerProvider: tp}).StartTool(t.Context(), ToolInfo{Name: "echo"})
			MCPClientCall(tt.ctx(tp, tool), MCPRequest{SessionID: "s1", ProtocolVersion: "2025-11-25"})
			tool.End("")
			spans := rec.Ended()
			require.NotEmpty(t, spans)
			for _, s := range spans {
				got := map[string]any{}
				for _, kv := range s.Attributes() {
					got[string(kv.Key)] = kv.Value.AsInterface()
				}
				if s.Name() == tt.annotated {
					assert.Equal(t, "tools/call", got["mcp.method.name"])
					assert.Equal(t, "s1", got["mcp.session.id"])
					assert.Equal(t, "2025-11-25", got["mcp.protocol.version"])
				} else {
					assert.NotContains(t, got, "mcp.method.name", s.Name())
				}
			}
		})
	}
}

// TestPropagator: a call's own configuration, else its run's, else the
// global propagator.
func TestPropagator(t *testing.T) {
	own, runs := propagation.TraceContext{}, propagation.Baggage{}
	run := Resolve(t.Context(), &telemetry.Config{Propagator: runs}).Bind(t.Context())
	assert.Equal(t, own, Propagator(run, &telemetry.Config{Propagator: own}))
	assert.Equal(t, runs, Propagator(run, nil))
	assert.Equal(t, (*telemetry.Config)(nil).TextMapPropagator(), Propagator(t.Context(), nil))
}
