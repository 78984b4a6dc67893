package tool

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/schema"
)

// OutputSpec describes the typed object a run ends with (Mastra's
// structuredOutput): toolgen generates one for each type declaration
// marked with a //tool:<id> directive.
type OutputSpec struct {
	// ID is the <id> of the type's directive. Requests name the schema by
	// it ([llm.ResponseFormat].Name).
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
// [github.com/toolgen-go/toolgen/agent.WithOutput], and read the run's object with [github.com/toolgen-go/toolgen/agent.Object].
type StructuredOutput[T any] struct {
	spec   OutputSpec
	schema *schema.Schema // compiled on first use
}

// NewOutput returns the structured output of type T described by spec.
// Generated code calls it; spec.Schema must describe T as toolgen does.
func NewOutput[T any](spec OutputSpec) *StructuredOutput[T] {
	return &StructuredOutput[T]{spec: spec, schema: schema.New(spec.ID, "object", spec.Schema)}
}

// Spec returns the output's description and schema.
func (o *StructuredOutput[T]) Spec() OutputSpec { return o.spec }

// Err reports an output that cannot be used: one not made with
// [NewOutput], or whose schema does not compile (compiled once, on first
// use).
func (o *StructuredOutput[T]) Err() error {
	if o.schema == nil {
		return fmt.Errorf("structured output %s was not made with NewOutput", o.spec.ID)
	}
	return o.schema.Err()
}

// Decode takes text, a model's answer, through the path of a tool's
// arguments into a T, within the limits of ctx: one code fence around it
// (```json …```), which models without native structured output sometimes
// add, is stripped first. It returns the object and its JSON. An error
// about the answer wraps [schema.ErrInvalidArguments]; a panic below it
// (in a type's UnmarshalJSON) is the application's fault and does not.
func (o *StructuredOutput[T]) Decode(ctx context.Context, text string) (obj T, raw json.RawMessage, err error) {
	defer func() {
		if p := recover(); p != nil {
			obj, raw, err = *new(T), nil, fmt.Errorf("read the object %s: %w", o.spec.ID, &callctx.PanicError{Value: p})
		}
	}()
	if err := o.Err(); err != nil {
		return obj, nil, err
	}
	data := unfence([]byte(text))
	if err := o.schema.Read(data, limitsFrom(ctx), o.spec.Strict, &obj); err != nil {
		return *new(T), nil, err
	}
	return obj, json.RawMessage(data), nil
}

// unfence returns text without one surrounding Markdown code fence
// ("```json\n…\n```"), which models without native structured output
// often put around JSON, and without surrounding white space. Other text
// is returned as is, for the syntax pass to judge.
func unfence(text []byte) []byte {
	t := bytes.TrimSpace(text)
	if !bytes.HasPrefix(t, []byte("```")) || !bytes.HasSuffix(t, []byte("```")) || len(t) < 6 {
		return t
	}
	body := t[3 : len(t)-3]
	nl := bytes.IndexByte(body, '\n')
	if nl < 0 || bytes.ContainsAny(body[:nl], "{[\"") {
		return t // not a fence with an info string line
	}
	return bytes.TrimSpace(body[nl+1:])
}
