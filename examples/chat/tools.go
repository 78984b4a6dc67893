package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// tools are the weather tools, the weather tool with this page's display
// transforms in place of the weather package's.
func tools() tool.Toolset {
	ts := weather.Tools()
	ts["weatherTool"] = weather.GetWeatherTool().WithTransform(tool.TargetDisplay, weatherDisplay())
	return ts
}

// weatherView is what the page shows of a weather result: figures as text
// with their units, and neither the icon URL nor the internal station id.
// The model gets what the weather package's model-output hook makes of the
// output: a short text and the icon as an image.
type weatherView struct {
	Location   string `json:"location"`
	Conditions string `json:"conditions"`
	Temp       string `json:"temperature"`
	FeelsLike  string `json:"feelsLike"`
	Humidity   string `json:"humidity"`
	Wind       string `json:"wind"`
}

// weatherDisplay returns the display transforms of the weather tool. Once
// the display has a transform, every phase it shows needs one (the others
// get toolexec.Placeholder, and argument deltas are not shown): so the
// argument deltas, the arguments and the failures pass as they are.
func weatherDisplay() tool.Transforms[weather.WeatherInput, weather.WeatherOutput] {
	return tool.Transforms[weather.WeatherInput, weather.WeatherOutput]{
		InputDelta: func(ctx context.Context, delta string) (any, error) { return delta, nil },
		Input:      func(ctx context.Context, in weather.WeatherInput) (any, error) { return in, nil },
		Output: func(ctx context.Context, in weather.WeatherInput, out weather.WeatherOutput) (any, error) {
			unit := "°C"
			if out.Units == weather.Fahrenheit {
				unit = "°F"
			}
			return weatherView{
				Location:   out.Location,
				Conditions: out.Conditions,
				Temp:       fmt.Sprintf("%.1f %s", out.Temperature, unit),
				FeelsLike:  fmt.Sprintf("%.1f %s", out.FeelsLike, unit),
				Humidity:   fmt.Sprintf("%d %%", out.Humidity),
				Wind:       fmt.Sprintf("%.0f km/h, gusts %.0f km/h", out.WindSpeed, out.WindGust),
			}, nil
		},
		Error: func(ctx context.Context, in weather.WeatherInput, err error) (any, error) {
			if te, ok := errors.AsType[*toolexec.Error](err); ok {
				return map[string]string{"message": te.Message}, nil
			}
			return nil, err
		},
	}
}
