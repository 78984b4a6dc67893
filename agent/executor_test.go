package agent_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// inOrder is an Executor that runs calls one after the other, in the
// calling goroutine, and records what it was given.
type inOrder struct {
	limits []int
	calls  int
	ran    []string
}

func (e *inOrder) RunTool(ctx context.Context, call llm.ToolCall, inv tool.Invocation) (tool.Output, llm.ModelOutput, error) {
	e.ran = append(e.ran, call.Name)
	if ci, _ := tool.CallInfoFrom(ctx); ci.ToolCallID != call.ID {
		return tool.Output{}, llm.ModelOutput{}, &toolexec.Error{Kind: toolexec.KindToolFailed, Message: "no call info"}
	}
	res, err := inv.Run(ctx)
	if err != nil {
		return tool.Output{}, llm.ModelOutput{}, err
	}
	out, err := inv.ModelOutput(ctx, res)
	return res, out, err
}

func (e *inOrder) Execute(ctx context.Context, limit int, calls []func(context.Context)) {
	e.limits = append(e.limits, limit)
	for _, c := range calls {
		e.calls++
		c(ctx)
	}
}

func TestExecutorRunsCallsInTheCallersGoroutine(t *testing.T) {
	var sawDone []bool
	probe := fnTool("probe", func(ctx context.Context) (string, error) {
		sawDone = append(sawDone, ctx.Done() != nil) // no lock: one goroutine
		return "ok", nil
	})
	bg := fnTool("bg", func(ctx context.Context) (string, error) { return "bg-ok", nil }).WithBackground()
	m := scripted.New(scripted.Calls(scripted.Call("probe", `{}`), scripted.Call("probe", `{}`), scripted.Call("bg", `{}`),
		scripted.Call("weather", `{"location":7}`)), scripted.Text("done"))
	a := &agent.Agent{ID: "a", Model: m, ToolTimeout: 1, Concurrency: 3,
		Tools: tool.Toolset{"probe": probe, "bg": bg, "weather": weatherTool()}}
	ex := &inOrder{}
	res, err := a.Generate(t.Context(), "go", agent.WithExecutor(ex))
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)
	assert.Equal(t, []int{3}, ex.limits)
	assert.Equal(t, 3, ex.calls, "the two probes and the background tool; the invalid call does not run")
	assert.Equal(t, []string{"probe", "probe", "bg"}, ex.ran)
	assert.Equal(t, []bool{false, false}, sawDone, "calls run without a timeout or cancellation")
	require.Len(t, res.Steps, 2)
	outs := res.Steps[0].Outcomes
	require.Len(t, outs, 4)
	assert.Equal(t, "ok", outs[0].Output)
	assert.Equal(t, "bg-ok", outs[2].Output, "a background tool runs in its step")
	assert.Empty(t, outs[2].TaskID)
	require.NotNil(t, outs[3].Err)
	assert.Equal(t, toolexec.KindInvalidArguments, outs[3].Err.Kind)
	var types []agent.EventType
	for _, ev := range res.Transcript {
		if ev.Step == 1 && ev.ToolName != "" {
			types = append(types, ev.Type)
		}
	}
	assert.Equal(t, []agent.EventType{agent.EventToolCall, agent.EventToolCall, agent.EventToolCall, agent.EventToolCall,
		agent.EventToolError, agent.EventToolResult, agent.EventToolResult, agent.EventToolResult}, types,
		"the calls' results are recorded in call order after the executor returns")
}

func TestDecodeOutput(t *testing.T) {
	inv, err := weatherTool().Prepare(t.Context(), []byte(`{"location":"Paris"}`))
	require.NoError(t, err)
	v, err := agent.DecodeOutput(inv, []byte(`{"location":"Paris","tempC":3}`))
	require.NoError(t, err)
	assert.Equal(t, weatherOut{Location: "Paris", TempC: 3}, v)
	_, err = agent.DecodeOutput(inv, []byte(`[1]`))
	assert.Error(t, err)
}

