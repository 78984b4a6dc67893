package providertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// WeatherInput is the input of the weather tool of [ToolCallCases], whose
// schema is [WeatherSchema].
type WeatherInput struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

// WeatherOutput is the output of the weather tool of [ToolCallCases].
type WeatherOutput struct {
	Temperature float64 `json:"temperature"`
	Conditions  string  `json:"conditions"`
}

// ToolCallCase is one way a call of the tool "weather" can end when a loop
// of one's own runs it (toolexec.Execute, which each provider's
// RunToolCalls helper goes through): the set that answers the call, the
// options, and what the model reads.
type ToolCallCase struct {
	// Name names the case.
	Name string
	// Set is the tool set the call runs against; Opts its options.
	Set  tool.Toolset
	Opts *toolexec.ExecuteOptions
	// Kind is the failure's kind, "" for a success.
	Kind toolexec.Kind
	// model is what the model reads, LOC standing for the location.
	model string
}

// ToolCallCases are the ways a call of weather can end: its output, invalid
// arguments, a failing and a panicking tool, a tool the set does not hold,
// and approval missing, refused and given. Every provider's tests of its
// own-loop helpers run them through its SDK.
func ToolCallCases() []ToolCallCase {
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the current weather for a location.", InputSchema: json.RawMessage(WeatherSchema)}
	guarded := spec
	guarded.NeedsApproval = true
	numbered := tool.Spec{ID: "weather-tool", InputSchema: json.RawMessage(`{"type":"object","properties":{"location":{"type":"integer"}},"required":["location"]}`)}
	with := func(s *tool.Spec, fn func(context.Context, WeatherInput) (WeatherOutput, error)) tool.Toolset {
		return tool.Toolset{"weather": tool.NewFunc(s, fn)}
	}
	sunny := with(&spec, func(_ context.Context, in WeatherInput) (WeatherOutput, error) {
		return WeatherOutput{Temperature: 21, Conditions: "Sunny in " + in.Location}, nil
	})
	fog := func(_ context.Context, in WeatherInput) (WeatherOutput, error) {
		return WeatherOutput{Temperature: 14, Conditions: "Fog in " + in.Location}, nil
	}
	approve := func(ok bool) *toolexec.ExecuteOptions {
		return &toolexec.ExecuteOptions{Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
			if in, typed := req.Input.(WeatherInput); !typed || in.Location == "" {
				return false, fmt.Errorf("approval asked for %#v", req.Input)
			}
			return ok, nil
		}}
	}
	return []ToolCallCase{
		{Name: "output", Set: sunny, model: `{"temperature":21,"conditions":"Sunny in LOC"}`},
		{Name: "invalid arguments", Set: with(&numbered, fog), Kind: toolexec.KindInvalidArguments,
			model: `invalid arguments for tool "weather": arguments do not match the input schema: at /location: expected integer, got string`},
		{Name: "failing tool", Set: with(&spec, func(context.Context, WeatherInput) (WeatherOutput, error) {
			return WeatherOutput{}, errors.New("the station is offline")
		}), Kind: toolexec.KindToolFailed, model: `tool "weather" failed: the station is offline`},
		{Name: "panicking tool", Set: with(&spec, func(context.Context, WeatherInput) (WeatherOutput, error) {
			panic("the sensor map is nil")
		}), Kind: toolexec.KindPanic, model: `tool "weather" failed unexpectedly (panic: the sensor map is nil)`},
		{Name: "unknown tool", Set: tool.Toolset{"forecast": sunny["weather"]}, Kind: toolexec.KindUnknownTool,
			model: `unknown tool "weather"; available tools: forecast`},
		{Name: "approval without an approver", Set: with(&guarded, fog), Kind: toolexec.KindDeclined,
			model: `the call of "weather" needs approval, which this host cannot obtain`},
		{Name: "approval refused", Set: with(&guarded, fog), Opts: approve(false), Kind: toolexec.KindDeclined,
			model: `the call of "weather" was not approved`},
		{Name: "approval given", Set: with(&guarded, fog), Opts: approve(true), model: `{"temperature":14,"conditions":"Fog in LOC"}`},
	}
}

// ModelText is what the model reads of the call at loc: the output's JSON,
// or the error's message.
func (c ToolCallCase) ModelText(loc string) string { return strings.ReplaceAll(c.model, "LOC", loc) }

// Check asserts the outcome o of the call id at loc.
func (c ToolCallCase) Check(t testing.TB, o toolexec.Outcome, id, loc string) {
	t.Helper()
	assert.Equal(t, id, o.Call.ID)
	assert.Equal(t, "weather", o.Call.Name)
	text := c.ModelText(loc)
	if c.Kind == "" {
		require.Nil(t, o.Err)
		assert.JSONEq(t, text, string(o.Output.JSON))
		assert.IsType(t, WeatherOutput{}, o.Output.Value)
		return
	}
	require.NotNil(t, o.Err)
	assert.Equal(t, c.Kind, o.Err.Kind)
	assert.Equal(t, text, o.Err.Message)
	assert.Equal(t, llm.ErrorOutput(text), o.Model)
}
