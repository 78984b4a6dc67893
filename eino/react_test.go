package eino_test

import (
	"encoding/json"
	"testing"

	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/eino"
	"github.com/toolgen-go/toolgen/eino/internal/testtools"
)

// TestReAct runs Eino's ReAct agent on the test tools with a model that
// asks for four calls (one valid, one with invalid arguments, one that
// panics, one of a tool that does not exist) and then answers with what it
// read. The run ends with the model's answer; the model was given the
// generated schemas and read a result for every call.
func TestReAct(t *testing.T) {
	set := testtools.Tools()
	cfg, err := eino.ToolsConfig(set, nil)
	require.NoError(t, err)
	m := &fakeModel{script: []func([]*schema.Message) *schema.Message{
		calls(
			"c1", "lookupOrder", `{"orderId":"A-1001"}`,
			"c2", "lookupOrder", `{"orderId":42}`,
			"c3", "explode", `{"why":"bug"}`,
			"c4", "trackParcel", `{"id":"JD0001"}`,
			"c5", "summariseOrder", `{"orderId":"A-1001"}`,
		),
		summarise,
	}}
	agent, err := react.NewAgent(t.Context(), &react.AgentConfig{ToolCallingModel: m, ToolsConfig: cfg})
	require.NoError(t, err)

	answer, err := agent.Generate(t.Context(), []*schema.Message{schema.UserMessage("Where is order A-1001?")})
	require.NoError(t, err)

	assert.Equal(t, schema.Assistant, answer.Role)
	assert.Equal(t, "c1: "+orderA1001+"\n"+
		`c2: invalid arguments for tool "lookupOrder": arguments do not match the input schema: at /orderId: expected string, got number`+"\n"+
		`c3: tool "explode" failed unexpectedly (panic: explode: bug)`+"\n"+
		`c4: unknown tool "trackParcel"; available tools: explode, lookupOrder, placeOrder, refundOrder, summariseOrder`+"\n"+
		`c5: Order A-1001 is shipped with 2 lines.`, answer.Content)

	require.Len(t, m.seen, 2, "two model turns")
	second := m.seen[1]
	require.Len(t, second, 7, "the question, the calls, five results")
	assert.Equal(t, schema.User, second[0].Role)
	assert.Len(t, second[1].ToolCalls, 5)
	for i, id := range []string{"c1", "c2", "c3", "c4", "c5"} {
		assert.Equal(t, schema.Tool, second[2+i].Role)
		assert.Equal(t, id, second[2+i].ToolCallID)
	}

	require.Len(t, m.tools, len(set), "the model was given every tool")
	for i, key := range set.Keys() {
		info := m.tools[i]
		assert.Equal(t, key, info.Name)
		assert.Equal(t, set[key].Spec().Description, info.Desc)
		js, err := info.ToJSONSchema()
		require.NoError(t, err)
		got, err := json.Marshal(js)
		require.NoError(t, err)
		assert.JSONEq(t, string(set[key].Spec().InputSchema), string(got), "the schema of %s", key)
	}
}
