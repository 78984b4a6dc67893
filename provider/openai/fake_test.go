package openai

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/provider/providertest"
)

// reply is a raw answer of the fake server.
type reply = providertest.Reply

// fakeServer is the providers' fake server, answering with raw replies.
type fakeServer struct{ *providertest.Server }

// newFakeServer starts a fake server that answers requests with replies,
// in order.
func newFakeServer(t *testing.T, replies ...reply) *fakeServer {
	t.Helper()
	return &fakeServer{providertest.NewServer(t, providertest.Replay(replies...)...)}
}

// model returns a Chat Completions model talking to f.
func (f *fakeServer) model(t *testing.T, opts ...Option) *ChatModel {
	t.Helper()
	return f.chatModelAt(t, "gpt-5.4", f.URL()+"v1", opts...)
}

// responsesModel returns a Responses model talking to f.
func (f *fakeServer) responsesModel(t *testing.T, opts ...Option) *ResponsesModel {
	t.Helper()
	m, err := NewResponses("gpt-5.4", append([]Option{WithAPIKey("test-key"), WithBaseURL(f.URL() + "v1"), WithHTTPClient(f.Client())}, opts...)...)
	require.NoError(t, err)
	return m
}

// chatModelAt returns the Chat Completions model id at the provider's base
// URL, whose requests reach f.
func (f *fakeServer) chatModelAt(t *testing.T, id, base string, opts ...Option) *ChatModel {
	t.Helper()
	m, err := New(id, append([]Option{WithAPIKey("test-key"), WithBaseURL(base), WithHTTPClient(f.Client())}, opts...)...)
	require.NoError(t, err)
	return m
}

// responsesModelAt returns the Responses model id at OpenAI's base URL,
// whose requests reach f.
func (f *fakeServer) responsesModelAt(t *testing.T, id string, opts ...Option) *ResponsesModel {
	t.Helper()
	m, err := NewResponses(id, append([]Option{WithAPIKey("test-key"), WithHTTPClient(f.Client())}, opts...)...)
	require.NoError(t, err)
	return m
}

// sse renders JSON events as a Chat Completions stream ending in [DONE].
func sse(events ...string) string {
	var b strings.Builder
	for _, e := range events {
		b.WriteString("data: " + e + "\n\n")
	}
	b.WriteString("data: [DONE]\n\n")
	return b.String()
}
