package weather

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/tool"
)

// ForecastInput asks for a forecast.
type ForecastInput struct {
	// Location is a city name.
	Location string `json:"location" jsonschema:"minLength=1"`
	// Days is how many days to forecast, 1 to 7.
	Days int `json:"days" jsonschema:"minimum=1,maximum=7"`
}

// DayForecast is the forecast for one day.
type DayForecast struct {
	// Date is the day, as YYYY-MM-DD.
	Date string  `json:"date"`
	High float64 `json:"high"` // °C
	Low  float64 `json:"low"`  // °C
	// Rain is the chance of rain, percent.
	Rain int `json:"rain"`
}

// ForecastOutput is a forecast, one entry per day.
type ForecastOutput struct {
	Location string        `json:"location"`
	Days     []DayForecast `json:"days"`
}

// DayDelay is how long Forecast takes per day, standing in for a slow
// upstream model run. Tests set it to 0.
var DayDelay = 400 * time.Millisecond

// Forecast computes a daily forecast for a location. It is slow (a
// fraction of a second per day) and reports its progress as it goes, with
// each day's forecast as soon as it is ready.
//
//tool:forecast-tool key=forecastTool title="Daily forecast" readonly idempotent openworld=false
func Forecast(ctx context.Context, in ForecastInput) (ForecastOutput, error) {
	obs, ok := observations[strings.ToLower(strings.TrimSpace(in.Location))]
	if !ok {
		return ForecastOutput{}, fmt.Errorf("location %q not found; known locations: %s", in.Location, strings.Join(knownLocations(), ", "))
	}
	out := ForecastOutput{Location: obs.Location, Days: []DayForecast{}}
	start := time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)
	for d := range in.Days {
		select {
		case <-ctx.Done():
			return ForecastOutput{}, ctx.Err()
		case <-time.After(DayDelay):
		}
		swing := 3 * math.Sin(float64(d+len(obs.Location)))
		day := DayForecast{
			Date: start.AddDate(0, 0, d).Format(time.DateOnly),
			High: math.Round((obs.Temperature+2+swing)*10) / 10,
			Low:  math.Round((obs.Temperature-5+swing)*10) / 10,
			Rain: (obs.Humidity*(d+3) + 7*d) % 100,
		}
		out.Days = append(out.Days, day)
		tool.Progress(ctx, float64(d+1), float64(in.Days), fmt.Sprintf("%s: day %d of %d", obs.Location, d+1, in.Days))
		if err := tool.Emit(ctx, day); err != nil {
			return ForecastOutput{}, err
		}
	}
	return out, nil
}
