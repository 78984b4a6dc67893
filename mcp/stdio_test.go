package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/tool"
)

// rpcMessage is a JSON-RPC message as the server wrote it, on a line of
// stdout or in an HTTP response.
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"` // "null" for null, nil if absent
	Method  string          `json:"method"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// stdioPeer is the client's end of a server session over a StdioTransport
// on pipes.
type stdioPeer struct {
	t     *testing.T
	ss    *sdk.ServerSession
	in    *io.PipeWriter // the server's input
	lines chan string    // the server's output
	done  chan error     // what the session's Wait returned
}

// runStdio serves the test tools with a StdioTransport over pipes, lines
// at most maxLine bytes long.
func runStdio(t *testing.T, maxLine int) *stdioPeer {
	t.Helper()
	return runStdioTools(t, maxLine, testTools(t))
}

// runStdioTools serves tools with a StdioTransport over pipes.
func runStdioTools(t *testing.T, maxLine int, tools tool.Toolset) *stdioPeer {
	t.Helper()
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tools, nil)
	require.NoError(t, err)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ss, err := srv.Connect(context.Background(), &mcp.StdioTransport{Reader: inR, Writer: outW, MaxLineLength: maxLine}, nil)
	require.NoError(t, err)
	p := &stdioPeer{t: t, ss: ss, in: inW, lines: make(chan string, 100), done: make(chan error, 1)}
	go func() {
		p.done <- ss.Wait()
		outW.Close()
	}()
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return p
}

// send writes line and a newline to the server.
func (p *stdioPeer) send(line string) {
	p.t.Helper()
	p.write(line + "\n")
}

// write writes data to the server.
func (p *stdioPeer) write(data string) {
	p.t.Helper()
	errc := make(chan error, 1)
	go func() {
		_, err := io.WriteString(p.in, data)
		errc <- err
	}()
	select {
	case err := <-errc:
		require.NoError(p.t, err, "writing %.80q", data)
	case <-time.After(10 * time.Second):
		p.t.Fatalf("the server did not read %.80q", data)
	}
}

// next reads the server's next line, which must be a JSON-RPC 2.0 message.
func (p *stdioPeer) next() rpcMessage {
	p.t.Helper()
	select {
	case line, ok := <-p.lines:
		require.True(p.t, ok, "the server closed its output")
		var m rpcMessage
		require.NoError(p.t, json.Unmarshal([]byte(line), &m), "output line %q", line)
		require.Equal(p.t, "2.0", m.JSONRPC, "output line %q", line)
		return m
	case <-time.After(10 * time.Second):
		p.t.Fatal("no message from the server")
		return rpcMessage{}
	}
}

// recv reads the server's next line, which must be a JSON-RPC 2.0
// response.
func (p *stdioPeer) recv() rpcMessage {
	p.t.Helper()
	m := p.next()
	require.Empty(p.t, m.Method, "a request, not a response: %+v", m)
	require.NotNil(p.t, m.ID, "a response without an id: %+v", m)
	require.True(p.t, (m.Error == nil) != (m.Result == nil), "a response needs a result or an error: %+v", m)
	return m
}

// call sends a request with id and returns the result of its reply.
func (p *stdioPeer) call(id, method, params string) json.RawMessage {
	p.t.Helper()
	p.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, params))
	r := p.recv()
	require.Equal(p.t, id, string(r.ID))
	require.Nil(p.t, r.Error, "%s: %+v", method, r.Error)
	return r.Result
}

// end closes the server's input and checks that the session ends without
// an error, having written nothing more.
func (p *stdioPeer) end() {
	p.t.Helper()
	require.NoError(p.t, p.in.Close())
	select {
	case err := <-p.done:
		require.NoError(p.t, err)
	case <-time.After(10 * time.Second):
		p.t.Fatal("the session did not end with its input")
	}
	for line := range p.lines {
		p.t.Errorf("unexpected output %q", line)
	}
}

// badLines are lines a StdioTransport answers with an error, given a bound
// of 4,096 bytes, with the code, id and part of the message of the answer.
var badLines = []struct {
	name, line string
	code       int
	id         string
	message    string
}{
	{"not JSON", `this is not json {`, -32700, "null", "parse error: invalid character 'h'"},
	{"two values", `{"jsonrpc":"2.0","id":4,"method":"ping"} {}`, -32700, "null", "parse error: invalid character '{' after top-level value"},
	{"no jsonrpc", `{"foo":1}`, -32600, "null", `invalid request: "jsonrpc" is missing; it must be "2.0"`},
	{"empty batch", `[]`, -32600, "null", "batches are not supported (MCP dropped them in protocol version 2025-06-18)"},
	{"batch", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, -32600, "null", "batches are not supported"},
	{"no method", `{"jsonrpc":"2.0","id":1}`, -32600, "1", `invalid request: no "method"`},
	{"JSON-RPC 1.0", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, -32600, "1", `"jsonrpc" is "1.0"; it must be "2.0"`},
	{"jsonrpc a number", `{"jsonrpc":2,"id":"a","method":"ping"}`, -32600, `"a"`, `"jsonrpc" is 2;`},
	{"keys in upper case", `{"JSONRPC":"2.0","id":3,"method":"ping"}`, -32600, "3", `"jsonrpc" is missing`},
	{"object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, -32600, "null", "the id is an object; it must be a string or an integer"},
	{"boolean id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, -32600, "null", "the id is a boolean"},
	{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, -32600, "null", "the id is null"},
	{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, -32600, "1.5", "the id 1.5 is not an integer within ±2^53"},
	{"id over 2^53", `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, -32600, "9007199254740993", "not an integer within ±2^53"},
	{"method a number", `{"jsonrpc":"2.0","id":2,"method":5}`, -32600, "2", `"method" is a number; it must be a string`},
	{"number", `42`, -32600, "null", "a JSON-RPC message is a JSON object, not a number"},
	{"string", `"str"`, -32600, "null", "not a string"},
	{"null", `null`, -32600, "null", "not null"},
	{"invalid notification", `{"jsonrpc":"1.0","method":"notifications/initialized"}`, -32600, "null", `"jsonrpc" is "1.0"`},
	{"nested deeper than the SDK allows", `{"jsonrpc":"2.0","id":5,"method":"ping","params":{"a":` + strings.Repeat("[", 1001) + strings.Repeat("]", 1001) + `}}`, -32600, "5", "exceeded maximum nesting depth"},
	{"too long, id first", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + strings.Repeat("x", 100_000) + `"}}}`, -32600, "6", "the message is longer than 4096 bytes"},
	{"too long, id last", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{"text":"` + strings.Repeat("x", 5000) + `"}},"id":7}`, -32600, "null", "longer than 4096 bytes"},
}

func TestStdioTransportBadLines(t *testing.T) {
	p := runStdio(t, 4096)
	for _, bl := range badLines {
		p.send(bl.line)
		r := p.recv()
		if assert.NotNil(t, r.Error, bl.name) {
			assert.Equal(t, bl.code, r.Error.Code, bl.name)
			assert.Contains(t, r.Error.Message, bl.message, bl.name)
		}
		assert.Equal(t, bl.id, string(r.ID), bl.name)
	}

	// The connection still serves a whole session, bad lines in between.
	init := p.call("10", "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}`)
	assert.Contains(t, string(init), `"protocolVersion":"2025-06-18"`)
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	p.send(`{"jsonrpc":"2.0","id":11}`)
	assert.Equal(t, "11", string(p.recv().ID))
	list := p.call("12", "tools/list", `{}`)
	assert.Contains(t, string(list), `"name":"echo"`)
	p.send(`[{"jsonrpc":"2.0","id":13,"method":"tools/list"}]`)
	assert.Equal(t, -32600, p.recv().Error.Code)
	res := p.call(`"call-1"`, "tools/call", `{"name":"echo","arguments":{"text":"hi"}}`)
	assert.Contains(t, string(res), `"structuredContent":{"text":"hi"}`)
	p.end()
}

