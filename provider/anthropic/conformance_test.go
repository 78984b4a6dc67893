package anthropic_test

import (
	"testing"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/anthropic"
	"github.com/toolgen-go/toolgen/provider/providertest"
)

// TestConformance runs the providers' conformance suite.
func TestConformance(t *testing.T) {
	providertest.Run(t, providertest.Target{API: providertest.AnthropicMessages, ErrorPrefix: "anthropic: ", ErrNoAPIKey: anthropic.ErrNoAPIKey,
		Model: func(c providertest.Conn) llm.Model {
			return anthropic.Model(c.Model, anthropic.WithBaseURL(c.BaseURL), anthropic.WithAPIKey(c.APIKey),
				anthropic.WithHTTPClient(c.HTTPClient), anthropic.WithMaxRetries(c.MaxRetries))
		}})
}
