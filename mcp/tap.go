package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK's Tool type (go-sdk v1.8.0) does not hold all of a tool's
// definition as tools/list sends it: it has no execution member (MCP
// 2025-11-25, whose taskSupport "required" a client that does not run tasks
// must heed), and its ToolAnnotations decode readOnlyHint and idempotentHint
// into plain bools, which cannot tell false from absent. The SDK keeps no
// raw JSON of a result, so Connect reads the tools/list results off the
// connection itself while it lists the tools: a toolsTap sees the messages
// that the session sends and receives, notes the ids of the tools/list
// calls and records, by name, what the SDK leaves out of each tool of their
// results. The tools are decoded by the SDK as usual; the tap only adds to
// them.
//
// Where the tap cannot see the messages (see tapTransport), the Client
// falls back on the SDK's Tool alone: every tool is kept, and a
// readOnlyHint or idempotentHint of false counts as unset.

// maxTapped bounds the bytes the tap buffers of one message, as the SDK
// bounds an SSE event by default; a larger message is not recorded.
const maxTapped = sdk.DefaultMaxEventSize

// toolsTap records the definitions of the tools in the tools/list results of
// a connection until it is stopped. It is safe for concurrent use.
type toolsTap struct {
	off   atomic.Bool
	mu    sync.Mutex
	calls map[jsonrpc.ID]bool // the tools/list calls without a response yet
	tools map[string]rawTool  // by name
}

// rawTool is what the Client reads of a tool's definition beside sdk.Tool.
type rawTool struct {
	Name        string        `json:"name"`
	Annotations *rawHints     `json:"annotations"`
	Execution   *rawExecution `json:"execution"`
}

// rawHints are a tool's annotations, each hint nil when it is absent.
type rawHints struct {
	ReadOnly    *bool `json:"readOnlyHint"`
	Destructive *bool `json:"destructiveHint"`
	Idempotent  *bool `json:"idempotentHint"`
	OpenWorld   *bool `json:"openWorldHint"`
}

// rawExecution is a tool's execution member (MCP 2025-11-25).
type rawExecution struct {
	// TaskSupport is "forbidden" (the default), "optional" or "required".
	TaskSupport string `json:"taskSupport"`
}

// taskRequired reports whether the tool must be called as a task.
func (t rawTool) taskRequired() bool {
	return t.Execution != nil && t.Execution.TaskSupport == "required"
}

func newToolsTap() *toolsTap {
	return &toolsTap{calls: map[jsonrpc.ID]bool{}, tools: map[string]rawTool{}}
}

// stop ends the recording and drops what was recorded; the tap then lets
// every message pass untouched.
func (tp *toolsTap) stop() {
	tp.off.Store(true)
	tp.mu.Lock()
	defer tp.mu.Unlock()
	tp.calls, tp.tools = nil, nil
}

// lookup returns the recorded definition of the tool name.
func (tp *toolsTap) lookup(name string) (rawTool, bool) {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	t, ok := tp.tools[name]
	return t, ok
}

// sent notes msg, a message the session sends, if it is a tools/list call.
func (tp *toolsTap) sent(msg jsonrpc.Message) {
	if tp.off.Load() {
		return
	}
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.IsCall() || req.Method != "tools/list" {
		return
	}
	tp.mu.Lock()
	defer tp.mu.Unlock()
	tp.calls[req.ID] = true
}

// received records the tools of msg, a message the session receives, if it
// is the result of a tools/list call. A tool whose definition does not
// decode here is not recorded.
func (tp *toolsTap) received(msg jsonrpc.Message) {
	if tp.off.Load() {
		return
	}
	res, ok := msg.(*jsonrpc.Response)
	if !ok {
		return
	}
	tp.mu.Lock()
	defer tp.mu.Unlock()
	if !tp.calls[res.ID] {
		return
	}
	delete(tp.calls, res.ID)
	var result struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if res.Error != nil || json.Unmarshal(res.Result, &result) != nil {
		return
	}
	for _, data := range result.Tools {
		var t rawTool
		if json.Unmarshal(data, &t) == nil {
			tp.tools[t.Name] = t
		}
	}
}

