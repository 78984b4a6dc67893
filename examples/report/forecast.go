package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"strings"
)

// CityInput names the city to forecast.
type CityInput struct {
	// City is a city name, such as "Lisbon".
	City string `json:"city" jsonschema:"minLength=1"`
}

// Forecast is the weather of the coming days in a city.
type Forecast struct {
	// City is the resolved city name.
	City string `json:"city"`
	// Days are the coming days, in order.
	Days []Day `json:"days"`
}

// Day is the forecast of one day.
type Day struct {
	// Date is the day, as YYYY-MM-DD.
	Date string `json:"date"`
	// HighC is the highest temperature, in degrees Celsius.
	HighC float64 `json:"highC"`
	// LowC is the lowest temperature, in degrees Celsius.
	LowC float64 `json:"lowC"`
	// Conditions describe the sky, such as "Sunny" or "Showers".
	Conditions string `json:"conditions"`
}

// forecasts is the offline data the example runs on, by lower-case city.
var forecasts = map[string]Forecast{
	"lisbon": {City: "Lisbon", Days: []Day{
		{Date: "2026-12-04", HighC: 17, LowC: 11, Conditions: "Sunny"},
		{Date: "2026-12-05", HighC: 18.5, LowC: 12, Conditions: "Partly cloudy"},
		{Date: "2026-12-06", HighC: 15, LowC: 10, Conditions: "Showers"},
	}},
	"oslo": {City: "Oslo", Days: []Day{
		{Date: "2026-12-04", HighC: -2, LowC: -7, Conditions: "Snow"},
		{Date: "2026-12-05", HighC: -1, LowC: -6, Conditions: "Cloudy"},
		{Date: "2026-12-06", HighC: 0, LowC: -4, Conditions: "Clear"},
	}},
}

// GetForecast returns the three-day forecast for a city.
//
//tool:forecast-tool key=forecast readonly idempotent
func GetForecast(ctx context.Context, in CityInput) (Forecast, error) {
	f, ok := forecasts[strings.ToLower(strings.TrimSpace(in.City))]
	if !ok {
		return Forecast{}, fmt.Errorf("no forecast for %q; known cities: Lisbon, Oslo", in.City)
	}
	return f, nil
}
