// Package replay is the HTTP server that the provider adapters' tests
// (runtime/openai, runtime/anthropic) share: it answers with scripted raw
// replies, JSON or server-sent events, records every request, and checks
// that no goroutine is left behind. The adapters' tests write the wire
// format themselves, from recorded fixtures.
package replay

import (
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// Reply is one scripted HTTP answer.
type Reply struct {
	// Status is the HTTP status; 0 means 200.
	Status int
	// Header holds extra response headers.
	Header map[string]string
	// Body is the response body, as sent.
	Body string
	// SSE sends Body as text/event-stream, flushing after each event.
	SSE bool
	// Hang keeps the response open after Body until the client goes away.
	Hang bool
}

// Request is one request the server received.
type Request struct {
	Method, Path string
	Header       http.Header
	Body         []byte
}

// Server answers with its replies in order; the last one repeats.
type Server struct {
	*httptest.Server
	// Transport is the client transport to give the models under test, so
	// that SettleGoroutines can close its idle connections.
	Transport *http.Transport

	mu      sync.Mutex
	replies []Reply
	reqs    []Request
}

// NewServer starts a server that plays replies; it is closed when the test
// ends.
func NewServer(t *testing.T, replies ...Reply) *Server {
	t.Helper()
	s := &Server{replies: replies, Transport: &http.Transport{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	t.Cleanup(s.Transport.CloseIdleConnections)
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.reqs = append(s.reqs, Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
	rep := s.replies[min(len(s.reqs), len(s.replies))-1]
	s.mu.Unlock()

	for k, v := range rep.Header {
		w.Header().Set(k, v)
	}
	if rep.SSE {
		w.Header().Set("Content-Type", "text/event-stream")
	} else if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "application/json")
	}
	status := rep.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	if rep.SSE {
		for ev := range strings.SplitAfterSeq(rep.Body, "\n\n") {
			_, _ = io.WriteString(w, ev)
			w.(http.Flusher).Flush()
		}
	} else {
		_, _ = io.WriteString(w, rep.Body)
	}
	if rep.Hang {
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// SettleGoroutines closes the idle client connections of Transport and
// waits until the number of goroutines is back to at most base, failing the
// test if it does not get there.
func (s *Server) SettleGoroutines(t *testing.T, base int) {
	t.Helper()
	s.Transport.CloseIdleConnections()
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

// Fixture returns the contents of testdata/name.
func Fixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Recorded returns name, a real API exchange that another project
// recorded, from the recordings of provider ("openai", "anthropic",
// "gemini"). Those are third-party data, not in this repository: they live
// in the steering repository's shared/recorded/<provider>/ beside the
// repository's root, or in $TOOLGEN_RECORDED_<PROVIDER>. Each package's
// testdata/RECORDED.md says where every file comes from. The test is
// skipped, saying so, when the file is not there.
func Recorded(t *testing.T, provider, name string) []byte {
	t.Helper()
	dir := os.Getenv("TOOLGEN_RECORDED_" + strings.ToUpper(provider))
	if dir == "" {
		// Tests run in their package's directory, runtime/<provider>.
		dir = filepath.Join("..", "..", "..", "shared", "recorded", provider)
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("recorded exchange %s is not in %s (see testdata/RECORDED.md)", name, dir)
	}
	if err != nil {
		t.Fatal(err)
	}
	return data
}
