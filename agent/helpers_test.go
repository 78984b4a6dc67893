package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
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

func weatherTool() *tool.Func[weatherIn, weatherOut] {
	return tool.NewFunc(&tool.Spec{
		ID:          "weather-tool",
		Description: "Fetches the current weather for a location.",
		InputSchema: json.RawMessage(weatherSchema),
		Annotations: tool.Annotations{ReadOnly: new(true)},
	}, func(ctx context.Context, in weatherIn) (weatherOut, error) {
		return weatherOut{Location: in.Location, TempC: 21.5}, nil
	})
}

type emptyIn struct{}

const emptySchema = `{"type":"object","properties":{},"additionalProperties":false}`

// fnTool returns a tool with no input that runs fn.
func fnTool(id string, fn func(ctx context.Context) (string, error)) *tool.Func[emptyIn, string] {
	return tool.NewFunc(&tool.Spec{ID: id, Description: "Test tool " + id + ".", InputSchema: json.RawMessage(emptySchema)},
		func(ctx context.Context, _ emptyIn) (string, error) { return fn(ctx) })
}

// callThenAnswer scripts one step of calls then a final text.
func callThenAnswer(calls ...llm.ToolCall) *scripted.Model {
	return scripted.New(scripted.Calls(calls...), scripted.Text("done"))
}

// toolResults returns the tool results the model was sent in request i.
func toolResults(t *testing.T, m *scripted.Model, i int) []llm.ToolResult {
	t.Helper()
	reqs := m.Requests()
	require.Greater(t, len(reqs), i, "model received %d requests", len(reqs))
	msgs := reqs[i].Messages
	require.NotEmpty(t, msgs)
	last := msgs[len(msgs)-1]
	require.Equal(t, llm.RoleTool, last.Role)
	return last.ToolResults()
}

// collect drains a stream, failing on a run error.
func collect(t *testing.T, seq func(func(agent.Event, error) bool)) []agent.Event {
	t.Helper()
	var evs []agent.Event
	for ev, err := range seq {
		require.NoError(t, err)
		evs = append(evs, ev)
	}
	return evs
}

var errBoom = errors.New("boom: the backend is down")

// nestedIn has a field of every kind the generator meets.
type nestedIn struct {
	Name   string             `json:"name"`
	Addr   *nestedAddr        `json:"addr,omitempty"`
	Alt    *nestedAddr        `json:"alt,omitempty" jsonschema:"nullable"`
	Items  []nestedItem       `json:"items,omitempty"`
	Scores map[string]float64 `json:"scores,omitempty"`
	Small  int8               `json:"small"`
	Count  uint               `json:"count,omitempty"`
	Ratio  float64            `json:"ratio,omitempty"`
	OK     bool               `json:"ok,omitempty"`
	Tags   []string           `json:"tags"`
	Extra  json.RawMessage    `json:"extra,omitempty"`
}

type nestedAddr struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

type nestedItem struct {
	ID   int    `json:"id"`
	Note string `json:"note,omitempty"`
}

const nestedSchema = `{
  "$defs": {
    "Addr": {"properties": {"city": {"type": "string"}, "zip": {"type": "string"}},
      "additionalProperties": false, "type": "object", "required": ["city"]},
    "Item": {"properties": {"id": {"type": "integer"}, "note": {"type": "string"}},
      "additionalProperties": false, "type": "object", "required": ["id"]}
  },
  "properties": {
    "name": {"type": "string", "minLength": 1, "maxLength": 8},
    "addr": {"$ref": "#/$defs/Addr"},
    "alt": {"anyOf": [{"$ref": "#/$defs/Addr"}, {"type": "null"}]},
    "items": {"items": {"$ref": "#/$defs/Item"}, "type": "array"},
    "scores": {"additionalProperties": {"type": "number"}, "type": "object"},
    "small": {"type": "integer", "maximum": 127, "minimum": -128},
    "count": {"type": "integer", "minimum": 0},
    "ratio": {"type": "number", "minimum": -1.5, "exclusiveMaximum": 100},
    "ok": {"type": "boolean"},
    "tags": {"items": {"type": "string"}, "type": "array", "minItems": 1},
    "extra": true
  },
  "additionalProperties": false,
  "type": "object",
  "required": ["name", "small", "tags"]
}`
