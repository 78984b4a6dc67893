package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// TestErrorPolicy checks that every kind of bad call becomes an error result
// for the model and that the run goes on to the model's final answer.
func TestErrorPolicy(t *testing.T) {
	huge := `{"location":"` + strings.Repeat("a", 10<<20) + `"}`
	deep := strings.Repeat("[", 100) + strings.Repeat("]", 100)
	tests := []struct {
		name      string
		call      llm.ToolCall
		opts      []agent.Option
		kind      toolexec.Kind
		want      []string
		notWanted []string
	}{
		{name: "invalid JSON", call: scripted.Call("weather", `{"location": "Par`), kind: toolexec.KindInvalidArguments,
			want: []string{`invalid arguments for tool "weather"`, "not valid JSON"}},
		{name: "wrong type", call: scripted.Call("weather", `{"location": 42}`), kind: toolexec.KindInvalidArguments,
			want: []string{"at /location", "expected string, got number"}},
		{name: "missing required field", call: scripted.Call("weather", `{"units": "celsius"}`), kind: toolexec.KindInvalidArguments,
			want: []string{`missing required property "location"`}},
		{name: "extra field", call: scripted.Call("weather", `{"location": "Paris", "when": "now"}`), kind: toolexec.KindInvalidArguments,
			want: []string{`unexpected property "when"`}},
		{name: "case variant key", call: scripted.Call("weather", `{"Location": "Paris"}`), kind: toolexec.KindInvalidArguments,
			want: []string{`unexpected property "Location"`, `missing required property "location"`, "case-sensitive"}},
		{name: "enum", call: scripted.Call("weather", `{"location": "Paris", "units": "kelvin-secret"}`), kind: toolexec.KindInvalidArguments,
			want: []string{"at /units", `expected one of "celsius", "fahrenheit"`}, notWanted: []string{"kelvin-secret"}},
		{name: "10 MB argument", call: scripted.Call("weather", huge), kind: toolexec.KindInvalidArguments,
			want: []string{fmt.Sprintf("the limit is %d", schema.DefaultMaxBytes)}, notWanted: []string{"aaaa"}},
		{name: "too deep", call: scripted.Call("weather", deep), kind: toolexec.KindInvalidArguments,
			want: []string{"nest deeper than 64 levels"}},
		{name: "unknown tool", call: scripted.Call("forecast", `{}`), kind: toolexec.KindUnknownTool,
			want: []string{`unknown tool "forecast"`, "available tools: boom, weather"}},
		{name: "hidden by active tools", call: scripted.Call("boom", `{}`), opts: []agent.Option{agent.WithActiveTools("weather")},
			kind: toolexec.KindUnknownTool, want: []string{`tool "boom" is not available in this step`, "available tools: weather"}},
		{name: "tool error", call: scripted.Call("boom", `{}`), kind: toolexec.KindToolFailed,
			want: []string{`tool "boom" failed: boom: the backend is down`}},
		{name: "panic", call: scripted.Call("panic", `{}`), kind: toolexec.KindPanic,
			want: []string{`tool "panic" failed unexpectedly (panic: runtime error: index out of range`}, notWanted: []string{"goroutine", ".go:"}},
		{name: "timeout", call: scripted.Call("block", `{}`), opts: []agent.Option{agent.WithToolTimeout(20 * time.Millisecond)},
			kind: toolexec.KindTimeout, want: []string{`tool "block" did not finish within 20ms`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			release := make(chan struct{})
			defer close(release)
			tools := tool.Toolset{
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
			a := &agent.Agent{ID: "a", Model: model, Tools: tools}
			res, err := a.Generate(t.Context(), "go", tt.opts...)
			require.NoError(t, err)
			assert.Equal(t, "done", res.Text)
			assert.Equal(t, llm.FinishStop, res.FinishReason)

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
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
	res, err := a.Generate(t.Context(), "weather?")
	require.NoError(t, err)
	results := toolResults(t, model, 1)
	require.Len(t, results, 1)
	assert.Equal(t, llm.OutputJSON, results[0].Output.Type)
	assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(results[0].Output.JSON))
	out := res.Steps[0].Outcomes[0]
	assert.Equal(t, weatherIn{Location: "Paris", Units: "celsius"}, out.Input)
	assert.Equal(t, weatherOut{Location: "Paris", TempC: 21.5}, out.Output)
}

func TestEmptyArgumentsMeanEmptyObject(t *testing.T) {
	model := callThenAnswer(scripted.Call("ping", ``))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{
		"ping": fnTool("ping", func(context.Context) (string, error) { return "pong", nil }),
	}}
	_, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	results := toolResults(t, model, 1)
	assert.JSONEq(t, `"pong"`, string(results[0].Output.JSON))
}

func TestLimitsCanBeRaised(t *testing.T) {
	big := `{"location":"` + strings.Repeat("a", 1<<20) + `"}`
	model := callThenAnswer(scripted.Call("weather", big))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool()},
		Limits: schema.Limits{MaxBytes: 2 << 20}}
	_, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	assert.False(t, toolResults(t, model, 1)[0].IsError())
}

