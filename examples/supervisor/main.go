// Command supervisor is toolgen's example of an agent with a subagent: a
// supervisor that looks up research notes with its own tool and delegates
// the writing to a writer agent. The writer is under the key "writer" in the
// supervisor's Agents, so the supervisor's model sees it as the tool
// agent-writer, with input {prompt, instructions?, maxSteps?}. Each agent
// has its own generated tool from tools.go: the supervisor LookupNotes
// (notes), the writer CountWords (wordCount).
//
// It runs offline: both models are scripted. The supervisor calls notes,
// then agent-writer with a prompt built from the notes; the writer checks
// the length of its draft with wordCount and answers; the supervisor
// answers the user. The writer's events appear in the supervisor's stream
// as they happen, carrying the writer's AgentID, which is printed as a
// [writer] prefix. Each event is printed on one line: its type, the tool's
// name and the payload.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

const prompt = "Write a two-sentence newsletter blurb about Go iterators."

// draft is the writer's answer.
const draft = "Go 1.23 lets for-range loops range over functions, with iter.Seq and iter.Seq2 as the standard iterator types. " +
	"When you need values one at a time, iter.Pull turns a push iterator into a pull one."

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "supervisor:", err)
		os.Exit(1)
	}
}

// newWriter is the subagent: it writes short prose and measures it with
// its own tool.
func newWriter(model runtime.Model) *runtime.Agent {
	return &runtime.Agent{
		ID:           "writer",
		Name:         "Writer",
		Description:  "Writes short, clear prose from notes. Give it the notes, the audience and the length.",
		Instructions: "You are a concise technical writer. Check the length of your draft with wordCount before answering.",
		Model:        model,
		Tools:        runtime.Toolset{"wordCount": CountWordsTool()},
	}
}

// newSupervisor is the agent the user talks to: it gathers the facts and
// delegates the writing to writer.
func newSupervisor(model runtime.Model, writer *runtime.Agent) *runtime.Agent {
	return &runtime.Agent{
		ID:   "supervisor",
		Name: "Supervisor",
		Instructions: "You coordinate a writing task. Look up the facts with notes, " +
			"then ask agent-writer to write the text from them, and give the user its answer.",
		Model:  model,
		Tools:  runtime.Toolset{"notes": LookupNotesTool()},
		Agents: map[string]*runtime.Agent{"writer": writer},
	}
}

// offlineModels play the turns real models would take for the example's
// prompt: one script for the supervisor, one for the writer.
func offlineModels() (supervisor, writer *scripted.Model) {
	supervisor = scripted.New(
		scripted.Calls(scripted.Call("notes", `{"topic":"iterators"}`)),
		scripted.Calls(scripted.Call("agent-writer", arguments(runtime.AgentToolInput{
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

func run(ctx context.Context, w io.Writer) error {
	supervisorModel, writerModel := offlineModels()
	agent := newSupervisor(supervisorModel, newWriter(writerModel))
	fmt.Fprintf(w, "user: %s\n", prompt)
	texts := map[string]*strings.Builder{} // by ParentToolCallID: "" for the supervisor
	for ev, err := range agent.Stream(ctx, prompt) {
		if err != nil {
			return err
		}
		var prefix string
		if ev.ParentToolCallID != "" {
			prefix = "[" + ev.AgentID + "] " // a subagent's event
		}
		switch ev.Type {
		case runtime.EventTextDelta:
			if texts[ev.ParentToolCallID] == nil {
				texts[ev.ParentToolCallID] = new(strings.Builder)
			}
			texts[ev.ParentToolCallID].WriteString(ev.Text)
			continue
		case runtime.EventToolCallDelta:
			continue // the complete call follows as a tool-call event
		}
		fmt.Fprintln(w, ev)
		if ev.Type == runtime.EventFinish && texts[ev.ParentToolCallID] != nil {
			fmt.Fprintf(w, "%sassistant: %s\n", prefix, texts[ev.ParentToolCallID])
		}
	}
	return nil
}
