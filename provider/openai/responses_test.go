package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
)

func meta(s string) map[string]json.RawMessage {
	return map[string]json.RawMessage{"openai": json.RawMessage(s)}
}

// responsesConversation is a conversation with reasoning, parallel calls
// and their results (JSON, error, images), and a user PDF.
func responsesConversation() *llm.Request {
	temp := 0.2
	assistant := llm.AssistantMessage("Checking both.",
		llm.ToolCall{ID: "call_paris", Name: "weather", Arguments: `{"location":"Paris"}`, ProviderMetadata: meta(`{"itemId":"fc_1"}`)},
		llm.ToolCall{ID: "call_rome", Name: "weather", Arguments: `{"location":"Rome"}`, ProviderMetadata: meta(`{"itemId":"fc_2"}`)},
		llm.ToolCall{ID: "call_radar", Name: "radar", Arguments: `{"location":"Paris"}`},
	)
	assistant.Parts = append([]llm.Part{
		{Type: llm.PartReasoning, Text: "Two cities: two calls.", ProviderMetadata: meta(`{"itemId":"rs_1","encryptedContent":"gAAAAB-enc"}`)},
		{Type: llm.PartReasoning, Text: "from another provider: not sent"},
	}, assistant.Parts...)
	return &llm.Request{
		Messages: []llm.Message{
			llm.SystemMessage("You are a weather assistant."),
			llm.UserMessage("Weather in Paris and Rome? And the radar."),
			assistant,
			llm.ToolMessage(
				llm.ToolResult{ToolCallID: "call_paris", ToolName: "weather", Output: llm.JSONOutput(json.RawMessage(`{"temperature":21,"conditions":"Sunny"}`))},
				llm.ToolResult{ToolCallID: "call_rome", ToolName: "weather", Output: llm.ErrorOutput("weather-tool failed: upstream timeout")},
				llm.ToolResult{ToolCallID: "call_radar", ToolName: "radar", Output: llm.ContentOutput(
					llm.TextPart("Radar for Paris"),
					llm.MediaPart("image/png", []byte("\x89PNG")),
					llm.ImageURLPart("https://example.com/radar.png"),
				)},
			),
			llm.UserParts(llm.TextPart("And this report?"), llm.Part{Type: llm.PartMedia, MediaType: "application/pdf", Data: []byte("%PDF"), Filename: "report.pdf"}),
		},
		Tools: []llm.ToolDefinition{
			providertest.WeatherTool(),
			{Name: "radar", Description: "Returns the radar image of a location.", InputSchema: json.RawMessage(radarSchema), Strict: true},
		},
		ToolChoice:      llm.ChoiceTool("radar"),
		Temperature:     &temp,
		MaxOutputTokens: 500,
		ProviderOptions: meta(`{"store":false,"include":["reasoning.encrypted_content"]}`),
	}
}

func TestResponsesRequestBody(t *testing.T) {
	srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "responses_response.json")})
	_, err := responsesModel(t, srv, WithParallelToolCalls(true)).Generate(context.Background(), responsesConversation())
	require.NoError(t, err)
	r := srv.Requests()[0]
	assert.Equal(t, "/v1/responses", r.Path)
	assert.JSONEq(t, providertest.Fixture(t, "responses_request.json"), string(r.Body))
}

func wantResponsesMessage() llm.Message {
	return llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{
		{Type: llm.PartReasoning, Text: "Two cities: two calls.", ProviderMetadata: meta(`{"itemId":"rs_1","encryptedContent":"gAAAAB-enc"}`)},
		{Type: llm.PartText, Text: "Checking both.", ProviderMetadata: meta(`{"itemId":"msg_1"}`)},
		{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: "call_paris", Name: "weather", Arguments: `{"location":"Paris"}`, ProviderMetadata: meta(`{"itemId":"fc_1"}`)}},
		{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: "call_rome", Name: "weather", Arguments: `{"location":"Rome","units":"celsius"}`, ProviderMetadata: meta(`{"itemId":"fc_2"}`)}},
	}}
}

var responsesUsage = llm.Usage{InputTokens: 120, OutputTokens: 40, TotalTokens: 160, ReasoningTokens: 12, CachedInputTokens: 64}

