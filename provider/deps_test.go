package provider_test

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// heavy are the module paths a program should link only when it imports
// what needs them: the providers' SDKs, the MCP SDK, gRPC (which Google's
// SDK brings) and the OpenTelemetry SDK (the library uses the API only).
var heavy = map[string]string{
	"openai":    "github.com/openai/openai-go",
	"anthropic": "github.com/anthropics/anthropic-sdk-go",
	"genai":     "google.golang.org/genai",
	"mcp":       "github.com/modelcontextprotocol/go-sdk",
	"grpc":      "google.golang.org/grpc",
	"otel sdk":  "go.opentelemetry.io/otel/sdk",
}

// deps returns the packages that pkgs depend on, as `go list -deps` lists
// them from the module's root: the packages a program importing pkgs
// links (a program that imports them adds only itself).
func deps(t *testing.T, pkgs ...string) []string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(goTool, append([]string{"list", "-deps"}, pkgs...)...)
	cmd.Dir = ".." // the module's root
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			err = fmt.Errorf("%w\n%s", err, exit.Stderr)
		}
		t.Fatalf("go list -deps %s: %v", strings.Join(pkgs, " "), err)
	}
	return strings.Fields(string(out))
}

// linked returns which of the heavy modules the packages list holds.
func linked(list []string) []string {
	var found []string
	for name, mod := range heavy {
		for _, p := range list {
			if p == mod || strings.HasPrefix(p, mod+"/") {
				found = append(found, name)
				break
			}
		}
	}
	return found
}

// TestPayForWhatYouUse checks with `go list -deps` what a program links:
// a tool package links no provider, MCP, gRPC or OpenTelemetry SDK; a
// program with the agent loop, its telemetry and the OpenAI adapter links
// OpenAI's SDK and nothing of the other providers, gRPC or the
// OpenTelemetry SDK (the library records through the API); the registry
// links no adapter.
func TestPayForWhatYouUse(t *testing.T) {
	tool := deps(t, "./tool")
	assert.Empty(t, linked(tool), "./tool links none of %v", heavy)

	registry := deps(t, "./provider")
	assert.Empty(t, linked(registry), "./provider links no adapter")

	program := deps(t, "./agent", "./telemetry", "./provider/openai")
	assert.Equal(t, []string{"openai"}, linked(program), "agent, telemetry and provider/openai link OpenAI's SDK and no other")

	require.NotEmpty(t, tool)
	t.Logf("packages linked: ./tool %d, ./provider %d, ./agent with ./provider/openai %d", len(tool), len(registry), len(program))
}
