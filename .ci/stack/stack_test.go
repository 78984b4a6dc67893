package main

import (
	"context"
	"encoding/json"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool/toolexec"

	"example.com/stack/orders"
)

// TestAgent runs the generated tools in toolgen's own loop.
func TestAgent(t *testing.T) {
	model := scripted.New(
		scripted.Calls(scripted.Call("lookup_order", `{"id":"A-1"}`), scripted.Call("lookup_order", `{"id":7}`)),
		scripted.Text("A-1 has shipped."),
	)
	a := &agent.Agent{ID: "orders", Model: model, Tools: orders.Tools()}
	res, err := a.Generate(t.Context(), "Where is A-1?")
	require.NoError(t, err)
	assert.Equal(t, "A-1 has shipped.", res.Text)
	outs := res.Steps[0].Outcomes
	require.Len(t, outs, 2)
	assert.Equal(t, orders.Order{ID: "A-1", Status: "shipped", Total: 4200}, outs[0].Output)
	require.NotNil(t, outs[1].Err, "invalid arguments are an error result; the run goes on")
	assert.Equal(t, toolexec.KindInvalidArguments, outs[1].Err.Kind)
}

// TestMCPServer adds the generated tools to an MCP server the user already
// runs, beside a tool of its own, and calls them with the go-sdk client.
func TestMCPServer(t *testing.T) {
	type pingIn struct{}
	type pingOut struct {
		Pong bool `json:"pong"`
	}
	server := sdk.NewServer(&sdk.Implementation{Name: "existing", Version: "v1"}, nil)
	sdk.AddTool(server, &sdk.Tool{Name: "ping", Description: "Pings."}, func(context.Context, *sdk.CallToolRequest, pingIn) (*sdk.CallToolResult, pingOut, error) {
		return nil, pingOut{Pong: true}, nil
	})
	require.NoError(t, mcp.AddTools(server, orders.Tools(), nil))

	st, ct := sdk.NewInMemoryTransports()
	ss, err := server.Connect(t.Context(), st, nil)
	require.NoError(t, err)
	defer ss.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v1"}, nil).Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	defer cs.Close()

	list, err := cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
	}
	assert.ElementsMatch(t, []string{"ping", "lookup_order", "refund_order"}, names)

	res, err := cs.CallTool(t.Context(), &sdk.CallToolParams{Name: "lookup_order", Arguments: map[string]any{"id": "A-1"}})
	require.NoError(t, err)
	require.False(t, res.IsError)
	got, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":"A-1","status":"shipped","total":4200}`, string(got))

	res, err = cs.CallTool(t.Context(), &sdk.CallToolParams{Name: "lookup_order", Arguments: map[string]any{"id": 7}})
	require.NoError(t, err)
	assert.True(t, res.IsError, "invalid arguments are an error result")
}
