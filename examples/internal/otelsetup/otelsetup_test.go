package otelsetup

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/metric/noop"
	tracenoop "go.opentelemetry.io/otel/trace/noop"

	"github.com/toolgen-go/toolgen/internal/otlptest"
)

// lockedBuffer is an io.Writer the error handler may write from any
// goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// exportTo points the standard variables at rcv, over HTTP/protobuf, and
// restores the global providers after the test.
func exportTo(t *testing.T, rcv *otlptest.Receiver) {
	for _, v := range exportVariables {
		t.Setenv(v, "")
	}
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", rcv.URL())
	t.Setenv("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
	t.Setenv("OTEL_SERVICE_NAME", "")
	t.Cleanup(func() {
		otel.SetTracerProvider(tracenoop.NewTracerProvider())
		otel.SetMeterProvider(noop.NewMeterProvider())
	})
}

// TestDisabled: with no variable that asks for an export, nothing is set up.
func TestDisabled(t *testing.T) {
	for _, v := range exportVariables {
		t.Setenv(v, "")
	}
	t.Setenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "true")
	before := otel.GetTracerProvider()
	var stderr lockedBuffer
	shutdown, err := Setup(t.Context(), "test", &stderr)
	require.NoError(t, err)
	require.NoError(t, shutdown(t.Context()))
	assert.Equal(t, before, otel.GetTracerProvider())
	assert.Empty(t, stderr.String())
}

// TestExport: with the endpoint set, spans and metrics reach the receiver
// over OTLP/HTTP, named for the service.
func TestExport(t *testing.T) {
	rcv := otlptest.New(otlptest.Accept)
	defer rcv.Close()
	exportTo(t, rcv)
	var stderr lockedBuffer
	shutdown, err := Setup(t.Context(), "test", &stderr)
	require.NoError(t, err)
	_, span := otel.Tracer("test").Start(t.Context(), "work")
	span.End()
	counter, err := otel.Meter("test").Int64Counter("test.count")
	require.NoError(t, err)
	counter.Add(t.Context(), 1)
	require.NoError(t, shutdown(t.Context()))
	spans := rcv.Spans()
	require.Len(t, spans, 1)
	assert.Equal(t, "work", spans[0].Name)
	assert.True(t, rcv.Metrics()["test.count"])
	// (An exporter an earlier test left waiting on a collector that hung
	// may report here, through the global error handler.)
	assert.NotContains(t, stderr.String(), strings.TrimPrefix(rcv.URL(), "http://"))
}

// TestCollectorDown: a collector that hangs or fails slows nothing down
// but the bounded shutdown, and its failure is reported once.
func TestCollectorDown(t *testing.T) {
	// Fail first: an exporter left waiting on the hanging collector would
	// report to the next test's handler when the collector closes.
	for _, mode := range []otlptest.Mode{otlptest.Fail, otlptest.Hang} {
		t.Run(map[otlptest.Mode]string{otlptest.Hang: "hang", otlptest.Fail: "fail"}[mode], func(t *testing.T) {
			rcv := otlptest.New(mode)
			defer rcv.Close()
			exportTo(t, rcv)
			t.Setenv("OTEL_BSP_SCHEDULE_DELAY", "10") // export at once, so that failures happen during the run
			var stderr lockedBuffer
			shutdown, err := Setup(t.Context(), "test", &stderr)
			require.NoError(t, err)

			start := time.Now()
			for range 2000 {
				_, span := otel.Tracer("test").Start(context.Background(), "work")
				span.End()
			}
			assert.Less(t, time.Since(start), time.Second, "spans are recorded without waiting for the collector")

			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			start = time.Now()
			_ = shutdown(ctx) // the collector's failure, or the deadline
			assert.Less(t, time.Since(start), 3*time.Second, "shutdown is bounded by its ctx")
			assert.Positive(t, rcv.Requests())
			assert.Equal(t, 1, strings.Count(stderr.String(), "telemetry: export failed"), "reported once: %s", stderr.String())
		})
	}
}
