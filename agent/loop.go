package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// runner is one run of an agent: Generate, Stream or Resume.
type runner struct {
	a      *Agent
	cfg    callConfig
	tools  tool.Toolset
	ctx    context.Context
	cancel context.CancelFunc
	// streaming runs use Model.Stream and yield events through emit.
	streaming bool
	stopped   bool
	emit      func(Event) bool
	res       *Result
	// search is the run's tool search, nil without one.
	search *toolSearch
	// hookMsgs are what the current step sent the model without system
	// messages, for the tools' lifecycle hooks.
	hookMsgs []llm.Message
	// out is set for a run with WithOutput; see structured.go.
	out *outputRun
	// sem bounds the tool calls of the run that run at once, a step's and
	// the background ones; tasks are the background calls.
	sem   chan struct{}
	tasks tasks
	// conv holds the conversation's deferred tasks; see Tasks.
	conv *Tasks
	// tel is the run's telemetry and span its invoke_agent span; see
	// telemetry.go.
	tel  *genaitrace.Telemetry
	span genaitrace.Run
}

func (a *Agent) newRunner(ctx context.Context, streaming bool, emit func(Event) bool, opts []Option) (*runner, error) {
	if a.Model == nil {
		return nil, fmt.Errorf("agent %s: no model", a.ID)
	}
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.maxSteps <= 0 {
		cfg.maxSteps = a.MaxSteps
	}
	if cfg.concurrency <= 0 {
		cfg.concurrency = a.Concurrency
	}
	if cfg.concurrency <= 0 {
		cfg.concurrency = DefaultConcurrency
	}
	if cfg.toolTimeout <= 0 {
		cfg.toolTimeout = a.ToolTimeout
	}
	if cfg.limits == (schema.Limits{}) {
		cfg.limits = a.Limits
	}
	if cfg.requestContext == nil {
		cfg.requestContext = tool.RequestContextFrom(ctx)
	}
	cfg.validateOutputs = cfg.validateOutputs || a.ValidateOutputs
	tools, err := a.toolset()
	if err != nil {
		return nil, err
	}
	if len(cfg.toolsets) > 0 {
		if tools, err = a.withToolsets(tools, cfg.toolsets); err != nil {
			return nil, err
		}
	}
	if tools, err = withClientTools(tools, cfg.clientTools); err != nil {
		return nil, fmt.Errorf("agent %s: %w", a.ID, err)
	}
	if !cfg.toolSearchSet {
		cfg.toolSearch = a.ToolSearch
	}
	search, searchTools, err := newToolSearch(cfg.toolSearch, tools)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", a.ID, err)
	}
	if searchTools != nil {
		if tools, err = tool.Merge(tools, searchTools); err != nil {
			return nil, fmt.Errorf("agent %s: %w", a.ID, err)
		}
	}
	r := &runner{a: a, cfg: cfg, tools: tools, streaming: streaming, emit: emit, res: &Result{AgentID: a.ID},
		sem: make(chan struct{}, cfg.concurrency), search: search, tel: genaitrace.Resolve(ctx, a.Telemetry)}
	if cfg.output != nil {
		if err := cfg.output.check(); err != nil {
			return nil, fmt.Errorf("agent %s: WithOutput: %w", a.ID, err)
		}
		r.out = newOutputRun(cfg.output, a.Model)
	}
	r.conv = cfg.tasks
	if r.conv == nil {
		r.conv = &Tasks{}
	}
	r.res.Tasks = r.conv
	r.ctx, r.cancel = context.WithCancel(ctx)
	return r, nil
}

func (r *runner) maxSteps() int {
	if r.cfg.maxSteps > 0 {
		return r.cfg.maxSteps
	}
	return DefaultMaxSteps
}

// record appends ev to the transcript (tr, when not nil) and yields the
// display event to the stream.
func (r *runner) record(display *Event, tr *Event) {
	if tr != nil {
		tr.AgentID = r.a.ID
		r.res.Transcript = append(r.res.Transcript, *tr)
	}
	if display == nil || r.emit == nil || r.stopped {
		return
	}
	if display.AgentID == "" {
		display.AgentID = r.a.ID
	}
	if !r.emit(*display) {
		r.stopped = true
		r.cancel()
	}
}

