package runtime_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

// loopingModel calls the weather tool n times, each turn reporting usage.
func loopingModel(n int, tokens int) *scripted.Model {
	var turns []scripted.Turn
	for range n {
		turns = append(turns, scripted.Turn{
			ToolCalls: []runtime.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)},
			Usage:     runtime.Usage{InputTokens: tokens - 10, OutputTokens: 10, TotalTokens: tokens},
		})
	}
	return scripted.New(turns...)
}

func stopAgent(m runtime.Model) *runtime.Agent {
	return &runtime.Agent{ID: "a", Model: m, MaxSteps: 10, Tools: runtime.Toolset{"weather": weatherTool(), "finish": weatherTool()}}
}

func TestStopWhenReadyMade(t *testing.T) {
	t.Run("step count", func(t *testing.T) {
		model := loopingModel(6, 100)
		res, err := stopAgent(model).Generate(t.Context(), "go", runtime.WithStopWhen(runtime.StepCountIs(2)))
		require.NoError(t, err)
		assert.Equal(t, runtime.FinishStopCondition, res.FinishReason)
		assert.Len(t, res.Steps, 2)
		assert.Len(t, model.Requests(), 2, "the model is not called after the condition holds")
		last := res.Messages[len(res.Messages)-1]
		assert.Equal(t, runtime.RoleTool, last.Role, "the last step's calls ran and their results are kept")
		assert.Equal(t, runtime.FinishStopCondition, res.Transcript[len(res.Transcript)-1].FinishReason)
	})
	t.Run("token budget", func(t *testing.T) {
		model := loopingModel(6, 100)
		res, err := stopAgent(model).Generate(t.Context(), "go", runtime.WithStopWhen(runtime.TokenBudget(250)))
		require.NoError(t, err)
		assert.Equal(t, runtime.FinishStopCondition, res.FinishReason)
		assert.Len(t, res.Steps, 3, "100+100 is under 250, 300 is not")
		assert.Equal(t, 300, res.Usage.TotalTokens)
	})
	t.Run("tool called", func(t *testing.T) {
		model := scripted.New(
			scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
			scripted.Calls(scripted.Call("weather", `{"location":"Rome"}`), scripted.Call("finish", `{"location":"Oslo"}`)),
			scripted.Text("never sent"),
		)
		res, err := stopAgent(model).Generate(t.Context(), "go", runtime.WithStopWhen(runtime.HasToolCall("other", "finish")))
		require.NoError(t, err)
		assert.Equal(t, runtime.FinishStopCondition, res.FinishReason)
		require.Len(t, res.Steps, 2)
		require.Len(t, res.Steps[1].Outcomes, 2)
		assert.Nil(t, res.Steps[1].Outcomes[1].Err, "the call that met the condition ran")
		assert.Equal(t, 1, model.Remaining())
	})
}

func TestStopWhenSeesTheRun(t *testing.T) {
	model := loopingModel(5, 40)
	var seen []runtime.StepResult
	res, err := stopAgent(model).Generate(t.Context(), "go",
		runtime.WithStopWhen(func(s runtime.StepResult) bool { seen = append(seen, s); return false }),
		runtime.WithStopWhen(func(s runtime.StepResult) bool { return len(s.Steps) == 3 }),
	)
	require.NoError(t, err)
	assert.Equal(t, runtime.FinishStopCondition, res.FinishReason, "conditions of several options add up")
	require.Len(t, seen, 3)
	for i, s := range seen {
		assert.Equal(t, i+1, s.Number)
		assert.Len(t, s.Steps, i+1)
		assert.Equal(t, s.Step.Number, s.Steps[i].Number, "the step is the last of Steps")
		assert.Equal(t, 40*(i+1), s.TotalUsage.TotalTokens)
		assert.Equal(t, "weather", s.ToolCalls[0].Name)
	}
}

func TestStopWhenNotAskedWithoutToolCalls(t *testing.T) {
	model := scripted.New(scripted.Text("done"))
	called := false
	res, err := stopAgent(model).Generate(t.Context(), "go",
		runtime.WithStopWhen(func(runtime.StepResult) bool { called = true; return true }))
	require.NoError(t, err)
	assert.Equal(t, runtime.FinishStop, res.FinishReason)
	assert.Equal(t, "done", res.Text)
	assert.False(t, called)
}

func TestStopWhenMaxStepsStillBounds(t *testing.T) {
	model := loopingModel(6, 1)
	res, err := stopAgent(model).Generate(t.Context(), "go", runtime.WithMaxSteps(2), runtime.WithStopWhen(runtime.StepCountIs(4)))
	require.NoError(t, err)
	assert.Equal(t, runtime.FinishMaxSteps, res.FinishReason)
	assert.Len(t, res.Steps, 2)
}

// TestStopWhenAfterResume: the paused step finishes on resume, and a
// condition that holds for it ends the run there.
func TestStopWhenAfterResume(t *testing.T) {
	model := loopingModel(3, 10)
	agent := stopAgent(model)
	res, err := agent.Generate(t.Context(), "go", runtime.RequireApproval())
	require.NoError(t, err)
	require.Equal(t, runtime.FinishApproval, res.FinishReason)
	data, err := json.Marshal(res.State)
	require.NoError(t, err)
	var state runtime.RunState
	require.NoError(t, json.Unmarshal(data, &state))

	res, err = agent.Resume(t.Context(), &state, []runtime.Answer{{ToolCallID: res.Pending[0].ToolCallID, Approved: true}},
		runtime.WithStopWhen(runtime.StepCountIs(1)))
	require.NoError(t, err)
	assert.Equal(t, runtime.FinishStopCondition, res.FinishReason)
	require.Len(t, res.Steps, 1)
	assert.Nil(t, res.Steps[0].Outcomes[0].Err)
	assert.Len(t, model.Requests(), 1, "resume did not call the model again")
}

func TestStopWhenStream(t *testing.T) {
	model := loopingModel(4, 10)
	var last runtime.Event
	for ev, err := range stopAgent(model).Stream(t.Context(), "go", runtime.WithStopWhen(runtime.HasToolCall("weather"))) {
		require.NoError(t, err)
		last = ev
	}
	assert.Equal(t, runtime.EventFinish, last.Type)
	assert.Equal(t, runtime.FinishStopCondition, last.FinishReason)
	assert.Len(t, model.Requests(), 1)
}

// TestStopWhenWithOutput: a run that a condition ends still makes its
// object, in a structuring request, and keeps its reason.
func TestStopWhenWithOutput(t *testing.T) {
	for _, withTools := range []bool{false, true} {
		model := scripted.New(
			scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
			scripted.Text(parisJSON),
		).WithCapabilities(runtime.Capabilities{OutputWithTools: withTools})
		res, err := stopAgent(model).Generate(t.Context(), "go", runtime.WithOutput(reportOutput(false)), runtime.WithStopWhen(runtime.HasToolCall("weather")))
		require.NoError(t, err)
		assert.Equal(t, runtime.FinishStopCondition, res.FinishReason)
		got, err := runtime.Object[report](res)
		require.NoError(t, err)
		assert.Equal(t, "Paris", got.City)
		reqs := model.Requests()
		require.Len(t, reqs, 2)
		assert.Empty(t, reqs[1].Tools, "the second request structures: no tools")
		assert.Equal(t, reportFormat, reqs[1].ResponseFormat)
	}
}
