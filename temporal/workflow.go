package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"go.temporal.io/sdk/workflow"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// The names of the run's query and signal.
const (
	// QueryStatus returns the run's [Status].
	QueryStatus = "toolgen.status"
	// QueryEvents takes an int, from, and returns the run's events from
	// that index on ([]agent.Event): a client that follows the run
	// asks for the events after those it has.
	QueryEvents = "toolgen.events"
	// SignalAnswers carries a []agent.Answer: the answers to the calls
	// the paused run waits on.
	SignalAnswers = "toolgen.answers"
)

// Input is the input of an agent's workflow.
type Input struct {
	// Prompt, when set, is the last user message.
	Prompt string `json:"prompt,omitempty"`
	// Messages are the messages before the prompt (or in its place),
	// without a system message: the agent's instructions are.
	Messages []llm.Message `json:"messages,omitempty"`
	// Tool is set when the run is the call of an agent-<key> tool (a
	// child workflow): its Prompt is the last user message, and its
	// instructions and step limit apply as agent.Agent.ToolRunOptions
	// says.
	Tool *agent.AgentToolInput `json:"tool,omitempty"`
}

// Status is what a run shows while it goes on: its events so far and what
// it waits on.
type Status struct {
	// Events are the run's events so far, their payloads shaped for the
	// display target, as agent.Agent.Stream yields them (the finish
	// event without its Result).
	Events []agent.Event `json:"events"`
	// Pending are the calls the run waits on, when it is paused: answer
	// them with [Run.Answer].
	Pending []agent.PendingCall `json:"pending,omitempty"`
	// AnswerError says why the last answers were refused, if they were;
	// the run still waits for answers then.
	AnswerError string `json:"answerError,omitempty"`
	// Children are the workflow IDs of the child runs started so far
	// (subagents, workflow tools), in the order they started: a
	// subagent's run that pauses waits in its own workflow, whose Status
	// ([GetRun]) shows its events and pending calls.
	Children []string `json:"children,omitempty"`
	// Done reports that the run has ended.
	Done bool `json:"done"`
}

// workflow runs the agent: the agent package's own loop, with model requests and
// tool calls as activities and calls run as workflow coroutines. A pause
// (approval, a client tool) waits for the answers signal, as long as it
// takes, and the run resumes in the same workflow.
func (d *definition) workflow(wctx workflow.Context, in Input) (*Result, error) {
	st := &Status{}
	if err := workflow.SetQueryHandler(wctx, QueryStatus, func() (*Status, error) { return st, nil }); err != nil {
		return nil, err
	}
	if err := workflow.SetQueryHandler(wctx, QueryEvents, func(from int) ([]agent.Event, error) {
		if from < 0 || from > len(st.Events) {
			return nil, fmt.Errorf("no event %d: the run has %d", from, len(st.Events))
		}
		return st.Events[from:], nil
	}); err != nil {
		return nil, err
	}
	ctx := withWorkflow(context.WithValue(context.Background(), statusKey{}, st), wctx)
	opts := append(slices.Clone(d.runOpts), agent.WithExecutor(d.executor))
	msgs := slices.Clone(in.Messages)
	if in.Prompt != "" {
		msgs = append(msgs, llm.UserMessage(in.Prompt))
	}
	if in.Tool != nil {
		msgs = append(msgs, llm.UserMessage(in.Tool.Prompt))
		opts = append(opts, d.real.ToolRunOptions(*in.Tool)...)
	}
	if len(msgs) == 0 {
		return nil, errors.New("temporal: the run's input has no prompt and no messages")
	}
	res, err := collect(st, d.agent.StreamMessages(ctx, msgs, opts...))
	if err != nil {
		return nil, err
	}
	all := newResult(res)
	signals := workflow.GetSignalChannel(wctx, SignalAnswers)
	for res.State != nil {
		st.Pending = res.Pending
		var answers []agent.Answer
		sel := workflow.NewSelector(wctx)
		sel.AddReceive(signals, func(c workflow.ReceiveChannel, _ bool) { c.Receive(wctx, &answers) })
		sel.AddReceive(wctx.Done(), func(workflow.ReceiveChannel, bool) {})
		sel.Select(wctx)
		if err := wctx.Err(); err != nil {
			return nil, err
		}
		next, err := collect(st, d.agent.ResumeStream(ctx, res.State, answers, opts...))
		if errors.Is(err, agent.ErrInvalidAnswer) {
			st.AnswerError = err.Error()
			continue
		}
		if err != nil {
			return nil, err
		}
		st.AnswerError = ""
		res = next
		all.add(newResult(res))
	}
	st.Pending, st.Done = nil, true
	return all, nil
}

// collect runs a run's events into st and returns its result.
func collect(st *Status, seq iter.Seq2[agent.Event, error]) (*agent.Result, error) {
	var res *agent.Result
	for ev, err := range seq {
		if err != nil {
			return nil, err
		}
		if ev.Type == agent.EventFinish {
			res, ev.Result = ev.Result, nil
		}
		st.Events = append(st.Events, ev)
	}
	if res == nil {
		return nil, errors.New("temporal: the run ended without a result")
	}
	return res, nil
}

