package temporal_test

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
	tracenoop "go.opentelemetry.io/otel/trace/noop"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/interceptor"
	"go.temporal.io/sdk/worker"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/temporal"
	"github.com/toolgen-go/toolgen/temporal/internal/devserver"
	"github.com/toolgen-go/toolgen/tool"
)

// TestSpansNestUnderTemporals: with Temporal's tracing interceptor on the
// worker, a durable run is one trace: the model requests' chat spans and
// the tool calls' execute_tool spans are children of their RunActivity
// spans, under the workflow's RunWorkflow span; the loop, which runs in
// workflow code, records nothing, not even with an SDK installed as the
// global provider; the metrics are the activities', once per request and
// per call; content, captured, is recorded in the activities.
func TestSpansNestUnderTemporals(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	otel.SetTracerProvider(tp) // what a worker's main does: the workflow must not use it
	t.Cleanup(func() { otel.SetTracerProvider(tracenoop.NewTracerProvider()) })
	reader := sdkmetric.NewManualReader()
	capture := true

	var calls atomic.Int32
	model := scripted.New(
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`), scripted.Call("weather", `{"location":"Oslo"}`), scripted.Call("weather", `{"location":7}`)),
		scripted.Text("Paris and Oslo are at 21.5°C."))
	a := &agent.Agent{ID: "weather-agent", Model: model, Tools: tool.Toolset{"weather": weatherTool(&calls, tool.Spec{})},
		Telemetry: &telemetry.Config{TracerProvider: tp, MeterProvider: sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)), CaptureContent: &capture}}
	ti, err := temporal.TracingInterceptor(&telemetry.Config{TracerProvider: tp})
	require.NoError(t, err)
	env := newEnv(t)
	env.SetWorkerOptions(worker.Options{Interceptors: []interceptor.WorkerInterceptor{ti}})
	require.NoError(t, temporal.Register(env, a))
	env.ExecuteWorkflow(temporal.WorkflowName("weather-agent"), temporal.Input{Prompt: "Weather in Paris and Oslo?"})
	res := result(t, env)
	require.Equal(t, "Paris and Oslo are at 21.5°C.", res.Text)

	spans := rec.Ended()
	byID := map[trace.SpanID]sdktrace.ReadOnlySpan{}
	count := map[string]int{}
	for _, s := range spans {
		byID[s.SpanContext().SpanID()] = s
		count[s.Name()]++
	}
	parent := func(s sdktrace.ReadOnlySpan) string {
		if p, ok := byID[s.Parent().SpanID()]; ok {
			return p.Name()
		}
		return ""
	}
	assert.Equal(t, 2, count["chat"], "one chat span per model request, none from workflow code")
	assert.Equal(t, 2, count["execute_tool weather"], "one per tool activity; the invalid call never reached one")
	assert.Zero(t, count["invoke_agent weather-agent"], "workflow code records no span")
	assert.Equal(t, 1, count["RunWorkflow:toolgen.agent:weather-agent"])
	trace := spans[0].SpanContext().TraceID()
	for _, s := range spans {
		assert.Equal(t, trace, s.SpanContext().TraceID(), "%s is in the run's trace", s.Name())
		got := map[string]any{}
		for _, kv := range s.Attributes() {
			got[string(kv.Key)] = kv.Value.AsInterface()
		}
		switch s.Name() {
		case "chat":
			assert.Equal(t, "RunActivity:toolgen.model:weather-agent", parent(s))
			assert.Contains(t, got["gen_ai.input.messages"], "Weather in Paris and Oslo?")
		case "execute_tool weather":
			assert.Equal(t, "RunActivity:toolgen.tool:weather-agent:weather", parent(s))
			assert.Equal(t, "weather", got["gen_ai.tool.name"])
			assert.NotEmpty(t, got["gen_ai.tool.call.id"])
			assert.Equal(t, "Fetches the current weather for a location.", got["gen_ai.tool.description"])
			assert.Contains(t, []any{`{"location":"Paris"}`, `{"location":"Oslo"}`}, got["gen_ai.tool.call.arguments"])
			assert.Contains(t, got["gen_ai.tool.call.result"], `"tempC":21.5`)
		}
	}

	var rm metricdata.ResourceMetrics
	require.NoError(t, reader.Collect(t.Context(), &rm))
	points := map[string]uint64{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			if h, ok := m.Data.(metricdata.Histogram[float64]); ok {
				for _, dp := range h.DataPoints {
					points[m.Name] += dp.Count
				}
			}
		}
	}
	assert.Equal(t, map[string]uint64{"gen_ai.client.operation.duration": 2, telemetry.MetricToolDuration: 2}, points)
}

// process is one process of TestTraceAcrossWorkers: its tracer provider
// and the spans it recorded.
type process struct {
	rec *tracetest.SpanRecorder
	tp  *sdktrace.TracerProvider
}

func newProcess() process {
	rec := tracetest.NewSpanRecorder()
	return process{rec: rec, tp: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))}
}

// dialTraced dials srv with Temporal's tracing interceptor on p's
// provider.
func dialTraced(t *testing.T, srv *devserver.Server, p process) client.Client {
	t.Helper()
	ti, err := temporal.TracingInterceptor(&telemetry.Config{TracerProvider: p.tp})
	require.NoError(t, err)
	c, err := srv.DialOptions(client.Options{Interceptors: []interceptor.ClientInterceptor{ti}})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

// TestTraceAcrossWorkers: on a real server, a run started under a
// caller's span is one trace across processes, each with a tracer
// provider of its own: the worker that makes the first model request and
// runs the first tool, and the worker that takes over while the run waits
// for an approval; every chat and execute_tool span is in the caller's
// trace, a child of its RunActivity span.
func TestTraceAcrossWorkers(t *testing.T) {
	srv := devserver.Start(t)
	starter, first, second := newProcess(), newProcess(), newProcess()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()

	var weatherRuns, bookRuns atomic.Int32
	model := scripted.New(
		scripted.Calls(llm.ToolCall{ID: "c1", Name: "weather", Arguments: `{"location":"Paris"}`},
			llm.ToolCall{ID: "c2", Name: "book", Arguments: `{"location":"Paris"}`}),
		scripted.Text("Booked; 21.5°C in Paris."))
	newAgent := func(p process) *agent.Agent {
		return &agent.Agent{ID: "trip-agent", Model: model, Telemetry: &telemetry.Config{TracerProvider: p.tp}, Tools: tool.Toolset{
			"weather": weatherTool(&weatherRuns, tool.Spec{}),
			"book":    weatherTool(&bookRuns, tool.Spec{NeedsApproval: true}),
		}}
	}
	queue := "toolgen-trace-" + time.Now().Format("150405.000000")
	w1 := worker.New(dialTraced(t, srv, first), queue, worker.Options{})
	require.NoError(t, temporal.Register(w1, newAgent(first)))
	require.NoError(t, w1.Start())

	c := dialTraced(t, srv, starter)
	callerCtx, caller := starter.tp.Tracer("test").Start(ctx, "caller")
	run, err := temporal.Start(callerCtx, c, client.StartWorkflowOptions{ID: "trip-" + queue, TaskQueue: queue}, "trip-agent", "Book Paris.")
	require.NoError(t, err)
	caller.End()
	require.Eventually(t, func() bool {
		st, err := run.Status(ctx)
		return err == nil && len(st.Pending) == 1
	}, time.Minute, 100*time.Millisecond, "the run waits for the approval")
	w1.Stop()

	w2 := worker.New(dialTraced(t, srv, second), queue, worker.Options{})
	require.NoError(t, temporal.Register(w2, newAgent(second)))
	require.NoError(t, w2.Start())
	defer w2.Stop()
	require.NoError(t, run.Answer(ctx, agent.Approve("c2")))
	res, err := run.Result(ctx)
	require.NoError(t, err)
	require.Equal(t, "Booked; 21.5°C in Paris.", res.Text)

	want := caller.SpanContext().TraceID()
	for name, p := range map[string]process{"first": first, "second": second} {
		spans := p.rec.Ended()
		byID := map[trace.SpanID]sdktrace.ReadOnlySpan{}
		var ours []string
		for _, s := range spans {
			byID[s.SpanContext().SpanID()] = s
		}
		for _, s := range spans {
			if s.Name() != "chat" && !strings.HasPrefix(s.Name(), "execute_tool ") {
				continue
			}
			ours = append(ours, s.Name())
			assert.Equal(t, want, s.SpanContext().TraceID(), "%s's %s is in the caller's trace", name, s.Name())
			p, ok := byID[s.Parent().SpanID()]
			if assert.True(t, ok, "%s's %s has its parent in the same worker", name, s.Name()) {
				assert.True(t, strings.HasPrefix(p.Name(), "RunActivity:"), "%s's %s is a child of %s", name, s.Name(), p.Name())
			}
		}
		slices.Sort(ours)
		switch name {
		case "first":
			assert.Equal(t, []string{"chat", "execute_tool weather"}, ours, "the first request and the call that needs no approval")
		case "second":
			assert.Equal(t, []string{"chat", "execute_tool book"}, ours, "the approved call and the last request")
		}
	}
}
