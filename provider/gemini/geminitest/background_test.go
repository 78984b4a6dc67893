package geminitest_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/provider/gemini/geminitest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// TestBackgroundWire shows what the Gemini API receives of a background
// call: the task's handle as the functionResponse, then, at the step after
// the model's answer, a user content with the result.
func TestBackgroundWire(t *testing.T) {
	srv := geminitest.NewServer(t,
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
	second, third := contents(t, reqs[1]), contents(t, reqs[2])
	require.Len(t, second, 3)
	assert.JSONEq(t, `{"role":"user","parts":[{"functionResponse":{"id":`+quote(id)+`,"name":"weather","response":{"output":
		{"taskId":"task-1","status":"running","message":"Background task started. Task ID: task-1. The tool \"weather\" is running in the background. You will be notified when it completes."}}}}]}`, second[2])
	require.Len(t, third, 5)
	var model struct {
		Role  string `json:"role"`
		Parts []struct {
			Text string `json:"text"`
		} `json:"parts"`
	}
	require.NoError(t, json.Unmarshal([]byte(third[3]), &model))
	assert.Equal(t, "model", model.Role)
	assert.Equal(t, "The forecast is on its way.", model.Parts[0].Text)
	result := "Background task task-1 (tool \"weather\", call " + id + ") completed. Its result:\n{\"conditions\":\"Sunny in Paris\",\"icon\":\"\"}"
	assert.JSONEq(t, `{"role":"user","parts":[{"text":`+quote(result)+`}]}`, third[4])
}

func quote(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

// contents returns the contents of a request body, as JSON.
func contents(t *testing.T, req geminitest.Request) []string {
	t.Helper()
	var body struct {
		Contents []json.RawMessage `json:"contents"`
	}
	require.NoError(t, req.Decode(&body))
	var out []string
	for _, c := range body.Contents {
		out = append(out, string(c))
	}
	return out
}
