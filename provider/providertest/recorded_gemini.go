package providertest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
)

// geminiExchanges are the recorded Gemini exchanges: the tests that need a
// case no recording covers use synthetic bodies in the adapter's tests.
var geminiExchanges = []recordedExchange{
	{"function call", geminiFunctionCall},
	{"parallel calls", geminiParallelCalls},
	{"stream signature", geminiStreamSignature},
	{"empty text signature", geminiEmptyTextSignature},
	{"cached usage", geminiCachedUsage},
	{"max tokens", geminiMaxTokens},
	{"prompt blocked", geminiPromptBlocked},
}

// geminiPart is what a part carries in ProviderMetadata["google"]: its
// thought signature, and the id Gemini gave a function call.
type geminiPartMeta struct {
	ThoughtSignature []byte `json:"thoughtSignature"`
	ID               string `json:"id"`
}

// geminiMeta decodes the metadata md holds for the Gemini API.
func geminiMeta(t *testing.T, md map[string]json.RawMessage) geminiPartMeta {
	t.Helper()
	var pm geminiPartMeta
	if raw, ok := md["google"]; ok {
		require.NoError(t, json.Unmarshal(raw, &pm))
	}
	return pm
}

// signature returns the thought signature in a part's metadata, decoded.
func signature(t *testing.T, md map[string]json.RawMessage) []byte {
	t.Helper()
	_, ok := md["google"]
	require.True(t, ok, "no google metadata in %v", md)
	return geminiMeta(t, md).ThoughtSignature
}

// callPart is a functionCall part of a request.
type callPart struct {
	FunctionCall struct {
		ID   string          `json:"id"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"functionCall"`
	ThoughtSignature []byte `json:"thoughtSignature"`
}

// decodeSignature decodes a recorded signature, in either base64 alphabet.
func decodeSignature(t *testing.T, s string) []byte {
	t.Helper()
	if strings.ContainsAny(s, "-_") {
		b, err := base64.URLEncoding.DecodeString(s)
		require.NoError(t, err)
		return b
	}
	b, err := base64.StdEncoding.DecodeString(s)
	require.NoError(t, err)
	return b
}

// recorded is a request body as another client sent it.
type recordedBody struct {
	Contents []struct {
		Role  string `json:"role"`
		Parts []struct {
			Text         *string `json:"text"`
			FunctionCall *struct {
				Name string          `json:"name"`
				Args json.RawMessage `json:"args"`
			} `json:"functionCall"`
			FunctionResponse *struct {
				Name string `json:"name"`
			} `json:"functionResponse"`
			ThoughtSignature string `json:"thoughtSignature"`
		} `json:"parts"`
	} `json:"contents"`
}

// recordedFields returns the top-level fields of a recorded request body.
func recordedFields(t *testing.T, name string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(recording(t, "gemini", name)), &m))
	return m
}

func loadRecorded(t *testing.T, name string) recordedBody {
	t.Helper()
	var r recordedBody
	require.NoError(t, json.Unmarshal([]byte(recording(t, "gemini", name)), &r))
	return r
}

// sentContents decodes the contents of request i.
func sentContents(t *testing.T, srv *Server, i int) []struct {
	Role  string            `json:"role"`
	Parts []json.RawMessage `json:"parts"`
} {
	t.Helper()
	var out []struct {
		Role  string            `json:"role"`
		Parts []json.RawMessage `json:"parts"`
	}
	require.NoError(t, json.Unmarshal(requestFields(t, srv, i)["contents"], &out))
	return out
}

