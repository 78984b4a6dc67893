// Package weather is the weather tool that every library in the benchmarks
// runs: a typed input with doc comments and an enum, a typed output, and a
// function that computes its answer without I/O so that the benchmarks
// measure the libraries, not the tool.
package weather

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"strings"
)

// Unit is a temperature unit.
type Unit string

// The units GetWeather reports in.
const (
	// Celsius is degrees Celsius.
	Celsius Unit = "celsius"
	// Fahrenheit is degrees Fahrenheit.
	Fahrenheit Unit = "fahrenheit"
)

// WeatherInput is what the model must supply to get the weather.
type WeatherInput struct {
	// Location is a city name, such as "Paris" or "New York".
	Location string `json:"location"`
	// Units defaults to celsius.
	Units Unit `json:"units,omitempty"`
}

// WeatherOutput is the current weather at a location.
type WeatherOutput struct {
	Temperature float64 `json:"temperature"` // in the requested units
	FeelsLike   float64 `json:"feelsLike"`   // apparent temperature
	Humidity    int     `json:"humidity"`    // relative humidity, percent
	WindSpeed   float64 `json:"windSpeed"`   // km/h
	WindGust    float64 `json:"windGust"`    // km/h
	Conditions  string  `json:"conditions"`  // such as "Partly cloudy"
	Location    string  `json:"location"`    // the resolved place name
	Units       Unit    `json:"units"`
}

// Name is the tool's name in every library.
const Name = "weatherTool"

// Description is the tool's description in every library; toolgen takes
// the same text from GetWeather's doc comment.
const Description = "Fetches the current weather for a location."

// GetWeather fetches the current weather for a location.
//
//tool:weather-tool key=weatherTool readonly idempotent
func GetWeather(ctx context.Context, in WeatherInput) (WeatherOutput, error) {
	if strings.TrimSpace(in.Location) == "" {
		return WeatherOutput{}, fmt.Errorf("no location given")
	}
	out := WeatherOutput{Temperature: 18.5, FeelsLike: 17.9, Humidity: 62, WindSpeed: 14.2, WindGust: 27.0,
		Conditions: "Partly cloudy", Location: in.Location, Units: Celsius}
	if in.Units == Fahrenheit {
		out.Units = Fahrenheit
		out.Temperature = out.Temperature*9/5 + 32
		out.FeelsLike = out.FeelsLike*9/5 + 32
	}
	return out, nil
}

// ValidArgs is a valid call.
const ValidArgs = `{"location":"Paris","units":"fahrenheit"}`

// ValidOutput is the JSON of ValidArgs' result, as encoding/json writes it.
const ValidOutput = `{"temperature":65.3,"feelsLike":64.22,"humidity":62,"windSpeed":14.2,"windGust":27,"conditions":"Partly cloudy","location":"Paris","units":"fahrenheit"}`

// InvalidArgs breaks the input schema twice: the required location is
// missing and units is not one of the enum's values. A library that does
// not validate runs the tool, which fails on the missing location.
const InvalidArgs = `{"units":"kelvin"}`
