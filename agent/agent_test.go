package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

func TestGenerateSendsInstructionsToolsAndResults(t *testing.T) {
	model := callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	a := &agent.Agent{ID: "weather-agent", Instructions: "Be brief.", Model: model,
		Tools: tool.Toolset{"weather": weatherTool()}}
	res, err := a.Generate(t.Context(), "Weather in Paris?")
	require.NoError(t, err)

	reqs := model.Requests()
	require.Len(t, reqs, 2)
	first := reqs[0]
	require.Len(t, first.Messages, 2)
	assert.Equal(t, llm.SystemMessage("Be brief."), first.Messages[0])
	assert.Equal(t, llm.UserMessage("Weather in Paris?"), first.Messages[1])
	require.Len(t, first.Tools, 1)
	assert.Equal(t, "weather", first.Tools[0].Name, "the model sees the key, not the id")
	assert.JSONEq(t, weatherSchema, string(first.Tools[0].InputSchema))

	assert.Len(t, reqs[1].Messages, 4)
	assert.Equal(t, "done", res.Text)
	assert.Len(t, res.Steps, 2)
	assert.Len(t, res.Messages, 5)
	assert.Equal(t, llm.FinishToolCalls, res.Steps[0].FinishReason)
}

func TestToolChoiceReachesTheModel(t *testing.T) {
	tests := []struct {
		name   string
		choice llm.ToolChoice
	}{
		{"none", llm.ChoiceNone},
		{"required", llm.ChoiceRequired},
		{"named", llm.ChoiceTool("weather")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model := scripted.New(scripted.Text("ok"))
			a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
			_, err := a.Generate(t.Context(), "hi", agent.WithToolChoice(tt.choice))
			require.NoError(t, err)
			assert.Equal(t, tt.choice, model.LastRequest().ToolChoice)
		})
	}
	t.Run("named tool must be active", func(t *testing.T) {
		ag := &agent.Agent{ID: "a", Model: scripted.New(scripted.Text("ok")), Tools: tool.Toolset{"weather": weatherTool()}}
		_, err := ag.Generate(t.Context(), "hi", agent.WithToolChoice(llm.ChoiceTool("nope")))
		assert.ErrorContains(t, err, `tool choice names "nope"`)
	})
}

func TestActiveToolsLimitTheDefinitions(t *testing.T) {
	model := scripted.New(scripted.Text("ok"))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{
		"weather": weatherTool(),
		"other":   fnTool("other", func(context.Context) (string, error) { return "", nil }),
	}}
	_, err := a.Generate(t.Context(), "hi", agent.WithActiveTools("other"))
	require.NoError(t, err)
	require.Len(t, model.LastRequest().Tools, 1)
	assert.Equal(t, "other", model.LastRequest().Tools[0].Name)
}

func TestMaxStepsEndsTheRun(t *testing.T) {
	var turns []scripted.Turn
	for range 5 {
		turns = append(turns, scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
	}
	model := scripted.New(turns...)
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
	res, err := a.Generate(t.Context(), "loop", agent.WithMaxSteps(3))
	require.NoError(t, err)
	assert.Equal(t, agent.FinishMaxSteps, res.FinishReason)
	assert.Len(t, res.Steps, 3)
	assert.Len(t, model.Requests(), 3)
	assert.Equal(t, 2, model.Remaining())

	t.Run("default", func(t *testing.T) {
		var turns []scripted.Turn
		for range agent.DefaultMaxSteps + 1 {
			turns = append(turns, scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
		}
		ag := &agent.Agent{ID: "a", Model: scripted.New(turns...), Tools: tool.Toolset{"weather": weatherTool()}}
		res, err := ag.Generate(t.Context(), "loop")
		require.NoError(t, err)
		assert.Equal(t, agent.FinishMaxSteps, res.FinishReason)
		assert.Len(t, res.Steps, agent.DefaultMaxSteps)
	})
}

// TestParallelCalls proves that ten calls of one step overlap: each waits
// at a barrier that opens only when all ten have arrived.
func TestParallelCalls(t *testing.T) {
	const n = 10
	var arrived sync.WaitGroup
	arrived.Add(n)
	barrier := make(chan struct{})
	go func() { arrived.Wait(); close(barrier) }()
	var inFlight, peak atomic.Int32
	tl := fnTool("wait", func(ctx context.Context) (string, error) {
		cur := inFlight.Add(1)
		for {
			p := peak.Load()
			if cur <= p || peak.CompareAndSwap(p, cur) {
				break
			}
		}
		arrived.Done()
		select {
		case <-barrier:
		case <-time.After(5 * time.Second):
			return "", fmt.Errorf("barrier never opened")
		}
		inFlight.Add(-1)
		ci, _ := tool.CallInfoFrom(ctx)
		return ci.ToolCallID, nil
	})
	var calls []llm.ToolCall
	for range n {
		calls = append(calls, scripted.Call("wait", `{}`))
	}
	model := callThenAnswer(calls...)
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"wait": tl}}
	res, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	assert.EqualValues(t, n, peak.Load())
	results := toolResults(t, model, 1)
	require.Len(t, results, n)
	for i, r := range results {
		id := fmt.Sprintf("call_%d", i+1)
		assert.Equal(t, id, r.ToolCallID, "results keep call order")
		assert.JSONEq(t, fmt.Sprintf("%q", id), string(r.Output.JSON), "the tool sees its call id through ctx")
	}
	assert.Len(t, res.Steps[0].Outcomes, n)
}

