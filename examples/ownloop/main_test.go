package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/provider/providertest"
)

// TestOwnLoops runs each loop against the fake server and checks what it
// printed and what the SDK sent back: the tools' results, under the ids of
// the calls, the failure as the model reads it.
func TestOwnLoops(t *testing.T) {
	const want = `user: What's the weather in Paris, and in Atlantis?
tool weatherTool({"location":"Paris"}) ok: Paris: 18.5°C (feels like 17.9°C), Partly cloudy, humidity 62%, wind 14 km/h gusting 27 km/h.
tool weatherTool({"location":"Atlantis"}) tool-failed: tool "weatherTool" failed: location "Atlantis" not found; known locations: London, New York, Paris, Tokyo
assistant: It is 18.5°C and partly cloudy in Paris. I could not find Atlantis.
`
	for _, api := range []string{"chat", "responses", "gemini"} {
		t.Run(api, func(t *testing.T) {
			srv := providertest.NewServer(t, offlineTurns()...)
			var out strings.Builder
			require.NoError(t, run(t.Context(), &out, api, srv.URL(), ""))
			assert.Equal(t, want, out.String())

			reqs := srv.Requests()
			require.Len(t, reqs, 2)
			first, err := reqs[0].LLM()
			require.NoError(t, err)
			var tools []string
			for _, d := range first.Tools {
				tools = append(tools, d.Name)
			}
			assert.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, tools)

			second, err := reqs[1].LLM()
			require.NoError(t, err)
			var results []string
			for _, m := range second.Messages {
				for _, r := range m.ToolResults() {
					data, err := json.Marshal(r.Output)
					require.NoError(t, err)
					results = append(results, r.ToolName+" "+string(data))
				}
			}
			require.Len(t, results, 2, "the second request answers both calls")
			assert.Contains(t, results[0], "Partly cloudy")
			assert.Contains(t, results[1], `location \"Atlantis\" not found`)
		})
	}
}
