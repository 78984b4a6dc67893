// Command research is toolgen's example of a workflow as a tool: an agent
// with a workflow under the key "research", which its model sees as the
// tool workflow-research, with input {inputData}.
//
// The workflow is plain Go, made with agent.NewWorkflow from the steps
// Gather and Summarize in workflow.go. Its JSON Schemas are not written by
// hand: the steps are //tool: functions, so toolgen generates their schemas
// from their types and doc comments, and the workflow takes the input schema
// of GatherTool and the output schema of SummarizeTool. It calls the steps
// through those typed tools, so the compiler checks that the workflow's
// input and output types are the ones the schemas describe. Tools() holds
// the steps too, for an agent that should run them one at a time; this one
// only gets the workflow.
//
// By default it runs offline: the model is a scripted one that starts the
// workflow on Go iterators and answers from its report. Each event of the
// run is printed on one line: its type, the tool's name and the payload.
//
// The -model flag, or $TOOLGEN_MODEL, runs it on a real model instead, named
// as provider.Open wants it: openai/gpt-5.4, ollama/llama3.2, or openai/<model> with $OPENAI_BASE_URL for any
// OpenAI-compatible server.
package main

import (
	"context"
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
)

const prompt = "What should I know about Go iterators? Cite your sources."

func main() {
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	flag.Parse()
	model, err := chooseModel(*name, os.Stderr)
	if err == nil {
		err = run(context.Background(), os.Stdout, model)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "research:", err)
		os.Exit(1)
	}
}

// chooseModel returns the model called name (see provider.Open), or
// the offline model when name is empty, saying on stderr how to use a real
// one.
func chooseModel(name string, stderr io.Writer) (llm.Model, error) {
	if name == "" {
		fmt.Fprintln(stderr, "research: running on an offline scripted model; for a real one, pass -model (or set TOOLGEN_MODEL) "+
			"such as openai/gpt-5.4 or ollama/llama3.2")
		return offlineModel(), nil
	}
	return provider.Open(name)
}

// offlineTurns are the turns a real model would take for the example's
// prompt.
func offlineTurns() []scripted.Turn {
	return []scripted.Turn{
		scripted.Calls(scripted.Call("workflow-research", `{"inputData":{"topic":"iterators","maxSources":2}}`)),
		scripted.Text("Since Go 1.23, for-range loops can range over functions, and iter.Seq and iter.Seq2 are " +
			"the standard iterator types (https://go.dev/blog/range-functions, https://pkg.go.dev/iter)."),
	}
}

// offlineModel plays offlineTurns.
func offlineModel() *scripted.Model { return scripted.New(offlineTurns()...) }

// newAgent is a research assistant that delegates the research to the
// workflow.
func newAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:           "research-agent",
		Name:         "Research Agent",
		Instructions: "You answer questions from research. Run workflow-research on the topic and answer from its report, citing its sources.",
		Model:        model,
		Workflows:    map[string]agent.Workflow{"research": newResearchWorkflow()},
	}
}

// run asks model the prompt and prints the run.
func run(ctx context.Context, w io.Writer, model llm.Model) error {
	a := newAgent(model)
	fmt.Fprintf(w, "user: %s\n", prompt)
	var text strings.Builder
	for ev, err := range a.Stream(ctx, prompt) {
		if err != nil {
			return err
		}
		switch ev.Type {
		case agent.EventTextDelta:
			text.WriteString(ev.Text)
			continue
		case agent.EventReasoningDelta:
			continue // a reasoning model's thinking, not shown
		case agent.EventToolCallDelta:
			continue // the complete call follows as a tool-call event
		}
		fmt.Fprintln(w, ev)
	}
	fmt.Fprintf(w, "assistant: %s\n", text.String())
	return nil
}
