// Package provider opens a model by name, such as "openai/gpt-5.4", the way
// an agent's configuration or a -model flag names one. Adapters register
// themselves when a program imports them, as database/sql drivers do, so
// a program links only the providers (and their SDKs) it imports:
//
//	import (
//		"github.com/toolgen-go/toolgen/provider"
//		_ "github.com/toolgen-go/toolgen/provider/anthropic" // registers "anthropic"
//	)
//
//	model, err := provider.Open("anthropic/claude-sonnet-4-5")
//	if err != nil {
//		log.Fatal(err) // unknown provider, missing API key…
//	}
//
// The providers of this module, and the package that registers each:
//
//	openai/<model>            provider/openai: Chat Completions; $OPENAI_API_KEY, $OPENAI_BASE_URL
//	openai-responses/<model>  provider/openai: the Responses API; the same variables
//	ollama/<model>            provider/openai: Ollama's OpenAI-compatible API, no key; $OLLAMA_HOST
//	anthropic/<model>         provider/anthropic: Messages; $ANTHROPIC_API_KEY, $ANTHROPIC_BASE_URL
//	google/<model>            provider/gemini: the Gemini API; $GEMINI_API_KEY or $GOOGLE_API_KEY
//
// Any other OpenAI-compatible server (vLLM, llama.cpp's server, LM Studio)
// is "openai/<model>" with $OPENAI_BASE_URL pointing at it; no key is
// needed then.
//
// See https://github.com/toolgen-go/toolgen/blob/main/docs/providers.md.
package provider

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/llm"
)

// ErrUnknownProvider is wrapped by the error [Open] returns for a provider
// that no imported package registered.
var ErrUnknownProvider = errors.New("unknown provider")

var (
	mu      sync.RWMutex
	openers = map[string]func(model string) (llm.Model, error){}
)

// adapters are the packages of this module that register each provider,
// so that the error for a provider a program did not import says which
// import registers it.
var adapters = map[string]string{
	"openai":           "github.com/toolgen-go/toolgen/provider/openai",
	"openai-responses": "github.com/toolgen-go/toolgen/provider/openai",
	"ollama":           "github.com/toolgen-go/toolgen/provider/openai",
	"anthropic":        "github.com/toolgen-go/toolgen/provider/anthropic",
	"google":           "github.com/toolgen-go/toolgen/provider/gemini",
}

// aliases are names people try for a provider registered under another.
var aliases = map[string]string{"gemini": "google", "claude": "anthropic"}

// Register makes a provider available to [Open] under name: open returns
// the model it is given the id of ("gpt-5.4" for "openai/gpt-5.4"). An
// adapter calls it from its init function. Like sql.Register, it panics
// when open is nil or when name is registered already, and also when name
// is empty or holds a slash or a space, which Open could never find.
func Register(name string, open func(model string) (llm.Model, error)) {
	if name == "" || strings.ContainsAny(name, "/ \t\r\n") {
		panic(fmt.Sprintf("provider: Register of an invalid name %q: want a non-empty name without slashes or spaces", name))
	}
	if open == nil {
		panic("provider: Register of " + name + " with a nil open function")
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := openers[name]; dup {
		panic("provider: Register called twice for provider " + name)
	}
	openers[name] = open
}

// Providers returns the names of the registered providers, sorted.
func Providers() []string {
	mu.RLock()
	defer mu.RUnlock()
	names := make([]string, 0, len(openers))
	for name := range openers {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Open returns the model named "provider/model", such as "openai/gpt-5.4",
// "anthropic/claude-sonnet-4-5", "google/gemini-2.5-flash" or
// "ollama/llama3.2". The model part may itself contain slashes
// ("openai/meta-llama/Llama-3.1-8B" for a vLLM server). It fails for a
// malformed name, for a provider no imported package registered (the error
// wraps [ErrUnknownProvider], lists the registered ones and, for a
// provider of this module, names the import that registers it), and with
// the provider's own error, wrapped, such as a missing API key
// (openai.ErrNoAPIKey, anthropic.ErrNoAPIKey, gemini.ErrNoAPIKey).
func Open(name string) (llm.Model, error) {
	prov, model, ok := strings.Cut(strings.TrimSpace(name), "/")
	if !ok || prov == "" || model == "" {
		return nil, fmt.Errorf("provider: %q: want provider/model, such as openai/gpt-5.4 (%s)", name, registered())
	}
	mu.RLock()
	open := openers[prov]
	mu.RUnlock()
	if open == nil {
		return nil, fmt.Errorf("provider: %q: %w %q (%s)%s", name, ErrUnknownProvider, prov, registered(), hint(prov))
	}
	m, err := open(model)
	if err != nil {
		return nil, fmt.Errorf("provider: %q: %w", name, err)
	}
	if m == nil {
		return nil, fmt.Errorf("provider: %q: provider %s returned no model and no error", name, prov)
	}
	return m, nil
}

// registered lists the registered providers for an error message.
func registered() string {
	names := Providers()
	if len(names) == 0 {
		return "no provider is registered: import one, such as github.com/toolgen-go/toolgen/provider/openai"
	}
	return "registered: " + strings.Join(names, ", ")
}

// hint says how to register prov, when this module has it under that name
// or another.
func hint(prov string) string {
	if pkg, ok := adapters[prov]; ok {
		return fmt.Sprintf("; import _ %q to register it", pkg)
	}
	if real, ok := aliases[strings.ToLower(prov)]; ok {
		return fmt.Sprintf("; did you mean %s/…? (import _ %q registers it)", real, adapters[real])
	}
	return ""
}
