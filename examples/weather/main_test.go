package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/provider"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// parisForModel is what the model-output hook gives the model of Paris's
// weather, with the icon as an image.
const (
	parisForModel = "Paris: 18.5°C (feels like 17.9°C), Partly cloudy, humidity 62%, wind 14 km/h gusting 27 km/h."
	icon          = "https://example.com/icons/partly-cloudy.png"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(checked(t), &out, prompt, offlineModel()))
	assertOutput(t, out.String())
}

// assertOutput checks the output of a run that played offlineTurns.
func assertOutput(t *testing.T, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")

	// The three calls of one step run in parallel: assert on the lines,
	// not on their order.
	assert.Len(t, linesWithPrefix(lines, "tool-call weatherTool "), 2)
	assert.Len(t, linesWithPrefix(lines, "tool-call hazardsTool "), 1)
	errs := linesWithPrefix(lines, "tool-error weatherTool ")
	require.Len(t, errs, 1)
	assert.Contains(t, errs[0], "not found")
	assert.Contains(t, errs[0], "Atlantis")
	results := linesWithPrefix(lines, "tool-result weatherTool ")
	require.Len(t, results, 1)
	// The display sees the transformed output: no station id.
	assert.Equal(t, `tool-result weatherTool {"location":"Paris","temperature":18.5,"units":"celsius","conditions":"Partly cloudy","icon":"https://example.com/icons/partly-cloudy.png"}`, results[0])
	assert.NotContains(t, out, "LFPG-07", "the station id must reach neither the display nor the model")
	// The model sees the short text and the icon.
	assert.Contains(t, lines, "model saw weatherTool: "+parisForModel+" [image "+icon+"]")
	hazards := linesWithPrefix(lines, "tool-result hazardsTool ")
	require.Len(t, hazards, 1)
	assert.Contains(t, hazards[0], `"kind":"heat"`)
	assert.Contains(t, lines, "finish (stop)")
	assert.Len(t, linesWithPrefix(lines, "assistant: It is 18.5°C"), 1)
}

// linesWithPrefix returns the lines that start with prefix.
func linesWithPrefix(lines []string, prefix string) []string {
	var found []string
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			found = append(found, l)
		}
	}
	return found
}

