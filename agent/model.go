package agent

import (
	"github.com/toolgen-go/toolgen/llm"
)

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
