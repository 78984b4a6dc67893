// Package genaitrace records toolgen's spans and metrics, named by the
// OpenTelemetry GenAI semantic conventions, through the OpenTelemetry API:
// the invoke_agent span of a run, the chat span of a model request, the
// execute_tool span of a tool call, the attempts of a request, and the
// gen_ai.client.token.usage, gen_ai.client.operation.duration and
// gen_ai.execute_tool.duration histograms. The agent loop,
// toolexec.Execute and the provider adapters use it; so may the MCP, UI
// stream and Temporal integrations. It is not API: the configuration is
// package telemetry's [telemetry.Config].
//
// [Resolve] resolves a configuration once per run or call; its Start
// methods return the spans: a [Run] value, a *[Chat] and a *[Tool], the
// latter nil when nothing would record. When no tracer provider is
// configured (neither the Config nor the program set one), no span is
// started at all and the spans do nothing; attributes are built only for
// spans that record.
package genaitrace

import (
	"context"
	"errors"
	"net/url"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/metric"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/semconv/v1.40.0/genaiconv"
	"go.opentelemetry.io/otel/trace"
	tracenoop "go.opentelemetry.io/otel/trace/noop"

	"github.com/toolgen-go/toolgen/telemetry"
)

// Telemetry is a [telemetry.Config] resolved for one run or one call: the
// tracer and the instruments of its providers. The zero value records
// nothing.
type Telemetry struct {
	// tracer is nil when no tracer provider is configured.
	tracer trace.Tracer
	// metrics is nil when no meter provider is configured.
	metrics *instruments
	cfg     *telemetry.Config
	// own: cfg is the caller's own, not inherited through a ctx; Bind
	// passes it on to nested runs and calls.
	own bool
}

// off is the Telemetry of a run with no configuration and unset global
// providers, shared by all such runs.
var off Telemetry

// Resolve returns cfg resolved for a run or call under ctx: cfg, else the
// configuration of the run that ctx belongs to (see [Telemetry.Bind]),
// else the global providers, read now. The result is shared: do not
// modify it.
func Resolve(ctx context.Context, cfg *telemetry.Config) *Telemetry {
	own := cfg != nil
	if !own {
		cfg = configFrom(ctx)
	}
	var tp trace.TracerProvider
	var mp metric.MeterProvider
	if cfg != nil {
		tp, mp = cfg.TracerProvider, cfg.MeterProvider
	}
	if tp == nil {
		tp = otel.GetTracerProvider()
	}
	if mp == nil {
		mp = otel.GetMeterProvider()
	}
	var tracer trace.Tracer
	var metrics *instruments
	if !unset(tp) {
		tracer = tracerFor(tp)
	}
	if !unset(mp) {
		metrics = instrumentsFor(mp)
	}
	if cfg == nil && tracer == nil && metrics == nil {
		return &off
	}
	return &Telemetry{tracer: tracer, metrics: metrics, cfg: cfg, own: own}
}

// Bind returns ctx carrying t's configuration when it is the caller's own,
// so that the runs and calls nested in ctx (subagents, tools that run
// other tools) resolve to it; else ctx.
func (t *Telemetry) Bind(ctx context.Context) context.Context {
	if !t.own {
		return ctx
	}
	return context.WithValue(ctx, configKey{}, t.cfg)
}

// Tracing reports whether t starts spans: compute what a span would say
// only then.
func (t *Telemetry) Tracing() bool { return t.tracer != nil }

// capture reports whether content is recorded.
func (t *Telemetry) capture() bool { return t.cfg.CapturesContent() }

// configKey is the ctx key of the *telemetry.Config of a run.
type configKey struct{}

// configFrom returns the configuration ctx carries, or nil.
func configFrom(ctx context.Context) *telemetry.Config {
	if ctx == nil {
		return nil
	}
	cfg, _ := ctx.Value(configKey{}).(*telemetry.Config)
	return cfg
}

// globalPackage is the package of OpenTelemetry's global providers as they
// are before the program installs its own: they delegate to nothing, and
// their spans and instruments do nothing.
const globalPackage = "go.opentelemetry.io/otel/internal/global"

// unset reports whether p, a tracer or meter provider, records nothing
// whatever it is asked: the global provider that no program has set (its
// type is in globalPackage; once a program sets one, the globals return
// that one), or a no-op provider. Starting a no-op span costs a few
// allocations per call; the loop skips even that. A provider of
// OpenTelemetry's auto-instrumentation, which attaches to the global
// tracer without setting it, is not seen.
func unset(p any) bool {
	switch p.(type) {
	case tracenoop.TracerProvider, metricnoop.MeterProvider:
		return true
	}
	if k := unsetGlobals.Load(); k != nil && (p == k.tp || p == k.mp) {
		return true // a pointer compared: the globals are singletons
	}
	t := reflect.TypeOf(p)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.PkgPath() != globalPackage {
		return false
	}
	k := knownGlobals{}
	if old := unsetGlobals.Load(); old != nil {
		k = *old
	}
	switch p := p.(type) {
	case trace.TracerProvider:
		k.tp = p
	case metric.MeterProvider:
		k.mp = p
	}
	unsetGlobals.Store(&k)
	return true
}

