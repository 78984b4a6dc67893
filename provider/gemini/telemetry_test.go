package gemini

import (
	"testing"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
)

// TestTelemetryRetries: the model describes itself on the chat span of
// the agent loop, and each HTTP attempt of a request that the SDK retries
// (a 503, then a success) is an event of that span.
func TestTelemetryRetries(t *testing.T) {
	providertest.RetryTelemetry(t, 503, llm.ModelInfo{Provider: "gcp.gemini", Model: "gemini-2.5-flash"}, func(srv *providertest.Server) llm.Model { return generativeModel(t, srv, "gemini-2.5-flash") })
}
