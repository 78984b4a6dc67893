// Package otelsetup sets the OpenTelemetry SDK up for the examples from the
// standard OTEL_ environment variables, with the contrib autoexport
// package, as an application that uses toolgen would: toolgen's packages
// record through the OpenTelemetry API and its global providers, and the
// application chooses the SDK and where it exports.
//
// With none of the variables that choose an exporter set, Setup does
// nothing, and the examples export and print nothing. See
// https://github.com/toolgen-go/toolgen/blob/main/docs/telemetry.md.
package otelsetup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"go.opentelemetry.io/contrib/exporters/autoexport"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
)

// exportVariables are the variables that ask for an export. Another OTEL_
// variable alone (OTEL_SERVICE_NAME, the content capture switch) does not.
var exportVariables = []string{
	"OTEL_EXPORTER_OTLP_ENDPOINT",
	"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
	"OTEL_EXPORTER_OTLP_METRICS_ENDPOINT",
	"OTEL_TRACES_EXPORTER",
	"OTEL_METRICS_EXPORTER",
}

// Enabled reports whether the environment asks for an export.
func Enabled() bool {
	for _, v := range exportVariables {
		if os.Getenv(v) != "" {
			return true
		}
	}
	return false
}

// Setup installs global tracer and meter providers, and the W3C trace
// context propagator, whose exporters autoexport chooses from the
// environment (OTLP over HTTP/protobuf or gRPC by
// OTEL_EXPORTER_OTLP_PROTOCOL, the console, none), when Enabled; service
// names the program unless OTEL_SERVICE_NAME does. Spans are exported in
// batches and metrics periodically, in the background, so a collector that
// is slow or down does not slow a run; the first export error (a failed
// shutdown included) is written to stderr, the others are not. shutdown
// flushes what is left, within its ctx's deadline; call it with a bounded
// ctx before the program exits.
func Setup(ctx context.Context, service string, stderr io.Writer) (shutdown func(context.Context) error, err error) {
	if !Enabled() {
		return func(context.Context) error { return nil }, nil
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(semconv.ServiceName(service)))
	if err != nil {
		return nil, fmt.Errorf("telemetry: resource: %w", err)
	}
	if os.Getenv("OTEL_SERVICE_NAME") != "" {
		res = resource.Default() // it names the service
	}
	spans, err := autoexport.NewSpanExporter(ctx)
	if err != nil {
		return nil, fmt.Errorf("telemetry: span exporter: %w", err)
	}
	reader, err := autoexport.NewMetricReader(ctx)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("telemetry: metric reader: %w", err), spans.Shutdown(ctx))
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(spans), sdktrace.WithResource(res))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader), sdkmetric.WithResource(res))
	otel.SetTracerProvider(tp)
	otel.SetMeterProvider(mp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	var once sync.Once
	report := func(err error) {
		once.Do(func() {
			fmt.Fprintf(stderr, "telemetry: export failed, and further failures are not reported: %v\n", err)
		})
	}
	otel.SetErrorHandler(otel.ErrorHandlerFunc(report))
	return func(ctx context.Context) error {
		err := errors.Join(tp.Shutdown(ctx), mp.Shutdown(ctx))
		if err != nil {
			report(err)
		}
		return err
	}, nil
}

// Start is Setup for a program's main: a failure to set up is written to
// stderr and the program goes on without telemetry. The returned stop
// flushes and shuts the providers down, waiting at most five seconds for a
// collector that does not answer.
func Start(service string, stderr io.Writer) (stop func()) {
	shutdown, err := Setup(context.Background(), service, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return func() {}
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		_ = shutdown(ctx) // its failure is reported, once, on stderr
	}
}

// shutdownTimeout bounds the flush at exit.
const shutdownTimeout = 5 * time.Second
