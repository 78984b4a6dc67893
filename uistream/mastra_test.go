package uistream_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// Side by side with Mastra: testdata/mastra/out holds what Mastra's
// toAISdkStream (@mastra/ai-sdk 1.10.4, @mastra/core 1.71.0) wrote for
// the scenarios of testdata/mastra/stream.mjs. The same scenarios run
// here on the Handler, and the chunks must follow the same sequence, but
// for the ids (random in Mastra), the runs of deltas (Mastra's mock sends
// one per part), and the departures the README lists.

// mastraStreams reads the recorded streams of a scenario: one per
// request, split at "=====" lines.
func mastraStreams(t *testing.T, scenario string) [][]map[string]any {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "mastra", "out", scenario+".jsonl"))
	require.NoError(t, err)
	defer f.Close()
	streams := [][]map[string]any{nil}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "=====") {
			streams = append(streams, nil)
			continue
		}
		var c map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &c), line)
		streams[len(streams)-1] = append(streams[len(streams)-1], c)
	}
	require.NoError(t, sc.Err())
	return streams
}

// sequence is the chunk types of a stream with the tool call ids, runs of
// deltas counted once, and the subagent parts left out (compared apart).
func sequence(chunks []map[string]any) []string {
	var kept []map[string]any
	for _, c := range chunks {
		if typ := c["type"].(string); typ != "data-tool-agent" && typ != "data-tool-agent-step" {
			kept = append(kept, c)
		}
	}
	return types(kept)
}

func plainTool[In, Out any](id string, fn func(context.Context, In) (Out, error)) tool.Tool {
	return tool.NewFunc(spec(id, id+".", `{"type":"object"}`, false), fn)
}

func mastraWeather() tool.Tool {
	return plainTool("weather", func(_ context.Context, in weatherIn) (map[string]any, error) {
		return map[string]any{"location": in.Location, "tempC": 21.5}, nil
	})
}

func call(id, name, args string) llm.ToolCall {
	return llm.ToolCall{ID: id, Name: name, Arguments: args}
}

func TestSideBySideWithMastra(t *testing.T) {
	boom := plainTool("boom", func(context.Context, struct {
		X int `json:"x"`
	}) (struct{}, error) {
		return struct{}{}, errors.New("kaboom")
	})
	emit := plainTool("emit", func(ctx context.Context, _ struct{}) (map[string]any, error) {
		_ = tool.Emit(ctx, map[string]any{"type": "data-weather", "data": map[string]any{"pct": 50}, "id": "w1"})
		return map[string]any{"ok": true}, nil
	})
	scenarios := map[string]*agent.Agent{
		"plain": {ID: "plain", Model: scripted.New(scripted.Text("Hello world"))},
		"tool": {ID: "tool", Tools: tool.Toolset{"weather": mastraWeather()}, Model: scripted.New(
			scripted.Calls(call("call_w", "weather", `{"location":"Paris"}`)), scripted.Text("It is 21.5C"))},
		"toolerror": {ID: "toolerror", Tools: tool.Toolset{"boom": boom}, Model: scripted.New(
			scripted.Calls(call("call_b", "boom", `{"x":1}`)), scripted.Text("Sorry"))},
		"data": {ID: "data", Tools: tool.Toolset{"emit": emit}, Model: scripted.New(
			scripted.Calls(call("call_e", "emit", `{}`)), scripted.Text("Done"))},
		"reasoning": {ID: "reasoning", Model: scripted.New(scripted.Turn{Reasoning: "Let me look.", Text: "Answer"})},
		"subagent": {ID: "main", Agents: map[string]*agent.Agent{"helper": {
			ID: "helper", Description: "Finds the weather.", Tools: tool.Toolset{"weather": mastraWeather()},
			Model: scripted.New(scripted.Calls(call("call_1", "weather", `{"location":"Rome"}`)), scripted.Text("Rome is 21.5C.")),
		}}, Model: scripted.New(scripted.Calls(call("call_h", "agent-helper", `{"prompt":"Weather in Rome?"}`)), scripted.Text("Rome is mild."))},
	}
	for name, a := range scenarios {
		t.Run(name, func(t *testing.T) {
			want := mastraStreams(t, name)[0]
			_, got, _ := post(t, newServer(t, a).URL, userRequest("go"))
			assert.Equal(t, sequence(want), sequence(got))
			switch name {
			case "tool":
				assert.Equal(t, chunkOf(t, want, "tool-input-start"), chunkOf(t, got, "tool-input-start"))
				assert.Equal(t, chunkOf(t, want, "tool-input-available"), chunkOf(t, got, "tool-input-available"))
				assert.Equal(t, chunkOf(t, want, "tool-output-available"), chunkOf(t, got, "tool-output-available"))
			case "toolerror":
				// Departure: the display error's message, not Mastra's
				// error object as JSON.
				assert.Contains(t, chunkOf(t, want, "tool-output-error")["errorText"], "kaboom")
				assert.Contains(t, chunkOf(t, got, "tool-output-error")["errorText"], "kaboom")
			case "data":
				assert.Equal(t, chunkOf(t, want, "data-weather"), chunkOf(t, got, "data-weather"))
			case "subagent":
				compareSubagent(t, want, got)
			}
		})
	}
}

