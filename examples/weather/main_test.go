package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"context"
	"fmt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, "What's the weather in Paris, and any hazards in Tokyo?"))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")

	// The three calls of one step run in parallel: assert on the lines,
	// not on their order.
	assert.Len(t, linesWithPrefix(lines, "tool-call weatherTool "), 2)
	assert.Len(t, linesWithPrefix(lines, "tool-call hazardsTool "), 1)
	errs := linesWithPrefix(lines, "tool-error weatherTool ")
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0], "not found")
	assert.Contains(t, errs[0], "Atlantis")
	results := linesWithPrefix(lines, "tool-result weatherTool ")
	require.Len(t, results, 1)
	// The display sees the transformed output: no station id.
	assert.Equal(t, `tool-result weatherTool {"location":"Paris","temperature":18.5,"units":"celsius","conditions":"Partly cloudy","icon":"https://example.com/icons/partly-cloudy.png"}`, results[0])
	assert.NotContains(t, out.String(), "LFPG-07", "the station id must reach neither the display nor the model")
	// The model sees the short text and the icon.
	assert.Contains(t, lines, "model saw weatherTool: Paris: 18.5°C (feels like 17.9°C), Partly cloudy, humidity 62%, wind 14 km/h gusting 27 km/h. [image https://example.com/icons/partly-cloudy.png]")
	hazards := linesWithPrefix(lines, "tool-result hazardsTool ")
	require.Len(t, hazards, 1)
	assert.Contains(t, hazards[0], `"kind":"heat"`)
	assert.Contains(t, lines, "finish (stop)")
	assert.Len(t, linesWithPrefix(lines, "assistant: It is 18.5°C"), 1)
}

func TestGetWeatherFahrenheit(t *testing.T) {
	out, err := GetWeatherTool().Call(t.Context(), json.RawMessage(`{"location":"paris","units":"fahrenheit"}`))
	require.NoError(t, err)
	w, ok := out.Value.(WeatherOutput)
	require.True(t, ok)
	assert.Equal(t, Fahrenheit, w.Units)
	assert.InDelta(t, 65.3, w.Temperature, 0.01)
	assert.Equal(t, "LFPG-07", w.StationID, "the application keeps the whole output")
}

// linesWithPrefix returns the lines that start with prefix.
func linesWithPrefix(lines []string, prefix string) []string {
	var found []string
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			found = append(found, l)
		}
	}
	return found
}

// TestHooksInCode sets a model-output hook in code, without a directive: the
// generated constructor returns a typed *runtime.Func, so the hook is typed
// by WeatherInput and WeatherOutput and replaces the directive's.
func TestHooksInCode(t *testing.T) {
	tool := GetWeatherTool().WithModelOutput(func(ctx context.Context, in WeatherInput, out WeatherOutput) (runtime.ModelOutput, error) {
		return runtime.TextOutput(fmt.Sprintf("%s is %s", out.Location, out.Conditions)), nil
	})
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"London"}`)), scripted.Text("ok"))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: runtime.Toolset{"weather": tool}}
	_, err := agent.Generate(t.Context(), "weather?")
	require.NoError(t, err)
	var seen []string
	for _, m := range model.LastRequest().Messages {
		for _, p := range m.Parts {
			if p.Type == runtime.PartToolResult {
				seen = append(seen, p.ToolResult.Output.String())
			}
		}
	}
	assert.Equal(t, []string{"London is Light rain"}, seen)
}
