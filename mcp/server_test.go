package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

func TestListTools(t *testing.T) {
	tools := testTools(t)
	cs := connect(t, tools, nil)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	byName := map[string]*sdk.Tool{}
	for _, tl := range res.Tools {
		byName[tl.Name] = tl
	}
	require.ElementsMatch(t, tools.Keys(), keysOf(byName))

	for _, key := range tools.Keys() {
		t.Run(key, func(t *testing.T) {
			spec, got := tools[key].Spec(), byName[key]
			assert.Equal(t, spec.Description, got.Description)
			assert.Equal(t, spec.Title, got.Title)
			assert.JSONEq(t, string(spec.InputSchema), mustJSON(t, got.InputSchema), "input schema as generated")
			assert.JSONEq(t, string(spec.OutputSchema), mustJSON(t, got.OutputSchema), "output schema as generated")
		})
	}
}

// TestListToolsAsGenerated checks the wire: tools/list carries each schema
// as toolgen generated it, in its key order, only compacted.
func TestListToolsAsGenerated(t *testing.T) {
	tools := weather.Tools()
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tools, nil)
	require.NoError(t, err)
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	require.NoError(t, err)
	defer ss.Close()
	var wire strings.Builder // written by the client's reader before it returns a message
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, &sdk.LoggingTransport{Transport: ct, Writer: &wire}, nil)
	require.NoError(t, err)
	_, err = cs.ListTools(ctx, nil)
	require.NoError(t, err)
	require.NoError(t, cs.Close())
	for _, key := range tools.Keys() {
		spec := tools[key].Spec()
		for _, sch := range []json.RawMessage{spec.InputSchema, spec.OutputSchema} {
			var compact bytes.Buffer
			require.NoError(t, json.Compact(&compact, sch))
			assert.Contains(t, wire.String(), compact.String(), key)
		}
	}
}

func TestListToolsAnnotations(t *testing.T) {
	noop := func(_ context.Context, s string) (string, error) { return s, nil }
	extra := tool.Toolset{
		"append": echoTool("append", tool.Annotations{Destructive: new(false), Idempotent: new(false), OpenWorld: new(false)}, noop),
		"recall": echoTool("recall", tool.Annotations{ReadOnly: new(false), Idempotent: new(true)}, noop),
		"titled": tool.NewFunc(&tool.Spec{
			ID: "titled", Title: "Titled", Description: "A tool with a title and no hints.",
			InputSchema: json.RawMessage(echoSchema),
		}, func(context.Context, echoIn) (echoOut, error) { return echoOut{}, nil }),
	}
	tools, err := tool.Merge(testTools(t), extra)
	require.NoError(t, err)
	cs := connect(t, tools, nil)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	got := map[string]string{}
	for _, tl := range res.Tools {
		if tl.Annotations == nil {
			got[tl.Name] = "none"
			continue
		}
		got[tl.Name] = mustJSON(t, tl.Annotations)
	}
	// A hint the Spec sets is sent as it is, true or false; one it leaves
	// unset is left out (destructiveHint, openWorldHint) or false
	// (readOnlyHint, idempotentHint, which the SDK always writes), so that
	// clients apply MCP's defaults.
	assert.JSONEq(t, `{"title":"Current weather","readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}`, got["weatherTool"])
	assert.JSONEq(t, `{"title":"Weather warnings","readOnlyHint":true,"idempotentHint":false,"openWorldHint":false}`, got["hazardsTool"])
	assert.JSONEq(t, `{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}`, got["locationsTool"])
	assert.JSONEq(t, `{"readOnlyHint":false,"idempotentHint":false,"destructiveHint":true,"openWorldHint":true}`, got["wipe"])
	assert.JSONEq(t, `{"readOnlyHint":false,"idempotentHint":false,"destructiveHint":false,"openWorldHint":false}`, got["append"])
	assert.JSONEq(t, `{"readOnlyHint":false,"idempotentHint":true}`, got["recall"])
	assert.JSONEq(t, `{"title":"Titled","readOnlyHint":false,"idempotentHint":false}`, got["titled"], "a title alone is sent, for clients of MCP 2025-03-26")
	assert.Equal(t, "none", got["echo"])
}

