package anthropic

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

const radarSchema = `{"type":"object","properties":{"location":{"type":"string"}},"required":["location"],"additionalProperties":false}`

const textResponse = `{"id":"msg_t1","type":"message","role":"assistant","model":"claude-sonnet-4-5-20250929",
 "content":[{"type":"text","text":"It is sunny in Paris."}],
 "stop_reason":"end_turn","stop_sequence":null,
 "usage":{"input_tokens":20,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":7}}`

func TestGenerateText(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	res, err := messagesModel(t, srv).Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.SystemMessage("Be brief."),
		llm.UserMessage("Weather in Paris?"),
	}})
	require.NoError(t, err)

	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, http.MethodPost, reqs[0].Method)
	assert.Equal(t, "/v1/messages", reqs[0].Path)
	assert.Contains(t, reqs[0].Header.Get("X-Api-Key")+reqs[0].Header.Get("Authorization"), "test-key")
	assert.NotEmpty(t, reqs[0].Header.Get("Anthropic-Version"))
	// Prompt caching is on by default: the system prompt and the last turn
	// are cache breakpoints.
	assert.JSONEq(t, `{"model":"claude-sonnet-4-5","max_tokens":4096,
		"system":[{"type":"text","text":"Be brief.","cache_control":{"type":"ephemeral"}}],
		"messages":[{"role":"user","content":[{"type":"text","text":"Weather in Paris?","cache_control":{"type":"ephemeral"}}]}]}`, string(reqs[0].Body))

	assert.Equal(t, &llm.Response{
		Message:         llm.AssistantMessage("It is sunny in Paris."),
		FinishReason:    llm.FinishStop,
		RawFinishReason: "end_turn",
		Usage:           llm.Usage{InputTokens: 20, OutputTokens: 7, TotalTokens: 27},
		ID:              "msg_t1",
		ModelID:         "claude-sonnet-4-5-20250929",
	}, res)
}

func thinkingPart() llm.Part {
	return llm.Part{Type: llm.PartReasoning, Text: "Two cities: two calls.",
		ProviderMetadata: map[string]json.RawMessage{"anthropic": json.RawMessage(`{"signature":"EqQBCgIYAhIM1gbcDa9GJwZA2b3h"}`)}}
}

// TestGenerateRequestBody sends a conversation with thinking, parallel
// tool_use blocks and their results (JSON, is_error, images, a call whose
// arguments were invalid), a user turn after the results, options, and
// compares the body with a recorded request.
func TestGenerateRequestBody(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	temp := 0.2
	assistant := llm.AssistantMessage("Checking both.",
		llm.ToolCall{ID: "toolu_paris", Name: "weather", Arguments: `{"location":"Paris"}`},
		llm.ToolCall{ID: "toolu_rome", Name: "weather", Arguments: `{"location":"Rome"}`},
		llm.ToolCall{ID: "toolu_radar", Name: "radar", Arguments: `{"location":"Paris"}`},
		llm.ToolCall{ID: "toolu_bad", Name: "weather", Arguments: `{"location":`},
	)
	assistant.Parts = append([]llm.Part{thinkingPart(), {Type: llm.PartReasoning, Text: "unsigned: dropped"}}, assistant.Parts...)
	req := &llm.Request{
		Messages: []llm.Message{
			llm.SystemMessage("You are a weather assistant."),
			llm.UserMessage("Weather in Paris and Rome? And the radar."),
			assistant,
			llm.ToolMessage(
				llm.ToolResult{ToolCallID: "toolu_paris", ToolName: "weather", Output: llm.JSONOutput(json.RawMessage(`{"temperature":21,"conditions":"Sunny"}`))},
				llm.ToolResult{ToolCallID: "toolu_rome", ToolName: "weather", Output: llm.ErrorOutput("weather-tool failed: upstream timeout")},
				llm.ToolResult{ToolCallID: "toolu_radar", ToolName: "radar", Output: llm.ContentOutput(
					llm.TextPart("Radar for Paris"),
					llm.MediaPart("image/png", []byte("\x89PNG")),
					llm.ImageURLPart("https://example.com/radar.png"),
				)},
				llm.ToolResult{ToolCallID: "toolu_bad", ToolName: "weather", Output: llm.ErrorOutput("invalid arguments: unexpected end of JSON input")},
			),
			llm.SystemMessage("Answer in one sentence."),
			llm.UserMessage("Also, is it windy?"),
		},
		Tools: []llm.ToolDefinition{
			providertest.WeatherTool(),
			{Name: "radar", Description: "Returns the radar image of a location.", InputSchema: json.RawMessage(radarSchema), Strict: true},
		},
		ToolChoice:      llm.ChoiceRequired,
		Temperature:     &temp,
		MaxOutputTokens: 500,
		ProviderOptions: map[string]json.RawMessage{
			"anthropic": json.RawMessage(`{"metadata":{"user_id":"u-42"}}`),
			"openai":    json.RawMessage(`{"ignored":true}`),
		},
	}
	// Without the cache marks, which TestPromptCaching* cover.
	_, err := messagesModel(t, srv, WithParallelToolCalls(false), WithoutPromptCaching()).Generate(context.Background(), req)
	require.NoError(t, err)

	body := string(srv.Requests()[0].Body)
	assert.JSONEq(t, providertest.Fixture(t, "messages_tools_request.json"), body)
	assert.Less(t, strings.Index(body, `"location":{"type":"string","minLength"`), strings.Index(body, `"units":`), "property order is kept")
}

