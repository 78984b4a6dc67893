package agent

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// This file pauses a run whose calls wait, and resumes it: one model for
// approvals, tools that suspended themselves, client tools and subagents
// whose runs paused. A paused step has not finished: its step-finish event
// and its Step come once, when its calls are settled on resume.

// resumeCall is how a waiting call resumes.
type resumeCall struct {
	wait WaitingCall
	// answer is the call's answer; nested, for PendingRun, the answers of
	// the subagent's calls, their Paths relative to its run.
	answer Answer
	nested []Answer
}

// pause ends the run at step st, whose calls in d wait, once its
// background calls have settled: the state keeps their results for the
// model.
func (r *runner) pause(ctx context.Context, messages []llm.Message, st Step, d dispatched, usage llm.Usage) (*Result, error) {
	if err := r.awaitTasks(ctx); err != nil {
		return nil, err
	}
	state := &RunState{
		Version:          RunStateVersion,
		AgentID:          r.a.ID,
		Step:             st.Number,
		Messages:         messages,
		Pending:          d.pending,
		Waiting:          d.waiting,
		Results:          d.results,
		Errors:           d.errors,
		Usage:            usage,
		StepUsage:        st.Usage,
		StepFinishReason: st.FinishReason,
		MaxSteps:         r.maxSteps(),
		ToolChoice:       r.cfg.toolChoice,
		ClientTools:      r.cfg.clientTools,
		Background:       r.tasks.undelivered,
		TaskCount:        r.conv.count(),
	}
	if r.out != nil {
		state.Output = r.out.format.Name
	}
	if r.cfg.activeSet {
		state.ActiveTools = r.cfg.activeTools
	}
	state.LoadedTools = r.search.loadedKeys()
	state.TraceParent = r.span.TraceParent()
	r.span.Paused(len(d.pending))
	r.res.Pending, r.res.State = d.pending, state
	return r.finish(messages, pausedReason(d.pending), usage, st.Text), nil
}

// ReadRunState decodes a paused run's state from the JSON of a
// marshalled [RunState], and fails when it is not one or has a version
// this package cannot resume.
func ReadRunState(data []byte) (*RunState, error) {
	var state RunState
	if err := json.Unmarshal(data, &state); err != nil {
		return nil, fmt.Errorf("not a run state: %w", err)
	}
	if err := state.checkVersion(); err != nil {
		return nil, err
	}
	return &state, nil
}

// checkVersion fails for a state of a version Resume cannot read.
func (s *RunState) checkVersion() error {
	if s.Version != RunStateVersion && s.Version != 1 {
		return fmt.Errorf("run state version %d, want %d (or 1)", s.Version, RunStateVersion)
	}
	return nil
}

// checkState checks that state is a paused run of r's agent, and returns
// it in the current format.
func (r *runner) checkState(state *RunState) (*RunState, error) {
	switch {
	case state == nil:
		return nil, fmt.Errorf("agent %s: resume: nil state", r.a.ID)
	case state.checkVersion() != nil:
		return nil, fmt.Errorf("agent %s: resume: %w", r.a.ID, state.checkVersion())
	case state.AgentID != r.a.ID:
		return nil, fmt.Errorf("agent %s: resume: the state belongs to agent %q", r.a.ID, state.AgentID)
	case len(state.Messages) == 0 || state.Messages[len(state.Messages)-1].Role != llm.RoleAssistant:
		return nil, fmt.Errorf("agent %s: resume: the state does not end with the assistant's tool calls", r.a.ID)
	}
	if state.Version == 1 {
		// Version 1 paused for approval only, and listed each call once.
		up := *state
		up.Version, up.Waiting = RunStateVersion, nil
		up.Pending = slices.Clone(state.Pending)
		for i := range up.Pending {
			up.Pending[i].Kind, up.Pending[i].AgentID = PendingApproval, state.AgentID
			up.Waiting = append(up.Waiting, WaitingCall{ToolCallID: up.Pending[i].ToolCallID, ToolName: up.Pending[i].ToolName, Kind: PendingApproval})
		}
		state = &up
	}
	return state, nil
}

