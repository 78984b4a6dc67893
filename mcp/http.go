package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Defaults of [HTTPOptions].
const (
	// DefaultSessionIdleTimeout is how long a session may sit idle, with no
	// request in flight and no event stream open, before it is closed: 30
	// minutes. A client that holds its event stream open (as the MCP SDKs
	// do) keeps its session however long it waits between calls; one that
	// vanished without deleting its session frees it half an hour later.
	DefaultSessionIdleTimeout = 30 * time.Minute
	// DefaultMaxBodyBytes bounds the body of a request: 4 MiB, the SDK's
	// own default, far above the arguments a call may carry by default
	// (64 KiB, [schema.Limits]).
	DefaultMaxBodyBytes = 4 << 20
)

// HTTPOptions configure a server over streamable HTTP. The zero value (or
// nil) is ready to use.
type HTTPOptions struct {
	// AllowedOrigins are the origins, as a browser sends them in the Origin
	// header ("https://app.example.com", "http://localhost:6274": a scheme,
	// a host and an optional port, no path), from which browsers may call
	// the server, beside those allowed by default (see [HTTPHandler]).
	AllowedOrigins []string
	// SessionIdleTimeout closes a session that has had no request in flight
	// and no event stream (GET) open for this long; its id is then answered
	// 404 Not Found, which tells the client to initialize a new session. 0
	// means [DefaultSessionIdleTimeout]; a negative value keeps sessions
	// until the client deletes them or the process ends. It replaces
	// SDK.SessionTimeout, which is ignored.
	SessionIdleTimeout time.Duration
	// MaxBodyBytes bounds the body of a request: a larger one is answered
	// 413 Content Too Large. 0 means [DefaultMaxBodyBytes]; a negative value
	// means no bound, not for a server that untrusted clients reach. It
	// replaces SDK.MaxRequestBodyBytes, which is ignored. The arguments of a
	// tools/call are bounded apart, by [ServerOptions].Limits: a call
	// within MaxBodyBytes whose arguments are over those limits is an
	// isError result that names the limit.
	MaxBodyBytes int64
	// SDK is passed to the SDK's streamable HTTP handler, but for the two
	// fields above; nil means its defaults, among them DNS-rebinding
	// protection on loopback. With SDK.Stateless, there are no sessions:
	// nothing about sessions below applies. A server whose
	// sdk.ServerOptions.GetSessionID returns "" has no sessions either, and
	// must be served with SDK.Stateless.
	SDK *sdk.StreamableHTTPOptions
}

