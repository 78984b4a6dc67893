package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	oai "github.com/openai/openai-go/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
)

const radarSchema = `{"type":"object","properties":{"location":{"type":"string"}},"required":["location"],"additionalProperties":false}`

const textResponse = `{"id":"chatcmpl-t1","object":"chat.completion","created":1760000000,"model":"gpt-5.4-2026-03-01",
 "choices":[{"index":0,"message":{"role":"assistant","content":"It is sunny in Paris.","refusal":null,"annotations":[]},"logprobs":null,"finish_reason":"stop"}],
 "usage":{"prompt_tokens":20,"completion_tokens":7,"total_tokens":27}}`

func TestGenerateText(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	m := chatModel(t, srv)

	res, err := m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.SystemMessage("Be brief."),
		llm.UserMessage("Weather in Paris?"),
	}})
	require.NoError(t, err)

	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, http.MethodPost, reqs[0].Method)
	assert.Equal(t, "/v1/chat/completions", reqs[0].Path)
	assert.Equal(t, "Bearer test-key", reqs[0].Header.Get("Authorization"))
	assert.JSONEq(t, `{"model":"gpt-5.4","messages":[
		{"role":"system","content":"Be brief."},
		{"role":"user","content":"Weather in Paris?"}]}`, string(reqs[0].Body))

	assert.Equal(t, &llm.Response{
		Message:         llm.AssistantMessage("It is sunny in Paris."),
		FinishReason:    llm.FinishStop,
		RawFinishReason: "stop",
		Usage:           llm.Usage{InputTokens: 20, OutputTokens: 7, TotalTokens: 27},
		ID:              "chatcmpl-t1",
		ModelID:         "gpt-5.4-2026-03-01",
	}, res)
}

// TestGenerateRequestBody sends a conversation with parallel tool calls and
// their results (JSON, error and image results), a strict tool, a tool
// choice and options, and compares the body with a recorded request.
func TestGenerateRequestBody(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	m := chatModel(t, srv, WithParallelToolCalls(false))
	temp := 0.2
	req := &llm.Request{
		Messages: []llm.Message{
			llm.SystemMessage("You are a weather assistant."),
			llm.UserMessage("Weather in Paris and Rome? And the radar."),
			llm.AssistantMessage("Checking both.",
				llm.ToolCall{ID: "call_paris", Name: "weather", Arguments: `{"location":"Paris"}`},
				llm.ToolCall{ID: "call_rome", Name: "weather", Arguments: `{"location":"Rome"}`},
				llm.ToolCall{ID: "call_radar", Name: "radar", Arguments: `{"location":"Paris"}`},
			),
			llm.ToolMessage(
				llm.ToolResult{ToolCallID: "call_paris", ToolName: "weather", Output: llm.JSONOutput(json.RawMessage(`{"temperature":21,"conditions":"Sunny"}`))},
				llm.ToolResult{ToolCallID: "call_rome", ToolName: "weather", Output: llm.ErrorOutput("weather-tool failed: upstream timeout")},
				llm.ToolResult{ToolCallID: "call_radar", ToolName: "radar", Output: llm.ContentOutput(
					llm.TextPart("Radar for Paris"),
					llm.MediaPart("image/png", []byte("\x89PNG")),
					llm.ImageURLPart("https://example.com/radar.png"),
				)},
			),
		},
		Tools: []llm.ToolDefinition{
			providertest.WeatherTool(),
			{Name: "radar", Description: "Returns the radar image of a location.", InputSchema: json.RawMessage(radarSchema), Strict: true},
		},
		ToolChoice:      llm.ChoiceRequired,
		Temperature:     &temp,
		MaxOutputTokens: 500,
		ProviderOptions: map[string]json.RawMessage{
			"openai":    json.RawMessage(`{"reasoning_effort":"low"}`),
			"anthropic": json.RawMessage(`{"ignored":true}`),
		},
	}
	_, err := m.Generate(context.Background(), req)
	require.NoError(t, err)

	body := string(srv.Requests()[0].Body)
	assert.JSONEq(t, providertest.Fixture(t, "chat_tools_request.json"), body)
	// Models follow the order of properties: it must survive.
	assert.Less(t, strings.Index(body, `"location":{"type":"string","minLength"`), strings.Index(body, `"units":`))
}

