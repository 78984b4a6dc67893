package mcp_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
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

// httpServer is a server of testTools and a slow tool, served over HTTP on
// loopback with ListenAndServe until the test ends.
type httpServer struct {
	url     string
	srv     *sdk.Server
	created atomic.Int32 // sessions created: calls of GetSessionID
}

func serveHTTP(t *testing.T, opts *mcp.HTTPOptions) *httpServer {
	t.Helper()
	hs := &httpServer{}
	tools := testTools(t)
	tools["slow"] = echoTool("slow", tool.Annotations{}, func(ctx context.Context, s string) (string, error) {
		d, err := time.ParseDuration(s)
		if err != nil {
			return "", err
		}
		select {
		case <-time.After(d):
			return "slept " + s, nil
		case <-ctx.Done():
			return "", ctx.Err()
		}
	})
	tools["steps"] = echoTool("steps", tool.Annotations{}, func(ctx context.Context, s string) (string, error) {
		for i := 1; i <= 3; i++ {
			tool.Progress(ctx, float64(i), 3, "")
		}
		return s, nil
	})
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tools, &mcp.ServerOptions{
		SDK: &sdk.ServerOptions{GetSessionID: func() string {
			hs.created.Add(1)
			return rand.Text()
		}},
	})
	require.NoError(t, err)
	hs.srv = srv
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- mcp.ListenAndServe(ctx, "127.0.0.1:0", srv, opts, func(a net.Addr) { addr <- a }) }()
	hs.url = "http://" + (<-addr).String() + "/mcp"
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-done)
	})
	return hs
}

// sessions is the number of sessions open on the server.
func (hs *httpServer) sessions() int {
	n := 0
	for range hs.srv.Sessions() {
		n++
	}
	return n
}

// open initializes a session with raw requests and returns its id.
func (hs *httpServer) open(t *testing.T) string {
	t.Helper()
	res := rawPost(t, hs.url, "", initializeBody)
	require.Equal(t, http.StatusOK, res.StatusCode)
	session := res.Header.Get("Mcp-Session-Id")
	require.NotEmpty(t, session)
	_, _ = io.Copy(io.Discard, res.Body)
	res = rawPost(t, hs.url, session, initializedBody)
	require.Equal(t, http.StatusAccepted, res.StatusCode)
	return session
}

// waitClosed waits until session is no longer open on the server.
func (hs *httpServer) waitClosed(t *testing.T, session string) {
	t.Helper()
	require.Eventually(t, func() bool {
		for ss := range hs.srv.Sessions() {
			if ss.ID() == session {
				return false
			}
		}
		return true
	}, 5*time.Second, 10*time.Millisecond, "session %s was not closed", session)
}

// rawRequest sends a request without body of the given method, as a
// streamable HTTP client does.
func rawRequest(t *testing.T, method, url, session string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	require.NoError(t, err)
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// readRPC reads the JSON-RPC response that res carries, as JSON or as the
// first message event of an event stream, as its Content-Type says.
func readRPC(t *testing.T, res *http.Response) rpcMessage {
	t.Helper()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	var data []byte
	switch ct := res.Header.Get("Content-Type"); {
	case strings.HasPrefix(ct, "application/json"):
		data = body
	case strings.HasPrefix(ct, "text/event-stream"):
		sc := bufio.NewScanner(bytes.NewReader(body))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok && strings.Contains(d, `"jsonrpc"`) {
				data = []byte(d)
				break
			}
		}
		require.NotNil(t, data, "no message in the event stream: %s", body)
	default:
		t.Fatalf("Content-Type %q, body %s", ct, body)
	}
	var m rpcMessage
	require.NoError(t, json.Unmarshal(data, &m), "%s", data)
	assert.Equal(t, "2.0", m.JSONRPC)
	return m
}

// requireRPCError checks that res is the HTTP status with a JSON-RPC error
// body of code and no id, and returns its message.
func requireRPCError(t *testing.T, res *http.Response, status, code int) string {
	t.Helper()
	require.Equal(t, status, res.StatusCode)
	require.Equal(t, "application/json", res.Header.Get("Content-Type"))
	m := readRPC(t, res)
	require.NotNil(t, m.Error)
	assert.Equal(t, code, m.Error.Code, "%s", m.Error.Message)
	assert.True(t, m.ID == nil || string(m.ID) == "null", "a refusal of the HTTP request has no id (or null, JSON-RPC's id of a request whose id cannot be read): %s", m.ID)
	return m.Error.Message
}

