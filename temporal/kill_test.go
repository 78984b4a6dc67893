package temporal_test

// The kill tests run against a real Temporal server (the CLI's dev server,
// see internal/devserver) with worker processes built from
// testdata/killworker, and kill a worker with SIGKILL in the middle of a
// run. They skip without the CLI unless TOOLGEN_TEMPORAL=1, as .ci/run sets
// it, when they fail instead.
//
// What "every tool runs once" means here, precisely:
//   - a tool call that finished is never run again: its result is in the
//     workflow's history, and the worker that takes the run over replays it
//     rather than calling the tool;
//   - a call in flight when its worker dies is an attempt that never
//     completed. The idempotent tool's attempt times out (its
//     StartToCloseTimeout) and is retried on the new worker, so it starts
//     twice and completes once; a tool that is not idempotent gets one
//     attempt (at most once), so it would fail to the model, never run
//     twice.

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/temporal"
	"github.com/toolgen-go/toolgen/temporal/internal/devserver"
)

// killTimeout bounds each wait of the kill tests.
const killTimeout = 60 * time.Second

func TestKillWorkerMidToolCall(t *testing.T) {
	srv := devserver.Start(t)
	bin := buildKillWorker(t)
	dir := t.TempDir()
	queue := "kill-" + t.Name()
	c := dial(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 3*killTimeout)
	defer cancel()

	a := startWorker(t, bin, srv.HostPort, queue, dir)
	run, err := temporal.Start(ctx, c, client.StartWorkflowOptions{ID: "kill-run", TaskQueue: queue}, "kill", "go")
	if err != nil {
		t.Fatal(err)
	}
	// Worker A has run record and is blocked in wait: kill it there.
	waitForFile(t, filepath.Join(dir, "wait-start-"+a.pid()))
	a.kill(t)
	if got := markers(t, dir, "record-"); len(got) != 1 {
		t.Fatalf("record ran %d times before the kill: %v", len(got), got)
	}
	b := startWorker(t, bin, srv.HostPort, queue, dir)
	if err := os.WriteFile(filepath.Join(dir, "release"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := run.Result(ctx)
	if err != nil {
		t.Fatalf("the run failed after the kill: %v", err)
	}
	if res.Text != "done" {
		t.Errorf("final text %q, want %q", res.Text, "done")
	}
	// Every tool result the model saw is the tool's success.
	results := toolResults(res.Messages)
	if want := []string{`"recorded one"`, `"released"`}; !slices.Equal(results, want) {
		t.Errorf("tool results %v, want %v", results, want)
	}
	// record finished on A and was not run again on B.
	if got := markers(t, dir, "record-"); !slices.Equal(got, []string{"record-one-" + a.pid()}) {
		t.Errorf("record executions %v, want one, on worker A", got)
	}
	// wait was in flight on A: it started there and once more on B, and
	// completed once, on B.
	if got := markers(t, dir, "wait-start-"); !slices.Equal(got, sorted("wait-start-"+a.pid(), "wait-start-"+b.pid())) {
		t.Errorf("wait starts %v, want one on A and one on B", got)
	}
	if got := markers(t, dir, "wait-done-"); !slices.Equal(got, []string{"wait-done-" + b.pid()}) {
		t.Errorf("wait completions %v, want one, on worker B", got)
	}
}

func TestApprovalSurvivesWorkerRestart(t *testing.T) {
	srv := devserver.Start(t)
	bin := buildKillWorker(t)
	dir := t.TempDir()
	queue := "approve-" + t.Name()
	c := dial(t, srv)
	ctx, cancel := context.WithTimeout(context.Background(), 3*killTimeout)
	defer cancel()

	a := startWorker(t, bin, srv.HostPort, queue, dir)
	run, err := temporal.Start(ctx, c, client.StartWorkflowOptions{ID: "approve-run", TaskQueue: queue}, "approve", "deploy v2")
	if err != nil {
		t.Fatal(err)
	}
	st := waitPending(t, ctx, run)
	if len(st.Pending) != 1 || st.Pending[0].ToolName != "deploy" {
		t.Fatalf("pending %+v, want the deploy call", st.Pending)
	}
	a.kill(t)
	// No worker at all while the run waits: the wait holds no process.
	time.Sleep(time.Second)
	b := startWorker(t, bin, srv.HostPort, queue, dir)
	if err := run.Answer(ctx, agent.Answer{ToolCallID: st.Pending[0].ToolCallID, Approved: true}); err != nil {
		t.Fatal(err)
	}
	res, err := run.Result(ctx)
	if err != nil {
		t.Fatalf("the run failed after the restart: %v", err)
	}
	if res.Text != "deployed" {
		t.Errorf("final text %q, want %q", res.Text, "deployed")
	}
	if got := markers(t, dir, "deploy-"); !slices.Equal(got, []string{"deploy-" + b.pid()}) {
		t.Errorf("deploy executions %v, want one, on worker B", got)
	}
	if results := toolResults(res.Messages); !slices.Equal(results, []string{`"deployed v2"`}) {
		t.Errorf("tool results %v", results)
	}
}

// waitPending polls the run's status until it waits on a call.
func waitPending(t *testing.T, ctx context.Context, run *temporal.Run) *temporal.Status {
	t.Helper()
	deadline := time.Now().Add(killTimeout)
	for time.Now().Before(deadline) {
		st, err := run.Status(ctx)
		if err == nil && len(st.Pending) > 0 {
			return st
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("the run never waited for approval")
	return nil
}

// buildKillWorker builds testdata/killworker once per test binary.
func buildKillWorker(t *testing.T) string {
	t.Helper()
	killWorkerOnce.Do(func() {
		dir, err := os.MkdirTemp("", "killworker")
		if err != nil {
			killWorkerErr = err
			return
		}
		killWorkerBin = filepath.Join(dir, "killworker")
		out, err := exec.Command("go", "build", "-o", killWorkerBin, "./testdata/killworker").CombinedOutput()
		if err != nil {
			killWorkerErr = &buildError{err: err, out: string(out)}
		}
	})
	if killWorkerErr != nil {
		t.Fatalf("build the worker: %v", killWorkerErr)
	}
	return killWorkerBin
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

// workerProc is a worker process.
type workerProc struct {
	cmd  *exec.Cmd
	done chan struct{}
}

func (w *workerProc) pid() string { return strconv.Itoa(w.cmd.Process.Pid) }

// kill sends SIGKILL: no graceful stop, no chance to report the call.
func (w *workerProc) kill(t *testing.T) {
	t.Helper()
	if err := w.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-w.done
}

// startWorker starts a worker process and waits until it polls.
func startWorker(t *testing.T, bin, hostPort, queue, dir string) *workerProc {
	t.Helper()
	cmd := exec.Command(bin, "-hostport", hostPort, "-queue", queue, "-dir", dir)
	devserver.KillWithParent(cmd)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w := &workerProc{cmd: cmd, done: make(chan struct{})}
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		ok := false
		for !ok && sc.Scan() {
			ok = sc.Text() == "ready"
		}
		ready <- ok
		for sc.Scan() {
		}
		_ = cmd.Wait()
		close(w.done)
	}()
	t.Cleanup(func() {
		select {
		case <-w.done:
		default:
			_ = cmd.Process.Kill()
			<-w.done
		}
	})
	select {
	case ok := <-ready:
		if !ok {
			_ = cmd.Process.Kill()
			<-w.done
			t.Fatalf("the worker did not start: %s", stderr.String())
		}
	case <-time.After(killTimeout):
		t.Fatal("the worker did not start in time")
	}
	return w
}

func dial(t *testing.T, srv *devserver.Server) client.Client {
	t.Helper()
	c, err := srv.Dial()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// waitForFile waits until path exists.
func waitForFile(t *testing.T, path string) {
	t.Helper()
	deadline := time.Now().Add(killTimeout)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(path); err == nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s never appeared", filepath.Base(path))
}

// markers returns the sorted names of the files in dir that start with
// prefix.
func markers(t *testing.T, dir, prefix string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names
}

func sorted(s ...string) []string {
	slices.Sort(s)
	return s
}

// toolResults returns the text of every tool result in msgs, in order.
func toolResults(msgs []llm.Message) []string {
	var out []string
	for _, m := range msgs {
		for _, p := range m.Parts {
			if p.ToolResult != nil {
				out = append(out, p.ToolResult.Output.String())
			}
		}
	}
	return out
}

var (
	killWorkerOnce sync.Once
	killWorkerBin  string
	killWorkerErr  error
)