func TestCallTool(t *testing.T) {
	cs := connect(t, testTools(t), nil)
	ctx := context.Background()

	res, err := call(t, cs, "weatherTool", `{"location":"Paris","units":"fahrenheit"}`)
	require.NoError(t, err)
	require.False(t, res.IsError, "%v", res.Content)
	want, err := weather.GetWeather(ctx, weather.WeatherInput{Location: "Paris", Units: weather.Fahrenheit})
	require.NoError(t, err)
	// Structured content is the whole output, the station id included:
	// NewServer sends what the tool returns (examples/mcpserver withholds
	// the station id from its clients with a middleware of its own).
	assert.JSONEq(t, mustJSON(t, want), mustJSON(t, res.StructuredContent), "structured content is the output")
	assert.Equal(t, "LFPG-07", res.StructuredContent.(map[string]any)["stationId"])
	// Content is the model's view, which the weather tool's model-output
	// hook makes: a text, and the icon as a resource link.
	require.Len(t, res.Content, 2)
	assert.Equal(t, "Paris: 65.3°F (feels like 64.2°F), Partly cloudy, humidity 62%, wind 14 km/h gusting 27 km/h.", res.Content[0].(*sdk.TextContent).Text)
	assert.Equal(t, &sdk.ResourceLink{URI: "https://example.com/icons/partly-cloudy.png", Name: "partly-cloudy.png", MIMEType: "image/png"}, res.Content[1])

	// Without a hook, content is the model's view: the output JSON.
	res, err = call(t, cs, "hazardsTool", `{"location":"Tokyo"}`)
	require.NoError(t, err)
	require.False(t, res.IsError, text(t, res))
	hz, err := weather.GetHazards(ctx, weather.HazardsInput{Location: "Tokyo"})
	require.NoError(t, err)
	assert.JSONEq(t, mustJSON(t, hz), mustJSON(t, res.StructuredContent), "structured content is the output")
	assert.JSONEq(t, mustJSON(t, hz), text(t, res), "content is the model's view: the output JSON")

	res, err = call(t, cs, "locationsTool", `{}`)
	require.NoError(t, err)
	assert.JSONEq(t, `{"locations":["London","New York","Paris","Tokyo"]}`, mustJSON(t, res.StructuredContent))

	// No arguments at all is an empty object.
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "locationsTool"})
	require.NoError(t, err)
	assert.False(t, res.IsError)
}

func TestCallModelOutput(t *testing.T) {
	cs := connect(t, testTools(t), nil)

	res, err := call(t, cs, "shout", `{"text":"hello"}`)
	require.NoError(t, err)
	assert.Equal(t, "HELLO", text(t, res), "content is the ToModelOutput view")
	assert.JSONEq(t, `{"text":"hello"}`, mustJSON(t, res.StructuredContent), "structured content is the full output")

	res, err = call(t, cs, "picture", `{"text":"x"}`)
	require.NoError(t, err)
	require.Len(t, res.Content, 3)
	assert.Equal(t, "a dot:", res.Content[0].(*sdk.TextContent).Text)
	img := res.Content[1].(*sdk.ImageContent)
	assert.Equal(t, "image/png", img.MIMEType)
	assert.Equal(t, []byte{0x89, 'P', 'N', 'G'}, img.Data)
	assert.Equal(t, "https://example.com/dot.png", res.Content[2].(*sdk.ResourceLink).URI)
}