func (r *runner) start(ctx context.Context, msgs []llm.Message) (*Result, error) {
	var messages []llm.Message
	instructions := r.a.Instructions
	if r.cfg.system != nil {
		instructions = *r.cfg.system
	}
	if r.cfg.instructions != "" {
		if instructions != "" {
			instructions += "\n\n"
		}
		instructions += r.cfg.instructions
	}
	if bg := backgroundPrompt(r.backgroundKeys()); bg != "" {
		if instructions != "" {
			instructions += "\n\n"
		}
		instructions += bg
	}
	if instructions != "" {
		messages = append(messages, llm.SystemMessage(instructions))
	}
	messages = append(messages, r.cfg.history...)
	messages = append(messages, msgs...)
	return r.loop(ctx, messages, 1, llm.Usage{})
}

func (r *runner) loop(ctx context.Context, messages []llm.Message, step int, usage llm.Usage) (*Result, error) {
	for ; ; step++ {
		if err := r.check(ctx); err != nil {
			return nil, err
		}
		messages = r.deliverTasks(messages)
		plan := StepPlan{Number: step, Messages: slices.Clip(messages), Tools: r.runTools(), ToolChoice: r.cfg.toolChoice, ActiveTools: r.activeKeys()}
		if r.cfg.prepareStep != nil {
			if err := r.cfg.prepareStep(ctx, &plan); err != nil {
				return nil, fmt.Errorf("agent %s: step %d: prepare step: %w", r.a.ID, step, err)
			}
		}
		active, defs, err := activeTools(plan)
		if err != nil {
			return nil, fmt.Errorf("agent %s: step %d: %w", r.a.ID, step, err)
		}
		defs = r.advertiseBackground(active, defs)
		req := &llm.Request{Messages: plan.Messages, Tools: defs, ToolChoice: plan.ToolChoice, ResponseFormat: r.out.stepFormat()}
		st, err := r.ask(ctx, step, req, plan.Tools, active, "model")
		if err != nil {
			return nil, err
		}
		resp := st.Response
		usage = usage.Add(resp.Usage)
		messages = append(messages, resp.Message)
		if len(st.ToolCalls) == 0 {
			if err := r.finishStep(ctx, st); err != nil {
				return nil, err
			}
			if !r.tasksPending() {
				return r.conclude(ctx, messages, step, usage, resp.FinishReason, st.Text, true)
			}
			// Background calls run: their results make another step.
			if step >= r.maxSteps() {
				return r.conclude(ctx, messages, step, usage, FinishMaxSteps, st.Text, false)
			}
			if err := r.awaitTasks(ctx); err != nil {
				return nil, err
			}
			continue
		}
		d := r.dispatch(ctx, step, st.ToolCalls, active, plan.Tools, nil)
		if err := r.check(ctx); err != nil {
			return nil, err
		}
		st.Outcomes = d.outcomes
		if len(d.waiting) > 0 {
			// The step finishes when its calls are settled, on resume.
			return r.pause(ctx, messages, st, d, usage)
		}
		messages = append(messages, llm.ToolMessage(d.results...))
		if err := r.finishStep(ctx, st); err != nil {
			return nil, err
		}
		if reason, end := r.next(st, usage); end {
			return r.conclude(ctx, messages, step, usage, reason, st.Text, false)
		}
	}
}

// ask sends req, the request of step, and returns the step its answer
// makes, its text recorded in the transcript; what names the request in
// an error. tools and active are as for callModel.
func (r *runner) ask(ctx context.Context, step int, req *llm.Request, tools, active tool.Toolset, what string) (Step, error) {
	r.hookMsgs = withoutSystem(req.Messages)
	resp, err := r.callModel(ctx, step, req, tools, active)
	if err != nil {
		if cerr := r.check(ctx); cerr != nil {
			return Step{}, cerr
		}
		return Step{}, fmt.Errorf("agent %s: step %d: %s: %w", r.a.ID, step, what, err)
	}
	st := Step{Number: step, Text: resp.Message.Text(), ToolCalls: resp.Message.ToolCalls(), FinishReason: resp.FinishReason, Usage: resp.Usage, Response: resp}
	if st.Text != "" {
		r.record(nil, &Event{Type: EventTextDelta, Step: step, Text: st.Text})
	}
	return st, nil
}

// check reports why the run must stop now, if it must.
func (r *runner) check(ctx context.Context) error {
	if r.stopped {
		return errStopped
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("agent %s: %w", r.a.ID, context.Cause(ctx))
	}
	return nil
}

