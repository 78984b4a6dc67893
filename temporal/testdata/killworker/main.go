// Command killworker is the worker process of the temporal module's kill
// tests: it registers one agent with the Temporal server at -hostport and
// polls -queue until it is killed.
//
// Its tools leave a file in -dir for every execution, so that a test can
// count executions across processes:
//
//   - record (at most once, the default of a tool not marked idempotent)
//     writes record-<note>-<pid> and returns at once;
//   - wait (idempotent, retried) writes wait-start-<pid> when it starts,
//     then blocks until the file release exists in -dir, then writes
//     wait-done-<pid> and returns;
//   - deploy (at most once, needs approval) writes deploy-<pid>.
//
// The model is scripted by position: the number of assistant messages in
// the request picks the turn, so a second worker process continues a run
// where the first one stopped. The agent "kill" calls record, then wait,
// then answers; the agent "approve" calls deploy, which needs approval,
// then answers.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"go.temporal.io/sdk/client"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	toolgentemporal "github.com/toolgen-go/toolgen/temporal"
	"github.com/toolgen-go/toolgen/tool"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("killworker: ")
	hostPort := flag.String("hostport", "127.0.0.1:7233", "the Temporal frontend")
	queue := flag.String("queue", "killtest", "the task queue")
	dir := flag.String("dir", "", "the directory of the execution markers")
	flag.Parse()
	if *dir == "" {
		log.Fatal("-dir is required")
	}
	// The SDK logs on stdout by default; keep stdout for "ready".
	logger := sdklog.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	c, err := client.Dial(client.Options{HostPort: *hostPort, Logger: logger})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	w := worker.New(c, *queue, worker.Options{})
	tools := toolsIn(*dir)
	// The wait call of a killed worker is retried once its attempt times
	// out, so the attempt's timeout bounds how long the test waits.
	waitOpts := workflow.ActivityOptions{
		StartToCloseTimeout: 4 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 3, InitialInterval: 100 * time.Millisecond},
	}
	kill := &agent.Agent{
		ID: "kill",
		Model: scripted.ByPosition(
			scripted.Calls(call("c1", "record", `{"note":"one"}`)),
			scripted.Calls(call("c2", "wait", `{}`)),
			scripted.Text("done"),
		),
		Tools: tool.Toolset{"record": tools.record, "wait": tools.wait},
	}
	if err := toolgentemporal.Register(w, kill, toolgentemporal.WithToolOptions("wait", waitOpts)); err != nil {
		log.Fatal(err)
	}
	approve := &agent.Agent{
		ID: "approve",
		Model: scripted.ByPosition(
			scripted.Calls(call("c1", "deploy", `{"note":"v2"}`)),
			scripted.Text("deployed"),
		),
		Tools: tool.Toolset{"deploy": tools.deploy},
	}
	if err := toolgentemporal.Register(w, approve); err != nil {
		log.Fatal(err)
	}
	if err := w.Start(); err != nil {
		log.Fatal(err)
	}
	// Say on stdout that the worker polls, for the test to wait on.
	fmt.Println("ready")
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
	w.Stop()
}

func call(id, name, args string) llm.ToolCall {
	c := scripted.Call(name, args)
	c.ID = id
	return c
}

// noteInput is the input of record and deploy.
type noteInput struct {
	Note string `json:"note"`
}

type empty struct{}

type testTools struct {
	record, wait, deploy tool.Tool
}

var (
	noteSchema  = []byte(`{"type":"object","properties":{"note":{"type":"string"}},"required":["note"],"additionalProperties":false}`)
	emptySchema = []byte(`{"type":"object","properties":{},"additionalProperties":false}`)
)

func toolsIn(dir string) testTools {
	pid := os.Getpid()
	mark := func(name string) error {
		return os.WriteFile(filepath.Join(dir, name), []byte(fmt.Sprint(pid)), 0o644)
	}
	record := tool.NewFunc(&tool.Spec{ID: "record", Description: "Records a note.", InputSchema: noteSchema},
		func(ctx context.Context, in noteInput) (string, error) {
			if err := mark(fmt.Sprintf("record-%s-%d", in.Note, pid)); err != nil {
				return "", err
			}
			return "recorded " + in.Note, nil
		})
	idempotent := true
	wait := tool.NewFunc(&tool.Spec{ID: "wait", Description: "Waits for the release.", InputSchema: emptySchema,
		Annotations: tool.Annotations{Idempotent: &idempotent}},
		func(ctx context.Context, _ empty) (string, error) {
			if err := mark(fmt.Sprintf("wait-start-%d", pid)); err != nil {
				return "", err
			}
			for {
				if _, err := os.Stat(filepath.Join(dir, "release")); err == nil {
					break
				}
				select {
				case <-ctx.Done():
					return "", ctx.Err()
				case <-time.After(50 * time.Millisecond):
				}
			}
			if err := mark(fmt.Sprintf("wait-done-%d", pid)); err != nil {
				return "", err
			}
			return "released", nil
		})
	deploy := tool.NewFunc(&tool.Spec{ID: "deploy", Description: "Deploys.", InputSchema: noteSchema, NeedsApproval: true},
		func(ctx context.Context, in noteInput) (string, error) {
			if err := mark(fmt.Sprintf("deploy-%d", pid)); err != nil {
				return "", err
			}
			return "deployed " + in.Note, nil
		})
	return testTools{record: record, wait: wait, deploy: deploy}
}
