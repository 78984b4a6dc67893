package genaitrace

import (
	"context"
	"encoding/json"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/telemetry"
)

// ToolInfo is what an execute_tool span says of the call.
type ToolInfo struct {
	// Name is the tool's key, the name the model called.
	Name string
	// CallID is the call's id.
	CallID string
	// Description is the tool's description.
	Description string
	// Agent is the name of the agent whose model made the call, if any.
	Agent string
	// MCP is set for a call that an MCP server serves: its span is the
	// conventions' MCP server span, SERVER, named "tools/call {tool}",
	// with the MCP attributes beside the execute_tool ones.
	MCP *MCPRequest
}

// Tool is the execute_tool span of one tool call, and its duration
// metric. A nil *Tool, which StartTool returns when nothing would record,
// does nothing.
type Tool struct {
	ctx     context.Context
	span    trace.Span
	metrics *instruments
	capture bool
	start   time.Time
	name    string
	agent   string
	task    string
	ended   bool
}

// StartTool starts the execute_tool span of the call info describes under
// ctx; it returns nil when neither a span nor the duration metric would
// record.
func (t *Telemetry) StartTool(ctx context.Context, info ToolInfo) *Tool {
	timed := t.metrics != nil && t.metrics.toolDuration.Enabled(ctx)
	if t.tracer == nil && !timed {
		return nil
	}
	s := &Tool{ctx: ctx, metrics: t.metrics, name: info.Name, agent: info.Agent}
	if timed {
		s.start = time.Now()
	}
	if t.tracer == nil {
		return s
	}
	name, opts := semconv.GenAIOperationNameExecuteTool.Value.AsString(), internalSpan
	if info.MCP != nil {
		name, opts = mcpToolsCall, serverSpan
	}
	s.ctx, s.span = t.tracer.Start(ctx, name, opts...)
	if !s.span.IsRecording() {
		return s
	}
	s.capture = t.capture()
	s.span.SetName(name + " " + info.Name)
	attrs := []attribute.KeyValue{
		semconv.GenAIOperationNameExecuteTool,
		semconv.GenAIToolName(info.Name),
		semconv.GenAIToolType("function"),
	}
	if info.CallID != "" {
		attrs = append(attrs, semconv.GenAIToolCallID(info.CallID))
	}
	if info.Description != "" {
		attrs = append(attrs, semconv.GenAIToolDescription(info.Description))
	}
	if info.MCP != nil {
		attrs = append(attrs, info.MCP.attrs()...)
		if info.MCP.Link.IsValid() {
			s.span.AddLink(trace.Link{SpanContext: info.MCP.Link})
		}
	}
	s.span.SetAttributes(attrs...)
	return s
}

// In returns ctx with the span, when there is one: the ctx the call runs
// in, whether it is the one the span started in or another (a background
// task's, an executor's). A remote tool that runs in it adds to the span
// ([MCPClientCall]).
func (s *Tool) In(ctx context.Context) context.Context {
	if s == nil || s.span == nil {
		return ctx
	}
	ctx = trace.ContextWithSpan(ctx, s.span)
	if s.span.IsRecording() {
		ctx = context.WithValue(ctx, toolSpanKey{}, s.span)
	}
	return ctx
}

// recording reports whether the span records.
func (s *Tool) recording() bool { return s != nil && s.span != nil && s.span.IsRecording() }

// CapturesContent reports whether the span records the call's arguments
// and result: compute them only then.
func (s *Tool) CapturesContent() bool { return s.recording() && s.capture }

// Arguments records args, the arguments as the display target sees them,
// when content is captured.
func (s *Tool) Arguments(args json.RawMessage) {
	if s.CapturesContent() {
		s.span.SetAttributes(semconv.GenAIToolCallArgumentsKey.String(string(args)))
	}
}

// Result records result, the result as the display target sees it, when
// content is captured.
func (s *Tool) Result(result json.RawMessage) {
	if s.CapturesContent() {
		s.span.SetAttributes(semconv.GenAIToolCallResultKey.String(string(result)))
	}
}

// Resumed records that the call continues in a resumed run with the
// answer to what it waited for (kind, a pending kind); approved is the
// decision, for kind "approval".
func (s *Tool) Resumed(kind string, approved bool) {
	if !s.recording() {
		return
	}
	attrs := []attribute.KeyValue{telemetry.AttrPendingKind.String(kind)}
	if kind == "approval" {
		attrs = append(attrs, telemetry.AttrApproved.Bool(approved))
	}
	s.span.AddEvent(telemetry.EventToolResumed, trace.WithAttributes(attrs...))
}

// Approval records the decision of a host that decided on the call at
// once.
func (s *Tool) Approval(approved bool) {
	if s.recording() {
		s.span.AddEvent(telemetry.EventToolApproval, trace.WithAttributes(telemetry.AttrApproved.Bool(approved)))
	}
}

// BackgroundStarted records that the call goes on in the background as
// the task id; the span lasts until End, when the task settles.
func (s *Tool) BackgroundStarted(id string) {
	if s == nil {
		return
	}
	s.task = id
	if s.recording() {
		s.span.AddEvent(telemetry.EventBackgroundStarted, trace.WithAttributes(telemetry.AttrTaskID.String(id)))
	}
}

// Waiting ends the span of a call that waits (kind, a pending kind:
// approval, suspended, client, run) as its run pauses. It records no
// duration: the call did not run to its end.
func (s *Tool) Waiting(kind string) {
	if s == nil || s.ended {
		return
	}
	s.ended = true
	if s.span == nil {
		return
	}
	if s.span.IsRecording() {
		s.span.AddEvent(telemetry.EventToolWaiting, trace.WithAttributes(telemetry.AttrPendingKind.String(kind)))
	}
	s.span.End()
}

// End ends the span of a call that settled: with errType, a toolexec
// Kind, when it failed; and records its duration.
func (s *Tool) End(errType string) {
	if s == nil || s.ended {
		return
	}
	s.ended = true
	if s.span != nil {
		if s.span.IsRecording() {
			if s.task != "" {
				s.span.AddEvent(telemetry.EventBackgroundFinished, trace.WithAttributes(telemetry.AttrTaskID.String(s.task)))
			}
			if errType != "" {
				s.span.SetAttributes(semconv.ErrorTypeKey.String(errType))
				s.span.SetStatus(codes.Error, errType)
			}
		}
		s.span.End()
	}
	if s.metrics == nil || s.start.IsZero() || !s.metrics.toolDuration.Enabled(s.ctx) {
		return
	}
	attrs := []attribute.KeyValue{semconv.GenAIToolName(s.name), semconv.GenAIToolType("function")}
	if s.agent != "" {
		attrs = append(attrs, semconv.GenAIAgentName(s.agent))
	}
	if errType != "" {
		attrs = append(attrs, semconv.ErrorTypeKey.String(errType))
	}
	s.metrics.toolDuration.Record(s.ctx, time.Since(s.start).Seconds(), metric.WithAttributes(attrs...))
}
