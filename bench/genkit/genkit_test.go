package genkit

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/bench/pod"
	"github.com/toolgen-go/toolgen/bench/weather"
)

var sink any

func weatherTool() ai.Tool { return newTool(weather.Name, weather.Description, weather.GetWeather) }
func podTool() ai.Tool     { return newTool(pod.Name, pod.Description, pod.CreatePod) }

// args100 is a valid call of any tool of tools100.
const args100 = `{"name":"x","level":"loud","extra":{"when":"2026-12-01T10:00:00Z","tags":["a"]},"attrs":{"w":1.5}}`

// TestWeather checks that genkit runs the weather tool and rejects the
// invalid call with its validator, before the tool runs.
func TestWeather(t *testing.T) {
	tool := weatherTool()
	text, isErr := call(t.Context(), tool, json.RawMessage(weather.ValidArgs))
	require.False(t, isErr, text)
	assert.JSONEq(t, weather.ValidOutput, text)
	text, isErr = call(t.Context(), tool, json.RawMessage(weather.InvalidArgs))
	assert.True(t, isErr)
	assert.Contains(t, text, "location")
	assert.NotContains(t, text, "no location given")
	t.Logf("invalid call: %s", text)
}

// TestDefineTool checks that DefineTool, on a real genkit instance, behaves
// as the registry-free NewTool the benchmarks use.
func TestDefineTool(t *testing.T) {
	g := genkit.Init(context.Background())
	tool := genkit.DefineTool(g, weather.Name, weather.Description,
		func(tc *ai.ToolContext, in weather.WeatherInput) (weather.WeatherOutput, error) {
			return weather.GetWeather(tc, in)
		})
	text, isErr := call(t.Context(), tool, json.RawMessage(weather.ValidArgs))
	require.False(t, isErr, text)
	assert.JSONEq(t, weather.ValidOutput, text)
	assert.Equal(t, weatherTool().Definition().InputSchema, tool.Definition().InputSchema)
}

// TestTools100 checks that genkit lists 100 tools and runs one.
func TestTools100(t *testing.T) {
	ts := tools100Genkit()
	require.Len(t, list(ts), 100)
	text, isErr := call(t.Context(), ts[42], json.RawMessage(args100))
	require.False(t, isErr, text)
	assert.JSONEq(t, `{"ok":true,"items":[]}`, text)
}

// TestPod checks that genkit runs the pod tool.
func TestPod(t *testing.T) {
	text, isErr := call(t.Context(), podTool(), json.RawMessage(pod.ValidArgs))
	require.False(t, isErr, text)
	assert.JSONEq(t, `{"name":"web","containers":1}`, text)
}

// The benchmarks have the names of bench/'s, so that benchstat puts genkit
// in the same tables.

func BenchmarkStartup(b *testing.B) {
	b.Run("tools=1/genkit", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sink = list([]ai.Tool{weatherTool()})
		}
		cpu.report(b)
	})
	b.Run("tools=100/genkit", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sink = list(tools100Genkit())
		}
		cpu.report(b)
	})
}

func BenchmarkFirstCall(b *testing.B) {
	b.Run("genkit", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sink, _ = call(context.Background(), weatherTool(), json.RawMessage(weather.ValidArgs))
		}
		cpu.report(b)
	})
}

func BenchmarkDispatch(b *testing.B) {
	ctx := context.Background()
	for _, args := range []struct{ name, json string }{{"valid", weather.ValidArgs}, {"invalid", weather.InvalidArgs}} {
		b.Run(args.name+"/genkit", func(b *testing.B) {
			tool := weatherTool()
			raw := json.RawMessage(args.json)
			sink, _ = call(ctx, tool, raw)
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				sink, _ = call(ctx, tool, raw)
			}
			cpu.report(b)
		})
	}
}

func BenchmarkPod(b *testing.B) {
	b.Run("startup/genkit", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sink = list([]ai.Tool{podTool()})
		}
		cpu.report(b)
	})
	b.Run("dispatch/genkit", func(b *testing.B) {
		tool := podTool()
		raw := json.RawMessage(pod.ValidArgs)
		sink, _ = call(context.Background(), tool, raw)
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sink, _ = call(context.Background(), tool, raw)
		}
		cpu.report(b)
	})
}