// callModel sends req and calls the input hooks of the active tools the
// answer calls, as it streams or, from Generate, once it has come; tools
// are all the step's tools, whose transforms shape the argument deltas.
func (r *runner) callModel(ctx context.Context, step int, req *llm.Request, tools, active tool.Toolset) (*llm.Response, error) {
	mctx, chat := r.tel.StartChat(ctx, r.a.Model, req, r)
	resp, err := r.requestModel(ctx, mctx, step, req, tools, active)
	chat.End(resp, err)
	return resp, err
}

// requestModel is callModel within its chat span, whose ctx mctx is the
// request's; the hooks run with ctx, the run's.
func (r *runner) requestModel(ctx, mctx context.Context, step int, req *llm.Request, tools, active tool.Toolset) (*llm.Response, error) {
	hooks := streamHooks{r: r, ctx: ctx, step: step, active: active}
	if !r.streaming {
		resp, err := r.a.Model.Generate(mctx, req)
		if err == nil && resp != nil {
			for _, c := range resp.Message.ToolCalls() {
				hooks.complete(c)
			}
		}
		return resp, err
	}
	names := map[string]string{} // call id → tool name, for deltas that omit it
	return llm.CollectStream(r.a.Model.Stream(mctx, req), func(p llm.StreamPart) {
		hooks.visit(p)
		switch p.Type {
		case llm.StreamTextDelta:
			r.record(&Event{Type: EventTextDelta, Step: step, Text: p.Text}, nil)
		case llm.StreamReasoningDelta:
			r.record(&Event{Type: EventReasoningDelta, Step: step, Text: p.Text}, nil)
		case llm.StreamToolCallStart:
			if p.ToolName != "" {
				names[p.ToolCallID] = p.ToolName
			}
		case llm.StreamToolCallDelta:
			name := p.ToolName
			if name == "" {
				name = names[p.ToolCallID]
			} else {
				names[p.ToolCallID] = name
			}
			ev := r.delta(ctx, Event{Type: EventToolCallDelta, Step: step, ToolName: name, ToolCallID: p.ToolCallID}, tools[name], p.Text)
			r.record(&ev, nil)
		}
	})
}

func (r *runner) finishStep(ctx context.Context, st Step) error {
	r.res.Steps = append(r.res.Steps, st)
	u := st.Usage
	ev := Event{Type: EventStepFinish, Step: st.Number, FinishReason: st.FinishReason, Usage: &u}
	tr := ev
	r.record(&ev, &tr)
	if r.cfg.onStepFinish != nil {
		if err := r.cfg.onStepFinish(ctx, st); err != nil {
			return fmt.Errorf("agent %s: step %d: on step finish: %w", r.a.ID, st.Number, err)
		}
	}
	return r.check(ctx)
}

func (r *runner) finish(messages []llm.Message, reason llm.FinishReason, usage llm.Usage, text string) *Result {
	r.endTasks()
	res := r.res
	res.Text, res.FinishReason, res.Usage, res.Messages = text, reason, usage, messages
	res.LoadedTools = r.search.loadedKeys()
	step := 0
	if n := len(res.Steps); n > 0 {
		step = res.Steps[n-1].Number
	}
	ev := Event{Type: EventFinish, Step: step, FinishReason: reason, Usage: &usage, Result: res}
	tr := ev
	tr.Result = nil
	r.record(&ev, &tr)
	return res
}

// activeTools returns the tools the model may call in a step and their
// definitions, sorted by key, and checks the tool choice against them.
func activeTools(plan StepPlan) (tool.Toolset, []llm.ToolDefinition, error) {
	active := plan.Tools
	if plan.ActiveTools != nil {
		active = make(tool.Toolset, len(plan.ActiveTools))
		for _, k := range plan.ActiveTools {
			t, ok := plan.Tools[k]
			if !ok {
				return nil, nil, fmt.Errorf("active tool %q is not a tool of the agent; its tools are: %s", k, strings.Join(plan.Tools.Keys(), ", "))
			}
			active[k] = t
		}
	}
	switch plan.ToolChoice.Mode {
	case "", llm.ToolChoiceAuto, llm.ToolChoiceNone, llm.ToolChoiceRequired:
	case llm.ToolChoiceTool:
		if _, ok := active[plan.ToolChoice.Name]; !ok {
			return nil, nil, fmt.Errorf("tool choice names %q, which is not an active tool", plan.ToolChoice.Name)
		}
	default:
		return nil, nil, fmt.Errorf("unknown tool choice mode %q", plan.ToolChoice.Mode)
	}
	keys := active.Keys()
	defs := make([]llm.ToolDefinition, len(keys))
	for i, k := range keys {
		defs[i] = toolexec.Definition(k, active[k])
	}
	return active, defs, nil
}

