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
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
	"github.com/toolgen-go/toolgen/tooltest"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	supervisorModel, writerModel := offlineModels()
	require.NoError(t, run(checked(t), &out, supervisorModel, writerModel))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")

	assert.Len(t, linesWithPrefix(lines, "tool-call notes "), 1)
	assert.Len(t, linesWithPrefix(lines, "tool-result notes "), 1)
	assert.Len(t, linesWithPrefix(lines, "tool-call agent-writer "), 1)
	results := linesWithPrefix(lines, "tool-result agent-writer ")
	require.Len(t, results, 1)
	assert.Contains(t, results[0], `"agentId":"writer"`)

	// The writer's events, printed with its id.
	assert.Len(t, linesWithPrefix(lines, "[writer] tool-call wordCount "), 1)
	assert.Len(t, linesWithPrefix(lines, "[writer] tool-result wordCount "), 1)
	assert.Contains(t, lines, "[writer] finish (stop)")
	assert.Contains(t, lines, "[writer] assistant: "+draft)

	assert.Contains(t, lines, "finish (stop)")
	assert.Equal(t, "assistant: Here is your blurb: "+draft, lines[len(lines)-1])
}

// TestWriterEvents checks that the writer's events join the supervisor's
// stream with the writer's id, inside its agent-writer call.
func TestWriterEvents(t *testing.T) {
	supervisorModel, writerModel := offlineModels()
	a := newSupervisor(supervisorModel, newWriter(writerModel))
	var (
		writerCallID string
		writerEvents []agent.Event
		ownEvents    int
	)
	for ev, err := range a.Stream(checked(t), prompt) {
		require.NoError(t, err)
		if ev.Type == agent.EventToolCall && ev.ToolName == "agent-writer" {
			writerCallID = ev.ToolCallID
		}
		switch ev.AgentID {
		case "writer":
			writerEvents = append(writerEvents, ev)
		case "supervisor":
			assert.Empty(t, ev.ParentToolCallID, "a run's own events have no parent call")
			ownEvents++
		default:
			t.Errorf("event %s from unexpected agent %q", ev.Type, ev.AgentID)
		}
	}
	require.NotEmpty(t, writerCallID)
	require.NotEmpty(t, writerEvents)
	assert.NotZero(t, ownEvents)
	for _, ev := range writerEvents {
		assert.Equal(t, writerCallID, ev.ParentToolCallID, "%s event", ev.Type)
	}
	assert.Equal(t, agent.EventFinish, writerEvents[len(writerEvents)-1].Type)
}

// TestSupervisorTools checks what the supervisor's model is given: its own
// tool and the writer as agent-writer, not the writer's tool.
func TestSupervisorTools(t *testing.T) {
	supervisorModel, writerModel := offlineModels()
	_, err := newSupervisor(supervisorModel, newWriter(writerModel)).Generate(checked(t), prompt)
	require.NoError(t, err)
	reqs := supervisorModel.Requests()
	require.NotEmpty(t, reqs)
	var names []string
	for _, d := range reqs[0].Tools {
		names = append(names, d.Name)
	}
	assert.ElementsMatch(t, []string{"notes", "agent-writer"}, names)
}

func TestLookupNotes(t *testing.T) {
	out, err := LookupNotes(t.Context(), NotesInput{Topic: " Iterators "})
	require.NoError(t, err)
	assert.Equal(t, "iterators", out.Topic)
	assert.Len(t, out.Notes, 3)

	_, err = tool.Call(checked(t), LookupNotesTool(), json.RawMessage(`{"topic":"monads"}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "topics with notes: generics, iterators")

	_, err = tool.Call(checked(t), LookupNotesTool(), json.RawMessage(`{"topic":""}`))
	assert.ErrorIs(t, err, schema.ErrInvalidArguments)
}

func TestCountWords(t *testing.T) {
	out, err := CountWords(t.Context(), CountInput{Text: "Go 1.23 adds iterators."})
	require.NoError(t, err)
	assert.Equal(t, CountOutput{Words: 4, Characters: 23}, out)
}

// TestChooseModels checks the offline default, which says how to switch,
// and the error for a name provider.Open does not know.
func TestChooseModels(t *testing.T) {
	var stderr bytes.Buffer
	supervisorModel, writerModel, err := chooseModels("", &stderr)
	require.NoError(t, err)
	assert.IsType(t, &scripted.Model{}, supervisorModel)
	assert.NotSame(t, supervisorModel, writerModel, "each agent plays its own script")
	assert.Contains(t, stderr.String(), "-model")
	assert.Contains(t, stderr.String(), "TOOLGEN_MODEL")

	_, _, err = chooseModels("nosuch/model", io.Discard)
	assert.ErrorIs(t, err, provider.ErrUnknownProvider)
}

// TestRealModelName checks that a model name gives both agents the same
// model.
func TestRealModelName(t *testing.T) {
	supervisorModel, writerModel, err := chooseModels("ollama/llama3.2", io.Discard)
	require.NoError(t, err)
	assert.Same(t, supervisorModel, writerModel)
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