// receivedData decodes data, a JSON-RPC message as an HTTP body or an SSE
// event carries it, and records it.
func (tp *toolsTap) receivedData(data []byte) {
	if msg, err := jsonrpc.DecodeMessage(data); err == nil {
		tp.received(msg)
	}
}

// tapTransport returns t with tp reading the messages of its connection.
//
// A StreamableClientTransport is copied with an http.Client whose round
// trips tp reads: its connection implements an unexported interface of the
// SDK, through which the session tells it the protocol version it
// negotiated, and which a wrapper of the connection would hide. The
// connections of the SDK's other client transports are wrapped. So is the
// connection of any other transport, unless it is one of the SDK's own
// types, which might be a streamable one: then tp sees nothing.
func tapTransport(t sdk.Transport, tp *toolsTap) sdk.Transport {
	switch t := t.(type) {
	case *sdk.StreamableClientTransport:
		c := *t
		c.HTTPClient = tapHTTPClient(t.HTTPClient, tp)
		return &c
	case *sdk.InMemoryTransport, *sdk.CommandTransport, *sdk.IOTransport, *sdk.StdioTransport,
		*sdk.SSEClientTransport, *sdk.LoggingTransport:
		return &tappedTransport{inner: t, tap: tp, known: true}
	}
	return &tappedTransport{inner: t, tap: tp}
}

// tappedTransport wraps the connection of a transport in a tappedConn.
type tappedTransport struct {
	inner sdk.Transport
	tap   *toolsTap
	known bool // inner is one of the SDK's transports whose connection may be wrapped
}

// sdkPackage is the import path of the SDK's mcp package.
var sdkPackage = reflect.TypeFor[sdk.InMemoryTransport]().PkgPath()

// Connect implements sdk.Transport.
func (t *tappedTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	conn, err := t.inner.Connect(ctx)
	if err != nil || !t.known && isSDKType(conn) {
		return conn, err
	}
	return &tappedConn{Connection: conn, tap: t.tap}, nil
}

// isSDKType reports whether v's type, or the type it points to, is declared
// in the SDK's mcp package.
func isSDKType(v any) bool {
	rt := reflect.TypeOf(v)
	if rt != nil && rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	return rt != nil && rt.PkgPath() == sdkPackage
}

// tappedConn is a connection whose messages a toolsTap sees.
type tappedConn struct {
	sdk.Connection
	tap *toolsTap
}

// Read implements sdk.Connection.
func (c *tappedConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		c.tap.received(msg)
	}
	return msg, err
}

// Write implements sdk.Connection. The call is noted before it is written,
// so that its response cannot arrive first.
func (c *tappedConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	c.tap.sent(msg)
	return c.Connection.Write(ctx, msg)
}

// tapHTTPClient returns a copy of hc (http.DefaultClient if nil) whose round
// trips tp reads.
func tapHTTPClient(hc *http.Client, tp *toolsTap) *http.Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	c := *hc
	base := c.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	c.Transport = &tapRoundTripper{base: base, tap: tp}
	return &c
}

// tapRoundTripper shows a toolsTap the tools/list calls posted over
// streamable HTTP and the responses to them, JSON or SSE, as the SDK reads
// them, and a stream that the SDK resumes (a GET with Last-Event-ID), which
// may carry the rest of such a response.
type tapRoundTripper struct {
	base http.RoundTripper
	tap  *toolsTap
}