// TestHTTPUnknownMethod: a request for a method the server does not have
// is answered, over HTTP as over stdio, with a JSON-RPC -32601 error for
// its id, not with the SDK's 400 text/plain; such a notification is
// ignored.
func TestHTTPUnknownMethod(t *testing.T) {
	hs := serveHTTP(t, nil)
	session := hs.open(t)
	for _, id := range []string{`7`, `"abc"`} {
		res := rawPost(t, hs.url, session, `{"jsonrpc":"2.0","id":`+id+`,"method":"no/such","params":{}}`)
		require.Equal(t, http.StatusOK, res.StatusCode)
		m := readRPC(t, res)
		require.NotNil(t, m.Error)
		assert.Equal(t, -32601, m.Error.Code)
		assert.Contains(t, m.Error.Message, "Method not found")
		assert.Contains(t, m.Error.Message, "no/such")
		assert.JSONEq(t, id, string(m.ID))
	}
	res := rawPost(t, hs.url, session, `{"jsonrpc":"2.0","method":"notifications/no-such"}`)
	assert.Equal(t, http.StatusAccepted, res.StatusCode)

	// The session is unharmed.
	res = rawPost(t, hs.url, session, callEchoBody)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(readRPC(t, res).Result), `"hi"`)
}

// TestHTTPRequiresSession: a request other than initialize without
// Mcp-Session-Id is answered 400 with a JSON-RPC error and creates no
// session, not even one closed at once.
func TestHTTPRequiresSession(t *testing.T) {
	hs := serveHTTP(t, nil)
	session := hs.open(t)
	created, open := hs.created.Load(), hs.sessions()
	require.Equal(t, 1, open)

	for _, body := range []string{
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
		callEchoBody,
		`{"jsonrpc":"2.0","id":3,"method":"ping"}`,
		initializedBody,
		`[` + initializeBody + `]`,
	} {
		res := rawPost(t, hs.url, "", body)
		msg := requireRPCError(t, res, http.StatusBadRequest, -32000)
		assert.Contains(t, msg, "Mcp-Session-Id")
	}
	res := rawPost(t, hs.url, "", `not json`)
	requireRPCError(t, res, http.StatusBadRequest, -32700)
	for _, method := range []string{http.MethodGet, http.MethodDelete} {
		res := rawRequest(t, method, hs.url, "")
		requireRPCError(t, res, http.StatusBadRequest, -32000)
	}
	assert.Equal(t, created, hs.created.Load(), "no session was created")
	assert.Equal(t, open, hs.sessions())

	// The session that exists is unharmed.
	res = rawPost(t, hs.url, session, callEchoBody)
	require.Equal(t, http.StatusOK, res.StatusCode)
}

// TestHTTPUnknownSession: an id that names no session, never issued or
// deleted, is answered 404 with a JSON-RPC error; DELETE closes a session.
func TestHTTPUnknownSession(t *testing.T) {
	hs := serveHTTP(t, nil)
	for _, method := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
		var res *http.Response
		if method == http.MethodPost {
			res = rawPost(t, hs.url, "no-such-session", callEchoBody)
		} else {
			res = rawRequest(t, method, hs.url, "no-such-session")
		}
		msg := requireRPCError(t, res, http.StatusNotFound, -32001)
		assert.Contains(t, msg, "Session not found", method)
	}

	session := hs.open(t)
	require.Equal(t, 1, hs.sessions())
	res := rawRequest(t, http.MethodDelete, hs.url, session)
	require.Equal(t, http.StatusNoContent, res.StatusCode)
	assert.Equal(t, 0, hs.sessions())
	res = rawPost(t, hs.url, session, callEchoBody)
	requireRPCError(t, res, http.StatusNotFound, -32001)
	res = rawRequest(t, http.MethodDelete, hs.url, session)
	requireRPCError(t, res, http.StatusNotFound, -32001)
}

