package openaitest_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/openai/openaitest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// TestBackgroundWire shows what each OpenAI API receives of a background
// call: the task's handle as the call's result, then, at the step after the
// model's answer, a user message with the result.
func TestBackgroundWire(t *testing.T) {
	for _, api := range []string{"chat", "responses"} {
		t.Run(api, func(t *testing.T) {
			srv := openaitest.NewServer(t,
				scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
				scripted.Text("The forecast is on its way."),
				scripted.Text("Sunny in Paris."),
			)
			opts := []openai.Option{openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test")}
			var model llm.Model = openai.Model("gpt-5.4", opts...)
			if api == "responses" {
				model = openai.Responses("gpt-5.4", opts...)
			}
			release := make(chan struct{})
			spec := tool.Spec{ID: "weather-tool", Description: "Fetches the weather.", InputSchema: json.RawMessage(weatherSchema), Background: true}
			tl := tool.NewFunc(&spec, func(_ context.Context, in weatherIn) (weatherOut, error) {
				<-release
				return weatherOut{Conditions: "Sunny in " + in.Location}, nil
			})
			ag := &agent.Agent{ID: "weather-agent", Model: model, Tools: tool.Toolset{"weather": tl}}
			res, err := ag.Generate(t.Context(), "Weather in Paris?", agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error {
				if st.Number == 2 {
					close(release)
				}
				return nil
			}))
			require.NoError(t, err)
			assert.Equal(t, "Sunny in Paris.", res.Text)
			require.Len(t, res.Background, 1)
			assert.Equal(t, weatherOut{Conditions: "Sunny in Paris"}, res.Background[0].Output)

			reqs := srv.Requests()
			require.Len(t, reqs, 3)
			handle := `{"taskId":"task-1","status":"running","message":"Background task started. Task ID: task-1. The tool \"weather\" is running in the background. You will be notified when it completes."}`
			result := "Background task task-1 (tool \"weather\", call call_1) completed. Its result:\n{\"conditions\":\"Sunny in Paris\"}"
			second, third := lastItems(t, api, reqs[1], 1), lastItems(t, api, reqs[2], 2)
			if api == "chat" {
				assert.JSONEq(t, `{"role":"tool","tool_call_id":"call_1","content":`+quote(handle)+`}`, second[0])
				assert.JSONEq(t, `{"role":"assistant","content":"The forecast is on its way."}`, third[0])
				assert.JSONEq(t, `{"role":"user","content":`+quote(result)+`}`, third[1])
				return
			}
			assert.JSONEq(t, `{"type":"function_call_output","call_id":"call_1","output":`+quote(handle)+`}`, second[0])
			assert.JSONEq(t, `{"role":"user","content":`+quote(result)+`}`, third[1])
		})
	}
}

// lastItems returns the last n messages (Chat Completions) or input items
// (Responses) of a request body, as JSON.
func lastItems(t *testing.T, api string, req openaitest.Request, n int) []string {
	t.Helper()
	var body struct {
		Messages []json.RawMessage `json:"messages"`
		Input    []json.RawMessage `json:"input"`
	}
	require.NoError(t, req.Decode(&body))
	items := body.Messages
	if api == "responses" {
		items = body.Input
	}
	require.GreaterOrEqual(t, len(items), n)
	var out []string
	for _, it := range items[len(items)-n:] {
		out = append(out, string(it))
	}
	return out
}

func quote(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}
