package genaitrace

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/telemetry"
)

// This file carries the trace context across process boundaries (the MCP
// client and server, the UI stream handler) and gives the execute_tool
// spans of MCP tool calls the attributes of the conventions for MCP
// (https://opentelemetry.io/docs/specs/semconv/gen-ai/mcp/): a tool call
// that an MCP server serves is one span, both the MCP server span
// (tools/call {tool}, SERVER) and an execute_tool span; a call of a
// remote tool is the execute_tool span of the loop (or toolexec.Execute)
// that makes it, with the MCP attributes added, not a second span.

// Propagator returns the propagator of cfg, else of the configuration of
// the run ctx belongs to, else OpenTelemetry's global one.
func Propagator(ctx context.Context, cfg *telemetry.Config) propagation.TextMapPropagator {
	if cfg == nil {
		cfg = configFrom(ctx)
	}
	return cfg.TextMapPropagator()
}

// MCPRequest is what a span says of an MCP tools/call request.
type MCPRequest struct {
	// SessionID is the session's id, when the transport has sessions
	// (streamable HTTP).
	SessionID string
	// ProtocolVersion is the MCP version of the session.
	ProtocolVersion string
	// HTTP reports that the request came over HTTP.
	HTTP bool
	// Link, when valid, is the span the request arrived in (an HTTP
	// server span, say), when the server's span continues the client's
	// trace in its place: the span links to it.
	Link trace.SpanContext
}

// mcpToolsCall is the method of a tool call, and the span name's first
// word.
var mcpToolsCall = semconv.McpMethodNameToolsCall.Value.AsString()

// serverSpan are the start options of an MCP server's span.
var serverSpan = []trace.SpanStartOption{trace.WithSpanKind(trace.SpanKindServer)}

// attrs are the MCP attributes of the request.
func (r *MCPRequest) attrs() []attribute.KeyValue {
	attrs := []attribute.KeyValue{semconv.McpMethodNameToolsCall}
	if r.SessionID != "" {
		attrs = append(attrs, semconv.McpSessionID(r.SessionID))
	}
	if r.ProtocolVersion != "" {
		attrs = append(attrs, semconv.McpProtocolVersion(r.ProtocolVersion))
	}
	if r.HTTP {
		attrs = append(attrs, semconv.NetworkTransportTCP, semconv.NetworkProtocolName("http"))
	}
	return attrs
}

// toolSpanKey is the ctx key of the execute_tool span that [Tool.In]
// puts in a ctx.
type toolSpanKey struct{}

// MCPClientCall adds the attributes of req, the tools/call request that
// a remote tool makes under ctx, to the execute_tool span of the call,
// when ctx's span is toolgen's execute_tool span and it records. It makes
// no span of its own: the conventions for MCP ask an instrumentation that
// finds the tool call traced already to add to that span.
func MCPClientCall(ctx context.Context, req MCPRequest) {
	span, _ := ctx.Value(toolSpanKey{}).(trace.Span)
	if span == nil || !span.IsRecording() || trace.SpanContextFromContext(ctx).SpanID() != span.SpanContext().SpanID() {
		return
	}
	span.SetAttributes(req.attrs()...)
}
