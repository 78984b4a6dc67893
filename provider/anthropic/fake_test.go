package anthropic

import (
	"testing"

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

// messagesModel returns a Messages model talking to srv.
func messagesModel(t *testing.T, srv *providertest.Server, opts ...Option) *MessagesModel {
	t.Helper()
	m, err := New("claude-sonnet-4-5", append([]Option{WithAPIKey("test-key"), WithBaseURL(srv.URL()), WithHTTPClient(srv.Client())}, opts...)...)
	require.NoError(t, err)
	return m
}
