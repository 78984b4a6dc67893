package agent

import (
	"slices"

	"github.com/toolgen-go/toolgen/llm"
)

// StepResult is what a stop condition sees once a step's tool calls are
// done: the step, the steps before it and the run's usage.
type StepResult struct {
	// Step is the step that just finished; its Number counts the steps of
	// the whole run, those before a pause included.
	Step
	// Steps are the steps of this call of Generate, Stream or Resume
	// that finished, this one last.
	Steps []Step
	// TotalUsage is the run's usage so far, the steps before a pause
	// included.
	TotalUsage llm.Usage
}

// StopCondition reports whether a run should end after a step whose tool
// calls are done, instead of sending their results to the model.
type StopCondition func(StepResult) bool

// WithStopWhen ends the run after the first step, of those that made tool
// calls, for which any of conds reports true (Mastra's and the AI SDK's
// stopWhen). The run finishes with [FinishStopCondition]; its Text is the
// step's text, and the model is not called again. A step without tool
// calls ends the run anyway, and [WithMaxSteps] still bounds it. The option
// adds to the conditions of earlier WithStopWhen options; [Agent.Resume]
// needs them again.
func WithStopWhen(conds ...StopCondition) Option {
	return func(cc *callConfig) { cc.stopWhen = append(cc.stopWhen, conds...) }
}

// StepCountIs stops the run once n steps (model calls) have finished.
func StepCountIs(n int) StopCondition {
	return func(s StepResult) bool { return s.Number >= n }
}

// HasToolCall stops the run after a step that called any of the tools
// with the given keys, whatever the calls' outcomes.
func HasToolCall(keys ...string) StopCondition {
	return func(s StepResult) bool {
		for _, c := range s.ToolCalls {
			if slices.Contains(keys, c.Name) {
				return true
			}
		}
		return false
	}
}

// TokenBudget stops the run once its steps have used at least tokens
// tokens in all (Usage.TotalTokens). A step is never cut short: the
// budget is checked after each one.
func TokenBudget(tokens int) StopCondition {
	return func(s StepResult) bool { return s.TotalUsage.TotalTokens >= tokens }
}

// next decides, after step st whose tool calls are done, whether the run
// ends there, and with which reason; usage is the run's so far.
func (r *runner) next(st Step, usage llm.Usage) (llm.FinishReason, bool) {
	if len(r.cfg.stopWhen) > 0 {
		sr := StepResult{Step: st, Steps: slices.Clip(r.res.Steps), TotalUsage: usage}
		for _, stop := range r.cfg.stopWhen {
			if stop(sr) {
				return FinishStopCondition, true
			}
		}
	}
	return FinishMaxSteps, st.Number >= r.maxSteps()
}