// knownGlobals are the global providers that unset has seen unset.
type knownGlobals struct {
	tp trace.TracerProvider
	mp metric.MeterProvider
}

// unsetGlobals are the global providers seen unset: the pointers that
// OpenTelemetry's globals return until a program sets its own.
var unsetGlobals atomic.Pointer[knownGlobals]

// The tracer and the instruments of each provider a program uses, made
// once: a program uses one or two providers.
var (
	tracers sync.Map // trace.TracerProvider → trace.Tracer
	meters  sync.Map // metric.MeterProvider → *instruments
)

// tracerFor returns toolgen's tracer from tp.
func tracerFor(tp trace.TracerProvider) trace.Tracer {
	newTracer := func() trace.Tracer { return tp.Tracer(telemetry.ScopeName, trace.WithSchemaURL(semconv.SchemaURL)) }
	if !comparable(tp) {
		return newTracer()
	}
	if tr, ok := tracers.Load(tp); ok {
		return tr.(trace.Tracer)
	}
	tr, _ := tracers.LoadOrStore(tp, newTracer())
	return tr.(trace.Tracer)
}

// instrumentsFor returns toolgen's instruments from mp.
func instrumentsFor(mp metric.MeterProvider) *instruments {
	if !comparable(mp) {
		return newInstruments(mp)
	}
	if in, ok := meters.Load(mp); ok {
		return in.(*instruments)
	}
	in, _ := meters.LoadOrStore(mp, newInstruments(mp))
	return in.(*instruments)
}

// comparable reports whether v can be a map key without panicking.
func comparable(v any) bool { return reflect.TypeOf(v).Comparable() }

// instruments are the histograms toolgen records.
type instruments struct {
	tokens       metric.Int64Histogram
	duration     metric.Float64Histogram
	toolDuration metric.Float64Histogram
}

// The bucket boundaries the GenAI conventions give the histograms.
var (
	tokenBuckets    = []float64{1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864}
	durationBuckets = []float64{0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92}
)

// newInstruments makes the instruments from mp. An instrument that cannot
// be made is reported to OpenTelemetry's error handler and does nothing.
func newInstruments(mp metric.MeterProvider) *instruments {
	m := mp.Meter(telemetry.ScopeName, metric.WithSchemaURL(semconv.SchemaURL))
	tokens, err := genaiconv.NewClientTokenUsage(m, metric.WithExplicitBucketBoundaries(tokenBuckets...))
	if err != nil {
		otel.Handle(err)
	}
	duration, err := genaiconv.NewClientOperationDuration(m, metric.WithExplicitBucketBoundaries(durationBuckets...))
	if err != nil {
		otel.Handle(err)
	}
	tool, err := m.Float64Histogram(telemetry.MetricToolDuration,
		metric.WithDescription("The duration of a single tool execution."),
		metric.WithUnit("s"),
		metric.WithExplicitBucketBoundaries(durationBuckets...))
	if err != nil {
		otel.Handle(err)
		tool = metricnoop.Float64Histogram{}
	}
	return &instruments{tokens: tokens.Inst(), duration: duration.Inst(), toolDuration: tool}
}

// Span start options, allocated once.
var (
	internalSpan = []trace.SpanStartOption{trace.WithSpanKind(trace.SpanKindInternal)}
	clientSpan   = []trace.SpanStartOption{trace.WithSpanKind(trace.SpanKindClient)}
)

// ErrorType is the error.type of err: the ErrorType method of an error in
// its chain, as the conventions ask; "cancelled" or "timeout" when ctx
// ended; else the type of the first error of the chain that is not a
// plain wrapper (an SDK's API error, say), or _OTHER.
func ErrorType(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, context.Canceled):
		return "cancelled"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	}
	var et interface{ ErrorType() string }
	if errors.As(err, &et) && et.ErrorType() != "" {
		return et.ErrorType()
	}
	for e := err; e != nil; e = errors.Unwrap(e) {
		switch reflect.TypeOf(e).String() {
		case "*fmt.wrapError", "*fmt.wrapErrors", "*errors.errorString", "*errors.joinError":
			continue
		}
		return semconv.ErrorType(e).Value.AsString()
	}
	return semconv.ErrorTypeOther.Value.AsString()
}

// Server returns the host and port of baseURL, an API's base URL, for
// server.address and server.port: the port the URL names, else its
// scheme's. It returns "", 0 for a URL without a host.
func Server(baseURL string) (host string, port int) {
	u, err := url.Parse(baseURL)
	if err != nil || u.Hostname() == "" {
		return "", 0
	}
	if p, err := strconv.Atoi(u.Port()); err == nil {
		return u.Hostname(), p
	}
	switch u.Scheme {
	case "https":
		return u.Hostname(), 443
	case "http":
		return u.Hostname(), 80
	}
	return u.Hostname(), 0
}
