package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"
)

// This file holds what a tool needs to pause a run: suspending itself
// (Suspend, ResumeData, WithSuspend), and the client tools that the
// caller runs (WithClientTools). resume.go pauses and resumes runs.

// suspendTypes are the suspend and resume types of a [Func], set by
// [WithSuspend].
type suspendTypes struct {
	// payload and resume are the types S and R.
	payload, resume reflect.Type
	// schema is the resume schema, compiled on first use.
	schema *lazySchema
	// decode takes resume data through the argument path into an R.
	decode func(ctx context.Context, raw []byte) (any, error)
}

// suspender is a [Tool] whose calls may suspend: a [Func] given its
// types by [WithSuspend].
type suspender interface {
	suspendTypes() *suspendTypes
}

// suspendTypesOf returns the suspend types of t, or nil.
func suspendTypesOf(t Tool) *suspendTypes {
	if s, ok := t.(suspender); ok {
		return s.suspendTypes()
	}
	return nil
}

// WithSuspend declares that the calls of f may suspend themselves with a
// payload of type S ([Suspend]) and resume with data of type R
// ([ResumeData]). The Spec's SuspendSchema and ResumeSchema describe the
// two types: toolgen generates them, and this call, from the directive
// options suspend= and resume=. Resume data is checked against the resume
// schema (a Spec without one checks none) and decoded into R with the
// rules of arguments (see [Func.Prepare]) before the tool runs again.
//
// It is a function, not a method, because Go methods cannot take type
// parameters: write runtime.WithSuspend[Ask, Reply](NewFunc(…)).
func WithSuspend[S, R, In, Out any](f *Func[In, Out]) *Func[In, Out] {
	raw := f.spec.ResumeSchema
	if len(raw) == 0 {
		raw = json.RawMessage("true")
	}
	st := &suspendTypes{
		payload: reflect.TypeFor[S](),
		resume:  reflect.TypeFor[R](),
		schema:  &lazySchema{id: f.spec.ID, which: "resume", raw: raw},
	}
	st.decode = func(ctx context.Context, data []byte) (v any, err error) {
		defer func() {
			if p := recover(); p != nil {
				v, err = nil, fmt.Errorf("read the resume data of %s: %w", f.spec.ID, &PanicError{Value: p})
			}
		}()
		var r R
		if err := readArguments(ctx, data, st.schema, false, &r); err != nil {
			return nil, err
		}
		return r, nil
	}
	f.setHooks().suspend = st
	return f
}

// suspendTypes implements suspender.
func (f *Func[In, Out]) suspendTypes() *suspendTypes {
	if f.hooks == nil {
		return nil
	}
	return f.hooks.suspend
}

// callControl is what a call running in an agent loop shares with the
// loop through its ctx: whether it suspended, the data it resumes with,
// and the paused run of a subagent.
type callControl struct {
	mu   sync.Mutex
	tool string
	// types are the tool's suspend types, nil if it has none.
	types *suspendTypes
	// resumed and resumeValue: the call runs again with resume data;
	// suspendedWith is the payload it suspended with, as JSON.
	resumed       bool
	resumeValue   any
	resumeRaw     json.RawMessage // the resume data as JSON
	suspendedWith json.RawMessage
	// resumeRun is the paused run of a subagent to resume, and its answers.
	resumeRun *runResume
	// done is set when the call is over: later reports are ignored.
	done bool
	// background is set for a background call, which cannot pause.
	background bool
	// suspended, payload and raw: the call suspended itself.
	suspended bool
	payload   any
	raw       json.RawMessage
	// paused is the state of the subagent's run that paused.
	paused *RunState
}

// runResume is a paused run to resume and the answers for its calls.
type runResume struct {
	state   *RunState
	answers []Answer
}

type controlKey struct{}

func withControl(ctx context.Context, cc *callControl) context.Context {
	return context.WithValue(ctx, controlKey{}, cc)
}

func controlFrom(ctx context.Context) *callControl {
	cc, _ := ctx.Value(controlKey{}).(*callControl)
	return cc
}

// finish marks the call over and returns what paused it: the suspend
// payload, or the subagent's paused state.
func (cc *callControl) finish() (suspended bool, payload any, raw json.RawMessage, paused *RunState) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.done = true
	return cc.suspended, cc.payload, cc.raw, cc.paused
}

// errSuspended is what [Suspend] returns for the tool to return.
var errSuspended = errors.New("the call suspended itself and waits for resume data")

// errRunPaused is what an agent tool returns when its run paused.
var errRunPaused = errors.New("the agent's run paused and waits for answers")

