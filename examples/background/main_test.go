package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool/toolexec"
	"github.com/toolgen-go/toolgen/tooltest"
)

// TestRun checks the events in order: in the first run, the handle at
// once (background-task-started, then the handle as the call's
// tool-result), the quick fact and the model's answer, and the run ends
// without waiting; in the next run, the research's result (a tool-result
// event with the task's id) and the model's summary of it.
func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, offlineModel()))
	assert.Equal(t, `user: Research sea otters for me, and tell me something about them while you wait.
tool-call research {"topic":"sea otters"}
tool-call quickFact {"topic":"sea otters"}
background-task-started research [task-1]
tool-result research "Background task started. Task ID: task-1. The tool \"research\" is running in the background. You will be notified when it completes."
tool-result quickFact {"fact":"Sea otters hold hands while they sleep so as not to drift apart."}
step-finish (tool-calls)
step-finish (stop)
assistant: The research is running (task-1). Meanwhile: Sea otters hold hands while they sleep so as not to drift apart.
finish (stop)
user: What did the research find?
tool-result research [task-1] {"topic":"sea otters","facts":["Sea otters hold hands while they sleep so as not to drift apart.","They have the densest fur of any animal.","They use stones as tools to open shellfish."],"sources":3}
step-finish (stop)
assistant: The research is done, from 3 sources: They have the densest fur of any animal. They use stones as tools to open shellfish.
finish (stop)
task-1 (research): {Topic:sea otters Facts:[Sea otters hold hands while they sleep so as not to drift apart. They have the densest fur of any animal. They use stones as tools to open shellfish.] Sources:3}
`, out.String())
}

// TestResearchFails checks that a failed research reaches the model, in
// the next run, as the call's error result in place of the handle, and
// the application as the task's error.
func TestResearchFails(t *testing.T) {
	model := scripted.New(
		scripted.Calls(scripted.Call("research", `{"topic":"unicorns"}`)),
		scripted.Text("Researching."),
		scripted.Text("Nothing found."),
	)
	a := newAgent(model)
	first, err := a.Generate(t.Context(), "Research unicorns.")
	require.NoError(t, err)
	assert.Empty(t, first.Background, "the run does not wait for the task")
	require.NoError(t, first.Tasks.Wait(t.Context()))
	res, err := a.Generate(t.Context(), "And?", agent.WithHistory(first.Messages[1:]...), agent.WithTasks(first.Tasks))
	require.NoError(t, err)
	require.Len(t, res.Background, 1)
	require.NotNil(t, res.Background[0].Err)
	assert.Equal(t, toolexec.KindToolFailed, res.Background[0].Err.Kind)
	var results []llm.ToolResult
	for _, m := range model.LastRequest().Messages {
		results = append(results, m.ToolResults()...)
	}
	require.Len(t, results, 1)
	assert.Equal(t, llm.ErrorOutput(`Background task failed: tool "research" failed: no sources on "unicorns"`), results[0].Output)
}

func TestChooseModel(t *testing.T) {
	var stderr bytes.Buffer
	model, err := chooseModel("", &stderr)
	require.NoError(t, err)
	assert.IsType(t, &scripted.Model{}, model)
	assert.Contains(t, stderr.String(), "-model")

	_, err = chooseModel("nosuch/model", io.Discard)
	assert.ErrorIs(t, err, provider.ErrUnknownProvider)
}

// TestToolsGolden pins what a model sees of the tools, the background flag
// included. After a change to them, go test -run TestToolsGolden -update
// rewrites testdata/tools.golden.json; review its diff.
func TestToolsGolden(t *testing.T) {
	tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
}
