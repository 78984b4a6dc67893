package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/gemini"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

// TestReportOnEachProvider runs the example's agent through each adapter
// against the fake server, and checks where each request carries the
// report's schema: with the tools on every step for a model that takes
// both, only on a final request without tools for one that does not.
func TestReportOnEachProvider(t *testing.T) {
	cases := []struct {
		name   string
		native bool
		model  func(url string) llm.Model
		// format returns the part of a request body that carries the
		// schema, or "" when there is none.
		format func(body map[string]any) string
	}{
		{"openai chat", true,
			func(url string) llm.Model {
				return openai.Model("gpt-5.4", openai.WithBaseURL(url), openai.WithAPIKey("test"))
			},
			func(b map[string]any) string { return at(b, "response_format", "json_schema", "name") }},
		{"openai responses", true,
			func(url string) llm.Model {
				return openai.Responses("gpt-5.4", openai.WithBaseURL(url), openai.WithAPIKey("test"))
			},
			func(b map[string]any) string { return at(b, "text", "format", "name") }},
		{"gemini 3", true,
			func(url string) llm.Model {
				return gemini.Model("gemini-3-flash-preview", gemini.WithBaseURL(url), gemini.WithAPIKey("test"))
			},
			func(b map[string]any) string { return at(b, "generationConfig", "responseMimeType") }},
		{"gemini 2.5", false,
			func(url string) llm.Model {
				return gemini.Model("gemini-2.5-flash", gemini.WithBaseURL(url), gemini.WithAPIKey("test"))
			},
			func(b map[string]any) string { return at(b, "generationConfig", "responseMimeType") }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// The offline script, played by the fake server.
			turns := offlineModel(tc.native)
			var script []scripted.Turn
			for range turns.Remaining() {
				turn, err := turns.Generate(t.Context(), &llm.Request{})
				require.NoError(t, err)
				script = append(script, scripted.Turn{Text: turn.Message.Text(), ToolCalls: turn.Message.ToolCalls()})
			}
			srv := providertest.NewServer(t, script...)
			model := tc.model(srv.URL())
			assert.Equal(t, tc.native, llm.CapabilitiesOf(model).OutputWithTools)

			var out strings.Builder
			require.NoError(t, run(t.Context(), &out, "Plan my weekend in Lisbon.", model))
			assert.Contains(t, out.String(), "report on Lisbon")
			assert.Contains(t, out.String(), "warmest day: 2026-12-05")

			reqs := srv.Requests()
			require.Len(t, reqs, len(script))
			for i, r := range reqs {
				var body map[string]any
				require.NoError(t, json.Unmarshal(r.Body, &body))
				last := i == len(reqs)-1
				_, hasTools := body["tools"]
				switch {
				case tc.native:
					assert.NotEmpty(t, tc.format(body), "request %d carries the schema", i)
					assert.True(t, hasTools, "request %d keeps the tools", i)
				case !last:
					assert.Empty(t, tc.format(body), "request %d: no schema before the structuring request", i)
				default:
					assert.NotEmpty(t, tc.format(body), "the structuring request carries the schema")
				}
			}
		})
	}
}

// at returns the string at path in a decoded JSON object, or "".
func at(v any, path ...string) string {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		v = m[k]
	}
	s, _ := v.(string)
	return s
}