// dispatched is what came of a step's tool calls.
type dispatched struct {
	results  []llm.ToolResult // settled calls, in call order
	errors   []toolexec.Error // the failures among them
	outcomes []ToolOutcome
	waiting  []WaitingCall // the calls that wait, in call order
	pending  []PendingCall // what they wait on, the calls of paused subagents included
}

// slot follows one call through dispatch.
type slot struct {
	call    llm.ToolCall
	tool    tool.Tool // nil for an unknown tool; its transforms shape the events
	inv     tool.Invocation
	outcome ToolOutcome
	run     bool
	// resume is how a waiting call resumes (nil for a new call), and
	// resumeValue its decoded resume data.
	resume      *resumeCall
	resumeValue any
	// wait is set when the call waits.
	wait *waitInfo
	// span is the call's execute_tool span, which ends when the call
	// settles or waits; nil when nothing records.
	span *genaitrace.Tool
	// bg is what the call's "_background" field asks, for a background
	// tool's call; timeout bounds the call in place of the run's tool
	// timeout when set.
	bg      backgroundOverride
	timeout time.Duration
	// args are the arguments the tool was given: the call's, without
	// "_background".
	args string
}

// waitInfo is what a waiting call waits for.
type waitInfo struct {
	kind         PendingKind
	payload      json.RawMessage // the display payload
	resumeSchema json.RawMessage
	state        *RunState       // PendingRun: the subagent's paused run
	raw          json.RawMessage // PendingSuspended: the suspend payload
}

// item is an event on its way from a tool goroutine to the run's stream.
type item struct {
	display, transcript *Event
}

// dispatch resolves, validates, approves and runs the calls of one step.
// Calls with a resume entry (on resume) continue from where they waited
// and record no tool-call event again. Events are recorded from the
// calling goroutine only.
func (r *runner) dispatch(ctx context.Context, step int, calls []llm.ToolCall, active, all tool.Toolset, resumes map[string]*resumeCall) dispatched {
	slots := make([]*slot, len(calls))
	for i, c := range calls {
		s := &slot{call: c, outcome: ToolOutcome{ToolName: c.Name, ToolCallID: c.ID}, resume: resumes[c.ID]}
		slots[i] = s
		r.prepare(ctx, step, s, active, all)
	}

	var torun []*slot
	for _, s := range slots {
		switch {
		case s.run && r.runsInBackground(s):
			r.startTask(ctx, step, s, s.bg)
		case s.run:
			torun = append(torun, s)
		}
	}
	if len(torun) > 0 && r.cfg.executor != nil {
		r.executeWith(ctx, step, torun)
	} else if len(torun) > 0 {
		items := make(chan item)
		done := make(chan struct{})
		sink := eventSink(func(ev Event) {
			select {
			case items <- item{display: &ev}:
			case <-done:
			}
		})
		sem := r.sem
		var wg sync.WaitGroup
		for _, s := range torun {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				disp, tr := r.execute(s.span.In(ctx), step, s, sink)
				select {
				case items <- item{display: disp, transcript: tr}:
				case <-done:
				}
			})
		}
		go func() { wg.Wait(); close(items) }()
		for it := range items {
			r.record(it.display, it.transcript)
		}
		close(done)
	}

	var d dispatched
	for _, s := range slots {
		d.outcomes = append(d.outcomes, s.outcome)
		if w := s.wait; w != nil {
			d.waiting = append(d.waiting, WaitingCall{ToolCallID: s.call.ID, ToolName: s.call.Name, Kind: w.kind, State: w.state, SuspendPayload: w.raw})
			if w.kind == PendingRun {
				for _, p := range w.state.Pending {
					p.Path = append([]string{s.call.ID}, p.Path...)
					d.pending = append(d.pending, p)
				}
				continue
			}
			d.pending = append(d.pending, PendingCall{Kind: w.kind, ToolCallID: s.call.ID, ToolName: s.call.Name, AgentID: r.a.ID,
				Arguments: s.call.Arguments, Payload: w.payload, ResumeSchema: w.resumeSchema})
			continue
		}
		d.results = append(d.results, llm.ToolResult{ToolCallID: s.call.ID, ToolName: s.call.Name, Output: s.outcome.ModelOutput})
		if e := s.outcome.Err; e != nil {
			d.errors = append(d.errors, toolexec.Error{Kind: e.Kind, ToolName: e.ToolName, ToolCallID: e.ToolCallID, Message: e.Message})
		}
	}
	return d
}

