package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// sdkClient is openai-go's own client, as a program with a loop of its own
// makes it, its requests reaching srv.
func sdkClient(srv *providertest.Server) oai.Client {
	return oai.NewClient(option.WithBaseURL(srv.URL()+"v1/"), option.WithAPIKey("test-key"),
		option.WithHTTPClient(srv.Client()), option.WithMaxRetries(0))
}

// sentList decodes the list at field of the body of the server's request
// i (messages, input, tools), its items raw.
func sentList(t *testing.T, srv *providertest.Server, i int, field string) []json.RawMessage {
	t.Helper()
	reqs := srv.Requests()
	require.Greater(t, len(reqs), i, "request %d was not sent", i)
	var body map[string]json.RawMessage
	require.NoError(t, reqs[i].Decode(&body))
	var list []json.RawMessage
	require.NoError(t, json.Unmarshal(body[field], &list), "%s of request %d", field, i)
	return list
}

// recordedJSON decodes a recorded exchange of OpenAI's APIs.
func recordedJSON(t *testing.T, name string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(providertest.Recorded(t, "openai", name), &m))
	return m
}

// jsonString is s as a JSON string.
func jsonString(t *testing.T, s string) string {
	t.Helper()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	return string(data)
}

// textResultTool is a tool named id whose arguments have the schema
// inputSchema and whose model output is the text fn returns.
func textResultTool(id, description, inputSchema string, strict bool, fn func(map[string]any) (string, error)) tool.Tool {
	spec := tool.Spec{ID: id, Description: description, InputSchema: json.RawMessage(inputSchema), Strict: strict}
	return tool.NewFunc(&spec, func(_ context.Context, in map[string]any) (string, error) {
		return fn(in)
	}).WithModelOutput(func(_ context.Context, _ map[string]any, out string) (llm.ModelOutput, error) {
		return llm.TextOutput(out), nil
	})
}

// strictSpec is a spec of the weather tool's, strict.
func strictSpec(id string) *tool.Spec {
	return &tool.Spec{ID: id, Description: "Forecasts the weather.", InputSchema: json.RawMessage(providertest.WeatherSchema), Strict: true}
}

func TestToolParams(t *testing.T) {
	weather := weatherTools()["weather"]
	forecast := tool.NewFunc(strictSpec("forecast"), func(context.Context, weatherIn) (weatherOut, error) { return weatherOut{}, nil })
	anyValue := tool.NewFunc(&tool.Spec{ID: "note", Strict: true,
		InputSchema: json.RawMessage(`{"type":"object","properties":{"meta":{}},"required":["meta"],"additionalProperties":false}`)},
		func(context.Context, map[string]any) (string, error) { return "", nil })
	// The strict dialect of WeatherSchema: no minLength, the optional
	// units required and nullable.
	strictWeather := `{"type":"object","properties":{"location":{"type":"string","description":"Location is a city name, such as \"Paris\" or \"New York\"."},` +
		`"units":{"anyOf":[{"type":"string","enum":["celsius","fahrenheit"]},{"type":"null"}],"description":"Units defaults to celsius."}},` +
		`"additionalProperties":false,"required":["location","units"]}`
	tests := []struct {
		name          string
		set           tool.Toolset
		chat, respons string // the tools as JSON
		err           string
	}{
		{
			name: "plain and strict, sorted by key",
			set:  tool.Toolset{"weather": weather, "forecast": forecast},
			chat: `[{"type":"function","function":{"name":"forecast","description":"Forecasts the weather.","strict":true,"parameters":` + strictWeather + `}},
				{"type":"function","function":{"name":"weather","description":"Fetches the current weather for a location.","parameters":` + providertest.WeatherSchema + `}}]`,
			respons: `[{"type":"function","name":"forecast","description":"Forecasts the weather.","strict":true,"parameters":` + strictWeather + `},
				{"type":"function","name":"weather","description":"Fetches the current weather for a location.","strict":false,"parameters":` + providertest.WeatherSchema + `}]`,
		},
		{name: "no tools", set: tool.Toolset{}, chat: `[]`, respons: `[]`},
		{name: "a schema strict mode refuses", set: tool.Toolset{"note": anyValue},
			err: "openai: tool note: openai-strict schema: properties.meta: any value (true or {}) cannot be expressed in OpenAI strict mode: every schema needs a type"},
		{name: "a key no provider takes", set: tool.Toolset{"get weather": weather},
			err: `openai: tool definitions: tool key "get weather": must match`},
		{name: "a nil tool", set: tool.Toolset{"weather": nil}, err: `openai: tool definitions: tool key "weather": nil tool`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chat, err := ChatTools(tt.set)
			resp, rerr := ResponsesTools(tt.set)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				require.ErrorContains(t, rerr, tt.err)
				assert.Nil(t, chat)
				assert.Nil(t, resp)
				return
			}
			require.NoError(t, err)
			require.NoError(t, rerr)
			data, err := json.Marshal(chat)
			require.NoError(t, err)
			assert.JSONEq(t, tt.chat, string(data))
			data, err = json.Marshal(resp)
			require.NoError(t, err)
			assert.JSONEq(t, tt.respons, string(data))
		})
	}
}

