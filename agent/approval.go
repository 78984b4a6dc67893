package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// ApprovalPolicy reports whether a call must wait for approval. An error
// fails the call.
type ApprovalPolicy func(ctx context.Context, req toolexec.ApprovalRequest) (bool, error)

// PendingKind says what a paused call waits for.
type PendingKind string

// The kinds of pending calls.
const (
	// PendingApproval: the call waits for a decision, [Approve] or
	// [Decline], before it runs.
	PendingApproval PendingKind = "approval"
	// PendingSuspended: the tool ran and suspended itself with [tool.Suspend];
	// it runs again with the resume data of a [ResumeWith] answer, which
	// it reads with [tool.ResumeData].
	PendingSuspended PendingKind = "suspended"
	// PendingClient: the call is of a client tool ([WithClientTools]),
	// which the caller runs; the run goes on with a [ClientResult] or
	// [ClientError] answer.
	PendingClient PendingKind = "client"
	// PendingRun: the call's tool (a subagent's agent-<key> tool) paused
	// a run of its own, whose calls are in [RunState.Pending] with a Path
	// through this call. It appears in [RunState.Waiting] only, never in
	// [Result.Pending].
	PendingRun PendingKind = "run"
)

// PendingCall is a tool call that a paused run waits on: for approval, for
// resume data, or for a client's result. The calls of a subagent's run
// that paused within the run are listed too, with the Path of the calls
// that lead to them.
type PendingCall struct {
	// Kind says what the call waits for; a state of version 1 has none,
	// which means [PendingApproval].
	Kind PendingKind `json:"kind,omitempty"`
	// ToolCallID and ToolName identify the call in its run.
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
	// AgentID is the ID of the agent whose model made the call: the
	// run's agent, or a subagent.
	AgentID string `json:"agentId,omitempty"`
	// Path is empty for a call of the run itself. For a call of a
	// subagent, it holds the ids of the calls that lead to it from the
	// run, outermost first: ["call_1"] for a call of the subagent that the
	// run's call call_1 (of agent-<key>) runs. Its last element is the
	// ParentToolCallID of the call's events.
	Path []string `json:"path,omitempty"`
	// Arguments are the arguments as the model sent them (they were valid).
	Arguments string `json:"arguments"`
	// Payload is what the person or program answering should be shown,
	// shaped for the display target: the approval payload (approval), the
	// suspend payload (suspended), the input (client).
	Payload json.RawMessage `json:"payload,omitempty"`
	// ResumeSchema is the JSON Schema of the answer's data: the tool's
	// resume schema (suspended), the client tool's output schema
	// (client); empty when there is none.
	ResumeSchema json.RawMessage `json:"resumeSchema,omitempty"`
}

// kind is p's kind, a state of version 1 having none.
func (p PendingCall) kind() PendingKind {
	if p.Kind == "" {
		return PendingApproval
	}
	return p.Kind
}

// answer is an answer to p, with its identity.
func (p PendingCall) answer() Answer {
	return Answer{ToolCallID: p.ToolCallID, Path: slices.Clone(p.Path)}
}

// Approve answers p, a call waiting for approval: it runs.
func (p PendingCall) Approve() Answer {
	a := p.answer()
	a.Approved = true
	return a
}

// Decline answers p, a call waiting for approval: it does not run, and the
// model is told reason, or [DefaultDeclineReason] when reason is empty.
func (p PendingCall) Decline(reason string) Answer {
	a := p.answer()
	a.Reason = reason
	return a
}

// Resume answers p, a call that suspended itself: the tool runs again with
// data, encoded as JSON, as its resume data.
func (p PendingCall) Resume(data any) Answer {
	a := p.answer()
	a.ResumeData, a.err = encodeAnswer("resume data", data)
	return a
}

// Result answers p, a call of a client tool, with what the client's tool
// returned, encoded as JSON: the model receives it as the call's result.
func (p PendingCall) Result(result any) Answer {
	a := p.answer()
	a.Result, a.err = encodeAnswer("client result", result)
	return a
}

// Fail answers p, a call of a client tool, with the client's failure:
// the model receives message as the call's error.
func (p PendingCall) Fail(message string) Answer {
	a := p.answer()
	a.Error = message
	return a
}

