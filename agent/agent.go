package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// Agent runs a model in a loop with tools: each step sends the conversation
// to the model, runs the tools it calls and sends back their results, until
// the model answers without calling a tool, the step limit is reached, or
// the run pauses: calls wait for approval, a tool suspended itself, or
// the caller must run a client tool.
//
// The exported fields configure the agent; set them before the first run
// and do not change them while runs are in flight. An Agent is safe for
// concurrent runs and must not be copied after first use.
type Agent struct {
	// ID identifies the agent in events and run states.
	ID string
	// Name is a human-readable name; it defaults to ID.
	Name string
	// Description says what the agent does; it is the description of the
	// agent-<key> tool when the agent is a subagent.
	Description string
	// Instructions is the system message. [WithSystem] replaces it for one
	// call and [WithInstructions] appends to it.
	Instructions string
	// Model answers the requests.
	Model llm.Model
	// Tools are the agent's tools, by key.
	Tools tool.Toolset
	// Agents are subagents; each is the tool agent-<key>, with input
	// {prompt, instructions?, maxSteps?} and output [AgentToolOutput], of
	// which the model reads the text.
	Agents map[string]*Agent
	// Workflows are workflows; each is the tool workflow-<key>, with input
	// {inputData, initialState?} and output [WorkflowToolOutput]
	// {result, runId}.
	Workflows map[string]Workflow
	// ToolSearch is a library of tools the model finds by searching, in
	// place of sending them all; nil means none. [WithToolSearch]
	// replaces it for one call. Subagents do not inherit it.
	ToolSearch *ToolSearch
	// MaxSteps bounds the model calls of a run; 0 means [DefaultMaxSteps].
	MaxSteps int
	// Concurrency bounds the tool calls of a run that run at once: a
	// step's calls and the background calls still running; 0 means
	// [DefaultConcurrency].
	Concurrency int
	// ToolTimeout bounds each tool call; 0 means no bound.
	ToolTimeout time.Duration
	// Limits bounds tool call arguments; zero fields mean the defaults.
	Limits schema.Limits
	// Transform is the agent-wide transform policy; see [toolexec.TransformPolicy].
	Transform toolexec.TransformPolicy
	// ValidateOutputs makes every tool check its output against its output
	// schema in every run, as [WithOutputValidation] does for one.
	ValidateOutputs bool
	// Logger receives what a run reports without stopping: the errors and
	// panics of tools' lifecycle hooks ([tool.HookCall]). nil means
	// slog.Default().
	Logger *slog.Logger
	// Telemetry says where the run's OpenTelemetry spans and metrics go
	// (an invoke_agent span per run, a chat span per model request, an
	// execute_tool span per tool call) and whether they carry content. nil
	// means the configuration of the run that the ctx of a call belongs
	// to, for a subagent, else OpenTelemetry's global providers: nothing
	// is recorded until the program installs an SDK. See
	// https://github.com/toolgen-go/toolgen/blob/main/docs/telemetry.md.
	Telemetry *telemetry.Config

	derived sync.Map // derivedKey → Tool: the agent- and workflow- tools
}

