// Package telemetry configures the OpenTelemetry spans and metrics that
// toolgen records, and names what toolgen adds to the GenAI semantic
// conventions. The agent loop, [github.com/toolgen-go/toolgen/tool/toolexec.Execute]
// and the provider adapters record through the OpenTelemetry API only:
// with no provider configured they use the global ones, which do nothing
// until the application installs an SDK.
//
//	a := &agent.Agent{
//		ID:        "weather-agent",
//		Model:     model,
//		Telemetry: &telemetry.Config{TracerProvider: tp, MeterProvider: mp},
//	}
//
// The spans, attributes, events and metrics are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/telemetry.md.
package telemetry

import (
	"os"
	"strings"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// ScopeName is the instrumentation scope of toolgen's tracer and meter.
const ScopeName = "github.com/toolgen-go/toolgen"

// CaptureContentEnv is the variable that turns content capture on when
// [Config].CaptureContent is nil: the value "true" (in any case) does.
const CaptureContentEnv = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"

// Config says where toolgen's spans and metrics go and whether they carry
// content. A nil *Config, like a zero one, uses the global providers and
// the environment. The providers are read when a run (or call) starts, so
// a program may install its SDK with otel.SetTracerProvider after
// building its agents. Do not change a Config while runs use it.
type Config struct {
	// TracerProvider makes the tracer of the spans; nil means
	// otel.GetTracerProvider().
	TracerProvider trace.TracerProvider
	// MeterProvider makes the meter of the metrics; nil means
	// otel.GetMeterProvider().
	MeterProvider metric.MeterProvider
	// CaptureContent records messages, tool arguments and tool results on
	// the spans; nil means what [CaptureContentEnv] says. Tool payloads
	// are recorded in the form the display target sees (the tool's
	// transforms and the agent's transform policy), never raw; API keys
	// and headers are never recorded.
	CaptureContent *bool
	// Propagator carries the trace context (and baggage) across process
	// boundaries: into the _meta of the MCP client's tools/call requests,
	// out of those the MCP server receives, and out of the headers of the
	// requests the UI stream handler serves. nil means
	// otel.GetTextMapPropagator(), which carries nothing until the
	// program sets one (otel.SetTextMapPropagator with
	// propagation.TraceContext{} and propagation.Baggage{}, say).
	Propagator propagation.TextMapPropagator
}

// TextMapPropagator returns the propagator of c: its Propagator, else
// OpenTelemetry's global one. c may be nil.
func (c *Config) TextMapPropagator() propagation.TextMapPropagator {
	if c != nil && c.Propagator != nil {
		return c.Propagator
	}
	return otel.GetTextMapPropagator()
}

// CapturesContent reports whether spans carry content: CaptureContent
// when set, else whether [CaptureContentEnv] is "true". c may be nil.
func (c *Config) CapturesContent() bool {
	if c != nil && c.CaptureContent != nil {
		return *c.CaptureContent
	}
	return strings.EqualFold(strings.TrimSpace(os.Getenv(CaptureContentEnv)), "true")
}

// What toolgen adds to the GenAI semantic conventions: attributes and
// span events in the toolgen namespace, for what the conventions do not
// name (yet). Everything else is named by the conventions
// (go.opentelemetry.io/otel/semconv).
const (
	// AttrRunSteps is the number of steps that finished in a run's call
	// (an int, on invoke_agent spans).
	AttrRunSteps attribute.Key = "toolgen.run.steps"
	// AttrRunResumed marks the invoke_agent span of a call that resumed a
	// paused run (a bool); AttrRunResumedStep is the step it resumed.
	AttrRunResumed     attribute.Key = "toolgen.run.resumed"
	AttrRunResumedStep attribute.Key = "toolgen.run.resumed_step"
	// AttrPendingCount is the number of calls a paused run waits on (an
	// int, on the run-paused event).
	AttrPendingCount attribute.Key = "toolgen.run.pending"
	// AttrPendingKind is what a call waits for: approval, suspended,
	// client or run (a paused subagent), on the tool-waiting and
	// tool-resumed events.
	AttrPendingKind attribute.Key = "toolgen.pending.kind"
	// AttrApproved is the decision on a call that needed approval (a
	// bool), on the tool-resumed and tool-approval events.
	AttrApproved attribute.Key = "toolgen.approval.approved"
	// AttrTaskID and AttrTaskStatus identify a background task and say
	// how it ended: completed, failed, timed-out or cancelled.
	AttrTaskID     attribute.Key = "toolgen.task.id"
	AttrTaskStatus attribute.Key = "toolgen.task.status"
)

// The span events toolgen records.
const (
	// EventRunPaused: the run paused, its calls waiting (invoke_agent).
	EventRunPaused = "toolgen.run.paused"
	// EventToolWaiting: the call waits for approval, for resume data, for
	// its client, or for a paused subagent; its span ends with the run's
	// pause (execute_tool).
	EventToolWaiting = "toolgen.tool.waiting"
	// EventToolResumed: the call continues in a resumed run, with the
	// answer it waited for (execute_tool).
	EventToolResumed = "toolgen.tool.resumed"
	// EventToolApproval: a host that decides at once (toolexec.Execute
	// with Approve) decided on the call (execute_tool).
	EventToolApproval = "toolgen.tool.approval"
	// EventBackgroundStarted and EventBackgroundFinished: the call went
	// on in the background as a task, and the task settled; the span lasts
	// until it does (execute_tool).
	EventBackgroundStarted  = "toolgen.background.started"
	EventBackgroundFinished = "toolgen.background.finished"
	// EventHTTPAttempt: one HTTP attempt of a model request, retries
	// included, with http.request.resend_count and the response's
	// http.response.status_code or the failure's error.type (chat).
	EventHTTPAttempt = "toolgen.http.attempt"
)

// MetricToolDuration is the histogram of tool call durations, in seconds,
// as the GenAI conventions name it (gen_ai.execute_tool.duration, in the
// conventions' repository since after semconv v1.40.0).
const MetricToolDuration = "gen_ai.execute_tool.duration"
