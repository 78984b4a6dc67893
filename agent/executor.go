package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// Executor runs the tool calls of a run in place of the goroutines and
// the direct calls of the default: it is the seam through which a run
// takes place where goroutines, channels and timers of the Go runtime are
// not allowed, and where tools run elsewhere: inside a Temporal workflow,
// whose code must be deterministic and whose tools are activities (the
// temporal module runs calls with workflow.Go and each tool as an
// activity).
//
// Under an Executor ([WithExecutor]) the loop is the same code (argument
// checks, approval, transforms, hooks, events, pausing and resuming) with
// these differences only: a call's Run and ModelOutput are the
// executor's RunTool (except for the tool search's search_tools and
// load_tool, which hold the run's state and run in the loop); the run's tool timeout is not applied and calls do
// not see ctx's cancellation (they run with [context.WithoutCancel]: the
// executor bounds them); background tools run in their step as the others
// do; and the events of a step's calls (their result or error, and what a
// streaming subagent forwards) are recorded once Execute has returned, in
// call order, not as they happen. A tool that RunTool runs in another
// process suspends through [RemoteCallFrom], [RunRemoteCall] and
// [SuspendRemote].
type Executor interface {
	// Execute calls each of calls once, with ctx or a context derived
	// from it, at most limit of them at a time, and returns when all have
	// returned.
	Execute(ctx context.Context, limit int, calls []func(context.Context))
	// RunTool runs call, a call of a tool of the run whose arguments
	// inv holds (decoded and valid, approval settled), and returns the
	// tool's output (Value as [DecodeOutput] gives it) and what the model
	// sees of it. ctx is the one Execute gave the call, with the call's
	// [tool.CallInfo]. An error is the call's failure: a [*toolexec.Error] keeps its
	// kind and message, any other error is the tool's.
	RunTool(ctx context.Context, call llm.ToolCall, inv tool.Invocation) (tool.Output, llm.ModelOutput, error)
}

// WithExecutor runs the run's tool calls with ex; see [Executor].
func WithExecutor(ex Executor) Option { return func(cc *callConfig) { cc.executor = ex } }

// DecodeOutput decodes data, the JSON of an output of the tool whose call
// inv is, into the tool's output type: for a [tool.Func], a value of its Out;
// for other tools, data itself as a [json.RawMessage]. It lets a run whose
// tools executed elsewhere (a Temporal activity) give the typed output to
// transforms and hooks.
func DecodeOutput(inv tool.Invocation, data json.RawMessage) (any, error) {
	if d, ok := inv.(outputDecoder); ok {
		return d.DecodeOutput(data)
	}
	return data, nil
}

// outputDecoder is an [tool.Invocation] that knows its output type.
type outputDecoder interface {
	DecodeOutput(data []byte) (any, error)
}

// executeWith runs the calls of torun, a step's, with the run's executor
// and records their events in call order.
func (r *runner) executeWith(ctx context.Context, step int, torun []*slot) {
	type recorded struct {
		mu     sync.Mutex
		events []item
	}
	recs := make([]*recorded, len(torun))
	calls := make([]func(context.Context), len(torun))
	for i, s := range torun {
		rec := &recorded{}
		recs[i] = rec
		sink := eventSink(func(ev Event) {
			rec.mu.Lock()
			rec.events = append(rec.events, item{display: &ev})
			rec.mu.Unlock()
		})
		calls[i] = func(ctx context.Context) {
			disp, tr := r.execute(s.span.In(ctx), step, s, sink)
			rec.mu.Lock()
			rec.events = append(rec.events, item{display: disp, transcript: tr})
			rec.mu.Unlock()
		}
	}
	r.cfg.executor.Execute(context.WithoutCancel(ctx), r.cfg.concurrency, calls)
	for _, rec := range recs {
		for _, it := range rec.events {
			r.record(it.display, it.transcript)
		}
	}
}

