package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// WeatherInput is what the model must supply to get the weather.
type WeatherInput struct {
	// Location is a city name, such as "Paris" or "Tokyo".
	Location string `json:"location" jsonschema:"minLength=1"`
}

// WeatherOutput is the current weather at a location.
type WeatherOutput struct {
	Temperature float64 `json:"temperature"` // degrees Celsius
	Humidity    int     `json:"humidity"`    // relative humidity, percent
	WindSpeed   float64 `json:"windSpeed"`   // km/h
	Conditions  string  `json:"conditions"`  // such as "Partly cloudy"
	Location    string  `json:"location"`    // the resolved place name
}

// GetWeather fetches the current weather for a location. Reading the
// weather twice does no harm, so the tool is idempotent: a durable run may
// retry it on another worker.
//
//tool:weather-tool key=weatherTool title="Current weather" readonly idempotent
func GetWeather(ctx context.Context, in WeatherInput) (WeatherOutput, error) {
	obs, ok := observations[strings.ToLower(strings.TrimSpace(in.Location))]
	if !ok {
		return WeatherOutput{}, fmt.Errorf("location %q not found; known locations: %s", in.Location, strings.Join(knownLocations(), ", "))
	}
	return obs, nil
}

// HazardsInput asks for the weather hazards at a location.
type HazardsInput struct {
	// Location is a city name.
	Location string `json:"location"`
}

// Hazard is one weather warning in force.
type Hazard struct {
	// Kind is the kind of hazard, such as "wind" or "heat".
	Kind string `json:"kind"`
	// Advice is what people should do.
	Advice string `json:"advice,omitempty"`
}

// HazardsOutput lists the hazards in force.
type HazardsOutput struct {
	Location string   `json:"location"`
	Hazards  []Hazard `json:"hazards"`
}

// GetHazards lists the weather warnings in force at a location.
//
//tool:hazards-tool key=hazardsTool readonly idempotent
func GetHazards(ctx context.Context, in HazardsInput) (*HazardsOutput, error) {
	loc := strings.ToLower(strings.TrimSpace(in.Location))
	obs, ok := observations[loc]
	if !ok {
		return nil, fmt.Errorf("location %q not found; known locations: %s", in.Location, strings.Join(knownLocations(), ", "))
	}
	return &HazardsOutput{Location: obs.Location, Hazards: append([]Hazard{}, hazards[loc]...)}, nil
}

// observations is the offline data the example runs on, by lower-case
// location.
var observations = map[string]WeatherOutput{
	"paris":  {Temperature: 18.5, Humidity: 62, WindSpeed: 14.2, Conditions: "Partly cloudy", Location: "Paris"},
	"london": {Temperature: 14.1, Humidity: 81, WindSpeed: 22.5, Conditions: "Light rain", Location: "London"},
	"tokyo":  {Temperature: 29.6, Humidity: 74, WindSpeed: 6.1, Conditions: "Humid and hazy", Location: "Tokyo"},
}

var hazards = map[string][]Hazard{
	"london": {{Kind: "wind", Advice: "Secure loose objects."}},
	"tokyo":  {{Kind: "heat", Advice: "Stay hydrated and avoid the midday sun."}},
}

func knownLocations() []string {
	var names []string
	for _, o := range observations {
		names = append(names, o.Location)
	}
	slices.Sort(names)
	return names
}
