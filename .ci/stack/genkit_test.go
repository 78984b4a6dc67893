package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	toolgenkit "github.com/toolgen-go/toolgen/genkit"

	"example.com/stack/orders"
)

// TestGenkit gives the generated tools to Genkit's own generate loop, with
// a model defined through Genkit's public API: a valid call and one with
// invalid arguments, whose error the model reads.
func TestGenkit(t *testing.T) {
	ctx := context.Background()
	g := genkit.Init(ctx)
	var seen []*ai.ModelRequest
	model := genkit.DefineModel(g, "fake/orders", &ai.ModelOptions{Supports: &ai.ModelSupports{Tools: true, Multiturn: true}},
		func(_ context.Context, req *ai.ModelRequest, _ ai.ModelStreamCallback) (*ai.ModelResponse, error) {
			seen = append(seen, req)
			if last := req.Messages[len(req.Messages)-1]; last.Role == ai.RoleTool {
				return &ai.ModelResponse{Request: req, FinishReason: ai.FinishReasonStop, Message: ai.NewModelTextMessage("A-1 has shipped.")}, nil
			}
			return &ai.ModelResponse{Request: req, FinishReason: ai.FinishReasonStop, Message: &ai.Message{Role: ai.RoleModel, Content: []*ai.Part{
				ai.NewToolRequestPart(&ai.ToolRequest{Name: "lookup_order", Ref: "c1", Input: map[string]any{"id": "A-1"}}),
				ai.NewToolRequestPart(&ai.ToolRequest{Name: "lookup_order", Ref: "c2", Input: map[string]any{"id": 7}}),
			}}}, nil
		})
	tools, err := toolgenkit.DefineTools(g, orders.Tools(), nil)
	require.NoError(t, err)
	resp, err := genkit.Generate(ctx, g, ai.WithModel(model), ai.WithPrompt("Where is A-1?"), ai.WithTools(toolgenkit.Refs(tools)...))
	require.NoError(t, err)
	assert.Equal(t, "A-1 has shipped.", resp.Text())

	require.Len(t, seen, 2)
	outputs := map[string]string{} // by the call's ref
	for _, m := range seen[1].Messages {
		for _, p := range m.Content {
			if p.IsToolResponse() {
				data, err := json.Marshal(p.ToolResponse.Output)
				require.NoError(t, err)
				outputs[p.ToolResponse.Ref] = string(data)
			}
		}
	}
	require.Len(t, outputs, 2)
	assert.JSONEq(t, `{"id":"A-1","status":"shipped","total":4200}`, outputs["c1"])
	assert.Contains(t, outputs["c2"], `invalid arguments for tool \"lookup_order\"`)
}
