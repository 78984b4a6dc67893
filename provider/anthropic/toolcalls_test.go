package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// sdkClient is anthropic-sdk-go's own client, as a program with a loop of
// its own makes it, its requests reaching srv.
func sdkClient(srv *providertest.Server) sdk.Client {
	return sdk.NewClient(option.WithBaseURL(srv.URL()), option.WithAPIKey("test-key"),
		option.WithHTTPClient(srv.Client()), option.WithMaxRetries(0))
}

type weatherOut struct {
	Temperature float64 `json:"temperature"`
	Conditions  string  `json:"conditions"`
}

// weatherSpec is the weather tool's spec.
func weatherSpec() tool.Spec {
	return tool.Spec{ID: "weather-tool", Description: "Fetches the current weather for a location.", InputSchema: json.RawMessage(providertest.WeatherSchema)}
}

// sunnyTools is the weather tool, sunny everywhere.
func sunnyTools() tool.Toolset {
	spec := weatherSpec()
	return tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Temperature: 21, Conditions: "Sunny in " + in.Location}, nil
	})}
}

func TestTools(t *testing.T) {
	ping := tool.NewFunc(&tool.Spec{ID: "ping", Strict: true,
		InputSchema: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)},
		func(context.Context, struct{}) (string, error) { return "pong", nil })
	union := tool.NewFunc(&tool.Spec{ID: "lookup",
		InputSchema: json.RawMessage(`{"type":"object","anyOf":[{"required":["id"]},{"required":["name"]}]}`)},
		func(context.Context, map[string]any) (string, error) { return "", nil })
	tests := []struct {
		name string
		set  tool.Toolset
		want string // the tools as JSON
		err  string
	}{
		{
			// The schema is sent as converted, its properties in order;
			// strict is OpenAI's; no cache mark.
			name: "sorted by key",
			set:  tool.Toolset{"weather": sunnyTools()["weather"], "ping": ping},
			want: `[{"name":"ping","input_schema":{"type":"object","properties":{},"additionalProperties":false}},
				{"name":"weather","description":"Fetches the current weather for a location.","input_schema":` + providertest.WeatherSchema + `}]`,
		},
		{name: "no tools", set: tool.Toolset{}, want: `[]`},
		{name: "a schema the Anthropic dialect refuses", set: tool.Toolset{"lookup": union},
			err: "anthropic: tool lookup: anthropic schema: anyOf: Anthropic does not accept anyOf at the top level of input_schema"},
		{name: "a key no provider takes", set: tool.Toolset{"get weather": ping}, err: `anthropic: tool definitions: tool key "get weather": must match`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Tools(tt.set)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			assert.JSONEq(t, tt.want, string(mustJSON(got)))
			if len(got) > 0 {
				assert.Contains(t, string(mustJSON(got[1])), `"properties":{"location":`, "the order of the properties is kept")
			}
		})
	}
}

// sentMessages decodes the messages of the server's request i, their
// content blocks raw.
func sentMessages(t *testing.T, srv *providertest.Server, i int) []struct {
	Role    string            `json:"role"`
	Content []json.RawMessage `json:"content"`
} {
	t.Helper()
	reqs := srv.Requests()
	require.Greater(t, len(reqs), i, "request %d was not sent", i)
	return decodeBody(t, reqs[i].Body).Messages
}

// TestRunToolCalls runs the two weather calls of the repository's fixture
// (Paris, and Rome in celsius, after a signed thinking block) through
// anthropic-sdk-go against sets of tools that answer them each in its
// way, and checks the tool_result blocks of the next request.
func TestRunToolCalls(t *testing.T) {
	for _, tt := range providertest.ToolCallCases() {
		t.Run(tt.Name, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "messages_tools_response.json")}, reply{Body: providertest.Fixture(t, "messages_tools_response.json")})
			client := sdkClient(srv)
			ctx := context.Background()
			tools, err := Tools(tt.Set)
			require.NoError(t, err)
			params := sdk.MessageNewParams{Model: "claude-sonnet-4-5", MaxTokens: 1024, Tools: tools,
				Messages: []sdk.MessageParam{sdk.NewUserMessage(sdk.NewTextBlock("Weather in Paris and Rome?"))}}
			msg, err := client.Messages.New(ctx, params)
			require.NoError(t, err)
			results, outcomes, err := RunToolCalls(ctx, tt.Set, msg, tt.Opts)
			require.NoError(t, err)
			params.Messages = append(params.Messages, msg.ToParam(), results)
			_, err = client.Messages.New(ctx, params)
			require.NoError(t, err)

			sent := sentMessages(t, srv, 1)
			require.Len(t, sent, 3)
			assert.Equal(t, "assistant", sent[1].Role)
			assert.JSONEq(t, `{"type":"thinking","thinking":"Two cities: two calls.","signature":"EqQBCgIYAhIM1gbcDa9GJwZA2b3h"}`, string(sent[1].Content[0]))
			assert.Equal(t, "user", sent[2].Role)
			require.Len(t, sent[2].Content, 2)
			require.Len(t, outcomes, 2)
			isError := ""
			if tt.Kind != "" {
				isError = `,"is_error":true`
			}
			for i, call := range []struct{ id, loc string }{{"toolu_paris", "Paris"}, {"toolu_rome", "Rome"}} {
				text := tt.ModelText(call.loc)
				assert.JSONEq(t, `{"type":"tool_result","tool_use_id":"`+call.id+`","content":[{"type":"text","text":`+string(mustJSON(text))+`}]`+isError+`}`,
					string(sent[2].Content[i]))
				tt.Check(t, outcomes[i], call.id, call.loc)
			}
		})
	}
}