func TestResponsesGenerate(t *testing.T) {
	srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "responses_response.json")})
	res, err := responsesModel(t, srv).Generate(context.Background(), &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}})
	require.NoError(t, err)
	assert.Equal(t, &llm.Response{
		Message:         wantResponsesMessage(),
		FinishReason:    llm.FinishToolCalls,
		RawFinishReason: "completed",
		Usage:           responsesUsage,
		ID:              "resp_g1",
		ModelID:         "gpt-5.4-2026-03-01",
	}, res)

	// What came back is sent back as the same items.
	srv2 := newFakeServer(t, reply{Body: providertest.Fixture(t, "responses_response.json")})
	_, err = responsesModel(t, srv2).Generate(context.Background(), &llm.Request{Messages: []llm.Message{res.Message}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"model":"gpt-5.4","input":[
		{"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"Two cities: two calls."}],"encrypted_content":"gAAAAB-enc"},
		{"type":"message","id":"msg_1","role":"assistant","status":"completed","content":[{"type":"output_text","text":"Checking both.","annotations":[]}]},
		{"type":"function_call","id":"fc_1","call_id":"call_paris","name":"weather","arguments":"{\"location\":\"Paris\"}"},
		{"type":"function_call","id":"fc_2","call_id":"call_rome","name":"weather","arguments":"{\"location\":\"Rome\",\"units\":\"celsius\"}"}]}`,
		string(srv2.Requests()[0].Body))
}

func TestResponsesStream(t *testing.T) {
	srv := newFakeServer(t, reply{SSE: true, Body: providertest.Fixture(t, "responses_stream_tools.sse")})
	var parts []llm.StreamPart
	res, err := llm.CollectStream(responsesModel(t, srv).Stream(context.Background(), &llm.Request{
		Messages: []llm.Message{llm.UserMessage("Weather in Paris and Rome?")},
		Tools:    []llm.ToolDefinition{providertest.WeatherTool()},
	}), func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)
	assert.JSONEq(t, `{"model":"gpt-5.4","stream":true,"input":[{"role":"user","content":"Weather in Paris and Rome?"}],
		"tools":[{"type":"function","name":"weather","description":"Fetches the current weather for a location.","strict":false,"parameters":`+providertest.WeatherSchema+`}]}`,
		string(srv.Requests()[0].Body))

	want := wantResponsesMessage()
	paris, rome := want.Parts[2].ToolCall, want.Parts[3].ToolCall
	assert.Equal(t, []llm.StreamPart{
		{Type: llm.StreamReasoningDelta, Text: "Two cities: "},
		{Type: llm.StreamReasoningDelta, Text: "two calls."},
		{Type: llm.StreamTextDelta, Text: "Checking "},
		{Type: llm.StreamTextDelta, Text: "both."},
		{Type: llm.StreamToolCallStart, ToolCallID: "call_paris", ToolName: "weather"},
		{Type: llm.StreamToolCallDelta, ToolCallID: "call_paris", ToolName: "weather", Text: `{"location":`},
		{Type: llm.StreamToolCallDelta, ToolCallID: "call_paris", ToolName: "weather", Text: `"Paris"}`},
		{Type: llm.StreamToolCall, ToolCall: paris},
		{Type: llm.StreamToolCallStart, ToolCallID: "call_rome", ToolName: "weather"},
		{Type: llm.StreamToolCallDelta, ToolCallID: "call_rome", ToolName: "weather", Text: `{"location":"Rome",`},
		{Type: llm.StreamToolCallDelta, ToolCallID: "call_rome", ToolName: "weather", Text: `"units":"celsius"}`},
		{Type: llm.StreamToolCall, ToolCall: rome},
		{Type: llm.StreamFinish, Response: &llm.Response{
			Message: want, FinishReason: llm.FinishToolCalls, RawFinishReason: "completed",
			Usage: responsesUsage, ID: "resp_g1", ModelID: "gpt-5.4-2026-03-01",
		}},
	}, parts)
	assert.Equal(t, want, res.Message)
}

func TestResponsesEndings(t *testing.T) {
	base := func(status, extra string) string {
		return `{"id":"resp_1","object":"response","created_at":1,"status":"` + status + `","model":"gpt-5.4",` + extra + `
		 "output":[{"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Part","annotations":[]}]}],
		 "parallel_tool_calls":true,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1,"metadata":{},
		 "usage":{"input_tokens":5,"input_tokens_details":{"cached_tokens":0},"output_tokens":500,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":505}}`
	}
	incomplete := base("incomplete", `"incomplete_details":{"reason":"max_output_tokens"},"error":null,`)
	failed := base("failed", `"incomplete_details":null,"error":{"code":"server_error","message":"The model failed."},`)
	delta := `{"type":"response.output_text.delta","sequence_number":1,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Part"}`
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}}

	t.Run("incomplete is length", func(t *testing.T) {
		srv := newFakeServer(t, reply{Body: incomplete})
		res, err := responsesModel(t, srv).Generate(context.Background(), req)
		require.NoError(t, err)
		assert.Equal(t, llm.FinishLength, res.FinishReason)
		assert.Equal(t, "max_output_tokens", res.RawFinishReason)
		assert.Equal(t, "Part", res.Message.Text())
	})
	t.Run("failed is an error", func(t *testing.T) {
		srv := newFakeServer(t, reply{Body: failed})
		_, err := responsesModel(t, srv).Generate(context.Background(), req)
		assert.ErrorContains(t, err, "openai: response resp_1 failed: server_error: The model failed.")
	})
	for _, tc := range []struct{ name, body, want string }{
		{"stream incomplete", "event: response.output_text.delta\ndata: " + delta + "\n\nevent: response.incomplete\ndata: " +
			`{"type":"response.incomplete","sequence_number":2,"response":` + strings.ReplaceAll(incomplete, "\n", "") + "}\n\n", ""},
		{"stream failed", "event: response.output_text.delta\ndata: " + delta + "\n\nevent: response.failed\ndata: " +
			`{"type":"response.failed","sequence_number":2,"response":` + strings.ReplaceAll(failed, "\n", "") + "}\n\n", "The model failed."},
		{"error event", "event: response.output_text.delta\ndata: " + delta + "\n\nevent: error\ndata: " +
			`{"type":"error","sequence_number":2,"code":"rate_limit_exceeded","message":"Slow down.","param":null}` + "\n\n", "rate_limit_exceeded: Slow down."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newFakeServer(t, reply{SSE: true, Body: tc.body})
			var texts []string
			var last error
			var final *llm.Response
			for p, err := range responsesModel(t, srv).Stream(context.Background(), req) {
				if err != nil {
					last = err
					break
				}
				if p.Type == llm.StreamFinish {
					final = p.Response
				}
				if p.Text != "" {
					texts = append(texts, p.Text)
				}
			}
			assert.Equal(t, []string{"Part"}, texts)
			if tc.want == "" {
				require.NoError(t, last)
				require.NotNil(t, final)
				assert.Equal(t, llm.FinishLength, final.FinishReason)
				return
			}
			require.Error(t, last)
			assert.Contains(t, last.Error(), tc.want)
		})
	}
}