// resume continues the paused run of state with answers: every pending
// call must have one, which is checked, with resume data and client
// results, before anything runs. Each waiting call of the paused step
// then continues (without a second tool-call event), and the step
// finishes once its calls are settled, unless some wait again.
func (r *runner) resume(ctx context.Context, state *RunState, answers []Answer) (*Result, error) {
	state, err := r.checkState(state)
	if err != nil {
		return nil, err
	}
	if err := r.checkOutput(state); err != nil {
		return nil, err
	}
	if r.cfg.maxSteps <= 0 {
		r.cfg.maxSteps = state.MaxSteps
	}
	if r.cfg.toolChoice == (llm.ToolChoice{}) {
		r.cfg.toolChoice = state.ToolChoice
	}
	if !r.cfg.activeSet && state.ActiveTools != nil {
		r.cfg.activeTools, r.cfg.activeSet = state.ActiveTools, true
	}
	if r.cfg.clientTools == nil && state.ClientTools != nil {
		r.cfg.clientTools = state.ClientTools
		if r.tools, err = withClientTools(r.tools, state.ClientTools); err != nil {
			return nil, fmt.Errorf("agent %s: resume: %w", r.a.ID, err)
		}
		if err := r.search.checkKeys(r.tools); err != nil {
			return nil, fmt.Errorf("agent %s: resume: %w", r.a.ID, err)
		}
	}
	r.conv.atLeast(state.TaskCount)
	r.tasks.undelivered = slices.Clone(state.Background)
	if err := r.search.restore(state.LoadedTools); err != nil {
		return nil, fmt.Errorf("agent %s: resume: %w", r.a.ID, err)
	}
	tools := r.runTools()
	resumes, err := r.a.checkAnswers(toolexec.WithLimits(ctx, r.cfg.limits), state, answers, tools)
	if err != nil {
		return nil, fmt.Errorf("agent %s: resume: %w", r.a.ID, err)
	}
	messages := slices.Clone(state.Messages)
	assistant := messages[len(messages)-1]
	all := assistant.ToolCalls()
	var calls []llm.ToolCall
	for _, c := range all {
		if resumes[c.ID] != nil {
			calls = append(calls, c)
		}
	}
	if len(calls) != len(resumes) {
		return nil, fmt.Errorf("agent %s: resume: the state's waiting calls are not all calls of its last message", r.a.ID)
	}
	active, _, err := activeTools(StepPlan{Tools: tools, ActiveTools: r.activeKeys()})
	if err != nil {
		return nil, fmt.Errorf("agent %s: resume: %w", r.a.ID, err)
	}
	d := r.dispatch(ctx, state.Step, calls, active, tools, resumes)
	if err := r.check(ctx); err != nil {
		return nil, err
	}
	d = settled(state, all, d)
	st := Step{
		Number:       state.Step,
		Text:         assistant.Text(),
		ToolCalls:    all,
		Outcomes:     d.outcomes,
		FinishReason: cmp.Or(state.StepFinishReason, llm.FinishToolCalls),
		Usage:        state.StepUsage,
	}
	if len(d.waiting) > 0 {
		return r.pause(ctx, messages, st, d, state.Usage)
	}
	messages = append(messages, llm.ToolMessage(d.results...))
	if err := r.finishStep(ctx, st); err != nil {
		return nil, err
	}
	if reason, end := r.next(st, state.Usage); end {
		return r.conclude(ctx, messages, state.Step, state.Usage, reason, st.Text, false)
	}
	return r.loop(ctx, messages, state.Step+1, state.Usage)
}

