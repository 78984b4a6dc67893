package models

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/anthropic"
	"github.com/toolgen-go/toolgen/provider/gemini"
	"github.com/toolgen-go/toolgen/provider/gemini/geminitest"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/scripted"
)

func clearEnv(t *testing.T) {
	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL", "OLLAMA_HOST",
		"GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_GEMINI_BASE_URL"} {
		t.Setenv(k, "")
	}
}

func TestFromString(t *testing.T) {
	clearEnv(t)
	t.Setenv("OPENAI_API_KEY", "sk-test")
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-test")

	m, err := FromString("openai/gpt-5.4")
	require.NoError(t, err)
	require.IsType(t, &openai.ChatModel{}, m)
	assert.Equal(t, "gpt-5.4", m.(*openai.ChatModel).ID())

	m, err = FromString("anthropic/claude-sonnet-4-5")
	require.NoError(t, err)
	require.IsType(t, &anthropic.MessagesModel{}, m)
	assert.Equal(t, "claude-sonnet-4-5", m.(*anthropic.MessagesModel).ID())

	t.Setenv("GEMINI_API_KEY", "gemini-test")
	m, err = FromString("google/gemini-2.5-flash")
	require.NoError(t, err)
	require.IsType(t, &gemini.GenerativeModel{}, m)
	assert.Equal(t, "gemini-2.5-flash", m.(*gemini.GenerativeModel).ID())

	m, err = FromString("openai-responses/gpt-5.4")
	require.NoError(t, err)
	require.IsType(t, &openai.ResponsesModel{}, m)
	assert.Equal(t, "gpt-5.4", m.(*openai.ResponsesModel).ID())

	m, err = FromString("openai/meta-llama/Llama-3.1-8B-Instruct")
	require.NoError(t, err)
	assert.Equal(t, "meta-llama/Llama-3.1-8B-Instruct", m.(*openai.ChatModel).ID())
}

func TestFromStringErrors(t *testing.T) {
	clearEnv(t)
	for _, tc := range []struct {
		name, in string
		is       error
		want     string
	}{
		{"no provider", "gpt-5.4", nil, `models: "gpt-5.4": want provider/model, such as openai/gpt-5.4 (providers: anthropic, google, ollama, openai, openai-responses)`},
		{"empty model", "openai/", nil, `want provider/model`},
		{"empty", "", nil, `want provider/model`},
		{"unknown provider", "gemini/gemini-2.5-pro", ErrUnknownProvider, `models: "gemini/gemini-2.5-pro": unknown provider "gemini" (providers: anthropic, google, ollama, openai, openai-responses)`},
		{"openai without key", "openai/gpt-5.4", openai.ErrNoAPIKey, `models: "openai/gpt-5.4": openai: no API key: set OPENAI_API_KEY`},
		{"anthropic without key", "anthropic/claude-sonnet-4-5", anthropic.ErrNoAPIKey, `set ANTHROPIC_API_KEY`},
		{"google without key", "google/gemini-2.5-flash", gemini.ErrNoAPIKey, `models: "google/gemini-2.5-flash": gemini: no API key: set GEMINI_API_KEY or GOOGLE_API_KEY`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := FromString(tc.in)
			require.Error(t, err)
			assert.Nil(t, m)
			assert.Contains(t, err.Error(), tc.want)
			if tc.is != nil {
				assert.ErrorIs(t, err, tc.is)
			}
		})
	}
}

// TestOllama checks that an ollama model needs no key and talks to the
// server $OLLAMA_HOST names, at its OpenAI-compatible path.
func TestOllama(t *testing.T) {
	clearEnv(t)
	var path, auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		path, auth = r.URL.Path, r.Header.Get("Authorization")
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"llama3.2",
			"choices":[{"index":0,"message":{"role":"assistant","content":"Hi."},"finish_reason":"stop"}],
			"usage":{"prompt_tokens":3,"completion_tokens":2,"total_tokens":5}}`)
	}))
	defer srv.Close()
	t.Setenv("OLLAMA_HOST", srv.Listener.Addr().String())

	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	m, err := FromString("ollama/llama3.2", WithOpenAI(openai.WithHTTPClient(&http.Client{Transport: tr})))
	require.NoError(t, err)
	res, err := m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	require.NoError(t, err)
	assert.Equal(t, "Hi.", res.Message.Text())
	assert.Equal(t, "/v1/chat/completions", path)
	assert.Empty(t, auth)
}

func TestOllamaBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"":                         "http://localhost:11434/v1/",
		"127.0.0.1:11434":          "http://127.0.0.1:11434/v1/",
		"https://ollama.internal/": "https://ollama.internal/v1/",
	} {
		t.Setenv("OLLAMA_HOST", in)
		assert.Equal(t, want, ollamaBaseURL(), in)
	}
}

// TestGoogle checks that a google model reads its key and base URL from
// the environment and talks to the Gemini API there, and that WithGemini
// options reach it.
func TestGoogle(t *testing.T) {
	clearEnv(t)
	srv := geminitest.NewServer(t, scripted.Text("Hi."), scripted.Text("Hi again."))
	t.Setenv("GOOGLE_API_KEY", "google-test")
	t.Setenv("GOOGLE_GEMINI_BASE_URL", srv.URL())
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}

	m, err := FromString("google/gemini-2.5-flash")
	require.NoError(t, err)
	res, err := m.Generate(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, "Hi.", res.Message.Text())

	m, err = FromString("google/gemini-2.5-flash", WithGemini(gemini.WithAPIVersion("v1")))
	require.NoError(t, err)
	_, err = m.Generate(context.Background(), req)
	require.NoError(t, err)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, "/v1beta/models/gemini-2.5-flash:generateContent", reqs[0].Path)
	assert.Equal(t, "/v1/models/gemini-2.5-flash:generateContent", reqs[1].Path)
	assert.Equal(t, "google-test", reqs[0].Header.Get("X-Goog-Api-Key"))
}
