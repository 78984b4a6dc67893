package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/otlptest"
)

// TestExportsOverOTLP runs the built example with only the standard OTEL_
// variables pointing at an OTLP/HTTP receiver: each call is an
// execute_tool span, the failing one with its error type, and the tool
// duration metric arrives.
func TestExportsOverOTLP(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the example")
	}
	bin := filepath.Join(t.TempDir(), "service")
	out, err := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	rcv := otlptest.New(otlptest.Accept)
	defer rcv.Close()
	cmd := exec.Command(bin)
	cmd.Env = append(slices.DeleteFunc(slices.Clone(os.Environ()), func(kv string) bool { return strings.HasPrefix(kv, "OTEL_") }),
		"OTEL_EXPORTER_OTLP_ENDPOINT="+rcv.URL(), "OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf")
	out, err = cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)

	var calls []string
	for _, s := range rcv.Spans() {
		if s.Attributes["gen_ai.operation.name"] != "execute_tool" {
			continue
		}
		status := "ok"
		if s.StatusError {
			status = s.Attributes["error.type"].(string)
		}
		calls = append(calls, s.Name+" "+s.Attributes["gen_ai.tool.call.id"].(string)+" "+status)
	}
	slices.Sort(calls)
	assert.Equal(t, []string{
		"execute_tool addComment call_2 ok",
		"execute_tool addComment call_3 tool-failed",
		"execute_tool find-issues call_1 ok",
	}, calls)
	assert.True(t, rcv.Metrics()["gen_ai.execute_tool.duration"], "metrics: %v", rcv.Metrics())
}
