package gemini

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
)

// The tests in this file use synthetic bodies in Gemini's wire format, for
// cases no recording in testdata covers (see testdata/RECORDED.md).

const textResponse = `{"candidates":[{"content":{"parts":[{"text":"It is sunny in Paris."}],"role":"model"},"finishReason":"STOP","index":0}],
 "usageMetadata":{"promptTokenCount":20,"candidatesTokenCount":7,"totalTokenCount":27},"modelVersion":"gemini-2.5-flash","responseId":"resp-t1"}`

func TestGenerateText(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	res, err := generativeModel(t, srv, "gemini-2.5-flash").Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.SystemMessage("Be brief."),
		llm.UserMessage("Weather in Paris?"),
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"contents":[{"role":"user","parts":[{"text":"Weather in Paris?"}]}],
		"systemInstruction":{"role":"user","parts":[{"text":"Be brief."}]},"generationConfig":{}}`, string(srv.Requests()[0].Body))
	assert.Equal(t, &llm.Response{
		Message:         llm.AssistantMessage("It is sunny in Paris."),
		FinishReason:    llm.FinishStop,
		RawFinishReason: "STOP",
		Usage:           llm.Usage{InputTokens: 20, OutputTokens: 7, TotalTokens: 27},
		ID:              "resp-t1",
		ModelID:         "gemini-2.5-flash",
	}, res)
}

func sigMeta(sig string) map[string]json.RawMessage {
	return map[string]json.RawMessage{"google": json.RawMessage(`{"thoughtSignature":"` + sig + `"}`)}
}

// TestRequestBody sends a conversation with a signed thought, text, calls
// with and without Gemini's ids and signatures, invalid arguments, results
// of every kind (JSON, text, error, media), reasoning from another
// provider, a system message in the middle and options, and compares the
// whole body.
func TestRequestBody(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	temp := 0.25
	assistant := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartReasoning, Text: "Two cities: two calls.", ProviderMetadata: sigMeta("dGhvdWdodA==")},
		{Type: llm.PartReasoning, Text: "from another provider", ProviderMetadata: map[string]json.RawMessage{"anthropic": json.RawMessage(`{"signature":"x"}`)}},
		llm.TextPart("Checking both."),
		{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: "g-paris", Name: "weather", Arguments: `{"location":"Paris","days":3}`,
			ProviderMetadata: map[string]json.RawMessage{"google": json.RawMessage(`{"thoughtSignature":"c2lnMQ==","id":"g-paris"}`)}}},
		{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: "resp-1-2", Name: "weather", Arguments: `{"location":"Rome"}`}},
		{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: "resp-1-3", Name: "radar", Arguments: `{"location":`}},
		{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: "resp-1-4", Name: "radar", Arguments: `["Paris"]`}},
	}}
	req := &llm.Request{
		Messages: []llm.Message{
			llm.SystemMessage("You are a weather assistant."),
			llm.UserMessage("Weather in Paris and Rome? And the radar."),
			assistant,
			llm.ToolMessage(
				llm.ToolResult{ToolCallID: "g-paris", ToolName: "weather", Output: llm.JSONOutput(json.RawMessage(`{"temperature":21.5,"conditions":"Sunny","station":12345678901234567}`))},
				llm.ToolResult{ToolCallID: "resp-1-2", ToolName: "weather", Output: llm.ErrorOutput("weather-tool failed: upstream timeout")},
				llm.ToolResult{ToolCallID: "resp-1-3", ToolName: "radar", Output: llm.ErrorOutput("invalid arguments: unexpected end of JSON input")},
				llm.ToolResult{ToolCallID: "resp-1-4", ToolName: "radar", Output: llm.ContentOutput(
					llm.TextPart("Radar for Paris"),
					llm.MediaPart("image/png", []byte("\x89PNG")),
					llm.ImageURLPart("https://example.com/radar.gif?at=noon"),
				)},
			),
			llm.SystemMessage("Answer in one sentence."),
			llm.UserMessage("Also, is it windy?"),
		},
		Tools: []llm.ToolDefinition{
			providertest.WeatherTool(),
			{Name: "radar", Description: "Returns the radar image of a location.", Strict: true,
				InputSchema: json.RawMessage(`{"type":"object","properties":{"location":{"type":["string","null"],"format":"hostname"}},"additionalProperties":false}`)},
			{Name: "now", Description: "Returns the time.", InputSchema: json.RawMessage(`{"type":"object","additionalProperties":false}`)},
		},
		ToolChoice:      llm.ChoiceTool("weather"),
		Temperature:     &temp,
		MaxOutputTokens: 500,
		ProviderOptions: map[string]json.RawMessage{
			"google": json.RawMessage(`{"generationConfig":{"thinkingConfig":{"includeThoughts":true}},"safetySettings":[{"category":"HARM_CATEGORY_HARASSMENT","threshold":"BLOCK_NONE"}]}`),
			"openai": json.RawMessage(`{"ignored":true}`),
		},
	}
	_, err := generativeModel(t, srv, "gemini-2.5-flash").Generate(context.Background(), req)
	require.NoError(t, err)
	assert.JSONEq(t, `{
	  "systemInstruction": {"role":"user","parts": [{"text": "You are a weather assistant."}, {"text": "Answer in one sentence."}]},
	  "contents": [
	    {"role": "user", "parts": [{"text": "Weather in Paris and Rome? And the radar."}]},
	    {"role": "model", "parts": [
	      {"text": "Two cities: two calls.", "thought": true, "thoughtSignature": "dGhvdWdodA=="},
	      {"text": "Checking both."},
	      {"functionCall": {"id": "g-paris", "name": "weather", "args": {"location": "Paris", "days": 3}}, "thoughtSignature": "c2lnMQ=="},
	      {"functionCall": {"name": "weather", "args": {"location": "Rome"}}},
	      {"functionCall": {"name": "radar"}},
	      {"functionCall": {"name": "radar"}}
	    ]},
	    {"role": "user", "parts": [
	      {"functionResponse": {"id": "g-paris", "name": "weather", "response": {"output": {"temperature": 21.5, "conditions": "Sunny", "station": 12345678901234568}}}},
	      {"functionResponse": {"name": "weather", "response": {"error": "weather-tool failed: upstream timeout"}}},
	      {"functionResponse": {"name": "radar", "response": {"error": "invalid arguments: unexpected end of JSON input"}}},
	      {"functionResponse": {"name": "radar", "response": {"output": "Radar for Paris"}}}
	    ]},
	    {"role": "user", "parts": [
	      {"text": "Media returned by tool call resp-1-4 (radar):"},
	      {"inlineData": {"mimeType": "image/png", "data": "iVBORw=="}},
	      {"fileData": {"fileUri": "https://example.com/radar.gif?at=noon", "mimeType": "image/gif"}}
	    ]},
	    {"role": "user", "parts": [{"text": "Also, is it windy?"}]}
	  ],
	  "tools": [{"functionDeclarations": [
	    {"name": "weather", "description": "Fetches the current weather for a location.", "parameters": {
	      "type": "object", "required": ["location"], "properties": {
	        "location": {"type": "string", "description": "Location is a city name, such as \"Paris\" or \"New York\"."},
	        "units": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Units defaults to celsius."}}}},
	    {"name": "radar", "description": "Returns the radar image of a location.", "parameters": {
	      "type": "object", "properties": {"location": {"type": "string", "nullable": true}}}},
	    {"name": "now", "description": "Returns the time."}
	  ]}],
	  "toolConfig": {"functionCallingConfig": {"mode": "ANY", "allowedFunctionNames": ["weather"]}},
	  "generationConfig": {"temperature": 0.25, "maxOutputTokens": 500, "thinkingConfig": {"includeThoughts": true}},
	  "safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_NONE"}]
	}`, string(srv.Requests()[0].Body))
}

func TestToolChoice(t *testing.T) {
	for _, tc := range []struct {
		name   string
		choice llm.ToolChoice
		tools  bool
		want   string // toolConfig JSON; "" for none sent
	}{
		{"zero", llm.ToolChoice{}, true, ""},
		{"auto", llm.ChoiceAuto, true, `{"functionCallingConfig":{"mode":"AUTO"}}`},
		{"none", llm.ChoiceNone, true, `{"functionCallingConfig":{"mode":"NONE"}}`},
		{"required is any", llm.ChoiceRequired, true, `{"functionCallingConfig":{"mode":"ANY"}}`},
		{"named", llm.ChoiceTool("weather"), true, `{"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["weather"]}}`},
		{"without tools", llm.ChoiceRequired, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: textResponse})
			req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}, ToolChoice: tc.choice}
			if tc.tools {
				req.Tools = []llm.ToolDefinition{providertest.WeatherTool()}
			}
			_, err := generativeModel(t, srv, "gemini-2.5-flash").Generate(context.Background(), req)
			require.NoError(t, err)
			body := body(t, srv, 0)
			if tc.want == "" {
				assert.NotContains(t, body, "toolConfig")
				return
			}
			assert.JSONEq(t, tc.want, string(body["toolConfig"]))
		})
	}
	_, err := Model("gemini-2.5-flash", WithAPIKey("k")).Generate(context.Background(), &llm.Request{
		Tools: []llm.ToolDefinition{providertest.WeatherTool()}, ToolChoice: llm.ToolChoice{Mode: "sometimes"}})
	assert.ErrorContains(t, err, `gemini: unknown tool choice mode "sometimes"`)
}

