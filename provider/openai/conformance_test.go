package openai_test

import (
	"testing"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/providertest"
)

// options are the options that take a model to the server as c says.
func options(c providertest.Conn) []openai.Option {
	return []openai.Option{openai.WithBaseURL(c.BaseURL), openai.WithAPIKey(c.APIKey),
		openai.WithHTTPClient(c.HTTPClient), openai.WithMaxRetries(c.MaxRetries)}
}

// TestConformance runs the providers' conformance suite on both APIs.
func TestConformance(t *testing.T) {
	t.Run("chat", func(t *testing.T) {
		providertest.Run(t, providertest.Target{API: providertest.OpenAIChat, ErrorPrefix: "openai: ", ErrNoAPIKey: openai.ErrNoAPIKey,
			Model: func(c providertest.Conn) llm.Model { return openai.Model(c.Model, options(c)...) }})
	})
	t.Run("responses", func(t *testing.T) {
		providertest.Run(t, providertest.Target{API: providertest.OpenAIResponses, ErrorPrefix: "openai: ", ErrNoAPIKey: openai.ErrNoAPIKey,
			Model: func(c providertest.Conn) llm.Model { return openai.Responses(c.Model, options(c)...) }})
	})
}