// prepare resolves and decodes a call and decides whether it runs, waits or
// fails; it records the tool-call event (of a new call) and, unless the
// call runs, its outcome event.
func (r *runner) prepare(ctx context.Context, step int, s *slot, active, all tool.Toolset) {
	c := s.call
	s.tool = all[c.Name] // an inactive tool's transforms still hide its payloads
	r.startTool(ctx, s)
	ctx = s.span.In(ctx)
	callEvent := func() {
		var inv tool.Invocation
		raw := json.RawMessage("null")
		if s.inv != nil {
			inv, raw = s.inv, json.RawMessage(c.Arguments)
		}
		if s.resume != nil {
			// The event was recorded when the call was made.
			if s.span.CapturesContent() {
				s.span.Arguments(r.present(ctx, tool.TargetDisplay, toolexec.PhaseInput, Event{ToolName: c.Name, ToolCallID: c.ID}, s.tool, inv, nil, nil, raw))
			}
			return
		}
		disp, tr := r.events(ctx, Event{Type: EventToolCall, Step: step, ToolName: c.Name, ToolCallID: c.ID}, toolexec.PhaseInput, s.tool, inv, nil, nil, raw)
		s.span.Arguments(disp.Payload)
		r.record(disp, tr)
	}
	tl, ok := active[c.Name]
	if !ok {
		_, exists := all[c.Name]
		msg, unloaded := r.search.notLoadedMessage(c.Name)
		if !unloaded || exists {
			msg = wording.UnknownTool(c.Name, active.Keys(), exists)
		}
		callEvent()
		r.fail(ctx, step, s, &toolexec.Error{Kind: toolexec.KindUnknownTool, Message: msg})
		return
	}
	s.tool = tl
	args := c.Arguments
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	// The "_background" field is the loop's, never the tool's (Mastra
	// takes it out of every call's arguments).
	args, ov, berr := splitBackground(args)
	if berr != nil && isBackground(tl) {
		callEvent()
		r.fail(ctx, step, s, &toolexec.Error{Kind: toolexec.KindInvalidArguments, Message: wording.Clip(fmt.Sprintf("invalid arguments for tool %q: %v", c.Name, berr))})
		return
	}
	s.bg, s.args = ov, args
	inv, terr := toolexec.Prepare(r.toolContext(ctx, step, c, nil), c.Name, tl, json.RawMessage(args))
	if terr != nil {
		callEvent()
		r.fail(ctx, step, s, terr)
		return
	}
	s.inv, s.outcome.Input = inv, inv.Input()
	if args != c.Arguments && strings.TrimSpace(c.Arguments) == "" {
		s.call.Arguments = args
		c.Arguments = args
	}
	callEvent()
	if s.resume == nil {
		r.inputAvailable(ctx, step, s)
	}
	if s.resume != nil {
		r.resumeSlot(ctx, step, s)
		return
	}
	needs, err := r.needsApproval(ctx, step, s, tl)
	if err != nil {
		r.fail(ctx, step, s, &toolexec.Error{Kind: toolexec.KindToolFailed, Message: wording.Clip(fmt.Sprintf("the approval check of %q failed: %v", c.Name, err)), Err: err})
		return
	}
	if !needs {
		r.ready(ctx, step, s)
		return
	}
	disp, tr := r.events(ctx, Event{Type: EventToolCallApproval, Step: step, ToolName: c.Name, ToolCallID: c.ID}, toolexec.PhaseApproval, s.tool, inv, nil, nil, json.RawMessage(c.Arguments))
	s.waitFor(&waitInfo{kind: PendingApproval, payload: disp.Payload})
	r.record(disp, tr)
}

