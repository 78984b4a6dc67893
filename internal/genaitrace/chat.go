package genaitrace

import (
	"context"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/llm"
)

// Chat is the chat span of one model request, and its metrics. A nil
// *Chat, which StartChat returns when nothing would record, does nothing.
type Chat struct {
	ctx     context.Context
	span    trace.Span
	metrics *instruments
	capture bool
	shaper  Shaper
	info    llm.ModelInfo
	start   time.Time
}

// StartChat starts the chat span of req, a request to model, under ctx,
// and returns the ctx to make the request with: it carries the span, and
// counts the request's HTTP attempts for [RecordAttempt]. With content
// capture on, the request's messages are recorded, their tool payloads as
// shaper gives them. It returns ctx and nil when neither a span nor a
// metric would record.
func (t *Telemetry) StartChat(ctx context.Context, model llm.Model, req *llm.Request, shaper Shaper) (context.Context, *Chat) {
	timed := t.metrics != nil && (t.metrics.duration.Enabled(ctx) || t.metrics.tokens.Enabled(ctx))
	if t.tracer == nil && !timed {
		return ctx, nil
	}
	info := llm.InfoOf(model)
	c := &Chat{ctx: ctx, metrics: t.metrics, info: info, shaper: shaper}
	if timed {
		c.start = time.Now()
	}
	if t.tracer == nil {
		return ctx, c
	}
	ctx, c.span = t.tracer.Start(ctx, semconv.GenAIOperationNameChat.Value.AsString(), clientSpan...)
	c.ctx = ctx
	if !c.span.IsRecording() {
		return ctx, c
	}
	if info.Model != "" {
		c.span.SetName(semconv.GenAIOperationNameChat.Value.AsString() + " " + info.Model)
	}
	attrs := append([]attribute.KeyValue{semconv.GenAIOperationNameChat}, modelAttrs(info)...)
	attrs = append(attrs, serverAttrs(info)...)
	if req.Temperature != nil {
		attrs = append(attrs, semconv.GenAIRequestTemperature(*req.Temperature))
	}
	if req.MaxOutputTokens > 0 {
		attrs = append(attrs, semconv.GenAIRequestMaxTokens(req.MaxOutputTokens))
	}
	if req.ResponseFormat != nil {
		attrs = append(attrs, semconv.GenAIOutputTypeJSON)
	}
	if c.capture = t.capture(); c.capture {
		system, input := encodeInput(ctx, req.Messages, shaper)
		if system != "" {
			attrs = append(attrs, semconv.GenAISystemInstructionsKey.String(system))
		}
		attrs = append(attrs, semconv.GenAIInputMessagesKey.String(input))
	}
	c.span.SetAttributes(attrs...)
	return context.WithValue(ctx, attemptsKey{}, new(atomic.Int64)), c
}

// End ends the span with resp, or err, and records the request's
// duration and token usage.
func (c *Chat) End(resp *llm.Response, err error) {
	if c == nil {
		return
	}
	var errType string
	if err != nil {
		errType = ErrorType(err)
	}
	if c.span != nil && c.span.IsRecording() {
		var attrs []attribute.KeyValue
		if resp != nil {
			if resp.ModelID != "" {
				attrs = append(attrs, semconv.GenAIResponseModel(resp.ModelID))
			}
			if resp.ID != "" {
				attrs = append(attrs, semconv.GenAIResponseID(resp.ID))
			}
			if resp.FinishReason != "" {
				attrs = append(attrs, semconv.GenAIResponseFinishReasons(string(resp.FinishReason)))
			}
			attrs = append(attrs, usageAttrs(resp.Usage)...)
			if c.capture {
				attrs = append(attrs, semconv.GenAIOutputMessagesKey.String(encodeOutput(c.ctx, resp, c.shaper)))
			}
		}
		if err != nil {
			attrs = append(attrs, semconv.ErrorTypeKey.String(errType))
			c.span.SetStatus(codes.Error, err.Error())
		}
		c.span.SetAttributes(attrs...)
	}
	if c.span != nil {
		c.span.End()
	}
	c.record(resp, errType)
}

// record records the request's metrics, when their instruments are on.
func (c *Chat) record(resp *llm.Response, errType string) {
	if c.metrics == nil || c.start.IsZero() {
		return
	}
	attrs := append([]attribute.KeyValue{semconv.GenAIOperationNameChat}, modelAttrs(c.info)...)
	attrs = append(attrs, serverAttrs(c.info)...)
	if resp != nil && resp.ModelID != "" {
		attrs = append(attrs, semconv.GenAIResponseModel(resp.ModelID))
	}
	if c.metrics.duration.Enabled(c.ctx) {
		d := attrs
		if errType != "" {
			d = append(d[:len(d):len(d)], semconv.ErrorTypeKey.String(errType))
		}
		c.metrics.duration.Record(c.ctx, time.Since(c.start).Seconds(), metric.WithAttributes(d...))
	}
	if resp != nil && reported(resp.Usage) && c.metrics.tokens.Enabled(c.ctx) {
		in := append(attrs[:len(attrs):len(attrs)], semconv.GenAITokenTypeInput)
		c.metrics.tokens.Record(c.ctx, int64(resp.Usage.InputTokens), metric.WithAttributes(in...))
		out := append(attrs[:len(attrs):len(attrs)], semconv.GenAITokenTypeOutput)
		c.metrics.tokens.Record(c.ctx, int64(resp.Usage.OutputTokens), metric.WithAttributes(out...))
	}
}

// serverAttrs are server.address and server.port of m, when known.
func serverAttrs(m llm.ModelInfo) []attribute.KeyValue {
	if m.ServerAddress == "" {
		return nil
	}
	attrs := []attribute.KeyValue{semconv.ServerAddress(m.ServerAddress)}
	if m.ServerPort > 0 {
		attrs = append(attrs, semconv.ServerPort(m.ServerPort))
	}
	return attrs
}
