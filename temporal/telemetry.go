package temporal

import (
	"fmt"

	"go.opentelemetry.io/otel"
	"go.temporal.io/sdk/contrib/opentelemetry"
	"go.temporal.io/sdk/interceptor"

	"github.com/toolgen-go/toolgen/telemetry"
)

// TracerName is the instrumentation scope of the spans of
// [TracingInterceptor]: Temporal's own.
const TracerName = "temporal-sdk-go"

// TracingInterceptor returns Temporal's OpenTelemetry tracing interceptor
// (go.temporal.io/sdk/contrib/opentelemetry), which makes a durable run
// one trace across processes and workers: the caller's span, then
// StartWorkflow, RunWorkflow, StartActivity and RunActivity spans, child
// workflows (subagents) included, carried in Temporal's headers. Set it in
// the client.Options.Interceptors of the clients that start runs and of
// those that workers are made from (a worker takes its client's
// interceptors):
//
//	ti, err := temporal.TracingInterceptor(nil)
//	...
//	c, err := client.Dial(client.Options{Interceptors: []interceptor.ClientInterceptor{ti}})
//
// Temporal's spans come from cfg's TracerProvider (nil: the global one),
// under the scope [TracerName]; its headers are written with cfg's
// Propagator, and by default with W3C Trace Context and Baggage, as every
// Temporal SDK reads them. cfg may be nil.
//
// The agent's loop runs in workflow code, which runs again on every
// replay: it records nothing. The model requests and tool calls record
// their chat and execute_tool spans and their metrics in their
// activities, children of the RunActivity spans, with the agent's
// Telemetry.
func TracingInterceptor(cfg *telemetry.Config) (interceptor.Interceptor, error) {
	tp := otel.GetTracerProvider()
	opts := opentelemetry.TracerOptions{}
	if cfg != nil {
		if cfg.TracerProvider != nil {
			tp = cfg.TracerProvider
		}
		opts.TextMapPropagator = cfg.Propagator
	}
	opts.Tracer = tp.Tracer(TracerName)
	ti, err := opentelemetry.NewTracingInterceptor(opts)
	if err != nil {
		return nil, fmt.Errorf("temporal: tracing interceptor: %w", err)
	}
	return ti, nil
}