// TestHTTPOtherRefusals: what else the SDK refuses keeps its status and
// message, in a JSON-RPC error; an event stream still streams.
func TestHTTPOtherRefusals(t *testing.T) {
	hs := serveHTTP(t, nil)
	session := hs.open(t)

	res := rawRequest(t, http.MethodPut, hs.url, session)
	requireRPCError(t, res, http.StatusMethodNotAllowed, -32600)
	assert.NotEmpty(t, res.Header.Get("Allow"))

	req, err := http.NewRequest(http.MethodPost, hs.url, strings.NewReader(callEchoBody))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", session)
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	assert.Contains(t, requireRPCError(t, res, http.StatusUnsupportedMediaType, -32600), "Content-Type")

	res = rawPost(t, hs.url, session, `{"jsonrpc":"2.0","id":`)
	requireRPCError(t, res, http.StatusBadRequest, -32700)

	// GET opens the session's event stream.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err = http.NewRequestWithContext(ctx, http.MethodGet, hs.url, nil)
	require.NoError(t, err)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", session)
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "text/event-stream", res.Header.Get("Content-Type"))
}

// TestHTTPIdleSessionClosed: a session with no request in flight and no
// event stream open for SessionIdleTimeout is closed, and its id then gets
// 404; a long call or an open event stream keeps a session.
func TestHTTPIdleSessionClosed(t *testing.T) {
	const idle = 200 * time.Millisecond
	hs := serveHTTP(t, &mcp.HTTPOptions{SessionIdleTimeout: idle})

	t.Run("idle", func(t *testing.T) {
		t.Parallel()
		session := hs.open(t)
		hs.waitClosed(t, session)
		res := rawPost(t, hs.url, session, callEchoBody)
		requireRPCError(t, res, http.StatusNotFound, -32001)
	})

	t.Run("long call", func(t *testing.T) {
		t.Parallel()
		session := hs.open(t)
		res := rawPost(t, hs.url, session, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{"text":"`+(3*idle).String()+`"}}}`)
		require.Equal(t, http.StatusOK, res.StatusCode)
		m := readRPC(t, res)
		require.Nil(t, m.Error)
		assert.Contains(t, string(m.Result), "slept")
		res = rawPost(t, hs.url, session, callEchoBody)
		assert.Equal(t, http.StatusOK, res.StatusCode, "the session outlived the call")
		hs.waitClosed(t, session)
	})

	t.Run("event stream", func(t *testing.T) {
		t.Parallel()
		session := hs.open(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, hs.url, nil)
		require.NoError(t, err)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Mcp-Session-Id", session)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		time.Sleep(3 * idle)
		res = rawPost(t, hs.url, session, callEchoBody)
		assert.Equal(t, http.StatusOK, res.StatusCode, "the open stream kept the session")
		cancel()
		hs.waitClosed(t, session)
	})

	t.Run("SDK client", func(t *testing.T) {
		t.Parallel()
		ctx := context.Background()
		client := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "v0"}, nil)
		// Without its event stream, the client's session goes idle between
		// calls.
		cs, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: hs.url, DisableStandaloneSSE: true}, nil)
		require.NoError(t, err)
		defer cs.Close()
		_, err = call(t, cs, "echo", `{"text":"hi"}`)
		require.NoError(t, err)
		hs.waitClosed(t, cs.ID())
		_, err = call(t, cs, "echo", `{"text":"hi"}`)
		require.Error(t, err)
		assert.ErrorIs(t, err, sdk.ErrSessionMissing, "the client knows its session is gone")

		// It initializes a new one.
		cs2, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: hs.url, DisableStandaloneSSE: true}, nil)
		require.NoError(t, err)
		defer cs2.Close()
		res, err := call(t, cs2, "echo", `{"text":"again"}`)
		require.NoError(t, err)
		assert.Contains(t, text(t, res), "again")

		// With its event stream open (the default), the session stays
		// however long the client waits.
		cs3, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: hs.url}, nil)
		require.NoError(t, err)
		defer cs3.Close()
		time.Sleep(3 * idle)
		_, err = call(t, cs3, "echo", `{"text":"hi"}`)
		require.NoError(t, err)
	})

	t.Run("never", func(t *testing.T) {
		t.Parallel()
		hs := serveHTTP(t, &mcp.HTTPOptions{SessionIdleTimeout: -1})
		session := hs.open(t)
		time.Sleep(3 * idle)
		res := rawPost(t, hs.url, session, callEchoBody)
		assert.Equal(t, http.StatusOK, res.StatusCode)
	})
}

// TestHTTPBodyLimit: arguments over the argument limit in a body within
// the body limit are an isError result naming the limit; a body over the
// body limit is 413 with a JSON-RPC error naming it; MaxBodyBytes moves
// it.
func TestHTTPBodyLimit(t *testing.T) {
	callWith := func(text string) string {
		return `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + text + `"}}}`
	}

	hs := serveHTTP(t, nil)
	session := hs.open(t)
	res := rawPost(t, hs.url, session, callWith(strings.Repeat("a", 100<<10)))
	require.Equal(t, http.StatusOK, res.StatusCode)
	m := readRPC(t, res)
	require.Nil(t, m.Error)
	var result sdk.CallToolResult
	require.NoError(t, json.Unmarshal(m.Result, &result))
	assert.True(t, result.IsError)
	assert.Contains(t, text(t, &result), "the limit is 65536")

	for _, s := range []string{session, ""} {
		res = rawPost(t, hs.url, s, callWith(strings.Repeat("a", 5<<20)))
		msg := requireRPCError(t, res, http.StatusRequestEntityTooLarge, -32600)
		assert.Contains(t, msg, "4194304 bytes (4 MiB)")
	}
	assert.Equal(t, 1, hs.sessions())

	small := serveHTTP(t, &mcp.HTTPOptions{MaxBodyBytes: 64 << 10})
	session = small.open(t)
	res = rawPost(t, small.url, session, callWith(strings.Repeat("a", 100<<10)))
	msg := requireRPCError(t, res, http.StatusRequestEntityTooLarge, -32600)
	assert.Contains(t, msg, "65536 bytes (64 KiB)")

	large := serveHTTP(t, &mcp.HTTPOptions{MaxBodyBytes: 8 << 20})
	session = large.open(t)
	res = rawPost(t, large.url, session, callWith(strings.Repeat("a", 5<<20)))
	require.Equal(t, http.StatusOK, res.StatusCode)
	m = readRPC(t, res)
	require.Nil(t, m.Error)
	result = sdk.CallToolResult{}
	require.NoError(t, json.Unmarshal(m.Result, &result))
	assert.True(t, result.IsError, "within the body limit, over the argument limit")
	assert.Contains(t, text(t, &result), fmt.Sprintf("the limit is %d", 64<<10))
}