// TestSignaturePlaceholder covers a conversation whose calls come from
// another model: Gemini 3 gets Google's placeholder signature on the first
// call of such a turn; older models and signed turns do not.
func TestSignaturePlaceholder(t *testing.T) {
	calls := llm.AssistantMessage("", llm.ToolCall{ID: "call_1", Name: "weather", Arguments: `{"location":"Paris"}`},
		llm.ToolCall{ID: "call_2", Name: "weather", Arguments: `{"location":"Rome"}`})
	signed := llm.AssistantMessage("", llm.ToolCall{ID: "g1", Name: "weather", Arguments: `{"location":"Oslo"}`, ProviderMetadata: sigMeta("c2ln")})
	results := func(ids ...string) llm.Message {
		var rs []llm.ToolResult
		for _, id := range ids {
			rs = append(rs, llm.ToolResult{ToolCallID: id, ToolName: "weather", Output: llm.TextOutput("sunny")})
		}
		return llm.ToolMessage(rs...)
	}
	msgs := []llm.Message{llm.UserMessage("Weather?"), calls, results("call_1", "call_2"), signed, results("g1")}
	for id, want := range map[string]bool{
		"gemini-3-flash-preview": true, "models/gemini-3.1-pro": true, "gemini-10-ultra": true,
		"gemini-2.5-flash": false, "gemini-exp-1206": false, "learnlm-2.0-flash": false,
	} {
		t.Run(id, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: textResponse})
			_, err := generativeModel(t, srv, id).Generate(context.Background(), &llm.Request{Messages: msgs})
			require.NoError(t, err)
			sent := sentContents(t, srv, 0)
			require.Len(t, sent, 5)
			var first, second, third struct {
				ThoughtSignature string `json:"thoughtSignature"`
			}
			require.NoError(t, json.Unmarshal(sent[1].Parts[0], &first))
			require.NoError(t, json.Unmarshal(sent[1].Parts[1], &second))
			require.NoError(t, json.Unmarshal(sent[3].Parts[0], &third))
			if want {
				assert.Equal(t, "skip/thought/signature/validator", first.ThoughtSignature,
					"the documented skip_thought_signature_validator, in the SDK's base64 alphabet")
			} else {
				assert.Empty(t, first.ThoughtSignature)
			}
			assert.Empty(t, second.ThoughtSignature, "only the first call of a turn")
			assert.Equal(t, "c2ln", third.ThoughtSignature, "a signed turn keeps its own")
		})
	}
}

