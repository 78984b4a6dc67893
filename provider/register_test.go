package provider

import (
	"context"
	"errors"
	"iter"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
)

// isolate gives the test an empty registry, the adapters that the test
// binary imports put aside until it ends.
func isolate(t *testing.T) {
	t.Helper()
	mu.Lock()
	saved := openers
	openers = map[string]func(string) (llm.Model, error){}
	mu.Unlock()
	t.Cleanup(func() {
		mu.Lock()
		openers = saved
		mu.Unlock()
	})
}

// named is a model that knows its id.
type named string

func (named) Generate(context.Context, *llm.Request) (*llm.Response, error) {
	return &llm.Response{}, nil
}

func (named) Stream(context.Context, *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(func(llm.StreamPart, error) bool) {}
}

func TestRegisterAndOpen(t *testing.T) {
	isolate(t)
	var asked []string
	Register("local", func(model string) (llm.Model, error) {
		asked = append(asked, model)
		return named(model), nil
	})
	Register("alpha", func(model string) (llm.Model, error) { return named(model), nil })
	assert.Equal(t, []string{"alpha", "local"}, Providers())

	m, err := Open("local/llama3.2")
	require.NoError(t, err)
	assert.Equal(t, named("llama3.2"), m)
	m, err = Open("  local/meta-llama/Llama-3.1-8B  ")
	require.NoError(t, err)
	assert.Equal(t, named("meta-llama/Llama-3.1-8B"), m, "the model part keeps its slashes")
	assert.Equal(t, []string{"llama3.2", "meta-llama/Llama-3.1-8B"}, asked)
}

func TestRegisterPanics(t *testing.T) {
	isolate(t)
	open := func(string) (llm.Model, error) { return named("m"), nil }
	Register("dup", open)
	assert.PanicsWithValue(t, "provider: Register called twice for provider dup", func() { Register("dup", open) })
	assert.PanicsWithValue(t, "provider: Register of nilopen with a nil open function", func() { Register("nilopen", nil) })
	for _, bad := range []string{"", "a/b", "a b"} {
		assert.Panics(t, func() { Register(bad, open) }, "%q", bad)
	}
	assert.Equal(t, []string{"dup"}, Providers())
}

func TestOpenErrors(t *testing.T) {
	isolate(t)
	errBroken := errors.New("broken: no key")
	Register("broken", func(string) (llm.Model, error) { return nil, errBroken })
	Register("empty", func(string) (llm.Model, error) { return nil, nil })
	for _, tc := range []struct {
		name, in string
		is       error
		want     string
	}{
		{"no provider", "gpt-5.4", nil, `provider: "gpt-5.4": want provider/model, such as openai/gpt-5.4 (registered: broken, empty)`},
		{"empty model", "broken/", nil, `want provider/model`},
		{"empty", "", nil, `want provider/model`},
		{"a provider of this module, not imported", "google/gemini-2.5-flash", ErrUnknownProvider,
			`provider: "google/gemini-2.5-flash": unknown provider "google" (registered: broken, empty); import _ "github.com/toolgen-go/toolgen/provider/gemini" to register it`},
		{"openai-responses, not imported", "openai-responses/gpt-5.4", ErrUnknownProvider,
			`; import _ "github.com/toolgen-go/toolgen/provider/openai" to register it`},
		{"a name people try", "gemini/gemini-2.5-pro", ErrUnknownProvider,
			`unknown provider "gemini" (registered: broken, empty); did you mean google/…? (import _ "github.com/toolgen-go/toolgen/provider/gemini" registers it)`},
		{"unknown", "nosuch/model", ErrUnknownProvider, `provider: "nosuch/model": unknown provider "nosuch" (registered: broken, empty)`},
		{"the provider's error", "broken/m", errBroken, `provider: "broken/m": broken: no key`},
		{"no model", "empty/m", nil, `provider: "empty/m": provider empty returned no model and no error`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := Open(tc.in)
			require.Error(t, err)
			assert.Nil(t, m)
			assert.Contains(t, err.Error(), tc.want)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
		})
	}
	t.Run("unknown, nothing registered", func(t *testing.T) {
		isolate(t)
		_, err := Open("nosuch/model")
		assert.ErrorIs(t, err, ErrUnknownProvider)
		assert.ErrorContains(t, err, "no provider is registered: import one")
		assert.NotContains(t, err.Error(), "; import _", "no hint for a provider this module does not have")
	})
}
