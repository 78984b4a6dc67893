package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeStdio runs s over standard input and output, as MCP clients start
// local servers, until the client closes standard input or ctx ends;
// neither is an error.
//
// A bad line does not end the server, as it would with the SDK's
// StdioTransport: a line that is not JSON is answered with a JSON-RPC
// -32700 parse error, and one that is JSON but not a JSON-RPC 2.0 message
// (a batch, a message without "jsonrpc": "2.0" or without a method, an id
// that is not a string or an integer) or is longer than 16 MiB
// ([sdk.DefaultMaxLineLength]) with a -32600 invalid request error; then
// the server reads the next line. Blank lines are skipped. Standard output
// carries protocol messages only. [StdioTransport] has the details.
func ServeStdio(ctx context.Context, s *sdk.Server) error {
	err := s.Run(ctx, &StdioTransport{})
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil
	}
	return err
}

// A StdioTransport is an [sdk.Transport] that exchanges newline-delimited
// JSON-RPC messages over a reader and a writer, as MCP's stdio transport
// does, and survives clients that send bad lines: it answers them with a
// JSON-RPC error itself and reads on, instead of ending the session. Use it
// with [sdk.Server.Run] or [sdk.Server.Connect]; [ServeStdio] does.
//
// Each line is one message. A line that is empty or blank is skipped. A line
// that is not JSON is answered with code -32700 (parse error) and id null. A
// line that is JSON but not a JSON-RPC 2.0 message is answered with code
// -32600 (invalid request), with the message's id if it has a string or
// number id, or id null:
//
//   - an array: JSON-RPC batches are not supported (MCP allowed them only
//     in protocol version 2025-03-26 and dropped them in 2025-06-18);
//   - a number, string, boolean or null;
//   - an object whose "jsonrpc" is not "2.0";
//   - an id that is null, an object, an array, a boolean, or a number
//     other than an integer written as one within ±2^53 (1.5, 1e3 or 2^64,
//     which the SDK would answer with another id);
//   - a "method" that is not a string;
//   - an object with neither "method" nor "result" or "error";
//   - a message that the SDK's decoder refuses, such as one nested more
//     than 1,000 levels deep;
//   - a line longer than MaxLineLength: the rest of the line is read and
//     discarded, not kept, and the id is taken from the line's beginning if
//     it is there.
//
// A message without an id is answered too when it is not valid: JSON-RPC
// forbids answering notifications, but an invalid message is not one, and
// the JSON-RPC specification answers such messages with id null. Responses
// (messages with "result" or "error" and no "method") are never answered:
// one with a valid id goes to the SDK, which ignores ids it did not send;
// an invalid one is dropped. Every other message goes to the SDK as it is.
//
// A request that the client cancels (notifications/cancelled, naming a
// request still in flight) gets no response, as the specification asks;
// (The request stays in flight until its tool returns: a client must not
// use its id again before then.)
//
// The answers are written to Writer between the SDK's own messages, never
// inside one, so Writer carries protocol messages only.
type StdioTransport struct {
	// Reader is where messages come from; nil means os.Stdin. The
	// connection's Close closes it if it is an io.Closer.
	Reader io.Reader
	// Writer is where messages go; nil means os.Stdout. It is not closed.
	Writer io.Writer
	// MaxLineLength bounds the bytes of a line, not counting its end of
	// line (\n or \r\n), and so the memory a line takes; 0 means
	// [sdk.DefaultMaxLineLength] (16 MiB), and a negative value is an
	// error of Connect.
	MaxLineLength int
}

// Connect implements [sdk.Transport]: it starts reading Reader.
func (t *StdioTransport) Connect(context.Context) (sdk.Connection, error) {
	if t.MaxLineLength < 0 {
		return nil, fmt.Errorf("mcp: StdioTransport.MaxLineLength is %d; it must be positive, or 0 for the default", t.MaxLineLength)
	}
	c := &stdioConn{
		r:        t.Reader,
		w:        t.Writer,
		max:      t.MaxLineLength,
		incoming: make(chan msgOrErr),
		closed:   make(chan struct{}),
	}
	if c.r == nil {
		c.r = os.Stdin
	}
	if c.w == nil {
		c.w = os.Stdout
	}
	if c.max == 0 {
		c.max = sdk.DefaultMaxLineLength
	}
	go c.readLoop()
	return c, nil
}