// TestRunOnOpenAIFake runs the example through the OpenAI SDK, as
// -model openai/gpt-5.4 with $OPENAI_BASE_URL does, against a fake Chat
// Completions server that plays the offline turns: the agent streams, so
// the fake answers with server-sent events.
func TestRunOnOpenAIFake(t *testing.T) {
	srv := providertest.NewServer(t, offlineTurns()...)
	t.Setenv("OPENAI_BASE_URL", srv.URL()+"v1/")
	t.Setenv("OPENAI_API_KEY", "test")
	model, err := chooseModel("openai/gpt-5.4", io.Discard)
	require.NoError(t, err)

	var out bytes.Buffer
	require.NoError(t, run(checked(t), &out, prompt, model))
	assertOutput(t, out.String())

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	for _, r := range reqs {
		assert.Equal(t, "/v1/chat/completions", r.Path)
		assert.True(t, r.Stream, "the example streams")
	}
	// The second request carries the calls, the tool results as the
	// model-output hook shaped them, and the icon in a user message after
	// them, since Chat Completions tool messages take only text.
	var second struct {
		Messages []struct {
			Role       string          `json:"role"`
			Content    json.RawMessage `json:"content"`
			ToolCallID string          `json:"tool_call_id"`
			ToolCalls  []struct {
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"messages"`
	}
	require.NoError(t, reqs[1].Decode(&second))
	msgs := second.Messages
	require.Len(t, msgs, 7)
	assert.Equal(t, []string{"system", "user", "assistant", "tool", "tool", "tool", "user"},
		[]string{msgs[0].Role, msgs[1].Role, msgs[2].Role, msgs[3].Role, msgs[4].Role, msgs[5].Role, msgs[6].Role})
	require.Len(t, msgs[2].ToolCalls, 3)
	assert.Equal(t, "call_2", msgs[2].ToolCalls[1].ID)
	assert.Equal(t, `{"location":"Atlantis"}`, msgs[2].ToolCalls[1].Function.Arguments)
	results := map[string]string{}
	for _, m := range msgs[3:6] {
		var text string
		require.NoError(t, json.Unmarshal(m.Content, &text))
		results[m.ToolCallID] = text
	}
	assert.Equal(t, parisForModel, results["call_1"])
	assert.Contains(t, results["call_2"], `location "Atlantis" not found`)
	assert.Contains(t, results["call_3"], `"kind":"heat"`)
	assert.NotContains(t, string(reqs[1].Body), "LFPG-07")
	assert.JSONEq(t, `[
		{"type":"text","text":"Media returned by tool call call_1 (weatherTool):"},
		{"type":"image_url","image_url":{"url":"`+icon+`"}}]`, string(msgs[6].Content))
}

// TestRunOnGeminiFake runs the example through the genai SDK, as
// -model google/… with $GOOGLE_GEMINI_BASE_URL does, against a fake Gemini
// API that plays the offline turns and, like Gemini 3, signs the first call
// of a turn and refuses a request that does not send the signature back.
func TestRunOnGeminiFake(t *testing.T) {
	srv := providertest.NewServer(t, offlineTurns()...)
	t.Setenv("GOOGLE_GEMINI_BASE_URL", srv.URL())
	t.Setenv("GEMINI_API_KEY", "test")
	t.Setenv("GOOGLE_API_KEY", "")
	model, err := chooseModel("google/gemini-3-flash-preview", io.Discard)
	require.NoError(t, err)

	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, prompt, model))
	assertOutput(t, out.String())

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	for _, r := range reqs {
		assert.Equal(t, "/v1beta/models/gemini-3-flash-preview:streamGenerateContent", r.Path)
		assert.True(t, r.Stream, "the example streams")
		assert.Equal(t, "test", r.Header.Get("X-Goog-Api-Key"))
	}
	type part struct {
		Text         string `json:"text"`
		FunctionCall *struct {
			ID   string          `json:"id"`
			Name string          `json:"name"`
			Args json.RawMessage `json:"args"`
		} `json:"functionCall"`
		FunctionResponse *struct {
			ID       string                     `json:"id"`
			Name     string                     `json:"name"`
			Response map[string]json.RawMessage `json:"response"`
		} `json:"functionResponse"`
		FileData *struct {
			FileURI  string `json:"fileUri"`
			MIMEType string `json:"mimeType"`
		} `json:"fileData"`
		ThoughtSignature []byte `json:"thoughtSignature"`
	}
	var second struct {
		Contents []struct {
			Role  string `json:"role"`
			Parts []part `json:"parts"`
		} `json:"contents"`
		Tools []struct {
			FunctionDeclarations []struct {
				Name       string          `json:"name"`
				Parameters json.RawMessage `json:"parameters"`
			} `json:"functionDeclarations"`
		} `json:"tools"`
	}
	require.NoError(t, reqs[1].Decode(&second))
	c := second.Contents
	require.Len(t, c, 4)
	assert.Equal(t, []string{"user", "model", "user", "user"}, []string{c[0].Role, c[1].Role, c[2].Role, c[3].Role})

	// The calls go back with their ids, the first with its signature.
	require.Len(t, c[1].Parts, 3)
	assert.Equal(t, "call_1", c[1].Parts[0].FunctionCall.ID)
	assert.Equal(t, "providertest:1:call_1", string(c[1].Parts[0].ThoughtSignature))
	assert.Empty(t, c[1].Parts[1].ThoughtSignature)
	assert.JSONEq(t, `{"location":"Atlantis"}`, string(c[1].Parts[1].FunctionCall.Args))

	// The results as the model-output hook shaped them, the icon after them.
	require.Len(t, c[2].Parts, 3)
	results := map[string]map[string]json.RawMessage{}
	for _, p := range c[2].Parts {
		require.NotNil(t, p.FunctionResponse)
		results[p.FunctionResponse.ID] = p.FunctionResponse.Response
	}
	assert.JSONEq(t, `{"output":"`+parisForModel+`"}`, mustJSON(t, results["call_1"]))
	assert.Contains(t, string(results["call_2"]["error"]), `location \"Atlantis\" not found`)
	assert.Contains(t, string(results["call_3"]["output"]), `"kind":"heat"`)
	assert.NotContains(t, string(reqs[1].Body), "LFPG-07")
	require.Len(t, c[3].Parts, 2)
	assert.Equal(t, "Media returned by tool call call_1 (weatherTool):", c[3].Parts[0].Text)
	require.NotNil(t, c[3].Parts[1].FileData)
	assert.Equal(t, icon, c[3].Parts[1].FileData.FileURI)
	assert.Equal(t, "image/png", c[3].Parts[1].FileData.MIMEType)

	// The tools are declared in the Gemini dialect that the golden file pins.
	var golden map[string]struct {
		InputDialects map[string]json.RawMessage `json:"inputDialects"`
	}
	data, err := os.ReadFile("weather/testdata/tools.golden.json")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &golden))
	require.Len(t, second.Tools, 1)
	require.Len(t, second.Tools[0].FunctionDeclarations, 2)
	for _, d := range second.Tools[0].FunctionDeclarations {
		assert.JSONEq(t, string(golden[d.Name].InputDialects["gemini"]), string(d.Parameters), d.Name)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
}

// TestRunOnGemini runs the example against the real Gemini API when
// $GEMINI_API_KEY or $GOOGLE_API_KEY is set, on $TOOLGEN_TEST_GEMINI_MODEL
// (default gemini-2.5-flash).
func TestRunOnGemini(t *testing.T) {
	if os.Getenv("GEMINI_API_KEY") == "" && os.Getenv("GOOGLE_API_KEY") == "" {
		t.Skip("set GEMINI_API_KEY (or GOOGLE_API_KEY), and optionally TOOLGEN_TEST_GEMINI_MODEL (default gemini-2.5-flash), " +
			"to run the example against the Gemini API")
	}
	name := "google/" + cmp.Or(os.Getenv("TOOLGEN_TEST_GEMINI_MODEL"), "gemini-2.5-flash")
	model, err := chooseModel(name, io.Discard)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()

	var out bytes.Buffer
	err = run(ctx, &out, prompt, model)
	t.Logf("%s:\n%s", name, out.String())
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.NotEmpty(t, linesWithPrefix(lines, "tool-call weatherTool "), "the model did not ask for the weather")
	assert.NotEmpty(t, linesWithPrefix(lines, "tool-call hazardsTool "), "the model did not ask for the hazards")
	assert.Len(t, linesWithPrefix(lines, "finish "), 1)
	assert.Len(t, linesWithPrefix(lines, "assistant: "), 1)
}

// TestRunOnOpenAICompatibleServer runs the example against a real
// OpenAI-compatible server (Ollama, vLLM, llama.cpp's server, LM Studio,
// or OpenAI itself with $OPENAI_API_KEY) when $TOOLGEN_TEST_OPENAI_URL
// names its API.
func TestRunOnOpenAICompatibleServer(t *testing.T) {
	url := os.Getenv("TOOLGEN_TEST_OPENAI_URL")
	if url == "" {
		t.Skip("set TOOLGEN_TEST_OPENAI_URL to an OpenAI-compatible API, such as http://localhost:11434/v1 for Ollama, " +
			"and optionally TOOLGEN_TEST_MODEL (default llama3.2), to run the example against a real model")
	}
	name := cmp.Or(os.Getenv("TOOLGEN_TEST_MODEL"), "llama3.2")
	ctx, cancel := context.WithTimeout(checked(t), 5*time.Minute)
	defer cancel()

	var out bytes.Buffer
	err := run(ctx, &out, prompt, openai.Model(name, openai.WithBaseURL(url)))
	t.Logf("%s at %s:\n%s", name, url, out.String())
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.NotEmpty(t, append(linesWithPrefix(lines, "tool-call weatherTool "), linesWithPrefix(lines, "tool-call hazardsTool ")...),
		"the model called no tool")
	assert.Len(t, linesWithPrefix(lines, "finish "), 1)
	assert.Len(t, linesWithPrefix(lines, "assistant: "), 1)
}

// TestChooseModel checks the offline default, which says how to switch, and
// the error for a name provider.Open does not know.
func TestChooseModel(t *testing.T) {
	var stderr bytes.Buffer
	model, err := chooseModel("", &stderr)
	require.NoError(t, err)
	assert.IsType(t, &scripted.Model{}, model)
	assert.Contains(t, stderr.String(), "-model")
	assert.Contains(t, stderr.String(), "TOOLGEN_MODEL")

	_, err = chooseModel("nosuch/model", io.Discard)
	assert.ErrorIs(t, err, provider.ErrUnknownProvider)
}

// checked is the ctx of the tests' runs and calls: every tool checks its
// output against its output schema (toolexec.ValidatingOutputs), so that an
// output its generated schema refuses fails the test.
func checked(t *testing.T) context.Context { return toolexec.ValidatingOutputs(t.Context()) }
