package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tooltest"
)

func TestRun(t *testing.T) {
	cases := []struct {
		native   bool
		requests []string
	}{
		{false, []string{"request 1: 1 tools, response format none", "request 2: 1 tools, response format none", "request 3: 0 tools, response format report"}},
		{true, []string{"request 1: 1 tools, response format report", "request 2: 1 tools, response format report"}},
	}
	for _, c := range cases {
		var out bytes.Buffer
		model := offlineModel(c.native)
		require.NoError(t, run(t.Context(), &out, prompt, model))
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		assert.Contains(t, lines, `tool-call forecast {"city":"Lisbon"}`)
		var requests []string
		for _, l := range lines {
			if strings.HasPrefix(l, "request ") {
				requests = append(requests, l)
			}
		}
		assert.Equal(t, c.requests, requests, "native=%v", c.native)
		assert.Contains(t, out.String(), "report on Lisbon\n  summary: Mild and mostly dry, with showers on the last day.\n"+
			"  warmest day: 2026-12-05\n  pack an umbrella: true\n  - Sunny on Friday\n  - Showers on Sunday\n")
		assert.Equal(t, 0, model.Remaining())
	}
}

func TestReportSchemaRefusesABadDate(t *testing.T) {
	bad := strings.Replace(reportJSON, "2026-12-05", "Saturday", 1)
	model := scripted.New(scripted.Text(bad), scripted.Text(bad)).WithCapabilities(llm.Capabilities{OutputWithTools: true})
	var out bytes.Buffer
	err := run(t.Context(), &out, prompt, model)
	var oe *agent.OutputError
	require.ErrorAs(t, err, &oe)
	assert.Contains(t, oe.Message, "at /warmestDay")
	assert.NotContains(t, oe.Message, "Saturday")
}

// TestToolsGolden pins what a model sees of the tools. After a change to
// them, go test -run TestToolsGolden -update rewrites
// testdata/tools.golden.json; review its diff.
func TestToolsGolden(t *testing.T) {
	tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
}