// HTTPHandler returns an http.Handler that serves s over MCP's streamable
// HTTP transport (specification 2025-06-18 and 2025-11-25,
// basic/transports), one session per client. opts may be nil. Every error
// it answers has a JSON-RPC error object as its body, with Content-Type
// application/json, and no id, since it answers the HTTP request rather
// than a JSON-RPC call (a client such as the Go SDK's reads a 404 whose
// body has an id as a failed call, not as a lost session). In this order:
//
//   - Origin. Every request's Origin header is checked first, as the
//     specification requires (basic/transports, "Security Warning"): a
//     browser page of another site must not reach the server's tools
//     through a user's browser. A request without Origin (an MCP SDK, a
//     command-line client) passes. A request with Origin passes only when
//     the origin is in opts.AllowedOrigins, or when the request arrived on
//     a loopback address and the origin is a loopback one
//     (http://localhost:6274, the MCP Inspector's page, say). Any other
//     origin, "null" and the server's own among them (a page of a
//     DNS-rebinding attack claims that one), is answered 403 Forbidden
//     (code -32600), and the request reaches no session and no tool. A
//     browser page served beside the server needs its origin in
//     AllowedOrigins.
//   - Body size. A POST body over opts.MaxBodyBytes (4 MiB by default) is
//     answered 413 Content Too Large (code -32600, the message says the
//     limit). Arguments over ServerOptions.Limits in a smaller body are the
//     tool call's isError result, naming the limit.
//   - Session. Only an initialize request, alone in its POST, may come
//     without an Mcp-Session-Id header; it creates a session, whose id the
//     response's Mcp-Session-Id header carries. Any other POST, GET or
//     DELETE without one is answered 400 Bad Request (code -32000) and
//     creates no session. An id that names no session (never issued,
//     deleted, or closed as idle) is answered 404 Not Found (code -32001,
//     "Session not found"): the client must initialize anew.
//   - Idle sessions. A session with no request in flight and no event
//     stream open for opts.SessionIdleTimeout (30 minutes by default) is
//     closed. A long tool call or an open GET stream keeps it.
//   - Methods. POST carries JSON-RPC messages; a request is answered with
//     an event stream or, from the SDK's JSONResponse option, a JSON
//     object. A request for a method that the server does not have is
//     answered 200 with a JSON-RPC error for its id, code -32601 ("Method
//     not found"), as over stdio; such a notification is ignored (202
//     Accepted). GET opens the session's event stream (its Accept must
//     include text/event-stream, or 400). DELETE closes the session (204
//     No Content); its id is then answered 404. Any other HTTP method is
//     answered 405 Method Not Allowed with an Allow header.
//   - Messages. A POST body is checked as a line over stdio is: one that
//     is not JSON is answered 400 with code -32700 (Parse error); JSON that
//     is not a JSON-RPC 2.0 message (not an object, no "jsonrpc": "2.0",
//     an id without a method, a method that is not a string) 400 with
//     code -32600 (Invalid Request), carrying the message's id when it can
//     be read and null otherwise. Neither reaches a session.
//   - Cancellation. A tools/call (or any call) that the client cancels with
//     notifications/cancelled in the same session gets no response: its
//     event stream ends without one, as the specification asks.
//   - Anything else the SDK refuses keeps the SDK's status and message, in
//     a JSON-RPC error (code -32600): a request that arrived on a loopback
//     address with a Host that is not a loopback name (DNS-rebinding
//     protection): 403; a Content-Type that is not application/json: 415;
//     an Accept without both application/json and text/event-stream, an
//     unsupported Mcp-Protocol-Version, a batch the SDK refuses: 400.
func HTTPHandler(s *sdk.Server, opts *HTTPOptions) http.Handler {
	if opts == nil {
		opts = &HTTPOptions{}
	}
	h := &httpHandler{allowed: map[string]bool{}, maxBody: opts.MaxBodyBytes}
	for _, o := range opts.AllowedOrigins {
		if n, ok := normalizeOrigin(o); ok {
			h.allowed[n] = true
		}
	}
	if h.maxBody == 0 {
		h.maxBody = DefaultMaxBodyBytes
	}
	var so sdk.StreamableHTTPOptions
	if opts.SDK != nil {
		so = *opts.SDK
	}
	so.MaxRequestBodyBytes = h.maxBody
	// Idle sessions are closed here rather than by the SDK's
	// SessionTimeout, which counts only POSTs as activity: a client waiting
	// on its event stream would lose its session.
	so.SessionTimeout = 0
	h.stateless = so.Stateless
	if timeout := opts.SessionIdleTimeout; !h.stateless && timeout >= 0 {
		if timeout == 0 {
			timeout = DefaultSessionIdleTimeout
		}
		h.idle = &idleSessions{server: s, timeout: timeout, sessions: map[string]*idleSession{}}
	}
	h.next = sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, &so)
	return h
}

// JSON-RPC error codes of the answers of [HTTPHandler]: beside JSON-RPC's
// own, those of the TypeScript SDK's server, which clients look for.
const (
	codeSessionRequired = -32000
	codeSessionNotFound = -32001
)

// sdkNotHandled begins the SDK's 400 answer to a request whose method it
// does not have (jsonrpc2.ErrNotHandled, which it does not export).
const sdkNotHandled = "JSON RPC not handled"

// httpHandler is the handler HTTPHandler returns.
type httpHandler struct {
	next      http.Handler
	allowed   map[string]bool // normalized origins
	maxBody   int64           // negative: no bound
	stateless bool
	idle      *idleSessions // nil: idle sessions are kept
	calls     cancelledCalls
}

