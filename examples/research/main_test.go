package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/provider"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool/toolexec"
	"github.com/toolgen-go/toolgen/tooltest"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(checked(t), &out, offlineModel()))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")

	assert.Len(t, linesWithPrefix(lines, "tool-call workflow-research "), 1)
	results := linesWithPrefix(lines, "tool-result workflow-research ")
	require.Len(t, results, 1)
	assert.Contains(t, results[0], `"citations":["https://go.dev/blog/range-functions","https://pkg.go.dev/iter"]`)
	assert.Contains(t, lines, "finish (stop)")
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], "assistant: Since Go 1.23"), lines[len(lines)-1])
}

// TestWorkflowSchema checks that the model sees workflow-research with the
// generated input schema of the gather step as its inputData.
func TestWorkflowSchema(t *testing.T) {
	model := offlineModel()
	_, err := newAgent(model).Generate(checked(t), prompt)
	require.NoError(t, err)
	reqs := model.Requests()
	require.NotEmpty(t, reqs)
	require.Len(t, reqs[0].Tools, 1)
	def := reqs[0].Tools[0]
	assert.Equal(t, "workflow-research", def.Name)

	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	require.NoError(t, json.Unmarshal(def.InputSchema, &schema))
	assert.Equal(t, []string{"inputData"}, schema.Required)
	assert.NotContains(t, schema.Properties, "initialState", "the workflow takes no state")
	assert.JSONEq(t, string(GatherTool().Spec().InputSchema), string(schema.Properties["inputData"]))

	wf := newResearchWorkflow().Spec()
	assert.JSONEq(t, string(SummarizeTool().Spec().OutputSchema), string(wf.OutputSchema))
}

// TestWorkflowInvalidInput checks that the generated schema guards the
// workflow: input it rejects goes back to the model as a tool error.
func TestWorkflowInvalidInput(t *testing.T) {
	model := scripted.New(
		scripted.Calls(scripted.Call("workflow-research", `{"inputData":{"topic":"iterators","maxSources":9}}`)),
		scripted.Text("I asked for too many sources."),
	)
	var toolErrors []agent.Event
	for ev, err := range newAgent(model).Stream(checked(t), prompt) {
		require.NoError(t, err)
		if ev.Type == agent.EventToolError {
			toolErrors = append(toolErrors, ev)
		}
	}
	require.Len(t, toolErrors, 1)
	assert.Equal(t, "workflow-research", toolErrors[0].ToolName)
	assert.Contains(t, string(toolErrors[0].Payload), `"kind":"invalid-arguments"`)
	assert.Contains(t, string(toolErrors[0].Payload), "at /inputData/maxSources: expected a number")
}

func TestResearchWorkflow(t *testing.T) {
	wf := newResearchWorkflow()
	report, err := wf.Run(t.Context(), ResearchInput{Topic: "Generics"}, nil)
	require.NoError(t, err)
	assert.Equal(t, Report{
		Topic:     "generics",
		Summary:   "Go 1.18 added type parameters to functions and types.",
		Citations: []string{"https://go.dev/blog/intro-generics"},
	}, report)

	report, err = wf.Run(t.Context(), ResearchInput{Topic: "iterators"}, nil)
	require.NoError(t, err)
	assert.Len(t, report.Citations, 3, "three sources by default")

	_, err = wf.Run(t.Context(), ResearchInput{Topic: "monads"}, nil)
	assert.ErrorContains(t, err, `gather: no sources on "monads"`)
}

// TestRunOnOpenAIResponsesFake runs the example through the OpenAI SDK on
// the Responses API, as -model openai-responses/gpt-5.4 with
// $OPENAI_BASE_URL does, against a fake server that plays the offline
// script: the workflow's report reaches the model as the call's output.
func TestRunOnOpenAIResponsesFake(t *testing.T) {
	srv := providertest.NewServer(t, offlineTurns()...)
	t.Setenv("OPENAI_BASE_URL", srv.URL()+"v1/")
	t.Setenv("OPENAI_API_KEY", "test")
	model, err := chooseModel("openai-responses/gpt-5.4", io.Discard)
	require.NoError(t, err)

	var out bytes.Buffer
	require.NoError(t, run(checked(t), &out, model))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	results := linesWithPrefix(lines, "tool-result workflow-research ")
	require.Len(t, results, 1)
	assert.Contains(t, results[0], `"citations":["https://go.dev/blog/range-functions","https://pkg.go.dev/iter"]`)
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], "assistant: Since Go 1.23"), lines[len(lines)-1])

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, "/v1/responses", reqs[1].Path)
	var second struct {
		Input []struct {
			Type   string `json:"type"`
			CallID string `json:"call_id"`
			Output string `json:"output"`
		} `json:"input"`
	}
	require.NoError(t, reqs[1].Decode(&second))
	var outputs []string
	for _, item := range second.Input {
		if item.Type == "function_call_output" {
			assert.Equal(t, "call_1", item.CallID)
			outputs = append(outputs, item.Output)
		}
	}
	require.Len(t, outputs, 1)
	assert.Contains(t, outputs[0], "https://pkg.go.dev/iter")
}

// TestChooseModel checks the offline default, which says how to switch,
// and the error for a name provider.Open does not know.
func TestChooseModel(t *testing.T) {
	var stderr bytes.Buffer
	model, err := chooseModel("", &stderr)
	require.NoError(t, err)
	assert.IsType(t, &scripted.Model{}, model)
	assert.Contains(t, stderr.String(), "-model")
	assert.Contains(t, stderr.String(), "TOOLGEN_MODEL")

	_, err = chooseModel("nosuch/model", io.Discard)
	assert.ErrorIs(t, err, provider.ErrUnknownProvider)
}

// linesWithPrefix returns the lines that start with prefix.
func linesWithPrefix(lines []string, prefix string) []string {
	var found []string
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			found = append(found, l)
		}
	}
	return found
}

// TestToolsGolden pins what a model sees of the tools. After a change to
// them, go test -run TestToolsGolden -update rewrites
// testdata/tools.golden.json; review its diff.
func TestToolsGolden(t *testing.T) {
	tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
}

// checked is the ctx of the tests' runs and calls: every tool checks its
// output against its output schema (toolexec.ValidatingOutputs), so that an
// output its generated schema refuses fails the test.
func checked(t *testing.T) context.Context { return toolexec.ValidatingOutputs(t.Context()) }
