package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

// TestErrorPolicy checks that every kind of bad call becomes an error result
// for the model and that the run goes on to the model's final answer.
func TestErrorPolicy(t *testing.T) {
	huge := `{"location":"` + strings.Repeat("a", 10<<20) + `"}`
	deep := strings.Repeat("[", 100) + strings.Repeat("]", 100)
	tests := []struct {
		name      string
		call      runtime.ToolCall
		opts      []runtime.Option
		kind      runtime.ToolErrorKind
		want      []string
		notWanted []string
	}{
		{name: "invalid JSON", call: scripted.Call("weather", `{"location": "Par`), kind: runtime.KindInvalidArguments,
			want: []string{`invalid arguments for tool "weather"`, "not valid JSON"}},
		{name: "wrong type", call: scripted.Call("weather", `{"location": 42}`), kind: runtime.KindInvalidArguments,
			want: []string{"at /location", "expected string, got number"}},
		{name: "missing required field", call: scripted.Call("weather", `{"units": "celsius"}`), kind: runtime.KindInvalidArguments,
			want: []string{`missing required property "location"`}},
		{name: "extra field", call: scripted.Call("weather", `{"location": "Paris", "when": "now"}`), kind: runtime.KindInvalidArguments,
			want: []string{`unexpected property "when"`}},
		{name: "case variant key", call: scripted.Call("weather", `{"Location": "Paris"}`), kind: runtime.KindInvalidArguments,
			want: []string{`unexpected property "Location"`, `missing required property "location"`, "case-sensitive"}},
		{name: "enum", call: scripted.Call("weather", `{"location": "Paris", "units": "kelvin-secret"}`), kind: runtime.KindInvalidArguments,
			want: []string{"at /units", `expected one of "celsius", "fahrenheit"`}, notWanted: []string{"kelvin-secret"}},
		{name: "10 MB argument", call: scripted.Call("weather", huge), kind: runtime.KindInvalidArguments,
			want: []string{fmt.Sprintf("the limit is %d", runtime.DefaultMaxArgumentBytes)}, notWanted: []string{"aaaa"}},
		{name: "too deep", call: scripted.Call("weather", deep), kind: runtime.KindInvalidArguments,
			want: []string{"nest deeper than 64 levels"}},
		{name: "unknown tool", call: scripted.Call("forecast", `{}`), kind: runtime.KindUnknownTool,
			want: []string{`unknown tool "forecast"`, "available tools: boom, weather"}},
		{name: "hidden by active tools", call: scripted.Call("boom", `{}`), opts: []runtime.Option{runtime.WithActiveTools("weather")},
			kind: runtime.KindUnknownTool, want: []string{`tool "boom" is not available in this step`, "available tools: weather"}},
		{name: "tool error", call: scripted.Call("boom", `{}`), kind: runtime.KindToolFailed,
			want: []string{`tool "boom" failed: boom: the backend is down`}},
		{name: "panic", call: scripted.Call("panic", `{}`), kind: runtime.KindPanic,
			want: []string{`tool "panic" failed unexpectedly (panic: runtime error: index out of range`}, notWanted: []string{"goroutine", ".go:"}},
		{name: "timeout", call: scripted.Call("block", `{}`), opts: []runtime.Option{runtime.WithToolTimeout(20 * time.Millisecond)},
			kind: runtime.KindTimeout, want: []string{`tool "block" did not finish within 20ms`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			release := make(chan struct{})
			defer close(release)
			tools := runtime.Toolset{
				"weather": weatherTool(),
				"boom":    fnTool("boom", func(context.Context) (string, error) { return "", errBoom }),
			}
			if tt.name == "panic" {
				tools["panic"] = fnTool("panic", func(context.Context) (string, error) {
					var s []int
					_ = s[5]
					return "", nil
				})
			}
			if tt.name == "timeout" {
				// It ignores ctx on purpose: the loop must not wait for it.
				tools["block"] = fnTool("block", func(context.Context) (string, error) { <-release; return "late", nil })
			}
			model := callThenAnswer(tt.call)
			agent := &runtime.Agent{ID: "a", Model: model, Tools: tools}
			res, err := agent.Generate(t.Context(), "go", tt.opts...)
			require.NoError(t, err)
			assert.Equal(t, "done", res.Text)
			assert.Equal(t, runtime.FinishStop, res.FinishReason)

			results := toolResults(t, model, 1)
			require.Len(t, results, 1)
			assert.True(t, results[0].IsError())
			assert.Equal(t, tt.call.Name, results[0].ToolName)
			for _, w := range tt.want {
				assert.Contains(t, results[0].Output.Text, w)
			}
			for _, nw := range tt.notWanted {
				assert.NotContains(t, results[0].Output.Text, nw)
			}
			assert.Less(t, len(results[0].Output.Text), 2000)

			out := res.Steps[0].Outcomes[0]
			require.NotNil(t, out.Err)
			assert.Equal(t, tt.kind, out.Err.Kind)
			assert.Equal(t, tt.call.Name, out.Err.ToolName)
			assert.Equal(t, "call_1", out.Err.ToolCallID)
		})
	}
}

