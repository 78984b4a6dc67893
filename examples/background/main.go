// Command background is toolgen's example of a background tool: research
// (tools.go) takes a while, so its directive has the background option.
// When the model calls it, the model gets a task handle at once as the
// call's result ("Background task started. Task ID: task-1. …", a
// tool-result event) and goes on: it answers with what it has, here a
// quick fact from quickFact, an ordinary tool called in the same step, and
// the run ends without waiting for the task (a deferred call, the
// default). The task runs on in the conversation's Tasks (Result.Tasks).
// The next run of the conversation, given them with agent.WithTasks and
// the history with agent.WithHistory, finds the task settled: its findings
// replace the handle in the history before the model is called, a
// tool-result event with the task's id says so, and the application gets
// the typed Findings in that run's Result.Background.
//
// By default it runs offline on a scripted model. The -model flag, or
// $TOOLGEN_MODEL, runs it on a real model instead, named as
// provider.Open wants it: openai/gpt-5.4, ollama/llama3.2.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	_ "github.com/toolgen-go/toolgen/provider/gemini" // registers "google"
	_ "github.com/toolgen-go/toolgen/provider/openai" // registers "openai", "openai-responses" and "ollama"
	"github.com/toolgen-go/toolgen/scripted"
)

const (
	prompt   = "Research sea otters for me, and tell me something about them while you wait."
	followUp = "What did the research find?"
)

func main() {
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	flag.Parse()
	model, err := chooseModel(*name, os.Stderr)
	if err == nil {
		err = run(context.Background(), os.Stdout, model)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "background:", err)
		os.Exit(1)
	}
}

// chooseModel returns the model called name (see provider.Open), or
// the offline model when name is empty, saying on stderr how to use a real
// one.
func chooseModel(name string, stderr io.Writer) (llm.Model, error) {
	if name == "" {
		fmt.Fprintln(stderr, "background: running on an offline scripted model; for a real one, pass -model (or set TOOLGEN_MODEL) "+
			"such as openai/gpt-5.4 or ollama/llama3.2")
		return offlineModel(), nil
	}
	return provider.Open(name)
}

// offlineModel plays the turns a real model would take: it starts the
// research and asks for a quick fact, answers with the fact while the
// research runs, then sums up the findings when they come.
func offlineModel() *scripted.Model {
	return scripted.New(
		scripted.Calls(
			scripted.Call("research", `{"topic":"sea otters"}`),
			scripted.Call("quickFact", `{"topic":"sea otters"}`),
		),
		scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
			var fact Fact
			results := req.Messages[len(req.Messages)-1].ToolResults()
			// The handle is text: "Background task started. Task ID: task-1. …".
			_, id, _ := strings.Cut(results[0].Output.Text, "Task ID: ")
			id, _, _ = strings.Cut(id, ".")
			_ = json.Unmarshal(results[1].Output.JSON, &fact)
			return scripted.Text(fmt.Sprintf("The research is running (%s). Meanwhile: %s", id, fact.Fact))
		}},
		scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
			// In the next run, the research's result has replaced its
			// handle in the history.
			for _, m := range req.Messages {
				for _, r := range m.ToolResults() {
					if r.ToolName != "research" {
						continue
					}
					var f Findings
					if r.IsError() || json.Unmarshal(r.Output.JSON, &f) != nil {
						return scripted.Text("The research is not done: " + r.Output.String())
					}
					return scripted.Text(fmt.Sprintf("The research is done, from %d sources: %s", f.Sources, strings.Join(f.Facts[1:], " ")))
				}
			}
			return scripted.Text("I never started any research.")
		}},
	)
}

// newAgent is the agent.
func newAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID: "researcher",
		Instructions: "You research topics with research, which runs in the background and reports later, " +
			"and answer at once with quickFact meanwhile.",
		Model:       model,
		Tools:       Tools(),
		ToolTimeout: time.Minute, // bounds background calls too
	}
}

// run runs two turns of a conversation with the agent, printing their
// events one per line, the assistant's text at the end of each step, and
// the typed outcome of each background call that the second delivers.
// Between them it waits for the research, as a user would take a while
// to ask again.
func run(ctx context.Context, w io.Writer, model llm.Model) error {
	a := newAgent(model)
	first, err := turn(ctx, w, a, prompt)
	if err != nil {
		return err
	}
	if err := first.Tasks.Wait(ctx); err != nil {
		return err
	}
	res, err := turn(ctx, w, a, followUp, agent.WithHistory(first.Messages[1:]...), agent.WithTasks(first.Tasks))
	if err != nil {
		return err
	}
	for _, o := range res.Background {
		if o.Err != nil {
			fmt.Fprintf(w, "%s (%s): %s\n", o.TaskID, o.ToolName, o.Err.Message)
			continue
		}
		fmt.Fprintf(w, "%s (%s): %+v\n", o.TaskID, o.ToolName, o.Output)
	}
	return nil
}

// turn runs a on prompt with opts, printing its events, and returns its
// result.
func turn(ctx context.Context, w io.Writer, a *agent.Agent, prompt string, opts ...agent.Option) (*agent.Result, error) {
	fmt.Fprintf(w, "user: %s\n", prompt)
	var text strings.Builder
	var res *agent.Result
	for ev, err := range a.Stream(ctx, prompt, opts...) {
		if err != nil {
			return nil, err
		}
		switch ev.Type {
		case agent.EventTextDelta:
			text.WriteString(ev.Text)
			continue
		case agent.EventReasoningDelta:
			continue // a reasoning model's thinking, not shown
		case agent.EventToolCallDelta:
			continue
		case agent.EventFinish:
			res = ev.Result
		}
		fmt.Fprintln(w, ev)
		if ev.Type == agent.EventStepFinish && text.Len() > 0 {
			fmt.Fprintf(w, "assistant: %s\n", text.String())
			text.Reset()
		}
	}
	return res, nil
}
