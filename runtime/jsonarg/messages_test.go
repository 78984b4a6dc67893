package jsonarg_test

import (
	"encoding/json"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/runtime/jsonarg"
)

func TestMessages(t *testing.T) {
	tests := []struct{ got, want string }{
		{jsonarg.EnumMessage([]any{"celsius", "fahrenheit"}), `expected one of "celsius", "fahrenheit"`},
		{jsonarg.EnumMessage([]any{json.Number("1"), json.Number("2.50"), nil, true}), `expected one of 1, 2.50, null, true`},
		{jsonarg.EnumMessage([]any{1, "<a&b>"}), `expected one of 1, "\u003ca\u0026b\u003e"`},
		{jsonarg.ConstMessage("x"), `expected "x"`},
		{jsonarg.ConstMessage(map[string]any{"b": 1, "a": []any{}}), `expected {"a":[],"b":1}`},
		{jsonarg.MinimumMessage(big.NewRat(-128, 1)), `expected a number >= -128`},
		{jsonarg.MaximumMessage(big.NewRat(3, 2)), `expected a number <= 1.5`},
		{jsonarg.ExclusiveMinimumMessage(big.NewRat(0, 1)), `expected a number > 0`},
		{jsonarg.ExclusiveMaximumMessage(big.NewRat(1, 10)), `expected a number < 0.1`},
		{jsonarg.MinimumMessage(nil), `expected a number >= ?`},
		{jsonarg.MultipleOfMessage(big.NewRat(1, 4)), `expected a multiple of 0.25`},
		{jsonarg.PatternMessage(`^a"b$`), `does not match pattern "^a\"b$"`},
		{jsonarg.FormatMessage("email"), `is not a valid email`},
		{jsonarg.ContentEncodingMessage("base64"), `is not base64 encoded`},
		{jsonarg.ContentMediaTypeMessage("application/json"), `is not of media type application/json`},
		{jsonarg.KeywordMessage([]string{"dependentRequired", "a"}), `violates dependentRequired/a`},
		{jsonarg.TypeMessage("null or string", "number"), `expected null or string, got number`},
		{jsonarg.RequiredMessage([]string{"b", "a"}), `missing required properties "b", "a"`},
		{jsonarg.RequiredMessage([]string{"a"}), `missing required property "a"`},
		{jsonarg.UnexpectedMessage([]string{"b", "a", "b"}), `unexpected properties "a", "b" (property names are case-sensitive)`},
		{jsonarg.UnexpectedMessage([]string{"x\n"}), `unexpected property "x\n" (property names are case-sensitive)`},
		{jsonarg.MinLengthMessage(1, 0), `expected at least 1 characters, got 0`},
		{jsonarg.MaxLengthMessage(8, 9), `expected at most 8 characters, got 9`},
		{jsonarg.MinItemsMessage(1, 0), `expected at least 1 items, got 0`},
		{jsonarg.MaxItemsMessage(3, 4), `expected at most 3 items, got 4`},
		{jsonarg.MinPropertiesMessage(1, 0), `expected at least 1 properties, got 0`},
		{jsonarg.MaxPropertiesMessage(1, 2), `expected at most 1 properties, got 2`},
		{jsonarg.UniqueItemsMessage(0, 2), `items 0 and 2 are equal; expected unique items`},
		{jsonarg.Line(nil, "m"), `at /: m`},
		{jsonarg.Line([]string{"a", "0", "b/c"}, "m"), `at /a/0/b/c: m`},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.got)
	}
}

func TestTypeNames(t *testing.T) {
	assert.Equal(t, "string", jsonarg.TypeNames("string"))
	assert.Equal(t, "null or string", jsonarg.TypeNames("string", "null"))
	assert.Equal(t, "null or boolean or number or integer or string or array or object",
		jsonarg.TypeNames("object", "array", "string", "integer", "number", "boolean", "null"))
	assert.Equal(t, "", jsonarg.TypeNames("nonsense"))
}

func TestSchemaMessage(t *testing.T) {
	assert.Equal(t, "arguments do not match the input schema: at /a: x; at /b: y",
		jsonarg.SchemaMessage([]string{"at /b: y", "at /a: x", "at /b: y"}))
	var many []string
	for _, c := range "jihgfedcba" {
		many = append(many, "at /"+string(c)+": v")
	}
	assert.Equal(t, "arguments do not match the input schema: at /a: v; at /b: v; at /c: v; at /d: v; "+
		"at /e: v; at /f: v; at /g: v; at /h: v; and 2 more", jsonarg.SchemaMessage(many))
	assert.Equal(t, "arguments do not match the input schema: ", jsonarg.SchemaMessage(nil))
}
