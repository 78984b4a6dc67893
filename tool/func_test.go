package tool_test

import (
	"context"
	"encoding/json"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/tool"
)

// TestOutputMarshalledThroughPointer checks that an output is encoded as
// json.Marshal(&out) encodes it: big.Int's MarshalJSON has a pointer
// receiver, and a value big.Int field would otherwise be written as {}.
func TestOutputMarshalledThroughPointer(t *testing.T) {
	type out struct {
		N big.Int `json:"n"`
	}
	spec := &tool.Spec{ID: "big", Description: "Returns a big number.", InputSchema: json.RawMessage(`{"type":"object"}`)}
	f := tool.NewFunc(spec, func(context.Context, struct{}) (out, error) {
		var o out
		o.N.Lsh(big.NewInt(1), 70)
		return o, nil
	})
	res, err := tool.Call(context.Background(), f, json.RawMessage(`{}`))
	require.NoError(t, err)
	assert.JSONEq(t, `{"n":1180591620717411303424}`, string(res.JSON))
}
