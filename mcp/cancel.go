package mcp

import (
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// cancelledCalls are the calls in flight on a transport, by session ("" over
// stdio), and whether the client cancelled each with notifications/cancelled.
// The specification says the receiver of a cancellation SHOULD NOT answer
// the request; the SDK answers every request, so the transports drop the
// response of a cancelled one. The zero value is ready to use.
//
// Over HTTP, a session's POSTs reach the SDK in no set order: a
// cancellation may be read before its call's POST begins. Such an early
// cancellation is kept, at most maxEarly of them, and the call that begins
// with its id starts cancelled; a client never cancels a call it has not
// sent.
type cancelledCalls struct {
	mu    sync.Mutex
	calls map[callKey]bool // in flight → cancelled
	early map[callKey]bool // cancelled before they began
}

// maxEarly bounds the early cancellations kept, against a client that
// cancels ids it never sends.
const maxEarly = 64

type callKey struct {
	session string
	id      jsonrpc.ID
}

// begin notes that the call id of session is in flight, cancelled only if
// an early cancellation named it (a client that reuses an id in flight
// starts a new call).
func (c *cancelledCalls) begin(session string, id jsonrpc.ID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.calls == nil {
		c.calls = map[callKey]bool{}
	}
	k := callKey{session, id}
	c.calls[k] = c.early[k]
	delete(c.early, k)
}

// cancel records the cancellation that the notification req is, if it is
// one, of a call of session in flight.
func (c *cancelledCalls) cancel(session string, req *jsonrpc.Request) {
	if req.Method != "notifications/cancelled" {
		return
	}
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(req.Params, &p) != nil {
		return
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	if err != nil {
		return
	}
	k := callKey{session, id}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch _, inFlight := c.calls[k]; {
	case inFlight:
		c.calls[k] = true
	case len(c.early) < maxEarly:
		if c.early == nil {
			c.early = map[callKey]bool{}
		}
		c.early[k] = true
	}
}

// isCancelled reports whether the client cancelled the call id of session.
func (c *cancelledCalls) isCancelled(session string, id jsonrpc.ID) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls[callKey{session, id}]
}

// end forgets the call id of session, answered or over, and reports
// whether the client cancelled it.
func (c *cancelledCalls) end(session string, id jsonrpc.ID) (cancelled bool) {
	k := callKey{session, id}
	c.mu.Lock()
	defer c.mu.Unlock()
	cancelled = c.calls[k]
	delete(c.calls, k)
	return cancelled
}
