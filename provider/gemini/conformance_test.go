package gemini_test

import (
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/gemini"
	"github.com/toolgen-go/toolgen/provider/providertest"
)

// TestConformance runs the providers' conformance suite. The SDK does not
// read the server's retry delay: the model waits a millisecond.
func TestConformance(t *testing.T) {
	providertest.Run(t, providertest.Target{API: providertest.Gemini, ErrorPrefix: "gemini: ", ErrNoAPIKey: gemini.ErrNoAPIKey,
		Model: func(c providertest.Conn) llm.Model {
			return gemini.Model(c.Model, gemini.WithBaseURL(c.BaseURL), gemini.WithAPIKey(c.APIKey),
				gemini.WithHTTPClient(c.HTTPClient), gemini.WithMaxRetries(c.MaxRetries), gemini.WithRetryDelay(time.Millisecond))
		}})
}
