package runtime

import "context"

type ctxKey int

const (
	callInfoKey ctxKey = iota
	requestContextKey
	sinkKey
	limitsKey
	reporterKey
)

// CallInfo identifies the tool call a tool function is running for.
type CallInfo struct {
	// AgentID is the ID of the agent whose model made the call.
	AgentID string
	// ToolName is the key the model called the tool by.
	ToolName string
	// ToolCallID is the call's id.
	ToolCallID string
	// Step is the number of the step, from 1.
	Step int
	// SessionID is the MCP session the call came in, when an MCP server
	// runs the tool over a transport with sessions.
	SessionID string
	// ProgressToken is the progress token the MCP client sent with the
	// call (a string or a number), or nil. [Progress] uses it; tools rarely
	// need it.
	ProgressToken any
}

// CallInfoFrom returns the call a tool's ctx belongs to, when the tool runs
// inside an agent loop or a server that sets it.
func CallInfoFrom(ctx context.Context) (CallInfo, bool) {
	ci, ok := ctx.Value(callInfoKey).(CallInfo)
	return ci, ok
}

// WithCallInfo returns a ctx that carries ci, for code that runs tools
// outside an [Agent] (an MCP server, a test) and wants [CallInfoFrom] to work
// in them as it does in the loop.
func WithCallInfo(ctx context.Context, ci CallInfo) context.Context {
	return context.WithValue(ctx, callInfoKey, ci)
}

// RequestContext carries per-request values (user id, tenant, locale…) from
// the caller of [Agent.Generate] to every tool and subagent of the run, as
// Mastra's request context does. Set it with [WithRequestContext]; read it
// with [RequestContextFrom]. Tools should treat it as read-only. Ordinary
// context values of the caller's ctx reach tools too; RequestContext is for
// values that are part of the run's contract.
type RequestContext map[string]any

// RequestContextFrom returns the request context of the run ctx belongs to,
// or nil.
func RequestContextFrom(ctx context.Context) RequestContext {
	rc, _ := ctx.Value(requestContextKey).(RequestContext)
	return rc
}

// eventSink forwards events of nested runs (subagents) to the stream of the
// run that called them. It is safe for concurrent use.
type eventSink func(Event)

func sinkFrom(ctx context.Context) eventSink {
	s, _ := ctx.Value(sinkKey).(eventSink)
	return s
}
