package runtime_test

import (
	"context"
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
