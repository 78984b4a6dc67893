// Command weather is toolgen's weather example, the Go form of the Mastra
// weather agent. Its tools are plain Go functions marked //tool: in package
// github.com/toolgen-go/toolgen/examples/weather/weather (GetWeather and
// GetHazards are the two this agent uses), and weather/tools_gen.go,
// written by `go generate ./examples/weather`, turns them into typed tools
// whose JSON Schemas come from their types and doc comments.
//
// By default it runs offline: the model is a scripted one that asks for the
// weather in Paris and in Atlantis (an unknown place, to show a tool error
// going back to the model) and the hazards in Tokyo, then answers. Each event
// of the run is printed on one line: its type, the tool's name and the
// payload, as a display sees it. Then come the tool results as the model saw
// them.
//
// The -model flag, or $TOOLGEN_MODEL, runs it on a real model instead, named
// as provider.Open wants it:
//
//	go run ./examples/weather -model openai/gpt-5.4               # $OPENAI_API_KEY
//	go run ./examples/weather -model google/gemini-2.5-flash      # $GEMINI_API_KEY
//	go run ./examples/weather -model ollama/llama3.2              # $OLLAMA_HOST, default localhost:11434
//	OPENAI_BASE_URL=http://localhost:8000/v1 go run ./examples/weather -model openai/<model>
//
// The last form is any OpenAI-compatible server (vLLM, llama.cpp's server,
// LM Studio), which needs no key.
//
// The hooks in weather/tools_hooks.go shape the two views: weatherForModel
// gives the model a short text and the condition icon as an image, and
// weatherForDisplay keeps the internal station id out of the display. The
// application still gets the whole WeatherOutput.
package main

//go:generate go tool toolgen ./weather

import (
	"context"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/examples/internal/otelsetup"
	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	_ "github.com/toolgen-go/toolgen/provider/gemini" // registers "google"
	_ "github.com/toolgen-go/toolgen/provider/openai" // registers "openai", "openai-responses" and "ollama"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

const prompt = "What's the weather in Paris, and any hazards in Tokyo?"

func main() {
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4", "google/gemini-2.5-flash" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	flag.Parse()
	stop := otelsetup.Start("weather", os.Stderr) // with OTEL_EXPORTER_OTLP_ENDPOINT or the like set; see docs/telemetry.md
	model, err := chooseModel(*name, os.Stderr)
	if err == nil {
		err = run(context.Background(), os.Stdout, prompt, model)
	}
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "weather:", err)
		os.Exit(1)
	}
}

// chooseModel returns the model called name (see provider.Open), or
// the offline model when name is empty, saying on stderr how to use a real
// one.
func chooseModel(name string, stderr io.Writer) (llm.Model, error) {
	if name == "" {
		fmt.Fprintln(stderr, "weather: running on an offline scripted model; for a real one, pass -model (or set TOOLGEN_MODEL) "+
			"such as openai/gpt-5.4, google/gemini-2.5-flash or ollama/llama3.2")
		return offlineModel(), nil
	}
	return provider.Open(name)
}

// offlineTurns are the turns a real model would take for the example's
// prompt, with the tokens such a model reports (so that the usage, in the
// events and in telemetry, is not zero).
func offlineTurns() []scripted.Turn {
	calls := scripted.Calls(
		scripted.Call("weatherTool", `{"location":"Paris"}`),
		scripted.Call("weatherTool", `{"location":"Atlantis"}`),
		scripted.Call("hazardsTool", `{"location":"Tokyo"}`),
	)
	calls.Usage = llm.Usage{InputTokens: 412, OutputTokens: 61, TotalTokens: 473}
	answer := scripted.Text("It is 18.5°C and partly cloudy in Paris. I could not find Atlantis. " +
		"Tokyo has a severe heat warning: stay hydrated and avoid the midday sun.")
	answer.Usage = llm.Usage{InputTokens: 688, OutputTokens: 34, TotalTokens: 722}
	return []scripted.Turn{calls, answer}
}

// offlineModel plays offlineTurns.
func offlineModel() *scripted.Model { return scripted.New(offlineTurns()...) }

// newAgent is the weather agent of the Mastra example.
func newAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:   "weather-agent",
		Name: "Weather Agent",
		Instructions: "You are a helpful weather assistant that provides accurate weather information. " +
			"Always ask for a location if none is provided. Use weatherTool for current weather and hazardsTool for warnings.",
		Model: model,
		Tools: tools(),
	}
}

// tools are the two tools of package weather that the agent uses, under
// the keys weather.Tools gives them: the current weather and the warnings.
func tools() tool.Toolset {
	return tool.Toolset{"weatherTool": weather.GetWeatherTool(), "hazardsTool": weather.GetHazardsTool()}
}

// run asks model the prompt and prints the run.
func run(ctx context.Context, w io.Writer, prompt string, model llm.Model) error {
	rec := &recorder{Model: model}
	a := newAgent(rec)
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

	// The events above are the display's view. The model saw each tool
	// result as shaped by its model-output hook:
	for _, m := range rec.lastMessages() {
		for _, p := range m.Parts {
			if p.Type == llm.PartToolResult {
				fmt.Fprintf(w, "model saw %s: %s\n", p.ToolResult.ToolName, modelView(p.ToolResult.Output))
			}
		}
	}
	return nil
}

// modelView renders a model output on one line, image URLs included.
func modelView(o llm.ModelOutput) string {
	if o.Type != llm.OutputContent {
		return o.String()
	}
	var parts []string
	for _, p := range o.Parts {
		switch p.Type {
		case llm.PartText:
			parts = append(parts, p.Text)
		case llm.PartImageURL:
			parts = append(parts, "[image "+p.URL+"]")
		}
	}
	return strings.Join(parts, " ")
}

// recorder passes requests on to a model, keeping the messages of the last
// one: what the model saw.
type recorder struct {
	llm.Model
	mu   sync.Mutex
	last []llm.Message
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

func (r *recorder) record(req *llm.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.last = slices.Clone(req.Messages)
}

func (r *recorder) lastMessages() []llm.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}
