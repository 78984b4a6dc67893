package agent_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// The background-tool scenario side by side with @mastra/core 1.71.0:
// testdata/mastra/background.mjs runs it on Mastra with a scripted model,
// and the test runs the same script on toolgen's loop.

const mastraInstall = "npm ci --prefix agent/testdata/mastra"

// mastraDir returns the scripts' directory, or skips the test when node
// or @mastra/core is absent; with TOOLGEN_MASTRA=1 it fails instead.
func mastraDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("testdata", "mastra")
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else if _, err := os.Stat(filepath.Join(dir, "node_modules", "@mastra", "core", "package.json")); err != nil {
		missing = "@mastra/core is not installed; run: " + mastraInstall
	}
	if missing != "" {
		if os.Getenv("TOOLGEN_MASTRA") == "1" {
			t.Fatal(missing)
		}
		t.Skip(missing + " (TOOLGEN_MASTRA=1 makes this a failure)")
	}
	return dir
}

// mastraRun is what background.mjs prints of one run.
type mastraRun struct {
	Events   []string `json:"events"`
	Results  []any    `json:"results"`
	Requests int      `json:"requests"`
}

// mastraToolResult is a tool result the model read.
type mastraToolResult struct {
	ToolCallID string `json:"toolCallId"`
	Type       string `json:"type"`
	Value      any    `json:"value"`
}

// mastraBackground is what background.mjs prints.
type mastraBackground struct {
	Run1        mastraRun          `json:"run1"`
	System      string             `json:"system"`
	InputSchema json.RawMessage    `json:"inputSchema"`
	Request2    []mastraToolResult `json:"request2"`
	Run2        mastraRun          `json:"run2"`
	Run2Request []mastraToolResult `json:"run2Request"`
}

// runMastraBackground runs background.mjs with args.
func runMastraBackground(t *testing.T, args ...string) mastraBackground {
	t.Helper()
	dir := mastraDir(t)
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{"background.mjs"}, args...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "stderr: %s", stderr.String())
	var out mastraBackground
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &out), "output: %s", stdout.String())
	return out
}

