// Package syntax has malformed //tool: directives. The expectations stand
// on lines of their own, two lines above the directive they are about, so
// that they do not become part of it.
package syntax

import "context"

// In is the input.
type In struct {
	Q string `json:"q"`
}

// Out is the output.
type Out struct {
	A string `json:"a"`
}

// want +4 `tool id "bad.id"`

// BadID has an id with a dot.
//
//tool:bad.id
func BadID(ctx context.Context, in In) (Out, error) { return Out{}, nil }

// want +4 `unknown option "redonly"`

// Unknown has a misspelt option.
//
//tool:unknown redonly
func Unknown(ctx context.Context, in In) (Out, error) { return Out{}, nil }

// want +4 `warning: gofmt or a typo broke this //tool: directive \(a space after //\); write //tool:spaced`

// Spaced has a space after the slashes, which Go reads as prose.
//
// tool:spaced
func Spaced(ctx context.Context, in In) (Out, error) { return Out{}, nil }
