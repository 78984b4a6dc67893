package agent

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// This file gives a run its spans: the invoke_agent span of each call
// (Generate, Stream, Resume, a subagent's run), the chat span of each model
// request and the execute_tool span of each tool call, which slot keeps;
// see https://github.com/toolgen-go/toolgen/blob/main/docs/telemetry.md.

// begin starts the invoke_agent span of the call and returns its ctx;
// state is the paused run that the call resumes, nil for a new run. The
// call ends with end.
func (r *runner) begin(state *RunState) context.Context {
	if !r.tel.Tracing() {
		return r.tel.Bind(r.ctx)
	}
	info := genaitrace.AgentInfo{ID: r.a.ID, Name: r.a.name(), Description: r.a.Description, Model: llm.InfoOf(r.a.Model)}
	if state != nil {
		info.Resumed, info.ResumedStep, info.PausedTrace = true, state.Step, state.TraceParent
	}
	var ctx context.Context
	ctx, r.span = r.tel.StartAgent(r.ctx, info)
	return ctx
}

// end ends the invoke_agent span of the call with its result, and returns
// them.
func (r *runner) end(res *Result, err error) (*Result, error) {
	var o genaitrace.Outcome
	if res != nil {
		o = genaitrace.Outcome{Steps: len(res.Steps), FinishReason: res.FinishReason, Usage: res.Usage}
	}
	if errors.Is(err, errStopped) {
		o.ErrorType = string(toolexec.KindCancelled)
	}
	r.span.End(o, err)
	return res, err
}

// startTool starts the execute_tool span of s, a call, under ctx.
func (r *runner) startTool(ctx context.Context, s *slot) {
	var desc string
	if s.tool != nil {
		desc = s.tool.Spec().Description
	}
	s.span = r.tel.StartTool(ctx, genaitrace.ToolInfo{Name: s.call.Name, CallID: s.call.ID, Description: desc, Agent: r.a.name()})
}

// ShapeToolPayload implements [genaitrace.Shaper] for the chat spans of
// the run: a tool's arguments and results in a conversation are recorded
// as its display target sees them without the decoded call, which is the
// raw payload when neither the tool nor the agent's policy transforms the
// display, and else what the policy makes of it, or the placeholder.
func (r *runner) ShapeToolPayload(ctx context.Context, name, id string, p genaitrace.Payload, raw json.RawMessage) json.RawMessage {
	phase := toolexec.PhaseInput
	switch p {
	case genaitrace.PayloadResult:
		phase = toolexec.PhaseOutput
	case genaitrace.PayloadError:
		phase = toolexec.PhaseError
	}
	in := toolexec.TransformInput{Target: tool.TargetDisplay, Phase: phase, ToolName: name, ToolCallID: id, Raw: raw}
	return toolexec.Present(ctx, r.a.Transform, r.tools[name], nil, in)
}
