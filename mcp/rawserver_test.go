package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/tool"
)

// rawPages are the two pages of tools/list of rawServer: tool definitions
// that the SDK's Tool type cannot express, an execution member and hints
// set to false.
var rawPages = []string{
	`{"tools":[
		{"name":"plain","description":"Says no to every default.","inputSchema":{"type":"object"},
		 "annotations":{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":false,"openWorldHint":false}},
		{"name":"needs-task","description":"Runs for hours.","inputSchema":{"type":"object"},
		 "execution":{"taskSupport":"required"},"annotations":{"readOnlyHint":true}}
	],"nextCursor":"2"}`,
	`{"tools":[
		{"name":"may-task","description":"May run as a task.","inputSchema":{"type":"object"},
		 "execution":{"taskSupport":"optional"},"annotations":{"idempotentHint":true}},
		{"name":"no-task","description":"Never runs as a task.","inputSchema":{"type":"object"},
		 "execution":{"taskSupport":"forbidden"}},
		{"name":"unhinted","description":"Has a title and no hints.","inputSchema":{"type":"object"},
		 "annotations":{"title":"Unhinted"}}
	]}`,
}

// rawServer is an MCP server of protocol 2025-11-25 written by hand, as
// the SDK's server cannot list rawPages. It counts the tools/list calls.
type rawServer struct {
	// jsonLists makes ServeHTTP answer tools/list with JSON, as it answers
	// the other calls, instead of an SSE stream.
	jsonLists bool

	mu    sync.Mutex
	lists int
}

// answer answers one message; nil for a notification.
func (s *rawServer) answer(msg jsonrpc.Message) *jsonrpc.Response {
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.IsCall() {
		return nil
	}
	result := func(r string) *jsonrpc.Response { return &jsonrpc.Response{ID: req.ID, Result: json.RawMessage(r)} }
	switch req.Method {
	case "initialize":
		return result(`{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"v0"}}`)
	case "tools/list":
		s.mu.Lock()
		s.lists++
		s.mu.Unlock()
		var p struct {
			Cursor string `json:"cursor"`
		}
		_ = json.Unmarshal(req.Params, &p)
		if p.Cursor == "2" {
			return result(rawPages[1])
		}
		return result(rawPages[0])
	case "tools/call":
		return result(`{"content":[{"type":"text","text":"done"}]}`)
	case "ping":
		return result(`{}`)
	}
	// server/discover too: the client then falls back on initialize.
	return &jsonrpc.Response{ID: req.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "no method " + req.Method}}
}

// serve answers the messages of conn until it closes.
func (s *rawServer) serve(conn sdk.Connection) {
	ctx := context.Background()
	for {
		msg, err := conn.Read(ctx)
		if err != nil {
			return
		}
		if res := s.answer(msg); res != nil {
			if conn.Write(ctx, res) != nil {
				return
			}
		}
	}
}

// ServeHTTP serves streamable HTTP: each answer as JSON, but the tools/list
// results, unless jsonLists, as an SSE stream written in pieces of 7 bytes,
// with a priming event, a comment, CRLF line ends and the JSON on many data
// lines.
func (s *rawServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed) // no standalone stream, no session to end
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	msg, err := jsonrpc.DecodeMessage(body)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	res := s.answer(msg)
	if res == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	data, err := jsonrpc.EncodeMessage(res)
	if err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	if req := msg.(*jsonrpc.Request); req.Method != "tools/list" || s.jsonLists {
		w.Header().Set("Content-Type", "application/json")
		w.Write(data)
		return
	}
	var indented bytes.Buffer
	if err := json.Indent(&indented, data, "", "  "); err != nil {
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	var stream strings.Builder
	stream.WriteString("id: 0\r\ndata:\r\n\r\n: the response follows\r\nevent: message\r\nid: 1\r\n")
	for line := range strings.Lines(indented.String()) {
		stream.WriteString("data: " + strings.TrimSuffix(line, "\n") + "\r\n")
	}
	stream.WriteString("\r\n")
	w.Header().Set("Content-Type", "text/event-stream")
	rest := stream.String()
	for rest != "" {
		n := min(7, len(rest))
		io.WriteString(w, rest[:n])
		w.(http.Flusher).Flush()
		rest = rest[n:]
	}
}

// ownTransport is a transport of one's own, whose connection is not one of
// the SDK's types.
type ownTransport struct{ inner sdk.Transport }

func (t ownTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	conn, err := t.inner.Connect(ctx)
	return ownConn{conn}, err
}

type ownConn struct{ sdk.Connection }

// sdkConnTransport is a transport of one's own that returns the SDK's
// connection itself, which the Client does not wrap.
type sdkConnTransport struct{ inner sdk.Transport }

func (t sdkConnTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	return t.inner.Connect(ctx)
}