// TestThoughtSummaries streams thought parts (returned with includeThoughts)
// and a signed answer, synthetic since the recorded stream with thoughts is
// too long to keep: reasoning deltas, one reasoning part, sent back as a
// thought.
func TestThoughtSummaries(t *testing.T) {
	chunk := func(parts, finish string) string {
		return `{"candidates":[{"content":{"parts":` + parts + `,"role":"model"}` + finish + `,"index":0}],` +
			`"usageMetadata":{"promptTokenCount":34,"candidatesTokenCount":17,"totalTokenCount":810,"thoughtsTokenCount":759},"modelVersion":"gemini-2.5-pro","responseId":"r1"}`
	}
	srv := newFakeServer(t, reply{SSE: true, Body: providertest.Stream(providertest.Gemini,
		chunk(`[{"text":"**Defining the Goal**\n\n","thought":true}]`, ""),
		chunk(`[{"text":"**Refining the Steps**\n\n","thought":true}]`, ""),
		chunk(`[{"text":"Here is a step-by-step guide","thoughtSignature":"c2lnbmVk"}]`, ""),
		chunk(`[{"text":" to crossing the street."}]`, `,"finishReason":"STOP"`),
	)}, reply{Body: textResponse})
	m := generativeModel(t, srv, "gemini-2.5-pro")
	var parts []llm.StreamPart
	res, err := llm.CollectStream(m.Stream(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("How do I cross the street?")}}),
		func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)
	require.Len(t, parts, 5)
	assert.Equal(t, []llm.StreamPart{
		{Type: llm.StreamReasoningDelta, Text: "**Defining the Goal**\n\n"},
		{Type: llm.StreamReasoningDelta, Text: "**Refining the Steps**\n\n"},
		{Type: llm.StreamTextDelta, Text: "Here is a step-by-step guide"},
		{Type: llm.StreamTextDelta, Text: " to crossing the street."},
	}, parts[:4])
	assert.Equal(t, []llm.Part{
		{Type: llm.PartReasoning, Text: "**Defining the Goal**\n\n**Refining the Steps**\n\n", ProviderMetadata: map[string]json.RawMessage{"google": json.RawMessage(`{}`)}},
		{Type: llm.PartText, Text: "Here is a step-by-step guide to crossing the street.", ProviderMetadata: sigMeta("c2lnbmVk")},
	}, res.Message.Parts)
	assert.Equal(t, llm.Usage{InputTokens: 34, OutputTokens: 17 + 759, TotalTokens: 810, ReasoningTokens: 759}, res.Usage)

	_, err = m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("How?"), res.Message, llm.UserMessage("Thanks")}})
	require.NoError(t, err)
	assert.JSONEq(t, `[
		{"text":"**Defining the Goal**\n\n**Refining the Steps**\n\n","thought":true},
		{"text":"Here is a step-by-step guide to crossing the street.","thoughtSignature":"c2lnbmVk"}]`,
		rawParts(t, srv, 1, 1))
}