func TestCallErrors(t *testing.T) {
	huge := `{"text":"` + strings.Repeat("a", schema.DefaultMaxBytes) + `"}`
	deep := `{"text":"x","n":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`
	tests := []struct {
		name, tool, args string
		want             string // the whole message, or its start when it ends in "…"
	}{
		{"schema", "weatherTool", `{"units":"kelvin"}`, `invalid arguments for tool "weatherTool": arguments do not match the input schema: at /: missing required property "location"; at /units: …`},
		{"case", "weatherTool", `{"Location":"Paris"}`, `invalid arguments for tool "weatherTool": arguments do not match the input schema: at /: missing required property "location"; at /: unexpected property "Location" (property names are case-sensitive)`},
		{"type", "echo", `{"text":42}`, `invalid arguments for tool "echo": arguments do not match the input schema: at /text: expected string, got number`},
		{"duplicate", "echo", `{"text":"x","text":"y"}`, `invalid arguments for tool "echo": at /: duplicate property "text"`},
		{"number", "echo", `{"text":1e999999999999}`, `invalid arguments for tool "echo": at /text: number out of range…`},
		{"oversized", "echo", huge, fmt.Sprintf(`invalid arguments for tool "echo": arguments are %d bytes; the limit is %d`, len(huge), schema.DefaultMaxBytes)},
		{"too deep", "echo", deep, `invalid arguments for tool "echo": arguments nest deeper than 64 levels`},
		{"tool error", "weatherTool", `{"location":"Atlantis"}`, `tool "weatherTool" failed: location "Atlantis" not found; known locations: London, New York, Paris, Tokyo`},
		{"tool error message", "friendly", `{"text":"x"}`, `try a shorter text`},
		{"plain error", "fail", `{"text":"x"}`, `tool "fail" failed: backend down`},
		{"panic", "panic", `{"text":"x"}`, `tool "panic" failed unexpectedly (panic: kaboom)`},
		{"needs approval", "guarded", `{"text":"rm -rf"}`, `the call of "guarded" needs approval, which this server cannot obtain`},
	}
	var mu sync.Mutex
	var seen []*toolexec.Error
	cs := connect(t, testTools(t), &mcp.ServerOptions{OnError: func(_ context.Context, err *toolexec.Error) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, err)
	}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := call(t, cs, tt.tool, tt.args)
			require.NoError(t, err, "a failed call is a result, not a protocol error")
			require.True(t, res.IsError)
			assert.Nil(t, res.StructuredContent)
			got := text(t, res)
			if prefix, ok := strings.CutSuffix(tt.want, "…"); ok {
				assert.True(t, strings.HasPrefix(got, prefix), "got %q", got)
			} else {
				assert.Equal(t, tt.want, got)
			}
			assert.NotContains(t, got, "goroutine", "no stack trace")
		})
	}
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, seen, len(tests), "OnError sees every failure")
	assert.ErrorIs(t, seen[len(seen)-3], errBackend, "OnError gets the underlying error")

	t.Run("harmless needs no approval", func(t *testing.T) {
		res, err := call(t, cs, "guarded", `{"text":"harmless"}`)
		require.NoError(t, err)
		assert.False(t, res.IsError)
	})
	t.Run("unknown tool", func(t *testing.T) {
		_, err := call(t, cs, "nosuch", `{}`)
		require.Error(t, err, "an unknown tool is a protocol error")
		assert.Contains(t, err.Error(), `unknown tool "nosuch"`)
	})
}

func TestApprove(t *testing.T) {
	var asked []string
	cs := connect(t, testTools(t), &mcp.ServerOptions{Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
		asked = append(asked, req.ToolName)
		return req.Input.(echoIn).Text == "yes", nil
	}})
	res, err := call(t, cs, "guarded", `{"text":"yes"}`)
	require.NoError(t, err)
	assert.False(t, res.IsError)
	assert.Equal(t, "done: yes", res.StructuredContent.(map[string]any)["text"])
	res, err = call(t, cs, "guarded", `{"text":"no"}`)
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Equal(t, `the call of "guarded" was not approved`, text(t, res))
	assert.Equal(t, []string{"guarded", "guarded"}, asked)
}

