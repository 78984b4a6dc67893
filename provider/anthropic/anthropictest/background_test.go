package anthropictest_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/provider/anthropic/anthropictest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// TestBackgroundWire shows what the Messages API receives of a background
// call: the task's handle as the tool_result, then, at the step after the
// model's answer, a user turn with the result (the adapter marks the last
// block of each request for the prompt cache).
func TestBackgroundWire(t *testing.T) {
	srv := anthropictest.NewServer(t,
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
		scripted.Text("The forecast is on its way."),
		scripted.Text("Sunny in Paris."),
	)
	release := make(chan struct{})
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the weather.", InputSchema: json.RawMessage(weatherSchema), Background: true}
	tl := tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
		<-release
		return weatherOut{Conditions: "Sunny in " + in.Location}, nil
	})
	ag := &agent.Agent{ID: "weather-agent", Model: newModel(srv), Tools: tool.Toolset{"weather": tl}}
	res, err := ag.Generate(t.Context(), "Weather in Paris?", agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error {
		if st.Number == 2 {
			close(release)
		}
		return nil
	}))
	require.NoError(t, err)
	assert.Equal(t, "Sunny in Paris.", res.Text)
	require.Len(t, res.Background, 1)

	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	id := res.Steps[0].ToolCalls[0].ID
	handle := `{"taskId":"task-1","status":"running","message":"Background task started. Task ID: task-1. The tool \"weather\" is running in the background. You will be notified when it completes."}`
	result := "Background task task-1 (tool \"weather\", call " + id + ") completed. Its result:\n{\"conditions\":\"Sunny in Paris\",\"icon\":\"\"}"
	second, third := messages(t, reqs[1]), messages(t, reqs[2])
	require.Len(t, second, 3)
	assert.JSONEq(t, `{"role":"user","content":[{"type":"tool_result","tool_use_id":`+quote(id)+`,"content":[{"type":"text","text":`+quote(handle)+`}],"cache_control":{"type":"ephemeral"}}]}`, second[2])
	require.Len(t, third, 5)
	assert.JSONEq(t, `{"role":"assistant","content":[{"type":"text","text":"The forecast is on its way."}]}`, third[3])
	assert.JSONEq(t, `{"role":"user","content":[{"type":"text","text":`+quote(result)+`,"cache_control":{"type":"ephemeral"}}]}`, third[4])
}

// messages returns the messages of a request body, as JSON.
func messages(t *testing.T, req anthropictest.Request) []string {
	t.Helper()
	var body struct {
		Messages []json.RawMessage `json:"messages"`
	}
	require.NoError(t, req.Decode(&body))
	var out []string
	for _, m := range body.Messages {
		out = append(out, string(m))
	}
	return out
}

func quote(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}
