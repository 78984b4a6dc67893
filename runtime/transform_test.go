package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

const secret = "s3cr3t-api-token-9f8e7d"

func secretTool() *runtime.Func[weatherIn, weatherOut] {
	return runtime.NewFunc(&runtime.Spec{ID: "weather-tool", Description: "d", InputSchema: json.RawMessage(weatherSchema)},
		func(ctx context.Context, in weatherIn) (weatherOut, error) {
			return weatherOut{Location: in.Location, TempC: 20, Secret: secret}, nil
		})
}

func streamPayloads(t *testing.T, agent *runtime.Agent) (map[runtime.EventType]json.RawMessage, *runtime.Result) {
	t.Helper()
	payloads := map[runtime.EventType]json.RawMessage{}
	var res *runtime.Result
	for _, ev := range collect(t, agent.Stream(t.Context(), "go")) {
		if ev.Payload != nil {
			payloads[ev.Type] = ev.Payload
		}
		if ev.Type == runtime.EventFinish {
			res = ev.Result
		}
	}
	return payloads, res
}

func TestFailingTransformGivesPlaceholder(t *testing.T) {
	tool := secretTool().WithTransform(runtime.TargetDisplay, runtime.Transforms[weatherIn, weatherOut]{
		Output: func(ctx context.Context, in weatherIn, out weatherOut) (any, error) {
			return nil, errors.New("cannot render " + out.Secret)
		},
	})
	model := callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: runtime.Toolset{"weather": tool}}
	payloads, res := streamPayloads(t, agent)

	display := payloads[runtime.EventToolResult]
	assert.Equal(t, runtime.Placeholder, string(display))
	assert.NotContains(t, string(display), secret)
	for typ, p := range payloads {
		assert.NotContains(t, string(p), secret, "display payload of %s", typ)
	}
	// The other audiences are unaffected: the transcript has no transform,
	// so it gets the raw payload; the model gets the JSON output.
	var transcript json.RawMessage
	for _, ev := range res.Transcript {
		if ev.Type == runtime.EventToolResult {
			transcript = ev.Payload
		}
	}
	assert.Contains(t, string(transcript), secret)
	assert.Contains(t, string(toolResults(t, model, 1)[0].Output.JSON), secret)
}

func TestTransformShapesDisplay(t *testing.T) {
	tool := secretTool().WithTransform(runtime.TargetDisplay, runtime.Transforms[weatherIn, weatherOut]{
		Input: func(ctx context.Context, in weatherIn) (any, error) { return "weather for " + in.Location, nil },
		Output: func(ctx context.Context, in weatherIn, out weatherOut) (any, error) {
			return map[string]any{"temp": out.TempC}, nil
		},
	})
	agent := &runtime.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`)),
		Tools: runtime.Toolset{"weather": tool}}
	payloads, _ := streamPayloads(t, agent)
	assert.JSONEq(t, `"weather for Paris"`, string(payloads[runtime.EventToolCall]))
	assert.JSONEq(t, `{"temp":20}`, string(payloads[runtime.EventToolResult]))
}

func TestTransformThatPanicsOrCannotEncode(t *testing.T) {
	for name, fn := range map[string]func(context.Context, weatherIn, weatherOut) (any, error){
		"panic":     func(context.Context, weatherIn, weatherOut) (any, error) { panic(secret) },
		"no json":   func(context.Context, weatherIn, weatherOut) (any, error) { return func() {}, nil },
		"bad value": func(context.Context, weatherIn, weatherOut) (any, error) { return json.RawMessage(secret), nil },
	} {
		t.Run(name, func(t *testing.T) {
			tool := secretTool().WithTransform(runtime.TargetDisplay, runtime.Transforms[weatherIn, weatherOut]{Output: fn})
			agent := &runtime.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`)),
				Tools: runtime.Toolset{"weather": tool}}
			payloads, _ := streamPayloads(t, agent)
			assert.Equal(t, runtime.Placeholder, string(payloads[runtime.EventToolResult]))
		})
	}
}

func TestAgentTransformPolicy(t *testing.T) {
	var mu sync.Mutex
	var seen []runtime.Phase
	policy := func(ctx context.Context, in runtime.TransformInput) (any, error) {
		if in.Target == runtime.TargetTranscript || in.Phase == runtime.PhaseInputDelta {
			return in.Raw, nil
		}
		mu.Lock()
		seen = append(seen, in.Phase)
		mu.Unlock()
		switch in.Phase {
		case runtime.PhaseOutput:
			out := in.Output.(weatherOut)
			out.Secret = "redacted"
			return out, nil
		case runtime.PhaseError:
			return nil, errors.New("no")
		}
		return in.Raw, nil
	}
	model := scripted.New(
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`), scripted.Call("weather", `{"location":1}`)),
		scripted.Text("done"))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: runtime.Toolset{"weather": secretTool()}, Transform: runtime.TransformPolicy{Func: policy}}
	evs := collect(t, agent.Stream(t.Context(), "go"))
	for _, ev := range evs {
		assert.NotContains(t, string(ev.Payload), secret)
		switch ev.Type {
		case runtime.EventToolResult:
			assert.JSONEq(t, `{"location":"Paris","tempC":20,"secret":"redacted"}`, string(ev.Payload))
		case runtime.EventToolError:
			assert.Equal(t, runtime.Placeholder, string(ev.Payload))
		}
	}
	assert.ElementsMatch(t, []runtime.Phase{runtime.PhaseInput, runtime.PhaseInput, runtime.PhaseOutput, runtime.PhaseError}, seen)
}
