package uistream_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/baggage"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/uistream"
)

// TestHandlerContinuesTheTrace: the run's invoke_agent span is a child of
// the caller's span: the one a middleware put in the request's context,
// else the one the request's traceparent header names (a browser's), with
// the header's baggage; a request with neither starts a trace.
func TestHandlerContinuesTheTrace(t *testing.T) {
	const (
		headerTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
		headerSpan  = "00f067aa0ba902b7"
	)
	tests := []struct {
		name       string
		header     bool // the request has a traceparent and baggage
		middleware bool // a middleware started a span for the request
		user       string
	}{
		{"traceparent header", true, false, "ada"},
		{"middleware span wins over the header", true, true, ""},
		{"neither", false, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := tracetest.NewSpanRecorder()
			tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
			a := &agent.Agent{ID: "chat-agent", Model: scripted.New(scripted.Text("hello")), Telemetry: &telemetry.Config{
				TracerProvider: tp, Propagator: propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})}}
			var user string
			h := &uistream.Handler{Agent: a, Options: func(r *http.Request, _ *uistream.Request) ([]agent.Option, error) {
				user = baggage.FromContext(r.Context()).Member("user").Value()
				return nil, nil
			}}
			req := httptest.NewRequest(http.MethodPost, "/api/chat", strings.NewReader(userRequest("hi")))
			if tt.header {
				req.Header.Set("traceparent", "00-"+headerTrace+"-"+headerSpan+"-01")
				req.Header.Set("baggage", "user=ada")
			}
			var middleware trace.SpanContext
			if tt.middleware {
				ctx, span := tp.Tracer("http").Start(context.Background(), "POST /api/chat", trace.WithSpanKind(trace.SpanKindServer))
				defer span.End()
				middleware = span.SpanContext()
				req = req.WithContext(ctx)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			require.Equal(t, http.StatusOK, w.Code, w.Body.String())
			assert.Contains(t, w.Body.String(), "hello")

			var run sdktrace.ReadOnlySpan
			for _, s := range rec.Ended() {
				if s.Name() == "invoke_agent chat-agent" {
					run = s
				}
			}
			require.NotNil(t, run, "the run was traced")
			switch {
			case tt.middleware:
				assert.Equal(t, middleware.TraceID(), run.SpanContext().TraceID())
				assert.Equal(t, middleware.SpanID(), run.Parent().SpanID(), "a child of the middleware's span")
			case tt.header:
				assert.Equal(t, headerTrace, run.SpanContext().TraceID().String(), "the caller's trace")
				assert.Equal(t, headerSpan, run.Parent().SpanID().String(), "a child of the caller's span")
				assert.True(t, run.Parent().IsRemote())
			default:
				assert.False(t, run.Parent().IsValid(), "a trace of its own")
			}
			assert.Equal(t, tt.user, user, "the header's baggage, when the header is read")
		})
	}
}