// ready makes an approved (or unchecked) call run, or, for a client tool,
// wait for its client.
func (r *runner) ready(ctx context.Context, step int, s *slot) {
	if _, client := s.tool.(*clientTool); !client {
		s.run = true
		return
	}
	disp, _ := r.events(ctx, Event{Type: EventToolCall, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID}, toolexec.PhaseInput, s.tool, s.inv, nil, nil, json.RawMessage(s.call.Arguments))
	s.waitFor(&waitInfo{kind: PendingClient, payload: disp.Payload, resumeSchema: s.tool.Spec().OutputSchema})
}

// waitFor makes s wait for w; its span ends.
func (s *slot) waitFor(w *waitInfo) {
	s.wait = w
	s.outcome.Pending = true
	s.outcome.ModelOutput = llm.ModelOutput{}
	s.span.Waiting(string(w.kind))
}

func (r *runner) needsApproval(ctx context.Context, step int, s *slot, tl tool.Tool) (needs bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			needs, err = false, fmt.Errorf("panic: %s", wording.Clip(fmt.Sprint(p)))
		}
	}()
	tctx := r.toolContext(ctx, step, s.call, nil)
	if needs, err = s.inv.NeedsApproval(tctx); err != nil || needs {
		return needs, err
	}
	if r.cfg.approval != nil {
		return r.cfg.approval(tctx, toolexec.ApprovalRequest{ToolName: s.call.Name, ToolCallID: s.call.ID, Spec: tl.Spec(), Input: s.inv.Input()})
	}
	return false, nil
}

// fail settles s with e and records its tool-error event.
func (r *runner) fail(ctx context.Context, step int, s *slot, e *toolexec.Error) {
	r.record(r.failure(ctx, step, s, e))
}

func (r *runner) failure(ctx context.Context, step int, s *slot, e *toolexec.Error) (*Event, *Event) {
	e.ToolName, e.ToolCallID = s.call.Name, s.call.ID
	s.outcome.Err = e
	s.outcome.ModelOutput = llm.ErrorOutput(e.Message)
	defer s.span.End(string(e.Kind))
	raw, _ := json.Marshal(map[string]string{"kind": string(e.Kind), "message": e.Message})
	return r.events(ctx, Event{Type: EventToolError, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID}, toolexec.PhaseError, s.tool, s.inv, nil, e, raw)
}

// toolContext is the ctx a tool runs with: the call's identity, the request
// context and, for subagents, the stream to forward events to.
func (r *runner) toolContext(ctx context.Context, step int, c llm.ToolCall, sink eventSink) context.Context {
	ctx = toolexec.WithCallInfo(ctx, tool.CallInfo{AgentID: r.a.ID, ToolName: c.Name, ToolCallID: c.ID, Step: step})
	ctx = toolexec.WithLimits(ctx, r.cfg.limits)
	if r.cfg.validateOutputs {
		ctx = toolexec.ValidatingOutputs(ctx)
	}
	if r.cfg.requestContext != nil {
		ctx = context.WithValue(ctx, callctx.RequestContextKey, r.cfg.requestContext)
	}
	if r.streaming && sink != nil {
		parent := c.ID
		ctx = context.WithValue(ctx, sinkKey, eventSink(func(ev Event) {
			if ev.ParentToolCallID == "" {
				ev.ParentToolCallID = parent
			}
			sink(ev)
		}))
	}
	return ctx
}

