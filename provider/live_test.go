package provider_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/provider"
	"github.com/toolgen-go/toolgen/tool"
)

// TestLive runs a weather agent against a real model when
// $TOOLGEN_LIVE_MODEL names one ("ollama/llama3.2", "google/gemini-2.5-flash"
// with $GEMINI_API_KEY, or "openai/<model>" with $OPENAI_BASE_URL pointing
// at any OpenAI-compatible server). It is skipped otherwise: no test needs
// the network.
func TestLive(t *testing.T) {
	name := os.Getenv("TOOLGEN_LIVE_MODEL")
	if name == "" {
		t.Skip("set TOOLGEN_LIVE_MODEL to run against a real model")
	}
	model, err := provider.Open(name)
	require.NoError(t, err)
	type in struct {
		Location string `json:"location"`
	}
	type out struct {
		Conditions string `json:"conditions"`
	}
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the current weather for a location.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"location":{"type":"string","description":"A city name."}},"required":["location"],"additionalProperties":false}`)}
	called := false
	a := &agent.Agent{
		ID: "weather-agent", Model: model,
		Instructions: "You are a weather assistant. Always use weather-tool for the weather.",
		Tools: tool.Toolset{"weather-tool": tool.NewFunc(&spec, func(_ context.Context, i in) (out, error) {
			called = true
			return out{Conditions: "Sunny, 21°C in " + i.Location}, nil
		})},
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, stream := range []bool{false, true} {
		var res *agent.Result
		if stream {
			for ev, err := range a.Stream(ctx, "What's the weather in Paris?") {
				require.NoError(t, err)
				if ev.Result != nil {
					res = ev.Result
				}
			}
		} else {
			res, err = a.Generate(ctx, "What's the weather in Paris?")
			require.NoError(t, err)
		}
		require.NotNil(t, res)
		t.Logf("stream=%v: %s (%s, %d steps, %+v)", stream, res.Text, res.FinishReason, len(res.Steps), res.Usage)
		assert.NotEmpty(t, res.Text)
	}
	assert.True(t, called, "the model never called the tool")
}
