package eino_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/bytedance/sonic"
	einotool "github.com/cloudwego/eino/components/tool"
	"github.com/eino-contrib/jsonschema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/eino"
	"github.com/toolgen-go/toolgen/eino/internal/testtools"
	"github.com/toolgen-go/toolgen/tool"
)

// TestInfo checks each tool's ToolInfo against its generated Spec: the key
// as the name, the description, and the input schema as Eino hands it to a
// model (ToJSONSchema, encoded by encoding/json and by sonic, Eino's own
// encoder), equal in meaning to the generated one and to the Schema that
// json.Unmarshal would make of it.
func TestInfo(t *testing.T) {
	set := testtools.Tools()
	tools, err := eino.Tools(set, nil)
	require.NoError(t, err)
	require.Len(t, tools, len(set))
	for i, key := range set.Keys() {
		t.Run(key, func(t *testing.T) {
			_, ok := tools[i].(einotool.InvokableTool)
			require.True(t, ok, "an InvokableTool")
			info, err := tools[i].Info(t.Context())
			require.NoError(t, err)
			spec := set[key].Spec()
			assert.Equal(t, key, info.Name)
			assert.Equal(t, spec.Description, info.Desc)
			js, err := info.ToJSONSchema()
			require.NoError(t, err)
			std, err := json.Marshal(js)
			require.NoError(t, err)
			assert.JSONEq(t, string(spec.InputSchema), string(std))
			assert.Equal(t, viaUnmarshal(t, string(spec.InputSchema)), string(std), "the Schema encoding/json would make")
			fast, err := sonic.Marshal(js)
			require.NoError(t, err)
			assert.JSONEq(t, string(spec.InputSchema), string(fast))
		})
	}
}

// TestSchemaCarried checks schemas beyond what the test tools use: those
// Eino's schema type carries come back equal in meaning, as the Schema
// json.Unmarshal would make; those it would change are refused, with the
// tool's key and the place.
func TestSchemaCarried(t *testing.T) {
	tests := []struct {
		name, schema, err string
	}{
		{name: "boolean subschemas and conditionals", schema: `{"type":"object","properties":{"a":{"type":"array","prefixItems":[{"type":"string"}],"items":false,"minContains":1,"contains":{"const":"x"}},"b":{"if":{"type":"string"},"then":{"minLength":1},"else":{"type":"null"}}},"additionalProperties":false,"dependentRequired":{"a":["b"]}}`},
		{name: "falsy values kept", schema: `{"type":"object","properties":{"a":{"const":false},"b":{"const":0},"c":{"enum":[null,"x",""]},"d":{"default":"","examples":[0.1,1e3]}}}`},
		{name: "a float64 holds the number", schema: `{"type":"object","properties":{"a":{"enum":[9007199254740992,0.1,-2.5e-7]}}}`},
		{name: "refs and anchors", schema: `{"$defs":{"n":{"$anchor":"node","type":"object","properties":{"next":{"$ref":"#node"}}}},"type":"object","properties":{"root":{"$ref":"#/$defs/n"}}}`},
		{name: "unknown keyword", schema: `{"type":"object","unevaluatedProperties":false}`,
			err: `eino tools: tool "t": the input schema cannot be given to Eino: at the root: the keyword "unevaluatedProperties" has no place in Eino's schema type`},
		{name: "unknown keyword deep, in an escaped name", schema: `{"type":"object","properties":{"a/b":{"type":"array","items":{"x-kind":"id"}}}}`,
			err: `at /properties/a~1b/items: the keyword "x-kind" has no place`},
		{name: "draft-07 definitions", schema: `{"type":"object","definitions":{"a":{"type":"string"}}}`,
			err: `the keyword "definitions" has no place`},
		{name: "null const", schema: `{"type":"object","properties":{"a":{"const":null}}}`,
			err: `at /properties/a/const: Eino's schema type drops a null "const"`},
		{name: "null default", schema: `{"type":"object","properties":{"a":{"default":null}}}`,
			err: `drops a null "default"`},
		{name: "empty enum", schema: `{"type":"object","properties":{"a":{"anyOf":[{"enum":[]}]}}}`,
			err: `at /properties/a/anyOf/0/enum: Eino's schema type drops an empty enum`},
		{name: "integer beyond a float64", schema: `{"type":"object","properties":{"a":{"enum":[9007199254740993]}}}`,
			err: `at /properties/a/enum/0: Eino's schema type holds the number 9007199254740993 as a float64`},
		{name: "empty $ref", schema: `{"type":"object","properties":{"self":{"$ref":""}}}`,
			err: `drops an empty "$ref"`},
		{name: "not a schema", schema: `{"type":"object","required":"a"}`,
			err: `eino tools: tool "t": the input schema cannot be given to Eino: at /required: want an array of strings, not string`},
		{name: "not JSON", schema: `{"type":"object",}`, err: `eino tools: tool "t": the input schema cannot be given to Eino: `},
		{name: "two schemas", schema: `{"type":"object"} {}`, err: `text after the schema`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := tool.Toolset{"t": tool.NewFunc(&tool.Spec{ID: "t", Description: "T.", InputSchema: json.RawMessage(tt.schema)}, echo)}
			tools, err := eino.Tools(set, nil)
			if tt.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.err)
				// The refusal is needed: Eino's type would change the schema.
				var js jsonschema.Schema
				if json.Unmarshal([]byte(tt.schema), &js) == nil {
					back, err := json.Marshal(&js)
					require.NoError(t, err)
					assert.False(t, jsonEqual(t, tt.schema, string(back)), "Eino's type keeps %s", tt.schema)
				}
				return
			}
			require.NoError(t, err)
			info, err := tools[0].Info(t.Context())
			require.NoError(t, err)
			js, err := info.ToJSONSchema()
			require.NoError(t, err)
			got, err := json.Marshal(js)
			require.NoError(t, err)
			assert.JSONEq(t, tt.schema, string(got))
			assert.Equal(t, viaUnmarshal(t, tt.schema), string(got), "the Schema encoding/json would make")
		})
	}
}

// viaUnmarshal is the JSON of the Schema that json.Unmarshal makes of s.
func viaUnmarshal(t *testing.T, s string) string {
	t.Helper()
	var js jsonschema.Schema
	require.NoError(t, json.Unmarshal([]byte(s), &js))
	b, err := json.Marshal(&js)
	require.NoError(t, err)
	return string(b)
}

// TestToolsInvalidSet checks that a set with an invalid key is refused,
// naming the key.
func TestToolsInvalidSet(t *testing.T) {
	spec := &tool.Spec{ID: "t", Description: "T.", InputSchema: json.RawMessage(`{"type":"object"}`)}
	_, err := eino.Tools(tool.Toolset{"has space": tool.NewFunc(spec, echo)}, nil)
	assert.ErrorContains(t, err, `tool key "has space"`)
	_, err = eino.ToolsConfig(tool.Toolset{"ok": nil}, nil)
	assert.ErrorContains(t, err, `tool key "ok": nil tool`)
}

// jsonEqual reports whether two JSON texts hold the same value, numbers
// compared as written.
func jsonEqual(t *testing.T, a, b string) bool {
	t.Helper()
	decode := func(s string) any {
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		var v any
		require.NoError(t, dec.Decode(&v))
		return v
	}
	return reflect.DeepEqual(decode(a), decode(b))
}

// echoInput is the input of echo.
type echoInput struct{}

// echo is a tool function for hand-written specs.
func echo(context.Context, echoInput) (string, error) { return "echo", nil }