// geminiFunctionCall replays a gemini-3-pro-preview answer that calls
// one function with arguments and a thought signature (vercel/ai's
// google-tool-call.json).
func geminiFunctionCall(t *testing.T, s *suite) {
	srv := replay(t, Reply{Body: recording(t, "gemini", "function_call.response.json")})
	res, err := s.modelAt(srv, "gemini-3-pro-preview", srv.URL(), 2).Generate(t.Context(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("What is the weather in San Francisco?")},
		Tools:    []llm.ToolDefinition{WeatherTool()},
	})
	require.NoError(t, err)

	r := srv.Requests()[0]
	assert.Equal(t, http.MethodPost, r.Method)
	assert.Equal(t, "/v1beta/models/gemini-3-pro-preview:generateContent", r.Path)
	assert.Equal(t, "test", r.Header.Get("X-Goog-Api-Key"))

	calls := res.Message.ToolCalls()
	require.Len(t, calls, 1)
	c := calls[0]
	assert.Equal(t, "m36LaZGyCLz1xs0PtNSB-QU-1", c.ID, "Gemini gave no id: the response id and the call's number")
	assert.Equal(t, "weather", c.Name)
	assert.JSONEq(t, `{"location":"San Francisco"}`, c.Arguments)
	assert.Equal(t, decodeSignature(t, "EskgCsYgAb4+9vtF7/499YQS2bjZs3xcQI+iAl+ILn29nK1j0Kg6su7QsUUUk3nrAAfnS2w5WiVvlcCqu9fAebJ2cvfaEyBahEt5"),
		signature(t, c.ProviderMetadata))
	assert.Empty(t, geminiMeta(t, c.ProviderMetadata).ID, "the id is ours: it is not sent back")
	assert.Equal(t, llm.FinishToolCalls, res.FinishReason)
	assert.Equal(t, "STOP", res.RawFinishReason)
	assert.Equal(t, llm.Usage{InputTokens: 29, OutputTokens: 15 + 893, TotalTokens: 937, ReasoningTokens: 893}, res.Usage)
	assert.Equal(t, "m36LaZGyCLz1xs0PtNSB-QU", res.ID)
	assert.Equal(t, "gemini-3-pro-preview", res.ModelID)
}

// geminiParallelCalls replays a gemini-3-flash-preview
// answer with three parallel calls, the first signed, and checks that the
// next request carries the signature on that call and on no other, as in
// the request recorded after it (pydantic-ai's
// test_google_instructions_only_with_tool_calls.yaml).
func geminiParallelCalls(t *testing.T, s *suite) {
	// The second reply only answers the second request; it is another
	// recording.
	srv := replay(t, Reply{Body: recording(t, "gemini", "parallel_calls.response.json")}, Reply{Body: recording(t, "gemini", "max_tokens.response.json")})
	m := s.modelAt(srv, "gemini-3-flash-preview", srv.URL(), 2)
	topic := llm.ToolDefinition{Name: "generate_topic", InputSchema: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)}
	msgs := []llm.Message{
		llm.SystemMessage("Tell three jokes. Generate topics with the generate_topic tool."),
		llm.UserMessage("Tell me the jokes."),
	}
	res, err := m.Generate(t.Context(), &llm.Request{Messages: msgs, Tools: []llm.ToolDefinition{topic}, ToolChoice: llm.ChoiceRequired})
	require.NoError(t, err)

	// The tool has no input properties: no parameters; required is ANY.
	first := requestFields(t, srv, 0)
	assert.JSONEq(t, `[{"functionDeclarations":[{"name":"generate_topic"}]}]`, string(first["tools"]))
	assert.JSONEq(t, `{"functionCallingConfig":{"mode":"ANY"}}`, string(first["toolConfig"]))

	calls := res.Message.ToolCalls()
	require.Len(t, calls, 3)
	want := loadRecorded(t, "parallel_calls.next_request.json")
	recordedModel := want.Contents[1]
	require.Equal(t, "model", recordedModel.Role)
	require.Len(t, recordedModel.Parts, 3)
	for i, c := range calls {
		assert.Equal(t, fmt.Sprintf("1CeCacWzHryxqtsPxIGRyAI-%d", i+1), c.ID)
		assert.Equal(t, "generate_topic", c.Name)
		assert.Equal(t, "{}", c.Arguments)
	}
	assert.Equal(t, decodeSignature(t, recordedModel.Parts[0].ThoughtSignature), signature(t, calls[0].ProviderMetadata))
	assert.Nil(t, calls[1].ProviderMetadata)
	assert.Nil(t, calls[2].ProviderMetadata)
	assert.Equal(t, llm.FinishToolCalls, res.FinishReason)
	assert.Equal(t, llm.Usage{InputTokens: 83, OutputTokens: 30 + 292, TotalTokens: 405, ReasoningTokens: 292}, res.Usage)

	results := []llm.ToolResult{
		{ToolCallID: calls[0].ID, ToolName: "generate_topic", Output: llm.TextOutput("golf")},
		{ToolCallID: calls[1].ID, ToolName: "generate_topic", Output: llm.TextOutput("golf")},
		{ToolCallID: calls[2].ID, ToolName: "generate_topic", Output: llm.TextOutput("penguins")},
	}
	msgs = append(msgs, res.Message, llm.ToolMessage(results...))
	_, err = m.Generate(t.Context(), &llm.Request{Messages: msgs, Tools: []llm.ToolDefinition{topic}})
	require.NoError(t, err)

	sent := sentContents(t, srv, 1)
	require.Len(t, sent, 3)
	assert.Equal(t, "model", sent[1].Role)
	require.Len(t, sent[1].Parts, 3)
	for i, raw := range sent[1].Parts {
		var p callPart
		require.NoError(t, json.Unmarshal(raw, &p))
		rec := recordedModel.Parts[i]
		assert.Equal(t, rec.FunctionCall.Name, p.FunctionCall.Name)
		assert.JSONEq(t, string(rec.FunctionCall.Args), orEmpty(p.FunctionCall.Args), "the SDK leaves empty args out")
		assert.Empty(t, p.FunctionCall.ID, "ids Gemini did not give are not sent")
		if rec.ThoughtSignature == "" {
			assert.Empty(t, p.ThoughtSignature, "call %d", i)
		} else {
			assert.Equal(t, decodeSignature(t, rec.ThoughtSignature), p.ThoughtSignature, "call %d", i)
		}
	}
	assert.Equal(t, "user", sent[2].Role)
	require.Len(t, sent[2].Parts, 3)
	var names []string
	for _, raw := range sent[2].Parts {
		var p struct {
			FunctionResponse struct {
				Name     string         `json:"name"`
				Response map[string]any `json:"response"`
			} `json:"functionResponse"`
		}
		require.NoError(t, json.Unmarshal(raw, &p))
		names = append(names, p.FunctionResponse.Name)
	}
	var recordedNames []string
	for _, p := range want.Contents[2].Parts {
		recordedNames = append(recordedNames, p.FunctionResponse.Name)
	}
	assert.Equal(t, recordedNames, names)
	assert.JSONEq(t, `{"functionResponse":{"name":"generate_topic","response":{"output":"penguins"}}}`, string(sent[2].Parts[2]))
}

