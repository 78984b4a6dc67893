package mcp_test

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// connectClient serves tools in memory and connects a Client to them.
func connectClient(t testing.TB, ctx context.Context, tools tool.Toolset, opts *mcp.ClientOptions) *mcp.Client {
	t.Helper()
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tools, nil)
	require.NoError(t, err)
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(context.Background(), st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	c, err := mcp.Connect(ctx, ct, opts)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

func TestClientSpecs(t *testing.T) {
	local := testTools(t)
	c := connectClient(t, context.Background(), local, nil)
	remote := c.Tools()
	require.Equal(t, local.Keys(), remote.Keys())
	for _, key := range local.Keys() {
		t.Run(key, func(t *testing.T) {
			want, got := local[key].Spec(), remote[key].Spec()
			assert.Equal(t, key, got.ID, "the ID is the server's name")
			assert.Equal(t, want.Title, got.Title)
			assert.Equal(t, want.Description, got.Description)
			wantHints := want.Annotations
			if wantHints != (tool.Annotations{}) || want.Title != "" {
				// The SDK writes readOnlyHint and idempotentHint whenever
				// it sends annotations: unset ones come back false.
				wantHints.ReadOnly = cmp.Or(wantHints.ReadOnly, new(false))
				wantHints.Idempotent = cmp.Or(wantHints.Idempotent, new(false))
			}
			assert.Equal(t, wantHints, got.Annotations, "annotations survive the round trip")
			assert.JSONEq(t, string(want.InputSchema), string(got.InputSchema))
			assert.JSONEq(t, string(want.OutputSchema), string(got.OutputSchema))
		})
	}
}

func TestClientOptions(t *testing.T) {
	c := connectClient(t, context.Background(), testTools(t), &mcp.ClientOptions{
		Prefix:        "wx.",
		Filter:        func(t *sdk.Tool) bool { return t.Name == "weatherTool" || t.Name == "wipe" },
		NeedsApproval: func(t *sdk.Tool) bool { return t.Annotations == nil || !t.Annotations.ReadOnlyHint },
	})
	tools := c.Tools()
	require.Equal(t, []string{"wx_weatherTool", "wx_wipe"}, tools.Keys(), "keys are made valid")
	assert.Equal(t, "weatherTool", tools["wx_weatherTool"].Spec().ID)
	assert.False(t, tools["wx_weatherTool"].Spec().NeedsApproval)
	assert.True(t, tools["wx_wipe"].Spec().NeedsApproval)
	out, err := tool.Call(context.Background(), tools["wx_weatherTool"], json.RawMessage(`{"location":"London"}`))
	require.NoError(t, err)
	assert.Contains(t, string(out.JSON), `"location":"London"`)
}

func TestClientCalls(t *testing.T) {
	local := testTools(t)
	tools := connectClient(t, context.Background(), local, nil).Tools()
	ctx := context.Background()

	t.Run("output", func(t *testing.T) {
		// hazardsTool has no model-output hook: the content is the text of
		// the structured content, which the model gets as JSON.
		args := json.RawMessage(`{"location":"London","since":"2026-01-01T00:00:00Z"}`)
		want, err := tool.Call(ctx, local["hazardsTool"], args)
		require.NoError(t, err)
		inv, err := tools["hazardsTool"].Prepare(ctx, args)
		require.NoError(t, err)
		assert.JSONEq(t, string(args), string(inv.Input().(json.RawMessage)))
		got, err := inv.Run(ctx)
		require.NoError(t, err)
		assert.JSONEq(t, string(want.JSON), string(got.JSON), "the output JSON is the structured content")
		assert.Equal(t, string(want.JSON), string(got.JSON), "in the server's key order")
		assert.IsType(t, &sdk.CallToolResult{}, got.Value)
		mo, err := inv.ModelOutput(ctx, got)
		require.NoError(t, err)
		assert.Equal(t, llm.OutputJSON, mo.Type)
		assert.JSONEq(t, string(want.JSON), string(mo.JSON))
	})
	t.Run("output of a tool with a model-output hook", func(t *testing.T) {
		// weatherTool's hook makes the content: the model gets what it
		// would get of the local tool, a text and the icon; the output
		// JSON is still the structured content, the whole output.
		args := json.RawMessage(`{"location":"Tokyo","units":"fahrenheit"}`)
		linv, err := local["weatherTool"].Prepare(ctx, args)
		require.NoError(t, err)
		want, err := linv.Run(ctx)
		require.NoError(t, err)
		wantMO, err := linv.ModelOutput(ctx, want)
		require.NoError(t, err)
		require.Equal(t, llm.OutputContent, wantMO.Type)
		require.Len(t, wantMO.Parts, 2)

		inv, err := tools["weatherTool"].Prepare(ctx, args)
		require.NoError(t, err)
		got, err := inv.Run(ctx)
		require.NoError(t, err)
		assert.JSONEq(t, string(want.JSON), string(got.JSON), "the output JSON is the structured content")
		mo, err := inv.ModelOutput(ctx, got)
		require.NoError(t, err)
		require.Equal(t, llm.OutputContent, mo.Type)
		require.Len(t, mo.Parts, 2)
		assert.Equal(t, wantMO.Parts[0], mo.Parts[0])
		assert.Equal(t, "Tokyo: 85.3°F (feels like 91.6°F), Humid and hazy, humidity 74%, wind 6 km/h gusting 13 km/h.", mo.Parts[0].Text)
		assert.Equal(t, llm.PartImageURL, mo.Parts[1].Type)
		assert.Equal(t, wantMO.Parts[1].URL, mo.Parts[1].URL)
		assert.Equal(t, "image/png", mo.Parts[1].MediaType, "the resource link's MIME type, from the URL's extension")
	})
	t.Run("model output view", func(t *testing.T) {
		inv, err := tools["shout"].Prepare(ctx, json.RawMessage(`{"text":"hi"}`))
		require.NoError(t, err)
		out, err := inv.Run(ctx)
		require.NoError(t, err)
		mo, err := inv.ModelOutput(ctx, out)
		require.NoError(t, err)
		assert.Equal(t, llm.TextOutput("HI"), mo)

		inv, err = tools["picture"].Prepare(ctx, json.RawMessage(`{"text":"hi"}`))
		require.NoError(t, err)
		out, err = inv.Run(ctx)
		require.NoError(t, err)
		mo, err = inv.ModelOutput(ctx, out)
		require.NoError(t, err)
		require.Equal(t, llm.OutputContent, mo.Type)
		require.Len(t, mo.Parts, 3)
		assert.Equal(t, llm.TextPart("a dot:"), mo.Parts[0])
		assert.Equal(t, llm.MediaPart("image/png", []byte{0x89, 'P', 'N', 'G'}), mo.Parts[1])
		assert.Equal(t, llm.PartImageURL, mo.Parts[2].Type)
		assert.Equal(t, "https://example.com/dot.png", mo.Parts[2].URL)
	})
	t.Run("invalid arguments are caught before the call, with the runtime's message", func(t *testing.T) {
		args := json.RawMessage(`{"Location":"Paris"}`)
		_, want := local["weatherTool"].Prepare(ctx, args)
		_, got := tools["weatherTool"].Prepare(ctx, args)
		require.ErrorIs(t, got, schema.ErrInvalidArguments)
		assert.Equal(t, want.Error(), got.Error())
	})
	t.Run("a tool error is a ToolError with the server's message", func(t *testing.T) {
		_, err := tool.Call(ctx, tools["weatherTool"], json.RawMessage(`{"location":"Atlantis"}`))
		var te *toolexec.Error
		require.ErrorAs(t, err, &te)
		assert.Equal(t, toolexec.KindToolFailed, te.Kind)
		assert.Equal(t, `tool "weatherTool" failed: location "Atlantis" not found; known locations: London, New York, Paris, Tokyo`, te.Message)
	})
}

// TestClientInAgent runs an agent whose model calls a remote tool, a remote
// tool that fails and a local tool; the failures go back to the model and
// the run goes on.
func TestClientInAgent(t *testing.T) {
	c := connectClient(t, context.Background(), weather.Tools(), &mcp.ClientOptions{Prefix: "remote_"})
	local := tool.Toolset{"echo": echoTool("echo", tool.Annotations{}, func(_ context.Context, s string) (string, error) { return s, nil })}
	tools, err := tool.Merge(local, c.Tools())
	require.NoError(t, err)
	model := scripted.New(
		scripted.Calls(
			scripted.Call("remote_weatherTool", `{"location":"Paris"}`),
			scripted.Call("remote_weatherTool", `{"location":"Atlantis"}`),
			scripted.Call("remote_hazardsTool", `{"place":"Tokyo"}`),
			scripted.Call("echo", `{"text":"local"}`),
		),
		scripted.Text("done"),
	)
	a := &agent.Agent{ID: "a", Model: model, Tools: tools}
	res, err := a.Generate(context.Background(), "weather?")
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)
	require.Len(t, res.Steps, 2)
	outs := res.Steps[0].Outcomes
	require.Len(t, outs, 4)
	assert.Nil(t, outs[0].Err)
	// The model sees what the remote tool's hook made of its output.
	require.Equal(t, llm.OutputContent, outs[0].ModelOutput.Type)
	require.Len(t, outs[0].ModelOutput.Parts, 2)
	assert.Contains(t, outs[0].ModelOutput.Parts[0].Text, "Paris: 18.5°C (feels like 17.9°C), Partly cloudy")
	assert.Equal(t, "https://example.com/icons/partly-cloudy.png", outs[0].ModelOutput.Parts[1].URL)
	require.NotNil(t, outs[1].Err)
	assert.Equal(t, toolexec.KindToolFailed, outs[1].Err.Kind)
	assert.Contains(t, outs[1].Err.Message, `location "Atlantis" not found`)
	require.NotNil(t, outs[2].Err)
	assert.Equal(t, toolexec.KindInvalidArguments, outs[2].Err.Kind)
	assert.Contains(t, outs[2].Err.Message, `invalid arguments for tool "remote_hazardsTool"`)
	assert.Nil(t, outs[3].Err)
}

func TestClientClosesWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := connectClient(t, ctx, weather.Tools(), nil)
	cancel()
	done := make(chan struct{})
	go func() { c.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the connection did not close when its ctx ended")
	}
	_, err := tool.Call(context.Background(), c.Tools()["weatherTool"], json.RawMessage(`{"location":"Paris"}`))
	require.Error(t, err)
	assert.NoError(t, c.Close(), "Close after the ctx closed the connection")
}

func TestClientCancelledCall(t *testing.T) {
	tools := connectClient(t, context.Background(), testTools(t), nil).Tools()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := tool.Call(ctx, tools["wait"], json.RawMessage(`{"text":"x"}`))
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "got %v", err)
}

func TestClientHTTP(t *testing.T) {
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, weather.Tools(), nil)
	require.NoError(t, err)
	hs := httptest.NewServer(mcp.HTTPHandler(srv, nil))
	defer hs.Close()
	c, err := mcp.ConnectHTTP(context.Background(), hs.URL, nil)
	require.NoError(t, err)
	defer c.Close()
	assert.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, c.Tools().Keys())
	spec := c.Tools()["weatherTool"].Spec()
	assert.Equal(t, "Current weather", spec.Title)
	assert.Equal(t, tool.Annotations{ReadOnly: new(true), Idempotent: new(true), OpenWorld: new(false)}, spec.Annotations)
	assert.Equal(t, tool.Annotations{ReadOnly: new(true), Idempotent: new(false), OpenWorld: new(false)}, c.Tools()["hazardsTool"].Spec().Annotations,
		"the false that the SDK writes for an unset idempotentHint is read off the wire")
	out, err := tool.Call(context.Background(), c.Tools()["hazardsTool"], json.RawMessage(`{"location":"London"}`))
	require.NoError(t, err)
	assert.Contains(t, string(out.JSON), `"kind":"wind"`)
	_, err = tool.Call(context.Background(), c.Tools()["weatherTool"], json.RawMessage(`{"location":"Paris","units":"kelvin"}`))
	require.ErrorIs(t, err, schema.ErrInvalidArguments, "checked against the server's schema before sending")
	assert.Contains(t, err.Error(), "at /units:")
}