// Answer answers one [PendingCall] of a paused run: a decision (approval),
// resume data (suspended) or a client's result or error (client). Build
// it with the PendingCall's methods, which copy its identity, or with
// [Approve], [Decline], [ResumeWith], [ClientResult] and [ClientError],
// which take a call id. It marshals to JSON, so that a client can send
// it.
type Answer struct {
	// ToolCallID and Path identify the call, as in its PendingCall. An
	// answer without a Path also answers the one call of a subagent that
	// has that id, when no call of the run itself has it.
	ToolCallID string   `json:"toolCallId"`
	Path       []string `json:"path,omitempty"`
	// Approved lets a call that waits for approval run.
	Approved bool `json:"approved"`
	// Reason, for a declined call, is what the model is told instead of
	// [DefaultDeclineReason].
	Reason string `json:"reason,omitempty"`
	// ResumeData is the JSON the suspended tool resumes with. It is
	// checked against the tool's resume schema and decoded into its resume
	// type, as arguments are, before the tool runs again.
	ResumeData json.RawMessage `json:"resumeData,omitempty"`
	// Result is the JSON result of a client tool's call; Error, instead,
	// says that it failed. A client tool with an output schema has its
	// Result checked against it.
	Result json.RawMessage `json:"result,omitempty"`
	Error  string          `json:"error,omitempty"`

	err error // why a constructor could not encode its value
}

// DefaultDeclineReason is what the model is told of a declined call when
// the decision gives no reason: Mastra's text.
const DefaultDeclineReason = "Tool call was not approved by the user"

// Approve returns a decision that lets the call run.
func Approve(toolCallID string) Answer { return Answer{ToolCallID: toolCallID, Approved: true} }

// Decline returns a decision that refuses the call; the model is told
// reason, or [DefaultDeclineReason] when reason is empty.
func Decline(toolCallID, reason string) Answer {
	return Answer{ToolCallID: toolCallID, Reason: reason}
}

// ResumeWith returns the answer to a call that suspended itself: its tool
// runs again with data, encoded as JSON, as its resume data.
func ResumeWith(toolCallID string, data any) Answer {
	a := Answer{ToolCallID: toolCallID}
	a.ResumeData, a.err = encodeAnswer("resume data", data)
	return a
}

// ClientResult returns the answer to a call of a client tool: result,
// encoded as JSON, is the call's result for the model.
func ClientResult(toolCallID string, result any) Answer {
	a := Answer{ToolCallID: toolCallID}
	a.Result, a.err = encodeAnswer("client result", result)
	return a
}

// ClientError returns the answer to a call of a client tool that failed:
// the model receives message as the call's error.
func ClientError(toolCallID, message string) Answer {
	return Answer{ToolCallID: toolCallID, Error: message}
}

// encodeAnswer encodes v, the what of an answer; a json.RawMessage is kept
// as it is.
func encodeAnswer(what string, v any) (json.RawMessage, error) {
	if raw, ok := v.(json.RawMessage); ok {
		return raw, nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode the %s: %w", what, err)
	}
	return data, nil
}

// ErrInvalidAnswer is wrapped by the errors of [Agent.Resume] about its
// answers (a call left unanswered, an answer of the wrong kind, resume
// data or a client result that its schema or type refuses): the caller's
// to fix, before anything ran.
var ErrInvalidAnswer = errors.New("invalid answer")

// answerError is an error about the answers of a resume.
func answerError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidAnswer, fmt.Sprintf(format, args...))
}

// RunStateVersion is the version of the [RunState] format. Version 2 added
// the kinds of pending calls, the calls of paused subagents and the
// paused step's usage; [Agent.Resume] reads version 1 states too.
const RunStateVersion = 2

