// Package models builds a [llm.Model] from a name such as
// "openai/gpt-5.4", the way an agent's configuration or a -model flag
// names one. It lives apart from package runtime, which never imports its
// adapters.
//
//	model, err := models.FromString("anthropic/claude-sonnet-4-5")
//	if err != nil {
//		log.Fatal(err) // unknown provider, missing API key…
//	}
//	agent := &agent.Agent{ID: "weather-agent", Model: model, Tools: weather.Tools()}
//
// The providers:
//
//	openai/<model>            OpenAI Chat Completions; $OPENAI_API_KEY, $OPENAI_BASE_URL
//	openai-responses/<model>  OpenAI Responses API; the same variables
//	anthropic/<model>         Anthropic Messages; $ANTHROPIC_API_KEY, $ANTHROPIC_BASE_URL
//	google/<model>            the Gemini API; $GEMINI_API_KEY or $GOOGLE_API_KEY,
//	                          $GOOGLE_GEMINI_BASE_URL
//	ollama/<model>            Ollama's OpenAI-compatible API, no key; $OLLAMA_HOST,
//	                          default http://localhost:11434
//
// Any other OpenAI-compatible server (vLLM, llama.cpp's server, LM Studio)
// is "openai/<model>" with $OPENAI_BASE_URL (or WithOpenAI and
// openai.WithBaseURL) pointing at it; no key is needed then.
package models

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/anthropic"
	"github.com/toolgen-go/toolgen/provider/gemini"
	"github.com/toolgen-go/toolgen/provider/openai"
)

// ErrUnknownProvider is wrapped by the error [FromString] returns for a
// provider it does not know.
var ErrUnknownProvider = errors.New("unknown provider")

// DefaultOllamaHost is Ollama's address when $OLLAMA_HOST is not set.
const DefaultOllamaHost = "http://localhost:11434"

// Providers returns the provider names FromString knows, sorted.
func Providers() []string {
	return []string{"anthropic", "google", "ollama", "openai", "openai-responses"}
}

// Option configures the adapters [FromString] builds.
type Option func(*config)

type config struct {
	openai    []openai.Option
	anthropic []anthropic.Option
	gemini    []gemini.Option
}

// WithOpenAI passes options to the openai adapter, for the "openai",
// "openai-responses" and "ollama" providers (after the ones FromString sets for ollama).
func WithOpenAI(opts ...openai.Option) Option {
	return func(c *config) { c.openai = append(c.openai, opts...) }
}

// WithAnthropic passes options to the anthropic adapter.
func WithAnthropic(opts ...anthropic.Option) Option {
	return func(c *config) { c.anthropic = append(c.anthropic, opts...) }
}

// WithGemini passes options to the gemini adapter, for the "google"
// provider.
func WithGemini(opts ...gemini.Option) Option {
	return func(c *config) { c.gemini = append(c.gemini, opts...) }
}

// FromString returns the model named "provider/model", such as
// "openai/gpt-5.4", "anthropic/claude-sonnet-4-5", "google/gemini-2.5-flash"
// or "ollama/llama3.2". The model part may itself contain slashes
// ("openai/meta-llama/Llama-3.1-8B" for a vLLM server). It fails for a malformed name, an unknown provider
// (the error wraps [ErrUnknownProvider] and lists the known ones) or a
// missing API key (wrapping [openai.ErrNoAPIKey], [anthropic.ErrNoAPIKey]
// or [gemini.ErrNoAPIKey]).
func FromString(name string, opts ...Option) (llm.Model, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	provider, id, ok := strings.Cut(strings.TrimSpace(name), "/")
	if !ok || provider == "" || id == "" {
		return nil, fmt.Errorf("models: %q: want provider/model, such as openai/gpt-5.4 (providers: %s)", name, strings.Join(Providers(), ", "))
	}
	var (
		m   llm.Model
		err error
	)
	switch provider {
	case "openai":
		m, err = openai.New(id, c.openai...)
	case "openai-responses":
		m, err = openai.NewResponses(id, c.openai...)
	case "anthropic":
		m, err = anthropic.New(id, c.anthropic...)
	case "google":
		m, err = gemini.New(id, c.gemini...)
	case "ollama":
		base := []openai.Option{openai.WithBaseURL(ollamaBaseURL()), openai.WithAPIKey(""), openai.WithLegacyMaxTokens()}
		m, err = openai.New(id, append(base, c.openai...)...)
	default:
		return nil, fmt.Errorf("models: %q: %w %q (providers: %s)", name, ErrUnknownProvider, provider, strings.Join(Providers(), ", "))
	}
	if err != nil {
		return nil, fmt.Errorf("models: %q: %w", name, err)
	}
	return m, nil
}

// ollamaBaseURL returns the OpenAI-compatible endpoint of the Ollama server
// that $OLLAMA_HOST names ("host:port" or a URL), or of the default one.
func ollamaBaseURL() string {
	host := strings.TrimSpace(os.Getenv("OLLAMA_HOST"))
	if host == "" {
		host = DefaultOllamaHost
	}
	if !strings.Contains(host, "://") {
		host = "http://" + host
	}
	return strings.TrimSuffix(host, "/") + "/v1/"
}
