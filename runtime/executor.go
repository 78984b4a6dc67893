package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"
)

// Executor runs the tool calls of a run in place of the goroutines and
// the direct calls of the default: it is the seam through which a run
// takes place where goroutines, channels and timers of the Go runtime are
// not allowed, and where tools run elsewhere: inside a Temporal workflow,
// whose code must be deterministic and whose tools are activities (the
// runtime/temporal module runs calls with workflow.Go and each tool as an
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
	// [CallInfo]. An error is the call's failure: a [*ToolError] keeps its
	// kind and message, any other error is the tool's.
	RunTool(ctx context.Context, call ToolCall, inv Invocation) (Output, ModelOutput, error)
}

// WithExecutor runs the run's tool calls with ex; see [Executor].
func WithExecutor(ex Executor) Option { return func(cc *callConfig) { cc.executor = ex } }

// DecodeOutput decodes data, the JSON of an output of the tool whose call
// inv is, into the tool's output type: for a [Func], a value of its Out;
// for other tools, data itself as a [json.RawMessage]. It lets a run whose
// tools executed elsewhere (a Temporal activity) give the typed output to
// transforms and hooks.
func DecodeOutput(inv Invocation, data json.RawMessage) (any, error) {
	if d, ok := inv.(outputDecoder); ok {
		return d.decodeOutput(data)
	}
	return data, nil
}

// outputDecoder is an [Invocation] that knows its output type.
type outputDecoder interface {
	decodeOutput(data []byte) (any, error)
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
			disp, tr := r.execute(ctx, step, s, sink)
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

// executorCall is the [Invocation] of a call whose Run and ModelOutput
// are an [Executor]'s RunTool.
type executorCall struct {
	Invocation
	ex   Executor
	call ToolCall
	out  ModelOutput
}

// Run implements [Invocation].
func (c *executorCall) Run(ctx context.Context) (Output, error) {
	res, out, err := c.ex.RunTool(ctx, c.call, c.Invocation)
	c.out = out
	return res, err
}

// ModelOutput implements [Invocation]: what RunTool returned.
func (c *executorCall) ModelOutput(context.Context, Output) (ModelOutput, error) { return c.out, nil }

// RemoteCall is the suspend state of a call that an [Executor] runs in
// another process, which RunTool sends along with the call so that
// [Suspend], [ResumeData] and [SuspendPayload] work there
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
	cc := controlFrom(ctx)
	if cc == nil {
		return RemoteCall{}
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if !cc.resumed {
		return RemoteCall{}
	}
	return RemoteCall{ResumeData: cc.resumeRaw, SuspendedWith: cc.suspendedWith}
}

// RunRemoteCall runs inv, a call of tool (called name by the model), as
// [RunCall] does without a timeout, for a run in another process whose
// [Executor] sent rc ([RemoteCallFrom]): [Suspend], [ResumeData] and
// [SuspendPayload] work in the call as in the run. When the call
// suspended itself, suspended is the payload's JSON, for the run's
// RunTool to give to [SuspendRemote], and the other results are zero.
func RunRemoteCall(ctx context.Context, name string, tool Tool, inv Invocation, rc RemoteCall) (res Output, out ModelOutput, suspended json.RawMessage, terr *ToolError) {
	cc := &callControl{tool: name, types: suspendTypesOf(tool)}
	if len(rc.ResumeData) > 0 {
		if cc.types == nil {
			return Output{}, ModelOutput{}, nil, &ToolError{Kind: KindToolFailed, Message: fmt.Sprintf("tool %q suspended, but can no longer resume: it has no resume type", name)}
		}
		v, err := cc.types.decode(ctx, rc.ResumeData)
		if err != nil {
			return Output{}, ModelOutput{}, nil, &ToolError{Kind: KindToolFailed, Message: clip(fmt.Sprintf("tool %q could not read its resume data: %v", name, err)), Err: err}
		}
		cc.resumed, cc.resumeValue, cc.resumeRaw, cc.suspendedWith = true, v, rc.ResumeData, rc.SuspendedWith
	}
	res, out, terr = RunCall(withControl(ctx, cc), name, inv, 0)
	if ok, _, raw, _ := cc.finish(); ok {
		return Output{}, ModelOutput{}, raw, nil
	}
	return res, out, nil, terr
}

// SuspendRemote records, in [Executor.RunTool], that the call running
// under ctx suspended itself in another process with payload, the JSON of
// the tool's suspend type ([RunRemoteCall]), as [Suspend] does, and
// returns the error for RunTool to return.
func SuspendRemote(ctx context.Context, payload json.RawMessage) error {
	cc := controlFrom(ctx)
	if cc == nil {
		return errors.New("runtime.SuspendRemote: the call cannot suspend: only an agent run can pause and resume it")
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.types == nil {
		return fmt.Errorf("runtime.SuspendRemote: tool %q cannot suspend: it declares no suspend and resume types", cc.tool)
	}
	v := reflect.New(cc.types.payload)
	if err := json.Unmarshal(payload, v.Interface()); err != nil {
		return fmt.Errorf("runtime.SuspendRemote: read the payload of tool %q: %w", cc.tool, err)
	}
	cc.suspended, cc.payload, cc.raw = true, v.Elem().Interface(), payload
	return errSuspended
}