// connectRaw connects a Client to a new rawServer over the transport named
// by how, with opts.
func connectRaw(t *testing.T, how string, opts *mcp.ClientOptions) (*mcp.Client, *rawServer) {
	t.Helper()
	srv := &rawServer{jsonLists: how == "streamable HTTP, JSON"}
	ctx := context.Background()
	var c *mcp.Client
	var err error
	if strings.HasPrefix(how, "streamable HTTP") {
		hs := httptest.NewServer(srv)
		t.Cleanup(hs.Close)
		c, err = mcp.ConnectHTTP(ctx, hs.URL, opts)
	} else {
		st, ct := sdk.NewInMemoryTransports()
		conn, err := st.Connect(ctx)
		require.NoError(t, err)
		go srv.serve(conn)
		t.Cleanup(func() { conn.Close() })
		var tr sdk.Transport = ct
		switch how {
		case "own transport":
			tr = ownTransport{ct}
		case "own transport with the SDK's connection":
			tr = sdkConnTransport{ct}
		}
		c, err = mcp.Connect(ctx, tr, opts)
	}
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c, srv
}

func TestClientTaskRequiredTools(t *testing.T) {
	for _, how := range []string{"in memory", "streamable HTTP", "streamable HTTP, JSON", "own transport"} {
		t.Run(how, func(t *testing.T) {
			var log bytes.Buffer
			c, srv := connectRaw(t, how, &mcp.ClientOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))})
			tools := c.Tools()
			assert.Equal(t, 2, srv.lists, "both pages listed")
			assert.Equal(t, []string{"may-task", "no-task", "plain", "unhinted"}, tools.Keys(),
				"the tool whose taskSupport is required is left out; optional, forbidden and none are kept")
			assert.Equal(t, 1, strings.Count(log.String(), "\n"), "one note:\n%s", log.String())
			assert.Contains(t, log.String(), "level=WARN")
			assert.Contains(t, log.String(), "tool=needs-task")
			assert.Contains(t, log.String(), "must be called as a task")

			out, err := tool.Call(context.Background(), tools["may-task"], json.RawMessage(`{}`))
			require.NoError(t, err)
			assert.Contains(t, string(out.JSON), "done", "a tool whose taskSupport is optional is called without a task")
		})
	}
}

func TestClientHintsFromTheWire(t *testing.T) {
	for _, how := range []string{"in memory", "streamable HTTP", "streamable HTTP, JSON", "own transport"} {
		t.Run(how, func(t *testing.T) {
			c, _ := connectRaw(t, how, &mcp.ClientOptions{Logger: slog.New(slog.DiscardHandler)})
			tools := c.Tools()
			assert.Equal(t, tool.Annotations{ReadOnly: new(false), Destructive: new(false), Idempotent: new(false), OpenWorld: new(false)},
				tools["plain"].Spec().Annotations, "a hint sent as false is false")
			assert.Equal(t, tool.Annotations{Idempotent: new(true)}, tools["may-task"].Spec().Annotations, "an absent hint is unset")
			assert.Equal(t, tool.Annotations{}, tools["no-task"].Spec().Annotations)
			assert.Equal(t, tool.Annotations{}, tools["unhinted"].Spec().Annotations)
			assert.Equal(t, "Unhinted", tools["unhinted"].Spec().Title)
		})
	}
}

// TestClientWithoutTheWire checks the fallback when the Client cannot read
// the tools/list results (a transport of one's own that returns one of the
// SDK's connections): it keeps every tool, and reads readOnlyHint and
// idempotentHint false as unset.
func TestClientWithoutTheWire(t *testing.T) {
	var log bytes.Buffer
	c, _ := connectRaw(t, "own transport with the SDK's connection", &mcp.ClientOptions{
		SDK: &sdk.ClientOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))},
	})
	tools := c.Tools()
	assert.Equal(t, []string{"may-task", "needs-task", "no-task", "plain", "unhinted"}, tools.Keys())
	assert.Equal(t, tool.Annotations{Destructive: new(false), OpenWorld: new(false)}, tools["plain"].Spec().Annotations)
	assert.Equal(t, tool.Annotations{ReadOnly: new(true)}, tools["needs-task"].Spec().Annotations)
	assert.Equal(t, tool.Annotations{Idempotent: new(true)}, tools["may-task"].Spec().Annotations)
	assert.NotContains(t, log.String(), "task")
}

// TestClientLoggerDefault checks that the note goes to the SDK client's
// logger when ClientOptions.Logger is nil.
func TestClientLoggerDefault(t *testing.T) {
	var log bytes.Buffer
	c, _ := connectRaw(t, "in memory", &mcp.ClientOptions{
		SDK: &sdk.ClientOptions{Logger: slog.New(slog.NewTextHandler(&log, nil))},
	})
	assert.NotContains(t, c.Tools().Keys(), "needs-task")
	assert.Contains(t, log.String(), "tool=needs-task")
}
