package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

type echoIn struct {
	Text string `json:"text"`
}

type echoOut struct {
	Text string `json:"text"`
}

const echoSchema = `{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}`

const echoOutSchema = `{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}`

// echoTool returns a tool that runs fn on the text it is given.
func echoTool(id string, ann tool.Annotations, fn func(ctx context.Context, text string) (string, error)) *tool.Func[echoIn, echoOut] {
	return tool.NewFunc(&tool.Spec{
		ID:           id,
		Description:  "Test tool " + id + ".",
		InputSchema:  json.RawMessage(echoSchema),
		OutputSchema: json.RawMessage(echoOutSchema),
		Annotations:  ann,
	}, func(ctx context.Context, in echoIn) (echoOut, error) {
		s, err := fn(ctx, in.Text)
		return echoOut{Text: s}, err
	})
}

var errBackend = errors.New("backend down")

// testTools are the weather tools and tools that fail in every way.
func testTools(t testing.TB) tool.Toolset {
	t.Helper()
	extra := tool.Toolset{
		"echo": echoTool("echo", tool.Annotations{}, func(_ context.Context, s string) (string, error) { return s, nil }),
		"wipe": echoTool("wipe", tool.Annotations{Destructive: new(true), OpenWorld: new(true)}, func(_ context.Context, s string) (string, error) { return "wiped " + s, nil }),
		"fail": echoTool("fail", tool.Annotations{}, func(context.Context, string) (string, error) {
			return "", errBackend
		}),
		"panic": echoTool("panic", tool.Annotations{}, func(context.Context, string) (string, error) { panic("kaboom") }),
		"friendly": echoTool("friendly", tool.Annotations{}, func(context.Context, string) (string, error) {
			return "", &toolexec.Error{Kind: toolexec.KindToolFailed, Message: "try a shorter text", Err: errBackend}
		}),
		"shout": echoTool("shout", tool.Annotations{}, func(_ context.Context, s string) (string, error) { return s, nil }).
			WithModelOutput(func(_ context.Context, _ echoIn, out echoOut) (llm.ModelOutput, error) {
				return llm.TextOutput(strings.ToUpper(out.Text)), nil
			}),
		"picture": echoTool("picture", tool.Annotations{}, func(_ context.Context, s string) (string, error) { return s, nil }).
			WithModelOutput(func(_ context.Context, _ echoIn, out echoOut) (llm.ModelOutput, error) {
				return llm.ContentOutput(llm.TextPart("a dot:"), llm.MediaPart("image/png", []byte{0x89, 'P', 'N', 'G'}), llm.ImageURLPart("https://example.com/dot.png")), nil
			}),
		"guarded": approvalTool(),
		"wait": echoTool("wait", tool.Annotations{}, func(ctx context.Context, s string) (string, error) {
			<-ctx.Done()
			return "", ctx.Err()
		}),
	}
	ts, err := tool.Merge(weather.Tools(), extra)
	require.NoError(t, err)
	return ts
}

func approvalTool() *tool.Func[echoIn, echoOut] {
	f := echoTool("guarded", tool.Annotations{}, func(_ context.Context, s string) (string, error) { return "done: " + s, nil })
	return f.WithApproval(func(_ context.Context, in echoIn) (bool, error) { return in.Text != "harmless", nil })
}

// connect serves tools with opts and returns a client session connected to
// it over the SDK's in-memory transport.
func connect(t testing.TB, tools tool.Toolset, opts *mcp.ServerOptions) *sdk.ClientSession {
	t.Helper()
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tools, opts)
	require.NoError(t, err)
	return connectServer(t, srv)
}

func connectServer(t testing.TB, srv *sdk.Server) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls the tool name with args, which is JSON.
func call(t testing.TB, cs *sdk.ClientSession, name, args string) (*sdk.CallToolResult, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
}

// text is the text of a result's only content.
func text(t testing.TB, res *sdk.CallToolResult) string {
	t.Helper()
	require.Len(t, res.Content, 1)
	tc, ok := res.Content[0].(*sdk.TextContent)
	require.True(t, ok, "content is %T", res.Content[0])
	return tc.Text
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
}