// Suspend pauses the tool call running under ctx and its agent run, with
// payload for whoever answers it: the run ends with [FinishSuspended] (or
// pauses with the step's other waiting calls), a tool-call-suspended event
// whose payload is the display form of payload, and a [PendingCall] of
// kind [PendingSuspended]. [Agent.Resume], given resume data for the call
// ([ResumeWith]), runs the tool again with the same input; [ResumeData]
// then returns the data. The tool should return the error Suspend
// returns:
//
//	reply, resumed := runtime.ResumeData[ConfirmReply](ctx)
//	if !resumed {
//		return Out{}, runtime.Suspend(ctx, ConfirmRequest{Question: "Book it?"})
//	}
//
// The call suspends even if the tool returns something else. S must be
// the tool's suspend type ([WithSuspend]; toolgen's suspend= option); a
// call outside an agent run (an MCP server, [Call]), of a tool without
// suspend types, with a payload of another type or one that does not
// encode as JSON, does not suspend: the error says why, and the call
// fails with it.
func Suspend[S any](ctx context.Context, payload S) error {
	cc := controlFrom(ctx)
	if cc == nil {
		return errors.New("runtime.Suspend: the call cannot suspend: only an agent run can pause and resume it")
	}
	raw, err := json.Marshal(payload)
	cc.mu.Lock()
	defer cc.mu.Unlock()
	switch st := cc.types; {
	case cc.done:
		return errors.New("runtime.Suspend: the call is over")
	case cc.background:
		return fmt.Errorf("runtime.Suspend: tool %q runs in the background, where a call cannot suspend", cc.tool)
	case st == nil:
		return fmt.Errorf("runtime.Suspend: tool %q cannot suspend: it declares no suspend and resume types (toolgen's suspend= and resume= options, or runtime.WithSuspend)", cc.tool)
	case reflect.TypeFor[S]() != st.payload:
		return fmt.Errorf("runtime.Suspend: tool %q suspends with a %s, not a %s", cc.tool, st.payload, reflect.TypeFor[S]())
	case err != nil:
		return fmt.Errorf("runtime.Suspend: encode the payload of tool %q: %w", cc.tool, err)
	}
	cc.suspended, cc.payload, cc.raw = true, payload, raw
	return errSuspended
}