func TestToolTimeout(t *testing.T) {
	cs := connect(t, testTools(t), &mcp.ServerOptions{ToolTimeout: 50 * time.Millisecond})
	res, err := call(t, cs, "wait", `{"text":"x"}`)
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Equal(t, `tool "wait" did not finish within 50ms`, text(t, res))
}

func TestLimits(t *testing.T) {
	cs := connect(t, testTools(t), &mcp.ServerOptions{Limits: schema.Limits{MaxBytes: 20}})
	res, err := call(t, cs, "echo", `{"text":"this is longer than twenty bytes"}`)
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, text(t, res), "the limit is 20")

	// Raised limits reach the tool's own Prepare, which bounds its
	// arguments too: 100 KiB is over the default 64 KiB. (Small enough to
	// stay fast under the race detector on a loaded machine.)
	cs = connect(t, testTools(t), &mcp.ServerOptions{Limits: schema.Limits{MaxBytes: 256 << 10}})
	res, err = call(t, cs, "echo", `{"text":"`+strings.Repeat("a", 100<<10)+`"}`)
	require.NoError(t, err)
	assert.False(t, res.IsError)
}

// boom panics when it is decoded, with a value that quotes its input.
type boom struct{}

func (*boom) UnmarshalJSON(b []byte) error { panic("boom: " + string(b)) }

// TestPreparePanics: a panic below a tool's Prepare is the tool's internal
// error, told without its value, and the server goes on.
func TestPreparePanics(t *testing.T) {
	tools := testTools(t)
	tools["boom"] = tool.NewFunc(&tool.Spec{ID: "boom", Description: "Panics.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, struct {
			B boom `json:"b"`
		}) (echoOut, error) {
			return echoOut{}, nil
		})
	cs := connect(t, tools, nil)
	res, err := call(t, cs, "boom", `{"b":"secret"}`)
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Equal(t, `tool "boom" failed unexpectedly while reading its arguments (internal error)`, text(t, res))
	res, err = call(t, cs, "echo", `{"text":"still here"}`)
	require.NoError(t, err)
	assert.False(t, res.IsError)
}

func TestConcurrentCalls(t *testing.T) {
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, testTools(t), nil)
	require.NoError(t, err)
	const sessions, callsPer = 4, 50
	var wg sync.WaitGroup
	errs := make(chan error, sessions*callsPer)
	for s := range sessions {
		cs := connectServer(t, srv)
		for i := range callsPer {
			wg.Go(func() {
				want := fmt.Sprintf("s%d-c%d", s, i)
				tl, args := "echo", `{"text":"`+want+`"}`
				if i%5 == 0 {
					tl, args = "echo", `{"text":1}` // some fail, in between
				}
				res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tl, Arguments: json.RawMessage(args)})
				switch {
				case err != nil:
					errs <- err
				case i%5 == 0 && !res.IsError:
					errs <- fmt.Errorf("call %s: want an error result", want)
				case i%5 != 0 && (res.IsError || res.StructuredContent.(map[string]any)["text"] != want):
					errs <- fmt.Errorf("call %s: got %v", want, res.StructuredContent)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// droppable is a transport whose connection the test can drop, as a
// client that dies or loses its network would.
type droppable struct {
	sdk.Transport
	conn chan sdk.Connection
}

func (d *droppable) Connect(ctx context.Context) (sdk.Connection, error) {
	c, err := d.Transport.Connect(ctx)
	if err == nil {
		d.conn <- c
	}
	return c, err
}

func TestClientGoneMidCall(t *testing.T) {
	started, ended := make(chan struct{}, 1), make(chan error, 1)
	tools := tool.Toolset{
		"block": echoTool("block", tool.Annotations{}, func(ctx context.Context, _ string) (string, error) {
			started <- struct{}{}
			<-ctx.Done()
			ended <- ctx.Err()
			return "", ctx.Err()
		}),
		"echo": echoTool("echo", tool.Annotations{}, func(_ context.Context, s string) (string, error) { return s, nil }),
	}
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tools, nil)
	require.NoError(t, err)
	waitEnded := func(t *testing.T) {
		t.Helper()
		select {
		case err := <-ended:
			assert.ErrorIs(t, err, context.Canceled)
		case <-time.After(5 * time.Second):
			t.Fatal("the tool's ctx did not end")
		}
	}

	t.Run("cancelled", func(t *testing.T) {
		cs := connectServer(t, srv)
		ctx, cancel := context.WithCancel(context.Background())
		errc := make(chan error, 1)
		go func() {
			_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "block", Arguments: json.RawMessage(`{"text":"x"}`)})
			errc <- err
		}()
		<-started
		cancel()
		assert.ErrorIs(t, <-errc, context.Canceled)
		waitEnded(t)
	})
	t.Run("disconnected", func(t *testing.T) {
		st, ct := sdk.NewInMemoryTransports()
		drop := &droppable{Transport: ct, conn: make(chan sdk.Connection, 1)}
		ss, err := srv.Connect(context.Background(), st, nil)
		require.NoError(t, err)
		defer ss.Close()
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "c", Version: "v0"}, nil).Connect(context.Background(), drop, nil)
		require.NoError(t, err)
		conn := <-drop.conn
		errc := make(chan error, 1)
		go func() {
			_, err := call(t, cs, "block", `{"text":"x"}`)
			errc <- err
		}()
		<-started
		require.NoError(t, conn.Close())
		waitEnded(t)
		assert.Error(t, <-errc, "the call fails on the client")
	})
	// The server goes on serving other clients.
	res, err := call(t, connectServer(t, srv), "echo", `{"text":"still here"}`)
	require.NoError(t, err)
	assert.Equal(t, "still here", res.StructuredContent.(map[string]any)["text"])
}