func TestToolChoice(t *testing.T) {
	for _, tc := range []struct {
		name     string
		choice   llm.ToolChoice
		parallel *bool
		tools    bool
		want     string // tool_choice JSON; "" for none sent
	}{
		{"zero", llm.ToolChoice{}, nil, true, ""},
		{"auto", llm.ChoiceAuto, nil, true, `{"type":"auto"}`},
		{"none", llm.ChoiceNone, nil, true, `{"type":"none"}`},
		{"required is any", llm.ChoiceRequired, nil, true, `{"type":"any"}`},
		{"named", llm.ChoiceTool("weather"), nil, true, `{"type":"tool","name":"weather"}`},
		{"zero without parallel calls", llm.ToolChoice{}, new(false), true, `{"type":"auto","disable_parallel_tool_use":true}`},
		{"named without parallel calls", llm.ChoiceTool("weather"), new(false), true, `{"type":"tool","name":"weather","disable_parallel_tool_use":true}`},
		{"without tools", llm.ChoiceRequired, nil, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: textResponse})
			req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}, ToolChoice: tc.choice}
			if tc.tools {
				req.Tools = []llm.ToolDefinition{providertest.WeatherTool()}
			}
			var opts []Option
			if tc.parallel != nil {
				opts = append(opts, WithParallelToolCalls(*tc.parallel))
			}
			_, err := messagesModel(t, srv, opts...).Generate(context.Background(), req)
			require.NoError(t, err)
			var body map[string]json.RawMessage
			require.NoError(t, json.Unmarshal(srv.Requests()[0].Body, &body))
			if tc.want == "" {
				assert.NotContains(t, body, "tool_choice")
				return
			}
			assert.JSONEq(t, tc.want, string(body["tool_choice"]))
		})
	}
}

func TestGenerateParallelToolUse(t *testing.T) {
	srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "messages_tools_response.json")})
	res, err := messagesModel(t, srv).Generate(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("Weather in Paris and Rome?")},
		Tools:    []llm.ToolDefinition{providertest.WeatherTool()},
	})
	require.NoError(t, err)
	require.Len(t, res.Message.Parts, 4)
	assert.Equal(t, thinkingPart().ProviderMetadata, res.Message.Parts[0].ProviderMetadata)
	assert.Equal(t, "Two cities: two calls.", res.Message.Parts[0].Text)
	assert.Equal(t, "Checking both.", res.Message.Text())
	calls := res.Message.ToolCalls()
	require.Len(t, calls, 2)
	assert.Equal(t, llm.ToolCall{ID: "toolu_paris", Name: "weather", Arguments: `{"location": "Paris"}`}, calls[0])
	assert.JSONEq(t, `{"location":"Rome","units":"celsius"}`, calls[1].Arguments)
	assert.Equal(t, llm.FinishToolCalls, res.FinishReason)
	assert.Equal(t, llm.Usage{InputTokens: 772, OutputTokens: 89, TotalTokens: 861, CachedInputTokens: 200, CacheWriteTokens: 100}, res.Usage)
}

func TestFinishReasons(t *testing.T) {
	for raw, want := range map[string]llm.FinishReason{
		"end_turn": llm.FinishStop, "stop_sequence": llm.FinishStop, "max_tokens": llm.FinishLength,
		"model_context_window_exceeded": llm.FinishLength, "tool_use": llm.FinishToolCalls,
		"refusal": llm.FinishContentFilter, "pause_turn": llm.FinishOther,
	} {
		assert.Equal(t, want, finishReason(raw), raw)
	}
}

