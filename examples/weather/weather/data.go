package weather

import (
	"slices"
	"time"
)

// observations is the offline data the tools answer from, by lower-case
// location.
var observations = map[string]WeatherOutput{
	"paris":    {Temperature: 18.5, FeelsLike: 17.9, Humidity: 62, WindSpeed: 14.2, WindGust: 27.0, Conditions: "Partly cloudy", Location: "Paris", Icon: "https://example.com/icons/partly-cloudy.png", StationID: "LFPG-07"},
	"london":   {Temperature: 14.1, FeelsLike: 12.6, Humidity: 81, WindSpeed: 22.5, WindGust: 41.8, Conditions: "Light rain", Location: "London", Icon: "https://example.com/icons/rain.png", StationID: "EGLL-02"},
	"new york": {Temperature: 24.3, FeelsLike: 25.8, Humidity: 55, WindSpeed: 9.7, WindGust: 18.4, Conditions: "Clear sky", Location: "New York", Icon: "https://example.com/icons/clear.png", StationID: "KJFK-11"},
	"tokyo":    {Temperature: 29.6, FeelsLike: 33.1, Humidity: 74, WindSpeed: 6.1, WindGust: 12.9, Conditions: "Humid and hazy", Location: "Tokyo", Icon: "https://example.com/icons/haze.png", StationID: "RJTT-03"},
}

var hazards = map[string][]Hazard{
	"london": {{Kind: "wind", Severity: Moderate, Issued: time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC), Advice: "Secure loose objects."}},
	"tokyo":  {{Kind: "heat", Severity: Severe, Issued: time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC), Advice: "Stay hydrated and avoid the midday sun."}},
}

func knownLocations() []string {
	var names []string
	for _, o := range observations {
		names = append(names, o.Location)
	}
	slices.Sort(names)
	return names
}