// TestToolParamsKeepPropertyOrder: the parameters are sent with their
// properties in the order of the schema, which models follow.
func TestToolParamsKeepPropertyOrder(t *testing.T) {
	spec := &tool.Spec{ID: "order", InputSchema: json.RawMessage(`{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"string"}}}`)}
	set := tool.Toolset{"order": tool.NewFunc(spec, func(context.Context, map[string]any) (string, error) { return "", nil })}
	chat, err := ChatTools(set)
	require.NoError(t, err)
	data, err := json.Marshal(chat)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"properties":{"zeta":{"type":"string"},"alpha":{"type":"string"}}`)
}

// TestRunChatToolCallsRecorded replays deepseek-reasoner's first answer of
// a recorded run (pydantic-ai's cassette): a call of load_capability. The
// loop is openai-go's own; the tools it declares, from ChatTools, and the
// tool message it sends next, from RunChatToolCalls, are the recorded
// requests' (the recorded client answered "{}").
func TestRunChatToolCallsRecorded(t *testing.T) {
	first, second := recordedJSON(t, "deepseek_agent.1.request.json"), recordedJSON(t, "deepseek_agent.2.request.json")
	srv := newFakeServer(t, reply{Body: string(providertest.Recorded(t, "openai", "deepseek_agent.1.json"))}, reply{Body: textResponse})
	client := sdkClient(srv)

	// The tools as the recorded request declares them.
	var defs []struct {
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
			Strict      bool            `json:"strict"`
		} `json:"function"`
	}
	require.NoError(t, json.Unmarshal(first["tools"], &defs))
	var loaded []string
	set := tool.Toolset{}
	for _, d := range defs {
		spec := &tool.Spec{ID: d.Function.Name, Description: d.Function.Description, InputSchema: d.Function.Parameters, Strict: d.Function.Strict}
		set[d.Function.Name] = tool.NewFunc(spec, func(_ context.Context, in map[string]any) (struct{}, error) {
			loaded = append(loaded, fmt.Sprint(in["id"]))
			return struct{}{}, nil
		})
	}
	tools, err := ChatTools(set)
	require.NoError(t, err)
	var messages []oai.ChatCompletionMessageParamUnion
	require.NoError(t, json.Unmarshal(first["messages"], &messages))

	ctx := context.Background()
	params := oai.ChatCompletionNewParams{Model: "deepseek-reasoner", Messages: messages, Tools: tools}
	completion, err := client.Chat.Completions.New(ctx, params)
	require.NoError(t, err)
	msg := completion.Choices[0].Message
	results, outcomes, err := RunChatToolCalls(ctx, set, msg, nil)
	require.NoError(t, err)
	params.Messages = append(params.Messages, msg.ToParam())
	params.Messages = append(params.Messages, results...)
	_, err = client.Chat.Completions.New(ctx, params)
	require.NoError(t, err)

	assert.JSONEq(t, string(first["tools"]), string(mustJSON(t, sentList(t, srv, 0, "tools"))))
	var recorded []json.RawMessage
	require.NoError(t, json.Unmarshal(second["messages"], &recorded))
	sent := sentList(t, srv, 1, "messages")
	require.Len(t, sent, 5, "the prompt, the answer, one tool message")
	assert.JSONEq(t, string(recorded[4]), string(sent[4]))
	assert.Equal(t, []string{"DICE_ROLL"}, loaded)
	require.Len(t, outcomes, 1)
	assert.Nil(t, outcomes[0].Err)
	assert.Equal(t, struct{}{}, outcomes[0].Output.Value)
	assert.Equal(t, toolexec.ToolCall{ID: "call_00_sXqYgMESDht75NCLLZtt9804", Name: "load_capability", Arguments: json.RawMessage(`{"id": "DICE_ROLL"}`)}, outcomes[0].Call)
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return data
}

// weatherCallAnswer is a Chat Completions answer that calls weather for
// San Francisco, in the shape of a recorded one (xai_tool_call.json, which
// TestRunChatToolCallsRecorded replays when the recordings are present),
// so that the cases below run without them.
const weatherCallAnswer = `{"id":"chatcmpl-1","object":"chat.completion","created":1770774041,"model":"grok-3-mini",
	"choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":"","refusal":null,
		"tool_calls":[{"id":"call_93562515","type":"function","function":{"name":"weather","arguments":"{\"location\":\"San Francisco\"}"}}]}}],
	"usage":{"prompt_tokens":291,"completion_tokens":26,"total_tokens":317}}`

// TestRunChatToolCalls runs a call of weather for San Francisco through
// openai-go against sets of tools that answer it each in its way, and
// checks the tool message of the next request.
func TestRunChatToolCalls(t *testing.T) {
	answer := weatherCallAnswer
	for _, tc := range providertest.ToolCallCases() {
		t.Run(tc.Name, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: answer}, reply{Body: textResponse})
			client := sdkClient(srv)
			ctx := context.Background()
			tools, err := ChatTools(tc.Set)
			require.NoError(t, err)
			params := oai.ChatCompletionNewParams{Model: "grok-3-mini", Tools: tools,
				Messages: []oai.ChatCompletionMessageParamUnion{oai.UserMessage("What is the weather in San Francisco?")}}
			completion, err := client.Chat.Completions.New(ctx, params)
			require.NoError(t, err)
			msg := completion.Choices[0].Message
			results, outcomes, err := RunChatToolCalls(ctx, tc.Set, msg, tc.Opts)
			require.NoError(t, err)
			params.Messages = append(params.Messages, msg.ToParam())
			params.Messages = append(params.Messages, results...)
			_, err = client.Chat.Completions.New(ctx, params)
			require.NoError(t, err)

			sent := sentList(t, srv, 1, "messages")
			require.Len(t, sent, 3)
			assert.JSONEq(t, `{"role":"tool","tool_call_id":"call_93562515","content":`+jsonString(t, tc.ModelText("San Francisco"))+`}`, string(sent[2]))
			require.Len(t, outcomes, 1)
			tc.Check(t, outcomes[0], "call_93562515", "San Francisco")
		})
	}
}

// radarTools is a weather tool whose model output is a text and an image.
func radarTools() tool.Toolset {
	spec := tool.Spec{ID: "radar", InputSchema: json.RawMessage(providertest.WeatherSchema)}
	return tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (string, error) {
		return in.Location, nil
	}).WithModelOutput(func(_ context.Context, _ weatherIn, loc string) (llm.ModelOutput, error) {
		return llm.ContentOutput(llm.TextPart("Radar for "+loc), llm.MediaPart("image/png", []byte(loc))), nil
	})}
}

// TestRunChatToolCallsMedia: two parallel calls (the repository's fixture)
// answered in call order, with the images of content outputs in a user
// message after the tool messages, as ChatModel sends them.
func TestRunChatToolCallsMedia(t *testing.T) {
	srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "chat_tools_response.json")}, reply{Body: textResponse})
	client := sdkClient(srv)
	ctx := context.Background()
	set := radarTools()
	params := oai.ChatCompletionNewParams{Model: "gpt-5.4", Messages: []oai.ChatCompletionMessageParamUnion{oai.UserMessage("Radar of Paris and Rome?")}}
	completion, err := client.Chat.Completions.New(ctx, params)
	require.NoError(t, err)
	results, outcomes, err := RunChatToolCalls(ctx, set, completion.Choices[0].Message, nil)
	require.NoError(t, err)
	params.Messages = append(params.Messages, completion.Choices[0].Message.ToParam())
	params.Messages = append(params.Messages, results...)
	_, err = client.Chat.Completions.New(ctx, params)
	require.NoError(t, err)

	sent := sentList(t, srv, 1, "messages")
	require.Len(t, sent, 5)
	assert.JSONEq(t, `{"role":"tool","tool_call_id":"call_paris","content":"Radar for Paris"}`, string(sent[2]))
	assert.JSONEq(t, `{"role":"tool","tool_call_id":"call_rome","content":"Radar for Rome"}`, string(sent[3]))
	assert.JSONEq(t, `{"role":"user","content":[
		{"type":"text","text":"Media returned by tool call call_paris (weather):"},
		{"type":"image_url","image_url":{"url":"data:image/png;base64,UGFyaXM="}},
		{"type":"text","text":"Media returned by tool call call_rome (weather):"},
		{"type":"image_url","image_url":{"url":"data:image/png;base64,Um9tZQ=="}}]}`, string(sent[4]))
	require.Len(t, outcomes, 2)
	assert.Equal(t, "Paris", outcomes[0].Output.Value)
	assert.Equal(t, "Rome", outcomes[1].Output.Value)
}

// TestRunChatToolCallsHostErrors: an error of Approve, or of the context,
// is the host's: no messages, the outcomes of the calls run before it.
func TestRunChatToolCallsHostErrors(t *testing.T) {
	var msg oai.ChatCompletionMessage
	require.NoError(t, json.Unmarshal([]byte(`{"role":"assistant","content":null,"tool_calls":[
		{"id":"call_paris","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Paris\"}"}},
		{"id":"call_rome","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Rome\"}"}}]}`), &msg))
	spec := *weatherTools()["weather"].Spec()
	spec.NeedsApproval = true
	set := tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Conditions: in.Location}, nil
	})}
	opts := &toolexec.ExecuteOptions{Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
		if req.ToolCallID == "call_rome" {
			return false, errors.New("the approval service is down")
		}
		return true, nil
	}}
	results, outcomes, err := RunChatToolCalls(context.Background(), set, msg, opts)
	require.ErrorContains(t, err, `openai: run tool calls: tool call 1 (weather): approve the call of "weather": the approval service is down`)
	assert.Nil(t, results)
	require.Len(t, outcomes, 1)
	assert.Equal(t, weatherOut{Conditions: "Paris"}, outcomes[0].Output.Value)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	results, outcomes, err = RunChatToolCalls(ctx, weatherTools(), msg, nil)
	require.ErrorIs(t, err, context.Canceled)
	assert.Nil(t, results)
	assert.Empty(t, outcomes)
}

// TestRunChatToolCallsOtherCalls: a custom tool's call is the caller's;
// a message without function calls has no results.
func TestRunChatToolCallsOtherCalls(t *testing.T) {
	var msg oai.ChatCompletionMessage
	require.NoError(t, json.Unmarshal([]byte(`{"role":"assistant","content":null,"tool_calls":[
		{"id":"call_sql","type":"custom","custom":{"name":"sql","input":"SELECT 1"}},
		{"id":"call_paris","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Paris\"}"}}]}`), &msg))
	results, outcomes, err := RunChatToolCalls(context.Background(), weatherTools(), msg, nil)
	require.NoError(t, err)
	require.Len(t, results, 1)
	assert.JSONEq(t, `{"role":"tool","tool_call_id":"call_paris","content":"{\"temperature\":21,\"conditions\":\"Sunny in Paris\"}"}`, string(mustJSON(t, results[0])))
	require.Len(t, outcomes, 1)

	results, outcomes, err = RunChatToolCalls(context.Background(), weatherTools(), oai.ChatCompletionMessage{Content: "Hello."}, nil)
	require.NoError(t, err)
	assert.Nil(t, results)
	assert.Empty(t, outcomes)
}

// TestRunResponsesToolCallsRecorded replays gpt-5's call of update_plan
// (pydantic-ai's cassette) through openai-go's Responses client: the tool
// ResponsesTools declares is the recorded request's, and the
// function_call_output item RunResponsesToolCalls makes is the one the
// recorded client sent next.
func TestRunResponsesToolCallsRecorded(t *testing.T) {
	second := recordedJSON(t, "responses_tool_loop.2.request.json")
	srv := newFakeServer(t, reply{Body: string(providertest.Recorded(t, "openai", "responses_tool_loop.1.json"))},
		reply{Body: string(providertest.Recorded(t, "openai", "responses_tool_loop.2.json"))})
	client := sdkClient(srv)
	ctx := context.Background()
	set := tool.Toolset{"update_plan": textResultTool("update_plan", "",
		`{"additionalProperties":false,"properties":{"plan":{"type":"string"}},"required":["plan"],"type":"object"}`, true,
		func(in map[string]any) (string, error) { return "plan updated", nil })}
	tools, err := ResponsesTools(set)
	require.NoError(t, err)
	var input []json.RawMessage
	require.NoError(t, json.Unmarshal(second["input"], &input))
	var prompt struct {
		Content string `json:"content"`
	}
	require.NoError(t, json.Unmarshal(input[0], &prompt))

	params := responses.ResponseNewParams{Model: "gpt-5", Tools: tools, Input: responses.ResponseNewParamsInputUnion{OfString: oai.String(prompt.Content)}}
	res, err := client.Responses.New(ctx, params)
	require.NoError(t, err)
	items, outcomes, err := RunResponsesToolCalls(ctx, set, res, nil)
	require.NoError(t, err)
	params.PreviousResponseID = oai.String(res.ID)
	params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: items}
	_, err = client.Responses.New(ctx, params)
	require.NoError(t, err)

	// The recorded request declares the tool with "description": null.
	var recordedTools []map[string]any
	require.NoError(t, json.Unmarshal(second["tools"], &recordedTools))
	delete(recordedTools[0], "description")
	assert.JSONEq(t, string(mustJSON(t, recordedTools)), string(mustJSON(t, sentList(t, srv, 0, "tools"))))
	sent := sentList(t, srv, 1, "input")
	require.Len(t, sent, 1)
	assert.JSONEq(t, string(input[len(input)-1]), string(sent[0]))
	require.Len(t, outcomes, 1)
	assert.Equal(t, "update_plan", outcomes[0].Call.Name)
	assert.Equal(t, "plan updated", outcomes[0].Output.Value)
}

// TestRunResponsesToolCalls runs the weather calls of the repository's
// fixture (Paris, and Rome in celsius) against sets that answer them each
// in its way, and checks the function_call_output items of the next
// request.
func TestRunResponsesToolCalls(t *testing.T) {
	for _, tc := range providertest.ToolCallCases() {
		t.Run(tc.Name, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "responses_response.json")}, reply{Body: providertest.Fixture(t, "responses_response.json")})
			client := sdkClient(srv)
			ctx := context.Background()
			tools, err := ResponsesTools(tc.Set)
			require.NoError(t, err)
			params := responses.ResponseNewParams{Model: "gpt-5.4", Tools: tools, Input: responses.ResponseNewParamsInputUnion{OfString: oai.String("Weather in Paris and Rome?")}}
			res, err := client.Responses.New(ctx, params)
			require.NoError(t, err)
			items, outcomes, err := RunResponsesToolCalls(ctx, tc.Set, res, tc.Opts)
			require.NoError(t, err)
			params.PreviousResponseID = oai.String(res.ID)
			params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: items}
			_, err = client.Responses.New(ctx, params)
			require.NoError(t, err)

			sent := sentList(t, srv, 1, "input")
			require.Len(t, sent, 2)
			require.Len(t, outcomes, 2)
			for i, call := range []struct{ id, loc string }{{"call_paris", "Paris"}, {"call_rome", "Rome"}} {
				assert.JSONEq(t, `{"type":"function_call_output","call_id":"`+call.id+`","output":`+jsonString(t, tc.ModelText(call.loc))+`}`, string(sent[i]))
				tc.Check(t, outcomes[i], call.id, call.loc)
			}
		})
	}
}

// TestRunResponsesToolCallsMedia: both calls of the fixture answered in
// call order, content outputs as lists of input_text and input_image.
func TestRunResponsesToolCallsMedia(t *testing.T) {
	srv := newFakeServer(t, reply{Body: providertest.Fixture(t, "responses_response.json")})
	client := sdkClient(srv)
	res, err := client.Responses.New(context.Background(), responses.ResponseNewParams{Model: "gpt-5.4"})
	require.NoError(t, err)
	items, outcomes, err := RunResponsesToolCalls(context.Background(), radarTools(), res, nil)
	require.NoError(t, err)
	assert.JSONEq(t, `[
		{"type":"function_call_output","call_id":"call_paris","output":[{"type":"input_text","text":"Radar for Paris"},{"type":"input_image","image_url":"data:image/png;base64,UGFyaXM="}]},
		{"type":"function_call_output","call_id":"call_rome","output":[{"type":"input_text","text":"Radar for Rome"},{"type":"input_image","image_url":"data:image/png;base64,Um9tZQ=="}]}]`,
		string(mustJSON(t, items)))
	require.Len(t, outcomes, 2)
	assert.Equal(t, "Rome", outcomes[1].Output.Value)

	items, outcomes, err = RunResponsesToolCalls(context.Background(), radarTools(), nil, nil)
	require.NoError(t, err)
	assert.Nil(t, items)
	assert.Empty(t, outcomes)
}