func TestStdioTransportSilentLines(t *testing.T) {
	p := runStdio(t, 4096)
	// Blank lines, responses to ids the server never sent and invalid
	// responses get no answer: the next line out is the ping's.
	for _, line := range []string{
		"",
		"  \t\r",
		`{"jsonrpc":"2.0","id":77,"result":{}}`,
		`{"jsonrpc":"2.0","id":78,"error":{"code":-32601,"message":"no"}}`,
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`,
		`{"jsonrpc":"2.0","result":{}}`,
		`{"jsonrpc":"1.0","id":79,"result":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/unknown"}`,
	} {
		p.send(line)
	}
	p.call("1", "ping", `{}`)
	// A line of exactly the bound passes; one byte more does not.
	pad := func(n int) string {
		line := `{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"pad":""}}}`
		return strings.Replace(line, `"pad":""`, `"pad":"`+strings.Repeat("p", n-len(line))+`"`, 1)
	}
	p.send(pad(4096) + "\r")
	r := p.recv()
	assert.Equal(t, "2", string(r.ID))
	assert.Nil(t, r.Error)
	p.send(pad(4097))
	r = p.recv()
	assert.Equal(t, "2", string(r.ID))
	require.NotNil(t, r.Error)
	assert.Equal(t, -32600, r.Error.Code)
	p.call("3", "ping", `{}`)
	p.end()
}

func TestStdioTransportResponses(t *testing.T) {
	p := runStdio(t, 0)
	pinged := make(chan error, 1)
	go func() { pinged <- p.ss.Ping(context.Background(), nil) }()
	req := p.next()
	require.Equal(t, "ping", req.Method)
	require.Equal(t, "1", string(req.ID))
	// A response whose id the SDK would read as 1 does not answer call 1.
	p.send(`{"jsonrpc":"2.0","id":1.5,"result":{}}`)
	p.call("2", "ping", `{}`)
	select {
	case err := <-pinged:
		t.Fatalf("the response with id 1.5 answered the call of id 1: %v", err)
	default:
	}
	p.send(`{"jsonrpc":"2.0","id":1,"result":{}}`)
	select {
	case err := <-pinged:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("the response did not reach the SDK")
	}
	p.end()
}

func TestStdioTransportLastLineWithoutNewline(t *testing.T) {
	p := runStdio(t, 0)
	p.write(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" + `not json`)
	assert.Equal(t, "1", string(p.recv().ID))
	require.NoError(t, p.in.Close())
	r := p.recv()
	require.NotNil(t, r.Error, "the last line is read at the end of the input")
	assert.Equal(t, -32700, r.Error.Code)
	p.end()
}

func TestStdioTransportClose(t *testing.T) {
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, testTools(t), nil)
	require.NoError(t, err)
	inR, inW := io.Pipe()
	ss, err := srv.Connect(context.Background(), &mcp.StdioTransport{Reader: inR, Writer: io.Discard}, nil)
	require.NoError(t, err)
	require.NoError(t, ss.Close())
	_, err = io.WriteString(inW, "{}\n")
	assert.ErrorIs(t, err, io.ErrClosedPipe, "Close closes the reader")
}

func TestStdioTransportNegativeBound(t *testing.T) {
	_, err := (&mcp.StdioTransport{MaxLineLength: -1}).Connect(context.Background())
	assert.EqualError(t, err, "mcp: StdioTransport.MaxLineLength is -1; it must be positive, or 0 for the default")
}

// TestStdioTransportCancelledCall: a tools/call the client cancels with
// notifications/cancelled gets no response, as the specification asks
// (the receiver SHOULD NOT send one); the session goes on.
func TestStdioTransportCancelledCall(t *testing.T) {
	p := runStdio(t, 0)
	p.call("1", "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"v0"}}`)
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for _, id := range []string{`7`, `"w"`} {
		p.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"wait","arguments":{"text":"x"}}}`)
		p.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + id + `,"reason":"the user gave up"}}`)
	}
	// The next line is the answer to this ping: no response to the
	// cancelled calls came before it, and none comes after.
	p.call("8", "ping", `{}`)
	p.send(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"echo","arguments":{"text":"again"}}}`)
	r := p.recv()
	assert.Equal(t, "9", string(r.ID))
	assert.Contains(t, string(r.Result), "again")
	p.end()
}

// TestStdioProgressBeforeResponse: the server writes every progress
// notification of a call before the call's response, never after; a
// client that sees one late handles notifications apart from responses
// (the go-sdk's client does: see TestProgressReachesAnHTTPClient).
func TestStdioProgressBeforeResponse(t *testing.T) {
	p := runStdioTools(t, 0, progressTools())
	p.call("1", "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"v0"}}`)
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for i := range 20 {
		id := strconv.Itoa(10 + i)
		p.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"slow","arguments":{"text":"x"},"_meta":{"progressToken":"t` + id + `"}}}`)
		var progress int
		for {
			m := p.next()
			if m.Method == "notifications/progress" {
				progress++
				continue
			}
			require.Empty(t, m.Method, "%+v", m)
			require.Equal(t, id, string(m.ID))
			break
		}
		assert.Equal(t, 3, progress, "call %s: every progress notification came before the response", id)
	}
	p.end()
}
