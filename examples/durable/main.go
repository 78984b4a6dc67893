// Command durable is toolgen's weather agent as a durable run on Temporal
// (package github.com/toolgen-go/toolgen/temporal): the model
// requests and the tool calls are activities, the agent loop is the
// workflow, and a worker process killed in the middle of a run is replaced
// by another that finishes it without re-running the finished tool calls.
//
// It has two commands, one per process:
//
//	go run . worker   # registers the agent on the task queue and polls it
//	go run . run      # starts a run, prints its events as they come, then its answer
//
// Both take -hostport (default 127.0.0.1:7233) and -queue (default
// durable-weather); run takes the prompt as its arguments. See README.md
// for the dev server.
//
// It runs offline: the model is scripted by position (the number of model
// turns already in the conversation picks the next one), so whichever worker
// takes a run over continues the script where the last one stopped.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"go.temporal.io/sdk/client"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/temporal"
)

// agentID is the agent's ID, which names its workflow and activities.
const agentID = "weather-agent"

const defaultPrompt = "What's the weather in Paris, and any hazards in Tokyo?"

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "durable:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || (args[0] != "worker" && args[0] != "run") {
		return errors.New("usage: durable worker|run [-hostport host:port] [-queue name] [prompt]")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	hostPort := fs.String("hostport", "127.0.0.1:7233", "the Temporal frontend")
	queue := fs.String("queue", "durable-weather", "the task queue")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	// The SDK logs every poll at info level; keep warnings and errors.
	logger := sdklog.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	c, err := client.Dial(client.Options{HostPort: *hostPort, Logger: logger})
	if err != nil {
		return fmt.Errorf("connect to %s: %w", *hostPort, err)
	}
	defer c.Close()
	if args[0] == "worker" {
		ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
		defer stop()
		return serve(ctx, c, *queue, stdout)
	}
	prompt := strings.Join(fs.Args(), " ")
	if prompt == "" {
		prompt = defaultPrompt
	}
	return start(ctx, c, *queue, prompt, stdout)
}

// newAgent is the weather agent.
func newAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:   agentID,
		Name: "Weather Agent",
		Instructions: "You are a helpful weather assistant. " +
			"Use weatherTool for current weather and hazardsTool for warnings.",
		Model: model,
		Tools: Tools(),
	}
}

// serve registers the agent with a worker of queue and runs it until ctx
// ends.
func serve(ctx context.Context, c client.Client, queue string, stdout io.Writer) error {
	w := worker.New(c, queue, worker.Options{})
	if err := temporal.Register(w, newAgent(offlineModel())); err != nil {
		return err
	}
	if err := w.Start(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "worker polling task queue %s; ^C to stop\n", queue)
	<-ctx.Done()
	w.Stop()
	return nil
}

// start starts a run on prompt, prints its events as the run's status
// shows them, then its answer.
func start(ctx context.Context, c client.Client, queue, prompt string, stdout io.Writer) error {
	opts := client.StartWorkflowOptions{ID: fmt.Sprintf("weather-%d", time.Now().UnixNano()), TaskQueue: queue}
	r, err := temporal.Start(ctx, c, opts, agentID, prompt)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "run %s started\nuser: %s\n", r.ID(), prompt)
	done := make(chan struct{})
	var res *temporal.Result
	go func() {
		defer close(done)
		res, err = r.Result(ctx)
	}()
	printed := 0
	show := func() {
		st, err := r.Status(ctx)
		if err != nil {
			return // no worker has picked the run up yet
		}
		for _, ev := range st.Events[printed:] {
			if ev.Type == agent.EventTextDelta || ev.Type == agent.EventToolCallDelta || ev.Type == agent.EventReasoningDelta {
				continue
			}
			fmt.Fprintln(stdout, ev)
		}
		printed = len(st.Events)
	}
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for waiting := true; waiting; {
		select {
		case <-tick.C:
		case <-done:
			waiting = false
		}
		show()
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "assistant: %s\n", res.Text)
	return nil
}

// offlineTurns are the turns a real model would take for the default
// prompt.
func offlineTurns() []scripted.Turn {
	return []scripted.Turn{
		scripted.Calls(
			call("call_1", "weatherTool", `{"location":"Paris"}`),
			call("call_2", "hazardsTool", `{"location":"Tokyo"}`),
		),
		scripted.Text("It is 18.5°C and partly cloudy in Paris. " +
			"Tokyo has a heat warning: stay hydrated and avoid the midday sun."),
	}
}

func call(id, name, args string) llm.ToolCall {
	c := scripted.Call(name, args)
	c.ID = id
	return c
}

// offlineModel plays offlineTurns by position.
func offlineModel() llm.Model { return scripted.ByPosition(offlineTurns()...) }