// rawParts returns the parts of content i of request r, as JSON.
func rawParts(t *testing.T, srv *providertest.Server, r, i int) string {
	t.Helper()
	sent := sentContents(t, srv, r)
	require.Greater(t, len(sent), i)
	out, err := json.Marshal(sent[i].Parts)
	require.NoError(t, err)
	return string(out)
}

// TestGeminiCallIDs covers calls that come with Gemini's own ids, as recent
// models send them (synthetic): the ids are kept and sent back in the call
// and in its result.
func TestGeminiCallIDs(t *testing.T) {
	srv := newFakeServer(t, reply{Body: `{"candidates":[{"content":{"parts":[
		{"functionCall":{"id":"g98os1Jf","name":"weather","args":{"location":"Paris"}},"thoughtSignature":"c2ln"},
		{"functionCall":{"id":"h12pq3Rs","name":"weather","args":{"location":"Rome"}}}],"role":"model"},
		"finishReason":"STOP","index":0}],"responseId":"r2"}`}, reply{Body: textResponse})
	m := generativeModel(t, srv, "gemini-3.6-flash")
	res, err := m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("Weather?")}, Tools: []llm.ToolDefinition{providertest.WeatherTool()}})
	require.NoError(t, err)
	calls := res.Message.ToolCalls()
	require.Len(t, calls, 2)
	assert.Equal(t, "g98os1Jf", calls[0].ID)
	assert.Equal(t, "h12pq3Rs", calls[1].ID)
	assert.JSONEq(t, `{"thoughtSignature":"c2ln","id":"g98os1Jf"}`, string(calls[0].ProviderMetadata["google"]))

	_, err = m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.UserMessage("Weather?"), res.Message,
		llm.ToolMessage(llm.ToolResult{ToolCallID: "g98os1Jf", ToolName: "weather", Output: llm.TextOutput("sunny")},
			llm.ToolResult{ToolCallID: "h12pq3Rs", ToolName: "weather", Output: llm.TextOutput("rainy")}),
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `[
		{"functionCall":{"id":"g98os1Jf","name":"weather","args":{"location":"Paris"}},"thoughtSignature":"c2ln"},
		{"functionCall":{"id":"h12pq3Rs","name":"weather","args":{"location":"Rome"}}}]`, rawParts(t, srv, 1, 1))
	assert.JSONEq(t, `[
		{"functionResponse":{"id":"g98os1Jf","name":"weather","response":{"output":"sunny"}}},
		{"functionResponse":{"id":"h12pq3Rs","name":"weather","response":{"output":"rainy"}}}]`, rawParts(t, srv, 1, 2))
}

