package runtime_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

// inOrder is an Executor that runs calls one after the other, in the
// calling goroutine, and records what it was given.
type inOrder struct {
	limits []int
	calls  int
	ran    []string
}

func (e *inOrder) RunTool(ctx context.Context, call runtime.ToolCall, inv runtime.Invocation) (runtime.Output, runtime.ModelOutput, error) {
	e.ran = append(e.ran, call.Name)
	if ci, _ := runtime.CallInfoFrom(ctx); ci.ToolCallID != call.ID {
		return runtime.Output{}, runtime.ModelOutput{}, &runtime.ToolError{Kind: runtime.KindToolFailed, Message: "no call info"}
	}
	res, err := inv.Run(ctx)
	if err != nil {
		return runtime.Output{}, runtime.ModelOutput{}, err
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
	agent := &runtime.Agent{ID: "a", Model: m, ToolTimeout: 1, Concurrency: 3,
		Tools: runtime.Toolset{"probe": probe, "bg": bg, "weather": weatherTool()}}
	ex := &inOrder{}
	res, err := agent.Generate(t.Context(), "go", runtime.WithExecutor(ex))
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
	assert.Equal(t, runtime.KindInvalidArguments, outs[3].Err.Kind)
	var types []runtime.EventType
	for _, ev := range res.Transcript {
		if ev.Step == 1 && ev.ToolName != "" {
			types = append(types, ev.Type)
		}
	}
	assert.Equal(t, []runtime.EventType{runtime.EventToolCall, runtime.EventToolCall, runtime.EventToolCall, runtime.EventToolCall,
		runtime.EventToolError, runtime.EventToolResult, runtime.EventToolResult, runtime.EventToolResult}, types,
		"the calls' results are recorded in call order after the executor returns")
}

func TestDecodeOutput(t *testing.T) {
	inv, err := weatherTool().Prepare(t.Context(), []byte(`{"location":"Paris"}`))
	require.NoError(t, err)
	v, err := runtime.DecodeOutput(inv, []byte(`{"location":"Paris","tempC":3}`))
	require.NoError(t, err)
	assert.Equal(t, weatherOut{Location: "Paris", TempC: 3}, v)
	_, err = runtime.DecodeOutput(inv, []byte(`[1]`))
	assert.Error(t, err)
}

// remote is an Executor whose RunTool runs each call as another process
// would: from the call's arguments and the suspend state alone.
type remote struct {
	inOrder
	tools runtime.Toolset
}

func (e *remote) RunTool(ctx context.Context, call runtime.ToolCall, _ runtime.Invocation) (runtime.Output, runtime.ModelOutput, error) {
	rc := runtime.RemoteCallFrom(ctx)
	data, err := json.Marshal(rc) // what crosses the wire
	if err != nil {
		return runtime.Output{}, runtime.ModelOutput{}, err
	}
	var got runtime.RemoteCall
	if err := json.Unmarshal(data, &got); err != nil {
		return runtime.Output{}, runtime.ModelOutput{}, err
	}
	tool := e.tools[call.Name]
	inv, terr := runtime.PrepareCall(context.Background(), call.Name, tool, json.RawMessage(call.Arguments))
	if terr != nil {
		return runtime.Output{}, runtime.ModelOutput{}, terr
	}
	res, out, suspended, terr := runtime.RunRemoteCall(context.Background(), call.Name, tool, inv, got)
	switch {
	case suspended != nil:
		return runtime.Output{}, runtime.ModelOutput{}, runtime.SuspendRemote(ctx, suspended)
	case terr != nil:
		return runtime.Output{}, runtime.ModelOutput{}, terr
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
	confirm := runtime.WithSuspend[remotePayload, remoteReply](runtime.NewFunc(&runtime.Spec{ID: "confirm", Description: "Asks first.",
		InputSchema: json.RawMessage(emptySchema)},
		func(ctx context.Context, _ emptyIn) (string, error) {
			reply, resumed := runtime.ResumeData[remoteReply](ctx)
			if !resumed {
				return "", runtime.Suspend(ctx, remotePayload{Question: "Sure?"})
			}
			p, _ := runtime.SuspendPayload[remotePayload](ctx)
			asked = append(asked, p.Question)
			if reply.OK {
				return "yes", nil
			}
			return "no", nil
		}))
	tools := runtime.Toolset{"confirm": confirm}
	m := scripted.New(scripted.Calls(runtime.ToolCall{ID: "k1", Name: "confirm", Arguments: `{}`}), scripted.Text("done"))
	agent := &runtime.Agent{ID: "a", Model: m, Tools: tools}
	ex := &remote{tools: tools}
	res, err := agent.Generate(t.Context(), "go", runtime.WithExecutor(ex))
	require.NoError(t, err)
	require.Len(t, res.Pending, 1)
	assert.Equal(t, runtime.PendingSuspended, res.Pending[0].Kind)
	assert.JSONEq(t, `{"question":"Sure?"}`, string(res.Pending[0].Payload))

	res, err = agent.Resume(t.Context(), res.State, []runtime.Answer{runtime.ResumeWith("k1", remoteReply{OK: true})}, runtime.WithExecutor(ex))
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)
	assert.Equal(t, "yes", res.Steps[0].Outcomes[0].Output)
	assert.Equal(t, []string{"Sure?"}, asked, "the remote call saw the payload it suspended with")
}

func TestExecutorLeavesTheToolSearchToTheLoop(t *testing.T) {
	m := scripted.New(
		scripted.Calls(runtime.ToolCall{ID: "s1", Name: runtime.SearchToolsKey, Arguments: `{"query":"weather"}`}),
		scripted.Calls(runtime.ToolCall{ID: "l1", Name: runtime.LoadToolKey, Arguments: `{"toolName":"weather"}`}),
		scripted.Calls(runtime.ToolCall{ID: "w1", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Text("done"))
	agent := &runtime.Agent{ID: "a", Model: m, ToolSearch: &runtime.ToolSearch{Tools: runtime.Toolset{"weather": weatherTool()}}}
	ex := &inOrder{}
	res, err := agent.Generate(t.Context(), "go", runtime.WithExecutor(ex))
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)
	assert.Equal(t, []string{"weather"}, ex.ran, "search_tools and load_tool hold the run's state")
	assert.Equal(t, []string{"weather"}, res.LoadedTools)
}
