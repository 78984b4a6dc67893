package agent

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
)

// inputHooks is implemented by tools with hooks on the streaming of their
// arguments ([tool.Func]).
type inputHooks interface {
	OnInputStart(ctx context.Context, call tool.HookCall) error
	OnInputDelta(ctx context.Context, call tool.HookCall, delta string) error
}

// callHooks is implemented by invocations with hooks on their typed input
// and output ([tool.Func]'s).
type callHooks interface {
	OnInputAvailable(ctx context.Context, call tool.HookCall) error
	OnOutput(ctx context.Context, call tool.HookCall, res tool.Output) error
}

// hookCall is the HookCall of the call id of the tool name in step.
func (r *runner) hookCall(step int, name, id string, msgs []llm.Message) tool.HookCall {
	return tool.HookCall{CallInfo: tool.CallInfo{AgentID: r.a.ID, ToolName: name, ToolCallID: id, Step: step}, Messages: msgs}
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
func (r *runner) callHook(ctx context.Context, name string, call tool.HookCall, fn func() error) {
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %s", wording.Clip(fmt.Sprint(p)))
			}
		}()
		return fn()
	}()
	if err != nil {
		r.a.logger().ErrorContext(ctx, "agent: tool hook failed", "hook", name, "agent", call.AgentID,
			"tool", call.ToolName, "toolCallId", call.ToolCallID, "step", call.Step, "error", err)
	}
}

// withoutSystem returns msgs without system messages, sharing msgs when
// only the first is one.
func withoutSystem(msgs []llm.Message) []llm.Message {
	if len(msgs) > 0 && msgs[0].Role == llm.RoleSystem {
		msgs = msgs[1:]
	}
	for i, m := range msgs {
		if m.Role == llm.RoleSystem {
			out := append([]llm.Message(nil), msgs[:i]...)
			for _, m := range msgs[i+1:] {
				if m.Role != llm.RoleSystem {
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
	active tool.Toolset
	calls  map[string]*hookedCall
	names  map[string]string // call id → tool name, for deltas without one
}

// hookedCall is a call whose tool has input hooks.
type hookedCall struct {
	hooks  inputHooks // nil when the tool has none
	ctx    context.Context
	call   tool.HookCall
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
	if !ok {
		return c
	}
	c.hooks = ih
	c.call = h.r.hookCall(h.step, name, id, h.r.hookMsgs)
	c.ctx = h.r.toolContext(h.ctx, h.step, llm.ToolCall{ID: id, Name: name}, nil)
	h.r.callHook(c.ctx, hookInputStart, c.call, func() error { return ih.OnInputStart(c.ctx, c.call) })
	return c
}

// visit calls the hooks that part calls for.
func (h *streamHooks) visit(p llm.StreamPart) {
	switch p.Type {
	case llm.StreamToolCallStart:
		if p.ToolName != "" {
			if h.names == nil {
				h.names = map[string]string{}
			}
			h.names[p.ToolCallID] = p.ToolName
		}
		h.begin(p.ToolCallID, p.ToolName)
	case llm.StreamToolCallDelta:
		h.delta(h.begin(p.ToolCallID, p.ToolName), p.Text)
	case llm.StreamToolCall:
		if p.ToolCall != nil {
			h.complete(*p.ToolCall)
		}
	}
}

// complete calls the hooks of a complete call: its start, and one delta
// with all of its arguments when none came before.
func (h *streamHooks) complete(tc llm.ToolCall) {
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
	h.r.callHook(c.ctx, hookInputDelta, c.call, func() error { return c.hooks.OnInputDelta(c.ctx, c.call, text) })
}

// inputAvailable calls the input-available hook of a prepared call.
func (r *runner) inputAvailable(ctx context.Context, step int, s *slot) {
	ch, ok := s.inv.(callHooks)
	if !ok {
		return
	}
	call := r.hookCall(step, s.call.Name, s.call.ID, r.hookMsgs)
	tctx := r.toolContext(ctx, step, s.call, nil)
	r.callHook(tctx, hookInputAvailable, call, func() error { return ch.OnInputAvailable(tctx, call) })
}

// output calls the output hook of a call that succeeded.
func (r *runner) output(ctx context.Context, step int, s *slot, res tool.Output) {
	ch, ok := s.inv.(callHooks)
	if !ok {
		return
	}
	call := r.hookCall(step, s.call.Name, s.call.ID, nil)
	r.callHook(ctx, hookOutput, call, func() error { return ch.OnOutput(ctx, call, res) })
}