// Result is the outcome of a run.
type Result struct {
	// AgentID is the ID of the agent that ran.
	AgentID string
	// Text is the text of the last step.
	Text string
	// FinishReason says why the run ended: the model's reason for its last
	// answer, [FinishMaxSteps] or [FinishStopCondition]; for a paused run,
	// [FinishApproval], [FinishSuspended] or (when only client tools wait)
	// [llm.FinishToolCalls]. A run with [WithOutput] that reached its step
	// limit or a stop condition keeps that reason after the structuring
	// request that made its object.
	FinishReason llm.FinishReason
	// Usage is the sum over the run's steps (and, after Resume, the steps
	// before the stop).
	Usage llm.Usage
	// Steps are the steps that finished in this call, in order. The step
	// whose calls wait in a paused run is not among them: it finishes, and
	// is among the Steps of the call that resumes it.
	Steps []Step
	// Messages is the whole conversation, system message included.
	Messages []llm.Message
	// Pending are the calls a paused run waits on, those of its paused
	// subagents included: answer each when resuming.
	Pending []PendingCall
	// State is set when the run paused; pass it to [Agent.Resume] with
	// the answers.
	State *RunState
	// Object is the run's typed object, for a run made with [WithOutput]
	// that finished (not paused): a value of the output's type T, which
	// [Object] returns as a T. It is nil otherwise.
	Object any
	// ObjectJSON is the object's JSON as the model wrote it, once
	// validated against the output's schema (without a surrounding code
	// fence). Text holds the same answer as the model sent it.
	ObjectJSON json.RawMessage
	// Background are the background calls that settled during this call
	// (the task's outcome: TaskID, typed Output or Err), in the order the
	// run collected them; see [tool.Spec.Background]. Calls that the run's end
	// cancelled have an Err of [toolexec.KindCancelled]. A result that settled
	// before a pause is here, in the paused run's Result, and reaches the
	// model after [Agent.Resume].
	Background []ToolOutcome
	// Tasks are the deferred background tasks of the conversation, those
	// of this run among them, which run on after it: give them to the
	// conversation's next run with [WithTasks] so that it delivers their
	// results. It is never nil.
	Tasks *Tasks
	// LoadedTools are the keys of the library tools of the run's
	// [ToolSearch] that the model loaded, sorted.
	LoadedTools []string
	// Transcript is the record of the run for storage: one text-delta per
	// step holding the step's text, and the tool, step-finish and finish
	// events, their payloads shaped for [tool.TargetTranscript].
	Transcript []Event
}

// Step is one model call and the tool calls it made.
type Step struct {
	// Number is the step number, from 1.
	Number int
	// Text is the model's text.
	Text string
	// ToolCalls are the calls the model made.
	ToolCalls []llm.ToolCall
	// Outcomes are the calls' outcomes, in call order.
	Outcomes []ToolOutcome
	// FinishReason is the model's.
	FinishReason llm.FinishReason
	// Usage is the model call's.
	Usage llm.Usage
	// Response is the model's response; nil for a step that finished
	// after a pause, since the run state does not keep it.
	Response *llm.Response
}

// ToolOutcome is what happened to one tool call, for the application. Of a
// call that settled before its run paused, a resumed run knows what the
// [RunState] keeps: the model output and the error, not the typed Input
// and Output.
type ToolOutcome struct {
	// ToolName and ToolCallID identify the call.
	ToolName   string
	ToolCallID string
	// Input is the decoded input; nil when the arguments were invalid.
	Input any
	// Output is the tool's typed output; nil on failure.
	Output any
	// Err is set when the call failed or was declined.
	Err *toolexec.Error
	// Pending reports that the call waits (for approval, resume data or
	// a client). A step is reported once its calls are settled, so the
	// outcomes of [Result.Steps] never wait.
	Pending bool
	// ModelOutput is what the model was told.
	ModelOutput llm.ModelOutput
	// TaskID is set on the outcomes of a background call: in its step,
	// whose ModelOutput is the task's handle and Output nil, and in
	// [Result.Background], the task's own outcome. A step that finishes
	// on resume does not know it for calls that settled before the pause;
	// their handle, in ModelOutput, still names the task.
	TaskID string
}

// Generate runs the agent on prompt and returns the result. Bad tool calls
// never end the run (they become error results for the model); an error is
// returned for a failing model, a failing hook, a misconfigured agent, or
// the end of ctx.
func (a *Agent) Generate(ctx context.Context, prompt string, opts ...Option) (*Result, error) {
	return a.GenerateMessages(ctx, []llm.Message{llm.UserMessage(prompt)}, opts...)
}

