package corpus_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
)

// docGenSchema uses every keyword docGen claims to handle, beyond those of
// the corpus's schemas today: the corpus's schemas will use them once they
// admit null, a number or a string, and the harness must be ready.
const docGenSchema = `{
  "$defs": {
    "Node": {
      "type": "object",
      "properties": {
        "name": {"type": "string", "minLength": 2, "maxLength": 5},
        "next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}
      },
      "required": ["name", "next"],
      "additionalProperties": false
    }
  },
  "type": "object",
  "properties": {
    "port": {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 65535}, {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"}]},
    "either": {"oneOf": [{"type": "integer", "multipleOf": 5}, {"type": "string", "format": "uuid"}, {"type": "null"}]},
    "both": {"allOf": [{"type": "object", "properties": {"a": {"type": "boolean"}}, "required": ["a"]}, {"properties": {"b": {"const": "x"}}, "required": ["b"]}]},
    "nullable": {"type": ["string", "null"], "format": "date-time"},
    "kind": {"enum": ["a", "b", 3, null]},
    "fixed": {"const": {"k": [1, 2]}},
    "when": {"type": "string", "format": "date-time"},
    "link": {"type": "string", "format": "uri"},
    "v4": {"type": "string", "format": "ipv4"},
    "v6": {"type": "string", "format": "ipv6"},
    "mail": {"type": "string", "format": "email"},
    "span": {"type": "string", "format": "duration"},
    "blob": {"type": "string", "contentEncoding": "base64"},
    "dur": {"type": "string", "pattern": "^(-?[0-9]+(\\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$"},
    "qty": {"type": "string", "pattern": "^[+-]?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+|[kMGTPE]i?|m)?$"},
    "rat": {"type": "string", "pattern": "^-?[0-9]+(/[0-9]+)?$"},
    "byInt": {"type": "object", "patternProperties": {"^-?[0-9]+$": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}}, "additionalProperties": false},
    "byUint": {"type": "object", "patternProperties": {"^[0-9]+$": {"type": "integer", "minimum": -128, "maximum": 127}}, "additionalProperties": false},
    "free": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": 2}},
    "anyMap": {"type": "object"},
    "anything": true,
    "tuple": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": false, "minItems": 2, "maxItems": 2},
    "fixedArray": {"type": "array", "items": {"type": "number", "minimum": 1.5, "maximum": 2.5}, "minItems": 3, "maxItems": 3},
    "node": {"$ref": "#/$defs/Node"},
    "nodes": {"type": "array", "items": {"$ref": "#/$defs/Node", "description": "a sibling of $ref"}}
  },
  "required": ["port", "either", "both", "nullable", "kind", "node", "tuple", "fixedArray", "dur", "qty", "rat"],
  "additionalProperties": false
}`

// TestDocGen checks the document generator on docGenSchema: every
// document it writes must validate, formats and content asserted.
func TestDocGen(t *testing.T) {
	v := compile(t, "docgen", "input", json.RawMessage(docGenSchema))
	sch, root := v.san, v.raw
	g := &docGen{r: rand.New(rand.NewPCG(1, 2)), root: root, maxDepth: 4}
	bad := 0
	for i := range 500 {
		data, err := json.Marshal(g.doc())
		require.NoError(t, err)
		doc, err := santhosh.UnmarshalJSON(bytes.NewReader(data))
		require.NoError(t, err)
		if err := sch.Validate(doc); err != nil {
			if bad++; bad <= 5 {
				t.Errorf("document %d is invalid: %v\n%s", i, err, data)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of 500 documents invalid", bad)
	}
}
