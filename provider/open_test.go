package provider_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	"github.com/toolgen-go/toolgen/provider/gemini"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

func clearEnv(t *testing.T) {
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL", "OLLAMA_HOST",
		"GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_GEMINI_BASE_URL"} {
		t.Setenv(k, "")
	}
}

// TestProviders: importing the adapters registers their providers.
func TestProviders(t *testing.T) {
	assert.Equal(t, []string{"google", "ollama", "openai", "openai-responses"}, provider.Providers())
}

func TestOpen(t *testing.T) {
	clearEnv(t)
	t.Setenv("OPENAI_API_KEY", "sk-test")
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-test")

	m, err := provider.Open("openai/gpt-5.4")
	require.NoError(t, err)
	require.IsType(t, &openai.ChatModel{}, m)
	assert.Equal(t, "gpt-5.4", m.(*openai.ChatModel).ID())

	t.Setenv("GEMINI_API_KEY", "gemini-test")
	m, err = provider.Open("google/gemini-2.5-flash")
	require.NoError(t, err)
	require.IsType(t, &gemini.GenerativeModel{}, m)
	assert.Equal(t, "gemini-2.5-flash", m.(*gemini.GenerativeModel).ID())

	m, err = provider.Open("openai-responses/gpt-5.4")
	require.NoError(t, err)
	require.IsType(t, &openai.ResponsesModel{}, m)
	assert.Equal(t, "gpt-5.4", m.(*openai.ResponsesModel).ID())

	m, err = provider.Open("openai/meta-llama/Llama-3.1-8B-Instruct")
	require.NoError(t, err)
	assert.Equal(t, "meta-llama/Llama-3.1-8B-Instruct", m.(*openai.ChatModel).ID())
}

// TestOpenWithoutKey: a missing API key is the adapter's error, wrapped.
func TestOpenWithoutKey(t *testing.T) {
	clearEnv(t)
	for _, tc := range []struct {
		in   string
		is   error
		want string
	}{
		{"openai/gpt-5.4", openai.ErrNoAPIKey, `provider: "openai/gpt-5.4": openai: no API key: set OPENAI_API_KEY`},
		{"openai-responses/gpt-5.4", openai.ErrNoAPIKey, `set OPENAI_API_KEY`},
		{"google/gemini-2.5-flash", gemini.ErrNoAPIKey, `provider: "google/gemini-2.5-flash": gemini: no API key: set GEMINI_API_KEY or GOOGLE_API_KEY`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			m, err := provider.Open(tc.in)
			require.Error(t, err)
			assert.Nil(t, m)
			assert.ErrorIs(t, err, tc.is)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := provider.Open("gemini/gemini-2.5-pro")
	assert.ErrorIs(t, err, provider.ErrUnknownProvider)
	assert.ErrorContains(t, err, `unknown provider "gemini" (registered: google, ollama, openai, openai-responses); did you mean google/…?`)
}

// TestOllama checks that an ollama model needs no key and talks to the
// server $OLLAMA_HOST names, at its OpenAI-compatible path, with
// max_tokens as Ollama knows it.
func TestOllama(t *testing.T) {
	clearEnv(t)
	var path, auth, body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		path, auth, body = r.URL.Path, r.Header.Get("Authorization"), string(b)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"llama3.2",
			"choices":[{"index":0,"message":{"role":"assistant","content":"Hi."},"finish_reason":"stop"}],
			"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}`)
	}))
	defer srv.Close()
	t.Setenv("OLLAMA_HOST", srv.Listener.Addr().String())

	m, err := provider.Open("ollama/llama3.2")
	require.NoError(t, err)
	res, err := m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}, MaxOutputTokens: 64})
	require.NoError(t, err)
	assert.Equal(t, "Hi.", res.Message.Text())
	assert.Equal(t, "/v1/chat/completions", path)
	assert.Empty(t, auth)
	assert.JSONEq(t, `{"model":"llama3.2","max_tokens":64,"messages":[{"role":"user","content":"hi"}]}`, body)
}

// TestGoogle checks that a google model reads its key and base URL from
// the environment and talks to the Gemini API there.
func TestGoogle(t *testing.T) {
	clearEnv(t)
	srv := providertest.NewServer(t, scripted.Text("Hi."))
	t.Setenv("GOOGLE_API_KEY", "google-test")
	t.Setenv("GOOGLE_GEMINI_BASE_URL", srv.URL())

	m, err := provider.Open("google/gemini-2.5-flash")
	require.NoError(t, err)
	res, err := m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	require.NoError(t, err)
	assert.Equal(t, "Hi.", res.Message.Text())
	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, "/v1beta/models/gemini-2.5-flash:generateContent", reqs[0].Path)
	assert.Equal(t, "google-test", reqs[0].Header.Get("X-Goog-Api-Key"))
}
