// Command report shows typed structured output: the agent calls a
// forecast tool, then ends its run with a Report, a Go struct whose JSON
// Schema toolgen writes at build time. agent.WithOutput(ReportSchema)
// asks for it, and agent.Object[Report] returns it typed, validated
// against the schema and decoded like tool arguments.
//
// By default it runs offline on a scripted model that, like most models
// behind a plain chat API, cannot combine a response format with tools: it
// calls the forecast tool, answers in prose, and the runtime makes one
// structuring request (no tools, the Report schema as the response format)
// whose answer is the object. With -offline-native the scripted model
// says it takes the format with tools (llm.Capabilities
// OutputWithTools), every step carries the format, and its answer without
// tool calls is the object.
//
// The -model flag, or $TOOLGEN_MODEL, runs it on a real model instead, named
// as provider.Open wants it:
//
//	go run ./examples/report -model openai/gpt-5.4
//
// Each event of the run is printed on one line (text deltas joined), then
// each request's shape, then the typed report.
package main

import (
	"context"
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
)

const prompt = "I'm going to Lisbon for three days. Give me a weather report."

func main() {
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	native := flag.Bool("offline-native", false, "make the offline model take the response format with tools")
	flag.Parse()
	model, err := chooseModel(*name, *native)
	if err == nil {
		err = run(context.Background(), os.Stdout, prompt, model)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

// chooseModel returns the model called name (see provider.Open), or
// the offline model when name is empty.
func chooseModel(name string, native bool) (llm.Model, error) {
	if name == "" {
		return offlineModel(native), nil
	}
	return provider.Open(name)
}

// reportJSON is the object the offline model answers with.
const reportJSON = `{"city":"Lisbon","summary":"Mild and mostly dry, with showers on the last day.",` +
	`"warmestDay":"2026-12-05","packUmbrella":true,"highlights":["Sunny on Friday","Showers on Sunday"]}`

// offlineModel is a scripted model that plays what a real model would do
// for the prompt; native says whether it takes the response format with
// tools.
func offlineModel(native bool) *scripted.Model {
	turns := []scripted.Turn{scripted.Calls(scripted.Call("forecast", `{"city":"Lisbon"}`))}
	if !native {
		turns = append(turns, scripted.Text("Lisbon will be mild: sunny on Friday, warmest on Saturday at 18.5°C, "+
			"and showers on Sunday, so pack an umbrella."))
	}
	turns = append(turns, scripted.Text(reportJSON))
	return scripted.New(turns...).WithCapabilities(llm.Capabilities{OutputWithTools: native})
}

// newAgent is the report agent.
func newAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:           "report-agent",
		Instructions: "You are a travel assistant. Use the forecast tool for the weather of the coming days.",
		Model:        model,
		Tools:        Tools(),
	}
}

// run asks model the prompt, prints the run and the typed report.
func run(ctx context.Context, w io.Writer, prompt string, model llm.Model) error {
	rec := &recorder{Model: model}
	fmt.Fprintf(w, "user: %s\n", prompt)
	var (
		text strings.Builder
		res  *agent.Result
	)
	for ev, err := range newAgent(rec).Stream(ctx, prompt, agent.WithOutput(ReportSchema)) {
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
		case agent.EventStepFinish:
			if text.Len() > 0 {
				fmt.Fprintf(w, "text %s\n", text.String())
				text.Reset()
			}
		case agent.EventFinish:
			res = ev.Result
		}
		fmt.Fprintln(w, ev)
	}
	for i, req := range rec.requests() {
		format := "none"
		if req.ResponseFormat != nil {
			format = req.ResponseFormat.Name
		}
		fmt.Fprintf(w, "request %d: %d tools, response format %s\n", i+1, len(req.Tools), format)
	}
	report, err := agent.Object[Report](res)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "report on %s\n  summary: %s\n  warmest day: %s\n  pack an umbrella: %v\n",
		report.City, report.Summary, report.WarmestDay, report.PackUmbrella)
	for _, h := range report.Highlights {
		fmt.Fprintf(w, "  - %s\n", h)
	}
	return nil
}

// recorder passes requests on to a model and keeps their shapes.
type recorder struct {
	llm.Model
	mu   sync.Mutex
	reqs []llm.Request
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

// Capabilities implements llm.CapabilityReporter: the recorder has
// its model's.
func (r *recorder) Capabilities() llm.Capabilities { return llm.CapabilitiesOf(r.Model) }

func (r *recorder) record(req *llm.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reqs = append(r.reqs, llm.Request{Tools: req.Tools, ResponseFormat: req.ResponseFormat})
}

func (r *recorder) requests() []llm.Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reqs
}
