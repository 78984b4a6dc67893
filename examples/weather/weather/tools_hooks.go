package weather

import (
	"context"
	"errors"
	"fmt"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// weatherForModel shapes what the model sees of the output of tool
// "weather-tool": a short text and the condition icon as an image, as the
// Mastra example's toModelOutput does. The application keeps the whole
// WeatherOutput, station id included. An MCP server sends this view as the
// content of a result (the text, and the icon as a resource link); the
// chat example's offline model reads the text, and the tests of the
// examples and of package mcp check it.
func weatherForModel(ctx context.Context, in WeatherInput, out WeatherOutput) (llm.ModelOutput, error) {
	unit := "°C"
	if out.Units == Fahrenheit {
		unit = "°F"
	}
	text := fmt.Sprintf("%s: %.1f%s (feels like %.1f%s), %s, humidity %d%%, wind %.0f km/h gusting %.0f km/h.",
		out.Location, out.Temperature, unit, out.FeelsLike, unit, out.Conditions, out.Humidity, out.WindSpeed, out.WindGust)
	return llm.ContentOutput(
		llm.Part{Type: llm.PartText, Text: text},
		llm.Part{Type: llm.PartImageURL, URL: out.Icon},
	), nil
}

// displayWeather is what the user interface shows of a weather result: the
// station id is internal and stays out.
type displayWeather struct {
	Location    string  `json:"location"`
	Temperature float64 `json:"temperature"`
	Units       Unit    `json:"units"`
	Conditions  string  `json:"conditions"`
	Icon        string  `json:"icon"`
}

// weatherForDisplay returns the transforms of what the display sees of tool
// "weather-tool": the output without the station id. Once a target has a
// transform, every phase of it needs one to be shown: the display sees the
// toolexec.Placeholder for a phase without, and no argument deltas. So the
// arguments (which hold nothing internal) and the failures are shown as
// they are.
func weatherForDisplay() tool.Transforms[WeatherInput, WeatherOutput] {
	return tool.Transforms[WeatherInput, WeatherOutput]{
		Input: func(ctx context.Context, in WeatherInput) (any, error) { return in, nil },
		Output: func(ctx context.Context, in WeatherInput, out WeatherOutput) (any, error) {
			return displayWeather{
				Location:    out.Location,
				Temperature: out.Temperature,
				Units:       out.Units,
				Conditions:  out.Conditions,
				Icon:        out.Icon,
			}, nil
		},
		Error: func(ctx context.Context, in WeatherInput, err error) (any, error) {
			if te, ok := errors.AsType[*toolexec.Error](err); ok {
				return map[string]string{"message": te.Message}, nil
			}
			return nil, err
		},
	}
}