// TestToolChoice maps each tool choice on both APIs; none is sent
// without tools.
func TestToolChoice(t *testing.T) {
	for _, tc := range []struct {
		name            string
		choice          llm.ToolChoice
		tools           bool
		chat, responses string // the tool_choice JSON; "" for none sent
	}{
		{"zero", llm.ToolChoice{}, true, "", ""},
		{"auto", llm.ChoiceAuto, true, `"auto"`, `"auto"`},
		{"none", llm.ChoiceNone, true, `"none"`, `"none"`},
		{"required", llm.ChoiceRequired, true, `"required"`, `"required"`},
		{"named", llm.ChoiceTool("weather"), true, `{"type":"function","function":{"name":"weather"}}`, `{"type":"function","name":"weather"}`},
		{"without tools", llm.ChoiceRequired, false, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: textResponse}, reply{Body: providertest.Fixture(t, "responses_response.json")})
			req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}, ToolChoice: tc.choice}
			if tc.tools {
				req.Tools = []llm.ToolDefinition{providertest.WeatherTool()}
			}
			_, err := chatModel(t, srv).Generate(context.Background(), req)
			require.NoError(t, err)
			_, err = responsesModel(t, srv).Generate(context.Background(), req)
			require.NoError(t, err)
			for i, want := range []string{tc.chat, tc.responses} {
				var body map[string]json.RawMessage
				require.NoError(t, srv.Requests()[i].Decode(&body))
				if want == "" {
					assert.NotContains(t, body, "tool_choice", i)
					continue
				}
				assert.JSONEq(t, want, string(body["tool_choice"]), i)
			}
		})
	}
}

func TestStrictSchemaUsesDialect(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	def := providertest.WeatherTool()
	def.Strict = true
	_, err := chatModel(t, srv).Generate(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("hi")},
		Tools:    []llm.ToolDefinition{def},
	})
	require.NoError(t, err)
	var body struct {
		Tools []struct {
			Function struct {
				Strict     bool            `json:"strict"`
				Parameters json.RawMessage `json:"parameters"`
			} `json:"function"`
		} `json:"tools"`
	}
	require.NoError(t, json.Unmarshal(srv.Requests()[0].Body, &body))
	want, err := schema.Convert(json.RawMessage(providertest.WeatherSchema), schema.DialectOpenAIStrict)
	require.NoError(t, err)
	require.Len(t, body.Tools, 1)
	assert.True(t, body.Tools[0].Function.Strict)
	assert.JSONEq(t, string(want), string(body.Tools[0].Function.Parameters))
	assert.Contains(t, string(body.Tools[0].Function.Parameters), `"required":["location","units"]`)
}

func TestGenerateParallelToolCalls(t *testing.T) {
	srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "chat_tools_response.json")})
	res, err := chatModel(t, srv).Generate(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("Weather in Paris and Rome?")},
		Tools:    []llm.ToolDefinition{providertest.WeatherTool()},
	})
	require.NoError(t, err)
	assert.Equal(t, []llm.ToolCall{
		{ID: "call_paris", Name: "weather", Arguments: `{"location":"Paris"}`},
		{ID: "call_rome", Name: "weather", Arguments: `{"location":"Rome","units":"celsius"}`},
	}, res.Message.ToolCalls())
	assert.Empty(t, res.Message.Text())
	assert.Equal(t, llm.FinishToolCalls, res.FinishReason)
	assert.Equal(t, llm.Usage{InputTokens: 120, OutputTokens: 40, TotalTokens: 160, ReasoningTokens: 12, CachedInputTokens: 64}, res.Usage)
}

func TestFinishReasons(t *testing.T) {
	for raw, want := range map[string]llm.FinishReason{
		"stop": llm.FinishStop, "length": llm.FinishLength, "tool_calls": llm.FinishToolCalls,
		"function_call": llm.FinishToolCalls, "content_filter": llm.FinishContentFilter, "weird": llm.FinishOther,
	} {
		assert.Equal(t, want, finishReason(raw, false), raw)
	}
	assert.Equal(t, llm.FinishToolCalls, finishReason("stop", true), "a compatible server's stop after tool calls")
}

