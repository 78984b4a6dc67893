package agent_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

type shipTo struct {
	City string `json:"city"`
	Zip  string `json:"zip,omitempty"`
}

type order struct {
	Size     string  `json:"size"`
	Quantity int     `json:"quantity,omitempty"`
	Ship     *shipTo `json:"ship,omitempty"`
	Gifts    []gift  `json:"gifts,omitempty"`
}

type gift struct {
	Note string `json:"note,omitempty"`
}

const orderSchema = `{
  "$defs": {"ShipTo": {"type": "object", "additionalProperties": false, "required": ["city"],
    "properties": {"city": {"type": "string"}, "zip": {"type": "string"}}}},
  "type": "object", "additionalProperties": false, "required": ["size"],
  "properties": {
    "size": {"type": "string", "enum": ["S", "L"]},
    "quantity": {"type": "integer", "minimum": 1},
    "ship": {"$ref": "#/$defs/ShipTo"},
    "gifts": {"type": "array", "items": {"type": "object", "additionalProperties": false,
      "properties": {"note": {"type": "string"}}}}
  }
}`

// TestStrictNulls: a strict tool is offered to OpenAI with every property
// required and the optional ones nullable, so the model sends nulls for
// what it leaves out. Those nulls mean "absent", at any depth; a null for a
// required property is still an error.
func TestStrictNulls(t *testing.T) {
	newTool := func(strict bool) *tool.Func[order, order] {
		return tool.NewFunc(&tool.Spec{ID: "order", InputSchema: json.RawMessage(orderSchema), Strict: strict},
			func(ctx context.Context, in order) (order, error) { return in, nil })
	}
	args := json.RawMessage(`{"size":"L","quantity":null,"ship":{"city":"Lyon","zip":null},"gifts":[{"note":null}]}`)

	in, err := newTool(true).Decode(args)
	require.NoError(t, err)
	assert.Equal(t, order{Size: "L", Ship: &shipTo{City: "Lyon"}, Gifts: []gift{{}}}, in)

	_, err = newTool(false).Decode(args)
	require.ErrorIs(t, err, schema.ErrInvalidArguments, "without strict, null is not an integer")

	_, err = newTool(true).Decode(json.RawMessage(`{"size":null}`))
	require.ErrorIs(t, err, schema.ErrInvalidArguments, "a required property may not be null")
	_, err = newTool(true).Decode(json.RawMessage(`{"size":"L","ship":{"city":null}}`))
	require.ErrorIs(t, err, schema.ErrInvalidArguments, "nor may a required nested one")
}
