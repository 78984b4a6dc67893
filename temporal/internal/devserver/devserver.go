// Package devserver starts the Temporal CLI's dev server for the tests of
// the temporal module that need a real server: `temporal server start-dev
// --headless` on loopback, with its in-memory database, on free ports.
//
// The CLI is not a Go dependency of the module; .ci/temporal-dev-server
// builds it once from the Go module proxy into the repository's .cache/bin.
// The binary is found, in order, at $TOOLGEN_TEMPORAL_CLI, at .cache/bin/temporal
// in this directory or one above it, and as temporal on $PATH.
//
// Without the binary, [Start] skips the test, unless $TOOLGEN_TEMPORAL is 1
// (as .ci/run sets it), when it fails it: CI must not skip the tests that
// prove a run survives a crash.
package devserver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/log"
)

// Namespace is the namespace the dev server creates and the tests use.
const Namespace = "default"

// startTimeout bounds the wait for the server to answer a health check.
const startTimeout = 60 * time.Second

// Required reports whether a missing server fails a test rather than skips
// it: $TOOLGEN_TEMPORAL is 1.
func Required() bool { return os.Getenv("TOOLGEN_TEMPORAL") == "1" }

// Binary returns the path of the Temporal CLI, or an error saying where it
// was looked for.
func Binary() (string, error) {
	if p := os.Getenv("TOOLGEN_TEMPORAL_CLI"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("TOOLGEN_TEMPORAL_CLI: %w", err)
		}
		return p, nil
	}
	if dir, err := os.Getwd(); err == nil {
		for {
			p := filepath.Join(dir, ".cache", "bin", "temporal")
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	if p, err := exec.LookPath("temporal"); err == nil {
		return p, nil
	}
	return "", errors.New("the Temporal CLI is not built: run .ci/temporal-dev-server build " +
		"(or set TOOLGEN_TEMPORAL_CLI to its path)")
}

// Server is a running dev server.
type Server struct {
	// HostPort is the frontend's address, for client.Options.HostPort.
	HostPort string

	cmd  *exec.Cmd
	out  *syncBuffer
	done chan struct{}
}

// Start starts a dev server for t, waits until it answers a health check
// and stops it when t ends. It skips t when the CLI is missing, unless
// [Required].
func Start(t testing.TB) *Server {
	t.Helper()
	return StartWith(t)
}

// EagerActivities is the dynamic configuration that lets the server hand
// an activity to the worker whose workflow task scheduled it, in the
// answer to that task, rather than through the task queue. The server's
// default is off.
const EagerActivities = "system.enableActivityEagerExecution=true"

// StartWith is [Start] with dynamic configuration values for the server,
// each KEY=VALUE, such as [EagerActivities].
func StartWith(t testing.TB, dynamicConfig ...string) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		if Required() {
			t.Fatalf("TOOLGEN_TEMPORAL=1 but %v", err)
		}
		t.Skipf("no Temporal dev server (set TOOLGEN_TEMPORAL=1 to fail instead): %v", err)
	}
	s, err := Launch(bin, dynamicConfig...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Stop(); err != nil {
			t.Errorf("stop the dev server: %v", err)
		}
	})
	return s
}

// Launch starts the dev server of the CLI at bin on free loopback ports,
// with the dynamic configuration values dynamicConfig (each KEY=VALUE), and
// waits until it answers a health check.
func Launch(bin string, dynamicConfig ...string) (*Server, error) {
	ports, err := freePorts(3)
	if err != nil {
		return nil, fmt.Errorf("dev server: %w", err)
	}
	hostPort := net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0]))
	args := []string{"server", "start-dev",
		"--headless",
		"--ip", "127.0.0.1",
		"--port", strconv.Itoa(ports[0]),
		"--http-port", strconv.Itoa(ports[1]),
		"--metrics-port", strconv.Itoa(ports[2]),
		"--namespace", Namespace,
		"--log-level", "warn",
	}
	for _, kv := range dynamicConfig {
		args = append(args, "--dynamic-config-value", kv)
	}
	cmd := exec.Command(bin, args...)
	KillWithParent(cmd)
	out := &syncBuffer{}
	cmd.Stdout = out
	cmd.Stderr = out
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	s := &Server{HostPort: hostPort, cmd: cmd, out: out, done: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(s.done)
	}()
	if err := s.waitHealthy(startTimeout); err != nil {
		_ = s.Stop()
		return nil, fmt.Errorf("dev server on %s: %w\n%s", hostPort, err, out.String())
	}
	return s, nil
}

// Dial returns a client of the server's namespace.
func (s *Server) Dial() (client.Client, error) {
	return s.DialOptions(client.Options{})
}

// DialOptions is Dial with opts, whose HostPort, Namespace and Logger it
// sets: interceptors, say.
func (s *Server) DialOptions(opts client.Options) (client.Client, error) {
	opts.HostPort, opts.Namespace, opts.Logger = s.HostPort, Namespace, quiet{}
	return client.Dial(opts)
}

// Output returns what the server printed so far.
func (s *Server) Output() string { return s.out.String() }

// Stop stops the server: an interrupt, then a kill after ten seconds.
func (s *Server) Stop() error {
	select {
	case <-s.done:
		return nil
	default:
	}
	_ = s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.done:
		return nil
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
		return errors.New("the dev server ignored an interrupt for 10s and was killed")
	}
}

// waitHealthy dials the server until a health check passes.
func (s *Server) waitHealthy(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	var last error
	for time.Now().Before(deadline) {
		select {
		case <-s.done:
			return fmt.Errorf("exited before it was ready: %v", s.cmd.ProcessState)
		default:
		}
		last = s.check()
		if last == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("not healthy after %v: %w", timeout, last)
}

func (s *Server) check() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c, err := client.DialContext(ctx, client.Options{HostPort: s.HostPort, Namespace: Namespace, Logger: quiet{}})
	if err != nil {
		return err
	}
	defer c.Close()
	if _, err := c.CheckHealth(ctx, &client.CheckHealthRequest{}); err != nil {
		return err
	}
	// The namespace is registered a moment after the frontend answers.
	_, err = c.DescribeWorkflowExecution(ctx, "devserver-probe", "")
	if _, ok := errors.AsType[*serviceerror.NotFound](err); err != nil && !ok {
		return err
	}
	return nil
}

// freePorts returns n distinct TCP ports free on loopback a moment ago.
func freePorts(n int) ([]int, error) {
	var ports []int
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// syncBuffer is a bytes.Buffer safe for the process's writes and a test's
// reads.
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

// quiet is a logger that drops the SDK's info and debug lines.
type quiet struct{}

func (quiet) Debug(string, ...any) {}
func (quiet) Info(string, ...any)  {}
func (quiet) Warn(string, ...any)  {}
func (quiet) Error(string, ...any) {}

var _ log.Logger = quiet{}
