package tool

import (
	"errors"
	"fmt"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/schema"
)

// Output validation: a Func checks its encoded output against its
// Spec.OutputSchema when its ctx says so (toolexec.ValidatingOutputs), as
// Mastra's tools check theirs.

// outputPrefix starts the message of an output that does not match its
// schema.
const outputPrefix = "the tool's output does not match its output schema: "

// checkOutput validates data, the encoded output of the tool id, against
// its output schema.
func checkOutput(id string, sch *schema.Schema, data []byte) error {
	if err := sch.Err(); err != nil {
		return &callctx.OutputError{Invalid: true, Message: "the tool's output schema does not compile", Err: err}
	}
	v, err := schema.Parse(data)
	if err != nil {
		// The output is JSON that encoding/json wrote, which the syntax
		// pass refuses only for what a MarshalJSON method may produce (a
		// name twice in an object, say).
		return &callctx.OutputError{Invalid: true, Message: "the tool's output could not be read for validation",
			Err: fmt.Errorf("read output of %s: %w", id, err)}
	}
	err = sch.Validate(v)
	if err == nil {
		return nil
	}
	var ve *schema.ValidationError
	if !errors.As(err, &ve) {
		return &callctx.OutputError{Invalid: true, Message: "the tool's output could not be validated", Err: err}
	}
	msg := ve.Message(outputPrefix)
	return &callctx.OutputError{Invalid: true, Message: msg, Err: fmt.Errorf("output of %s: %s", id, msg)}
}
