package runtime

import (
	"context"
	"errors"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Output validation: a [Func] checks its encoded output against its
// Spec.OutputSchema when its ctx says so, as Mastra's tools check theirs
// (validateToolOutput). The agent loop says so for the runs of an Agent
// with ValidateOutputs or of a call with [WithOutputValidation]; [Call]
// callers say so with [ValidatingOutputs].

// outputValidationKey marks a ctx under which outputs are validated.
type outputValidationKey struct{}

// ValidatingOutputs returns a ctx under which a [Func] checks its output
// against its Spec.OutputSchema after each run, for [Call] and the MCP
// server as the agent loop does with [WithOutputValidation]. An output that
// does not match is a [ToolError] of kind [KindInvalidOutput].
func ValidatingOutputs(ctx context.Context) context.Context {
	return context.WithValue(ctx, outputValidationKey{}, true)
}

// validatingOutputs reports whether ctx asks for output validation.
func validatingOutputs(ctx context.Context) bool {
	on, _ := ctx.Value(outputValidationKey{}).(bool)
	return on
}

// WithOutputValidation makes every tool of the run check its output
// against its output schema, as [Agent].ValidateOutputs does for all its
// runs: an output that does not match is an error result of kind
// [KindInvalidOutput] whose message gives the paths and what was expected,
// never the output's values, and the loop goes on. Tools that are not
// [Func] values, and Funcs without an output schema, are not checked. The
// run's subagents, and tools that call others with their ctx, check
// theirs too.
//
// A Func's schema is generated from its output type, so a mismatch is a
// bug: most often a nil slice, map or pointer that encodes as null where
// the schema wants an array or an object (return an empty one, or tag the
// field omitempty). Validation costs what checking arguments does, about
// 2 µs per value of the output on a 2-core machine (0.6 ms for a list of
// 100 small records: BenchmarkOutputValidation); turn it on in tests, as
// the examples do, or in production where that is cheap.
func WithOutputValidation() Option {
	return func(cc *callConfig) { cc.validateOutputs = true }
}

// outputPrefix starts the message of an output that does not match its
// schema.
const outputPrefix = "the tool's output does not match its output schema: "

// checkOutput validates data, the encoded output of the tool id, against
// its output schema.
func checkOutput(id string, schema *lazySchema, data []byte) error {
	sch, err := schema.get()
	if err != nil {
		return &ToolError{Kind: KindInvalidOutput, Message: "the tool's output schema does not compile", Err: err}
	}
	v, err := parseArguments(data)
	if err != nil {
		// The output is JSON that encoding/json wrote, which the syntax
		// pass refuses only for what a MarshalJSON method may produce (a
		// name twice in an object, say).
		return &ToolError{Kind: KindInvalidOutput, Message: "the tool's output could not be read for validation",
			Err: fmt.Errorf("read output of %s: %w", id, err)}
	}
	err = sch.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return &ToolError{Kind: KindInvalidOutput, Message: "the tool's output could not be validated", Err: err}
	}
	msg := validationMessage(outputPrefix, ve)
	return &ToolError{Kind: KindInvalidOutput, Message: msg, Err: fmt.Errorf("output of %s: %s", id, msg)}
}
