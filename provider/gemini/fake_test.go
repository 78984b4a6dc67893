package gemini

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/provider/providertest"
)

// reply is a raw answer of the fake server.
type reply = providertest.Reply

// newFakeServer starts a fake server that answers requests with replies,
// in order.
func newFakeServer(t *testing.T, replies ...reply) *providertest.Server {
	return providertest.NewServer(t, providertest.Replay(replies...)...)
}

// generativeModel returns the model id talking to srv, with fast retries.
func generativeModel(t *testing.T, srv *providertest.Server, id string, opts ...Option) *GenerativeModel {
	t.Helper()
	base := []Option{WithAPIKey("test-key"), WithBaseURL(srv.URL()), WithHTTPClient(srv.Client()), WithRetryDelay(time.Millisecond)}
	m, err := New(id, append(base, opts...)...)
	require.NoError(t, err)
	return m
}

// body decodes the body of request i into a map of its top-level fields.
func body(t *testing.T, srv *providertest.Server, i int) map[string]json.RawMessage {
	t.Helper()
	reqs := srv.Requests()
	require.Greater(t, len(reqs), i)
	var m map[string]json.RawMessage
	require.NoError(t, reqs[i].Decode(&m))
	return m
}

// content is a content of a request, its parts raw.
type content struct {
	Role  string            `json:"role"`
	Parts []json.RawMessage `json:"parts"`
}

// sentContents decodes the contents of request i.
func sentContents(t *testing.T, srv *providertest.Server, i int) []content {
	t.Helper()
	var req struct {
		Contents []content `json:"contents"`
	}
	reqs := srv.Requests()
	require.Greater(t, len(reqs), i)
	require.NoError(t, reqs[i].Decode(&req))
	return req.Contents
}