// TestStdioSubprocess runs examples/mcpserver as a subprocess, as an MCP
// client such as Claude Desktop would, and uses its tools over stdio.
func TestStdioSubprocess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a subprocess")
	}
	bin := filepath.Join(t.TempDir(), "mcpserver")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/toolgen-go/toolgen/examples/mcpserver").CombinedOutput()
	require.NoError(t, err, "go build examples/mcpserver: %s", out)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.Command(bin)
	c, err := mcp.ConnectCommand(ctx, cmd, nil)
	require.NoError(t, err)
	defer c.Close()

	tools := c.Tools()
	require.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, tools.Keys())
	spec := tools["weatherTool"].Spec()
	assert.Equal(t, "Current weather", spec.Title)
	assert.Equal(t, tool.Annotations{ReadOnly: new(true), Idempotent: new(true), OpenWorld: new(false)}, spec.Annotations)
	assert.JSONEq(t, string(weather.GetWeatherTool().Spec().InputSchema), string(spec.InputSchema))

	res, err := tool.Call(ctx, tools["weatherTool"], json.RawMessage(`{"location":"New York"}`))
	require.NoError(t, err)
	assert.Contains(t, string(res.JSON), `"conditions":"Clear sky"`)

	_, err = tool.Call(ctx, tools["hazardsTool"], json.RawMessage(`{"location":"Atlantis"}`))
	var te *toolexec.Error
	require.ErrorAs(t, err, &te)
	assert.Contains(t, te.Message, `location "Atlantis" not found`)

	// Arguments the client-side check lets through (it has no size limit)
	// still meet the server's.
	big, err := c.Session().CallTool(ctx, &sdk.CallToolParams{Name: "weatherTool", Arguments: map[string]any{"location": strings.Repeat("a", 2<<20)}})
	require.NoError(t, err)
	assert.True(t, big.IsError)
	assert.Contains(t, big.Content[0].(*sdk.TextContent).Text, fmt.Sprintf("the limit is %d", schema.DefaultMaxBytes))

	require.NoError(t, c.Close(), "the server exits when its stdin closes")
	require.NotNil(t, cmd.ProcessState)
	assert.True(t, cmd.ProcessState.Success(), "exit status %v", cmd.ProcessState)
}