func TestConcurrencyBound(t *testing.T) {
	var inFlight, peak atomic.Int32
	tl := fnTool("slow", func(ctx context.Context) (string, error) {
		cur := inFlight.Add(1)
		defer inFlight.Add(-1)
		for {
			p := peak.Load()
			if cur <= p || peak.CompareAndSwap(p, cur) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
		return "ok", nil
	})
	var calls []llm.ToolCall
	for range 6 {
		calls = append(calls, scripted.Call("slow", `{}`))
	}
	a := &agent.Agent{ID: "a", Model: callThenAnswer(calls...), Tools: tool.Toolset{"slow": tl}}
	_, err := a.Generate(t.Context(), "go", agent.WithConcurrency(2))
	require.NoError(t, err)
	assert.LessOrEqual(t, peak.Load(), int32(2))
}

func TestRequestContextReachesTools(t *testing.T) {
	var got atomic.Value
	tl := fnTool("who", func(ctx context.Context) (string, error) {
		got.Store(tool.RequestContextFrom(ctx)["user"])
		return "", nil
	})
	a := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("who", `{}`)), Tools: tool.Toolset{"who": tl}}
	_, err := a.Generate(t.Context(), "go", agent.WithRequestContext(tool.RequestContext{"user": "ada"}))
	require.NoError(t, err)
	assert.Equal(t, "ada", got.Load())
}

func TestPrepareStepAndOnStepFinish(t *testing.T) {
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("done"))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{
		"weather": weatherTool(),
		"other":   fnTool("other", func(context.Context) (string, error) { return "", nil }),
	}}
	var finished []int
	_, err := a.Generate(t.Context(), "go",
		agent.WithPrepareStep(func(ctx context.Context, p *agent.StepPlan) error {
			if p.Number == 1 {
				p.ToolChoice = llm.ChoiceTool("weather")
				p.ActiveTools = []string{"weather"}
			} else {
				p.ToolChoice = llm.ChoiceNone
			}
			return nil
		}),
		agent.WithOnStepFinish(func(ctx context.Context, s agent.Step) error {
			finished = append(finished, s.Number)
			return nil
		}))
	require.NoError(t, err)
	reqs := model.Requests()
	assert.Equal(t, llm.ChoiceTool("weather"), reqs[0].ToolChoice)
	assert.Len(t, reqs[0].Tools, 1)
	assert.Equal(t, llm.ChoiceNone, reqs[1].ToolChoice)
	assert.Len(t, reqs[1].Tools, 2)
	assert.Equal(t, []int{1, 2}, finished)
}

func TestModelErrorEndsTheRun(t *testing.T) {
	a := &agent.Agent{ID: "a", Model: scripted.New(scripted.Fail(errBoom))}
	_, err := a.Generate(t.Context(), "go")
	assert.ErrorIs(t, err, errBoom)
}

func TestToolKeyCollisions(t *testing.T) {
	sub := &agent.Agent{ID: "sub", Model: scripted.New()}
	a := &agent.Agent{ID: "a", Model: scripted.New(), Tools: tool.Toolset{"agent-w": weatherTool()},
		Agents: map[string]*agent.Agent{"w": sub}}
	_, err := a.Generate(t.Context(), "go")
	assert.ErrorContains(t, err, `tool key "agent-w" is defined twice`)
}

func TestModelOutputHook(t *testing.T) {
	tl := weatherTool().WithModelOutput(func(ctx context.Context, in weatherIn, out weatherOut) (llm.ModelOutput, error) {
		return llm.ContentOutput(
			llm.TextPart(fmt.Sprintf("%s: %.1f°C", out.Location, out.TempC)),
			llm.ImageURLPart("https://example.com/sun.png"),
		), nil
	})
	model := callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": tl}}
	res, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	mo := toolResults(t, model, 1)[0].Output
	assert.Equal(t, llm.OutputContent, mo.Type)
	assert.Equal(t, "Paris: 21.5°C", mo.String())
	assert.Equal(t, weatherOut{Location: "Paris", TempC: 21.5}, res.Steps[0].Outcomes[0].Output, "the typed output stays with the application")

	failing := weatherTool().WithModelOutput(func(context.Context, weatherIn, weatherOut) (llm.ModelOutput, error) {
		return llm.ModelOutput{}, errBoom
	})
	model = callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	a = &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": failing}}
	res, err = a.Generate(t.Context(), "go")
	require.NoError(t, err)
	assert.True(t, toolResults(t, model, 1)[0].IsError())
	assert.Equal(t, toolexec.KindOutput, res.Steps[0].Outcomes[0].Err.Kind)
}

func TestResultMarshalsMessages(t *testing.T) {
	model := callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
	res, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	data, err := json.Marshal(res.Messages)
	require.NoError(t, err)
	var back []llm.Message
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, res.Messages, back)
}
