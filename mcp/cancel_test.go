package mcp

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/stretchr/testify/assert"
)

func cancelNote(id any) *jsonrpc.Request {
	params, _ := json.Marshal(map[string]any{"requestId": id})
	return &jsonrpc.Request{Method: "notifications/cancelled", Params: params}
}

// TestCancelledCalls: a cancellation marks a call in flight of its session
// only; one that comes before its call is kept and cancels the call that
// begins with its id, up to maxEarly of them; other notifications are no
// cancellation.
func TestCancelledCalls(t *testing.T) {
	var c cancelledCalls
	seven, _ := jsonrpc.MakeID(float64(7))
	c.begin("a", seven)
	c.cancel("b", cancelNote(7))
	c.cancel("a", &jsonrpc.Request{Method: "notifications/progress", Params: json.RawMessage(`{"requestId":7}`)})
	assert.False(t, c.isCancelled("a", seven), "another session's, or not a cancellation")
	c.cancel("a", cancelNote(7))
	assert.True(t, c.isCancelled("a", seven))
	assert.True(t, c.end("a", seven))
	assert.False(t, c.isCancelled("a", seven), "forgotten once over")

	w, _ := jsonrpc.MakeID("w")
	c.cancel("a", cancelNote("w"))
	c.begin("a", w)
	assert.True(t, c.end("a", w), "an early cancellation cancels the call that comes")
	c.begin("a", w)
	assert.False(t, c.end("a", w), "only once")

	for i := range maxEarly + 10 {
		c.cancel("a", cancelNote(fmt.Sprint("x", i)))
	}
	assert.Len(t, c.early, maxEarly, "bounded (session b's early cancellation counts too)")
}
