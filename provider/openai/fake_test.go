package openai

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/provider/internal/replay"
)

// reply is a scripted answer of the shared test server.
type reply = replay.Reply

// fakeServer speaks the API's wire format from scripted replies, in order;
// the last reply repeats.
type fakeServer struct{ *replay.Server }

func newFakeServer(t *testing.T, replies ...reply) *fakeServer {
	t.Helper()
	return &fakeServer{replay.NewServer(t, replies...)}
}

// model returns a Chat Completions model talking to f through f.Transport.
func (f *fakeServer) model(t *testing.T, opts ...Option) *ChatModel {
	t.Helper()
	base := []Option{WithAPIKey("test-key"), WithBaseURL(f.URL + "/v1"), WithHTTPClient(&http.Client{Transport: f.Transport})}
	m, err := New("gpt-5.4", append(base, opts...)...)
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