func TestStreamToolCalls(t *testing.T) {
	srv := newFakeServer(t, reply{SSE: true, Body: providertest.Fixture(t, "chat_stream_tools.sse")})
	var parts []llm.StreamPart
	res, err := llm.CollectStream(chatModel(t, srv).Stream(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("Weather in Paris and Rome?")},
		Tools:    []llm.ToolDefinition{providertest.WeatherTool()},
	}), func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)

	assert.JSONEq(t, `{"model":"gpt-5.4","stream":true,"stream_options":{"include_usage":true},
		"messages":[{"role":"user","content":"Weather in Paris and Rome?"}],
		"tools":[{"type":"function","function":{"name":"weather","description":"Fetches the current weather for a location.","parameters":`+providertest.WeatherSchema+`}}]}`,
		string(srv.Requests()[0].Body))

	paris := &llm.ToolCall{ID: "call_paris", Name: "weather", Arguments: `{"location": "Paris"}`}
	rome := &llm.ToolCall{ID: "call_rome", Name: "weather", Arguments: `{"location": "Rome", "units": "celsius"}`}
	usage := llm.Usage{InputTokens: 120, OutputTokens: 40, TotalTokens: 160, ReasoningTokens: 12, CachedInputTokens: 64}
	assert.Equal(t, []llm.StreamPart{
		{Type: llm.StreamTextDelta, Text: "Checking "},
		{Type: llm.StreamTextDelta, Text: "both."},
		{Type: llm.StreamToolCallStart, ToolCallID: "call_paris", ToolName: "weather"},
		{Type: llm.StreamToolCallDelta, ToolCallID: "call_paris", ToolName: "weather", Text: `{"location":`},
		{Type: llm.StreamToolCallDelta, ToolCallID: "call_paris", ToolName: "weather", Text: ` "Paris"}`},
		{Type: llm.StreamToolCallStart, ToolCallID: "call_rome", ToolName: "weather"},
		{Type: llm.StreamToolCallDelta, ToolCallID: "call_rome", ToolName: "weather", Text: `{"location": "Rome", "units": "celsius"}`},
		{Type: llm.StreamToolCall, ToolCall: paris},
		{Type: llm.StreamToolCall, ToolCall: rome},
		{Type: llm.StreamFinish, Response: &llm.Response{
			Message:      llm.AssistantMessage("Checking both.", *paris, *rome),
			FinishReason: llm.FinishToolCalls, RawFinishReason: "tool_calls", Usage: usage,
			ID: "chatcmpl-s1", ModelID: "gpt-5.4-2026-03-01",
		}},
	}, parts)

	assert.Equal(t, "Checking both.", res.Message.Text())
	assert.Equal(t, []llm.ToolCall{*paris, *rome}, res.Message.ToolCalls())
	assert.Equal(t, usage, res.Usage)
}