// ResumeData returns the resume data of the tool call running under ctx,
// decoded into its resume type, and true, when the call runs again after
// suspending itself ([Suspend]); otherwise the zero R and false. R must be
// the tool's resume type ([WithSuspend]; toolgen's resume= option): another
// type panics, which the run reports as the tool's failure.
func ResumeData[R any](ctx context.Context) (R, bool) {
	var zero R
	cc := controlFrom(ctx)
	if cc == nil {
		return zero, false
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if !cc.resumed {
		return zero, false
	}
	v, ok := cc.resumeValue.(R)
	if !ok {
		panic(fmt.Sprintf("runtime.ResumeData[%s]: tool %q resumes with a %T", reflect.TypeFor[R](), cc.tool, cc.resumeValue))
	}
	return v, true
}

// SuspendPayload returns the payload with which the tool call running
// under ctx suspended itself, decoded into S, and true, when the call runs
// again with resume data ([ResumeData]); otherwise the zero S and false.
// Mastra gives a resumed tool the same (suspendPayload). S must be the
// tool's suspend type: another type panics, which the run reports as the
// tool's failure.
func SuspendPayload[S any](ctx context.Context) (S, bool) {
	var zero S
	cc := controlFrom(ctx)
	if cc == nil {
		return zero, false
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if !cc.resumed || len(cc.suspendedWith) == 0 {
		return zero, false
	}
	if cc.types == nil || reflect.TypeFor[S]() != cc.types.payload {
		panic(fmt.Sprintf("runtime.SuspendPayload[%s]: tool %q does not suspend with that type", reflect.TypeFor[S](), cc.tool))
	}
	var s S
	if err := json.Unmarshal(cc.suspendedWith, &s); err != nil {
		panic(fmt.Sprintf("runtime.SuspendPayload[%s]: tool %q: %v", reflect.TypeFor[S](), cc.tool, err))
	}
	return s, true
}

// resumingRun returns the paused run that the agent tool running under ctx
// resumes, if any.
func resumingRun(ctx context.Context) *runResume {
	cc := controlFrom(ctx)
	if cc == nil {
		return nil
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	return cc.resumeRun
}

// pauseRun records that the run of the agent tool running under ctx
// paused with state, and reports whether the call can pause: only in an
// agent run, and not in the background.
func pauseRun(ctx context.Context, state *RunState) bool {
	cc := controlFrom(ctx)
	if cc == nil {
		return false
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.done || cc.background {
		return false
	}
	cc.paused = state
	return true
}

// ClientTool is a tool that the caller of a run executes, not the agent,
// as Mastra's client tools are (a browser's geolocation, a confirmation
// dialog): offered to the model with its schema, its call pauses the run
// with a [PendingCall] of kind [PendingClient]; the caller runs it and
// resumes with its result ([ClientResult]) or failure ([ClientError]). It
// marshals to JSON, so that a client can send its definitions, and the
// [RunState] keeps them.
type ClientTool struct {
	// Description tells the model what the tool does.
	Description string `json:"description"`
	// InputSchema is the JSON Schema of the arguments, an object; the
	// arguments take the argument path against it (see [Func.Prepare]).
	InputSchema json.RawMessage `json:"inputSchema"`
	// OutputSchema, when set, is the JSON Schema that the client's result
	// must match: a result that does not is an error of [Agent.Resume].
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	// Strict asks for the OpenAI strict dialect, as [Spec.Strict] does.
	Strict bool `json:"strict,omitempty"`
	// NeedsApproval makes every call wait for approval before the client
	// is asked to run it.
	NeedsApproval bool `json:"needsApproval,omitempty"`
}

// WithClientTools offers the model tools that the caller runs, by key:
// a call of one pauses the run (see [ClientTool]). A key that the agent's
// tools use too is an error of the run. [Agent.Resume] offers the tools of
// the paused run unless given others.
func WithClientTools(tools map[string]ClientTool) Option {
	return func(cc *callConfig) {
		cc.clientTools = make(map[string]ClientTool, len(tools))
		for k, t := range tools {
			cc.clientTools[k] = t
		}
	}
}

// clientTool is a [ClientTool] as a [Tool] of the run: it prepares calls,
// which the loop never runs.
type clientTool struct {
	spec   Spec
	input  *lazySchema
	output *lazySchema // nil without an output schema
}

func newClientTool(key string, t ClientTool) *clientTool {
	ct := &clientTool{spec: Spec{
		ID:            key,
		Description:   t.Description,
		InputSchema:   t.InputSchema,
		OutputSchema:  t.OutputSchema,
		Strict:        t.Strict,
		NeedsApproval: t.NeedsApproval,
	}}
	ct.input = &lazySchema{id: key, which: "input", raw: t.InputSchema}
	if len(t.OutputSchema) > 0 {
		ct.output = &lazySchema{id: key, which: "output", raw: t.OutputSchema}
	}
	return ct
}

// Spec implements [Tool].
func (t *clientTool) Spec() *Spec { return &t.spec }

// Prepare implements [Tool]: the arguments take the argument path.
func (t *clientTool) Prepare(ctx context.Context, args json.RawMessage) (Invocation, error) {
	var v json.RawMessage
	if err := readArguments(ctx, args, t.input, t.spec.Strict, &v); err != nil {
		return nil, err
	}
	return &clientCall{t: t, args: v}, nil
}

// checkResult checks a client's result: one strict JSON value, matching
// the output schema if there is one.
func (t *clientTool) checkResult(raw []byte) error {
	v, err := parseArguments(raw)
	if err != nil {
		return err
	}
	if t.output == nil {
		return nil
	}
	sch, err := t.output.get()
	if err != nil {
		return err
	}
	return validateValue(sch, v)
}

// clientCall is the [Invocation] of a client tool's call.
type clientCall struct {
	t    *clientTool
	args json.RawMessage
}

func (c *clientCall) Input() any { return c.args }

func (c *clientCall) NeedsApproval(context.Context) (bool, error) { return c.t.spec.NeedsApproval, nil }

func (c *clientCall) Run(context.Context) (Output, error) {
	return Output{}, fmt.Errorf("tool %s is a client tool: the caller runs it", c.t.spec.ID)
}

func (c *clientCall) ModelOutput(_ context.Context, out Output) (ModelOutput, error) {
	return JSONOutput(out.JSON), nil
}

func (c *clientCall) Transform(context.Context, Target, Phase, *Output, error) (any, bool, error) {
	return nil, false, nil
}

// withClientTools returns tools and the client tools of clients, which
// must not share a key.
func withClientTools(tools Toolset, clients map[string]ClientTool) (Toolset, error) {
	if len(clients) == 0 {
		return tools, nil
	}
	extra := make(Toolset, len(clients))
	for k, t := range clients {
		if _, dup := tools[k]; dup {
			return nil, fmt.Errorf("client tool %q: the agent has a tool of that key", k)
		}
		extra[k] = newClientTool(k, t)
	}
	all, err := Merge(tools, extra)
	if err != nil {
		return nil, err
	}
	if err := all.Validate(); err != nil {
		return nil, err
	}
	return all, nil
}
