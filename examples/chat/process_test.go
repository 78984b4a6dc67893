package main

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/store/postgres/postgrestest"
)

// The tests of this file run the chat server as a real process, built
// once with go build, to stop it (SIGKILL) where a test wants and start
// another on the same database.

var chatBin struct {
	once sync.Once
	dir  string
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if chatBin.dir != "" {
		os.RemoveAll(chatBin.dir)
	}
	os.Exit(code)
}

// chatBinary builds the chat command, once for the tests of the package.
func chatBinary(t testing.TB) string {
	t.Helper()
	chatBin.once.Do(func() {
		chatBin.dir, chatBin.err = os.MkdirTemp("", "toolgen-chat-test-")
		if chatBin.err != nil {
			return
		}
		chatBin.path = filepath.Join(chatBin.dir, "chat")
		cmd := exec.Command("go", "build", "-o", chatBin.path, ".")
		out, err := cmd.CombinedOutput()
		if err != nil {
			chatBin.err = &buildError{err, out}
		}
	})
	require.NoError(t, chatBin.err)
	return chatBin.path
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + string(e.out) }

// proc is a chat server process.
type proc struct {
	t      testing.TB
	cmd    *exec.Cmd
	addr   string // host:port
	url    string // http://host:port
	stderr *syncBuffer
	exited chan struct{}
}

// startChat starts the chat binary on addr (127.0.0.1:0 for a free port)
// with the offline model and args, and waits until it listens.
func startChat(t testing.TB, bin, addr string, args ...string) *proc {
	t.Helper()
	var p *proc
	// A port just freed by a killed server is free again at once (Go
	// listens with SO_REUSEADDR), but retry a bind that fails anyway.
	deadline := time.Now().Add(10 * time.Second)
	for {
		var err error
		p, err = tryStartChat(t, bin, addr, args...)
		if err == nil {
			break
		}
		if time.Now().After(deadline) || !strings.Contains(err.Error(), "address already in use") {
			require.NoError(t, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Cleanup(p.kill)
	return p
}

func tryStartChat(t testing.TB, bin, addr string, args ...string) (*proc, error) {
	cmd := exec.Command(bin, append([]string{"-addr", addr, "-model="}, args...)...)
	cmd.Env = append(os.Environ(), "TOOLGEN_MODEL=")
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{t: t, cmd: cmd, stderr: stderr, exited: make(chan struct{})}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "chat: open "); ok {
				lines <- strings.TrimSuffix(u, "/")
			}
		}
		close(lines)
	}()
	go func() {
		cmd.Wait()
		close(p.exited)
	}()
	select {
	case u, ok := <-lines:
		if !ok {
			<-p.exited
			return nil, &startError{stderr.String()}
		}
		p.url = u
		p.addr = strings.TrimPrefix(u, "http://")
		return p, nil
	case <-time.After(20 * time.Second):
		p.kill()
		return nil, &startError{"no URL in 20 s; stderr:\n" + stderr.String()}
	}
}

type startError struct{ stderr string }

func (e *startError) Error() string { return "chat did not start: " + e.stderr }

// kill stops the server with SIGKILL, as a crash would, and waits for it.
func (p *proc) kill() {
	select {
	case <-p.exited:
		return
	default:
	}
	_ = p.cmd.Process.Kill()
	<-p.exited
	if p.t.Failed() {
		p.t.Logf("stderr of the server at %s:\n%s", p.addr, p.stderr.String())
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestBrowserRestart pauses a booking on the page, kills the server and
// starts another on the same address and SQLite file; the Approve button
// of the page as it was then resumes the run on the new server.
func TestBrowserRestart(t *testing.T) {
	browserDeps(t)
	bin := chatBinary(t)
	db := filepath.Join(t.TempDir(), "chat.db")
	p := startChat(t, bin, "127.0.0.1:0", "-db", db)
	first := p
	page := shoot(t, p.url, "chat-restart.png", "restart", func() {
		p.kill()
		p = startChat(t, bin, p.addr, "-db", db)
	})
	assert.NotSame(t, first, p, "the page did not pause")
	assert.Contains(t, page, "Book a table in Paris")
	assert.Contains(t, page, "bookTable")
	assert.Contains(t, page, "output-available")
	assert.Contains(t, page, `"city": "Paris"`)
	assert.Contains(t, page, "Done. A table for 2 in Paris at 19:30 is booked: booking BK-0001.")
	assert.Equal(t, 1, strings.Count(page, "ASSISTANT"), "the resumed run continues the assistant message")
	assert.NotContains(t, page, "Approve", "the approval buttons are gone once answered")
}

// TestKillMidResume kills a server while the booking it resumed waits
// for the booking service: the run is not lost. Once the claim's lease
// has expired, a second server resumes it again; the booking service
// gets the same Idempotency-Key (the call's id) both times and books
// once.
func TestKillMidResume(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		t.Parallel()
		testKillMidResume(t, filepath.Join(t.TempDir(), "chat.db"))
	})
	t.Run("postgres", func(t *testing.T) {
		t.Parallel()
		testKillMidResume(t, postgrestest.Database(t))
	})
}

func testKillMidResume(t *testing.T, db string) {
	const lease = 4 * time.Second // long enough for a second server to start and be refused on a loaded machine
	bin := chatBinary(t)
	svc, bookings := newBookingService(t, true)
	args := []string{"-db", db, "-bookings", bookings.URL, "-lease", lease.String()}
	first := startChat(t, bin, "127.0.0.1:0", args...)
	p := pauseBooking(t, first.url)

	// The first server takes the run, and the booking service books but
	// does not answer: the server is killed first.
	resumed := make(chan error, 1)
	go func() {
		status, raw, err := postAnswer(context.Background(), first.url, p, true)
		if err == nil {
			err = &startError{"the first resume ended: " + http.StatusText(status) + "\n" + string(raw)}
		}
		resumed <- err
	}()
	select {
	case <-svc.first:
	case err := <-resumed:
		t.Fatalf("the first resume ended before the booking: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("the booking service got no request")
	}
	first.kill()
	<-resumed // cut off: the stream breaks, or ends without the output

	// A second server refuses the run while the dead one's claim lasts,
	// then resumes it.
	second := startChat(t, bin, "127.0.0.1:0", args...)
	var status int
	var raw []byte
	taken := 0
	deadline := time.Now().Add(lease + 15*time.Second)
	for {
		var err error
		status, raw, err = postAnswer(t.Context(), second.url, p, true)
		require.NoError(t, err)
		if status != http.StatusConflict || !strings.Contains(string(raw), "being resumed") || time.Now().After(deadline) {
			break
		}
		taken++
		time.Sleep(100 * time.Millisecond)
	}
	require.Equal(t, http.StatusOK, status, "%s", raw)
	assert.Positive(t, taken, "the dead server's claim held the run until its lease expired")
	b := checkBooked(t, p, raw)

	keys, booked, bad := svc.requests()
	assert.Empty(t, bad)
	assert.Equal(t, []string{p.callID, p.callID}, keys, "both resumes sent the call's id as the Idempotency-Key")
	assert.Equal(t, 1, booked, "the service booked once")
	assert.Equal(t, "R-100", b.ID, "the booking the first resume made")

	answeredAlready(t, second.url, p)
}
