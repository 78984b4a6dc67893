package runtime

import (
	"encoding/json"
)

// OutputSpec describes the typed object a run ends with (Mastra's
// structuredOutput): toolgen generates one for each type declaration
// marked with a //tool:<id> directive.
type OutputSpec struct {
	// ID is the <id> of the type's directive. Requests name the schema by
	// it ([ResponseFormat].Name).
	ID string
	// Description tells the model what the object is: the type's doc
	// comment, or the directive's desc=.
	Description string
	// Schema is the JSON Schema (2020-12) of the type; its root is an
	// object.
	Schema json.RawMessage
	// Strict asks providers that support it to constrain the answer to the
	// schema exactly (the directive's strict option).
	Strict bool
}

// StructuredOutput is the typed handle of an output schema: pass it to
// [WithOutput], and read the run's object with [Object].
type StructuredOutput[T any] struct {
	spec OutputSpec
}

// NewOutput returns the structured output of type T described by spec.
// Generated code calls it; spec.Schema must describe T as toolgen does.
func NewOutput[T any](spec OutputSpec) *StructuredOutput[T] {
	return &StructuredOutput[T]{spec: spec}
}

// Spec returns the output's description and schema.
func (o *StructuredOutput[T]) Spec() OutputSpec { return o.spec }