// remote is an Executor whose RunTool runs each call as another process
// would: from the call's arguments and the suspend state alone.
type remote struct {
	inOrder
	tools tool.Toolset
}

func (e *remote) RunTool(ctx context.Context, call llm.ToolCall, _ tool.Invocation) (tool.Output, llm.ModelOutput, error) {
	rc := agent.RemoteCallFrom(ctx)
	data, err := json.Marshal(rc) // what crosses the wire
	if err != nil {
		return tool.Output{}, llm.ModelOutput{}, err
	}
	var got agent.RemoteCall
	if err := json.Unmarshal(data, &got); err != nil {
		return tool.Output{}, llm.ModelOutput{}, err
	}
	tl := e.tools[call.Name]
	inv, terr := toolexec.Prepare(context.Background(), call.Name, tl, json.RawMessage(call.Arguments))
	if terr != nil {
		return tool.Output{}, llm.ModelOutput{}, terr
	}
	res, out, suspended, terr := agent.RunRemoteCall(context.Background(), call.Name, inv, got)
	switch {
	case suspended != nil:
		return tool.Output{}, llm.ModelOutput{}, agent.SuspendRemote(ctx, suspended)
	case terr != nil:
		return tool.Output{}, llm.ModelOutput{}, terr
	}
	return res, out, nil
}

type remotePayload struct {
	Question string `json:"question"`
}

type remoteReply struct {
	OK bool `json:"ok"`
}

func TestRemoteCallsSuspendAndResume(t *testing.T) {
	var asked []string
	confirm := tool.WithSuspend[remotePayload, remoteReply](tool.NewFunc(&tool.Spec{ID: "confirm", Description: "Asks first.",
		InputSchema: json.RawMessage(emptySchema)},
		func(ctx context.Context, _ emptyIn) (string, error) {
			reply, resumed := tool.ResumeData[remoteReply](ctx)
			if !resumed {
				return "", tool.Suspend(ctx, remotePayload{Question: "Sure?"})
			}
			p, _ := tool.SuspendPayload[remotePayload](ctx)
			asked = append(asked, p.Question)
			if reply.OK {
				return "yes", nil
			}
			return "no", nil
		}))
	tools := tool.Toolset{"confirm": confirm}
	m := scripted.New(scripted.Calls(llm.ToolCall{ID: "k1", Name: "confirm", Arguments: `{}`}), scripted.Text("done"))
	a := &agent.Agent{ID: "a", Model: m, Tools: tools}
	ex := &remote{tools: tools}
	res, err := a.Generate(t.Context(), "go", agent.WithExecutor(ex))
	require.NoError(t, err)
	require.Len(t, res.Pending, 1)
	assert.Equal(t, agent.PendingSuspended, res.Pending[0].Kind)
	assert.JSONEq(t, `{"question":"Sure?"}`, string(res.Pending[0].Payload))

	res, err = a.Resume(t.Context(), res.State, []agent.Answer{agent.ResumeWith("k1", remoteReply{OK: true})}, agent.WithExecutor(ex))
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)
	assert.Equal(t, "yes", res.Steps[0].Outcomes[0].Output)
	assert.Equal(t, []string{"Sure?"}, asked, "the remote call saw the payload it suspended with")
}

func TestExecutorLeavesTheToolSearchToTheLoop(t *testing.T) {
	m := scripted.New(
		scripted.Calls(llm.ToolCall{ID: "s1", Name: agent.SearchToolsKey, Arguments: `{"query":"weather"}`}),
		scripted.Calls(llm.ToolCall{ID: "l1", Name: agent.LoadToolKey, Arguments: `{"toolName":"weather"}`}),
		scripted.Calls(llm.ToolCall{ID: "w1", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Text("done"))
	a := &agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: tool.Toolset{"weather": weatherTool()}}}
	ex := &inOrder{}
	res, err := a.Generate(t.Context(), "go", agent.WithExecutor(ex))
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)
	assert.Equal(t, []string{"weather"}, ex.ran, "search_tools and load_tool hold the run's state")
	assert.Equal(t, []string{"weather"}, res.LoadedTools)
}
