// Command supervisor is toolgen's example of an agent with a subagent: a
// supervisor that looks up research notes with its own tool and delegates
// the writing to a writer agent. The writer is under the key "writer" in the
// supervisor's Agents, so the supervisor's model sees it as the tool
// agent-writer, with input {prompt, instructions?, maxSteps?}. Each agent
// has its own generated tool from tools.go: the supervisor LookupNotes
// (notes), the writer CountWords (wordCount).
//
// By default it runs offline: both models are scripted. The supervisor
// calls notes, then agent-writer with a prompt built from the notes; the
// writer checks the length of its draft with wordCount and answers; the
// supervisor answers the user. The writer's events appear in the supervisor's stream
// as they happen, carrying the writer's AgentID, which is printed as a
// [writer] prefix. Each event is printed on one line: its type, the tool's
// name and the payload.
//
// The -model flag, or $TOOLGEN_MODEL, runs both agents on a real model
// instead, named as provider.Open wants it: openai/gpt-5.4,
// ollama/llama3.2, or openai/<model> with
// $OPENAI_BASE_URL for any OpenAI-compatible server.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	_ "github.com/toolgen-go/toolgen/provider/gemini" // registers "google"
	_ "github.com/toolgen-go/toolgen/provider/openai" // registers "openai", "openai-responses" and "ollama"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

const prompt = "Write a two-sentence newsletter blurb about Go iterators."

// draft is the writer's answer.
const draft = "Go 1.23 lets for-range loops range over functions, with iter.Seq and iter.Seq2 as the standard iterator types. " +
	"When you need values one at a time, iter.Pull turns a push iterator into a pull one."

func main() {
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model of both agents, such as "openai/gpt-5.4" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else offline scripted models)`)
	flag.Parse()
	supervisorModel, writerModel, err := chooseModels(*name, os.Stderr)
	if err == nil {
		err = run(context.Background(), os.Stdout, supervisorModel, writerModel)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "supervisor:", err)
		os.Exit(1)
	}
}

// chooseModels returns the model called name (see provider.Open) for
// both agents, or the offline models when name is empty, saying on stderr
// how to use a real one.
func chooseModels(name string, stderr io.Writer) (supervisor, writer llm.Model, err error) {
	if name == "" {
		fmt.Fprintln(stderr, "supervisor: running on offline scripted models; for a real one, pass -model (or set TOOLGEN_MODEL) "+
			"such as openai/gpt-5.4 or ollama/llama3.2")
		s, w := offlineModels()
		return s, w, nil
	}
	model, err := provider.Open(name)
	return model, model, err
}

// newWriter is the subagent: it writes short prose and measures it with
// its own tool.
func newWriter(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:           "writer",
		Name:         "Writer",
		Description:  "Writes short, clear prose from notes. Give it the notes, the audience and the length.",
		Instructions: "You are a concise technical writer. Check the length of your draft with wordCount before answering.",
		Model:        model,
		Tools:        tool.Toolset{"wordCount": CountWordsTool()},
	}
}

// newSupervisor is the agent the user talks to: it gathers the facts and
// delegates the writing to writer.
func newSupervisor(model llm.Model, writer *agent.Agent) *agent.Agent {
	return &agent.Agent{
		ID:   "supervisor",
		Name: "Supervisor",
		Instructions: "You coordinate a writing task. Look up the facts with notes, " +
			"then ask agent-writer to write the text from them, and give the user its answer.",
		Model:  model,
		Tools:  tool.Toolset{"notes": LookupNotesTool()},
		Agents: map[string]*agent.Agent{"writer": writer},
	}
}

// offlineModels play the turns real models would take for the example's
// prompt: one script for the supervisor, one for the writer.
func offlineModels() (supervisor, writer *scripted.Model) {
	supervisor = scripted.New(
		scripted.Calls(scripted.Call("notes", `{"topic":"iterators"}`)),
		scripted.Calls(scripted.Call("agent-writer", arguments(agent.AgentToolInput{
			Prompt: "Write a two-sentence newsletter blurb, at most 50 words, about Go iterators from these notes: " +
				"Go 1.23 lets for-range loops range over functions. iter.Seq and iter.Seq2 are the standard iterator types. " +
				"iter.Pull turns a push iterator into a pull iterator.",
			Instructions: "The readers are Go developers. No links.",
		}))),
		scripted.Text("Here is your blurb: "+draft),
	)
	writer = scripted.New(
		scripted.Calls(scripted.Call("wordCount", arguments(CountInput{Text: draft}))),
		scripted.Text(draft),
	)
	return supervisor, writer
}

// arguments encodes v as the arguments of a scripted tool call.
func arguments(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(data)
}

// run runs the supervisor on supervisorModel and the writer on writerModel
// and prints the run.
func run(ctx context.Context, w io.Writer, supervisorModel, writerModel llm.Model) error {
	a := newSupervisor(supervisorModel, newWriter(writerModel))
	fmt.Fprintf(w, "user: %s\n", prompt)
	texts := map[string]*strings.Builder{} // by ParentToolCallID: "" for the supervisor
	for ev, err := range a.Stream(ctx, prompt) {
		if err != nil {
			return err
		}
		var prefix string
		if ev.ParentToolCallID != "" {
			prefix = "[" + ev.AgentID + "] " // a subagent's event
		}
		switch ev.Type {
		case agent.EventTextDelta:
			if texts[ev.ParentToolCallID] == nil {
				texts[ev.ParentToolCallID] = new(strings.Builder)
			}
			texts[ev.ParentToolCallID].WriteString(ev.Text)
			continue
		case agent.EventReasoningDelta:
			continue // a reasoning model's thinking, not shown
		case agent.EventToolCallDelta:
			continue // the complete call follows as a tool-call event
		}
		fmt.Fprintln(w, ev)
		if ev.Type == agent.EventFinish && texts[ev.ParentToolCallID] != nil {
			fmt.Fprintf(w, "%sassistant: %s\n", prefix, texts[ev.ParentToolCallID])
		}
	}
	return nil
}
