package jsonout_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/toolgen-go/toolgen/runtime/jsonout"
)

// The output of the benchmarks' weather tool (bench/weather), and the
// encoder toolgen generates for it, copied verbatim (generator's
// TestEncoderWeather checks that it is what the generator writes).

type Unit string

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

// weather is the output of the benchmark's valid call.
var weather = WeatherOutput{Temperature: 18.5*9/5 + 32, FeelsLike: 17.9*9/5 + 32, Humidity: 62, WindSpeed: 14.2, WindGust: 27.0,
	Conditions: "Partly cloudy", Location: "Paris", Units: "fahrenheit"}

// encodeWeatherOutput appends the JSON encoding of v to dst, as json.Marshal writes it.
func encodeWeatherOutput(dst []byte, v WeatherOutput) ([]byte, error) {
	var err error
	dst = append(dst, `{"temperature":`...)
	if dst, err = jsonout.AppendFloat(dst, v.Temperature, 64); err != nil {
		return nil, err
	}
	dst = append(dst, `,"feelsLike":`...)
	if dst, err = jsonout.AppendFloat(dst, v.FeelsLike, 64); err != nil {
		return nil, err
	}
	dst = append(dst, `,"humidity":`...)
	dst = jsonout.AppendInt(dst, int64(v.Humidity))
	dst = append(dst, `,"windSpeed":`...)
	if dst, err = jsonout.AppendFloat(dst, v.WindSpeed, 64); err != nil {
		return nil, err
	}
	dst = append(dst, `,"windGust":`...)
	if dst, err = jsonout.AppendFloat(dst, v.WindGust, 64); err != nil {
		return nil, err
	}
	dst = append(dst, `,"conditions":`...)
	dst = jsonout.AppendString(dst, v.Conditions)
	dst = append(dst, `,"location":`...)
	dst = jsonout.AppendString(dst, v.Location)
	dst = append(dst, `,"units":`...)
	dst = jsonout.AppendString(dst, string(v.Units))
	dst = append(dst, '}')
	return dst, nil
}

func TestWeatherOutput(t *testing.T) {
	const want = `{"temperature":65.3,"feelsLike":64.22,"humidity":62,"windSpeed":14.2,"windGust":27,"conditions":"Partly cloudy","location":"Paris","units":"fahrenheit"}`
	got, err := encodeWeatherOutput(nil, weather)
	if err != nil || string(got) != want {
		t.Fatalf("got %s, %v; want %s", got, err, want)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		v := WeatherOutput{
			Temperature: r.NormFloat64() * 30, FeelsLike: math.Float64frombits(r.Uint64()), Humidity: int(r.Int64()),
			WindSpeed: float64(r.IntN(100)), WindGust: r.Float64() * 1e-7, Conditions: string(rune(r.IntN(0x3000))) + "<&>",
			Location: string([]byte{byte(r.IntN(256)), byte(r.IntN(256))}), Units: Unit(string(rune(r.IntN(0x110000)))),
		}
		want, wantErr := json.Marshal(v)
		got, err := encodeWeatherOutput(nil, v)
		if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("%#v:\n got %s, %v\nwant %s, %v", v, got, err, want, wantErr)
		}
	}
}

// BenchmarkWeatherOutput compares the generated encoder of the weather
// output with json.Marshal: into a new buffer of a fitting size, as the
// runtime would use it (the JSON stays with the tool's result), and into a
// reused one.
func BenchmarkWeatherOutput(b *testing.B) {
	b.Run("json.Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(weather); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("generated/new", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := encodeWeatherOutput(make([]byte, 0, 256), weather); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("generated/nil", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := encodeWeatherOutput(nil, weather); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("generated/reused", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 256)
		for b.Loop() {
			var err error
			if buf, err = encodeWeatherOutput(buf[:0], weather); err != nil {
				b.Fatal(err)
			}
		}
	})
}
