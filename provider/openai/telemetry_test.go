package openai

import (
	"testing"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
)

// TestTelemetryRetries: the model describes itself on the chat span of
// the agent loop, and each HTTP attempt of a request that the SDK retries
// (a 500, then a success) is an event of that span.
func TestTelemetryRetries(t *testing.T) {
	providertest.RetryTelemetry(t, 500, llm.ModelInfo{Provider: "openai", Model: "gpt-5.4"}, func(srv *providertest.Server) llm.Model { return chatModel(t, srv) })
}