func TestStreamToolUse(t *testing.T) {
	srv := newFakeServer(t, reply{SSE: true, Body: providertest.Fixture(t, "messages_stream_tools.sse")})
	var parts []llm.StreamPart
	res, err := llm.CollectStream(messagesModel(t, srv).Stream(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("Weather in Paris and Rome?")},
		Tools:    []llm.ToolDefinition{providertest.WeatherTool()},
	}), func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)

	assert.JSONEq(t, `{"model":"claude-sonnet-4-5","max_tokens":4096,"stream":true,
		"messages":[{"role":"user","content":[{"type":"text","text":"Weather in Paris and Rome?","cache_control":{"type":"ephemeral"}}]}],
		"tools":[{"name":"weather","description":"Fetches the current weather for a location.","input_schema":`+providertest.WeatherSchema+`,"cache_control":{"type":"ephemeral"}}]}`,
		string(srv.Requests()[0].Body))

	paris := &llm.ToolCall{ID: "toolu_paris", Name: "weather", Arguments: `{"location": "Paris"}`}
	rome := &llm.ToolCall{ID: "toolu_rome", Name: "weather", Arguments: `{"location": "Rome", "units": "celsius"}`}
	usage := llm.Usage{InputTokens: 772, OutputTokens: 89, TotalTokens: 861, CachedInputTokens: 200, CacheWriteTokens: 100}
	require.NotEmpty(t, parts)
	last := parts[len(parts)-1]
	assert.Equal(t, []llm.StreamPart{
		{Type: llm.StreamReasoningDelta, Text: "Two cities: two calls."},
		{Type: llm.StreamTextDelta, Text: "Checking "},
		{Type: llm.StreamTextDelta, Text: "both."},
		{Type: llm.StreamToolCallStart, ToolCallID: "toolu_paris", ToolName: "weather"},
		{Type: llm.StreamToolCallDelta, ToolCallID: "toolu_paris", ToolName: "weather", Text: `{"location":`},
		{Type: llm.StreamToolCallDelta, ToolCallID: "toolu_paris", ToolName: "weather", Text: ` "Paris"}`},
		{Type: llm.StreamToolCall, ToolCall: paris},
		{Type: llm.StreamToolCallStart, ToolCallID: "toolu_rome", ToolName: "weather"},
		{Type: llm.StreamToolCallDelta, ToolCallID: "toolu_rome", ToolName: "weather", Text: `{"location": "Rome", "units": "celsius"}`},
		{Type: llm.StreamToolCall, ToolCall: rome},
		last,
	}, parts)
	assert.Equal(t, llm.StreamFinish, last.Type)
	assert.Equal(t, llm.FinishToolCalls, last.Response.FinishReason)
	assert.Equal(t, "tool_use", last.Response.RawFinishReason)
	assert.Equal(t, "msg_s1", last.Response.ID)
	assert.Equal(t, "claude-sonnet-4-5-20250929", last.Response.ModelID)
	assert.Equal(t, usage, last.Response.Usage)

	// The assembled message keeps the thinking signature, to be sent back.
	require.Len(t, res.Message.Parts, 4)
	assert.Equal(t, thinkingPart(), res.Message.Parts[0])
	assert.Equal(t, "Checking both.", res.Message.Text())
	assert.Equal(t, []llm.ToolCall{*paris, *rome}, res.Message.ToolCalls())
}

func TestStreamToolWithoutArguments(t *testing.T) {
	srv := newFakeServer(t, reply{SSE: true, Body: providertest.Stream(providertest.AnthropicMessages,
		`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":5,"output_tokens":1}}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"now","input":{}}}`,
		`{"type":"content_block_stop","index":0}`,
		`{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":9}}`,
		`{"type":"message_stop"}`,
	)})
	res, err := llm.CollectStream(messagesModel(t, srv).Stream(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("time?")}}), nil)
	require.NoError(t, err)
	assert.Equal(t, []llm.ToolCall{{ID: "toolu_1", Name: "now", Arguments: "{}"}}, res.Message.ToolCalls())
	assert.Equal(t, llm.Usage{InputTokens: 5, OutputTokens: 9, TotalTokens: 14}, res.Usage)
}

// TestAPIError: an error of the API is the SDK's *Error, wrapped with
// what was being done (the suite of providertest checks the retries).
func TestAPIError(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Fail(&providertest.StatusError{Status: 529, Message: "Overloaded"}))
	_, err := Model("claude-sonnet-4-5", WithBaseURL(srv.URL()), WithAPIKey("test"), WithMaxRetries(0)).
		Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	var apiErr *sdk.Error
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 529, apiErr.StatusCode)
	assert.Contains(t, err.Error(), "anthropic: messages: ")
	assert.Contains(t, err.Error(), "Overloaded")
}