// researchTool is the scenario's background tool: it returns "notes on
// <topic>" once gate is closed.
func researchTool(gate <-chan struct{}) tool.Tool {
	type in struct {
		Topic string `json:"topic"`
	}
	spec := &tool.Spec{ID: "research", Description: "Researches a topic.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"topic":{"type":"string"}},"required":["topic"],"additionalProperties":false}`)}
	return tool.NewFunc(spec, func(ctx context.Context, i in) (string, error) {
		select {
		case <-gate:
		case <-ctx.Done():
			return "", ctx.Err()
		}
		return "notes on " + i.Topic, nil
	}).WithBackground()
}

// goBackground is what toolgen does on the scenario, shaped as
// background.mjs prints Mastra's.
type goBackground struct {
	run1, run2         mastraRun
	request2, run2Last []mastraToolResult
	system             string
	schema             json.RawMessage
}

// kept are the events that Mastra's chunks of the comparison correspond to.
var kept = map[agent.EventType]bool{agent.EventToolCall: true, agent.EventBackgroundTaskStarted: true,
	agent.EventToolResult: true, agent.EventToolError: true, agent.EventFinish: true}

// streamRun runs a on prompt and returns what it did, and its result.
func streamRun(t *testing.T, a *agent.Agent, model *scripted.Model, prompt string, opts ...agent.Option) (mastraRun, *agent.Result) {
	t.Helper()
	before := len(model.Requests())
	var run mastraRun
	var res *agent.Result
	for ev, err := range a.Stream(t.Context(), prompt, opts...) {
		require.NoError(t, err)
		if !kept[ev.Type] {
			continue
		}
		run.Events = append(run.Events, string(ev.Type))
		if ev.Type == agent.EventToolResult {
			var v any
			require.NoError(t, json.Unmarshal(ev.Payload, &v))
			run.Results = append(run.Results, v)
		}
		if ev.Type == agent.EventFinish {
			res = ev.Result
		}
	}
	run.Requests = len(model.Requests()) - before
	return run, res
}

// mastraResults are the tool results of msgs, as background.mjs prints them.
func mastraResults(msgs []llm.Message) []mastraToolResult {
	var out []mastraToolResult
	for _, m := range msgs {
		for _, r := range m.ToolResults() {
			typ, v := "text", r.Output.Text
			if r.IsError() {
				typ = "error-text"
			}
			// A Go string result is JSON; Mastra sends a string as text.
			var s string
			if r.Output.Type == llm.OutputJSON && json.Unmarshal(r.Output.JSON, &s) == nil {
				v = s
			}
			out = append(out, mastraToolResult{ToolCallID: r.ToolCallID, Type: typ, Value: v})
		}
	}
	return out
}

// runGoBackground runs the scenario on toolgen with the call's arguments
// and disposition ("" for the default). The tool finishes when its
// disposition lets the run see it finish: a foreground call at once, an
// awaited one once the run has sent its second request (so that the
// result comes after the handle, whatever the scheduling), a deferred one
// after the run.
func runGoBackground(t *testing.T, args, disposition string) goBackground {
	t.Helper()
	deferred := disposition == "" || disposition == "deferred"
	gate := make(chan struct{})
	if disposition == "foreground" {
		close(gate)
	}
	second := scripted.Text("Started.")
	if disposition == "awaited" {
		second = scripted.Turn{Respond: func(*llm.Request) scripted.Turn {
			close(gate)
			return scripted.Text("Started.")
		}}
	}
	model := scripted.New(
		scripted.Calls(scripted.Call("research", args)),
		second,
		scripted.Text("Here are the notes."),
		scripted.Text("Here are the notes."), // an awaited run's third request
	)
	a := &agent.Agent{ID: "bg", Instructions: "You research.", Model: model, Tools: tool.Toolset{"research": researchTool(gate)}}
	var g goBackground
	var res1 *agent.Result
	g.run1, res1 = streamRun(t, a, model, "research go")
	reqs := model.Requests()
	require.GreaterOrEqual(t, len(reqs), 2)
	g.system = reqs[0].Messages[0].Text()
	g.schema = reqs[0].Tools[0].InputSchema
	g.request2 = mastraResults(reqs[1].Messages)
	if deferred {
		close(gate)
	}
	require.NoError(t, res1.Tasks.Wait(t.Context()))
	g.run2, _ = streamRun(t, a, model, "and?", agent.WithHistory(res1.Messages[1:]...), agent.WithTasks(res1.Tasks))
	g.run2Last = mastraResults(model.LastRequest().Messages)
	return g
}

// TestBackgroundBesideMastra runs the scenario on Mastra and on toolgen
// and compares the events of the run that calls the tool, its number of
// model requests, what the model reads of the call in each request, the
// system message and the input schema. The run that delivers a deferred
// result records its tool-result event, which Mastra sends to the stream
// of the run that started the task, closed by then (docs/agents.md).
func TestBackgroundBesideMastra(t *testing.T) {
	cases := []struct {
		name        string
		disposition string
		run2Events  []string
	}{
		{name: "default", run2Events: []string{"tool-result", "finish"}},
		{name: "deferred", disposition: "deferred", run2Events: []string{"tool-result", "finish"}},
		{name: "awaited", disposition: "awaited"},
		{name: "foreground", disposition: "foreground", run2Events: []string{"finish"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var margs []string
			args := `{"topic":"go"}`
			if c.disposition != "" {
				margs = []string{c.disposition}
				args = `{"topic":"go","_background":{"disposition":"` + c.disposition + `"}}`
			}
			m := runMastraBackground(t, margs...)
			g := runGoBackground(t, args, c.disposition)

			if c.disposition == "awaited" {
				// toolgen's awaited call gives the handle, then the result
				// in a user message at a third request (docs/agents.md).
				assert.Equal(t, 2, m.Run1.Requests)
				assert.Equal(t, 3, g.run1.Requests)
				return
			}
			assert.Equal(t, m.Run1.Requests, g.run1.Requests, "model requests of the run that calls the tool")
			assert.Equal(t, m.Run2.Requests, g.run2.Requests, "model requests of the next run")
			assert.Equal(t, m.System, g.system)
			assert.JSONEq(t, string(m.InputSchema), string(withDraft07(t, g.schema)))
			assert.Equal(t, m.Run1.Events, g.run1.Events)
			assert.Equal(t, c.run2Events, g.run2.Events)
			assert.Equal(t, []string{"finish"}, m.Run2.Events)
			// Mastra's task ids are UUIDs, toolgen's task-N.
			assert.Equal(t, taskless(m.Request2), taskless(g.request2))
			assert.Equal(t, m.Run2Request, g.run2Last)
		})
	}
}

// withDraft07 adds the $schema that Mastra's schemas carry.
func withDraft07(t *testing.T, s json.RawMessage) json.RawMessage {
	var m map[string]any
	require.NoError(t, json.Unmarshal(s, &m))
	m["$schema"] = "http://json-schema.org/draft-07/schema#"
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return out
}

// taskless replaces the task id in handles with TASK.
func taskless(rs []mastraToolResult) []mastraToolResult {
	out := slices.Clone(rs)
	for i, r := range out {
		if s, ok := r.Value.(string); ok {
			out[i].Value = taskIDPattern.ReplaceAllString(s, "Task ID: TASK.")
		}
	}
	return out
}

var taskIDPattern = regexp.MustCompile(`Task ID: [^ ]+\.`)
