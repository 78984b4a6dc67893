package anthropic

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// Anthropic's prices of cached input, relative to the base input price.
const (
	cacheWritePrice = 1.25 // five-minute cache
	cacheReadPrice  = 0.1
)

// billed returns what u costs, in tokens at the base input price.
func billed(u providertest.CacheUsage) float64 {
	return float64(u.InputTokens) + cacheWritePrice*float64(u.CacheWriteTokens) + cacheReadPrice*float64(u.CacheReadTokens)
}

// weatherStep is a step that says text and calls tool.
func weatherStep(text, tool, args string) scripted.Turn {
	return scripted.Turn{Text: text, ToolCalls: []llm.ToolCall{scripted.Call(tool, args)}}
}

// weatherSteps is a five-step run of the weather example's prompt ("What's
// the weather in Paris, and any hazards in Tokyo?"): one call a step, as a
// model that calls its tools one at a time would, then the answer.
func weatherSteps() []scripted.Turn {
	return []scripted.Turn{
		weatherStep("I'll get the current weather in Paris first.", "weatherTool", `{"location":"Paris"}`),
		weatherStep("Now the hazards in Tokyo.", "hazardsTool", `{"location":"Tokyo"}`),
		weatherStep("Tokyo has a severe heat warning; let me check its current weather too.", "weatherTool", `{"location":"Tokyo"}`),
		weatherStep("Let me also check whether Paris has any warnings.", "hazardsTool", `{"location":"Paris"}`),
		scripted.Text("Paris is 18.5°C and partly cloudy, with no warnings in force. Tokyo is 29.6°C, humid and hazy, " +
			"and under a severe heat warning: stay hydrated and avoid the midday sun."),
	}
}

// withoutMarks returns the request body without its cache_control marks.
func withoutMarks(t *testing.T, body []byte) []byte {
	t.Helper()
	var req map[string]any
	require.NoError(t, json.Unmarshal(body, &req))
	strip := func(list any) {
		items, _ := list.([]any)
		for _, it := range items {
			if m, ok := it.(map[string]any); ok {
				delete(m, "cache_control")
			}
		}
	}
	strip(req["tools"])
	strip(req["system"])
	msgs, _ := req["messages"].([]any)
	for _, m := range msgs {
		strip(m.(map[string]any)["content"])
	}
	out, err := json.Marshal(req)
	require.NoError(t, err)
	return out
}

// weatherAgent is examples/weather's agent on model: its instructions and
// its two tools, with their hooks.
func weatherAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:   "weather-agent",
		Name: "Weather Agent",
		Instructions: "You are a helpful weather assistant that provides accurate weather information. " +
			"Always ask for a location if none is provided. Use weatherTool for current weather and hazardsTool for warnings.",
		Model: model,
		Tools: tool.Toolset{"weatherTool": weather.GetWeatherTool(), "hazardsTool": weather.GetHazardsTool()},
	}
}

// runWeather runs examples/weather's agent, tools and hooks on this
// adapter and the SDK, streaming as the example does, against the fake
// server playing turns with a simulated prompt cache of Sonnet 4.5's
// minimum, and returns the request bodies and the usage the server
// reported.
func runWeather(t *testing.T, turns []scripted.Turn) ([][]byte, []providertest.CacheUsage) {
	t.Helper()
	srv := providertest.NewServer(t, turns...)
	cache := providertest.NewPromptCache(providertest.MinCacheTokensSonnet)
	srv.CachePrompts(cache)

	model := Model("claude-sonnet-4-5", WithBaseURL(srv.URL()), WithAPIKey("test"))
	var text strings.Builder
	for ev, err := range weatherAgent(model).Stream(t.Context(), "What's the weather in Paris, and any hazards in Tokyo?") {
		require.NoError(t, err)
		if ev.Type == agent.EventTextDelta {
			text.WriteString(ev.Text)
		}
	}
	require.Contains(t, text.String(), turns[len(turns)-1].Text, "the run got to its answer")

	var bodies [][]byte
	for _, r := range srv.Requests() {
		bodies = append(bodies, r.Body)
	}
	require.Len(t, bodies, len(turns))
	log := cache.Log()
	require.Len(t, log, len(turns))

	// The same bodies without their marks: no read, no write, the same
	// tokens, all billed at the base price.
	plain := providertest.NewPromptCache(providertest.MinCacheTokensSonnet)
	for i, b := range bodies {
		u, err := plain.Usage(withoutMarks(t, b))
		require.NoError(t, err)
		require.Equal(t, providertest.CacheUsage{InputTokens: log[i].Total()}, u, "step %d", i+1)
	}
	return bodies, log
}

// price replays bodies through a new cache of the given minimum, counting
// bytesPerToken bytes a token, and returns the tokens billed without
// caching and with it, in base-price tokens.
func price(t *testing.T, bodies [][]byte, minTokens int, bytesPerToken float64) (plain, cached float64) {
	t.Helper()
	c := providertest.NewPromptCache(minTokens)
	c.Count = func(b []byte) int { return int(float64(len(b))/bytesPerToken + 0.999) }
	for _, b := range bodies {
		u, err := c.Usage(b)
		require.NoError(t, err)
		plain += float64(u.Total())
		cached += billed(u)
	}
	return plain, cached
}

