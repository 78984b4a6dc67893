package uistream_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// types returns the chunk types of a stream, a run of the same delta type
// of the same part counted once.
func types(chunks []map[string]any) []string {
	var out []string
	for i, c := range chunks {
		typ := c["type"].(string)
		if i > 0 && strings.HasSuffix(typ, "-delta") && chunks[i-1]["type"] == typ &&
			chunks[i-1]["id"] == c["id"] && chunks[i-1]["toolCallId"] == c["toolCallId"] {
			continue
		}
		if id, ok := c["toolCallId"].(string); ok {
			typ += " " + id
		} else if id, ok := c["id"].(string); ok && strings.HasPrefix(typ, "data-") {
			typ += " " + id
		}
		out = append(out, typ)
	}
	return out
}

// serialAgent is the fixture agent running one call at a time, so that
// the chunks of its calls do not interleave.
func serialAgent() *agent.Agent {
	a := fixtureAgent()
	a.Concurrency = 1
	return a
}

func TestStreamPausedForApproval(t *testing.T) {
	srv := newServer(t, serialAgent())
	resp, chunks, raw := post(t, srv.URL, userRequest("go"))
	require.Equal(t, 200, resp.StatusCode)
	for k, v := range map[string]string{
		"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
		"X-Vercel-Ai-Ui-Message-Stream": "v1", "X-Accel-Buffering": "no",
	} {
		assert.Equal(t, v, resp.Header.Get(k), k)
	}
	assert.True(t, strings.HasSuffix(raw, "data: [DONE]\n\n"), "ends with [DONE]")
	got := types(chunks)
	// The calls run one at a time, in an order the scheduler picks: the
	// stream is fixed before and after them, and each call's chunks are in
	// order among themselves.
	before := []string{
		"start", "start-step",
		"reasoning-start", "reasoning-delta", "reasoning-end",
		"text-start", "text-delta", "text-end",
		"tool-input-start call_w",
		"tool-input-start call_l", // its deltas are suppressed: lookup's display is configured
		"tool-input-start call_h", "tool-input-delta call_h",
		"tool-input-available call_w", "tool-input-available call_l", "tool-input-available call_h",
	}
	after := []string{
		"finish-step", "start-step",
		"tool-input-start call_d", "tool-input-delta call_d", "tool-input-available call_d",
		"data-tool-call-approval call_d", "tool-approval-request call_d",
		"finish",
	}
	require.Greater(t, len(got), len(before)+len(after))
	assert.Equal(t, before, got[:len(before)])
	assert.Equal(t, after, got[len(got)-len(after):])
	calls := got[len(before) : len(got)-len(after)]
	perCall := map[string][]string{}
	for _, c := range calls {
		id := c[strings.LastIndexByte(c, ' ')+1:]
		if id == "call_1" { // the subagent's call
			id = "call_h"
		}
		perCall[id] = append(perCall[id], c)
	}
	assert.Equal(t, map[string][]string{
		"call_w": {"data-tool-progress call_w", "tool-output-available call_w"},
		"call_l": {"tool-output-available call_l"},
		"call_h": {
			"data-tool-agent call_h", "data-tool-agent call_h", "data-tool-progress call_1",
			"data-tool-agent call_h", "data-tool-agent call_h", "data-tool-agent call_h", "data-tool-agent call_h",
			"tool-output-available call_h",
		},
	}, perCall)

	byType := func(typ, id string) map[string]any {
		for _, c := range chunks {
			if c["type"] == typ && (c["toolCallId"] == id || c["id"] == id) {
				return c
			}
		}
		t.Fatalf("no %s chunk for %s", typ, id)
		return nil
	}
	assert.Equal(t, map[string]any{"location": "Paris", "tempC": 21.5}, byType("tool-output-available", "call_w")["output"])
	assert.JSONEq(t, toolexec.Placeholder, mustJSON(t, byType("tool-output-available", "call_l")["output"]))
	assert.JSONEq(t, toolexec.Placeholder, mustJSON(t, byType("tool-input-available", "call_l")["input"]))
	assert.Equal(t, map[string]any{"prompt": "Weather in Rome?"}, byType("tool-input-available", "call_h")["input"])

	// The subagent's last snapshot.
	var a map[string]any
	for _, c := range chunks {
		if c["type"] == "data-tool-agent" {
			a = c
		}
	}
	assert.Equal(t, float64(1), a["depth"])
	assert.Equal(t, []any{map[string]any{"toolCallId": "call_h", "toolName": "agent-helper", "agentId": "helper"}}, a["ancestry"])
	data := a["data"].(map[string]any)
	assert.Equal(t, "helper", data["id"])
	assert.Equal(t, "finished", data["status"])
	assert.Equal(t, "stop", data["finishReason"])
	assert.Equal(t, "Rome is 21.5C.", data["text"])
	assert.Equal(t, []any{map[string]any{"toolCallId": "call_1", "toolName": "weather",
		"args": map[string]any{"message": "Tool payload unavailable"}, "result": map[string]any{"location": "Rome", "tempC": 21.5}}}, data["toolResults"])

	approval := byType("data-tool-call-approval", "call_d")["data"].(map[string]any)
	runID := approval["runId"].(string)
	assert.Regexp(t, `^run-[0-9a-f]{32}$`, runID)
	assert.Equal(t, map[string]any{"path": "/tmp/x"}, approval["args"])
	assert.Equal(t, runID+":call_d", byType("tool-approval-request", "call_d")["approvalId"])
	assert.Equal(t, "tool-calls", chunks[len(chunks)-1]["finishReason"])

	for _, secret := range []string{secretStation, secretToken, secretAccount} {
		assert.NotContains(t, raw, secret)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}