// RunState is a paused run: calls wait for approval, for resume data or
// for a client's result. It marshals to JSON, so that [Agent.Resume] can
// continue the run later, in this process or another, with an [Agent] of
// the same ID, tools and subagents. It holds the conversation, the raw
// arguments of the waiting calls and the states of paused subagents:
// store it as you would the conversation.
//
// The step whose calls wait has not finished: its step-finish event and
// its [Step] come when the run resumes and its calls are settled.
type RunState struct {
	// Version is [RunStateVersion].
	Version int `json:"version"`
	// AgentID is the ID of the agent that paused.
	AgentID string `json:"agentId"`
	// Step is the step whose tool calls wait.
	Step int `json:"step"`
	// Messages is the conversation, ending with the assistant message that
	// made the calls.
	Messages []llm.Message `json:"messages"`
	// Pending are the calls to answer: those of the run, and those of its
	// paused subagents (with a Path).
	Pending []PendingCall `json:"pending"`
	// Waiting are the run's own calls that wait, with the paused run of
	// each call whose subagent paused.
	Waiting []WaitingCall `json:"waiting,omitempty"`
	// Results are the results of the step's other calls, which settled.
	Results []llm.ToolResult `json:"results,omitempty"`
	// Errors are the failures among Results, for the step's outcomes.
	Errors []toolexec.Error `json:"errors,omitempty"`
	// Usage is the run's usage so far; StepUsage and StepFinishReason are
	// the paused step's, for its Step.
	Usage            llm.Usage        `json:"usage"`
	StepUsage        llm.Usage        `json:"stepUsage"`
	StepFinishReason llm.FinishReason `json:"stepFinishReason,omitempty"`
	// MaxSteps, ToolChoice, ActiveTools and ClientTools are the run's
	// options; Resume uses them unless given others.
	MaxSteps    int                   `json:"maxSteps"`
	ToolChoice  llm.ToolChoice        `json:"toolChoice"`
	ActiveTools []string              `json:"activeTools,omitempty"`
	ClientTools map[string]ClientTool `json:"clientTools,omitempty"`
	// Output is the ID of the run's structured output ([WithOutput]), if
	// it has one. Resume must be given the same output again.
	Output string `json:"output,omitempty"`
	// Background are the results of background calls that settled before
	// the pause and that the model has not been told yet: Resume delivers
	// them at the next step. TaskCount is the number of background tasks
	// the run started, so that task ids stay unique.
	Background []BackgroundResult `json:"background,omitempty"`
	TaskCount  int                `json:"taskCount,omitempty"`
	// LoadedTools are the library tools of the run's [ToolSearch] that
	// the model loaded; they stay loaded when the run resumes.
	LoadedTools []string `json:"loadedTools,omitempty"`
	// TraceParent is the W3C traceparent of the invoke_agent span of the
	// call that paused, when it was traced: the span of the call that
	// resumes the run links to it.
	TraceParent string `json:"traceparent,omitempty"`
}

// WaitingCall is a call of a paused run's step that waits.
type WaitingCall struct {
	// ToolCallID and ToolName identify the call.
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
	// Kind is what it waits for: a [PendingKind].
	Kind PendingKind `json:"kind"`
	// State is, for [PendingRun], the paused run of the call's subagent.
	State *RunState `json:"state,omitempty"`
	// SuspendPayload is, for [PendingSuspended], the payload the call
	// suspended with, as JSON, for [tool.SuspendPayload] when it runs again.
	SuspendPayload json.RawMessage `json:"suspendPayload,omitempty"`
}

// pausedReason is the finish reason of a run that paused with pending:
// [FinishApproval] when every call waits for approval, [llm.FinishToolCalls]
// when every call waits for a client (the model's own reason, as Mastra
// reports it), else [FinishSuspended].
func pausedReason(pending []PendingCall) llm.FinishReason {
	approval, client := true, true
	for _, p := range pending {
		approval = approval && p.kind() == PendingApproval
		client = client && p.kind() == PendingClient
	}
	switch {
	case approval:
		return FinishApproval
	case client:
		return llm.FinishToolCalls
	}
	return FinishSuspended
}

// describePending names p in messages: `call ID of "tool"`, and the
// subagent's path.
func describePending(p PendingCall) string {
	s := fmt.Sprintf("call %s of %q", p.ToolCallID, p.ToolName)
	if len(p.Path) > 0 {
		s += fmt.Sprintf(" (agent %s, through call %s)", p.AgentID, strings.Join(p.Path, " > "))
	}
	return s
}