// TestCachingCost measures what prompt caching saves the weather example
// (see runWeather) over five steps of the example's prompt. The input of each run's requests is priced with and
// without caching: without, every input token at the base price; with,
// cache writes at 1.25 times and reads at 0.1 times. Token counts are
// estimates (providertest.Tokens), so the input is also priced at 3.2
// and 5 bytes a token, and at the other models' minimums. The figures are
// in BENCHMARKS.md; run with -v to print them.
func TestCachingCost(t *testing.T) {
	var b strings.Builder
	report := func(name string, bodies [][]byte, log []providertest.CacheUsage) (saving float64) {
		fmt.Fprintf(&b, "%s, claude-sonnet-4-5 (cache minimum %d tokens), estimated tokens:\n", name, providertest.MinCacheTokensSonnet)
		fmt.Fprintf(&b, "%-5s %7s %8s %7s %7s %14s %13s\n", "step", "input", "written", "read", "total", "billed cached", "billed plain")
		var sumCached, sumPlain float64
		for i, u := range log {
			sumCached += billed(u)
			sumPlain += float64(u.Total())
			fmt.Fprintf(&b, "%-5d %7d %8d %7d %7d %14.1f %13d\n", i+1, u.InputTokens, u.CacheWriteTokens, u.CacheReadTokens, u.Total(), billed(u), u.Total())
		}
		saving = 1 - sumCached/sumPlain
		fmt.Fprintf(&b, "%-5s %7s %8s %7s %7s %14.1f %13.0f  saving %.1f%%\n", "all", "", "", "", "", sumCached, sumPlain, 100*saving)
		b.WriteString("the same requests if every prefix were cacheable (no minimum):\n")
		c := providertest.NewPromptCache(0)
		var sum0 float64
		for i, body := range bodies {
			u, err := c.Usage(body)
			require.NoError(t, err)
			sum0 += billed(u)
			fmt.Fprintf(&b, "%-5d %7d %8d %7d %7d %14.1f %13d\n", i+1, u.InputTokens, u.CacheWriteTokens, u.CacheReadTokens, u.Total(), billed(u), u.Total())
		}
		fmt.Fprintf(&b, "%-5s %7s %8s %7s %7s %14.1f %13.0f  saving %.1f%%\n", "all", "", "", "", "", sum0, sumPlain, 100*(1-sum0/sumPlain))
		b.WriteString("billed with caching of billed without, by the model's minimum and the bytes a token:\n")
		for _, min := range []int{0, providertest.MinCacheTokensSonnet, 2048, 4096} {
			fmt.Fprintf(&b, "  minimum %4d:", min)
			for _, bpt := range []float64{3.2, 4, 5} {
				plain, cached := price(t, bodies, min, bpt)
				fmt.Fprintf(&b, "  %.1f bytes/token %6.0f of %6.0f (%+.1f%%)", bpt, cached, plain, 100*(cached/plain-1))
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
		return saving
	}

	bodies, log := runWeather(t, weatherSteps())
	saving := report("examples/weather, 5 steps (the agent's step limit)", bodies, log)
	t.Log("\n" + b.String())

	// Each step reads all that the step before cached, and a step caches
	// nothing until the requests outgrow the minimum: the marks below it
	// cost nothing. (Today the requests outgrow Sonnet's minimum at the
	// fifth step only, and its write, never read, is all caching costs:
	// +6% of the input bill; see BENCHMARKS.md.)
	for i, u := range log {
		if u.Total() < providertest.MinCacheTokensSonnet {
			assert.Zero(t, u.CacheWriteTokens+u.CacheReadTokens, "step %d", i+1)
		}
		if i > 0 && log[i-1].CacheWriteTokens+log[i-1].CacheReadTokens > 0 {
			assert.Equal(t, log[i-1].CacheWriteTokens+log[i-1].CacheReadTokens, u.CacheReadTokens, "step %d reads step %d", i+1, i)
		}
	}
	assert.Greater(t, saving, -0.10, "caching costs the five steps less than 10%% more")

	// Where every prefix is cacheable (an agent whose tools and
	// instructions outgrow the minimum by themselves), the marks save most
	// of the five steps' input: each step reads the one before.
	plain, cached := price(t, bodies, 0, 4)
	assert.GreaterOrEqual(t, 1-cached/plain, 0.55, "caching saves at least 55%% of cacheable input")
	c := providertest.NewPromptCache(0)
	var prev providertest.CacheUsage
	for i, body := range bodies {
		u, err := c.Usage(body)
		require.NoError(t, err)
		if i > 0 {
			assert.Equal(t, prev.Total(), u.CacheReadTokens, "step %d reads all of step %d", i+1, i)
		}
		prev = u
	}
	// Under Opus 4.5's and Haiku 4.5's minimum, caching neither saves nor
	// costs.
	plain, cached = price(t, bodies, 4096, 4)
	assert.Equal(t, plain, cached)
}
