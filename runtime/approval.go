package runtime

import (
	"context"
	"encoding/json"
)

// ApprovalRequest is what an [ApprovalPolicy] decides on.
type ApprovalRequest struct {
	// ToolName and ToolCallID identify the call.
	ToolName   string
	ToolCallID string
	// Spec describes the tool.
	Spec *Spec
	// Input is the decoded input.
	Input any
}

// ApprovalPolicy reports whether a call must wait for approval. An error
// fails the call.
type ApprovalPolicy func(ctx context.Context, req ApprovalRequest) (bool, error)

// PendingCall is a tool call that waits for approval.
type PendingCall struct {
	// ToolCallID and ToolName identify the call.
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
	// Arguments are the arguments as the model sent them (they were valid).
	Arguments string `json:"arguments"`
	// Payload is what the approver should be shown: the display target's
	// approval payload.
	Payload json.RawMessage `json:"payload,omitempty"`
}

// Decision answers a [PendingCall].
type Decision struct {
	// ToolCallID is the call decided on.
	ToolCallID string `json:"toolCallId"`
	// Approved lets the call run.
	Approved bool `json:"approved"`
	// Reason, for a declined call, is told to the model.
	Reason string `json:"reason,omitempty"`
}

// Approve returns a decision that lets the call run.
func Approve(toolCallID string) Decision { return Decision{ToolCallID: toolCallID, Approved: true} }

// Decline returns a decision that refuses the call; reason, if not empty,
// is told to the model.
func Decline(toolCallID, reason string) Decision {
	return Decision{ToolCallID: toolCallID, Reason: reason}
}

// RunStateVersion is the version of the [RunState] format.
const RunStateVersion = 1

// RunState is a run stopped for approval. It marshals to JSON, so that
// [Agent.Resume] can continue the run later, in this process or another,
// with an [Agent] of the same ID and tools. It holds the conversation and
// the raw arguments of the pending calls: store it as you would the
// conversation.
type RunState struct {
	// Version is [RunStateVersion].
	Version int `json:"version"`
	// AgentID is the ID of the agent that stopped.
	AgentID string `json:"agentId"`
	// Step is the step whose tool calls wait.
	Step int `json:"step"`
	// Messages is the conversation, ending with the assistant message that
	// made the calls.
	Messages []Message `json:"messages"`
	// Pending are the calls waiting for a decision.
	Pending []PendingCall `json:"pending"`
	// Results are the results of the step's other calls, which already ran.
	Results []ToolResult `json:"results,omitempty"`
	// Usage is the run's usage so far.
	Usage Usage `json:"usage"`
	// MaxSteps, ToolChoice and ActiveTools are the run's options; Resume
	// uses them unless given others.
	MaxSteps    int        `json:"maxSteps"`
	ToolChoice  ToolChoice `json:"toolChoice"`
	ActiveTools []string   `json:"activeTools,omitempty"`
}
