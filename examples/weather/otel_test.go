package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/toolgen-go/toolgen/internal/otlptest"
)

// TestExportsOverOTLP runs `go run ./examples/weather` with only the
// standard OTEL_ variables pointing at an OTLP/HTTP receiver, and checks
// that the run's spans and the GenAI metrics arrive: invoke_agent, chat
// and execute_tool, nested, with the conventions' attributes and no
// content; then, with content capture on, the tools' arguments and results
// in their displayed form.
func TestExportsOverOTLP(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the example")
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	bin := filepath.Join(t.TempDir(), "weather")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	for _, capture := range []bool{false, true} {
		t.Run(map[bool]string{false: "no content", true: "content"}[capture], func(t *testing.T) {
			rcv := otlptest.New(otlptest.Accept)
			defer rcv.Close()
			cmd := exec.Command(bin)
			cmd.Env = append(withoutOTEL(os.Environ()),
				"OTEL_EXPORTER_OTLP_ENDPOINT="+rcv.URL(),
				"OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf",
				"TOOLGEN_MODEL=")
			if capture {
				cmd.Env = append(cmd.Env, "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true")
			}
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.NotContains(t, string(out), "telemetry:", "no export failure")

			spans := rcv.Spans()
			byName := map[string][]otlptest.Span{}
			for _, s := range spans {
				byName[s.Name] = append(byName[s.Name], s)
			}
			require.Len(t, byName["invoke_agent Weather Agent"], 1, "spans: %v", names(spans))
			run := byName["invoke_agent Weather Agent"][0]
			assert.Equal(t, tracepb.Span_SPAN_KIND_INTERNAL, run.Kind)
			assert.Equal(t, "invoke_agent", run.Attributes["gen_ai.operation.name"])
			assert.Equal(t, "weather-agent", run.Attributes["gen_ai.agent.id"])

			var chats, tools []otlptest.Span
			for _, s := range spans {
				switch s.Attributes["gen_ai.operation.name"] {
				case "chat":
					chats = append(chats, s)
				case "execute_tool":
					tools = append(tools, s)
				}
			}
			require.Len(t, chats, 2, "two model requests")
			require.Len(t, tools, 3, "three tool calls")
			for _, s := range append(chats, tools...) {
				assert.Equal(t, run.SpanID, s.ParentID, "%s is a child of the run", s.Name)
				assert.Equal(t, run.TraceID, s.TraceID)
			}
			assert.Equal(t, tracepb.Span_SPAN_KIND_CLIENT, chats[0].Kind)
			assert.Contains(t, chats[0].Attributes, "gen_ai.usage.input_tokens")
			var failed int
			for _, s := range tools {
				assert.Equal(t, tracepb.Span_SPAN_KIND_INTERNAL, s.Kind)
				assert.Contains(t, []any{"weatherTool", "hazardsTool"}, s.Attributes["gen_ai.tool.name"])
				assert.NotEmpty(t, s.Attributes["gen_ai.tool.call.id"])
				if s.StatusError {
					failed++
					assert.Equal(t, "tool-failed", s.Attributes["error.type"], "Atlantis is not found")
				}
				_, args := s.Attributes["gen_ai.tool.call.arguments"]
				_, result := s.Attributes["gen_ai.tool.call.result"]
				assert.Equal(t, capture, args, "arguments only with content capture")
				assert.Equal(t, capture && !s.StatusError, result, "results only with content capture")
			}
			assert.Equal(t, 1, failed)
			for _, s := range spans {
				for k, v := range s.Attributes {
					text, ok := v.(string)
					if !ok {
						continue
					}
					if !capture {
						assert.NotContains(t, text, "Paris", "%s.%s carries content", s.Name, k)
					}
					assert.NotContains(t, text, "LFPG-07", "%s.%s carries what the display transform hides", s.Name, k)
				}
			}

			metrics := rcv.Metrics()
			assert.True(t, metrics["gen_ai.client.token.usage"], "metrics: %v", metrics)
			assert.True(t, metrics["gen_ai.client.operation.duration"], "metrics: %v", metrics)
		})
	}
}

// withoutOTEL drops the OTEL_ variables of env.
func withoutOTEL(env []string) []string {
	return slices.DeleteFunc(slices.Clone(env), func(kv string) bool { return len(kv) > 5 && kv[:5] == "OTEL_" })
}

func names(spans []otlptest.Span) []string {
	var out []string
	for _, s := range spans {
		out = append(out, s.Name)
	}
	return out
}
