package eino

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// paramsOf turns a generated input schema into the parameters of an Eino
// ToolInfo. Eino carries a schema as an eino-contrib/jsonschema Schema,
// which drops the keywords it has no field for and the values its fields
// cannot hold; paramsOf refuses such a schema, naming the place, rather
// than give the model a looser schema than the one toolgen validates with.
func paramsOf(raw json.RawMessage) (*schema.ParamsOneOf, error) {
	s := new(jsonschema.Schema)
	if err := json.Unmarshal(raw, s); err != nil {
		return nil, fmt.Errorf("read the input schema: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("read the input schema: %w", err)
	}
	if err := carried("", doc); err != nil {
		return nil, fmt.Errorf("the input schema cannot be given to Eino: %w", err)
	}
	return schema.NewParamsOneOfByJSONSchema(s), nil
}

// keyword is what a keyword's value is, for [carried].
type keyword int

const (
	plain     keyword = iota // a string, a number or a list that the Schema keeps as is
	subschema                // a schema
	list                     // a list of schemas
	byName                   // an object of schemas
	value                    // any JSON value, kept as an interface
)

// keywords are the keywords eino-contrib/jsonschema v1.0.3's Schema has a
// field for.
var keywords = map[string]keyword{
	"$schema": plain, "$id": plain, "$anchor": plain, "$ref": plain, "$dynamicRef": plain, "$comment": plain,
	"type": plain, "multipleOf": plain, "maximum": plain, "exclusiveMaximum": plain, "minimum": plain,
	"exclusiveMinimum": plain, "maxLength": plain, "minLength": plain, "pattern": plain, "maxItems": plain,
	"minItems": plain, "uniqueItems": plain, "maxContains": plain, "minContains": plain, "maxProperties": plain,
	"minProperties": plain, "required": plain, "dependentRequired": plain, "format": plain,
	"contentEncoding": plain, "contentMediaType": plain, "title": plain, "description": plain,
	"deprecated": plain, "readOnly": plain, "writeOnly": plain,
	"not": subschema, "if": subschema, "then": subschema, "else": subschema, "items": subschema,
	"contains": subschema, "additionalProperties": subschema, "propertyNames": subschema, "contentSchema": subschema,
	"allOf": list, "anyOf": list, "oneOf": list, "prefixItems": list,
	"properties": byName, "patternProperties": byName, "$defs": byName, "dependentSchemas": byName,
	"enum": value, "const": value, "default": value, "examples": value,
}

// carried reports the first part of the schema s (decoded with UseNumber),
// at the JSON pointer at, that eino-contrib/jsonschema's Schema would not
// carry: an unknown keyword, a null const or default (interface fields that
// omitempty drops), an empty enum, an empty $ref, or a number in a value
// that a float64 does not hold exactly.
func carried(at string, s any) error {
	obj, ok := s.(map[string]any)
	if !ok {
		return nil // true or false, or not a schema: Unmarshal said so
	}
	for _, k := range slices.Sorted(maps.Keys(obj)) {
		v := obj[k]
		kind, known := keywords[k]
		switch {
		case !known:
			return fmt.Errorf("%s: the keyword %q has no place in Eino's schema type", pointer(at), k)
		case kind == subschema:
			if err := carried(at+"/"+k, v); err != nil {
				return err
			}
		case kind == list:
			items, _ := v.([]any)
			for i, item := range items {
				if err := carried(at+"/"+k+"/"+strconv.Itoa(i), item); err != nil {
					return err
				}
			}
		case kind == byName:
			named, _ := v.(map[string]any)
			for _, name := range slices.Sorted(maps.Keys(named)) {
				if err := carried(at+"/"+k+"/"+escape(name), named[name]); err != nil {
					return err
				}
			}
		case kind == value && v == nil && (k == "const" || k == "default"):
			return fmt.Errorf("%s: Eino's schema type drops a null %q", pointer(at), k)
		case kind == value && k == "enum" && isEmptyList(v):
			return fmt.Errorf("%s: Eino's schema type drops an empty enum", pointer(at))
		case kind == value:
			if n, bad := inexact(v); bad {
				return fmt.Errorf("%s: Eino's schema type holds the number %s of %q as a float64, which changes it", pointer(at), n, k)
			}
		case (k == "$ref" || k == "$dynamicRef") && v == "":
			return fmt.Errorf("%s: Eino's schema type drops an empty %q", pointer(at), k)
		}
	}
	return nil
}

// isEmptyList reports whether v is a JSON array with no element.
func isEmptyList(v any) bool {
	l, ok := v.([]any)
	return ok && len(l) == 0
}

// inexact returns the first number in v that changes on its way through
// a float64 and back to JSON, as encoding/json writes it: 9007199254740993
// does (it comes back as 9007199254740992); 0.1 does not.
func inexact(v any) (json.Number, bool) {
	switch v := v.(type) {
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return v, true
		}
		want, ok := new(big.Rat).SetString(string(v))
		got, ok2 := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
		if !ok || !ok2 || got.Cmp(want) != 0 {
			return v, true
		}
	case []any:
		for _, e := range v {
			if n, bad := inexact(e); bad {
				return n, true
			}
		}
	case map[string]any:
		for _, e := range v {
			if n, bad := inexact(e); bad {
				return n, true
			}
		}
	}
	return "", false
}

// escape escapes a JSON pointer's token.
func escape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
}

// pointer says where a JSON pointer is, "the root" for the empty one.
func pointer(p string) string {
	if p == "" {
		return "at the root"
	}
	return "at " + p
}
