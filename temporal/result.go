package temporal

import (
	"encoding/json"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// Result is the result of an agent's workflow: agent.Result in JSON
// forms, since a workflow's result travels through Temporal's data
// converter. It covers the whole run, across its pauses: the steps of
// every part of the run, its usage and its transcript.
type Result struct {
	// AgentID is the ID of the agent that ran.
	AgentID string `json:"agentId"`
	// Text is the text of the last step.
	Text string `json:"text"`
	// FinishReason says why the run ended.
	FinishReason llm.FinishReason `json:"finishReason"`
	// Usage is the sum over the run's steps.
	Usage llm.Usage `json:"usage"`
	// Steps are the run's steps, in order.
	Steps []Step `json:"steps"`
	// Messages is the whole conversation, system message included.
	Messages []llm.Message `json:"messages"`
	// ObjectJSON is the run's object, for a run with agent.WithOutput.
	ObjectJSON json.RawMessage `json:"objectJson,omitempty"`
	// Transcript is the record of the run for storage (see
	// agent.Result.Transcript).
	Transcript []agent.Event `json:"transcript"`
}

// Step is one model call and the tool calls it made (agent.Step).
type Step struct {
	// Number is the step number, from 1.
	Number int `json:"number"`
	// Text is the model's text.
	Text string `json:"text"`
	// ToolCalls are the calls the model made.
	ToolCalls []llm.ToolCall `json:"toolCalls,omitempty"`
	// Outcomes are the calls' outcomes, in call order.
	Outcomes []Outcome `json:"outcomes,omitempty"`
	// FinishReason is the model's.
	FinishReason llm.FinishReason `json:"finishReason"`
	// Usage is the model call's.
	Usage llm.Usage `json:"usage"`
}

// Outcome is what happened to one tool call (agent.ToolOutcome), with
// the tool's output as JSON.
type Outcome struct {
	// ToolName and ToolCallID identify the call.
	ToolName   string `json:"toolName"`
	ToolCallID string `json:"toolCallId"`
	// Output is the JSON of the tool's output; empty on failure, and for
	// calls that settled before a pause.
	Output json.RawMessage `json:"output,omitempty"`
	// Error is set when the call failed or was declined: its kind and the
	// message the model was told.
	Error *toolexec.Error `json:"error,omitempty"`
	// ModelOutput is what the model was told.
	ModelOutput llm.ModelOutput `json:"modelOutput"`
}

// newResult converts res, the result of one part of a run.
func newResult(res *agent.Result) *Result {
	r := &Result{AgentID: res.AgentID, Text: res.Text, FinishReason: res.FinishReason, Usage: res.Usage,
		Messages: res.Messages, ObjectJSON: res.ObjectJSON, Transcript: res.Transcript}
	for _, st := range res.Steps {
		s := Step{Number: st.Number, Text: st.Text, ToolCalls: st.ToolCalls, FinishReason: st.FinishReason, Usage: st.Usage}
		for _, o := range st.Outcomes {
			out := Outcome{ToolName: o.ToolName, ToolCallID: o.ToolCallID, ModelOutput: o.ModelOutput}
			if o.Output != nil {
				if raw, err := json.Marshal(o.Output); err == nil {
					out.Output = raw
				}
			}
			if e := o.Err; e != nil {
				out.Error = &toolexec.Error{Kind: e.Kind, ToolName: e.ToolName, ToolCallID: e.ToolCallID, Message: e.Message}
			}
			s.Outcomes = append(s.Outcomes, out)
		}
		r.Steps = append(r.Steps, s)
	}
	return r
}

// add appends next, the result of the part of the run that resumed r's.
func (r *Result) add(next *Result) {
	r.Text, r.FinishReason, r.Usage, r.Messages, r.ObjectJSON = next.Text, next.FinishReason, next.Usage, next.Messages, next.ObjectJSON
	r.Steps = append(r.Steps, next.Steps...)
	r.Transcript = append(r.Transcript, next.Transcript...)
}