func TestValidCallDecodesAndEncodes(t *testing.T) {
	model := callThenAnswer(scripted.Call("weather", `{"location":"Paris","units":"celsius"}`))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: runtime.Toolset{"weather": weatherTool()}}
	res, err := agent.Generate(t.Context(), "weather?")
	require.NoError(t, err)
	results := toolResults(t, model, 1)
	require.Len(t, results, 1)
	assert.Equal(t, runtime.OutputJSON, results[0].Output.Type)
	assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(results[0].Output.JSON))
	out := res.Steps[0].Outcomes[0]
	assert.Equal(t, weatherIn{Location: "Paris", Units: "celsius"}, out.Input)
	assert.Equal(t, weatherOut{Location: "Paris", TempC: 21.5}, out.Output)
}

func TestEmptyArgumentsMeanEmptyObject(t *testing.T) {
	model := callThenAnswer(scripted.Call("ping", ``))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: runtime.Toolset{
		"ping": fnTool("ping", func(context.Context) (string, error) { return "pong", nil }),
	}}
	_, err := agent.Generate(t.Context(), "go")
	require.NoError(t, err)
	results := toolResults(t, model, 1)
	assert.JSONEq(t, `"pong"`, string(results[0].Output.JSON))
}

func TestLimitsCanBeRaised(t *testing.T) {
	big := `{"location":"` + strings.Repeat("a", 1<<20) + `"}`
	model := callThenAnswer(scripted.Call("weather", big))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: runtime.Toolset{"weather": weatherTool()},
		Limits: runtime.Limits{MaxBytes: 2 << 20}}
	_, err := agent.Generate(t.Context(), "go")
	require.NoError(t, err)
	assert.False(t, toolResults(t, model, 1)[0].IsError())
}

// TestCaseSensitiveWithoutSchema checks that decoding itself is exact about
// key case, even when the schema would let a key through.
func TestCaseSensitiveWithoutSchema(t *testing.T) {
	loose := runtime.NewFunc(&runtime.Spec{ID: "loose", Description: "d", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, in weatherIn) (weatherIn, error) { return in, nil })
	_, err := loose.Decode(json.RawMessage(`{"Location":"Paris"}`))
	require.ErrorIs(t, err, runtime.ErrInvalidArguments)
	assert.Equal(t, `invalid arguments: at /: unexpected property "Location" (property names are case-sensitive)`, err.Error())
	in, err := loose.Decode(json.RawMessage(`{"location":"Paris"}`))
	require.NoError(t, err)
	assert.Equal(t, "Paris", in.Location)
}

func TestBadSchemaIsTheToolsFault(t *testing.T) {
	bad := runtime.NewFunc(&runtime.Spec{ID: "bad", Description: "d", InputSchema: json.RawMessage(`{"type": 12}`)},
		func(ctx context.Context, in emptyIn) (string, error) { return "", nil })
	_, err := bad.Decode(json.RawMessage(`{}`))
	require.Error(t, err)
	assert.NotErrorIs(t, err, runtime.ErrInvalidArguments)
}

func TestCancellationEndsTheRun(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	started := make(chan struct{})
	tools := runtime.Toolset{"wait": fnTool("wait", func(ctx context.Context) (string, error) {
		close(started)
		<-ctx.Done()
		return "", ctx.Err()
	})}
	model := callThenAnswer(scripted.Call("wait", `{}`))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: tools}
	go func() { <-started; cancel() }()
	_, err := agent.Generate(ctx, "go")
	require.ErrorIs(t, err, context.Canceled)
	assert.Len(t, model.Requests(), 1)
}

// TestCallToolErrorNames: a ToolError from Call says what it knows of the
// call: nothing outside a call, or the name and call id of the CallInfo of
// ctx, never empty placeholders.
func TestCallToolErrorNames(t *testing.T) {
	tool := runtime.NewFunc(&runtime.Spec{ID: "fail", Description: "Fails.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, in struct{}) (func(), error) { return func() {}, nil })
	_, err := runtime.Call(context.Background(), tool, json.RawMessage(`{}`))
	var te *runtime.ToolError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, "the tool's output could not be encoded as JSON", err.Error())

	ctx := runtime.WithCallInfo(context.Background(), runtime.CallInfo{ToolName: "list_labels", ToolCallID: "call_1"})
	_, err = runtime.Call(ctx, tool, json.RawMessage(`{}`))
	assert.Equal(t, "tool list_labels (call call_1): the tool's output could not be encoded as JSON", err.Error())
	assert.Equal(t, "tool list_labels: m", (&runtime.ToolError{ToolName: "list_labels", Message: "m"}).Error())
}
