package openai

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// reply is one scripted HTTP answer of a fakeServer.
type reply struct {
	status int
	header map[string]string
	body   string
	// sse sends body as text/event-stream, flushing after each event.
	sse bool
	// hang keeps the response open after body until the client goes away.
	hang bool
}

// recorded is one request a fakeServer received.
type recorded struct {
	method, path string
	header       http.Header
	body         []byte
}

// fakeServer speaks the API's wire format from scripted replies, in order;
// the last reply repeats.
type fakeServer struct {
	*httptest.Server
	t       *testing.T
	mu      sync.Mutex
	replies []reply
	reqs    []recorded
	// tr is the client transport of the models made by model.
	tr *http.Transport
}

func newFakeServer(t *testing.T, replies ...reply) *fakeServer {
	t.Helper()
	f := &fakeServer{t: t, replies: replies, tr: &http.Transport{}}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	t.Cleanup(f.tr.CloseIdleConnections)
	return f
}

func (f *fakeServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.reqs = append(f.reqs, recorded{method: r.Method, path: r.URL.Path, header: r.Header.Clone(), body: body})
	n := len(f.reqs)
	rep := f.replies[min(n, len(f.replies))-1]
	f.mu.Unlock()

	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	if rep.sse {
		w.Header().Set("Content-Type", "text/event-stream")
	} else if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(cmp(rep.status, http.StatusOK))
	if rep.sse {
		for ev := range strings.SplitAfterSeq(rep.body, "\n\n") {
			_, _ = io.WriteString(w, ev)
			w.(http.Flusher).Flush()
		}
	} else {
		_, _ = io.WriteString(w, rep.body)
	}
	if rep.hang {
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}
}

// requests returns the requests received so far.
func (f *fakeServer) requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.reqs...)
}

// model returns a Chat Completions model talking to f through f.tr.
func (f *fakeServer) model(t *testing.T, opts ...Option) *ChatModel {
	t.Helper()
	base := []Option{WithAPIKey("test-key"), WithBaseURL(f.URL + "/v1"), WithHTTPClient(&http.Client{Transport: f.tr})}
	m, err := New("gpt-5.4", append(base, opts...)...)
	require.NoError(t, err)
	return m
}

func cmp(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

func fixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(data)
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

// settleGoroutines closes f's idle client connections and waits until the
// number of goroutines is back to at most base, failing the test if it does
// not get there.
func (f *fakeServer) settleGoroutines(t *testing.T, base int) {
	t.Helper()
	f.tr.CloseIdleConnections()
	deadline := time.Now().Add(2 * time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= base {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("%d goroutines left behind (want at most %d):\n%s", n-base, base, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