// TestHTTPSessionsInStatelessMode: with the SDK's Stateless option there
// are no sessions, and none is asked for.
func TestHTTPSessionsInStatelessMode(t *testing.T) {
	hs := serveHTTP(t, &mcp.HTTPOptions{SDK: &sdk.StreamableHTTPOptions{Stateless: true}})
	res := rawPost(t, hs.url, "", callEchoBody)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(readRPC(t, res).Result), `"hi"`)
	res = rawRequest(t, http.MethodGet, hs.url, "")
	requireRPCError(t, res, http.StatusMethodNotAllowed, -32600)
}

// TestHTTPInvalidRequest: JSON that is not a valid JSON-RPC message is an
// invalid request (-32600), over HTTP as over stdio, with the message's id
// when it has a readable one; only a body that is not JSON is a parse
// error (-32700).
func TestHTTPInvalidRequest(t *testing.T) {
	hs := serveHTTP(t, nil)
	session := hs.open(t)
	tests := []struct {
		body, id string // id: the reply's id, as JSON; "" for none
		code     int
		message  string
	}{
		{`{"hello":"world"}`, "", -32600, `"jsonrpc" is missing`},
		{`{"jsonrpc":"1.0","id":1,"method":"ping"}`, `1`, -32600, `"jsonrpc" is "1.0"; it must be "2.0"`},
		{`{"jsonrpc":"2.0","id":"nm"}`, `"nm"`, -32600, `no "method"`},
		{`{"jsonrpc":"2.0","id":2,"method":7}`, `2`, -32600, `"method" is a number`},
		{`"just a string"`, "", -32600, `a JSON-RPC message is a JSON object`},
		{`{"jsonrpc":"2.0",`, "", -32700, `parse error`},
	}
	for _, tt := range tests {
		for _, sess := range []string{session, ""} {
			t.Run(tt.body+"/session="+strconv.FormatBool(sess != ""), func(t *testing.T) {
				res := rawPost(t, hs.url, sess, tt.body)
				require.Equal(t, http.StatusBadRequest, res.StatusCode)
				m := readRPC(t, res)
				require.NotNil(t, m.Error)
				assert.Equal(t, tt.code, m.Error.Code)
				assert.Contains(t, m.Error.Message, tt.message)
				if tt.id == "" {
					assert.True(t, m.ID == nil || string(m.ID) == "null", "id %s", m.ID)
				} else {
					assert.JSONEq(t, tt.id, string(m.ID))
				}
			})
		}
	}
	// The session is unharmed.
	res := rawPost(t, hs.url, session, callEchoBody)
	require.Equal(t, http.StatusOK, res.StatusCode)
}