// executorCall is the [tool.Invocation] of a call whose Run and ModelOutput
// are an [Executor]'s RunTool.
type executorCall struct {
	tool.Invocation
	ex   Executor
	call llm.ToolCall
	out  llm.ModelOutput
}

// Run implements [tool.Invocation].
func (c *executorCall) Run(ctx context.Context) (tool.Output, error) {
	res, out, err := c.ex.RunTool(ctx, c.call, c.Invocation)
	c.out = out
	return res, err
}

// ModelOutput implements [tool.Invocation]: what RunTool returned.
func (c *executorCall) ModelOutput(context.Context, tool.Output) (llm.ModelOutput, error) {
	return c.out, nil
}

// RemoteCall is the suspend state of a call that an [Executor] runs in
// another process, which RunTool sends along with the call so that
// [tool.Suspend], [tool.ResumeData] and [tool.SuspendPayload] work there
// ([RunRemoteCall]). It marshals to JSON.
type RemoteCall struct {
	// ResumeData is set when the call runs again after suspending
	// itself: the resume data of its answer.
	ResumeData json.RawMessage `json:"resumeData,omitempty"`
	// SuspendedWith is the payload the call suspended with then.
	SuspendedWith json.RawMessage `json:"suspendedWith,omitempty"`
}

// RemoteCallFrom returns, in [Executor.RunTool], the suspend state of the
// call that runs under ctx.
func RemoteCallFrom(ctx context.Context) RemoteCall {
	c := callctx.From(ctx)
	if c == nil || !c.Resumed {
		return RemoteCall{}
	}
	return RemoteCall{ResumeData: c.ResumeRaw, SuspendedWith: c.SuspendedWith}
}

// RunRemoteCall runs inv, a call of a tool that the model called name, as
// [toolexec.Run] does without a timeout, for a run in another process
// whose [Executor] sent rc ([RemoteCallFrom]): [tool.Suspend],
// [tool.ResumeData] and [tool.SuspendPayload] work in the call as in the
// run. When the call suspended itself, suspended is the payload's JSON,
// for the run's RunTool to give to [SuspendRemote], and the other results
// are zero.
func RunRemoteCall(ctx context.Context, name string, inv tool.Invocation, rc RemoteCall) (res tool.Output, out llm.ModelOutput, suspended json.RawMessage, terr *toolexec.Error) {
	c := &callctx.Control{Tool: name, Types: suspendTypesOf(inv)}
	if len(rc.ResumeData) > 0 {
		if c.Types == nil {
			return tool.Output{}, llm.ModelOutput{}, nil, &toolexec.Error{Kind: toolexec.KindToolFailed, Message: fmt.Sprintf("tool %q suspended, but can no longer resume: it has no resume type", name)}
		}
		v, err := c.Types.Decode(ctx, rc.ResumeData)
		if err != nil {
			return tool.Output{}, llm.ModelOutput{}, nil, &toolexec.Error{Kind: toolexec.KindToolFailed, Message: wording.Clip(fmt.Sprintf("tool %q could not read its resume data: %v", name, err)), Err: err}
		}
		c.Resumed, c.ResumeValue, c.ResumeRaw, c.SuspendedWith = true, v, rc.ResumeData, rc.SuspendedWith
	}
	res, out, terr = toolexec.Run(callctx.With(ctx, c), name, inv, 0)
	if ok, _, raw := c.Finish(); ok {
		return tool.Output{}, llm.ModelOutput{}, raw, nil
	}
	return res, out, nil, terr
}

// SuspendRemote records, in [Executor.RunTool], that the call running
// under ctx suspended itself in another process with payload, the JSON of
// the tool's suspend type ([RunRemoteCall]), as [tool.Suspend] does, and
// returns the error for RunTool to return.
func SuspendRemote(ctx context.Context, payload json.RawMessage) error {
	c := callctx.From(ctx)
	if c == nil {
		return errors.New("agent.SuspendRemote: the call cannot suspend: only an agent run can pause and resume it")
	}
	return c.SuspendJSON("agent.SuspendRemote", payload)
}