// settled merges the calls of the paused step that had settled before
// (state's Results and Errors) with d, what came of the calls that
// resumed, in the order of calls, the step's calls.
func settled(state *RunState, calls []llm.ToolCall, d dispatched) dispatched {
	resumed := make(map[string]ToolOutcome, len(d.outcomes))
	for _, o := range d.outcomes {
		resumed[o.ToolCallID] = o
	}
	before := make(map[string]llm.ToolResult, len(state.Results))
	for _, res := range state.Results {
		before[res.ToolCallID] = res
	}
	failed := make(map[string]toolexec.Error, len(state.Errors))
	for _, e := range state.Errors {
		failed[e.ToolCallID] = e
	}
	now := make(map[string]llm.ToolResult, len(d.results))
	for _, res := range d.results {
		now[res.ToolCallID] = res
	}
	out := dispatched{waiting: d.waiting, pending: d.pending, errors: slices.Clone(state.Errors)}
	out.errors = append(out.errors, d.errors...)
	for _, c := range calls {
		if o, ok := resumed[c.ID]; ok {
			out.outcomes = append(out.outcomes, o)
			if res, ok := now[c.ID]; ok {
				out.results = append(out.results, res)
			}
			continue
		}
		res, ok := before[c.ID]
		if !ok {
			continue
		}
		o := ToolOutcome{ToolName: res.ToolName, ToolCallID: res.ToolCallID, ModelOutput: res.Output}
		if e, ok := failed[c.ID]; ok {
			o.Err = &e
		}
		out.outcomes = append(out.outcomes, o)
		out.results = append(out.results, res)
	}
	return out
}

// resumeSlot continues a waiting call with its answer: a declined call is
// denied, an approved one runs (or waits for its client), a suspended one
// runs again with its resume data, a client call settles with the
// client's result, and an agent tool whose run paused runs again to resume
// it.
func (r *runner) resumeSlot(ctx context.Context, step int, s *slot) {
	c, a := s.call, s.resume.answer
	s.span.Resumed(string(s.resume.wait.Kind), a.Approved)
	switch s.resume.wait.Kind {
	case PendingApproval:
		if !a.Approved {
			r.deny(step, s, a.Reason)
			return
		}
		r.ready(ctx, step, s)
	case PendingSuspended:
		st := suspendTypesOf(s.inv)
		if st == nil {
			r.fail(ctx, step, s, &toolexec.Error{Kind: toolexec.KindToolFailed, Message: fmt.Sprintf("tool %q suspended, but can no longer resume: it has no resume type", c.Name)})
			return
		}
		v, err := st.Decode(r.toolContext(ctx, step, c, nil), a.ResumeData)
		if err != nil { // checked before: the tool changed since
			r.fail(ctx, step, s, &toolexec.Error{Kind: toolexec.KindToolFailed, Message: wording.Clip(fmt.Sprintf("tool %q could not read its resume data: %v", c.Name, err)), Err: err})
			return
		}
		s.resumeValue, s.run = v, true
		r.record(r.events(ctx, Event{Type: EventToolCallResumed, Step: step, ToolName: c.Name, ToolCallID: c.ID},
			toolexec.PhaseResume, s.tool, s.inv, &tool.Output{Value: v, JSON: a.ResumeData}, nil, a.ResumeData))
	case PendingClient:
		if a.Error != "" {
			r.fail(ctx, step, s, &toolexec.Error{Kind: toolexec.KindToolFailed, Message: wording.Clip(a.Error)})
			return
		}
		res := tool.Output{Value: a.Result, JSON: a.Result}
		s.outcome.Output, s.outcome.ModelOutput = a.Result, llm.JSONOutput(a.Result)
		disp, tr := r.events(ctx, Event{Type: EventToolResult, Step: step, ToolName: c.Name, ToolCallID: c.ID}, toolexec.PhaseOutput, s.tool, s.inv, &res, nil, a.Result)
		s.span.Result(disp.Payload)
		s.span.End("")
		r.record(disp, tr)
	case PendingRun:
		s.run = true
	}
}

