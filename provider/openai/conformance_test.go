package openai_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
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

// TestRegistration: importing the package registers its three providers,
// and only those: a program that imports it alone is told which import
// registers another.
func TestRegistration(t *testing.T) {
	assert.Equal(t, []string{"ollama", "openai", "openai-responses"}, provider.Providers())
	t.Setenv("OPENAI_API_KEY", "sk-test")
	m, err := provider.Open("openai-responses/gpt-5.4")
	require.NoError(t, err)
	assert.IsType(t, &openai.ResponsesModel{}, m)
	_, err = provider.Open("google/gemini-2.5-flash")
	assert.ErrorIs(t, err, provider.ErrUnknownProvider)
	assert.ErrorContains(t, err, `(registered: ollama, openai, openai-responses); import _ "github.com/toolgen-go/toolgen/provider/gemini" to register it`)
}