func (h *httpHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if origin, present := r.Header["Origin"]; present && !originAllowed(r, origin, h.allowed) {
		writeError(w, http.StatusForbidden, jsonrpc.CodeInvalidRequest, "Forbidden: the request's Origin is not allowed")
		return
	}
	var msgs []jsonrpc.Message // a POST's messages, if they parse
	batch := false
	if r.Method == http.MethodPost {
		body, err := h.readBody(w, r)
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				writeError(w, http.StatusRequestEntityTooLarge, jsonrpc.CodeInvalidRequest, fmt.Sprintf(
					"Content Too Large: the request body is over the server's limit of %s", formatBytes(mbe.Limit)))
			} else {
				writeError(w, http.StatusBadRequest, jsonrpc.CodeInvalidRequest, "Bad Request: reading the request body failed")
			}
			return
		}
		// A single message is checked as over stdio (checkLine): JSON that
		// is not a valid JSON-RPC message is an invalid request (-32600),
		// only text that is not JSON a parse error (-32700).
		if trimmed := bytes.TrimSpace(body); len(trimmed) > 0 && (trimmed[0] != '[' || !json.Valid(trimmed)) {
			if _, reply := checkLine(trimmed); reply != nil {
				writeReply(w, http.StatusBadRequest, reply)
				return
			}
		}
		msgs, batch = parseMessages(body)
	}
	session := r.Header.Get(sessionIDHeader)
	init := len(msgs) == 1 && !batch && isInitialize(msgs[0])
	if !h.stateless && session == "" && !init {
		switch {
		case r.Method == http.MethodPost && msgs == nil:
			writeError(w, http.StatusBadRequest, jsonrpc.CodeParseError, "Parse error: the body is not a JSON-RPC message")
			return
		case r.Method == http.MethodPost || r.Method == http.MethodGet || r.Method == http.MethodDelete:
			writeError(w, http.StatusBadRequest, codeSessionRequired,
				"Bad Request: an Mcp-Session-Id header is required; only an initialize request, alone in its POST, comes without one")
			return
		}
	}
	ew := &errorWriter{ResponseWriter: w}
	if h.idle != nil {
		switch {
		case session != "":
			defer h.idle.begin(session)()
		case init:
			// The new session is idle once this request is over; it is
			// registered before the client can read its id.
			end := func() {}
			defer func() { end() }()
			ew.onHeader = func(hdr http.Header) {
				if id := hdr.Get(sessionIDHeader); id != "" {
					end = h.idle.add(id)
				}
			}
		}
	}
	if session != "" && len(msgs) == 1 && !batch {
		if req, ok := msgs[0].(*jsonrpc.Request); ok {
			if req.IsCall() {
				h.calls.begin(session, req.ID)
				defer h.calls.end(session, req.ID)
				ew.cancelled = func() bool { return h.calls.isCancelled(session, req.ID) }
				ew.id = req.ID
			} else {
				h.calls.cancel(session, req)
			}
		}
	}
	h.next.ServeHTTP(ew, r)
	ew.finish(msgs, batch)
	if h.idle != nil && r.Method == http.MethodDelete && ew.status == http.StatusNoContent {
		h.idle.remove(session)
	}
}

// sessionIDHeader is the header that carries a session's id.
const sessionIDHeader = "Mcp-Session-Id"

// readBody reads r's body within h.maxBody and leaves a copy for the SDK.
func (h *httpHandler) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if r.Body == nil {
		return nil, nil
	}
	body := r.Body
	if h.maxBody > 0 {
		body = http.MaxBytesReader(w, r.Body, h.maxBody)
	}
	data, err := io.ReadAll(body)
	if err != nil {
		return nil, err
	}
	r.Body = io.NopCloser(bytes.NewReader(data))
	return data, nil
}

// parseMessages returns the JSON-RPC messages of a POST's body, one or a
// batch, or nil when it is not JSON-RPC.
func parseMessages(body []byte) (msgs []jsonrpc.Message, batch bool) {
	body = bytes.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		var raws []json.RawMessage
		if json.Unmarshal(body, &raws) != nil || len(raws) == 0 {
			return nil, true
		}
		msgs := make([]jsonrpc.Message, len(raws))
		for i, raw := range raws {
			m, err := jsonrpc.DecodeMessage(raw)
			if err != nil {
				return nil, true
			}
			msgs[i] = m
		}
		return msgs, true
	}
	m, err := jsonrpc.DecodeMessage(body)
	if err != nil {
		return nil, false
	}
	return []jsonrpc.Message{m}, false
}

// isInitialize reports whether m is an initialize request.
func isInitialize(m jsonrpc.Message) bool {
	req, ok := m.(*jsonrpc.Request)
	return ok && req.Method == "initialize" && req.IsCall()
}

