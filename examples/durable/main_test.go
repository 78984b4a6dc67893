package main

import (
	"context"
	"io"
	"slices"

	"strings"
	"testing"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/converter"

	"go.temporal.io/sdk/testsuite"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/temporal"
)

// TestDurableRun runs the example's agent as its workflow in the SDK's test
// environment: the tools run as activities and the answer is the script's.
func TestDurableRun(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	if err := temporal.Register(env, newAgent(offlineModel())); err != nil {
		t.Fatal(err)
	}
	var ran []string
	env.SetOnActivityStartedListener(func(info *activity.Info, _ context.Context, _ converter.EncodedValues) {
		ran = append(ran, info.ActivityType.Name)
	})
	env.ExecuteWorkflow(temporal.WorkflowName(agentID), temporal.Input{Prompt: defaultPrompt})
	if !env.IsWorkflowCompleted() {
		t.Fatal("the workflow did not complete")
	}
	if err := env.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res temporal.Result
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Text, "It is 18.5°C and partly cloudy in Paris.") {
		t.Errorf("answer %q", res.Text)
	}
	want := []string{
		temporal.ModelActivityName(agentID),
		temporal.ToolActivityName(agentID, "hazardsTool"),
		temporal.ToolActivityName(agentID, "weatherTool"),
		temporal.ModelActivityName(agentID),
	}
	if len(ran) == len(want) {
		slices.Sort(ran[1:3]) // the two tool calls run concurrently
	}
	if !slices.Equal(ran, want) {
		t.Errorf("activities %v, want %v", ran, want)
	}
	var results []string
	for _, m := range res.Messages {
		for _, p := range m.Parts {
			if p.Type == llm.PartToolResult {
				results = append(results, p.ToolResult.Output.String())
			}
		}
	}
	if len(results) != 2 || !strings.Contains(results[0], `"Partly cloudy"`) || !strings.Contains(results[1], `"heat"`) {
		t.Errorf("tool results %v", results)
	}
}

func TestUsage(t *testing.T) {
	if err := run(t.Context(), nil, io.Discard); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("no command: %v, want the usage", err)
	}
}
