// Package weather holds toolgen's weather tools, on offline data (Paris,
// London, New York, Tokyo): the current weather, the warnings in force, a
// slow daily forecast that reports its progress, and the list of places.
// They are plain Go functions marked //tool:; tools_gen.go, written by
// `go generate ./examples/weather` (the go:generate line is in the weather
// command's main.go), turns them into typed tools whose JSON Schemas,
// titles and MCP annotations come from their types, doc comments and
// directives.
//
// The weather tool has hooks, in tools_hooks.go: the model sees a short
// text and the condition icon (weatherForModel), the display sees the
// output without the internal station id (weatherForDisplay), and the
// application keeps the whole WeatherOutput.
//
// The weather command (examples/weather) runs an agent on them; the
// mcpserver example serves them over MCP (keeping the station id from its
// clients), the chat example puts them behind a chat page, and the mcp
// package's tests use them.
package weather

import (
	"context"
	"fmt"
	"strings"
	"time"
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
	Location string `json:"location" jsonschema:"minLength=1"`
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
	Units       Unit    `json:"units,omitempty"`
	// Icon is the URL of an icon for the conditions.
	Icon string `json:"icon"`
	// StationID is the internal id of the reporting station. It is for the
	// application, not for the model or the user interface.
	StationID string `json:"stationId"`
}

// GetWeather fetches the current weather for a location.
//
// It returns the temperature, the apparent temperature, humidity, wind and
// the conditions as text.
//
//tool:weather-tool key=weatherTool title="Current weather" readonly idempotent openworld=false model=weatherForModel display=weatherForDisplay
func GetWeather(ctx context.Context, in WeatherInput) (WeatherOutput, error) {
	obs, ok := observations[strings.ToLower(strings.TrimSpace(in.Location))]
	if !ok {
		return WeatherOutput{}, fmt.Errorf("location %q not found; known locations: %s", in.Location, strings.Join(knownLocations(), ", "))
	}
	units := in.Units
	if units == "" {
		units = Celsius
	}
	out := obs
	out.Units = units
	if units == Fahrenheit {
		out.Temperature = toFahrenheit(out.Temperature)
		out.FeelsLike = toFahrenheit(out.FeelsLike)
	}
	return out, nil
}

// HazardsInput asks for the weather hazards at a location.
type HazardsInput struct {
	// Location is a city name.
	Location string `json:"location"`
	// Since limits the answer to hazards issued after this time.
	Since *time.Time `json:"since,omitempty"`
}

// Severity ranks a hazard.
type Severity int

// The severities of a hazard, from least to most severe.
const (
	Minor Severity = iota + 1
	Moderate
	Severe
)

// Hazard is one weather warning in force.
type Hazard struct {
	// Kind is the kind of hazard, such as "wind" or "heat".
	Kind     string    `json:"kind"`
	Severity Severity  `json:"severity,omitempty"`
	Issued   time.Time `json:"issued"`
	// Advice is what people should do.
	Advice string `json:"advice,omitempty"`
}

// HazardsOutput lists the hazards in force.
type HazardsOutput struct {
	Location string   `json:"location"`
	Hazards  []Hazard `json:"hazards"`
}

// GetHazards lists the weather warnings in force at a location, most severe
// first.
//
//tool:hazards-tool key=hazardsTool title="Weather warnings" readonly openworld=false
func GetHazards(ctx context.Context, in HazardsInput) (*HazardsOutput, error) {
	loc := strings.ToLower(strings.TrimSpace(in.Location))
	if _, ok := observations[loc]; !ok {
		return nil, fmt.Errorf("location %q not found; known locations: %s", in.Location, strings.Join(knownLocations(), ", "))
	}
	out := &HazardsOutput{Location: observations[loc].Location, Hazards: []Hazard{}}
	for _, h := range hazards[loc] {
		if in.Since == nil || h.Issued.After(*in.Since) {
			out.Hazards = append(out.Hazards, h)
		}
	}
	return out, nil
}

// LocationsInput takes nothing.
type LocationsInput struct{}

// LocationsOutput lists the places with weather data.
type LocationsOutput struct {
	// Locations are the place names, sorted.
	Locations []string `json:"locations"`
}

// ListLocations lists the places the weather tools know.
//
//tool:locations-tool key=locationsTool readonly idempotent openworld=false
func ListLocations(ctx context.Context, in LocationsInput) (LocationsOutput, error) {
	return LocationsOutput{Locations: knownLocations()}, nil
}

func toFahrenheit(c float64) float64 { return c*9/5 + 32 }
