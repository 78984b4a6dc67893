// Package otlptest is an OTLP/HTTP receiver for tests: it decodes the
// protobuf requests an OpenTelemetry SDK exports to /v1/traces and
// /v1/metrics and keeps the spans and metric names, or plays a collector
// that hangs or fails, so that tests can run a program with only the
// standard OTEL_ variables pointing at it.
package otlptest

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"

	collmetrics "go.opentelemetry.io/proto/otlp/collector/metrics/v1"
	colltrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	common "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// Mode is how the receiver answers.
type Mode int

const (
	// Accept decodes and keeps what is exported, and answers 200.
	Accept Mode = iota
	// Hang never answers: each request waits until the receiver closes.
	Hang
	// Fail answers every request with 503.
	Fail
)

// Span is an exported span, as the receiver decoded it.
type Span struct {
	Name     string
	Kind     tracepb.Span_SpanKind
	TraceID  string // hex
	SpanID   string // hex
	ParentID string // hex, "" for a root span
	// Attributes are the span's attributes, each value as a string, an
	// int64, a float64, a bool or a []string.
	Attributes map[string]any
	// Events are the names of the span's events, in order.
	Events []string
	// StatusError reports that the span's status is Error.
	StatusError bool
}

// Receiver is an OTLP/HTTP receiver on a loopback address.
type Receiver struct {
	srv     *httptest.Server
	mode    Mode
	done    chan struct{}
	mu      sync.Mutex
	spans   []Span
	metrics map[string]bool
	calls   int
}

// New starts a receiver that answers as mode says. Close stops it.
func New(mode Mode) *Receiver {
	r := &Receiver{mode: mode, done: make(chan struct{}), metrics: map[string]bool{}}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	return r
}

// URL is the receiver's base URL, for OTEL_EXPORTER_OTLP_ENDPOINT.
func (r *Receiver) URL() string { return r.srv.URL }

// Close stops the receiver, releasing the requests that hang.
func (r *Receiver) Close() {
	close(r.done)
	r.srv.Close()
}

// Spans returns the spans received so far.
func (r *Receiver) Spans() []Span {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Span(nil), r.spans...)
}

// Metrics returns the names of the metrics received so far.
func (r *Receiver) Metrics() map[string]bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string]bool, len(r.metrics))
	for k := range r.metrics {
		out[k] = true
	}
	return out
}

// Requests is how many export requests arrived.
func (r *Receiver) Requests() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls
}

func (r *Receiver) serve(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	r.calls++
	r.mu.Unlock()
	switch r.mode {
	case Hang:
		select {
		case <-r.done:
		case <-req.Context().Done():
		}
		return
	case Fail:
		http.Error(w, "collector unavailable", http.StatusServiceUnavailable)
		return
	}
	body, err := io.ReadAll(req.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	switch req.URL.Path {
	case "/v1/traces":
		var msg colltrace.ExportTraceServiceRequest
		if err := proto.Unmarshal(body, &msg); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.addSpans(&msg)
		writeProto(w, &colltrace.ExportTraceServiceResponse{})
	case "/v1/metrics":
		var msg collmetrics.ExportMetricsServiceRequest
		if err := proto.Unmarshal(body, &msg); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		for _, rm := range msg.GetResourceMetrics() {
			for _, sm := range rm.GetScopeMetrics() {
				for _, m := range sm.GetMetrics() {
					r.metrics[m.GetName()] = true
				}
			}
		}
		r.mu.Unlock()
		writeProto(w, &collmetrics.ExportMetricsServiceResponse{})
	default:
		w.WriteHeader(http.StatusOK) // logs and the like: accepted, not kept
	}
}

func (r *Receiver) addSpans(msg *colltrace.ExportTraceServiceRequest) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rs := range msg.GetResourceSpans() {
		for _, ss := range rs.GetScopeSpans() {
			for _, s := range ss.GetSpans() {
				sp := Span{
					Name:        s.GetName(),
					Kind:        s.GetKind(),
					TraceID:     fmt.Sprintf("%x", s.GetTraceId()),
					SpanID:      fmt.Sprintf("%x", s.GetSpanId()),
					Attributes:  map[string]any{},
					StatusError: s.GetStatus().GetCode() == tracepb.Status_STATUS_CODE_ERROR,
				}
				if p := s.GetParentSpanId(); len(p) > 0 {
					sp.ParentID = fmt.Sprintf("%x", p)
				}
				for _, kv := range s.GetAttributes() {
					sp.Attributes[kv.GetKey()] = value(kv.GetValue())
				}
				for _, ev := range s.GetEvents() {
					sp.Events = append(sp.Events, ev.GetName())
				}
				r.spans = append(r.spans, sp)
			}
		}
	}
}

// value is an attribute's value as a Go value.
func value(v *common.AnyValue) any {
	switch x := v.GetValue().(type) {
	case *common.AnyValue_StringValue:
		return x.StringValue
	case *common.AnyValue_IntValue:
		return x.IntValue
	case *common.AnyValue_DoubleValue:
		return x.DoubleValue
	case *common.AnyValue_BoolValue:
		return x.BoolValue
	case *common.AnyValue_ArrayValue:
		var out []string
		for _, e := range x.ArrayValue.GetValues() {
			out = append(out, fmt.Sprint(value(e)))
		}
		return out
	}
	return nil
}

func writeProto(w http.ResponseWriter, m proto.Message) {
	data, err := proto.Marshal(m)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/x-protobuf")
	w.Write(data)
}
