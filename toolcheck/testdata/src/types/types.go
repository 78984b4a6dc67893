// Package types has tools whose input and output types have no JSON form,
// or tags toolgen cannot use: each is reported at the field.
package types

import "context"

// In has fields that encoding/json cannot encode.
type In struct {
	// Updates is a channel.
	Updates chan string `json:"updates"` // want `In.Updates: type chan string has no JSON form \(encoding/json cannot encode channels\)`
	// Done is a function.
	Done func() `json:"done"` // want `In.Done: type func\(\) has no JSON form \(encoding/json cannot encode functions\)`
	// Z is a complex number.
	Z complex128 `json:"z"` // want `In.Z: type complex128 has no JSON form \(encoding/json rejects complex numbers\)`
	// Weights has float keys.
	Weights map[float64]string `json:"weights"` // want `In.Weights: map key type float64 of map\[float64\]string is not supported`
	// Size has a jsonschema keyword of another type.
	Size int `json:"size" jsonschema:"minLength=1"` // want `In.Size: jsonschema keyword "minLength" does not apply to`
	// Name has a json name encoding/json does not accept.
	Name string `json:"na\"me"` // want `In.Name: json name .* is not valid for encoding/json`
	// Skipped is a channel that the json tag hides: no problem.
	Skipped chan int `json:"-"`
}

// Out is fine but for one field.
type Out struct {
	// Ready is a channel.
	Ready <-chan bool `json:"ready"` // want `Out.Ready: type <-chan bool has no JSON form`
}

// Process processes.
//
//tool:process
func Process(ctx context.Context, in In) (Out, error) { return Out{}, nil }