// geminiStreamSignature runs an agent on a recorded
// gemini-3-pro-preview stream: a signed call, then, after the tool's
// result, the answer; the second request carries the signature on the
// call, as the recorded one does (pydantic-ai's
// test_google_streaming_tool_call_thought_signature.yaml).
func geminiStreamSignature(t *testing.T, s *suite) {
	srv := replay(t,
		Reply{SSE: true, Body: recording(t, "gemini", "stream_call_signature.1.sse")},
		Reply{SSE: true, Body: recording(t, "gemini", "stream_call_signature.2.sse")},
	)
	spec := tool.Spec{ID: "get-country", InputSchema: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)}
	a := &agent.Agent{ID: "capital", Model: s.modelAt(srv, "gemini-3-pro-preview", srv.URL(), 2), Tools: tool.Toolset{
		"get_country": tool.NewFunc(&spec, func(context.Context, struct{}) (string, error) { return "Mexico", nil }),
	}}
	var (
		res    *agent.Result
		deltas []string
		types  []agent.EventType
	)
	for ev, err := range a.Stream(t.Context(), "What is the capital of the user country? Call the tool") {
		require.NoError(t, err)
		types = append(types, ev.Type)
		if ev.Type == agent.EventTextDelta {
			deltas = append(deltas, ev.Text)
		}
		if ev.Result != nil {
			res = ev.Result
		}
	}
	require.NotNil(t, res)
	assert.Equal(t, "The capital of Mexico is Mexico City.", res.Text)
	assert.Equal(t, []string{"The capital of Mexico", " is Mexico City."}, deltas)
	assert.Contains(t, types, agent.EventToolCallDelta)
	require.Len(t, res.Steps, 2)
	assert.Equal(t, llm.FinishToolCalls, res.Steps[0].FinishReason)
	assert.Equal(t, llm.Usage{InputTokens: 29, OutputTokens: 10 + 110, TotalTokens: 149, ReasoningTokens: 110}, res.Steps[0].Usage)
	assert.Equal(t, llm.Usage{InputTokens: 165, OutputTokens: 8, TotalTokens: 173}, res.Steps[1].Usage, "the last chunk's counts")
	assert.Equal(t, "S1V8aZK2NpGKqtsPvPuEqAw", res.Steps[1].Response.ID)

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, "/v1beta/models/gemini-3-pro-preview:streamGenerateContent", reqs[0].Path)
	want := loadRecorded(t, "stream_call_signature.2.request.json")
	sent := sentContents(t, srv, 1)
	require.Len(t, sent, len(want.Contents))
	for i, c := range want.Contents {
		assert.Equal(t, c.Role, sent[i].Role)
		require.Len(t, sent[i].Parts, len(c.Parts))
	}
	assert.JSONEq(t, `{"text":"What is the capital of the user country? Call the tool"}`, string(sent[0].Parts[0]))
	var call callPart
	require.NoError(t, json.Unmarshal(sent[1].Parts[0], &call))
	assert.Equal(t, "get_country", call.FunctionCall.Name)
	assert.JSONEq(t, `{}`, orEmpty(call.FunctionCall.Args), "the SDK leaves empty args out")
	assert.Equal(t, decodeSignature(t, want.Contents[1].Parts[0].ThoughtSignature), call.ThoughtSignature)
	assert.JSONEq(t, `{"functionResponse":{"name":"get_country","response":{"output":"Mexico"}}}`, string(sent[2].Parts[0]))
}

