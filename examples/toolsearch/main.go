// Command toolsearch is toolgen's example of dynamic tool search: an
// office assistant with a library of thirty tools (library.go, plain
// functions marked //tool:) that it does not send to the model. The model
// gets the agent's one tool (today) and the search's two, search_tools and
// load_tool; it searches the library by keywords, loads the tool it wants,
// and calls it at the next step, as with Mastra's ToolSearchProcessor.
//
// By default it runs offline: a scripted model searches for a currency
// converter, loads the best match, converts 120 US dollars to euros and
// answers. Each event is printed on one line, then the tools each request
// carried and what the tool definitions weigh with and without search.
//
// The -model flag, or $TOOLGEN_MODEL, runs it on a real model instead,
// named as provider.Open wants it: openai/gpt-5.4,
// google/gemini-2.5-flash, ollama/llama3.2.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	_ "github.com/toolgen-go/toolgen/provider/gemini" // registers "google"
	_ "github.com/toolgen-go/toolgen/provider/openai" // registers "openai", "openai-responses" and "ollama"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

const prompt = "How much is 120 US dollars in euros?"

func main() {
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4", "google/gemini-2.5-flash" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	flag.Parse()
	model, err := chooseModel(*name, os.Stderr)
	if err == nil {
		err = run(context.Background(), os.Stdout, model)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolsearch:", err)
		os.Exit(1)
	}
}

// chooseModel returns the model called name (see provider.Open), or
// the offline model when name is empty, saying on stderr how to use a real
// one.
func chooseModel(name string, stderr io.Writer) (llm.Model, error) {
	if name == "" {
		fmt.Fprintln(stderr, "toolsearch: running on an offline scripted model; for a real one, pass -model (or set TOOLGEN_MODEL) "+
			"such as openai/gpt-5.4, google/gemini-2.5-flash or ollama/llama3.2")
		return offlineModel(), nil
	}
	return provider.Open(name)
}

// offlineModel plays the turns a real model would take, reading each tool
// result as it would: it searches, loads the first match, calls it, and
// answers from its result.
func offlineModel() *scripted.Model {
	return scripted.New(
		scripted.Calls(scripted.Call(agent.SearchToolsKey, `{"query":"convert dollars to euros"}`)),
		scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
			var found agent.SearchToolsOutput
			if err := json.Unmarshal(lastResult(req), &found); err != nil || len(found.Results) == 0 {
				return scripted.Text("I found no tool to convert currencies.")
			}
			return scripted.Calls(scripted.Call(agent.LoadToolKey, `{"toolName":"`+found.Results[0].Name+`"}`))
		}},
		scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
			for _, d := range req.Tools {
				if d.Name == "convert_currency" {
					return scripted.Calls(scripted.Call(d.Name, `{"amount":120,"from":"USD","to":"EUR"}`))
				}
			}
			return scripted.Text("The converter did not load.")
		}},
		scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
			var m Money
			if err := json.Unmarshal(lastResult(req), &m); err != nil {
				return scripted.Text("The conversion failed.")
			}
			return scripted.Text(fmt.Sprintf("120 US dollars is %.2f euros at today's rate.", m.Amount))
		}},
	)
}

// lastResult returns the JSON of the last tool result of req.
func lastResult(req *llm.Request) json.RawMessage {
	last := req.Messages[len(req.Messages)-1]
	results := last.ToolResults()
	if len(results) == 0 {
		return nil
	}
	return results[len(results)-1].Output.JSON
}

// newAgent is the assistant: today is its own tool, the rest of the
// package's tools are its search library.
func newAgent(model llm.Model) *agent.Agent {
	library := Tools()
	own := tool.Toolset{"today": library["today"]}
	delete(library, "today")
	return &agent.Agent{
		ID:           "assistant",
		Instructions: "You are an office assistant. When you need a tool you do not have, search for it with search_tools and load it with load_tool.",
		Model:        model,
		Tools:        own,
		ToolSearch:   &agent.ToolSearch{Tools: library, MaxResults: 3},
		MaxSteps:     8,
	}
}

// run runs the assistant on the prompt and prints its events, the tools of
// each request, and the size of the tool definitions with and without the
// search.
func run(ctx context.Context, w io.Writer, model llm.Model) error {
	rec := &recorder{Model: model}
	a := newAgent(rec)
	fmt.Fprintf(w, "user: %s\n", prompt)
	var text strings.Builder
	var res *agent.Result
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
			continue
		case agent.EventFinish:
			res = ev.Result
		}
		fmt.Fprintln(w, ev)
	}
	fmt.Fprintf(w, "assistant: %s\n", text.String())
	fmt.Fprintf(w, "loaded tools: %s\n", strings.Join(res.LoadedTools, ", "))
	for i, r := range rec.requests() {
		fmt.Fprintf(w, "request %d: %d tools (%s), %d bytes of tool definitions\n", i+1, len(r), names(r), definitionBytes(r))
	}
	all := Tools()
	defs := make([]llm.ToolDefinition, 0, len(all))
	for _, k := range all.Keys() {
		s := all[k].Spec()
		defs = append(defs, llm.ToolDefinition{Name: k, Description: s.Description, InputSchema: s.InputSchema})
	}
	fmt.Fprintf(w, "without search, every request: %d tools, %d bytes of tool definitions\n", len(defs), definitionBytes(defs))
	return nil
}

// recorder is a model that remembers the tools of each request.
type recorder struct {
	llm.Model
	mu   sync.Mutex
	reqs [][]llm.ToolDefinition
}

func (r *recorder) record(req *llm.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reqs = append(r.reqs, req.Tools)
}

func (r *recorder) requests() [][]llm.ToolDefinition {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reqs
}

// Generate implements llm.Model.
func (r *recorder) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	r.record(req)
	return r.Model.Generate(ctx, req)
}

// Stream implements llm.Model.
func (r *recorder) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	r.record(req)
	return r.Model.Stream(ctx, req)
}

// names lists the names of defs.
func names(defs []llm.ToolDefinition) string {
	var out []string
	for _, d := range defs {
		out = append(out, d.Name)
	}
	return strings.Join(out, ", ")
}

// definitionBytes is the size of defs as JSON.
func definitionBytes(defs []llm.ToolDefinition) int {
	raw, err := json.Marshal(defs)
	if err != nil {
		return 0
	}
	return len(raw)
}