// writeError answers the HTTP request with status and a JSON-RPC error
// without id.
func writeError(w http.ResponseWriter, status int, code int64, msg string) {
	writeResponse(w, status, &jsonrpc.Response{Error: &jsonrpc.Error{Code: code, Message: msg}})
}

// writeReply answers the HTTP request with status and reply, an encoded
// JSON-RPC response.
func writeReply(w http.ResponseWriter, status int, reply []byte) {
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(reply)
}

// writeResponse answers the HTTP request with status and resp.
func writeResponse(w http.ResponseWriter, status int, resp *jsonrpc.Response) {
	data, err := jsonrpc.EncodeMessage(resp)
	if err != nil {
		data = []byte(`{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error"}}`)
		status = http.StatusInternalServerError
	}
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

// formatBytes writes n bytes for a message: "4194304 bytes (4 MiB)".
func formatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d bytes (%d MiB)", n, n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d bytes (%d KiB)", n, n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// errorWriter passes the SDK's answers through, but for its plain-text
// errors (http.Error), which it holds back for finish to rewrite as
// JSON-RPC errors.
type errorWriter struct {
	http.ResponseWriter
	onHeader func(http.Header) // if set, called with the header as it is written
	status   int               // the status written, 0 before
	held     bool              // a plain-text error is held back
	text     bytes.Buffer      // its text
	// id is the id of the request of the POST, if it is one call, and
	// cancelled reports whether the client cancelled it: its response
	// event is then dropped.
	id        jsonrpc.ID
	cancelled func() bool
}

func (w *errorWriter) WriteHeader(status int) {
	if w.status != 0 {
		return
	}
	w.status = status
	if w.onHeader != nil {
		w.onHeader(w.Header())
	}
	if status >= 400 && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.held = true
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *errorWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.held {
		return w.text.Write(p)
	}
	if w.cancelled != nil && isResponseEvent(p, w.id) && w.cancelled() {
		// The specification: the receiver of a cancellation SHOULD NOT send
		// a response for the cancelled request. The SDK sends one; the
		// stream ends without it.
		return len(p), nil
	}
	return w.ResponseWriter.Write(p)
}

// isResponseEvent reports whether p is a server-sent event (the SDK writes
// one in each Write) that carries the response to the request id.
func isResponseEvent(p []byte, id jsonrpc.ID) bool {
	_, data, ok := bytes.Cut(p, []byte("data: "))
	if !ok {
		return false
	}
	msg, err := jsonrpc.DecodeMessage(bytes.TrimSpace(data))
	if err != nil {
		return false
	}
	resp, ok := msg.(*jsonrpc.Response)
	return ok && resp.ID == id
}

// Flush flushes what is not held back, for the SDK's event streams.
func (w *errorWriter) Flush() {
	if !w.held {
		_ = http.NewResponseController(w.ResponseWriter).Flush()
	}
}

// Unwrap gives http.ResponseController the underlying ResponseWriter.
func (w *errorWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes the error held back, if any, as a JSON-RPC error; msgs are
// the request's messages, a batch or not. The SDK's refusal of a request
// for a method it does not have becomes that request's JSON-RPC error, as
// over stdio.
func (w *errorWriter) finish(msgs []jsonrpc.Message, batch bool) {
	if !w.held {
		return
	}
	text := strings.TrimSpace(w.text.String())
	w.Header().Del("X-Content-Type-Options")
	status, code := w.status, int64(jsonrpc.CodeInvalidRequest)
	switch {
	case status == http.StatusBadRequest && strings.HasPrefix(text, sdkNotHandled):
		if len(msgs) == 1 && !batch {
			req, _ := msgs[0].(*jsonrpc.Request)
			if req != nil && !req.IsCall() {
				// A notification no one handles is dropped, as over stdio.
				w.Header().Del("Content-Type")
				w.ResponseWriter.WriteHeader(http.StatusAccepted)
				return
			}
			if req != nil {
				writeResponse(w.ResponseWriter, http.StatusOK, &jsonrpc.Response{ID: req.ID, Error: &jsonrpc.Error{
					Code: jsonrpc.CodeMethodNotFound, Message: fmt.Sprintf("Method not found: %q", req.Method)}})
				return
			}
		}
		code = jsonrpc.CodeMethodNotFound // in a batch
	case status == http.StatusNotFound:
		code, text = codeSessionNotFound, "Session not found: the session ended or never existed; initialize a new one"
	case status >= 500:
		code = jsonrpc.CodeInternalError
	}
	writeError(w.ResponseWriter, status, code, text)
}

// idleSessions closes the sessions that sit idle for timeout: no request
// in flight, no event stream open.
type idleSessions struct {
	server  *sdk.Server
	timeout time.Duration

	mu       sync.Mutex
	sessions map[string]*idleSession // by session id
}

type idleSession struct {
	busy  int         // requests in flight, event streams included
	timer *time.Timer // runs while busy is 0; nil before the first time
}

// add registers the new session id, busy with the request that created
// it, which calls end when it is over.
func (t *idleSessions) add(id string) (end func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sessions[id] == nil {
		t.sessions[id] = &idleSession{}
	}
	return t.beginLocked(id)
}

// remove forgets session id, which was closed.
func (t *idleSessions) remove(id string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if is := t.sessions[id]; is != nil {
		if is.timer != nil {
			is.timer.Stop()
		}
		delete(t.sessions, id)
	}
}

// begin stops the idle clock of session id, if it is one, for a request;
// the request calls end when it is over.
func (t *idleSessions) begin(id string) (end func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.beginLocked(id)
}

func (t *idleSessions) beginLocked(id string) (end func()) {
	is := t.sessions[id]
	if is == nil {
		return func() {}
	}
	is.busy++
	if is.timer != nil {
		is.timer.Stop()
	}
	return func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		is.busy--
		switch {
		case is.busy > 0 || t.sessions[id] != is:
		case is.timer == nil:
			is.timer = time.AfterFunc(t.timeout, func() { t.expire(id, is) })
		default:
			is.timer.Reset(t.timeout)
		}
	}
}

// expire closes session id, unless a request began since its timer fired.
func (t *idleSessions) expire(id string, is *idleSession) {
	t.mu.Lock()
	if t.sessions[id] != is || is.busy > 0 {
		t.mu.Unlock()
		return
	}
	delete(t.sessions, id)
	t.mu.Unlock()
	for ss := range t.server.Sessions() {
		if ss.ID() == id {
			ss.Close()
		}
	}
}

// originAllowed reports whether the Origin header values of r may call
// the server: exactly one origin, either one of allowed or a loopback
// origin on a request that arrived on loopback.
func originAllowed(r *http.Request, values []string, allowed map[string]bool) bool {
	if len(values) != 1 {
		return false
	}
	origin, ok := normalizeOrigin(values[0])
	if !ok {
		return false // "null", or not an origin
	}
	if allowed[origin] {
		return true
	}
	u, _ := url.Parse(origin)
	local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	return isLoopbackAddr(local) && isLoopbackHost(u.Hostname())
}

// normalizeOrigin returns origin as scheme://host:port, lower case, with
// the scheme's default port made explicit; ok is false for anything but
// an http or https origin with a host and no path, query or user.
func normalizeOrigin(origin string) (string, bool) {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", false
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + net.JoinHostPort(host, port), true
}

// isLoopbackAddr reports whether a is a TCP address on a loopback interface.
func isLoopbackAddr(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// isLoopbackHost reports whether host names the loopback interface.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ListenAndServe serves s over streamable HTTP at addr, on every path, with
// [HTTPHandler] (opts may be nil), until ctx ends; it then shuts the
// listener down, giving calls in flight five seconds to finish. If ready is
// not nil, it is called with the listener's address once the server accepts
// connections (useful with port 0).
func ListenAndServe(ctx context.Context, addr string, s *sdk.Server, opts *HTTPOptions, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve MCP over HTTP: %w", err)
	}
	hs := &http.Server{Handler: HTTPHandler(s, opts), ReadHeaderTimeout: 10 * time.Second}
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve MCP over HTTP: %w", err)
	case <-ctx.Done():
	}
	// Calls in flight get a grace period. A client's event stream (the GET
	// of streamable HTTP) never goes idle, so Shutdown alone could wait for
	// it until the deadline: once the grace period ends, the remaining
	// connections are closed.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shut down MCP HTTP server: %w", err)
	}
	if err := hs.Close(); err != nil {
		return fmt.Errorf("shut down MCP HTTP server: %w", err)
	}
	return nil
}
