package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

const secret = "s3cr3t-api-token-9f8e7d"

func secretTool() *tool.Func[weatherIn, weatherOut] {
	return tool.NewFunc(&tool.Spec{ID: "weather-tool", Description: "d", InputSchema: json.RawMessage(weatherSchema)},
		func(ctx context.Context, in weatherIn) (weatherOut, error) {
			return weatherOut{Location: in.Location, TempC: 20, Secret: secret}, nil
		})
}

func streamPayloads(t *testing.T, a *agent.Agent) (map[agent.EventType]json.RawMessage, *agent.Result) {
	t.Helper()
	payloads := map[agent.EventType]json.RawMessage{}
	var res *agent.Result
	for _, ev := range collect(t, a.Stream(t.Context(), "go")) {
		if ev.Payload != nil {
			payloads[ev.Type] = ev.Payload
		}
		if ev.Type == agent.EventFinish {
			res = ev.Result
		}
	}
	return payloads, res
}

func TestFailingTransformGivesPlaceholder(t *testing.T) {
	tl := secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
		Output: func(ctx context.Context, in weatherIn, out weatherOut) (any, error) {
			return nil, errors.New("cannot render " + out.Secret)
		},
	})
	model := callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": tl}}
	payloads, res := streamPayloads(t, a)

	display := payloads[agent.EventToolResult]
	assert.Equal(t, toolexec.Placeholder, string(display))
	assert.NotContains(t, string(display), secret)
	for typ, p := range payloads {
		assert.NotContains(t, string(p), secret, "display payload of %s", typ)
	}
	// The other audiences are unaffected: the transcript has no transform,
	// so it gets the raw payload; the model gets the JSON output.
	var transcript json.RawMessage
	for _, ev := range res.Transcript {
		if ev.Type == agent.EventToolResult {
			transcript = ev.Payload
		}
	}
	assert.Contains(t, string(transcript), secret)
	assert.Contains(t, string(toolResults(t, model, 1)[0].Output.JSON), secret)
}

func TestTransformShapesDisplay(t *testing.T) {
	tl := secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
		Input: func(ctx context.Context, in weatherIn) (any, error) { return "weather for " + in.Location, nil },
		Output: func(ctx context.Context, in weatherIn, out weatherOut) (any, error) {
			return map[string]any{"temp": out.TempC}, nil
		},
	})
	a := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`)),
		Tools: tool.Toolset{"weather": tl}}
	payloads, _ := streamPayloads(t, a)
	assert.JSONEq(t, `"weather for Paris"`, string(payloads[agent.EventToolCall]))
	assert.JSONEq(t, `{"temp":20}`, string(payloads[agent.EventToolResult]))
}

func TestTransformThatPanicsOrCannotEncode(t *testing.T) {
	for name, fn := range map[string]func(context.Context, weatherIn, weatherOut) (any, error){
		"panic":     func(context.Context, weatherIn, weatherOut) (any, error) { panic(secret) },
		"no json":   func(context.Context, weatherIn, weatherOut) (any, error) { return func() {}, nil },
		"bad value": func(context.Context, weatherIn, weatherOut) (any, error) { return json.RawMessage(secret), nil },
	} {
		t.Run(name, func(t *testing.T) {
			tl := secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{Output: fn})
			a := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`)),
				Tools: tool.Toolset{"weather": tl}}
			payloads, _ := streamPayloads(t, a)
			assert.Equal(t, toolexec.Placeholder, string(payloads[agent.EventToolResult]))
		})
	}
}

func TestAgentTransformPolicy(t *testing.T) {
	var mu sync.Mutex
	var seen []toolexec.Phase
	policy := func(ctx context.Context, in toolexec.TransformInput) (any, error) {
		if in.Target == tool.TargetTranscript || in.Phase == toolexec.PhaseInputDelta {
			return in.Raw, nil
		}
		mu.Lock()
		seen = append(seen, in.Phase)
		mu.Unlock()
		switch in.Phase {
		case toolexec.PhaseOutput:
			out := in.Output.(weatherOut)
			out.Secret = "redacted"
			return out, nil
		case toolexec.PhaseError:
			return nil, errors.New("no")
		}
		return in.Raw, nil
	}
	model := scripted.New(
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`), scripted.Call("weather", `{"location":1}`)),
		scripted.Text("done"))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": secretTool()}, Transform: toolexec.TransformPolicy{Func: policy}}
	evs := collect(t, a.Stream(t.Context(), "go"))
	for _, ev := range evs {
		assert.NotContains(t, string(ev.Payload), secret)
		switch ev.Type {
		case agent.EventToolResult:
			assert.JSONEq(t, `{"location":"Paris","tempC":20,"secret":"redacted"}`, string(ev.Payload))
		case agent.EventToolError:
			assert.Equal(t, toolexec.Placeholder, string(ev.Payload))
		}
	}
	assert.ElementsMatch(t, []toolexec.Phase{toolexec.PhaseInput, toolexec.PhaseInput, toolexec.PhaseOutput, toolexec.PhaseError}, seen)
}
