package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

type weatherIn struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

type weatherOut struct {
	Location string  `json:"location"`
	TempC    float64 `json:"tempC"`
	Secret   string  `json:"secret,omitempty"`
}

const weatherSchema = `{"type":"object","properties":{` +
	`"location":{"type":"string","description":"A city name."},` +
	`"units":{"type":"string","enum":["celsius","fahrenheit"]}},` +
	`"required":["location"],"additionalProperties":false}`

func weatherTool() *runtime.Func[weatherIn, weatherOut] {
	return runtime.NewFunc(&runtime.Spec{
		ID:          "weather-tool",
		Description: "Fetches the current weather for a location.",
		InputSchema: json.RawMessage(weatherSchema),
		Annotations: runtime.Annotations{ReadOnly: true},
	}, func(ctx context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Location: in.Location, TempC: 21.5}, nil
	})
}

type emptyIn struct{}

const emptySchema = `{"type":"object","properties":{},"additionalProperties":false}`

// fnTool returns a tool with no input that runs fn.
func fnTool(id string, fn func(ctx context.Context) (string, error)) *runtime.Func[emptyIn, string] {
	return runtime.NewFunc(&runtime.Spec{ID: id, Description: "Test tool " + id + ".", InputSchema: json.RawMessage(emptySchema)},
		func(ctx context.Context, _ emptyIn) (string, error) { return fn(ctx) })
}

// callThenAnswer scripts one step of calls then a final text.
func callThenAnswer(calls ...runtime.ToolCall) *scripted.Model {
	return scripted.New(scripted.Calls(calls...), scripted.Text("done"))
}

// toolResults returns the tool results the model was sent in request i.
func toolResults(t *testing.T, m *scripted.Model, i int) []runtime.ToolResult {
	t.Helper()
	reqs := m.Requests()
	require.Greater(t, len(reqs), i, "model received %d requests", len(reqs))
	msgs := reqs[i].Messages
	require.NotEmpty(t, msgs)
	last := msgs[len(msgs)-1]
	require.Equal(t, runtime.RoleTool, last.Role)
	return last.ToolResults()
}

// collect drains a stream, failing on a run error.
func collect(t *testing.T, seq func(func(runtime.Event, error) bool)) []runtime.Event {
	t.Helper()
	var evs []runtime.Event
	for ev, err := range seq {
		require.NoError(t, err)
		evs = append(evs, ev)
	}
	return evs
}

var errBoom = errors.New("boom: the backend is down")
