package openai

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

// chatModel returns a Chat Completions model talking to srv.
func chatModel(t *testing.T, srv *providertest.Server, opts ...Option) *ChatModel {
	t.Helper()
	return chatModelAt(t, srv, "gpt-5.4", srv.URL()+"v1", opts...)
}

// responsesModel returns a Responses model talking to srv.
func responsesModel(t *testing.T, srv *providertest.Server, opts ...Option) *ResponsesModel {
	t.Helper()
	m, err := NewResponses("gpt-5.4", append([]Option{WithAPIKey("test-key"), WithBaseURL(srv.URL() + "v1"), WithHTTPClient(srv.Client())}, opts...)...)
	require.NoError(t, err)
	return m
}

// chatModelAt returns the Chat Completions model id at the provider's base
// URL, whose requests reach srv.
func chatModelAt(t *testing.T, srv *providertest.Server, id, base string, opts ...Option) *ChatModel {
	t.Helper()
	m, err := New(id, append([]Option{WithAPIKey("test-key"), WithBaseURL(base), WithHTTPClient(srv.Client())}, opts...)...)
	require.NoError(t, err)
	return m
}