// TestAddToolsToExistingServer adds a Toolset to a server that has a tool
// the SDK reflects and a prompt of its own: the client sees all of them,
// and both kinds of tool answer.
func TestAddToolsToExistingServer(t *testing.T) {
	type pingIn struct {
		N int `json:"n"`
	}
	type pingOut struct {
		Pong int `json:"pong"`
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "existing", Version: "v1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "ping", Description: "Pings."}, func(_ context.Context, _ *sdk.CallToolRequest, in pingIn) (*sdk.CallToolResult, pingOut, error) {
		return nil, pingOut{Pong: in.N}, nil
	})
	s.AddPrompt(&sdk.Prompt{Name: "greet"}, func(context.Context, *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
		return &sdk.GetPromptResult{Messages: []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: "hi"}}}}, nil
	})
	require.NoError(t, mcp.AddTools(s, testTools(t), nil))

	cs := connectServer(t, s)
	list, err := cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
	}
	assert.Subset(t, names, append(testTools(t).Keys(), "ping"))
	prompts, err := cs.ListPrompts(t.Context(), nil)
	require.NoError(t, err)
	require.Len(t, prompts.Prompts, 1)

	res, err := call(t, cs, "ping", `{"n":3}`)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"pong": float64(3)}, res.StructuredContent)
	res, err = call(t, cs, "echo", `{"text":"mounted"}`)
	require.NoError(t, err)
	assert.Equal(t, "mounted", res.StructuredContent.(map[string]any)["text"])
	res, err = call(t, cs, "echo", `{"text":7}`)
	require.NoError(t, err)
	require.True(t, res.IsError)
	assert.Contains(t, res.Content[0].(*sdk.TextContent).Text, `invalid arguments for tool "echo"`)
}

func TestAddToolsErrors(t *testing.T) {
	bad := tool.NewFunc(&tool.Spec{ID: "bad", Description: "Bad.", InputSchema: json.RawMessage(`{"type":"string"}`)},
		func(context.Context, echoIn) (echoOut, error) { return echoOut{}, nil })
	ok := echoTool("ok", tool.Annotations{}, func(_ context.Context, s string) (string, error) { return s, nil })
	tests := []struct {
		name  string
		tools tool.Toolset
		want  string
	}{
		{"schema not an object", tool.Toolset{"a": ok, "bad": bad}, `serve tool "bad" over MCP: AddTool "bad": input schema must have type "object"`},
		{"invalid key", tool.Toolset{"a b": ok}, `serve tools over MCP: tool key "a b": must match`},
		{"nil tool", tool.Toolset{"a": nil}, `serve tools over MCP: tool key "a": nil tool`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
			err := mcp.AddTools(s, tt.tools, nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			res, err := connectServer(t, s).ListTools(context.Background(), nil)
			if err == nil {
				assert.Empty(t, res.Tools, "a failed AddTools leaves no tool")
			}
		})
	}
}

