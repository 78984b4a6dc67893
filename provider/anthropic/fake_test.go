package anthropic

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

// model returns a Messages model talking to f through f.Transport.
func (f *fakeServer) model(t *testing.T, opts ...Option) *MessagesModel {
	t.Helper()
	base := []Option{WithAPIKey("test-key"), WithBaseURL(f.URL), WithHTTPClient(&http.Client{Transport: f.Transport})}
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