func TestFinishReasons(t *testing.T) {
	for raw, want := range map[genai.FinishReason]llm.FinishReason{
		"STOP": llm.FinishStop, "MAX_TOKENS": llm.FinishLength, "SAFETY": llm.FinishContentFilter,
		"RECITATION": llm.FinishContentFilter, "BLOCKLIST": llm.FinishContentFilter, "PROHIBITED_CONTENT": llm.FinishContentFilter,
		"SPII": llm.FinishContentFilter, "IMAGE_SAFETY": llm.FinishContentFilter, "MODEL_ARMOR": llm.FinishContentFilter,
		"MALFORMED_FUNCTION_CALL": llm.FinishError, "UNEXPECTED_TOOL_CALL": llm.FinishError, "TOO_MANY_TOOL_CALLS": llm.FinishError,
		"MISSING_THOUGHT_SIGNATURE": llm.FinishError, "LANGUAGE": llm.FinishOther, "OTHER": llm.FinishOther,
		"FINISH_REASON_UNSPECIFIED": llm.FinishOther, "SOMETHING_NEW": llm.FinishOther,
	} {
		got, gotRaw := finish(raw, "", false)
		assert.Equal(t, want, got, raw)
		assert.Equal(t, string(raw), gotRaw)
	}
	got, _ := finish("STOP", "", true)
	assert.Equal(t, llm.FinishToolCalls, got, "STOP with calls")
	got, raw := finish("", "SAFETY", false)
	assert.Equal(t, llm.FinishContentFilter, got)
	assert.Equal(t, "SAFETY", raw)
}

// TestAPIError: an error of the API is the SDK's genai.APIError, wrapped
// with what was being done (the suite of providertest checks the
// retries).
func TestAPIError(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Fail(&providertest.StatusError{Status: http.StatusServiceUnavailable, Message: "The model is overloaded."}))
	_, err := Model("gemini-2.5-flash", WithBaseURL(srv.URL()), WithAPIKey("test"), WithMaxRetries(0)).
		Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	var apiErr genai.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 503, apiErr.Code)
	assert.Equal(t, "UNAVAILABLE", apiErr.Status)
	assert.Contains(t, err.Error(), "gemini: generate content: ")
	assert.Contains(t, err.Error(), "The model is overloaded.")
}

func TestConfiguration(t *testing.T) {
	clear := func(t *testing.T) {
		for _, k := range []string{"GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_GEMINI_BASE_URL", "GOOGLE_GENAI_USE_VERTEXAI"} {
			t.Setenv(k, "")
		}
	}
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}
	t.Run("no key", func(t *testing.T) {
		clear(t)
		_, err := New("gemini-2.5-flash")
		assert.ErrorIs(t, err, ErrNoAPIKey, "the suite checks the calls of a model without a key")
		assert.ErrorContains(t, err, "set GEMINI_API_KEY or GOOGLE_API_KEY")
		_, err = New("gemini-2.5-flash", WithAPIKey(""))
		assert.ErrorIs(t, err, ErrNoAPIKey)
	})
	for _, tc := range []struct {
		name, gemini, google, want string
	}{
		{"GEMINI_API_KEY", "gemini-key", "", "gemini-key"},
		{"GOOGLE_API_KEY", "", "google-key", "google-key"},
		{"both: GOOGLE_API_KEY wins, as in the SDK", "gemini-key", "google-key", "google-key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clear(t)
			srv := newFakeServer(t, reply{Body: textResponse})
			t.Setenv("GEMINI_API_KEY", tc.gemini)
			t.Setenv("GOOGLE_API_KEY", tc.google)
			t.Setenv("GOOGLE_GEMINI_BASE_URL", srv.URL())
			t.Setenv("GOOGLE_GENAI_USE_VERTEXAI", "true") // ignored: always the Gemini API
			m, err := New("gemini-2.5-flash", WithHTTPClient(srv.Client()))
			require.NoError(t, err)
			assert.Equal(t, "gemini-2.5-flash", m.ID())
			_, err = m.Generate(context.Background(), req)
			require.NoError(t, err)
			r := srv.Requests()[0]
			assert.Equal(t, tc.want, r.Header.Get("X-Goog-Api-Key"))
			assert.Equal(t, "/v1beta/models/gemini-2.5-flash:generateContent", r.Path)
		})
	}
	t.Run("options", func(t *testing.T) {
		clear(t)
		srv := newFakeServer(t, reply{Body: textResponse})
		m := generativeModel(t, srv, "gemini-2.5-flash", WithAPIVersion("v1"), WithHeaders(http.Header{"X-Trace": {"abc"}}))
		_, err := m.Generate(context.Background(), req)
		require.NoError(t, err)
		r := srv.Requests()[0]
		assert.Equal(t, "/v1/models/gemini-2.5-flash:generateContent", r.Path)
		assert.Equal(t, "abc", r.Header.Get("X-Trace"))
	})
}

