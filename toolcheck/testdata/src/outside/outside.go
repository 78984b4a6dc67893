// Package outside uses a type of the standard library that has no JSON
// form: the problem is reported at the field of this package that reaches
// it, and where the standard library declares it is a related position.
package outside

import (
	"context"
	"time"
)

// In holds a timer.
type In struct {
	// Timer is the standard library's, whose C is a channel.
	Timer time.Timer `json:"timer"` // want `tool "wait": input In.Timer.C \(time.Timer.C\): type <-chan time.Time has no JSON form` `warning: tool "wait": input In.Timer \(time.Timer\): struct time.Timer has no json tags`
}

// Out is the output.
type Out struct {
	Done bool `json:"done"`
}

// Wait waits.
//
//tool:wait
func Wait(ctx context.Context, in In) (Out, error) { return Out{}, nil }
