package temporal

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	metricnoop "go.opentelemetry.io/otel/metric/noop"
	tracenoop "go.opentelemetry.io/otel/trace/noop"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// Defaults of the activities' options, used when neither an [Option] nor
// the agent sets them.
const (
	// DefaultModelTimeout bounds one attempt of a model request.
	DefaultModelTimeout = 2 * time.Minute
	// DefaultModelAttempts is how many times a model request is tried:
	// model requests are safe to repeat.
	DefaultModelAttempts = 5
	// DefaultToolTimeout bounds one attempt of a tool call when the
	// agent has no ToolTimeout.
	DefaultToolTimeout = 10 * time.Minute
	// DefaultIdempotentAttempts is how many times the call of a tool
	// whose Spec.Annotations.Idempotent is true is tried. Other tools are
	// tried once: at most once.
	DefaultIdempotentAttempts = 3
)

// WorkflowName is the workflow type of the agent whose ID is agentID.
func WorkflowName(agentID string) string { return "toolgen.agent:" + agentID }

// ModelActivityName is the activity of the model requests of the agent
// whose ID is agentID.
func ModelActivityName(agentID string) string { return "toolgen.model:" + agentID }

// ToolActivityName is the activity of the calls of the tool of key key of
// the agent whose ID is agentID.
func ToolActivityName(agentID, key string) string { return "toolgen.tool:" + agentID + ":" + key }

// Option configures [Register].
type Option func(*config)

type config struct {
	model    *workflow.ActivityOptions
	tools    map[string]workflow.ActivityOptions
	runOpts  []agent.Option
	children map[string]string
}

// WithModelOptions sets the activity options of the model requests, in
// place of the defaults (a StartToCloseTimeout of [DefaultModelTimeout]
// and [DefaultModelAttempts] attempts). A zero StartToCloseTimeout and
// ScheduleToCloseTimeout keep the default timeout.
func WithModelOptions(o workflow.ActivityOptions) Option {
	return func(c *config) { c.model = &o }
}

// WithToolOptions sets the activity options of the calls of the tool of
// key key, in place of the defaults: a StartToCloseTimeout of the agent's
// ToolTimeout (or [DefaultToolTimeout]), and a retry policy of
// [DefaultIdempotentAttempts] attempts for a tool whose
// Spec.Annotations.Idempotent is true, of one attempt (at most once)
// otherwise. A zero StartToCloseTimeout and ScheduleToCloseTimeout keep
// the default timeout; a nil RetryPolicy keeps the default policy. With a
// HeartbeatTimeout, the activity heartbeats on its own while the tool
// runs, so that a worker that dies is noticed within that timeout.
func WithToolOptions(key string, o workflow.ActivityOptions) Option {
	return func(c *config) {
		if c.tools == nil {
			c.tools = map[string]workflow.ActivityOptions{}
		}
		c.tools[key] = o
	}
}

// WithChildWorkflow runs the calls of the agent's workflow tool
// workflow-<key> as child workflows of the Temporal workflow type name
// (registered by the application), in place of their Workflow's Start:
// the child's input is the call's agent.WorkflowToolInput, its result
// (any JSON) the tool's result, and its run ID the output's runId. The
// agent's Workflows[key] still describes the tool (its Spec). Without it,
// a workflow tool's Start runs as an activity, like any tool's.
func WithChildWorkflow(key, name string) Option {
	return func(c *config) {
		if c.children == nil {
			c.children = map[string]string{}
		}
		c.children[key] = name
	}
}

// WithRunOptions gives every run of the agent these options, such as an
// approval policy or a step limit. Their hooks (prepare-step, step-finish,
// approval policies) run in workflow code, so they must be deterministic:
// no I/O, no clock, no randomness, no goroutines.
func WithRunOptions(opts ...agent.Option) Option {
	return func(c *config) { c.runOpts = append(c.runOpts, opts...) }
}

// Register registers with w the workflow that runs agent, the activity of
// its model requests and one activity per tool of agent.Tools, named by
// [WorkflowName], [ModelActivityName] and [ToolActivityName]: the
// generated Tools() is all a worker needs. Every worker of the task queue
// registers the same agent.
//
// The agent's Model, tools and their Run functions run in activities; the
// loop (argument checks, approval rules, transforms, the tools' hooks)
// runs in the workflow, whose code must be deterministic. Each subagent
// is registered too (without options), and its calls run as child
// workflows. A workflow tool's Start is an activity, unless
// [WithChildWorkflow] makes it a Temporal workflow. The library tools of
// the agent's ToolSearch are activities too; search_tools and load_tool
// run in the workflow.
func Register(w worker.Registry, a *agent.Agent, opts ...Option) error {
	return register(w, w, a, opts, map[string]*agent.Agent{})
}