// TestStreamArgumentsBeforeName covers servers that send a call's first
// argument bytes in the chunk that names it, or its id late.
func TestStreamArgumentsBeforeName(t *testing.T) {
	srv := newFakeServer(t, reply{SSE: true, Body: providertest.Stream(providertest.OpenAIChat,
		`{"id":"c","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"loc"}}]},"finish_reason":null}]}`,
		`{"id":"c","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"weather","arguments":"ation\":\"Oslo\"}"}}]},"finish_reason":null}]}`,
		`{"id":"c","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
	)})
	res, err := llm.CollectStream(chatModel(t, srv).Stream(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("Oslo?")},
		Tools:    []llm.ToolDefinition{providertest.WeatherTool()},
	}), nil)
	require.NoError(t, err)
	assert.Equal(t, []llm.ToolCall{{ID: "call_0", Name: "weather", Arguments: `{"location":"Oslo"}`}}, res.Message.ToolCalls())
	assert.Equal(t, llm.FinishToolCalls, res.FinishReason)
	assert.Equal(t, "stop", res.RawFinishReason)
}

// TestAPIError: an error of the API is the SDK's *Error, wrapped with
// what was being done and the API's message (the suite of providertest
// checks the retries).
func TestAPIError(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Fail(&providertest.StatusError{Status: http.StatusInternalServerError, Message: "The server had an error."}))
	m, err := New("gpt-5.4", WithBaseURL(srv.URL()), WithAPIKey("test"), WithMaxRetries(0))
	require.NoError(t, err)
	_, err = m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	var apiErr *oai.Error
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, http.StatusInternalServerError, apiErr.StatusCode)
	assert.Contains(t, err.Error(), "openai: chat completion: ")
	assert.Contains(t, err.Error(), "The server had an error.")
}

func TestConfiguration(t *testing.T) {
	t.Run("no key for api.openai.com", func(t *testing.T) {
		t.Setenv("OPENAI_API_KEY", "")
		t.Setenv("OPENAI_BASE_URL", "")
		_, err := New("gpt-5.4")
		assert.ErrorIs(t, err, ErrNoAPIKey, "the suite checks the calls of a model without a key")
		_, err = NewResponses("gpt-5.4")
		assert.ErrorIs(t, err, ErrNoAPIKey)
	})
	t.Run("environment", func(t *testing.T) {
		srv := newFakeServer(t, reply{Body: textResponse})
		t.Setenv("OPENAI_API_KEY", "env-key")
		t.Setenv("OPENAI_BASE_URL", srv.URL()+"v1")
		m, err := New("gpt-5.4", WithHTTPClient(srv.Client()))
		require.NoError(t, err)
		_, err = m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
		require.NoError(t, err)
		assert.Equal(t, "Bearer env-key", srv.Requests()[0].Header.Get("Authorization"))
	})
	t.Run("local server needs no key", func(t *testing.T) {
		srv := newFakeServer(t, reply{Body: textResponse})
		t.Setenv("OPENAI_API_KEY", "")
		m, err := New("llama3.2", WithBaseURL(srv.URL()+"v1/"), WithHTTPClient(srv.Client()), WithLegacyMaxTokens())
		require.NoError(t, err)
		_, err = m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}, MaxOutputTokens: 64})
		require.NoError(t, err)
		r := srv.Requests()[0]
		assert.Empty(t, r.Header.Get("Authorization"))
		assert.JSONEq(t, `{"model":"llama3.2","max_tokens":64,"messages":[{"role":"user","content":"hi"}]}`, string(r.Body))
	})
}

func TestUserMedia(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	_, err := chatModel(t, srv).Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.UserParts(
			llm.TextPart("What is in these?"),
			llm.ImageURLPart("https://example.com/a.jpg"),
			llm.MediaPart("image/jpeg", []byte{0xff, 0xd8}),
			llm.Part{Type: llm.PartMedia, MediaType: "application/pdf", Data: []byte("%PDF"), Filename: "report.pdf"},
			llm.MediaPart("audio/wav", []byte("RIFF")),
		),
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"model":"gpt-5.4","messages":[{"role":"user","content":[
		{"type":"text","text":"What is in these?"},
		{"type":"image_url","image_url":{"url":"https://example.com/a.jpg"}},
		{"type":"image_url","image_url":{"url":"data:image/jpeg;base64,/9g="}},
		{"type":"file","file":{"file_data":"data:application/pdf;base64,JVBERg==","filename":"report.pdf"}},
		{"type":"input_audio","input_audio":{"data":"UklGRg==","format":"wav"}}]}]}`, string(srv.Requests()[0].Body))

	_, err = chatModel(t, srv).Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.UserParts(llm.MediaPart("video/mp4", []byte{1})),
	}})
	assert.ErrorContains(t, err, `media of type "video/mp4" cannot be sent to Chat Completions`)
}