// deny settles s, a declined call: the model is told reason (or
// [DefaultDeclineReason]) as a plain result, as Mastra tells it, and the
// application gets a [toolexec.KindDeclined] error.
func (r *runner) deny(step int, s *slot, reason string) {
	if strings.TrimSpace(reason) == "" {
		reason = DefaultDeclineReason
	}
	s.outcome.Err = &toolexec.Error{Kind: toolexec.KindDeclined, ToolName: s.call.Name, ToolCallID: s.call.ID, Message: reason}
	s.outcome.ModelOutput = llm.TextOutput(reason)
	raw, _ := json.Marshal(struct {
		Approved bool   `json:"approved"`
		Reason   string `json:"reason"`
	}{false, reason})
	ev := Event{Type: EventToolOutputDenied, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID, Payload: raw}
	tr := ev
	r.record(&ev, &tr)
	s.span.End(string(toolexec.KindDeclined))
}

// checkAnswers matches answers to the pending calls of state, one each,
// and checks each against what its call waits for: resume data against
// the tool's resume schema and type, a client's result against its output
// schema, the answers of a subagent's calls against its paused run. It
// returns how each waiting call of state resumes. tools are a's tools in
// the run, client tools included; ctx carries the argument limits.
func (a *Agent) checkAnswers(ctx context.Context, state *RunState, answers []Answer, tools tool.Toolset) (map[string]*resumeCall, error) {
	matched := make([]*Answer, len(state.Pending))
	for i := range answers {
		ans := &answers[i]
		if ans.err != nil {
			return nil, answerError("call %s: %v", ans.ToolCallID, ans.err)
		}
		j, err := findPending(state.Pending, *ans)
		if err != nil {
			return nil, err
		}
		if matched[j] != nil {
			return nil, answerError("two answers for %s", describePending(state.Pending[j]))
		}
		matched[j] = ans
	}
	resumes := make(map[string]*resumeCall, len(state.Waiting))
	for _, w := range state.Waiting {
		resumes[w.ToolCallID] = &resumeCall{wait: w}
	}
	for i, p := range state.Pending {
		ans := matched[i]
		if ans == nil {
			return nil, answerError("no answer for %s, which waits for %s", describePending(p), p.kind())
		}
		if len(p.Path) == 0 {
			rc := resumes[p.ToolCallID]
			if rc == nil || rc.wait.Kind != p.kind() {
				return nil, fmt.Errorf("the state's pending call %s is not one of its waiting calls", p.ToolCallID)
			}
			if err := checkAnswer(ctx, p, *ans, tools[rc.wait.ToolName]); err != nil {
				return nil, err
			}
			rc.answer = *ans
			continue
		}
		rc := resumes[p.Path[0]]
		if rc == nil || rc.wait.Kind != PendingRun {
			return nil, fmt.Errorf("the state's pending call %s is not below one of its waiting calls", p.ToolCallID)
		}
		nested := *ans
		nested.Path = slices.Clone(p.Path[1:])
		rc.nested = append(rc.nested, nested)
	}
	for _, w := range state.Waiting {
		if w.Kind != PendingRun {
			continue
		}
		sub := a.subagent(w.ToolName)
		switch {
		case sub == nil:
			return nil, fmt.Errorf("call %s of %q paused a subagent's run, but %q is not a subagent of agent %s", w.ToolCallID, w.ToolName, w.ToolName, a.ID)
		case w.State == nil || w.State.AgentID != sub.ID:
			return nil, fmt.Errorf("call %s of %q: the state of the subagent's run is missing or is another agent's", w.ToolCallID, w.ToolName)
		}
		subTools, err := sub.toolset()
		if err != nil {
			return nil, err
		}
		if _, err := sub.checkAnswers(toolexec.WithLimits(ctx, sub.Limits), w.State, resumes[w.ToolCallID].nested, subTools); err != nil {
			return nil, err
		}
	}
	return resumes, nil
}

