package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/tool"
)

type weatherIn struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

type weatherOut struct {
	Temperature float64 `json:"temperature"`
	Conditions  string  `json:"conditions"`
}

func weatherTools() tool.Toolset {
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the current weather for a location.", InputSchema: json.RawMessage(providertest.WeatherSchema)}
	return tool.Toolset{"weather": tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		if in.Location == "Atlantis" {
			return weatherOut{}, fmt.Errorf("no station in %s", in.Location)
		}
		return weatherOut{Temperature: 21, Conditions: "Sunny in " + in.Location}, nil
	})}
}

func completion(id, message, finish string) string {
	return `{"id":"` + id + `","object":"chat.completion","created":1760000000,"model":"gpt-5.4",
	 "choices":[{"index":0,"message":` + message + `,"logprobs":null,"finish_reason":"` + finish + `"}],
	 "usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`
}

// TestAgentStrictTool sends a strict tool in the strict dialect and runs
// the call the model makes in that dialect (null for an optional field).
func TestAgentStrictTool(t *testing.T) {
	calls := completion("chatcmpl-1", `{"role":"assistant","content":null,"tool_calls":[
		{"id":"call_1","type":"function","function":{"name":"weather","arguments":"{\"location\":\"Paris\",\"units\":null}"}}]}`, "tool_calls")
	answer := completion("chatcmpl-2", `{"role":"assistant","content":"Sunny."}`, "stop")
	srv := newFakeServer(t, reply{Body: calls}, reply{Body: answer})
	tools := weatherTools()
	spec := *tools["weather"].Spec()
	spec.Strict = true
	tools["weather"] = tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Temperature: 21, Conditions: "Sunny in " + in.Location + " " + in.Units}, nil
	})
	a := &agent.Agent{ID: "weather-agent", Model: chatModel(t, srv), Tools: tools}
	res, err := a.Generate(context.Background(), "Weather in Paris?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny.", res.Text)

	require.Len(t, srv.Requests(), 2, "the strict dialect of the tool is TestStrictSchemaUsesDialect's")
	require.Len(t, res.Steps, 2)
	require.Len(t, res.Steps[0].Outcomes, 1)
	out := res.Steps[0].Outcomes[0]
	assert.Nil(t, out.Err)
	assert.Equal(t, weatherOut{Temperature: 21, Conditions: "Sunny in Paris "}, out.Output)
}