// RegisterWorkflow registers only the workflows of [Register]: the
// agent's and its subagents'. It is for a worker.WorkflowReplayer, which
// checks that histories replay, and for workers that run workflows only
// while others run the activities ([RegisterActivities]).
func RegisterWorkflow(w worker.WorkflowRegistry, a *agent.Agent, opts ...Option) error {
	return register(w, nil, a, opts, map[string]*agent.Agent{})
}

// RegisterActivities registers only the activities of [Register]: the
// model requests and tool calls of the agent and its subagents.
func RegisterActivities(w worker.ActivityRegistry, a *agent.Agent, opts ...Option) error {
	return register(nil, w, a, opts, map[string]*agent.Agent{})
}

// register registers a's workflow with wr and its activities with ar,
// when not nil, and, with no options, its subagents', each once: seen
// holds the agents registered so far by ID.
func register(wr worker.WorkflowRegistry, ar worker.ActivityRegistry, a *agent.Agent, opts []Option, seen map[string]*agent.Agent) error {
	d, err := newDefinition(a, opts)
	if err != nil {
		return err
	}
	if prev, ok := seen[a.ID]; ok {
		if prev == a {
			return nil
		}
		return fmt.Errorf("temporal: register agent %s: two agents have that ID", a.ID)
	}
	seen[a.ID] = a
	for _, k := range slices.Sorted(maps.Keys(a.Agents)) {
		if err := register(wr, ar, a.Agents[k], nil, seen); err != nil {
			return fmt.Errorf("temporal: register agent %s: subagent %q: %w", a.ID, k, err)
		}
	}
	if wr != nil {
		wr.RegisterWorkflowWithOptions(d.workflow, workflow.RegisterOptions{Name: WorkflowName(a.ID)})
	}
	if ar != nil {
		ar.RegisterActivityWithOptions(d.generate, activity.RegisterOptions{Name: ModelActivityName(a.ID)})
		for _, k := range d.activityTools.Keys() {
			t := &toolActivity{key: k, tool: d.activityTools[k], limits: a.Limits, validate: a.ValidateOutputs,
				telemetry: a.Telemetry, transform: a.Transform, agent: cmp.Or(a.Name, a.ID)}
			ar.RegisterActivityWithOptions(t.run, activity.RegisterOptions{Name: ToolActivityName(a.ID, k)})
		}
	}
	return nil
}

// definition is an agent as a workflow: the agent the workflow runs (the
// user's, with a model that makes activities) and the activities'
// options.
type definition struct {
	real     *agent.Agent
	agent    *agent.Agent
	model    workflow.ActivityOptions
	tools    map[string]workflow.ActivityOptions
	runOpts  []agent.Option
	executor *executor
	// activityTools are the tools whose calls are activities: the
	// agent's Tools and its workflow-<key> tools, except those that run
	// as Temporal workflows (children).
	activityTools tool.Toolset
	children      map[string]string // workflow-<key> → Temporal workflow type
}

