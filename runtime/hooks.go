package runtime

import (
	"context"
	"fmt"
	"log/slog"
)

// HookCall is what a tool's lifecycle hooks are told of the call they are
// called for, as Mastra's hooks are given ToolCallOptions. The agent loop
// calls the hooks of a [Func] ([Func.WithOnInputStart],
// [Func.WithOnInputDelta], [Func.WithOnInputAvailable],
// [Func.WithOnOutput]) at these moments of a call, in this order:
//
//   - input start: the model has started sending the call's arguments
//     (with Generate, whose model answers at once, when the answer
//     arrives);
//   - input delta: once per piece of the arguments' text, as the model
//     streams it (with Generate, or a model that streams a call whole,
//     once with all of it);
//   - input available: the arguments are complete and valid, with the
//     typed input, before the approval check and the run (not again when
//     [Agent.Resume] runs an approved call);
//   - output: the call succeeded (and, with output validation, its output
//     is valid), with the typed output, before its tool-result event.
//
// The input hooks of a step's calls run as the model's answer arrives, in
// the order of its parts; input available runs for each call in call order
// once the answer is complete; output runs in the call's goroutine as it
// ends. Input start and delta run only for tools the step has active;
// input available and output only for calls that got that far. Only the
// agent loop calls them: [Call] and the MCP server do not.
//
// A hook's ctx is the call's: [CallInfoFrom] and [RequestContextFrom] read
// it, and it ends with the run. A hook cannot change or stop the run: an
// error it returns, and a panic, are logged to [Agent.Logger] (as Mastra
// logs "Error calling onInputStart" and goes on). A hook blocks what
// follows it, as Mastra awaits its hooks: keep hooks short.
type HookCall struct {
	// AgentID is the ID of the agent whose model made the call.
	AgentID string
	// ToolName is the tool's key, the name the model called it by.
	ToolName string
	// ToolCallID is the call's id.
	ToolCallID string
	// Step is the number of the step, from 1.
	Step int
	// Messages are the messages of the request whose answer holds the call,
	// without the system message, for the input hooks; nil for output (as
	// Mastra's onOutput has none). Do not modify them.
	Messages []Message
}

// inputHooks is implemented by tools with hooks on the streaming of their
// arguments ([Func]).
type inputHooks interface {
	hasInputHooks() bool
	onInputStart(ctx context.Context, call HookCall) error
	onInputDelta(ctx context.Context, call HookCall, delta string) error
}

// callHooks is implemented by invocations with hooks on their typed input
// and output ([Func]'s).
type callHooks interface {
	hasCallHooks() bool
	onInputAvailable(ctx context.Context, call HookCall) error
	onOutput(ctx context.Context, call HookCall, res Output) error
}

// Names of the hooks in log records: Mastra's.
const (
	hookInputStart     = "onInputStart"
	hookInputDelta     = "onInputDelta"
	hookInputAvailable = "onInputAvailable"
	hookOutput         = "onOutput"
)

// logger returns the agent's logger, or slog's default.
func (a *Agent) logger() *slog.Logger {
	if a.Logger != nil {
		return a.Logger
	}
	return slog.Default()
}

// callHook runs one lifecycle hook of a call, logging its error or panic.
func (r *runner) callHook(ctx context.Context, name string, call HookCall, fn func() error) {
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %s", clip(fmt.Sprint(p)))
			}
		}()
		return fn()
	}()
	if err != nil {
		r.a.logger().ErrorContext(ctx, "runtime: tool hook failed", "hook", name, "agent", call.AgentID,
			"tool", call.ToolName, "toolCallId", call.ToolCallID, "step", call.Step, "error", err)
	}
}

// withoutSystem returns msgs without system messages, sharing msgs when
// only the first is one.
func withoutSystem(msgs []Message) []Message {
	if len(msgs) > 0 && msgs[0].Role == RoleSystem {
		msgs = msgs[1:]
	}
	for i, m := range msgs {
		if m.Role == RoleSystem {
			out := append([]Message(nil), msgs[:i]...)
			for _, m := range msgs[i+1:] {
				if m.Role != RoleSystem {
					out = append(out, m)
				}
			}
			return out
		}
	}
	return msgs
}