func TestSchemaErrors(t *testing.T) {
	m := Model("gemini-2.5-flash", WithAPIKey("k"))
	_, err := m.Generate(context.Background(), &llm.Request{Tools: []llm.ToolDefinition{{Name: "tags",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"tags":{"type":"object","additionalProperties":{"type":"string"}}}}`)}}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "gemini: tool tags: gemini schema: properties.tags.additionalProperties: free-form objects")
	var de *schema.DialectError
	assert.ErrorAs(t, err, &de)

	_, err = m.Generate(context.Background(), &llm.Request{ProviderOptions: map[string]json.RawMessage{"google": json.RawMessage(`[1]`)}})
	assert.ErrorContains(t, err, "gemini: provider options: want a JSON object")

	_, err = m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserParts(llm.Part{Type: llm.PartMedia, Data: []byte{1}})}})
	assert.ErrorContains(t, err, "gemini: message 0 (user): inline media without a media type")
}

// TestRecursiveSchema sends a recursive input, which the Gemini dialect
// unrolls since Gemini has no $ref.
func TestRecursiveSchema(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	sch := `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{"name":{"type":"string"},"child":{"$ref":"#/$defs/Node"}},"required":["name"]}}}`
	_, err := generativeModel(t, srv, "gemini-2.5-flash").Generate(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("hi")},
		Tools:    []llm.ToolDefinition{{Name: "tree", InputSchema: json.RawMessage(sch)}},
	})
	require.NoError(t, err)
	var tools []struct {
		FunctionDeclarations []struct {
			Parameters json.RawMessage `json:"parameters"`
		} `json:"functionDeclarations"`
	}
	require.NoError(t, json.Unmarshal(body(t, srv, 0)["tools"], &tools))
	want, err := schema.Convert(json.RawMessage(sch), schema.DialectGemini)
	require.NoError(t, err)
	got := string(tools[0].FunctionDeclarations[0].Parameters)
	assert.JSONEq(t, string(want), got)
	assert.NotContains(t, got, "$ref")
	assert.Equal(t, 2, strings.Count(got, `"child"`), "unrolled, the last level cut")
}

// TestOtherProvidersParts: a conversation that began with another provider
// keeps going: its refusal is sent as text, its provider items are left out.
func TestOtherProvidersParts(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	openaiTurn := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartProviderItem, ProviderMetadata: map[string]json.RawMessage{"openai": json.RawMessage(`{"type":"web_search_call","id":"ws_1"}`)}},
		{Type: llm.PartRefusal, Text: "I can't help with that."},
	}}
	_, err := generativeModel(t, srv, "gemini-2.5-flash").Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.UserMessage("Do the thing."), openaiTurn, llm.UserMessage("Then the weather?"),
	}})
	require.NoError(t, err)
	body := string(srv.Requests()[0].Body)
	assert.Contains(t, body, `{"parts":[{"text":"I can't help with that."}],"role":"model"}`)
	assert.NotContains(t, body, "ws_1")
}