func newDefinition(a *agent.Agent, opts []Option) (*definition, error) {
	switch {
	case a == nil:
		return nil, errors.New("temporal: register: nil agent")
	case a.Model == nil:
		return nil, fmt.Errorf("temporal: register agent %s: no model", a.ID)
	}
	var c config
	for _, o := range opts {
		o(&c)
	}
	tools := tool.Toolset{}
	for k, t := range a.Tools {
		tools[k] = t
	}
	if a.ToolSearch != nil {
		for k, t := range a.ToolSearch.Tools {
			if _, dup := tools[k]; dup {
				return nil, fmt.Errorf("temporal: register agent %s: tool search: library tool key %q is already a tool of the agent", a.ID, k)
			}
			tools[k] = t
		}
	}
	for k, w := range a.Workflows {
		if _, child := c.children[k]; child {
			continue
		}
		t, err := agent.WorkflowTool(k, w)
		if err != nil {
			return nil, fmt.Errorf("temporal: register agent %s: %w", a.ID, err)
		}
		if _, dup := tools["workflow-"+k]; dup {
			return nil, fmt.Errorf("temporal: register agent %s: tool key %q is a tool and a workflow", a.ID, "workflow-"+k)
		}
		tools["workflow-"+k] = t
	}
	if err := tools.Validate(); err != nil {
		return nil, fmt.Errorf("temporal: register agent %s: %w", a.ID, err)
	}
	for k := range c.tools {
		if _, ok := tools[k]; !ok {
			return nil, fmt.Errorf("temporal: register agent %s: WithToolOptions: %q is not a tool of the agent", a.ID, k)
		}
	}
	d := &definition{real: a, runOpts: slices.Clone(c.runOpts), tools: map[string]workflow.ActivityOptions{}, activityTools: tools, children: map[string]string{}}
	for k, name := range c.children {
		if _, ok := a.Workflows[k]; !ok {
			return nil, fmt.Errorf("temporal: register agent %s: WithChildWorkflow: %q is not a workflow of the agent", a.ID, k)
		}
		d.children["workflow-"+k] = name
	}
	d.model = workflow.ActivityOptions{StartToCloseTimeout: DefaultModelTimeout, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: DefaultModelAttempts}}
	if c.model != nil {
		d.model = withTimeout(*c.model, DefaultModelTimeout)
	}
	toolTimeout := a.ToolTimeout
	if toolTimeout <= 0 {
		toolTimeout = DefaultToolTimeout
	}
	for k, t := range tools {
		o, ok := c.tools[k]
		if !ok {
			o = workflow.ActivityOptions{}
		}
		o = withTimeout(o, toolTimeout)
		if o.RetryPolicy == nil {
			o.RetryPolicy = toolRetryPolicy(t.Spec())
		}
		d.tools[k] = o
	}
	d.executor = &executor{d: d}
	d.agent = &agent.Agent{
		ID:              a.ID,
		Name:            a.Name,
		Description:     a.Description,
		Instructions:    a.Instructions,
		Model:           &modelProxy{d: d, real: a.Model},
		Tools:           a.Tools,
		Agents:          a.Agents,
		Workflows:       a.Workflows,
		ToolSearch:      a.ToolSearch,
		MaxSteps:        a.MaxSteps,
		Concurrency:     a.Concurrency,
		Limits:          a.Limits,
		Transform:       a.Transform,
		ValidateOutputs: a.ValidateOutputs,
		Logger:          a.Logger,
		Telemetry:       workflowTelemetry,
	}
	return d, nil
}

// workflowTelemetry is the telemetry of the loop in workflow code: none.
// Workflow code runs again on every replay, and would record its spans
// and metrics again each time; Temporal's tracing interceptor
// ([TracingInterceptor]) records the workflow's spans, and the activities
// record the chat and execute_tool spans and the metrics of the model
// requests and tool calls, with the agent's Telemetry.
var workflowTelemetry = &telemetry.Config{TracerProvider: tracenoop.NewTracerProvider(), MeterProvider: metricnoop.NewMeterProvider()}

// toolRetryPolicy is the default retry policy of the tool of spec: a few
// attempts when it is idempotent, one otherwise.
func toolRetryPolicy(spec *tool.Spec) *temporal.RetryPolicy {
	if id := spec.Annotations.Idempotent; id != nil && *id {
		return &temporal.RetryPolicy{MaximumAttempts: DefaultIdempotentAttempts}
	}
	return &temporal.RetryPolicy{MaximumAttempts: 1}
}

// withTimeout gives o a StartToCloseTimeout of d when it has no timeout
// that bounds an attempt.
func withTimeout(o workflow.ActivityOptions, d time.Duration) workflow.ActivityOptions {
	if o.StartToCloseTimeout <= 0 && o.ScheduleToCloseTimeout <= 0 {
		o.StartToCloseTimeout = d
	}
	return o
}

// generate is the model activity: one request to the agent's model,
// within its chat span, a child of the activity's span.
func (d *definition) generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if req == nil {
		return nil, temporal.NewNonRetryableApplicationError("no request", "toolgen.bad-request", nil)
	}
	defer heartbeat(ctx)()
	mctx, chat := genaitrace.Resolve(ctx, d.real.Telemetry).StartChat(ctx, d.real.Model, req, d)
	resp, err := d.real.Model.Generate(mctx, req)
	if err == nil && resp == nil {
		err = errors.New("the model returned no response")
	}
	chat.End(resp, err)
	if err != nil {
		return nil, err
	}
	return resp, nil
}

// ShapeToolPayload implements genaitrace.Shaper for the chat spans of
// the model activity as the agent loop does for its own: a tool's
// payloads in the conversation as the display target sees them without
// the decoded call.
func (d *definition) ShapeToolPayload(ctx context.Context, name, id string, p genaitrace.Payload, raw json.RawMessage) json.RawMessage {
	phase := toolexec.PhaseInput
	switch p {
	case genaitrace.PayloadResult:
		phase = toolexec.PhaseOutput
	case genaitrace.PayloadError:
		phase = toolexec.PhaseError
	}
	in := toolexec.TransformInput{Target: tool.TargetDisplay, Phase: phase, ToolName: name, ToolCallID: id, Raw: raw}
	return toolexec.Present(ctx, d.real.Transform, d.activityTools[name], nil, in)
}
