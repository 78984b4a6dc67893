package weather

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
	"github.com/toolgen-go/toolgen/tooltest"
)

func TestGetWeatherFahrenheit(t *testing.T) {
	out, err := tool.Call(checked(t), GetWeatherTool(), json.RawMessage(`{"location":"paris","units":"fahrenheit"}`))
	require.NoError(t, err)
	w, ok := out.Value.(WeatherOutput)
	require.True(t, ok)
	assert.Equal(t, Fahrenheit, w.Units)
	assert.InDelta(t, 65.3, w.Temperature, 0.01)
	assert.Equal(t, "LFPG-07", w.StationID, "the application keeps the whole output")
}

// TestHooksInCode sets a model-output hook in code, without a directive: the
// generated constructor returns a typed *tool.Func, so the hook is typed
// by WeatherInput and WeatherOutput and replaces the directive's.
func TestHooksInCode(t *testing.T) {
	tl := GetWeatherTool().WithModelOutput(func(ctx context.Context, in WeatherInput, out WeatherOutput) (llm.ModelOutput, error) {
		return llm.TextOutput(fmt.Sprintf("%s is %s", out.Location, out.Conditions)), nil
	})
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"London"}`)), scripted.Text("ok"))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": tl}}
	_, err := a.Generate(checked(t), "weather?")
	require.NoError(t, err)
	var seen []string
	for _, m := range model.LastRequest().Messages {
		for _, p := range m.Parts {
			if p.Type == llm.PartToolResult {
				seen = append(seen, p.ToolResult.Output.String())
			}
		}
	}
	assert.Equal(t, []string{"London is Light rain"}, seen)
}

// TestTools checks what the generated Tools() hands out: on every call a
// new map of new tools, typed by the tool functions, each of which works.
func TestTools(t *testing.T) {
	a, b := Tools(), Tools()
	require.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, a.Keys())
	delete(a, "hazardsTool")
	assert.Len(t, b, 4, "each call returns a map of its own")
	assert.NotSame(t, a["weatherTool"], b["weatherTool"], "each call builds new tools")
	assert.Same(t, &getWeatherToolSpec, b["weatherTool"].Spec(), "the tools share their Spec")
	require.IsType(t, &tool.Func[WeatherInput, WeatherOutput]{}, b["weatherTool"])

	defer func(d time.Duration) { DayDelay = d }(DayDelay)
	DayDelay = 0
	for key, args := range map[string]string{
		"weatherTool":   `{"location":"Paris"}`,
		"hazardsTool":   `{"location":"Paris"}`,
		"forecastTool":  `{"location":"Paris","days":2}`,
		"locationsTool": `{}`,
	} {
		out, err := tool.Call(checked(t), b[key], json.RawMessage(args))
		require.NoError(t, err, key)
		want := `"location":"Paris"`
		if key == "locationsTool" {
			want = `"Paris"`
		}
		assert.Contains(t, string(out.JSON), want, key)
	}
}

// TestToolsGolden pins what a model sees of the tools. After a change to
// them, go test -run TestToolsGolden -update rewrites
// testdata/tools.golden.json; review its diff.
func TestToolsGolden(t *testing.T) {
	tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
}

// checked is the ctx of the tests' calls: every tool checks its output
// against its output schema (toolexec.ValidatingOutputs), so that an
// output its generated schema refuses fails the test.
func checked(t *testing.T) context.Context { return toolexec.ValidatingOutputs(t.Context()) }
