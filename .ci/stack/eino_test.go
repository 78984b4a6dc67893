package main

import (
	"context"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/eino"

	"example.com/stack/orders"
)

// TestEino runs the generated tools in Eino's own ToolsNode: a valid call,
// one with invalid arguments and one of a tool the set does not hold, each
// answered with a message the model reads.
func TestEino(t *testing.T) {
	ctx := context.Background()
	cfg, err := eino.ToolsConfig(orders.Tools(), nil)
	require.NoError(t, err)
	node, err := compose.NewToolNode(ctx, &cfg)
	require.NoError(t, err)
	msg := schema.AssistantMessage("", []schema.ToolCall{
		{ID: "c1", Function: schema.FunctionCall{Name: "lookup_order", Arguments: `{"id":"A-1"}`}},
		{ID: "c2", Function: schema.FunctionCall{Name: "lookup_order", Arguments: `{"id":7}`}},
		{ID: "c3", Function: schema.FunctionCall{Name: "cancel_order", Arguments: `{}`}},
	})
	out, err := node.Invoke(ctx, msg)
	require.NoError(t, err)
	require.Len(t, out, 3)
	assert.JSONEq(t, `{"id":"A-1","status":"shipped","total":4200}`, out[0].Content)
	assert.Contains(t, out[1].Content, `invalid arguments for tool "lookup_order"`)
	assert.Contains(t, out[2].Content, `unknown tool "cancel_order"`)
	for i, m := range out {
		assert.Equal(t, []string{"c1", "c2", "c3"}[i], m.ToolCallID)
	}
}
