package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	assert.Len(t, linesWithPrefix(lines, "tool-result weatherTool "), 1)
	hazards := linesWithPrefix(lines, "tool-result hazardsTool ")
	require.Len(t, hazards, 1)
	assert.Contains(t, hazards[0], `"kind":"heat"`)
	assert.Contains(t, lines, "finish (stop)")
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], "assistant: It is 18.5°C"), lines[len(lines)-1])
}

func TestGetWeatherFahrenheit(t *testing.T) {
	out, err := GetWeatherTool().Call(t.Context(), json.RawMessage(`{"location":"paris","units":"fahrenheit"}`))
	require.NoError(t, err)
	w, ok := out.Value.(WeatherOutput)
	require.True(t, ok)
	assert.Equal(t, Fahrenheit, w.Units)
	assert.InDelta(t, 65.3, w.Temperature, 0.01)
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
