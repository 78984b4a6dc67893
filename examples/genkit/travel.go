package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// WeatherInput asks for the weather in a city.
type WeatherInput struct {
	// City is a city name, such as "Paris" or "Tokyo".
	City string `json:"city" jsonschema:"minLength=1"`
}

// Weather is the current weather in a city.
type Weather struct {
	City         string  `json:"city"`
	TemperatureC float64 `json:"temperatureC"` // degrees Celsius
	Conditions   string  `json:"conditions"`   // such as "Partly cloudy"
}

// GetWeather gives the current weather in a city.
//
//tool:get-weather key=weather readonly
func GetWeather(ctx context.Context, in WeatherInput) (Weather, error) {
	w, ok := weather[strings.ToLower(strings.TrimSpace(in.City))]
	if !ok {
		return Weather{}, fmt.Errorf("no weather for %q; known cities: %s", in.City, strings.Join(knownCities(), ", "))
	}
	return w, nil
}

// weather is the example's offline weather service.
var weather = map[string]Weather{
	"paris": {City: "Paris", TemperatureC: 18.5, Conditions: "Partly cloudy"},
	"tokyo": {City: "Tokyo", TemperatureC: 31, Conditions: "Sunny"},
}

// knownCities lists the cities of the weather service, sorted.
func knownCities() []string {
	var cities []string
	for w := range maps.Values(weather) {
		cities = append(cities, w.City)
	}
	slices.Sort(cities)
	return cities
}

// BookingInput is a hotel booking.
type BookingInput struct {
	// City is where to stay.
	City string `json:"city" jsonschema:"minLength=1"`
	// Nights is how many nights to stay.
	Nights int `json:"nights" jsonschema:"minimum=1,maximum=14"`
}

// Booking confirms a hotel booking.
type Booking struct {
	Confirmation string `json:"confirmation"`
	City         string `json:"city"`
	Nights       int    `json:"nights"`
}

// BookHotel books a hotel room. It spends the traveller's money, so every
// call waits for their approval.
//
//tool:book-hotel key=bookHotel approval
func BookHotel(ctx context.Context, in BookingInput) (Booking, error) {
	code := strings.ToUpper(in.City[:min(3, len(in.City))])
	return Booking{Confirmation: fmt.Sprintf("%s-%dN", code, in.Nights), City: in.City, Nights: in.Nights}, nil
}
