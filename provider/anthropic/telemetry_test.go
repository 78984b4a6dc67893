package anthropic

import (
	"testing"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
)

// TestTelemetryRetries: the model describes itself on the chat span of
// the agent loop, and each HTTP attempt of a request that the SDK retries
// (a 529, then a success) is an event of that span.
func TestTelemetryRetries(t *testing.T) {
	providertest.RetryTelemetry(t, 529, llm.ModelInfo{Provider: "anthropic", Model: "claude-sonnet-4-5"}, func(srv *providertest.Server) llm.Model { return messagesModel(t, srv) })
}