// TestCaseSensitiveWithoutSchema checks that decoding itself is exact about
// key case, even when the schema would let a key through.
func TestCaseSensitiveWithoutSchema(t *testing.T) {
	loose := tool.NewFunc(&tool.Spec{ID: "loose", Description: "d", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, in weatherIn) (weatherIn, error) { return in, nil })
	_, err := loose.Decode(json.RawMessage(`{"Location":"Paris"}`))
	require.ErrorIs(t, err, schema.ErrInvalidArguments)
	assert.Equal(t, `invalid arguments: at /: unexpected property "Location" (property names are case-sensitive)`, err.Error())
	in, err := loose.Decode(json.RawMessage(`{"location":"Paris"}`))
	require.NoError(t, err)
	assert.Equal(t, "Paris", in.Location)
}

func TestBadSchemaIsTheToolsFault(t *testing.T) {
	bad := tool.NewFunc(&tool.Spec{ID: "bad", Description: "d", InputSchema: json.RawMessage(`{"type": 12}`)},
		func(ctx context.Context, in emptyIn) (string, error) { return "", nil })
	_, err := bad.Decode(json.RawMessage(`{}`))
	require.Error(t, err)
	assert.NotErrorIs(t, err, schema.ErrInvalidArguments)
}

func TestCancellationEndsTheRun(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	started := make(chan struct{})
	tools := tool.Toolset{"wait": fnTool("wait", func(ctx context.Context) (string, error) {
		close(started)
		<-ctx.Done()
		return "", ctx.Err()
	})}
	model := callThenAnswer(scripted.Call("wait", `{}`))
	a := &agent.Agent{ID: "a", Model: model, Tools: tools}
	go func() { <-started; cancel() }()
	_, err := a.Generate(ctx, "go")
	require.ErrorIs(t, err, context.Canceled)
	assert.Len(t, model.Requests(), 1)
}

// TestCallNamesTheTool: an error from Call said "tool  (call ): …", since
// Call knows neither the key nor a call id. It names the tool by its ID,
// and keeps the tool's own error in the chain.
func TestCallNamesTheTool(t *testing.T) {
	// One value returned to every caller, as a tool may keep a sentinel.
	shared := &toolexec.Error{Kind: toolexec.KindToolFailed, Message: `tool "list_labels" failed: not found`}
	remote := fnTool("list_labels", func(context.Context) (string, error) { return "", shared })

	_, err := tool.Call(t.Context(), remote, json.RawMessage(`{}`))
	var te *toolexec.Error
	require.ErrorAs(t, err, &te)
	assert.Same(t, shared, te)
	assert.Equal(t, `call list_labels: tool "list_labels" failed: not found`, err.Error())
	assert.Empty(t, shared.ToolName, "the tool's own value is left alone")

	named := fnTool("x", func(context.Context) (string, error) {
		return "", &toolexec.Error{Kind: toolexec.KindToolFailed, ToolName: "remote_x", Message: "m"}
	})
	_, err = tool.Call(t.Context(), named, json.RawMessage(`{}`))
	assert.Equal(t, "call x: tool remote_x: m", err.Error())
}

func TestToolErrorLeavesOutWhatIsEmpty(t *testing.T) {
	for _, tt := range []struct {
		name, id, want string
	}{
		{"weather", "c1", "tool weather (call c1): m"},
		{"weather", "", "tool weather: m"},
		{"", "c1", "tool call c1: m"},
		{"", "", "m"},
	} {
		err := &toolexec.Error{ToolName: tt.name, ToolCallID: tt.id, Message: "m"}
		assert.Equal(t, tt.want, err.Error())
	}
}
