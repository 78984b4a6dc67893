package genaitrace

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/telemetry"
)

// AgentInfo is what an invoke_agent span says of the agent and the call.
type AgentInfo struct {
	// ID, Name and Description are the agent's.
	ID, Name, Description string
	// Model describes the agent's model, when it says.
	Model llm.ModelInfo
	// Resumed is set for a call that resumes a paused run at
	// ResumedStep; PausedTrace is the traceparent of the paused run's
	// span ([Run.TraceParent]), which the span links to.
	Resumed     bool
	ResumedStep int
	PausedTrace string
}

// Outcome is how a run's call ended.
type Outcome struct {
	// Steps is the number of steps that finished in the call.
	Steps int
	// FinishReason is the run's finish reason.
	FinishReason llm.FinishReason
	// Usage is the run's usage.
	Usage llm.Usage
	// ErrorType, when set, is the error.type of a failed call in place
	// of [ErrorType]'s.
	ErrorType string
}

// Run is the invoke_agent span of one call of a run (Generate, Stream,
// Resume, or a subagent's run). Keep it by value.
type Run struct {
	span trace.Span
}

// StartAgent starts the invoke_agent span of a call of agent a under ctx
// and returns the ctx of the call, which carries the span and t's
// configuration (see [Telemetry.Bind]).
func (t *Telemetry) StartAgent(ctx context.Context, a AgentInfo) (context.Context, Run) {
	ctx = t.Bind(ctx)
	if t.tracer == nil {
		return ctx, Run{}
	}
	ctx, span := t.tracer.Start(ctx, semconv.GenAIOperationNameInvokeAgent.Value.AsString(), internalSpan...)
	if !span.IsRecording() {
		return ctx, Run{span: span}
	}
	name := a.Name
	if name == "" {
		name = a.ID
	}
	span.SetName(semconv.GenAIOperationNameInvokeAgent.Value.AsString() + " " + name)
	attrs := []attribute.KeyValue{
		semconv.GenAIOperationNameInvokeAgent,
		semconv.GenAIAgentName(name),
		semconv.GenAIAgentID(a.ID),
	}
	if a.Description != "" {
		attrs = append(attrs, semconv.GenAIAgentDescription(a.Description))
	}
	attrs = append(attrs, modelAttrs(a.Model)...)
	if a.Resumed {
		attrs = append(attrs, telemetry.AttrRunResumed.Bool(true), telemetry.AttrRunResumedStep.Int(a.ResumedStep))
		if sc := parseTraceParent(a.PausedTrace); sc.IsValid() {
			span.AddLink(trace.Link{SpanContext: sc, Attributes: []attribute.KeyValue{telemetry.AttrRunResumed.Bool(true)}})
		}
	}
	span.SetAttributes(attrs...)
	return ctx, Run{span: span}
}

// recording reports whether the span records.
func (r Run) recording() bool { return r.span != nil && r.span.IsRecording() }

// Paused records that the run paused with pending calls waiting.
func (r Run) Paused(pending int) {
	if r.recording() {
		r.span.AddEvent(telemetry.EventRunPaused, trace.WithAttributes(telemetry.AttrPendingCount.Int(pending)))
	}
}

// TraceParent returns the W3C traceparent of the span, for a paused run's
// state; "" when the run is not traced.
func (r Run) TraceParent() string {
	if r.span == nil || !r.span.SpanContext().IsValid() {
		return ""
	}
	carrier := propagation.MapCarrier{}
	propagation.TraceContext{}.Inject(trace.ContextWithSpanContext(context.Background(), r.span.SpanContext()), carrier)
	return carrier.Get("traceparent")
}

// parseTraceParent returns the span context a W3C traceparent names, or
// an invalid one.
func parseTraceParent(s string) trace.SpanContext {
	if s == "" {
		return trace.SpanContext{}
	}
	ctx := propagation.TraceContext{}.Extract(context.Background(), propagation.MapCarrier{"traceparent": s})
	return trace.SpanContextFromContext(ctx)
}

// End ends the span with the call's outcome, or its error.
func (r Run) End(o Outcome, err error) {
	if r.span == nil {
		return
	}
	if r.span.IsRecording() {
		attrs := []attribute.KeyValue{telemetry.AttrRunSteps.Int(o.Steps)}
		if o.FinishReason != "" {
			attrs = append(attrs, semconv.GenAIResponseFinishReasons(string(o.FinishReason)))
		}
		attrs = append(attrs, usageAttrs(o.Usage)...)
		if err != nil {
			et := o.ErrorType
			if et == "" {
				et = ErrorType(err)
			}
			attrs = append(attrs, semconv.ErrorTypeKey.String(et))
			r.span.SetStatus(codes.Error, err.Error())
		}
		r.span.SetAttributes(attrs...)
	}
	r.span.End()
}

// modelAttrs are the attributes of the model a request is made to.
func modelAttrs(m llm.ModelInfo) []attribute.KeyValue {
	var attrs []attribute.KeyValue
	if m.Provider != "" {
		attrs = append(attrs, semconv.GenAIProviderNameKey.String(m.Provider))
	}
	if m.Model != "" {
		attrs = append(attrs, semconv.GenAIRequestModel(m.Model))
	}
	return attrs
}

// usageAttrs are the usage attributes of u, when it reports tokens.
func usageAttrs(u llm.Usage) []attribute.KeyValue {
	if !reported(u) {
		return nil
	}
	attrs := []attribute.KeyValue{semconv.GenAIUsageInputTokens(u.InputTokens), semconv.GenAIUsageOutputTokens(u.OutputTokens)}
	if u.CachedInputTokens > 0 {
		attrs = append(attrs, semconv.GenAIUsageCacheReadInputTokens(u.CachedInputTokens))
	}
	if u.CacheWriteTokens > 0 {
		attrs = append(attrs, semconv.GenAIUsageCacheCreationInputTokens(u.CacheWriteTokens))
	}
	return attrs
}

// reported reports whether u counts any token: a provider that reports no
// usage leaves it zero.
func reported(u llm.Usage) bool {
	return u.InputTokens > 0 || u.OutputTokens > 0 || u.TotalTokens > 0
}
