package gemini

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// sdkClient is the genai SDK's own client, as a program with a loop of its
// own makes it, its requests reaching srv.
func sdkClient(t *testing.T, srv *providertest.Server) *genai.Client {
	t.Helper()
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{APIKey: "test-key", Backend: genai.BackendGeminiAPI,
		HTTPClient: srv.Client(), HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL(), APIVersion: "v1beta"}})
	require.NoError(t, err)
	return c
}

type weatherIn struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

type weatherOut struct {
	Temperature float64 `json:"temperature"`
	Conditions  string  `json:"conditions"`
}

// weatherSpec is the weather tool's spec.
func weatherSpec() tool.Spec {
	return tool.Spec{ID: "weather-tool", Description: "Fetches the current weather for a location.", InputSchema: json.RawMessage(providertest.WeatherSchema)}
}

// weatherTools is the weather tool, sunny everywhere.
func weatherTools() tool.Toolset {
	spec := weatherSpec()
	return tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Temperature: 21, Conditions: "Sunny in " + in.Location}, nil
	})}
}

func TestTools(t *testing.T) {
	ping := tool.NewFunc(&tool.Spec{ID: "ping", Description: "Checks the service.", Strict: true,
		InputSchema: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)},
		func(context.Context, struct{}) (string, error) { return "pong", nil })
	union := tool.NewFunc(&tool.Spec{ID: "lookup",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"key":{"type":["string","integer"]}}}`)},
		func(context.Context, map[string]any) (string, error) { return "", nil })
	tests := []struct {
		name string
		set  tool.Toolset
		want string // the tools as JSON
		err  string
	}{
		{
			// The Gemini dialect: no minLength, no additionalProperties;
			// a tool without input properties has no parameters; strict is
			// not sent.
			name: "sorted by key, in Gemini's dialect",
			set:  tool.Toolset{"weather": weatherTools()["weather"], "ping": ping},
			want: `[{"functionDeclarations":[
				{"name":"ping","description":"Checks the service."},
				{"name":"weather","description":"Fetches the current weather for a location.","parameters":{"type":"object",
					"properties":{"location":{"type":"string","description":"Location is a city name, such as \"Paris\" or \"New York\"."},
					"units":{"type":"string","enum":["celsius","fahrenheit"],"description":"Units defaults to celsius."}},"required":["location"]}}]}]`,
		},
		{name: "no tools", set: tool.Toolset{}, want: `null`},
		{name: "a schema Gemini's dialect refuses", set: tool.Toolset{"lookup": union},
			err: "gemini: tool lookup: gemini schema: properties.key.type: a type array with several types (string, integer) cannot be expressed for Gemini: it takes one type per schema"},
		{name: "a key no provider takes", set: tool.Toolset{"get weather": ping}, err: `gemini: tool definitions: tool key "get weather": must match`},
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
			data, err := json.Marshal(got)
			require.NoError(t, err)
			assert.JSONEq(t, tt.want, string(data))
		})
	}
}

// TestRunToolCallsRecorded replays gemini-3-flash-preview's three parallel
// calls of generate_topic (pydantic-ai's cassette; no call ids, the first
// call signed) through the genai SDK: the calls run in order, and the next
// request carries the model's content as it came, signature included, then
// one user content with a functionResponse per call, in call order, named
// as the recorded client named them, without ids, which Gemini did not give.
func TestRunToolCallsRecorded(t *testing.T) {
	var recorded struct {
		Contents []struct {
			Role  string `json:"role"`
			Parts []struct {
				FunctionCall *struct {
					Name string `json:"name"`
				} `json:"functionCall"`
				FunctionResponse *struct {
					Name string `json:"name"`
				} `json:"functionResponse"`
				ThoughtSignature string `json:"thoughtSignature"`
			} `json:"parts"`
		} `json:"contents"`
	}
	require.NoError(t, json.Unmarshal(providertest.Recorded(t, "gemini", "parallel_calls.next_request.json"), &recorded))
	srv := newFakeServer(t, reply{Body: string(providertest.Recorded(t, "gemini", "parallel_calls.response.json"))}, reply{Body: textResponse})
	client := sdkClient(t, srv)
	ctx := context.Background()

	topics := []string{"cars", "penguins", "cars"}
	var n int
	set := tool.Toolset{"generate_topic": tool.NewFunc(&tool.Spec{ID: "generate_topic",
		InputSchema: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)},
		func(ctx context.Context, _ struct{}) (string, error) {
			ci, _ := tool.CallInfoFrom(ctx)
			if ci.ToolCallID != fmt.Sprintf("1CeCacWzHryxqtsPxIGRyAI-%d", n+1) {
				return "", fmt.Errorf("call %d ran as %q", n, ci.ToolCallID)
			}
			n++
			return topics[n-1], nil
		})}
	tools, err := Tools(set)
	require.NoError(t, err)
	config := &genai.GenerateContentConfig{Tools: tools}
	contents := []*genai.Content{genai.NewContentFromText("Tell me the jokes.", genai.RoleUser)}
	res, err := client.Models.GenerateContent(ctx, "gemini-3-flash-preview", contents, config)
	require.NoError(t, err)
	results, outcomes, err := RunToolCalls(ctx, set, res, nil)
	require.NoError(t, err)
	contents = append(contents, res.Candidates[0].Content, results)
	_, err = client.Models.GenerateContent(ctx, "gemini-3-flash-preview", contents, config)
	require.NoError(t, err)

	assert.JSONEq(t, `[{"functionDeclarations":[{"name":"generate_topic"}]}]`, string(body(t, srv, 0)["tools"]))
	sent := sentContents(t, srv, 1)
	require.Len(t, sent, 3)
	// The recorded client sent the signature in URL-safe base64, the SDK
	// sends it in the standard alphabet: the bytes are the same.
	var signed struct {
		ThoughtSignature []byte `json:"thoughtSignature"`
	}
	require.NoError(t, json.Unmarshal(sent[1].Parts[0], &signed))
	want, err := base64.URLEncoding.DecodeString(recorded.Contents[1].Parts[0].ThoughtSignature)
	require.NoError(t, err)
	assert.Equal(t, want, signed.ThoughtSignature)
	for _, p := range sent[1].Parts[1:] {
		assert.NotContains(t, string(p), "thoughtSignature")
	}

	assert.Equal(t, "user", sent[2].Role)
	assert.JSONEq(t, `[
		{"functionResponse":{"name":"generate_topic","response":{"output":"cars"}}},
		{"functionResponse":{"name":"generate_topic","response":{"output":"penguins"}}},
		{"functionResponse":{"name":"generate_topic","response":{"output":"cars"}}}]`, string(mustJSON(t, sent[2].Parts)))
	require.Len(t, recorded.Contents[2].Parts, 3)
	for _, p := range recorded.Contents[2].Parts {
		assert.Equal(t, "generate_topic", p.FunctionResponse.Name)
	}
	require.Len(t, outcomes, 3)
	for i, o := range outcomes {
		assert.Equal(t, fmt.Sprintf("1CeCacWzHryxqtsPxIGRyAI-%d", i+1), o.Call.ID)
		assert.Equal(t, topics[i], o.Output.Value)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return data
}

// TestRunToolCalls replays gemini-3-pro-preview's call of weather
// (vercel/ai's fixture) through the genai SDK against sets of tools that
// answer it each in its way, and checks the functionResponse of the next
// request: {"output": the output's JSON} or {"error": the message}.
// weatherCallAnswer is a generateContent answer that calls weather for San
// Francisco with a thought signature, in the shape of a recorded one
// (function_call.response.json, which the recorded tests replay when the
// recordings are present), so that the cases below run without them.
const weatherCallAnswer = `{"candidates":[{"content":{"role":"model","parts":[
	{"functionCall":{"name":"weather","args":{"location":"San Francisco"}},"thoughtSignature":"c2lnbmF0dXJl"}]},
	"finishReason":"STOP","index":0}],
	"usageMetadata":{"promptTokenCount":29,"candidatesTokenCount":15,"totalTokenCount":44},
	"modelVersion":"gemini-3-pro-preview","responseId":"m36LaZGyCLz1xs0PtNSB-QU"}`

func TestRunToolCalls(t *testing.T) {
	answer := weatherCallAnswer
	for _, tt := range providertest.ToolCallCases() {
		t.Run(tt.Name, func(t *testing.T) {
			srv := newFakeServer(t, reply{Body: answer}, reply{Body: textResponse})
			client := sdkClient(t, srv)
			ctx := context.Background()
			tools, err := Tools(tt.Set)
			require.NoError(t, err)
			config := &genai.GenerateContentConfig{Tools: tools}
			contents := []*genai.Content{genai.NewContentFromText("What is the weather in San Francisco?", genai.RoleUser)}
			res, err := client.Models.GenerateContent(ctx, "gemini-3-pro-preview", contents, config)
			require.NoError(t, err)
			results, outcomes, err := RunToolCalls(ctx, tt.Set, res, tt.Opts)
			require.NoError(t, err)
			contents = append(contents, res.Candidates[0].Content, results)
			_, err = client.Models.GenerateContent(ctx, "gemini-3-pro-preview", contents, config)
			require.NoError(t, err)

			sent := sentContents(t, srv, 1)
			require.Len(t, sent, 3)
			assert.Equal(t, "user", sent[2].Role)
			require.Len(t, sent[2].Parts, 1)
			response := `{"output":` + tt.ModelText("San Francisco") + `}`
			if tt.Kind != "" {
				response = `{"error":` + string(mustJSON(t, tt.ModelText("San Francisco"))) + `}`
			}
			assert.JSONEq(t, `{"functionResponse":{"name":"weather","response":`+response+`}}`, string(sent[2].Parts[0]))

			require.Len(t, outcomes, 1)
			o := outcomes[0]
			assert.JSONEq(t, `{"location":"San Francisco"}`, string(o.Call.Arguments))
			tt.Check(t, o, "m36LaZGyCLz1xs0PtNSB-QU-1", "San Francisco") // Gemini gave no id: the agent loop's
		})
	}
}

// callsWithIDs is an answer with two calls that carry Gemini's own ids, as
// recent models send them (synthetic: no recording has them; see
// testdata/RECORDED.md).
const callsWithIDs = `{"candidates":[{"content":{"parts":[
	{"functionCall":{"id":"g98os1Jf","name":"weather","args":{"location":"Paris"}},"thoughtSignature":"c2ln"},
	{"functionCall":{"id":"h12pq3Rs","name":"weather","args":{"location":"Rome","units":"celsius"}}}],"role":"model"},
	"finishReason":"STOP","index":0}],"responseId":"r2"}`

// TestRunToolCallsIDsAndMedia: Gemini's call ids are kept in the
// functionResponses, and the images of content outputs follow them in the
// same content, each introduced by a text naming its call.
func TestRunToolCallsIDsAndMedia(t *testing.T) {
	srv := newFakeServer(t, reply{Body: callsWithIDs}, reply{Body: textResponse})
	client := sdkClient(t, srv)
	ctx := context.Background()
	spec := weatherSpec()
	set := tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (string, error) {
		return in.Location, nil
	}).WithModelOutput(func(_ context.Context, _ weatherIn, loc string) (llm.ModelOutput, error) {
		return llm.ContentOutput(llm.TextPart("Radar for "+loc), llm.MediaPart("image/png", []byte(loc))), nil
	})}
	contents := []*genai.Content{genai.NewContentFromText("Radar of Paris and Rome?", genai.RoleUser)}
	res, err := client.Models.GenerateContent(ctx, "gemini-3.6-flash", contents, nil)
	require.NoError(t, err)
	results, outcomes, err := RunToolCalls(ctx, set, res, nil)
	require.NoError(t, err)
	contents = append(contents, res.Candidates[0].Content, results)
	_, err = client.Models.GenerateContent(ctx, "gemini-3.6-flash", contents, nil)
	require.NoError(t, err)

	sent := sentContents(t, srv, 1)
	require.Len(t, sent, 3)
	assert.JSONEq(t, `[
		{"functionCall":{"id":"g98os1Jf","name":"weather","args":{"location":"Paris"}},"thoughtSignature":"c2ln"},
		{"functionCall":{"id":"h12pq3Rs","name":"weather","args":{"location":"Rome","units":"celsius"}}}]`, string(mustJSON(t, sent[1].Parts)))
	assert.Equal(t, "user", sent[2].Role)
	assert.JSONEq(t, `[
		{"functionResponse":{"id":"g98os1Jf","name":"weather","response":{"output":"Radar for Paris"}}},
		{"functionResponse":{"id":"h12pq3Rs","name":"weather","response":{"output":"Radar for Rome"}}},
		{"text":"Media returned by tool call g98os1Jf (weather):"},
		{"inlineData":{"mimeType":"image/png","data":"UGFyaXM="}},
		{"text":"Media returned by tool call h12pq3Rs (weather):"},
		{"inlineData":{"mimeType":"image/png","data":"Um9tZQ=="}}]`, string(mustJSON(t, sent[2].Parts)))
	require.Len(t, outcomes, 2)
	assert.Equal(t, toolexec.ToolCall{ID: "h12pq3Rs", Name: "weather", Arguments: json.RawMessage(`{"location":"Rome","units":"celsius"}`)}, outcomes[1].Call)
	assert.Equal(t, "Rome", outcomes[1].Output.Value)
}

// TestRunToolCallsWithout: a response without calls, or without a
// candidate, has no results; an error of Approve or of the context is the
// host's, with the outcomes of the calls run before it.
func TestRunToolCallsWithout(t *testing.T) {
	var text, calls genai.GenerateContentResponse
	require.NoError(t, json.Unmarshal([]byte(textResponse), &text))
	require.NoError(t, json.Unmarshal([]byte(callsWithIDs), &calls))
	for _, res := range []*genai.GenerateContentResponse{&text, {}, nil} {
		results, outcomes, err := RunToolCalls(context.Background(), weatherTools(), res, nil)
		require.NoError(t, err)
		assert.Nil(t, results)
		assert.Empty(t, outcomes)
	}

	spec := weatherSpec()
	spec.NeedsApproval = true
	set := tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Conditions: in.Location}, nil
	})}
	opts := &toolexec.ExecuteOptions{Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
		if req.ToolCallID == "h12pq3Rs" {
			return false, errors.New("the approval service is down")
		}
		return true, nil
	}}
	results, outcomes, err := RunToolCalls(context.Background(), set, &calls, opts)
	require.ErrorContains(t, err, `gemini: run tool calls: tool call 1 (weather): approve the call of "weather": the approval service is down`)
	assert.Nil(t, results)
	require.Len(t, outcomes, 1)
	assert.Equal(t, weatherOut{Conditions: "Paris"}, outcomes[0].Output.Value)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err = RunToolCalls(ctx, weatherTools(), &calls, nil)
	require.ErrorIs(t, err, context.Canceled)
}