// geminiEmptyTextSignature replays a gemini-3-flash-preview
// stream whose signature comes on an empty text part in the finish chunk
// (vercel/ai's issue-18073 fixture): it goes on the text part, and is sent
// back with it.
func geminiEmptyTextSignature(t *testing.T, s *suite) {
	srv := replay(t, Reply{SSE: true, Body: recording(t, "gemini", "stream_empty_text_signature.sse")}, Reply{Body: recording(t, "gemini", "max_tokens.response.json")})
	m := s.modelAt(srv, "gemini-3-flash-preview", srv.URL(), 2)
	var parts []llm.StreamPart
	res, err := llm.CollectStream(m.Stream(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("2+2?")}}),
		func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)
	require.Len(t, parts, 2)
	assert.Equal(t, llm.StreamPart{Type: llm.StreamTextDelta, Text: "4"}, parts[0])
	assert.Equal(t, llm.StreamFinish, parts[1].Type)

	require.Len(t, res.Message.Parts, 1)
	p := res.Message.Parts[0]
	assert.Equal(t, "4", p.Text)
	sig := decodeSignature(t, "EpcCCpQCARFNMg9GpVP+YGO3zJobwN8a+4XBKHGs8ZZ75yF6E7qlkth0vQN/W+uyW0wG4BXMuGd5UQoWhKeHNJ0Sfvjllbr3qslp3saWpheAyYyhvNEq8LKFtwWitLNZTlhKEluBamAXS3WZJtDuIE4aP7BN7RYernnJz25fg0U42If5GVfHVMyg/Fov8cfHVbeOyEGb+nJ+QI+pKHu1alJuwm6YmZ2ESTeR4Ghv63eSuLm2P3rPvPRCDwbHGr/uCXlNBH4evvuPSSPYRzpjvxPsXhbKQif6eh5UqHHIgE3q2tJdGsWk+WKMEOqbK72nnVw8pUNFQtWINK3MP/R+Ho0s7+2ZQHZ9wdP3SfrHsdb1BCb3EKzl6rKM")
	assert.Equal(t, sig, signature(t, p.ProviderMetadata))
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	assert.Equal(t, llm.Usage{InputTokens: 15, OutputTokens: 1 + 52, TotalTokens: 68, ReasoningTokens: 52}, res.Usage)
	assert.Equal(t, "gemini-3-flash-preview", res.ModelID)

	_, err = m.Generate(t.Context(), &llm.Request{Messages: []llm.Message{
		llm.UserMessage("2+2?"), res.Message, llm.UserMessage("And 3+3?"),
	}})
	require.NoError(t, err)
	sent := sentContents(t, srv, 1)
	require.Len(t, sent, 3)
	var back struct {
		Text             string `json:"text"`
		ThoughtSignature []byte `json:"thoughtSignature"`
	}
	require.Len(t, sent[1].Parts, 1)
	require.NoError(t, json.Unmarshal(sent[1].Parts[0], &back))
	assert.Equal(t, "4", back.Text)
	assert.Equal(t, sig, back.ThoughtSignature)
}

