package tool

import (
	"context"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/schema"
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
}

// CallInfoFrom returns the call a tool's ctx belongs to, when the tool runs
// inside an agent loop or a server that sets it.
func CallInfoFrom(ctx context.Context) (CallInfo, bool) {
	ci, ok := ctx.Value(callctx.CallInfoKey).(CallInfo)
	return ci, ok
}

// RequestContext carries per-request values (user id, tenant, locale…) from
// the caller of [github.com/toolgen-go/toolgen/agent.Agent.Generate] to every tool and subagent of the run, as
// Mastra's request context does. Set it with [github.com/toolgen-go/toolgen/agent.WithRequestContext]; read it
// with [RequestContextFrom]. Tools should treat it as read-only. Ordinary
// context values of the caller's ctx reach tools too; RequestContext is for
// values that are part of the run's contract.
type RequestContext map[string]any

// RequestContextFrom returns the request context of the run ctx belongs to,
// or nil.
func RequestContextFrom(ctx context.Context) RequestContext {
	rc, _ := ctx.Value(callctx.RequestContextKey).(RequestContext)
	return rc
}

// limitsFrom returns the argument limits that ctx carries, or the zero
// Limits, which means the defaults.
func limitsFrom(ctx context.Context) schema.Limits {
	l, _ := ctx.Value(callctx.LimitsKey).(schema.Limits)
	return l
}

// validatingOutputs reports whether ctx asks for output validation.
func validatingOutputs(ctx context.Context) bool {
	on, _ := ctx.Value(callctx.OutputValidationKey).(bool)
	return on
}
