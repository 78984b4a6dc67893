package agent_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// BenchmarkOutputValidation measures a call of a tool with a 100-item
// output, with and without output validation.
func BenchmarkOutputValidation(b *testing.B) {
	type item struct {
		ID   int    `json:"id"`
		Name string `json:"name"`
	}
	const schema = `{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer","minimum":0},` +
		`"name":{"type":"string","maxLength":40}},"required":["id","name"],"additionalProperties":false}}`
	items := make([]item, 100)
	for i := range items {
		items[i] = item{ID: i, Name: "an item of the list"}
	}
	tl := tool.NewFunc(&tool.Spec{ID: "list", Description: "Lists.", InputSchema: json.RawMessage(emptySchema), OutputSchema: json.RawMessage(schema)},
		func(context.Context, emptyIn) ([]item, error) { return items, nil })
	for _, bc := range []struct {
		name string
		ctx  context.Context
	}{{"off", b.Context()}, {"on", toolexec.ValidatingOutputs(b.Context())}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := tool.Call(bc.ctx, tl, json.RawMessage(`{}`)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
