package genaitrace

import (
	"context"
	"net/http"
	"sync/atomic"

	"go.opentelemetry.io/otel/attribute"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/telemetry"
)

// attemptsKey is the ctx key of the attempt counter of a chat request.
type attemptsKey struct{}

// RecordAttempt adds to the span of ctx, the ctx of one HTTP attempt of a
// model request (a retry included), an event that says how it went: the
// response's status, or the failure's error.type. The provider adapters
// call it from their SDK's HTTP path, once per attempt. Attempts are
// numbered (http.request.resend_count, 0 for the first) under a chat span
// of [Telemetry.StartChat]. Nothing of the request or the response beyond
// the status, headers least of all, is recorded.
func RecordAttempt(ctx context.Context, resp *http.Response, err error) {
	span := trace.SpanFromContext(ctx)
	if !span.IsRecording() {
		return
	}
	attrs := make([]attribute.KeyValue, 0, 2)
	if n, ok := ctx.Value(attemptsKey{}).(*atomic.Int64); ok {
		attrs = append(attrs, semconv.HTTPRequestResendCount(int(n.Add(1)-1)))
	}
	switch {
	case err != nil:
		attrs = append(attrs, semconv.ErrorTypeKey.String(ErrorType(err)))
	case resp != nil:
		attrs = append(attrs, semconv.HTTPResponseStatusCode(resp.StatusCode))
	}
	span.AddEvent(telemetry.EventHTTPAttempt, trace.WithAttributes(attrs...))
}

// Transport returns an http.RoundTripper that sends requests with base
// (http.DefaultTransport when nil) and records each with
// [RecordAttempt], for SDKs that retry through their HTTP client.
func Transport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return attemptTransport{base: base}
}

// attemptTransport is the RoundTripper of Transport.
type attemptTransport struct {
	base http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t attemptTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	RecordAttempt(req.Context(), resp, err)
	return resp, err
}

// CloseIdleConnections closes the idle connections of the base transport,
// for http.Client.CloseIdleConnections.
func (t attemptTransport) CloseIdleConnections() {
	if c, ok := t.base.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}