type workflowKey struct{}

type statusKey struct{}

// startChild starts a child workflow of type name with input in, for call
// of step, of ID "<parent's ID>/<step>/<call ID>", and adds it to the
// Children of the run's Status.
func startChild(ctx context.Context, wctx workflow.Context, step int, call llm.ToolCall, name string, in any) workflow.ChildWorkflowFuture {
	id := fmt.Sprintf("%s/%d/%s", workflow.GetInfo(wctx).WorkflowExecution.ID, step, call.ID)
	if st, ok := ctx.Value(statusKey{}).(*Status); ok {
		st.Children = append(st.Children, id)
	}
	return workflow.ExecuteChildWorkflow(workflow.WithChildOptions(wctx, workflow.ChildWorkflowOptions{WorkflowID: id}), name, in)
}

// withWorkflow returns ctx carrying wctx, the workflow context of the
// coroutine that runs with ctx.
func withWorkflow(ctx context.Context, wctx workflow.Context) context.Context {
	return context.WithValue(ctx, workflowKey{}, wctx)
}

func workflowFrom(ctx context.Context) (workflow.Context, bool) {
	wctx, ok := ctx.Value(workflowKey{}).(workflow.Context)
	return wctx, ok
}

// executor is the agent.Executor of a durable run: calls run as workflow
// coroutines, each tool call as an activity.
type executor struct{ d *definition }

// Execute implements agent.Executor with workflow.Go, a workflow
// semaphore for the limit and a workflow wait group.
func (e *executor) Execute(ctx context.Context, limit int, calls []func(context.Context)) {
	wctx, ok := workflowFrom(ctx)
	if !ok {
		for _, c := range calls { // not in a workflow: nothing can run at once
			c(ctx)
		}
		return
	}
	wg := workflow.NewWaitGroup(wctx)
	sem := workflow.NewSemaphore(wctx, int64(max(limit, 1)))
	for _, call := range calls {
		wg.Add(1)
		workflow.Go(wctx, func(gctx workflow.Context) {
			defer wg.Done()
			if sem.Acquire(gctx, 1) == nil {
				defer sem.Release(1)
			}
			call(withWorkflow(ctx, gctx))
		})
	}
	wg.Wait(wctx)
}

// RunTool implements agent.Executor: the call runs as its tool's
// activity.
func (e *executor) RunTool(ctx context.Context, call llm.ToolCall, inv tool.Invocation) (tool.Output, llm.ModelOutput, error) {
	wctx, ok := workflowFrom(ctx)
	if !ok {
		return tool.Output{}, llm.ModelOutput{}, errors.New("temporal: a tool call outside a workflow")
	}
	ci, _ := tool.CallInfoFrom(ctx)
	if sub := e.d.subagent(call.Name); sub != nil {
		return e.runSubagent(ctx, wctx, ci, call, inv, sub)
	}
	if name, ok := e.d.children[call.Name]; ok {
		return e.runChild(ctx, wctx, ci, call, inv, name)
	}
	opts, known := e.d.tools[call.Name]
	if !known {
		return tool.Output{}, llm.ModelOutput{}, &toolexec.Error{Kind: toolexec.KindToolFailed,
			Message: fmt.Sprintf("tool %q cannot run in a durable run: it is not one of the agent's registered tools", call.Name)}
	}
	in := ToolInput{Call: tool.CallInfo{AgentID: ci.AgentID, ToolName: call.Name, ToolCallID: call.ID, Step: ci.Step},
		Arguments: []byte(call.Arguments), Resume: agent.RemoteCallFrom(ctx)}
	var out ToolOutput
	err := workflow.ExecuteActivity(workflow.WithActivityOptions(wctx, opts), ToolActivityName(e.d.agent.ID, call.Name), in).Get(wctx, &out)
	if err != nil {
		return tool.Output{}, llm.ModelOutput{}, callError(call.Name, err)
	}
	if out.Suspended != nil {
		return tool.Output{}, llm.ModelOutput{}, agent.SuspendRemote(ctx, out.Suspended)
	}
	v, err := agent.DecodeOutput(inv, out.Output)
	if err != nil {
		return tool.Output{}, llm.ModelOutput{}, &toolexec.Error{Kind: toolexec.KindOutput,
			Message: fmt.Sprintf("the output of tool %q could not be read back", call.Name), Err: err}
	}
	return tool.Output{Value: v, JSON: out.Output}, out.ModelOutput, nil
}

// subagent returns the subagent whose tool is name, or nil.
func (d *definition) subagent(name string) *agent.Agent {
	key, ok := strings.CutPrefix(name, "agent-")
	if !ok {
		return nil
	}
	return d.real.Agents[key]
}