// TestResponsesAgent runs the agent loop on the Responses API: the call
// items go back with their ids and the results as function_call_output.
func TestResponsesAgent(t *testing.T) {
	calls := `{"id":"resp_1","object":"response","created_at":1,"status":"completed","model":"gpt-5.4","error":null,"incomplete_details":null,
	 "output":[{"id":"fc_1","type":"function_call","status":"completed","arguments":"{\"location\":\"Paris\"}","call_id":"call_1","name":"weather"},
	           {"id":"fc_2","type":"function_call","status":"completed","arguments":"{\"location\":\"Atlantis\"}","call_id":"call_2","name":"weather"}],
	 "parallel_tool_calls":true,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1,"metadata":{},
	 "usage":{"input_tokens":10,"input_tokens_details":{"cached_tokens":0},"output_tokens":5,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":15}}`
	answer := `{"id":"resp_2","object":"response","created_at":1,"status":"completed","model":"gpt-5.4","error":null,"incomplete_details":null,
	 "output":[{"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[{"type":"output_text","text":"Sunny in Paris.","annotations":[]}]}],
	 "parallel_tool_calls":true,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1,"metadata":{},
	 "usage":{"input_tokens":30,"input_tokens_details":{"cached_tokens":0},"output_tokens":5,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":35}}`
	srv := newFakeServer(t, reply{Body: calls}, reply{Body: answer})
	a := &agent.Agent{ID: "weather-agent", Instructions: "You are a weather assistant.", Model: responsesModel(t, srv), Tools: weatherTools()}
	res, err := a.Generate(context.Background(), "Weather in Paris and Atlantis?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny in Paris.", res.Text)

	var second struct {
		Input []map[string]json.RawMessage `json:"input"`
	}
	require.NoError(t, json.Unmarshal(srv.Requests()[1].Body, &second))
	require.Len(t, second.Input, 6)
	var kinds []string
	for _, it := range second.Input {
		kinds = append(kinds, fmt.Sprintf("%s%s", it["type"], it["role"]))
	}
	assert.Equal(t, []string{`"system"`, `"user"`, `"function_call"`, `"function_call"`, `"function_call_output"`, `"function_call_output"`}, kinds)
	assert.JSONEq(t, `"fc_1"`, string(second.Input[2]["id"]))
	assert.JSONEq(t, `"call_1"`, string(second.Input[4]["call_id"]))
	var out string
	require.NoError(t, json.Unmarshal(second.Input[5]["output"], &out))
	assert.Contains(t, out, "no station in Atlantis")
}