// GenerateMessages is [Agent.Generate] with a list of messages, such as a
// user message with images, in place of a prompt.
func (a *Agent) GenerateMessages(ctx context.Context, msgs []llm.Message, opts ...Option) (*Result, error) {
	r, err := a.newRunner(ctx, false, nil, opts)
	if err != nil {
		return nil, err
	}
	defer r.close()
	return r.end(r.start(r.begin(nil), msgs))
}

// Stream runs the agent on prompt and yields its events as they happen,
// ending with a finish event whose Result is set. A run error is yielded
// last, with a zero Event. Breaking out of the loop cancels the run.
func (a *Agent) Stream(ctx context.Context, prompt string, opts ...Option) iter.Seq2[Event, error] {
	return a.StreamMessages(ctx, []llm.Message{llm.UserMessage(prompt)}, opts...)
}

// StreamMessages is [Agent.Stream] with a list of messages.
func (a *Agent) StreamMessages(ctx context.Context, msgs []llm.Message, opts ...Option) iter.Seq2[Event, error] {
	return a.stream(ctx, opts, func(r *runner) (*Result, error) { return r.end(r.start(r.begin(nil), msgs)) })
}

// Resume continues a paused run, after a JSON round trip of state if need
// be, with an [Answer] for every pending call of [RunState.Pending],
// those of paused subagents included. The answers are checked first, and
// a wrong one is an error that wraps [ErrInvalidAnswer], before anything
// runs: a call left unanswered, an answer of the wrong kind, resume data
// that the tool's resume schema or type refuses, a client's result that
// its output schema refuses.
//
// Then each waiting call continues, with no second tool-call event:
// approved calls run (without a second approval check); declined ones
// tell the model they were not approved, and why; suspended ones run
// again with their resume data (a tool-call-resumed event first); client
// calls settle with the client's result; a subagent whose run paused
// resumes it with the answers of its calls, and the run goes on. The
// paused step then finishes, with one step-finish event, and the run
// continues, or pauses again. The options of the original call that
// state records are used unless opts override them; hooks must be given
// again.
func (a *Agent) Resume(ctx context.Context, state *RunState, answers []Answer, opts ...Option) (*Result, error) {
	r, err := a.newRunner(ctx, false, nil, opts)
	if err != nil {
		return nil, err
	}
	defer r.close()
	return r.end(r.resume(r.begin(state), state, answers))
}

// ResumeStream is [Agent.Resume] yielding events as [Agent.Stream] does.
func (a *Agent) ResumeStream(ctx context.Context, state *RunState, answers []Answer, opts ...Option) iter.Seq2[Event, error] {
	return a.stream(ctx, opts, func(r *runner) (*Result, error) { return r.end(r.resume(r.begin(state), state, answers)) })
}

func (a *Agent) stream(ctx context.Context, opts []Option, run func(*runner) (*Result, error)) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		r, err := a.newRunner(ctx, true, func(ev Event) bool { return yield(ev, nil) }, opts)
		if err != nil {
			yield(Event{}, err)
			return
		}
		defer r.close()
		if _, err := run(r); err != nil && !r.stopped {
			yield(Event{}, err)
		}
	}
}

// name returns a's Name, or its ID.
func (a *Agent) name() string {
	if a.Name != "" {
		return a.Name
	}
	return a.ID
}

// derivedKey identifies an agent- or workflow- tool in Agent.derived.
type derivedKey struct {
	key    string
	target any
}

