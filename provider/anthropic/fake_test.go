package anthropic

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

// model returns a Messages model talking to f.
func (f *fakeServer) model(t *testing.T, opts ...Option) *MessagesModel {
	t.Helper()
	base := []Option{WithAPIKey("test-key"), WithBaseURL(f.URL()), WithHTTPClient(f.Client())}
	m, err := New("claude-sonnet-4-5", append(base, opts...)...)
	require.NoError(t, err)
	return m
}

// sse renders events, each a type and its JSON data, as a Messages stream.
func sse(events ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(events); i += 2 {
		b.WriteString("event: " + events[i] + "\ndata: " + events[i+1] + "\n\n")
	}
	return b.String()
}