func TestHTTP(t *testing.T) {
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, testTools(t), nil)
	require.NoError(t, err)
	hs := httptest.NewServer(mcp.HTTPHandler(srv, nil))
	defer hs.Close()
	ctx := context.Background()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, &sdk.StreamableClientTransport{Endpoint: hs.URL}, nil)
	require.NoError(t, err)
	defer cs.Close()

	res, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	assert.Len(t, res.Tools, len(testTools(t)))
	got, err := call(t, cs, "hazardsTool", `{"location":"Tokyo"}`)
	require.NoError(t, err)
	assert.Equal(t, "Tokyo", got.StructuredContent.(map[string]any)["location"])
	got, err = call(t, cs, "weatherTool", `{"location":""}`)
	require.NoError(t, err)
	assert.True(t, got.IsError)
	assert.Contains(t, text(t, got), "at /location:")
}

func TestHTTPCancelMidCall(t *testing.T) {
	started, ended := make(chan struct{}, 1), make(chan error, 1)
	tools := tool.Toolset{"block": echoTool("block", tool.Annotations{}, func(ctx context.Context, _ string) (string, error) {
		started <- struct{}{}
		<-ctx.Done()
		ended <- ctx.Err()
		return "", ctx.Err()
	})}
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tools, nil)
	require.NoError(t, err)
	hs := httptest.NewServer(mcp.HTTPHandler(srv, nil))
	defer hs.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "c", Version: "v0"}, nil).Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: hs.URL}, nil)
	require.NoError(t, err)
	defer cs.Close()
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "block", Arguments: json.RawMessage(`{"text":"x"}`)})
		errc <- err
	}()
	<-started
	cancel()
	assert.ErrorIs(t, <-errc, context.Canceled)
	select {
	case err := <-ended:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(5 * time.Second):
		t.Fatal("the tool's ctx did not end when the client cancelled the call")
	}
}

func TestListenAndServe(t *testing.T) {
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, weather.Tools(), nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- mcp.ListenAndServe(ctx, "127.0.0.1:0", srv, nil, func(a net.Addr) { addr <- a }) }()
	url := "http://" + (<-addr).String() + "/mcp"
	c, err := mcp.ConnectHTTP(ctx, url, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, c.Tools().Keys())
	require.NoError(t, c.Close())
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("ListenAndServe did not return after ctx ended")
	}
}

func keysOf[V any](m map[string]V) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// TestCallInfo: a tool served over MCP reaches its key through
// tool.CallInfoFrom, as it would in the agent loop.
func TestCallInfo(t *testing.T) {
	type in struct{}
	type out struct {
		Name string `json:"name"`
	}
	tl := tool.NewFunc(&tool.Spec{ID: "who", Description: "Says its name.", InputSchema: json.RawMessage(`{"type":"object","additionalProperties":false}`)},
		func(ctx context.Context, _ in) (out, error) {
			ci, ok := tool.CallInfoFrom(ctx)
			if !ok {
				return out{}, errors.New("no call info")
			}
			return out{Name: ci.ToolName}, nil
		})
	cs := connect(t, tool.Toolset{"whoAmI": tl}, nil)
	res, err := call(t, cs, "whoAmI", `{}`)
	require.NoError(t, err)
	require.False(t, res.IsError, text(t, res))
	assert.JSONEq(t, `{"name":"whoAmI"}`, mustJSON(t, res.StructuredContent))
}