// streamHooks calls the input hooks of a step's calls as the model's answer
// arrives. Its zero value is ready; it allocates only for calls of tools
// with input hooks.
type streamHooks struct {
	r      *runner
	ctx    context.Context
	step   int
	active Toolset
	calls  map[string]*hookedCall
	names  map[string]string // call id → tool name, for deltas without one
}

// hookedCall is a call whose tool has input hooks.
type hookedCall struct {
	hooks  inputHooks // nil when the tool has none
	ctx    context.Context
	call   HookCall
	deltas bool
}

// begin returns the state of the call id of the tool name, calling its
// input-start hook the first time.
func (h *streamHooks) begin(id, name string) *hookedCall {
	if c, ok := h.calls[id]; ok {
		return c
	}
	if name == "" {
		name = h.names[id]
	}
	if h.calls == nil {
		h.calls = map[string]*hookedCall{}
	}
	c := &hookedCall{}
	h.calls[id] = c
	ih, ok := h.active[name].(inputHooks)
	if !ok || !ih.hasInputHooks() {
		return c
	}
	c.hooks = ih
	c.call = HookCall{AgentID: h.r.a.ID, ToolName: name, ToolCallID: id, Step: h.step, Messages: h.r.hookMsgs}
	c.ctx = h.r.toolContext(h.ctx, h.step, ToolCall{ID: id, Name: name}, nil)
	h.r.callHook(c.ctx, hookInputStart, c.call, func() error { return ih.onInputStart(c.ctx, c.call) })
	return c
}

// visit calls the hooks that part calls for.
func (h *streamHooks) visit(p StreamPart) {
	switch p.Type {
	case StreamToolCallStart:
		if p.ToolName != "" {
			if h.names == nil {
				h.names = map[string]string{}
			}
			h.names[p.ToolCallID] = p.ToolName
		}
		h.begin(p.ToolCallID, p.ToolName)
	case StreamToolCallDelta:
		h.delta(h.begin(p.ToolCallID, p.ToolName), p.Text)
	case StreamToolCall:
		if p.ToolCall != nil {
			h.complete(*p.ToolCall)
		}
	}
}

// complete calls the hooks of a complete call: its start, and one delta
// with all of its arguments when none came before.
func (h *streamHooks) complete(tc ToolCall) {
	c := h.begin(tc.ID, tc.Name)
	if !c.deltas {
		h.delta(c, tc.Arguments)
	}
}

func (h *streamHooks) delta(c *hookedCall, text string) {
	if text == "" || c.hooks == nil {
		return
	}
	c.deltas = true
	h.r.callHook(c.ctx, hookInputDelta, c.call, func() error { return c.hooks.onInputDelta(c.ctx, c.call, text) })
}

// inputAvailable calls the input-available hook of a prepared call.
func (r *runner) inputAvailable(ctx context.Context, step int, s *slot) {
	ch, ok := s.inv.(callHooks)
	if !ok || !ch.hasCallHooks() {
		return
	}
	call := HookCall{AgentID: r.a.ID, ToolName: s.call.Name, ToolCallID: s.call.ID, Step: step, Messages: r.hookMsgs}
	tctx := r.toolContext(ctx, step, s.call, nil)
	r.callHook(tctx, hookInputAvailable, call, func() error { return ch.onInputAvailable(tctx, call) })
}

// output calls the output hook of a call that succeeded.
func (r *runner) output(ctx context.Context, step int, s *slot, res Output) {
	ch, ok := s.inv.(callHooks)
	if !ok || !ch.hasCallHooks() {
		return
	}
	call := HookCall{AgentID: r.a.ID, ToolName: s.call.Name, ToolCallID: s.call.ID, Step: step}
	r.callHook(ctx, hookOutput, call, func() error { return ch.onOutput(ctx, call, res) })
}