func TestConfiguration(t *testing.T) {
	t.Run("no key", func(t *testing.T) {
		t.Setenv("ANTHROPIC_API_KEY", "")
		t.Setenv("ANTHROPIC_AUTH_TOKEN", "")
		_, err := New("claude-sonnet-4-5")
		assert.ErrorIs(t, err, ErrNoAPIKey, "the suite checks the calls of a model without a key")
	})
	t.Run("environment", func(t *testing.T) {
		srv := newFakeServer(t, reply{Body: textResponse})
		t.Setenv("ANTHROPIC_API_KEY", "env-key")
		t.Setenv("ANTHROPIC_BASE_URL", srv.URL())
		m, err := New("claude-sonnet-4-5", WithHTTPClient(srv.Client()), WithMaxTokens(1024))
		require.NoError(t, err)
		_, err = m.Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
		require.NoError(t, err)
		r := srv.Requests()[0]
		assert.Contains(t, r.Header.Get("X-Api-Key")+r.Header.Get("Authorization"), "env-key")
		assert.Contains(t, string(r.Body), `"max_tokens":1024`)
	})
}

func TestUserMedia(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	_, err := messagesModel(t, srv).Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.UserParts(
			llm.TextPart("What is in these?"),
			llm.ImageURLPart("https://example.com/a.jpg"),
			llm.MediaPart("image/jpeg", []byte{0xff, 0xd8}),
			llm.Part{Type: llm.PartMedia, MediaType: "application/pdf", Data: []byte("%PDF")},
		),
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"model":"claude-sonnet-4-5","max_tokens":4096,"messages":[{"role":"user","content":[
		{"type":"text","text":"What is in these?"},
		{"type":"image","source":{"type":"url","url":"https://example.com/a.jpg"}},
		{"type":"image","source":{"type":"base64","media_type":"image/jpeg","data":"/9g="}},
		{"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERg=="},"cache_control":{"type":"ephemeral"}}]}]}`, string(srv.Requests()[0].Body))

	_, err = messagesModel(t, srv).Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.UserParts(llm.MediaPart("image/tiff", []byte{1})),
	}})
	assert.ErrorContains(t, err, `image type "image/tiff"`)
}

func TestEmptyTurnIsSkipped(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	_, err := messagesModel(t, srv).Generate(context.Background(), &llm.Request{Messages: []llm.Message{
		llm.UserMessage("hi"),
		{Role: llm.RoleAssistant, Parts: []llm.Part{{Type: llm.PartReasoning, Text: "unsigned"}, llm.TextPart("")}},
		llm.UserMessage("again"),
	}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"model":"claude-sonnet-4-5","max_tokens":4096,"messages":[
		{"role":"user","content":[{"type":"text","text":"hi","cache_control":{"type":"ephemeral"}}]},
		{"role":"user","content":[{"type":"text","text":"again","cache_control":{"type":"ephemeral"}}]}]}`, string(srv.Requests()[0].Body))
}

// TestGenerateLargeMaxTokensStreams covers the SDK's refusal of long
// non-streaming requests: Generate streams them instead.
func TestGenerateLargeMaxTokensStreams(t *testing.T) {
	srv := newFakeServer(t, reply{SSE: true, Body: providertest.Fixture(t, "messages_stream_tools.sse")})
	res, err := messagesModel(t, srv).Generate(context.Background(), &llm.Request{
		Messages:        []llm.Message{llm.UserMessage("Weather in Paris and Rome?")},
		MaxOutputTokens: 64000,
	})
	require.NoError(t, err)
	assert.Contains(t, string(srv.Requests()[0].Body), `"stream":true`)
	assert.Contains(t, string(srv.Requests()[0].Body), `"max_tokens":64000`)
	assert.Len(t, res.Message.ToolCalls(), 2)
	assert.Equal(t, llm.FinishToolCalls, res.FinishReason)
}

// TestOtherProvidersParts: a conversation that began with another provider
// keeps going: its refusal is sent as text, its provider items are left out.
func TestOtherProvidersParts(t *testing.T) {
	srv := newFakeServer(t, reply{Body: textResponse})
	openaiTurn := llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartProviderItem, ProviderMetadata: map[string]json.RawMessage{"openai": json.RawMessage(`{"type":"web_search_call","id":"ws_1"}`)}},
		{Type: llm.PartRefusal, Text: "I can't help with that."},
	}}
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("Do the thing."), openaiTurn, llm.UserMessage("Then the weather?")}}
	_, err := messagesModel(t, srv, WithoutPromptCaching()).Generate(context.Background(), req)
	require.NoError(t, err)
	body := string(srv.Requests()[0].Body)
	assert.Contains(t, body, `{"content":[{"text":"I can't help with that.","type":"text"}],"role":"assistant"}`)
	assert.NotContains(t, body, "ws_1")
}