// geminiCachedUsage sends the request that pydantic-ai recorded for a
// video given by URL (test_google_model_mobile_youtube_video_url_input.yaml)
// and replays gemini-2.5-flash's answer, which read 17,379 of its 17,713
// prompt tokens from the cache and thought for 821.
func geminiCachedUsage(t *testing.T, s *suite) {
	srv := replay(t, Reply{Body: recording(t, "gemini", "cached_usage.response.json")})
	res, err := s.modelAt(srv, "gemini-2.5-flash", srv.URL(), 2).Generate(t.Context(), &llm.Request{Messages: []llm.Message{
		llm.SystemMessage("You are a helpful chatbot."),
		llm.UserParts(
			llm.TextPart("Explain me this video in a few sentences"),
			llm.Part{Type: llm.PartMedia, MediaType: "video/mp4", URL: "https://m.youtube.com/watch?v=lCdaVNyHtjU"},
		),
	}})
	require.NoError(t, err)

	// The request is the one recorded, but for the generationConfig that
	// pydantic-ai adds (responseModalities).
	want := recordedFields(t, "cached_usage.request.json")
	body := requestFields(t, srv, 0)
	assert.JSONEq(t, string(want["contents"]), string(body["contents"]))
	assert.JSONEq(t, string(want["systemInstruction"]), string(body["systemInstruction"]))
	assert.JSONEq(t, `{}`, string(body["generationConfig"]))

	assert.Equal(t, llm.Usage{InputTokens: 17713, OutputTokens: 68 + 821, TotalTokens: 18602, ReasoningTokens: 821, CachedInputTokens: 17379}, res.Usage)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	assert.Contains(t, res.Message.Text(), "This video demonstrates an AI assistant within a code editor")
	assert.Equal(t, "JiyGasHJHe-wjMcP4aqWmQg", res.ID)
}

// geminiMaxTokens sends the request pydantic-ai recorded with
// maxOutputTokens 5 and replays gemini-2.5-flash's cut answer
// (test_google_model_max_tokens.yaml).
func geminiMaxTokens(t *testing.T, s *suite) {
	srv := replay(t, Reply{Body: recording(t, "gemini", "max_tokens.response.json")})
	res, err := s.modelAt(srv, "gemini-2.5-flash", srv.URL(), 2).Generate(t.Context(), &llm.Request{
		Messages:        []llm.Message{llm.SystemMessage("You are a helpful chatbot."), llm.UserMessage("What is the capital of France?")},
		MaxOutputTokens: 5,
	})
	require.NoError(t, err)
	want := recordedFields(t, "max_tokens.request.json")
	body := requestFields(t, srv, 0)
	assert.JSONEq(t, string(want["contents"]), string(body["contents"]))
	assert.JSONEq(t, string(want["systemInstruction"]), string(body["systemInstruction"]))
	assert.JSONEq(t, `{"maxOutputTokens":5}`, string(body["generationConfig"]))
	assert.Contains(t, string(want["generationConfig"]), `"maxOutputTokens": 5`)

	assert.Equal(t, "The capital of France is", res.Message.Text())
	assert.Equal(t, llm.FinishLength, res.FinishReason)
	assert.Equal(t, "MAX_TOKENS", res.RawFinishReason)
	assert.Equal(t, llm.Usage{InputTokens: 15, OutputTokens: 5, TotalTokens: 20}, res.Usage)
}

// geminiPromptBlocked replays a gemini-3.7-flash answer to a blocked
// prompt: no candidate, a block reason (vercel/ai's issue-19758 fixture).
func geminiPromptBlocked(t *testing.T, s *suite) {
	body := recording(t, "gemini", "prompt_blocked.response.json")
	srv := replay(t, Reply{Body: body}, Reply{SSE: true, Body: Stream(Gemini, compact(t, body))})
	m := s.modelAt(srv, "gemini-3.7-flash", srv.URL(), 2)
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("…")}}
	res, err := m.Generate(t.Context(), req)
	require.NoError(t, err)
	assert.Equal(t, llm.FinishContentFilter, res.FinishReason)
	assert.Equal(t, "PROHIBITED_CONTENT", res.RawFinishReason)
	assert.Empty(t, res.Message.Parts)
	assert.Equal(t, llm.Usage{InputTokens: 9, TotalTokens: 9}, res.Usage)

	// The same body as the one chunk of a stream.
	res, err = llm.CollectStream(m.Stream(t.Context(), req), nil)
	require.NoError(t, err)
	assert.Equal(t, llm.FinishContentFilter, res.FinishReason)
	assert.Equal(t, "PROHIBITED_CONTENT", res.RawFinishReason)
}

// orEmpty returns args, or {} when the SDK left them out.
func orEmpty(args json.RawMessage) string {
	if len(args) == 0 {
		return "{}"
	}
	return string(args)
}

// compact returns a JSON document on one line, as a stream chunk.
func compact(t *testing.T, doc string) string {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(doc), &v))
	out, err := json.Marshal(v)
	require.NoError(t, err)
	return string(out)
}
