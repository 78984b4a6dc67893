// Package genkit measures github.com/firebase/genkit/go beside toolgen. It is
// a module of its own so that bench/ does not require Genkit and its
// dependencies; it needs no replace directive but toolgen's own (see
// docs/stacks.md).
package genkit

import (
	"context"
	"encoding/json"

	"github.com/firebase/genkit/go/ai"
)

// newTool is genkit's DefineTool without a registry (ai.NewTool): the same
// schema inference and the same action, and no name collision across
// benchmark iterations. genkit.Init, which DefineTool needs, registers a
// signal handler on every call and cannot run in a benchmark loop.
func newTool[In, Out any](name, desc string, fn func(context.Context, In) (Out, error)) ai.Tool {
	return ai.NewTool(name, desc, func(tc *ai.ToolContext, in In) (Out, error) { return fn(tc, in) })
}

// call runs t as genkit's generate loop does (RunRaw: JSON schema
// validation with gojsonschema, decoding, the call, encoding) and encodes
// the output as a model plugin would. It returns the text and whether it is
// an error.
func call(ctx context.Context, t ai.Tool, args json.RawMessage) (string, bool) {
	out, err := t.RunRaw(ctx, args)
	if err != nil {
		return err.Error(), true
	}
	data, err := json.Marshal(out)
	if err != nil {
		return err.Error(), true
	}
	return string(data), false
}

// list lists tools as a model request carries them, schemas included.
func list(ts []ai.Tool) []*ai.ToolDefinition {
	out := make([]*ai.ToolDefinition, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.Definition())
	}
	return out
}