// stdioConn is the connection of a StdioTransport.
type stdioConn struct {
	r   io.Reader
	w   io.Writer
	max int

	wmu sync.Mutex // serializes writes: the SDK's and the error replies

	// The calls read and not yet answered: the response to one the client
	// cancelled is not sent (the SDK answers every request).
	calls cancelledCalls

	// incoming carries the valid messages read by readLoop, and then the
	// error that ended it.
	incoming  chan msgOrErr
	closed    chan struct{}
	closeOnce sync.Once
	closeErr  error
}

type msgOrErr struct {
	msg jsonrpc.Message
	err error
}

// Read implements [sdk.Connection].
func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case m := <-c.incoming:
		return m.msg, m.err
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write implements [sdk.Connection]. The response to a request the
// client cancelled is dropped.
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if resp, ok := msg.(*jsonrpc.Response); ok && c.calls.end("", resp.ID) {
		return nil
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encode JSON-RPC message: %w", err)
	}
	return c.write(append(data, '\n'))
}

// write writes one line, unless the connection is closed.
func (c *stdioConn) write(line []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	select {
	case <-c.closed:
		return sdk.ErrConnectionClosed
	default:
	}
	_, err := c.w.Write(line)
	return err
}

// Close implements [sdk.Connection]. It closes the reader if it is an
// io.Closer; a read of os.Stdin that it does not unblock leaves readLoop
// behind, as the SDK's stdio transport does.
func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		if rc, ok := c.r.(io.Closer); ok {
			c.closeErr = rc.Close()
		}
	})
	return c.closeErr
}

// SessionID implements [sdk.Connection]: stdio has no session id.
func (c *stdioConn) SessionID() string { return "" }