// TestRunToolCallsMedia: the images of a content output go in the
// tool_result, after its text.
func TestRunToolCallsMedia(t *testing.T) {
	srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "messages_tools_response.json")})
	client := sdkClient(srv)
	msg, err := client.Messages.New(context.Background(), sdk.MessageNewParams{Model: "claude-sonnet-4-5", MaxTokens: 1024})
	require.NoError(t, err)
	spec := weatherSpec()
	set := tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (string, error) {
		return in.Location, nil
	}).WithModelOutput(func(_ context.Context, _ weatherIn, loc string) (llm.ModelOutput, error) {
		return llm.ContentOutput(llm.TextPart("Radar for "+loc), llm.MediaPart("image/png", []byte(loc))), nil
	})}
	results, outcomes, err := RunToolCalls(context.Background(), set, msg, nil)
	require.NoError(t, err)
	assert.JSONEq(t, `{"role":"user","content":[
		{"type":"tool_result","tool_use_id":"toolu_paris","content":[{"type":"text","text":"Radar for Paris"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"UGFyaXM="}}]},
		{"type":"tool_result","tool_use_id":"toolu_rome","content":[{"type":"text","text":"Radar for Rome"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"Um9tZQ=="}}]}]}`,
		string(mustJSON(results)))
	require.Len(t, outcomes, 2)
	assert.Equal(t, "Rome", outcomes[1].Output.Value)
}

// TestRunToolCallsServerTools replays claude-sonnet-4-5's paused web search
// turn (pydantic-ai's test_pause_turn_web_search_vcr): its server_tool_use
// blocks are the API's to run, so there is nothing to answer.
func TestRunToolCallsServerTools(t *testing.T) {
	var rec pauseRecording
	require.NoError(t, json.Unmarshal(recordedFile(t, "pydantic_pause_turn.json.gz"), &rec))
	srv := newFakeServer(t, reply{Body: string(rec.Responses[0])})
	client := sdkClient(srv)
	msg, err := client.Messages.New(context.Background(), sdk.MessageNewParams{Model: "claude-sonnet-4-5", MaxTokens: 1024})
	require.NoError(t, err)
	var serverCalls int
	for _, b := range msg.Content {
		if b.Type == "server_tool_use" {
			serverCalls++
		}
	}
	require.Positive(t, serverCalls, "the recording has server tool calls")
	results, outcomes, err := RunToolCalls(context.Background(), sunnyTools(), msg, nil)
	require.NoError(t, err)
	assert.Nil(t, results.OfUser)
	assert.Empty(t, outcomes)
}

// TestRunToolCallsHostErrors: an error of Approve, or of the context, is
// the host's: no message, the outcomes of the calls run before it.
func TestRunToolCallsHostErrors(t *testing.T) {
	var msg sdk.Message
	require.NoError(t, json.Unmarshal([]byte(providertest.Fixture(t, "messages_tools_response.json")), &msg))
	spec := weatherSpec()
	spec.NeedsApproval = true
	set := tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Conditions: in.Location}, nil
	})}
	opts := &toolexec.ExecuteOptions{Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
		if req.ToolCallID == "toolu_rome" {
			return false, errors.New("the approval service is down")
		}
		return true, nil
	}}
	results, outcomes, err := RunToolCalls(context.Background(), set, &msg, opts)
	require.ErrorContains(t, err, `anthropic: run tool calls: tool call 1 (weather): approve the call of "weather": the approval service is down`)
	assert.Nil(t, results.OfUser)
	require.Len(t, outcomes, 1)
	assert.Equal(t, weatherOut{Conditions: "Paris"}, outcomes[0].Output.Value)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err = RunToolCalls(ctx, sunnyTools(), &msg, nil)
	require.ErrorIs(t, err, context.Canceled)

	results, outcomes, err = RunToolCalls(context.Background(), sunnyTools(), nil, nil)
	require.NoError(t, err)
	assert.Nil(t, results.OfUser)
	assert.Empty(t, outcomes)
}