// compareSubagent compares the last data-tool-agent part of each stream.
func compareSubagent(t *testing.T, want, got []map[string]any) {
	t.Helper()
	last := func(chunks []map[string]any) map[string]any {
		var l map[string]any
		for _, c := range chunks {
			if c["type"] == "data-tool-agent" {
				l = c
			}
		}
		require.NotNil(t, l)
		return l
	}
	w, g := last(want), last(got)
	assert.Equal(t, w["ancestry"], g["ancestry"])
	assert.Equal(t, w["depth"], g["depth"])
	wd, gd := w["data"].(map[string]any), g["data"].(map[string]any)
	for _, k := range []string{"id", "text", "finishReason", "status", "reasoning"} {
		assert.Equal(t, wd[k], gd[k], k)
	}
	// Mastra's final snapshot keeps the calls in its steps; toolgen's in
	// the run's lists.
	steps := wd["steps"].([]any)
	require.NotEmpty(t, steps)
	first := steps[0].(map[string]any)
	assert.Equal(t, first["toolResults"].([]any)[0].(map[string]any)["result"], gd["toolResults"].([]any)[0].(map[string]any)["result"])
	assert.Equal(t, first["toolCalls"].([]any)[0].(map[string]any)["args"], gd["toolCalls"].([]any)[0].(map[string]any)["args"])
}

// The approval: Mastra's stream stops after the approval part; toolgen's
// adds the AI SDK's approval request and a finish. The resumed streams
// are the same.
func TestSideBySideWithMastraApproval(t *testing.T) {
	rec := mastraStreams(t, "approval")
	require.Len(t, rec, 2)
	a := &agent.Agent{ID: "approval", Tools: tool.Toolset{"delete": deleteTool()}, Model: scripted.New(
		scripted.Calls(call("call_d", "delete", `{"path":"/tmp/x"}`)), scripted.Text("Deleted"))}
	srv := newServer(t, a)
	_, first, _ := post(t, srv.URL, userRequest("go"))
	assert.Equal(t, append(sequence(rec[0]), "tool-approval-request call_d", "finish"), sequence(first))
	want, got := chunkOf(t, rec[0], "data-tool-call-approval")["data"].(map[string]any), chunkOf(t, first, "data-tool-call-approval")["data"].(map[string]any)
	for _, k := range []string{"state", "toolCallId", "toolName", "args"} {
		assert.Equal(t, want[k], got[k], k)
	}

	runID := got["runId"].(string)
	_, resumed, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	// toolgen's resumed stream starts with start (the message it
	// continues); Mastra's has none.
	require.Equal(t, "start", resumed[0]["type"], raw)
	assert.Equal(t, sequence(rec[1]), sequence(resumed[1:]))
	assert.Equal(t, chunkOf(t, rec[1], "tool-output-available"), chunkOf(t, resumed, "tool-output-available"))
}