// execute runs one call in its own goroutine, bounded by the tool timeout,
// and returns its result or error events, or, when the call suspended
// itself, its tool-call-suspended events; none when a subagent's run
// paused (its own events say so).
func (r *runner) execute(ctx context.Context, step int, s *slot, sink eventSink) (*Event, *Event) {
	background := s.outcome.TaskID != ""
	cc := &callctx.Control{Tool: s.call.Name, Types: suspendTypesOf(s.inv), Background: background}
	sub := &subrun{background: background}
	if rc := s.resume; rc != nil {
		switch rc.wait.Kind {
		case PendingSuspended:
			cc.Resumed, cc.ResumeValue, cc.ResumeRaw, cc.SuspendedWith = true, s.resumeValue, rc.answer.ResumeData, rc.wait.SuspendPayload
		case PendingRun:
			sub.resume = &runResume{state: rc.wait.State, answers: rc.nested}
		}
	}
	tctx := withSubrun(callctx.With(r.toolContext(ctx, step, s.call, sink), cc), sub)
	tctx, stop := toolexec.WithReporter(tctx, r.reporter(ctx, step, s, sink))
	inv, timeout := s.inv, r.cfg.toolTimeout
	if s.timeout > 0 {
		timeout = s.timeout
	}
	if ex := r.cfg.executor; ex != nil && !r.search.owns(s.call.Name, s.tool) {
		call := s.call
		if s.args != "" {
			call.Arguments = s.args
		}
		inv, timeout = &executorCall{Invocation: s.inv, ex: ex, call: call}, 0 // the executor bounds its calls
	}
	res, out, terr := toolexec.Run(tctx, s.call.Name, inv, timeout)
	stop()
	suspended, payload, raw := cc.Finish()
	switch paused := sub.finish(); {
	case suspended:
		disp, tr := r.events(ctx, Event{Type: EventToolCallSuspended, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID},
			toolexec.PhaseSuspend, s.tool, s.inv, &tool.Output{Value: payload, JSON: raw}, nil, raw)
		s.waitFor(&waitInfo{kind: PendingSuspended, payload: disp.Payload, resumeSchema: s.tool.Spec().ResumeSchema, raw: raw})
		return disp, tr
	case paused != nil:
		s.waitFor(&waitInfo{kind: PendingRun, state: paused})
		return nil, nil
	}
	if terr != nil {
		return r.failure(ctx, step, s, terr)
	}
	s.outcome.Output = res.Value
	s.outcome.ModelOutput = out
	r.output(tctx, step, s, res)
	disp, tr := r.events(ctx, Event{Type: EventToolResult, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID}, toolexec.PhaseOutput, s.tool, s.inv, &res, nil, res.JSON)
	s.span.Result(disp.Payload)
	s.span.End("")
	return disp, tr
}

// reporter turns the progress and data a call reports into events on the
// stream, shaped for the display target. A run that does not stream drops
// them; its reporter still hides any reporter of an enclosing call.
func (r *runner) reporter(ctx context.Context, step int, s *slot, sink eventSink) toolexec.Reporter {
	if !r.streaming || sink == nil {
		return toolexec.Reporter{}
	}
	send := func(typ EventType, phase toolexec.Phase, v any, raw json.RawMessage) {
		ev := Event{Type: typ, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID}
		ev.Payload = r.present(ctx, tool.TargetDisplay, phase, ev, s.tool, s.inv, &tool.Output{Value: v, JSON: raw}, nil, raw)
		sink(ev)
	}
	return toolexec.Reporter{
		Progress: func(p tool.ProgressReport) {
			raw, _ := json.Marshal(p) // finite numbers and a string
			send(EventToolProgress, toolexec.PhaseProgress, p, raw)
		},
		Data: func(v any, raw json.RawMessage) { send(EventToolOutput, toolexec.PhaseData, v, raw) },
	}
}

// events builds the display and transcript forms of a tool event.
func (r *runner) events(ctx context.Context, base Event, phase toolexec.Phase, tl tool.Tool, inv tool.Invocation, res *tool.Output, err error, raw json.RawMessage) (*Event, *Event) {
	disp, tr := base, base
	disp.Payload = r.present(ctx, tool.TargetDisplay, phase, base, tl, inv, res, err, raw)
	tr.Payload = r.present(ctx, tool.TargetTranscript, phase, base, tl, inv, res, err, raw)
	return &disp, &tr
}

// present returns what target sees of a call's payload in phase; see
// [toolexec.Present].
func (r *runner) present(ctx context.Context, target tool.Target, phase toolexec.Phase, base Event, tl tool.Tool, inv tool.Invocation, res *tool.Output, err error, raw json.RawMessage) json.RawMessage {
	in := toolexec.TransformInput{Target: target, Phase: phase, ToolName: base.ToolName, ToolCallID: base.ToolCallID, Err: err, Raw: raw}
	if res != nil {
		in.Output = res.Value
	}
	return toolexec.Present(ctx, r.a.Transform, tl, inv, in)
}

// comparable reports whether v can be a map key without panicking.
func comparable(v any) bool { return reflect.ValueOf(v).Comparable() }

// delta shapes a piece of a call's arguments for the display; see
// [toolexec.PresentDelta].
func (r *runner) delta(ctx context.Context, ev Event, tl tool.Tool, text string) Event {
	ev.Text, ev.Suppressed = toolexec.PresentDelta(ctx, r.a.Transform, tl, ev.ToolName, ev.ToolCallID, text)
	return ev
}