// RoundTrip implements http.RoundTripper.
func (rt *tapRoundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if rt.tap.off.Load() {
		return rt.base.RoundTrip(req)
	}
	watch := req.Method == http.MethodGet && req.Header.Get("Last-Event-ID") != ""
	if req.Method == http.MethodPost {
		if msg, ok := postedMessage(req); ok {
			if r, ok := msg.(*jsonrpc.Request); ok && r.IsCall() && r.Method == "tools/list" {
				rt.tap.sent(msg)
				watch = true
			}
		}
	}
	resp, err := rt.base.RoundTrip(req)
	if err != nil || !watch || resp.Body == nil {
		return resp, err
	}
	switch mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt {
	case "application/json":
		resp.Body = &jsonTee{ReadCloser: resp.Body, tap: rt.tap}
	case "text/event-stream":
		resp.Body = &sseTee{ReadCloser: resp.Body, tap: rt.tap}
	}
	return resp, nil
}

// postedMessage decodes the JSON-RPC message that req posts, from a copy of
// its body.
func postedMessage(req *http.Request) (jsonrpc.Message, bool) {
	if req.GetBody == nil {
		return nil, false
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, false
	}
	defer body.Close()
	data, err := io.ReadAll(io.LimitReader(body, maxTapped))
	if err != nil {
		return nil, false
	}
	msg, err := jsonrpc.DecodeMessage(data)
	return msg, err == nil
}

// jsonTee shows a toolsTap the JSON-RPC message of an application/json body
// once the SDK has read all of it.
type jsonTee struct {
	io.ReadCloser
	tap  *toolsTap
	data []byte
	full bool // the body is over maxTapped: it is not recorded
}

// Read implements io.Reader.
func (t *jsonTee) Read(p []byte) (int, error) {
	n, err := t.ReadCloser.Read(p)
	if t.full || t.tap.off.Load() {
		return n, err
	}
	if len(t.data)+n > maxTapped {
		t.full, t.data = true, nil
		return n, err
	}
	t.data = append(t.data, p[:n]...)
	if err == io.EOF {
		t.tap.receivedData(t.data)
		t.data = nil
	}
	return n, err
}

// sseTee shows a toolsTap the JSON-RPC messages of a text/event-stream body
// as the SDK reads them: each event's data, its data lines joined with
// newlines, as the SDK joins them.
type sseTee struct {
	io.ReadCloser
	tap   *toolsTap
	line  []byte // the line read so far
	event []byte // the event's name
	data  []byte // the event's data so far
	has   bool   // the event has a data line
	full  bool   // an event is over maxTapped: the stream is no longer read
}

// Read implements io.Reader.
func (t *sseTee) Read(p []byte) (int, error) {
	n, err := t.ReadCloser.Read(p)
	if t.full || t.tap.off.Load() {
		return n, err
	}
	t.feed(p[:n])
	if err == io.EOF && !t.full {
		if len(t.line) > 0 {
			t.handleLine(t.line)
		}
		t.handleLine(nil)
	}
	return n, err
}

// feed splits b into lines, ended by "\n" or "\r\n".
func (t *sseTee) feed(b []byte) {
	for len(b) > 0 && !t.full {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			t.line = append(t.line, b...)
			t.full = len(t.line)+len(t.data) > maxTapped
			return
		}
		t.line = append(t.line, b[:i]...)
		t.handleLine(bytes.TrimSuffix(t.line, []byte("\r")))
		t.line = t.line[:0]
		b = b[i+1:]
	}
}

// handleLine handles one line of the stream: an empty one ends the event.
func (t *sseTee) handleLine(line []byte) {
	if len(line) == 0 {
		if t.has && (len(t.event) == 0 || string(t.event) == "message") {
			t.tap.receivedData(t.data)
		}
		t.event, t.data, t.has = t.event[:0], t.data[:0], false
		return
	}
	field, value, _ := bytes.Cut(line, []byte(":"))
	value = bytes.TrimPrefix(value, []byte(" "))
	switch string(field) {
	case "event":
		t.event = append(t.event[:0], value...)
	case "data":
		if t.has {
			t.data = append(t.data, '\n')
		}
		t.data = append(t.data, value...)
		t.has = true
		t.full = len(t.data) > maxTapped
	}
}
