package mcp_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/tool"
)

// rawPost sends one JSON-RPC message to an MCP endpoint as a streamable
// HTTP client does, with the given Origin headers (none when origins is
// empty), and returns the response.
func rawPost(t *testing.T, url, session string, body string, origins ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	for _, o := range origins {
		req.Header.Add("Origin", o)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { res.Body.Close() })
	return res
}

const (
	initializeBody  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`
	initializedBody = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	callEchoBody    = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}`
)

// TestHTTPChecksOrigin: the MCP specification requires servers to validate
// Origin, and to answer 403 to an invalid one. Over a real server on
// loopback, a foreign or "null" origin is refused before any session or
// tool sees the request; no Origin, a loopback origin and a configured one
// pass.
func TestHTTPChecksOrigin(t *testing.T) {
	var calls atomic.Int32
	tools := tool.Toolset{"echo": echoTool("echo", tool.Annotations{}, func(_ context.Context, s string) (string, error) {
		calls.Add(1)
		return s, nil
	})}
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tools, nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	opts := &mcp.HTTPOptions{AllowedOrigins: []string{"https://app.example.com"}}
	go func() { done <- mcp.ListenAndServe(ctx, "127.0.0.1:0", srv, opts, func(a net.Addr) { addr <- a }) }()
	url := "http://" + (<-addr).String() + "/mcp"

	res := rawPost(t, url, "", initializeBody, "http://evil.example")
	assert.Equal(t, http.StatusForbidden, res.StatusCode, "a foreign origin cannot open a session")
	assert.Empty(t, res.Header.Get("Mcp-Session-Id"))
	var rpc struct {
		JSONRPC string
		Error   struct{ Code int }
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&rpc))
	assert.Equal(t, "2.0", rpc.JSONRPC)
	assert.Equal(t, -32600, rpc.Error.Code)

	res = rawPost(t, url, "", initializeBody)
	require.Equal(t, http.StatusOK, res.StatusCode, "no Origin: a non-browser client")
	session := res.Header.Get("Mcp-Session-Id")
	require.NotEmpty(t, session)
	_, _ = io.Copy(io.Discard, res.Body)
	res = rawPost(t, url, session, initializedBody)
	require.Less(t, res.StatusCode, 300)

	for _, tt := range []struct {
		name    string
		origins []string
		allowed bool
	}{
		{"foreign", []string{"http://evil.example"}, false},
		{"null", []string{"null"}, false},
		{"the server's own, a loopback origin", []string{strings.TrimSuffix(url, "/mcp")}, true},
		{"foreign on a loopback-looking name", []string{"http://localhost.evil.example"}, false},
		{"with a path", []string{"https://app.example.com/page"}, false},
		{"two origins", []string{"https://app.example.com", "http://evil.example"}, false},
		{"loopback", []string{"http://localhost:6274"}, true},
		{"loopback IP", []string{"http://127.0.0.1:6274"}, true},
		{"configured", []string{"https://app.example.com"}, true},
		{"configured, written another way", []string{"HTTPS://App.Example.com:443"}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			before := calls.Load()
			res := rawPost(t, url, session, callEchoBody, tt.origins...)
			body, err := io.ReadAll(res.Body)
			require.NoError(t, err)
			if !tt.allowed {
				assert.Equal(t, http.StatusForbidden, res.StatusCode)
				assert.Equal(t, before, calls.Load(), "the tool did not run")
				return
			}
			assert.Equal(t, http.StatusOK, res.StatusCode, "%s", body)
			assert.Contains(t, string(body), `"hi"`)
			assert.Equal(t, before+1, calls.Load())
		})
	}
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("ListenAndServe did not return after ctx ended")
	}
}

// TestHTTPLoopbackOriginsOnlyOnLoopback: a loopback origin is allowed by
// default only on a request that arrived on a loopback address; on any
// other interface a page on the user's machine is as foreign as any.
func TestHTTPLoopbackOriginsOnlyOnLoopback(t *testing.T) {
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, testTools(t), nil)
	require.NoError(t, err)
	h := mcp.HTTPHandler(srv, nil)
	for _, local := range []string{"10.1.2.3:8080", "127.0.0.1:8080"} {
		req := httptest.NewRequest(http.MethodPost, "http://"+local+"/", strings.NewReader(initializeBody))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Origin", "http://localhost:6274")
		tcp, err := net.ResolveTCPAddr("tcp", local)
		require.NoError(t, err)
		req = req.WithContext(context.WithValue(req.Context(), http.LocalAddrContextKey, tcp))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if tcp.IP.IsLoopback() {
			assert.Equal(t, http.StatusOK, rec.Code, "on %s", local)
		} else {
			assert.Equal(t, http.StatusForbidden, rec.Code, "on %s", local)
		}
	}
}