// TestHTTPProgressBeforeResponse: in a call's event stream, the server
// writes every progress notification before the call's response, never
// after.
func TestHTTPProgressBeforeResponse(t *testing.T) {
	hs := serveHTTP(t, nil)
	session := hs.open(t)
	for i := range 10 {
		id := strconv.Itoa(100 + i)
		res := rawPost(t, hs.url, session, `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/call","params":{"name":"steps","arguments":{"text":"x"},"_meta":{"progressToken":"t`+id+`"}}}`)
		require.Equal(t, http.StatusOK, res.StatusCode)
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		var order []string
		for _, line := range strings.Split(string(body), "\n") {
			data, ok := strings.CutPrefix(line, "data: ")
			if !ok {
				continue
			}
			var m rpcMessage
			require.NoError(t, json.Unmarshal([]byte(data), &m), "%s", data)
			if m.Method != "" {
				order = append(order, m.Method)
			} else {
				order = append(order, "response "+string(m.ID))
			}
		}
		assert.Equal(t, []string{"notifications/progress", "notifications/progress", "notifications/progress", "response " + id}, order)
	}
}

// TestHTTPCancelledCall: a call the client cancels with
// notifications/cancelled gets no response in its event stream, as the
// specification asks; the stream ends, and the session goes on.
func TestHTTPCancelledCall(t *testing.T) {
	hs := serveHTTP(t, nil)
	session := hs.open(t)
	for _, id := range []string{`7`, `"w"`} {
		body := make(chan string, 1)
		go func() {
			res := rawPost(t, hs.url, session, `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/call","params":{"name":"wait","arguments":{"text":"x"}}}`)
			data, _ := io.ReadAll(res.Body)
			body <- string(data)
		}()
		// Cancel until the stream ends: a cancellation that comes before
		// the call is in flight names no call, and is ignored.
		deadline := time.After(10 * time.Second)
		for done := false; !done; {
			res := rawPost(t, hs.url, session, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":`+id+`,"reason":"gave up"}}`)
			require.Equal(t, http.StatusAccepted, res.StatusCode)
			select {
			case got := <-body:
				assert.NotContains(t, got, `"id":`+id, "no response to the cancelled call: %s", got)
				done = true
			case <-time.After(50 * time.Millisecond):
			case <-deadline:
				t.Fatal("the cancelled call's stream did not end")
			}
		}
	}
	// The session goes on. (A cancelled call's id is not used again: a
	// cancellation can reach the server after the call is over, when it
	// is kept as an early one.)
	res := rawPost(t, hs.url, session, strings.Replace(callEchoBody, `"id":2`, `"id":8`, 1))
	require.Equal(t, http.StatusOK, res.StatusCode)
	m := readRPC(t, res)
	assert.Equal(t, "8", string(m.ID))
	assert.Contains(t, string(m.Result), `"hi"`)
}
