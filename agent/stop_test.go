package agent_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// loopingModel calls the weather tool n times, each turn reporting usage.
func loopingModel(n int, tokens int) *scripted.Model {
	var turns []scripted.Turn
	for range n {
		turns = append(turns, scripted.Turn{
			ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)},
			Usage:     llm.Usage{InputTokens: tokens - 10, OutputTokens: 10, TotalTokens: tokens},
		})
	}
	return scripted.New(turns...)
}

func stopAgent(m llm.Model) *agent.Agent {
	return &agent.Agent{ID: "a", Model: m, MaxSteps: 10, Tools: tool.Toolset{"weather": weatherTool(), "finish": weatherTool()}}
}

func TestStopWhenReadyMade(t *testing.T) {
	t.Run("step count", func(t *testing.T) {
		model := loopingModel(6, 100)
		res, err := stopAgent(model).Generate(t.Context(), "go", agent.WithStopWhen(agent.StepCountIs(2)))
		require.NoError(t, err)
		assert.Equal(t, agent.FinishStopCondition, res.FinishReason)
		assert.Len(t, res.Steps, 2)
		assert.Len(t, model.Requests(), 2, "the model is not called after the condition holds")
		last := res.Messages[len(res.Messages)-1]
		assert.Equal(t, llm.RoleTool, last.Role, "the last step's calls ran and their results are kept")
		assert.Equal(t, agent.FinishStopCondition, res.Transcript[len(res.Transcript)-1].FinishReason)
	})
	t.Run("token budget", func(t *testing.T) {
		model := loopingModel(6, 100)
		res, err := stopAgent(model).Generate(t.Context(), "go", agent.WithStopWhen(agent.TokenBudget(250)))
		require.NoError(t, err)
		assert.Equal(t, agent.FinishStopCondition, res.FinishReason)
		assert.Len(t, res.Steps, 3, "100+100 is under 250, 300 is not")
		assert.Equal(t, 300, res.Usage.TotalTokens)
	})
	t.Run("tool called", func(t *testing.T) {
		model := scripted.New(
			scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
			scripted.Calls(scripted.Call("weather", `{"location":"Rome"}`), scripted.Call("finish", `{"location":"Oslo"}`)),
			scripted.Text("never sent"),
		)
		res, err := stopAgent(model).Generate(t.Context(), "go", agent.WithStopWhen(agent.HasToolCall("other", "finish")))
		require.NoError(t, err)
		assert.Equal(t, agent.FinishStopCondition, res.FinishReason)
		require.Len(t, res.Steps, 2)
		require.Len(t, res.Steps[1].Outcomes, 2)
		assert.Nil(t, res.Steps[1].Outcomes[1].Err, "the call that met the condition ran")
		assert.Equal(t, 1, model.Remaining())
	})
}

func TestStopWhenSeesTheRun(t *testing.T) {
	model := loopingModel(5, 40)
	var seen []agent.StepResult
	res, err := stopAgent(model).Generate(t.Context(), "go",
		agent.WithStopWhen(func(s agent.StepResult) bool { seen = append(seen, s); return false }),
		agent.WithStopWhen(func(s agent.StepResult) bool { return len(s.Steps) == 3 }),
	)
	require.NoError(t, err)
	assert.Equal(t, agent.FinishStopCondition, res.FinishReason, "conditions of several options add up")
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
		agent.WithStopWhen(func(agent.StepResult) bool { called = true; return true }))
	require.NoError(t, err)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	assert.Equal(t, "done", res.Text)
	assert.False(t, called)
}

func TestStopWhenMaxStepsStillBounds(t *testing.T) {
	model := loopingModel(6, 1)
	res, err := stopAgent(model).Generate(t.Context(), "go", agent.WithMaxSteps(2), agent.WithStopWhen(agent.StepCountIs(4)))
	require.NoError(t, err)
	assert.Equal(t, agent.FinishMaxSteps, res.FinishReason)
	assert.Len(t, res.Steps, 2)
}

// TestStopWhenAfterResume: the paused step finishes on resume, and a
// condition that holds for it ends the run there.
func TestStopWhenAfterResume(t *testing.T) {
	model := loopingModel(3, 10)
	a := stopAgent(model)
	res, err := a.Generate(t.Context(), "go", agent.RequireApproval())
	require.NoError(t, err)
	require.Equal(t, agent.FinishApproval, res.FinishReason)
	data, err := json.Marshal(res.State)
	require.NoError(t, err)
	var state agent.RunState
	require.NoError(t, json.Unmarshal(data, &state))

	res, err = a.Resume(t.Context(), &state, []agent.Answer{{ToolCallID: res.Pending[0].ToolCallID, Approved: true}},
		agent.WithStopWhen(agent.StepCountIs(1)))
	require.NoError(t, err)
	assert.Equal(t, agent.FinishStopCondition, res.FinishReason)
	require.Len(t, res.Steps, 1)
	assert.Nil(t, res.Steps[0].Outcomes[0].Err)
	assert.Len(t, model.Requests(), 1, "resume did not call the model again")
}

func TestStopWhenStream(t *testing.T) {
	model := loopingModel(4, 10)
	var last agent.Event
	for ev, err := range stopAgent(model).Stream(t.Context(), "go", agent.WithStopWhen(agent.HasToolCall("weather"))) {
		require.NoError(t, err)
		last = ev
	}
	assert.Equal(t, agent.EventFinish, last.Type)
	assert.Equal(t, agent.FinishStopCondition, last.FinishReason)
	assert.Len(t, model.Requests(), 1)
}

// TestStopWhenWithOutput: a run that a condition ends still makes its
// object, in a structuring request, and keeps its reason.
func TestStopWhenWithOutput(t *testing.T) {
	for _, withTools := range []bool{false, true} {
		model := scripted.New(
			scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
			scripted.Text(parisJSON),
		).WithCapabilities(llm.Capabilities{OutputWithTools: withTools})
		res, err := stopAgent(model).Generate(t.Context(), "go", agent.WithOutput(reportOutput(false)), agent.WithStopWhen(agent.HasToolCall("weather")))
		require.NoError(t, err)
		assert.Equal(t, agent.FinishStopCondition, res.FinishReason)
		got, err := agent.Object[report](res)
		require.NoError(t, err)
		assert.Equal(t, "Paris", got.City)
		reqs := model.Requests()
		require.Len(t, reqs, 2)
		assert.Empty(t, reqs[1].Tools, "the second request structures: no tools")
		assert.Equal(t, reportFormat, reqs[1].ResponseFormat)
	}
}
