package genkit

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	toolgenkit "github.com/toolgen-go/toolgen/genkit"

	"github.com/toolgen-go/toolgen/bench/tools100"
	"github.com/toolgen-go/toolgen/bench/weather"
)

// adapterWeather is the weather tool as toolgen's Genkit adapter gives it
// to Genkit: the generated tool, its generated schemas.
func adapterWeather(tb testing.TB) ai.Tool {
	tools, err := toolgenkit.NewTools(weather.Tools(), nil)
	require.NoError(tb, err)
	return tools[0]
}

// TestAdapter checks that the adapter's tools are the ones the benchmarks
// compare: the same 100 names, and the weather call with the same output
// as Genkit's own tool.
func TestAdapter(t *testing.T) {
	tools, err := toolgenkit.NewTools(tools100.Tools(), nil)
	require.NoError(t, err)
	defs := list(tools)
	require.Len(t, defs, 100)
	names := map[string]bool{}
	for _, d := range list(tools100Genkit()) {
		names[d.Name] = true
	}
	for _, d := range defs {
		assert.True(t, names[d.Name], "genkit has no tool %q", d.Name)
	}
	text, isErr := call(t.Context(), adapterWeather(t), json.RawMessage(weather.ValidArgs))
	require.False(t, isErr, text)
	assert.JSONEq(t, weather.ValidOutput, text)
	text, isErr = call(t.Context(), adapterWeather(t), json.RawMessage(weather.InvalidArgs))
	require.False(t, isErr, "the adapter returns a failed call as the output the model reads")
	assert.Contains(t, text, `"error":"invalid arguments for tool \"weatherTool\"`)
}

// compare runs adapter and genkit as the sub-benchmarks of b named so,
// in that order. The genkit one also reports how many times the adapter's
// time and CPU per op it took: the ratios of one run, on one machine
// state.
func compare(b *testing.B, adapter, genkit func(b *testing.B)) {
	var ns, cpuNs float64 // the adapter's, per op
	b.Run("adapter", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		adapter(b)
		cpu.report(b)
		ns, cpuNs = float64(b.Elapsed())/float64(b.N), float64(cpuNow()-cpu.start)/float64(b.N)
	})
	b.Run("genkit", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		genkit(b)
		cpu.report(b)
		if ns > 0 && cpuNs > 0 {
			b.ReportMetric(float64(b.Elapsed())/float64(b.N)/ns, "genkit/adapter")
			b.ReportMetric(float64(cpuNow()-cpu.start)/float64(b.N)/cpuNs, "genkit/adapter-cpu")
		}
	})
}

// BenchmarkAdapter compares toolgen's Genkit adapter with Genkit's own
// tools: start-up of the 100 tools of tools100 (the adapter over the
// generated set and its schemas, against ai.NewTool reflecting each
// function), each listed as a model request carries it; and one call of
// the weather tool as Genkit's generate loop makes it (RunRaw).
func BenchmarkAdapter(b *testing.B) {
	b.Run("startup/tools=100", func(b *testing.B) {
		compare(b, func(b *testing.B) {
			for b.Loop() {
				tools, err := toolgenkit.NewTools(tools100.Tools(), nil)
				if err != nil {
					b.Fatal(err)
				}
				sink = list(tools)
			}
		}, func(b *testing.B) {
			for b.Loop() {
				sink = list(tools100Genkit())
			}
		})
	})
	ctx := context.Background()
	for _, args := range []struct{ name, json string }{{"valid", weather.ValidArgs}, {"invalid", weather.InvalidArgs}} {
		b.Run("call/"+args.name, func(b *testing.B) {
			raw := json.RawMessage(args.json)
			calls := func(tool ai.Tool) func(b *testing.B) {
				sink, _ = call(ctx, tool, raw) // the first call's one-time work is not measured
				return func(b *testing.B) {
					for b.Loop() {
						sink, _ = call(ctx, tool, raw)
					}
				}
			}
			compare(b, calls(adapterWeather(b)), calls(weatherTool()))
		})
	}
}