// toolset returns every tool of a: its Tools, agent-<key> per subagent and
// workflow-<key> per workflow. Collisions and invalid keys are errors.
func (a *Agent) toolset() (tool.Toolset, error) {
	if len(a.Agents) == 0 && len(a.Workflows) == 0 {
		if err := a.Tools.Validate(); err != nil {
			return nil, fmt.Errorf("agent %s: %w", a.ID, err)
		}
		return a.Tools, nil
	}
	extra := tool.Toolset{}
	for k, sub := range a.Agents {
		if sub == nil {
			return nil, fmt.Errorf("agent %s: subagent %q is nil", a.ID, k)
		}
		if sub == a {
			return nil, fmt.Errorf("agent %s: subagent %q is the agent itself", a.ID, k)
		}
		dk := derivedKey{"agent-" + k, sub}
		t, ok := a.derived.Load(dk)
		if !ok {
			t, _ = a.derived.LoadOrStore(dk, newAgentTool(k, sub))
		}
		extra["agent-"+k] = t.(tool.Tool)
	}
	for k, w := range a.Workflows {
		if w == nil {
			return nil, fmt.Errorf("agent %s: workflow %q is nil", a.ID, k)
		}
		t, err := a.workflowTool(k, w)
		if err != nil {
			return nil, fmt.Errorf("agent %s: %w", a.ID, err)
		}
		extra["workflow-"+k] = t
	}
	all, err := tool.Merge(a.Tools, extra)
	if err != nil {
		return nil, fmt.Errorf("agent %s: %w", a.ID, err)
	}
	if err := all.Validate(); err != nil {
		return nil, fmt.Errorf("agent %s: %w", a.ID, err)
	}
	return all, nil
}

// withToolsets returns the agent's tools and the tools of sets, for one
// call. A key defined twice is an error that says where.
func (a *Agent) withToolsets(tools tool.Toolset, sets []tool.Toolset) (tool.Toolset, error) {
	all := make(tool.Toolset, len(tools))
	for k, t := range tools {
		all[k] = t
	}
	from := map[string]int{} // key → index of the set that defined it
	for i, set := range sets {
		if err := set.Validate(); err != nil {
			return nil, fmt.Errorf("agent %s: WithToolsets: set %d: %w", a.ID, i+1, err)
		}
		for _, k := range set.Keys() {
			if j, ok := from[k]; ok {
				return nil, fmt.Errorf("agent %s: WithToolsets: tool key %q is in sets %d and %d", a.ID, k, j+1, i+1)
			}
			if _, ok := tools[k]; ok {
				return nil, fmt.Errorf("agent %s: WithToolsets: tool key %q of set %d is already a tool of the agent", a.ID, k, i+1)
			}
			from[k] = i
			all[k] = set[k]
		}
	}
	return all, nil
}

func (a *Agent) workflowTool(key string, w Workflow) (tool.Tool, error) {
	dk := derivedKey{"workflow-" + key, w}
	if comparable(w) {
		if t, ok := a.derived.Load(dk); ok {
			return t.(tool.Tool), nil
		}
	}
	t, err := newWorkflowTool(key, w)
	if err != nil {
		return nil, err
	}
	if comparable(w) {
		a.derived.Store(dk, t)
	}
	return t, nil
}

// errStopped ends a run whose consumer stopped iterating.
var errStopped = errors.New("agent: stream consumer stopped")

// Finish reasons of a whole run, reported by the agent loop.
const (
	// FinishMaxSteps: the run reached its step limit while the model still
	// had tool calls to make.
	FinishMaxSteps llm.FinishReason = "max-steps"
	// FinishStopCondition: a condition of [WithStopWhen] ended the run
	// after a step with tool calls. Mastra reports the last step's reason
	// (tool-calls) instead; a reason of its own tells the application that
	// the model was not given the calls' results.
	FinishStopCondition llm.FinishReason = "stop-condition"
	// FinishApproval: the run paused because calls wait for approval; see
	// [Result.State].
	FinishApproval llm.FinishReason = "approval-required"
	// FinishSuspended: the run paused because a tool suspended itself
	// ([tool.Suspend]), or calls wait for different things; see
	// [Result.State]. A run whose calls all wait for a client
	// ([WithClientTools]) ends with [llm.FinishToolCalls] and a State.
	FinishSuspended llm.FinishReason = "suspended"
)
