package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRun runs the example on the offline model, approving and declining
// the booking, and checks what it prints: the approval, the calls, what
// the model read of each (the unknown city as an error it reads, the run
// going on), and the answer.
func TestRun(t *testing.T) {
	const calls = `call: weather {"city":"Paris"}
call: weather {"city":"Atlantis"}
call: bookHotel {"city":"Paris","nights":2}
model read: weather {"city":"Paris","conditions":"Partly cloudy","temperatureC":18.5}
model read: weather {"error":"tool \"weather\" failed: no weather for \"Atlantis\"; known cities: Paris, Tokyo"}
`
	tests := []struct {
		name    string
		approve bool
		want    string
	}{
		{"approved", true, `approval: bookHotel {"city":"Paris","nights":2}: approved
` + calls + `model read: bookHotel {"city":"Paris","confirmation":"PAR-2N","nights":2}
answer: Paris: 18.5°C, Partly cloudy. (weather failed: tool "weather" failed: no weather for "Atlantis"; known cities: Paris, Tokyo) Booked 2 nights in Paris (PAR-2N).
`},
		{"declined", false, `approval: bookHotel {"city":"Paris","nights":2}: declined
` + calls + `model read: bookHotel {"error":"the call of \"bookHotel\" was not approved"}
answer: Paris: 18.5°C, Partly cloudy. (weather failed: tool "weather" failed: no weather for "Atlantis"; known cities: Paris, Tokyo) (bookHotel failed: the call of "bookHotel" was not approved)
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			require.NoError(t, run(t.Context(), &out, "", tt.approve))
			assert.Equal(t, tt.want, out.String())
		})
	}
}