func TestReasoningOnlyAssistantIsSkipped(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	_, err := chatModel(t, srv).Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.UserMessage("hi"),
		{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Text: "thinking"}}},
		llm.UserMessage("again"),
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"model":"gpt-5.4","messages":[{"role":"user","content":"hi"},{"role":"user","content":"again"}]}`, string(srv.Requests()[0].Body))
}

// TestConcurrentUse runs one model from many goroutines, as subagents and
// parallel runs do; -race checks it.
func TestConcurrentUse(t *testing.T) {
	srv := newFakeServer(t, slices.Repeat([]reply{{Body: textResponse}}, 8)...)
	m := chatModel(t, srv)
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			_, err := m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
			errs <- err
		}()
	}
	for range 8 {
		assert.NoError(t, <-errs)
	}
	assert.Len(t, srv.Requests(), 8)
}

// TestStreamCallsSharingAnIndex covers compatible servers that send every
// tool call, complete, at index 0.
func TestStreamCallsSharingAnIndex(t *testing.T) {
	srv := newFakeServer(t, reply{SSE: true, Body: providertest.Stream(providertest.OpenAIChat,
		`{"id":"c","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Paris\"}"}}]},"finish_reason":null}]}`,
		`{"id":"c","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_b","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Rome\"}"}}]},"finish_reason":null}]}`,
		`{"id":"c","object":"chat.completion.chunk","created":1,"model":"llama3.2","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`,
	)})
	res, err := llm.CollectStream(chatModel(t, srv).Stream(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("Paris and Rome?")},
		Tools:    []llm.ToolDefinition{providertest.WeatherTool()},
	}), nil)
	require.NoError(t, err)
	assert.Equal(t, []llm.ToolCall{
		{ID: "call_a", Name: "weather", Arguments: `{"location":"Paris"}`},
		{ID: "call_b", Name: "weather", Arguments: `{"location":"Rome"}`},
	}, res.Message.ToolCalls())
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

// syntheticReasoningCall is a SYNTHETIC answer in the shape of DeepSeek's
// (reasoning_content, then a tool call), for tests of this package's
// options rather than of the API's behaviour.
const syntheticReasoningCall = `{"id":"synthetic-1","object":"chat.completion","created":1760000000,"model":"deepseek-reasoner",
 "choices":[{"index":0,"message":{"role":"assistant","content":"","reasoning_content":"I should call the weather tool.",
 "tool_calls":[{"index":0,"id":"call_00_synthetic","type":"function","function":{"name":"weather","arguments":"{\"location\": \"Paris\"}"}}]},
 "logprobs":null,"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`

// TestChatReasoningContentOption: reasoning_content goes back to a base
// URL on deepseek.com and no other, and WithReasoningContent overrides that
// both ways.
func TestChatReasoningContentOption(t *testing.T) {
	for _, tc := range []struct {
		base string
		opts []Option
		sent bool
	}{
		{"https://api.deepseek.com", nil, true},
		{"https://api.deepseek.com/beta/", nil, true},
		{"https://api.deepseek.com", []Option{WithReasoningContent(false)}, false},
		{"https://api.x.ai/v1", nil, false},
		{"https://openrouter.ai/api/v1", nil, false},
		{"https://openrouter.ai/api/v1", []Option{WithReasoningContent(true)}, true},
		{"https://notdeepseek.com/v1", nil, false},
	} {
		t.Run(fmt.Sprint(tc.base, len(tc.opts)), func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: syntheticReasoningCall}, reply{Body: syntheticReasoningCall})
			model := chatModelAt(t, srv, "deepseek-reasoner", tc.base, tc.opts...)
			res, err := model.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("Weather?")}})
			require.NoError(t, err)
			_, err = model.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("Weather?"), res.Message,
				llm.ToolMessage(llm.ToolResult{ToolCallID: res.Message.ToolCalls()[0].ID, ToolName: "weather", Output: llm.TextOutput("Sunny")})}})
			require.NoError(t, err)
			_, sent := secondAssistant(t, srv)["reasoning_content"]
			assert.Equal(t, tc.sent, sent)
		})
	}
}

// secondAssistant returns the assistant message of the second request.
func secondAssistant(t *testing.T, srv *providertest.Server) map[string]json.RawMessage {
	t.Helper()
	var body struct {
		Messages []map[string]json.RawMessage `json:"messages"`
	}
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	require.NoError(t, reqs[1].Decode(&body))
	require.Greater(t, len(body.Messages), 1)
	return body.Messages[1]
}
