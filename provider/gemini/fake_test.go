package gemini

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

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

// model returns the model id talking to f through f.Transport, with fast
// retries.
func (f *fakeServer) model(t *testing.T, id string, opts ...Option) *GenerativeModel {
	t.Helper()
	base := []Option{WithAPIKey("test-key"), WithBaseURL(f.URL()), WithHTTPClient(f.Client()), WithRetryDelay(time.Millisecond)}
	m, err := New(id, append(base, opts...)...)
	require.NoError(t, err)
	return m
}

// body decodes the body of request i into a map of its top-level fields.
func (f *fakeServer) body(t *testing.T, i int) map[string]json.RawMessage {
	t.Helper()
	reqs := f.Requests()
	require.Greater(t, len(reqs), i)
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(reqs[i].Body, &m))
	return m
}

// sentContents decodes the contents of request i.
func (f *fakeServer) sentContents(t *testing.T, i int) []struct {
	Role  string            `json:"role"`
	Parts []json.RawMessage `json:"parts"`
} {
	t.Helper()
	var out []struct {
		Role  string            `json:"role"`
		Parts []json.RawMessage `json:"parts"`
	}
	require.NoError(t, json.Unmarshal(f.body(t, i)["contents"], &out))
	return out
}

// sse renders chunks, each the JSON of a GenerateContentResponse, as a
// streamGenerateContent body.
func sse(chunks ...string) string {
	var b strings.Builder
	for _, c := range chunks {
		b.WriteString("data: " + c + "\r\n\r\n")
	}
	return b.String()
}