// subagent returns the subagent whose tool is name, or nil.
func (a *Agent) subagent(name string) *Agent {
	key, ok := strings.CutPrefix(name, "agent-")
	if !ok {
		return nil
	}
	return a.Agents[key]
}

// findPending returns the index of the pending call that ans answers: the
// one with its ToolCallID and Path, or, for an answer without a Path, the
// one call of a subagent with its ToolCallID.
func findPending(pending []PendingCall, ans Answer) (int, error) {
	var byID []int
	for i, p := range pending {
		if p.ToolCallID != ans.ToolCallID {
			continue
		}
		if slices.Equal(p.Path, ans.Path) {
			return i, nil
		}
		byID = append(byID, i)
	}
	switch {
	case len(ans.Path) > 0 || len(byID) == 0:
		where := ""
		if len(ans.Path) > 0 {
			where = " through call " + strings.Join(ans.Path, " > ")
		}
		return 0, answerError("no call %s%s waits", ans.ToolCallID, where)
	case len(byID) > 1:
		return 0, answerError("calls of %d agents have the id %s: answer with the PendingCall's methods, which give its Path", len(byID), ans.ToolCallID)
	}
	return byID[0], nil
}

// checkAnswer checks ans against p, a pending call of the run, of tool.
func checkAnswer(ctx context.Context, p PendingCall, ans Answer, tl tool.Tool) error {
	what := describePending(p)
	hasData, hasResult := len(ans.ResumeData) > 0, len(ans.Result) > 0 || ans.Error != ""
	switch p.kind() {
	case PendingApproval:
		if hasData || hasResult {
			return answerError("%s waits for approval: answer it with Approve or Decline", what)
		}
	case PendingSuspended:
		if !hasData || hasResult || ans.Approved {
			return answerError("%s suspended itself: answer it with its resume data (ResumeWith, or the PendingCall's Resume)", what)
		}
		st, err := resumeTypesOf(ctx, tl, p.Arguments)
		if err != nil {
			return fmt.Errorf("%s suspended, but %w", what, err)
		}
		if st == nil {
			return fmt.Errorf("%s suspended, but tool %q has no resume type now", what, p.ToolName)
		}
		if _, err := st.Decode(ctx, ans.ResumeData); err != nil {
			return answerError("%s: invalid resume data: %s", what, dataMessage(err))
		}
	case PendingClient:
		if !hasResult || hasData || ans.Approved || (len(ans.Result) > 0 && ans.Error != "") {
			return answerError("%s waits for its client: answer it with ClientResult or ClientError", what)
		}
		ct, ok := tl.(*clientTool)
		if !ok {
			return fmt.Errorf("%s waits for its client, but the run has no client tool %q: give it again with WithClientTools", what, p.ToolName)
		}
		if len(ans.Result) > 0 {
			if err := ct.checkResult(ans.Result); err != nil {
				return answerError("%s: invalid client result: %s", what, dataMessage(err))
			}
		}
	default:
		return fmt.Errorf("%s: unknown pending kind %q", what, p.Kind)
	}
	return nil
}

// resumeTypesOf returns the suspend types of the call of tl with args, a
// call that suspended: its arguments are prepared again, as they will be
// when it runs again.
func resumeTypesOf(ctx context.Context, tl tool.Tool, args string) (*callctx.SuspendTypes, error) {
	if tl == nil {
		return nil, nil
	}
	inv, err := tl.Prepare(ctx, json.RawMessage(args))
	if err != nil {
		return nil, fmt.Errorf("its arguments no longer pass: %w", err)
	}
	return suspendTypesOf(inv), nil
}

// dataMessage words err, an error of the argument path about resume data
// or a client's result, for the caller of Resume.
func dataMessage(err error) string { return schema.Message(err) }
