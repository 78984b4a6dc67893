// Command weather is toolgen's weather example, the Go form of the Mastra
// weather agent: GetWeather and GetHazards are plain Go functions marked
// //tool:, and tools_gen.go, written by `go generate`, turns them into typed
// tools whose JSON Schemas come from their types and doc comments.
//
// It runs offline: the model is a scripted one that asks for the weather in
// Paris and in Atlantis (an unknown place, to show a tool error going back to
// the model) and the hazards in Tokyo, then answers. Each event of the run
// is printed on one line: its type, the tool's name and the payload, as a
// display sees it. Then come the tool results as the model saw them.
//
// The hooks in tools_hooks.go shape the two views: weatherForModel gives the
// model a short text and the condition icon as an image, and
// weatherForDisplay keeps the internal station id out of the display. The
// application still gets the whole WeatherOutput.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

func main() {
	if err := run(context.Background(), os.Stdout, "What's the weather in Paris, and any hazards in Tokyo?"); err != nil {
		fmt.Fprintln(os.Stderr, "weather:", err)
		os.Exit(1)
	}
}

// offlineModel plays the turns a real model would take for the example's
// prompt.
func offlineModel() *scripted.Model {
	return scripted.New(
		scripted.Calls(
			scripted.Call("weatherTool", `{"location":"Paris"}`),
			scripted.Call("weatherTool", `{"location":"Atlantis"}`),
			scripted.Call("hazardsTool", `{"location":"Tokyo"}`),
		),
		scripted.Text("It is 18.5°C and partly cloudy in Paris. I could not find Atlantis. "+
			"Tokyo has a severe heat warning: stay hydrated and avoid the midday sun."),
	)
}

// newAgent is the weather agent of the Mastra example.
func newAgent(model runtime.Model) *runtime.Agent {
	return &runtime.Agent{
		ID:   "weather-agent",
		Name: "Weather Agent",
		Instructions: "You are a helpful weather assistant that provides accurate weather information. " +
			"Always ask for a location if none is provided. Use weatherTool for current weather and hazardsTool for warnings.",
		Model: model,
		Tools: Tools(),
	}
}

func run(ctx context.Context, w io.Writer, prompt string) error {
	model := offlineModel()
	agent := newAgent(model)
	fmt.Fprintf(w, "user: %s\n", prompt)
	var text strings.Builder
	for ev, err := range agent.Stream(ctx, prompt) {
		if err != nil {
			return err
		}
		switch ev.Type {
		case runtime.EventTextDelta:
			text.WriteString(ev.Text)
			continue
		case runtime.EventToolCallDelta:
			continue // the complete call follows as a tool-call event
		}
		fmt.Fprintln(w, ev)
	}
	fmt.Fprintf(w, "assistant: %s\n", text.String())

	// The events above are the display's view. The model saw each tool
	// result as shaped by its model-output hook:
	for _, m := range model.LastRequest().Messages {
		for _, p := range m.Parts {
			if p.Type == runtime.PartToolResult {
				fmt.Fprintf(w, "model saw %s: %s\n", p.ToolResult.ToolName, modelView(p.ToolResult.Output))
			}
		}
	}
	return nil
}

// modelView renders a model output on one line, image URLs included.
func modelView(o runtime.ModelOutput) string {
	if o.Type != runtime.OutputContent {
		return o.String()
	}
	var parts []string
	for _, p := range o.Parts {
		switch p.Type {
		case runtime.PartText:
			parts = append(parts, p.Text)
		case runtime.PartImageURL:
			parts = append(parts, "[image "+p.URL+"]")
		}
	}
	return strings.Join(parts, " ")
}