// readLoop reads lines until the reader fails, answers the bad ones and
// passes the messages on to Read.
func (c *stdioConn) readLoop() {
	br := bufio.NewReaderSize(c.r, 64*1024)
	for {
		line, tooLong, err := readLine(br, c.max)
		var (
			msg   jsonrpc.Message
			reply []byte
		)
		switch {
		case tooLong:
			reply = errorReply(idFromPrefix(line), jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: the message is longer than %d bytes, this server's limit", c.max))
		case len(line) > 0:
			msg, reply = checkLine(line)
		}
		if reply != nil {
			if werr := c.write(reply); werr != nil && err == nil {
				err = werr
			}
		}
		if msg != nil {
			if req, ok := msg.(*jsonrpc.Request); ok {
				if req.IsCall() {
					c.calls.begin("", req.ID)
				} else {
					c.calls.cancel("", req)
				}
			}
			if !c.send(msgOrErr{msg: msg}) {
				return
			}
		}
		if err != nil {
			c.send(msgOrErr{err: err})
			return
		}
	}
}

// send passes m on to Read; it reports false if the connection closed
// first.
func (c *stdioConn) send(m msgOrErr) bool {
	select {
	case c.incoming <- m:
		return true
	case <-c.closed:
		return false
	}
}

// readLine returns the next line of br without its end of line (\n or
// \r\n) and surrounding blanks. A line of more than max bytes is skipped to
// its end: tooLong is true and line holds its beginning. The last line of
// the input needs no newline; err is io.EOF once the input is exhausted.
func readLine(br *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	// One byte over max is kept, for the \r of a \r\n.
	for {
		chunk, err := br.ReadSlice('\n')
		end := len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		if end {
			chunk = chunk[:len(chunk)-1]
		}
		if !tooLong {
			if len(line)+len(chunk) > max+1 {
				line = append(line, chunk[:max+1-len(line)]...)
				tooLong = true
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if n := len(line); !tooLong && n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		if tooLong || len(line) > max {
			return line, true, err
		}
		line = bytes.TrimSpace(line)
		if err == io.EOF && len(line) > 0 {
			err = nil // the last line; the next call returns io.EOF
		}
		return line, false, err
	}
}

// checkLine returns the message on line, or the error reply that answers
// it, or neither for a response that is dropped.
func checkLine(line []byte) (jsonrpc.Message, []byte) {
	if !json.Valid(line) {
		var v json.RawMessage
		err := json.Unmarshal(line, &v)
		return nil, errorReply(nil, jsonrpc.CodeParseError, "parse error: "+clip(err.Error()))
	}
	if line[0] == '[' {
		return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported (MCP dropped them in protocol version 2025-06-18); send one message per line")
	}
	if line[0] != '{' {
		return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, "invalid request: a JSON-RPC message is a JSON object, not "+kind(line))
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil {
		return nil, errorReply(nil, jsonrpc.CodeInvalidRequest, "invalid request: "+clip(err.Error()))
	}
	rawID, hasID := fields["id"]
	id, idProblem := json.RawMessage(nil), ""
	if hasID {
		id, idProblem = checkID(rawID)
	}
	method, hasMethod := fields["method"]
	_, hasResult := fields["result"]
	_, hasError := fields["error"]
	if !hasMethod && (hasResult || hasError) {
		// A response, never answered: the SDK ignores ids it did not send.
		// An invalid one is dropped, and so is one with an id that the SDK
		// would take for another (1.5 for 1).
		if idProblem != "" {
			return nil, nil
		}
		msg, err := jsonrpc.DecodeMessage(line)
		if err != nil {
			return nil, nil
		}
		return msg, nil
	}
	invalid := func(problem string) (jsonrpc.Message, []byte) {
		return nil, errorReply(id, jsonrpc.CodeInvalidRequest, "invalid request: "+problem)
	}
	switch v, ok := fields["jsonrpc"]; {
	case !ok:
		return invalid(`"jsonrpc" is missing; it must be "2.0"`)
	case !isVersion2(v):
		return invalid(clip(fmt.Sprintf(`"jsonrpc" is %s; it must be "2.0"`, v)))
	}
	if idProblem != "" {
		return invalid(idProblem)
	}
	if !hasMethod {
		return invalid(`no "method" (a request needs one; a response needs "result" or "error")`)
	}
	if method[0] != '"' {
		return invalid(`"method" is ` + kind(method) + "; it must be a string")
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return invalid(clip(err.Error()))
	}
	return msg, nil
}

// isVersion2 reports whether v, the value of "jsonrpc", is "2.0".
func isVersion2(v json.RawMessage) bool {
	var s string
	return json.Unmarshal(v, &s) == nil && s == "2.0"
}

// checkID checks a message's id, as the SDK takes it. problem is empty for
// a string, or an integer the SDK echoes exactly; reply is the id for an
// error reply: the client's for a string or number, else nil (null).
func checkID(raw json.RawMessage) (reply json.RawMessage, problem string) {
	switch raw[0] {
	case '"':
		return raw, ""
	case 'n':
		return nil, "the id is null; a request needs a string or integer id, and a notification has no id"
	case '{', '[', 't', 'f':
		return nil, "the id is " + kind(raw) + "; it must be a string or an integer"
	}
	// The SDK reads a number as a float64: an integer of more than 53 bits
	// would come back as another.
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil || n > 1<<53 || n < -1<<53 {
		return raw, clip(fmt.Sprintf("the id %s is not an integer within ±2^53; use a string or a smaller integer", raw))
	}
	return raw, ""
}

// idFromPrefix returns the id of the message that prefix begins, if it is a
// top-level "id" that comes before the prefix ends, for the reply to a line
// that is too long. Other ids are nil (null).
func idFromPrefix(prefix []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(prefix))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if key == "id" {
			id, _ := checkID(v)
			return id
		}
	}
	return nil
}

// kind names the kind of the JSON value v.
func kind(v []byte) string {
	switch v[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// errorReply is the line of a JSON-RPC error response; a nil id is null.
func errorReply(id json.RawMessage, code int, message string) []byte {
	var b bytes.Buffer
	b.WriteString(`{"jsonrpc":"2.0","id":`)
	if id == nil || json.Compact(&b, id) != nil {
		b.WriteString("null")
	}
	msg, _ := json.Marshal(message) // a string always marshals
	fmt.Fprintf(&b, `,"error":{"code":%d,"message":%s}}`+"\n", code, msg)
	return b.Bytes()
}