// runSubagent runs call, the call of sub's agent-<key> tool whose input
// inv holds, as a child workflow of ID "<parent's ID>/<step>/<call ID>".
// A subagent's run that pauses waits in its own workflow: answer it with
// [GetRun] and that ID.
func (e *executor) runSubagent(ctx context.Context, wctx workflow.Context, ci tool.CallInfo, call llm.ToolCall, inv tool.Invocation, sub *agent.Agent) (tool.Output, llm.ModelOutput, error) {
	in, ok := inv.Input().(agent.AgentToolInput)
	if !ok {
		return tool.Output{}, llm.ModelOutput{}, fmt.Errorf("the input of %q is a %T", call.Name, inv.Input())
	}
	var res Result
	if err := startChild(ctx, wctx, ci.Step, call, WorkflowName(sub.ID), Input{Tool: &in}).Get(wctx, &res); err != nil {
		return tool.Output{}, llm.ModelOutput{}, &toolexec.Error{Kind: toolexec.KindToolFailed,
			Message: fmt.Sprintf("the run of agent %s failed", sub.ID), Err: err}
	}
	return e.output(inv, agent.AgentToolOutput{Text: res.Text, AgentID: sub.ID, FinishReason: res.FinishReason, Usage: res.Usage})
}

// runChild runs call, the call of a workflow tool whose input inv holds,
// as a child workflow of type name and ID "<parent's ID>/<step>/<call
// ID>".
func (e *executor) runChild(ctx context.Context, wctx workflow.Context, ci tool.CallInfo, call llm.ToolCall, inv tool.Invocation, name string) (tool.Output, llm.ModelOutput, error) {
	in, ok := inv.Input().(agent.WorkflowToolInput)
	if !ok {
		return tool.Output{}, llm.ModelOutput{}, fmt.Errorf("the input of %q is a %T", call.Name, inv.Input())
	}
	child := startChild(ctx, wctx, ci.Step, call, name, in)
	var exec workflow.Execution
	if err := child.GetChildWorkflowExecution().Get(wctx, &exec); err != nil {
		return tool.Output{}, llm.ModelOutput{}, &toolexec.Error{Kind: toolexec.KindToolFailed,
			Message: fmt.Sprintf("the workflow of %q could not start", call.Name), Err: err}
	}
	var res json.RawMessage
	if err := child.Get(wctx, &res); err != nil {
		return tool.Output{}, llm.ModelOutput{}, callError(call.Name, err)
	}
	if len(res) == 0 {
		res = json.RawMessage("null")
	}
	out := agent.WorkflowToolOutput{Result: res, RunID: exec.RunID}
	return e.output(inv, out)
}

// output is the output of a call whose input inv holds, run as a child
// workflow with output out, and what the model sees of it: the tool's
// own ModelOutput rule.
func (e *executor) output(inv tool.Invocation, out any) (tool.Output, llm.ModelOutput, error) {
	raw, err := json.Marshal(out)
	if err != nil {
		return tool.Output{}, llm.ModelOutput{}, err
	}
	res := tool.Output{Value: out, JSON: raw}
	mo, err := inv.ModelOutput(context.Background(), res)
	if err != nil {
		return tool.Output{}, llm.ModelOutput{}, err
	}
	return res, mo, nil
}

// modelProxy is the agent's model in the workflow: each request is the
// model activity.
type modelProxy struct {
	d    *definition
	real llm.Model
}

// Capabilities implements llm.CapabilityReporter with the real
// model's.
func (m *modelProxy) Capabilities() llm.Capabilities { return llm.CapabilitiesOf(m.real) }

// Generate implements llm.Model.
func (m *modelProxy) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	wctx, ok := workflowFrom(ctx)
	if !ok {
		return nil, errors.New("temporal: a model request outside a workflow")
	}
	var resp llm.Response
	err := workflow.ExecuteActivity(workflow.WithActivityOptions(wctx, m.d.model), ModelActivityName(m.d.agent.ID), req).Get(wctx, &resp)
	if err != nil {
		return nil, err
	}
	return &resp, nil
}

// Stream implements llm.Model: the response of one model activity,
// as parts (its text and its complete tool calls), so that the run's
// events show them.
func (m *modelProxy) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		resp, err := m.Generate(ctx, req)
		if err != nil {
			yield(llm.StreamPart{}, err)
			return
		}
		for _, p := range resp.Message.Parts {
			var part llm.StreamPart
			switch p.Type {
			case llm.PartText:
				part = llm.StreamPart{Type: llm.StreamTextDelta, Text: p.Text}
			case llm.PartReasoning:
				part = llm.StreamPart{Type: llm.StreamReasoningDelta, Text: p.Text}
			case llm.PartRefusal:
				part = llm.StreamPart{Type: llm.StreamRefusalDelta, Text: p.Text}
			case llm.PartToolCall:
				if p.ToolCall == nil {
					continue
				}
				c := *p.ToolCall
				if !yield(llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: c.ID, ToolName: c.Name}, nil) {
					return
				}
				part = llm.StreamPart{Type: llm.StreamToolCall, ToolCall: &c}
			default:
				continue
			}
			if !yield(part, nil) {
				return
			}
		}
		yield(llm.StreamPart{Type: llm.StreamFinish, Response: resp}, nil)
	}
}
