// Package signatures has tool functions whose signatures toolgen does not
// accept: each is reported at the part of the signature at fault.
package signatures

import "context"

// In is the input.
type In struct {
	Q string `json:"q"`
}

// Out is the output.
type Out struct {
	A string `json:"a"`
}

// NoContext has no context.
//
//tool:no-context
func NoContext(in In) (Out, error) { return Out{}, nil } // want `tool function NoContext: the first parameter must be a context.Context; want func\(ctx context.Context, in In\) \(Out, error\)`

// NotStruct takes a string.
//
//tool:not-struct
func NotStruct(ctx context.Context, in string) (Out, error) { return Out{}, nil } // want `tool function NotStruct: the input must be a named struct type or a pointer to one, not string`

// NoError returns no error.
//
//tool:no-error
func NoError(ctx context.Context, in In) Out { return Out{} } // want `tool function NoError: the last result must be an error`

// ThreeParams takes one parameter too many.
//
//tool:three-params
func ThreeParams(ctx context.Context, in In, n int) (Out, error) { return Out{}, nil } // want `tool function ThreeParams takes 3 parameters, want 2`

// Generic has a type parameter.
//
//tool:generic
func Generic[T any](ctx context.Context, in In) (Out, error) { return Out{}, nil } // want `tool function Generic: generic functions cannot be tools`
