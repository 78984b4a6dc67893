// Package misplaced has //tool: directives where no tool or output can be:
// each is reported at its line.
package misplaced

import "context"

// limit is a variable, not a tool.
//
//tool:limit // want `//tool: directive on a var declaration: a directive belongs in the doc comment of a top-level function or method`
var limit = 10

// Max is a constant.
//
//tool:max // want `//tool: directive on a const declaration`
const Max = 3

// Celsius is a type that is not a struct, so it cannot be a structured output.
//
//tool:celsius
type Celsius float64 // want `output "celsius": Celsius is not a struct type, but float64`

// Pair is a group of types.
//
//tool:pair // want `//tool: directive on a group of type declarations \(put it on one type of the group\)`
type (
	Left  struct{}
	Right struct{}
)

// Config is an ordinary struct.
type Config struct {
	// Name is a field.
	//
	//tool:name // want `//tool: directive on a field`
	Name string `json:"name"`
}

// Run is not a tool, and the directive inside it is not either.
func Run(ctx context.Context) int {
	//tool:inner // want `//tool: directive on a comment that is not a function's doc comment`
	return limit
}
