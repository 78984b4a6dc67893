// Package nodesc has a tool and a structured output without a
// description. The expectations stand on lines of their own, two lines
// above the directive, so that they are no doc comment.
package nodesc

import "context"

// In is the input.
type In struct {
	Q string `json:"q"`
}

// Out is the output.
type Out struct {
	A string `json:"a"`
}

// want +2 `tool "silent" has no description: write a doc comment on Silent or set desc="…"`

//tool:silent
func Silent(ctx context.Context, in In) (Out, error) { return Out{}, nil }

// Described has a description from its desc= option, which is enough.
//
//tool:described desc="Says something."
func Described(ctx context.Context, in In) (Out, error) { return Out{}, nil }

// want +2 `output "report" has no description: write a doc comment on Report or set desc="…"`

//tool:report
type Report struct {
	Summary string `json:"summary"`
}
