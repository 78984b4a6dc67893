// Package clean has tools, a structured output and a hook, and the
// tools_gen.go that toolgen generated for them: go vet type-checks the
// generated file with the package, and the analyzer reports nothing.
package clean

import (
	"context"

	"github.com/toolgen-go/toolgen/tool"
)

//go:generate go tool toolgen

// Unit is a temperature unit.
type Unit string

// The units.
const (
	Celsius    Unit = "celsius"
	Fahrenheit Unit = "fahrenheit"
)

// WeatherInput is what the model must supply.
type WeatherInput struct {
	// Location is a city name, such as "Paris".
	Location string `json:"location"`
	// Units defaults to celsius.
	Units Unit `json:"units,omitempty"`
}

// WeatherOutput is the weather.
type WeatherOutput struct {
	// Temperature is in Units.
	Temperature float64 `json:"temperature"`
}

// GetWeather fetches the current weather for a location.
//
//tool:weather display=weatherDisplay
func GetWeather(ctx context.Context, in WeatherInput) (WeatherOutput, error) {
	return WeatherOutput{Temperature: 21}, nil
}

// weatherDisplay shows the weather as it is.
func weatherDisplay() tool.Transforms[WeatherInput, WeatherOutput] {
	return tool.Transforms[WeatherInput, WeatherOutput]{}
}

// Station serves readings.
type Station struct{ name string }

// Reading asks a station for its last reading.
//
//tool:reading readonly
func (s *Station) Reading(ctx context.Context, in WeatherInput) (WeatherOutput, error) {
	return WeatherOutput{}, nil
}

// Forecast is a forecast, as a model writes it.
//
//tool:forecast
type Forecast struct {
	// Summary is one sentence.
	Summary string `json:"summary"`
}
