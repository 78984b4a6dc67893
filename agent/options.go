package agent

import (
	"context"
	"slices"
	"time"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// Defaults of a run, used when neither the call nor the [Agent] sets them.
const (
	// DefaultMaxSteps is the number of model calls a run may make.
	DefaultMaxSteps = 5
	// DefaultConcurrency is the number of tool calls of a run that run at
	// the same time.
	DefaultConcurrency = 16
)

// Option configures one call of [Agent.Generate], [Agent.Stream] or
// [Agent.Resume].
type Option func(*callConfig)

type callConfig struct {
	toolChoice     llm.ToolChoice
	activeTools    []string
	activeSet      bool
	maxSteps       int
	prepareStep    func(context.Context, *StepPlan) error
	onStepFinish   func(context.Context, Step) error
	concurrency    int
	requestContext tool.RequestContext
	toolTimeout    time.Duration
	approval       ApprovalPolicy
	limits         schema.Limits
	history        []llm.Message
	instructions   string

	// The system message in place of the agent's instructions, when set;
	// per-call toolsets; output validation.
	system          *string
	toolsets        []tool.Toolset
	validateOutputs bool
	// Client tools; see WithClientTools.
	clientTools map[string]ClientTool
	// Stop conditions; see WithStopWhen.
	stopWhen []StopCondition
	// The typed object the run ends with; see WithOutput.
	output output
	// The tool search, in place of the agent's when set; see
	// WithToolSearch.
	toolSearch    *ToolSearch
	toolSearchSet bool
	// The executor of tool calls; see WithExecutor.
	executor Executor
	// The conversation's deferred background tasks; see WithTasks.
	tasks *Tasks
}

// StepPlan is what a step is about to send, given to the prepare-step hook
// to change.
type StepPlan struct {
	// Number is the step number, from 1.
	Number int
	// Messages is what the model will be sent. Replacing it (to trim or
	// summarize) affects this request only; the run's conversation keeps
	// every message.
	Messages []llm.Message
	// Tools is every tool of the run, with a tool search's tools and the
	// library tools loaded so far; replace it to change the set. Do not
	// modify the map in place: it is shared by the run's steps.
	Tools tool.Toolset
	// ToolChoice is the step's tool choice.
	ToolChoice llm.ToolChoice
	// ActiveTools limits the tools the model is given and may call to these
	// keys; nil means all of Tools. Under [WithActiveTools], it holds the
	// keys of the option, search_tools, load_tool and the loaded tools.
	ActiveTools []string
}

// WithToolChoice sets the tool choice of every step: [llm.ChoiceAuto],
// [llm.ChoiceNone], [llm.ChoiceRequired] or [llm.ChoiceTool].
func WithToolChoice(c llm.ToolChoice) Option { return func(cc *callConfig) { cc.toolChoice = c } }

// WithActiveTools limits the tools the model is given, and may call, to the
// given keys. A call of another tool gets an error result naming the active
// ones.
func WithActiveTools(keys ...string) Option {
	return func(cc *callConfig) { cc.activeTools, cc.activeSet = slices.Clone(keys), true }
}

// WithMaxSteps bounds the number of model calls of the run. A run that
// reaches it while the model still calls tools ends with [FinishMaxSteps].
func WithMaxSteps(n int) Option { return func(cc *callConfig) { cc.maxSteps = n } }

// WithPrepareStep sets a hook run before each model call; it may change the
// plan's messages, tools, tool choice and active tools. An error ends the
// run.
func WithPrepareStep(fn func(ctx context.Context, plan *StepPlan) error) Option {
	return func(cc *callConfig) { cc.prepareStep = fn }
}

// WithOnStepFinish sets a hook run after each step, its tool calls done. An
// error ends the run.
func WithOnStepFinish(fn func(ctx context.Context, step Step) error) Option {
	return func(cc *callConfig) { cc.onStepFinish = fn }
}

// WithConcurrency bounds the tool calls of the run that run at once, a
// step's calls and the background calls still running together; 1 runs
// them one after the other.
func WithConcurrency(n int) Option { return func(cc *callConfig) { cc.concurrency = n } }

// WithRequestContext sets the request context that tools and subagents of
// the run read with [tool.RequestContextFrom]. Without it, a run started from a
// tool's ctx inherits its caller's.
func WithRequestContext(rc tool.RequestContext) Option {
	return func(cc *callConfig) { cc.requestContext = rc }
}

// WithToolTimeout bounds each tool call. A call that runs longer gets a
// timeout error result; its goroutine is abandoned, so tools should
// respect ctx.
func WithToolTimeout(d time.Duration) Option { return func(cc *callConfig) { cc.toolTimeout = d } }

// WithApprovalPolicy makes calls for which policy reports true wait for
// approval, in addition to the tools' own approval rules.
func WithApprovalPolicy(policy ApprovalPolicy) Option {
	return func(cc *callConfig) { cc.approval = policy }
}

// RequireApproval makes every tool call of the run wait for approval.
func RequireApproval() Option {
	return WithApprovalPolicy(func(context.Context, toolexec.ApprovalRequest) (bool, error) { return true, nil })
}

// WithLimits bounds the size and nesting of tool call arguments.
func WithLimits(l schema.Limits) Option { return func(cc *callConfig) { cc.limits = l } }

// WithHistory puts earlier messages of the conversation (without the system
// message) before the prompt.
func WithHistory(msgs ...llm.Message) Option {
	return func(cc *callConfig) { cc.history = slices.Clone(msgs) }
}

// WithInstructions appends text to the agent's instructions for this run,
// after a blank line, in the one system message. Mastra's per-call system
// option adds a system message in the same way; its per-call instructions
// option replaces the agent's, as [WithSystem] does.
func WithInstructions(text string) Option {
	return func(cc *callConfig) { cc.instructions = text }
}

// WithSystem replaces the agent's instructions with text for this run, as
// Mastra's per-call instructions option does; [WithInstructions] still
// appends to it. An empty text sends no system message (Mastra's empty
// instructions leave the agent's). Resume continues the conversation that
// the state holds, system message included.
func WithSystem(text string) Option {
	return func(cc *callConfig) { cc.system = &text }
}

// WithToolsets gives the model more tools for this call, beside the agent's
// own (its Tools, subagents and workflows). Their keys must be new: a key
// that the agent or another of the sets already has is an error of the
// call, where Mastra would let the later tool win silently. The option
// adds to the sets of earlier WithToolsets options; [Agent.Resume] needs
// them again to run calls of their tools.
func WithToolsets(sets ...tool.Toolset) Option {
	return func(cc *callConfig) { cc.toolsets = append(cc.toolsets, sets...) }
}

// WithOutputValidation makes every tool of the run check its output
// against its output schema, as [Agent].ValidateOutputs does for all its
// runs: an output that does not match is an error result of kind
// [toolexec.KindInvalidOutput] whose message gives the paths and what was expected,
// never the output's values, and the loop goes on. Tools that are not
// [tool.Func] values, and Funcs without an output schema, are not checked. The
// run's subagents, and tools that call others with their ctx, check
// theirs too.
//
// A Func's schema is generated from its output type, so a mismatch is a
// bug: most often a nil slice, map or pointer that encodes as null where
// the schema wants an array or an object (return an empty one, or tag the
// field omitempty). Validation costs what checking arguments does, about
// 2 µs per value of the output on a 2-core machine (0.6 ms for a list of
// 100 small records: BenchmarkOutputValidation); turn it on in tests, as
// the examples do, or in production where that is cheap.
func WithOutputValidation() Option {
	return func(cc *callConfig) { cc.validateOutputs = true }
}

// WithTasks gives the run the deferred background tasks of its
// conversation: those that earlier runs started (their [Result.Tasks]).
// Before each model call, every task that has settled replaces its handle
// in the history with its result, records its tool-result or tool-error
// event and joins [Result.Background]; the tasks the run defers join t.
// Without it, a run starts a Tasks of its own.
func WithTasks(t *Tasks) Option { return func(cc *callConfig) { cc.tasks = t } }
