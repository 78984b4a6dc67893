package agent

import (
	"context"
	"fmt"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
)

// AgentToolInput is the input of an agent-<key> tool.
type AgentToolInput struct {
	// Prompt is the task for the subagent.
	Prompt string `json:"prompt"`
	// Instructions are appended to the subagent's own for this task.
	Instructions string `json:"instructions,omitempty"`
	// MaxSteps bounds the subagent's run; it can lower the subagent's
	// step limit, never raise it.
	MaxSteps int `json:"maxSteps,omitempty"`
}

// AgentToolOutput is the output of an agent-<key> tool, which the
// application gets in [ToolOutcome.Output] and the display in the
// tool-result event. The model reads only its Text, as Mastra's agent tools
// give it (their toModelOutput is the subagent's text).
type AgentToolOutput struct {
	// Text is the subagent's answer.
	Text string `json:"text"`
	// AgentID is the subagent's ID.
	AgentID string `json:"agentId"`
	// FinishReason says why the subagent's run ended.
	FinishReason llm.FinishReason `json:"finishReason"`
	// Usage is the subagent's token usage.
	Usage llm.Usage `json:"usage"`
}

// AgentToolInputSchema is the input schema of every agent-<key> tool.
const AgentToolInputSchema = `{"type":"object","properties":{` +
	`"prompt":{"type":"string","description":"The task for the agent, with everything it needs to know."},` +
	`"instructions":{"type":"string","description":"Additional instructions for this task."},` +
	`"maxSteps":{"type":"integer","minimum":1,"description":"The most steps the agent may take."}},` +
	`"required":["prompt"],"additionalProperties":false}`

// agentToolOutputSchema is the output schema of every agent-<key> tool: it
// describes [AgentToolOutput], the tool's output, not the text the model
// reads of it.
const agentToolOutputSchema = `{"type":"object","properties":{` +
	`"text":{"type":"string","description":"The response from the agent."},` +
	`"agentId":{"type":"string"},"finishReason":{"type":"string"},"usage":{"type":"object"}},` +
	`"required":["text","agentId","finishReason","usage"]}`

// newAgentTool exposes sub as a tool.
func newAgentTool(key string, sub *Agent) tool.Tool {
	desc := sub.Description
	if desc == "" {
		desc = fmt.Sprintf("Delegate a task to the agent %s and get its answer.", sub.name())
	}
	spec := tool.Spec{
		ID:           sub.ID,
		Title:        sub.name(),
		Description:  desc,
		InputSchema:  []byte(AgentToolInputSchema),
		OutputSchema: []byte(agentToolOutputSchema),
	}
	return tool.NewFunc(&spec, sub.runAsTool).WithModelOutput(agentToolModelOutput)
}

// agentToolModelOutput gives the model the subagent's text, as Mastra does,
// rather than the whole [AgentToolOutput].
func agentToolModelOutput(_ context.Context, _ AgentToolInput, out AgentToolOutput) (llm.ModelOutput, error) {
	return llm.TextOutput(out.Text), nil
}

// ToolRunOptions returns the options of a's run as the call of an
// agent-<key> tool with input in: its instructions, and its step limit,
// which can lower a's, never raise it. The prompt is in.Prompt. A run of
// a elsewhere (a Temporal child workflow) uses them to run as the tool
// does.
func (a *Agent) ToolRunOptions(in AgentToolInput) []Option {
	var opts []Option
	if in.Instructions != "" {
		opts = append(opts, WithInstructions(in.Instructions))
	}
	if in.MaxSteps > 0 {
		limit := a.MaxSteps
		if limit <= 0 {
			limit = DefaultMaxSteps
		}
		opts = append(opts, WithMaxSteps(min(in.MaxSteps, limit)))
	}
	return opts
}

// runAsTool runs a as the tool of another agent. When the caller streams,
// a streams too and its events join the caller's stream. When a's run
// pauses, the caller's run pauses too, with a's pending calls; when the
// caller resumes, the call runs again and resumes a's run.
func (a *Agent) runAsTool(ctx context.Context, in AgentToolInput) (AgentToolOutput, error) {
	opts := a.ToolRunOptions(in)
	var emit func(Event) bool
	sink := sinkFrom(ctx)
	if sink != nil {
		emit = func(ev Event) bool { sink(ev); return true }
	}
	r, err := a.newRunner(ctx, sink != nil, emit, opts)
	if err != nil {
		return AgentToolOutput{}, err
	}
	defer r.close()
	var res *Result
	if rr := resumingRun(ctx); rr != nil {
		res, err = r.end(r.resume(r.begin(rr.state), rr.state, rr.answers))
	} else {
		res, err = r.end(r.start(r.begin(nil), []llm.Message{llm.UserMessage(in.Prompt)}))
	}
	if err != nil {
		return AgentToolOutput{}, err
	}
	if res.State != nil {
		// The caller's run pauses with this one, and resumes it.
		if pauseRun(ctx, res.State) {
			return AgentToolOutput{}, errRunPaused
		}
		return AgentToolOutput{}, fmt.Errorf("agent %s paused: %d of its tool calls wait, which only an agent run that calls it can ask for", a.ID, len(res.Pending))
	}
	return AgentToolOutput{Text: res.Text, AgentID: a.ID, FinishReason: res.FinishReason, Usage: res.Usage}, nil
}
