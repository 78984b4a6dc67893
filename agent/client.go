package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// suspendTypesOf returns the suspend types of the tool whose call inv
// is, or nil when its calls cannot suspend.
func suspendTypesOf(inv tool.Invocation) *callctx.SuspendTypes {
	if s, ok := inv.(callctx.SuspendTyped); ok {
		return s.SuspendTypes()
	}
	return nil
}

// errRunPaused is what an agent tool returns when its run paused.
var errRunPaused = errors.New("the agent's run paused and waits for answers")

// ClientTool is a tool that the caller of a run executes, not the agent,
// as Mastra's client tools are (a browser's geolocation, a confirmation
// dialog): offered to the model with its schema, its call pauses the run
// with a [PendingCall] of kind [PendingClient]; the caller runs it and
// resumes with its result ([ClientResult]) or failure ([ClientError]). It
// marshals to JSON, so that a client can send its definitions, and the
// [RunState] keeps them.
type ClientTool struct {
	// Description tells the model what the tool does.
	Description string `json:"description"`
	// InputSchema is the JSON Schema of the arguments, an object; the
	// arguments take the argument path against it (see [tool.Func.Prepare]).
	InputSchema json.RawMessage `json:"inputSchema"`
	// OutputSchema, when set, is the JSON Schema that the client's result
	// must match: a result that does not is an error of [Agent.Resume].
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	// Strict asks for the OpenAI strict dialect, as [tool.Spec.Strict] does.
	Strict bool `json:"strict,omitempty"`
	// NeedsApproval makes every call wait for approval before the client
	// is asked to run it.
	NeedsApproval bool `json:"needsApproval,omitempty"`
}

// WithClientTools offers the model tools that the caller runs, by key:
// a call of one pauses the run (see [ClientTool]). A key that the agent's
// tools use too is an error of the run. [Agent.Resume] offers the tools of
// the paused run unless given others.
func WithClientTools(tools map[string]ClientTool) Option {
	return func(cc *callConfig) {
		cc.clientTools = make(map[string]ClientTool, len(tools))
		for k, t := range tools {
			cc.clientTools[k] = t
		}
	}
}

// clientTool is a [ClientTool] as a [tool.Tool] of the run: it prepares calls,
// which the loop never runs.
type clientTool struct {
	spec   tool.Spec
	input  *schema.Schema
	output *schema.Schema // nil without an output schema
}

func newClientTool(key string, t ClientTool) *clientTool {
	ct := &clientTool{spec: tool.Spec{
		ID:            key,
		Description:   t.Description,
		InputSchema:   t.InputSchema,
		OutputSchema:  t.OutputSchema,
		Strict:        t.Strict,
		NeedsApproval: t.NeedsApproval,
	}}
	ct.input = schema.New(key, "input", t.InputSchema)
	if len(t.OutputSchema) > 0 {
		ct.output = schema.New(key, "output", t.OutputSchema)
	}
	return ct
}

// Spec implements [tool.Tool].
func (t *clientTool) Spec() *tool.Spec { return &t.spec }

// Prepare implements [tool.Tool]: the arguments take the argument path.
func (t *clientTool) Prepare(ctx context.Context, args json.RawMessage) (tool.Invocation, error) {
	var v json.RawMessage
	if err := t.input.Read(args, toolexec.LimitsFrom(ctx), t.spec.Strict, &v); err != nil {
		return nil, err
	}
	return &clientCall{t: t, args: v}, nil
}

// checkResult checks a client's result: one strict JSON value, matching
// the output schema if there is one.
func (t *clientTool) checkResult(raw []byte) error {
	v, err := schema.Parse(raw)
	if err != nil {
		return err
	}
	if t.output == nil {
		return nil
	}
	return t.output.Validate(v)
}

// clientCall is the [tool.Invocation] of a client tool's call.
type clientCall struct {
	t    *clientTool
	args json.RawMessage
}

func (c *clientCall) Input() any { return c.args }

func (c *clientCall) NeedsApproval(context.Context) (bool, error) { return c.t.spec.NeedsApproval, nil }

func (c *clientCall) Run(context.Context) (tool.Output, error) {
	return tool.Output{}, fmt.Errorf("tool %s is a client tool: the caller runs it", c.t.spec.ID)
}

func (c *clientCall) ModelOutput(_ context.Context, out tool.Output) (llm.ModelOutput, error) {
	return llm.JSONOutput(out.JSON), nil
}

// withClientTools returns tools and the client tools of clients, which
// must not share a key.
func withClientTools(tools tool.Toolset, clients map[string]ClientTool) (tool.Toolset, error) {
	if len(clients) == 0 {
		return tools, nil
	}
	extra := make(tool.Toolset, len(clients))
	for k, t := range clients {
		if _, dup := tools[k]; dup {
			return nil, fmt.Errorf("client tool %q: the agent has a tool of that key", k)
		}
		extra[k] = newClientTool(k, t)
	}
	all, err := tool.Merge(tools, extra)
	if err != nil {
		return nil, err
	}
	if err := all.Validate(); err != nil {
		return nil, err
	}
	return all, nil
}
