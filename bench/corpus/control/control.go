// Package control is the corpus's control: one tool over types whose
// schemas agree with encoding/json already (netip, time, []byte and
// json.RawMessage with omitempty, arrays, integer and TextMarshaler map
// keys, a generic struct, ",string" output fields). Its rows of the table
// must stay at zero; were they not, the harness would be at fault.
package control

import (
	"context"
	"encoding/json"
	"net/netip"
	"time"
)

//go:generate go tool toolgen

// Input uses types whose documents decode whatever string they hold.
type Input struct {
	Name    string          `json:"name"`
	Count   int             `json:"count"`
	Ratio   float64         `json:"ratio"`
	Tags    []string        `json:"tags,omitempty"`
	Since   time.Time       `json:"since"`
	Timeout time.Duration   `json:"timeout"`
	Grid    [3]int          `json:"grid"`
	ByID    map[int]string  `json:"by_id,omitempty"`
	Payload []byte          `json:"payload,omitempty"`
	Raw     json.RawMessage `json:"raw,omitempty"`
	Pair    Pair[string]    `json:"pair"`
}

// Pair is a generic struct.
type Pair[T any] struct {
	A T `json:"a"`
	B T `json:"b"`
}

// Output uses types whose encodings the schemas allow.
type Output struct {
	Addr     netip.Addr         `json:"addr"`
	Prefix   netip.Prefix       `json:"prefix"`
	AddrPort netip.AddrPort     `json:"addr_port"`
	Payload  []byte             `json:"payload,omitempty"`
	Raw      json.RawMessage    `json:"raw,omitempty"`
	Since    time.Time          `json:"since"`
	Timeout  time.Duration      `json:"timeout"`
	Grid     [2]float64         `json:"grid"`
	ByID     map[int8]string    `json:"by_id,omitempty"`
	ByAddr   map[netip.Addr]int `json:"by_addr,omitempty"`
	Count    int64              `json:"count,string"`
	Pair     Pair[int]          `json:"pair"`
}

// Echo answers with a zero output.
//
//tool:echo
func Echo(ctx context.Context, in Input) (Output, error) {
	return Output{Since: in.Since, Timeout: in.Timeout}, nil
}
