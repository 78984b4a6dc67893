package schema

import (
	"encoding/json"
	"slices"
	"strconv"
)

// openAIFormats are the string formats OpenAI strict mode accepts.
var openAIFormats = map[string]bool{
	"date-time": true, "time": true, "date": true, "duration": true, "email": true,
	"hostname": true, "ipv4": true, "ipv6": true, "uuid": true,
}

// openAIKept are the keywords copied unchanged into a strict schema.
var openAIKept = map[string]bool{
	"type": true, "enum": true, "const": true, "description": true, "title": true,
	"pattern": true, "multipleOf": true, "minimum": true, "maximum": true,
	"exclusiveMinimum": true, "exclusiveMaximum": true, "minItems": true, "maxItems": true,
}

// unsupportedApplicators change which values a schema accepts in ways no
// dialect here can express, so dropping them would be wrong.
var unsupportedApplicators = map[string]bool{
	"allOf": true, "not": true, "if": true, "then": true, "else": true,
	"prefixItems": true, "contains": true, "dependentSchemas": true, "dependencies": true,
	"additionalItems": true, "$dynamicRef": true, "$recursiveRef": true,
}

const openAIFreeForm = "free-form maps are not allowed in OpenAI strict mode: every object must list its properties and set additionalProperties to false"

func (c *schemaConverter) openAIRoot(root any) any {
	obj, ok := root.(*jsonObject)
	if ok && obj.has("$ref") && !isObjectSchema(obj) {
		if target, found := c.resolveRef(stringValue(obj.vals["$ref"])); found {
			merged := mergeRef(target, obj)
			if m, isObj := merged.(*jsonObject); isObj {
				copyDefs(m, obj)
				obj = m
			}
		}
	}
	if !ok || !isObjectSchema(obj) || obj.has("anyOf") || obj.has("oneOf") || slices.Contains(schemaTypes(obj), "null") {
		c.fail("", "OpenAI strict mode needs an object schema at the root (type object, not a union), got %s", describeSchemaKind(root))
		return root
	}
	return c.openAI(obj, "")
}

// copyDefs gives m the $defs (or definitions) of from, first.
func copyDefs(m, from *jsonObject) {
	for _, k := range []string{"definitions", "$defs"} {
		if defs, ok := from.get(k); ok {
			m.keys = append([]string{k}, slices.DeleteFunc(m.keys, func(key string) bool { return key == k })...)
			m.vals[k] = defs
		}
	}
}

// openAI converts one subschema at path.
func (c *schemaConverter) openAI(s any, path string) any {
	obj, ok := s.(*jsonObject)
	if !ok {
		if b, isBool := s.(bool); isBool && !b {
			c.fail(path, "the false schema (no value) cannot be expressed in OpenAI strict mode")
		} else {
			c.fail(path, "any value (true or {}) cannot be expressed in OpenAI strict mode: every schema needs a type")
		}
		return s
	}
	if isAnySchema(obj) {
		c.fail(path, "any value (true or {}) cannot be expressed in OpenAI strict mode: every schema needs a type")
		return s
	}
	for chain := 0; obj.has("$ref") && obj.len() > 1; chain++ {
		// Strict mode rejects keywords next to $ref: inline the target.
		ref := stringValue(obj.vals["$ref"])
		target, found := c.resolveRef(ref)
		if !found {
			c.fail(subPath(path, "$ref"), "cannot resolve $ref %q", ref)
			return s
		}
		if chain >= maxRefChain {
			c.fail(subPath(path, "$ref"), "$ref chain longer than %d", maxRefChain)
			return s
		}
		m := mergeRef(target, obj)
		merged, isObj := m.(*jsonObject)
		if !isObj || isAnySchema(merged) {
			return c.openAI(m, path)
		}
		obj = merged
	}

	out := newJSONObject()
	isObject := isObjectSchema(obj)
	req := requiredSet(obj)
	for _, k := range obj.keys {
		v := obj.vals[k]
		switch {
		case k == "$ref":
			if _, found := c.resolveRef(stringValue(v)); !found {
				c.fail(subPath(path, k), "cannot resolve $ref %q", stringValue(v))
			}
			out.set(k, v)
		case k == "enum":
			out.set(k, uniqueValues(v))
		case openAIKept[k]:
			out.set(k, v)
		case k == "format":
			if openAIFormats[stringValue(v)] {
				out.set(k, v)
			}
		case k == "properties":
			props, ok := v.(*jsonObject)
			if !ok {
				c.fail(subPath(path, k), "properties is not an object")
				continue
			}
			converted := newJSONObject()
			for _, name := range props.keys {
				converted.set(name, c.openAIProperty(props.vals[name], !req[name], subPath(path, k, name)))
			}
			out.set(k, converted)
		case k == "required":
			out.set(k, nil) // keeps its place; filled below
		case k == "additionalProperties":
			if b, isBool := v.(bool); isBool && !b {
				out.set(k, false)
			} else {
				c.fail(subPath(path, k), "%s", openAIFreeForm)
			}
		case k == "patternProperties":
			c.fail(subPath(path, k), "maps with patterned keys (patternProperties, such as integer-keyed maps) are not allowed in OpenAI strict mode: every object must list its properties")
		case k == "unevaluatedProperties":
			if b, isBool := v.(bool); !isBool || b {
				c.fail(subPath(path, k), "%s", openAIFreeForm)
			}
		case k == "items":
			if _, isArr := v.([]any); isArr {
				c.fail(subPath(path, k), "tuple items cannot be expressed in OpenAI strict mode")
				continue
			}
			out.set(k, c.openAI(v, subPath(path, k)))
		case k == "anyOf" || k == "oneOf":
			if obj.has("anyOf") && obj.has("oneOf") {
				c.fail(path, "anyOf and oneOf together cannot be expressed in OpenAI strict mode")
				continue
			}
			branches, ok := v.([]any)
			if !ok {
				c.fail(subPath(path, k), "%s is not an array", k)
				continue
			}
			converted := make([]any, len(branches))
			for i, b := range branches {
				converted[i] = c.openAI(b, subPath(path, k, strconv.Itoa(i)))
			}
			// oneOf becomes anyOf: the same when the branches exclude each
			// other, as a nullable union's do; looser otherwise, and the
			// standard schema still checks the arguments.
			out.set("anyOf", converted)
		case k == "$defs" || k == "definitions":
			defs, ok := v.(*jsonObject)
			if !ok {
				c.fail(subPath(path, k), "%s is not an object", k)
				continue
			}
			converted := newJSONObject()
			for _, name := range defs.keys {
				converted.set(name, c.openAI(defs.vals[name], subPath(path, k, name)))
			}
			out.set(k, converted)
		case unsupportedApplicators[k]:
			c.fail(subPath(path, k), "%s is not supported in OpenAI strict mode", k)
		}
		// Anything else is an annotation or an assertion strict mode
		// rejects: dropped.
	}
	if !isObject {
		out.del("required")
		if !out.has("type") && !out.has("$ref") && !out.has("anyOf") {
			if t := valuesType(out); t != "" {
				out.set("type", t)
			}
		}
		return out
	}
	props, _ := out.vals["properties"].(*jsonObject)
	if !obj.has("additionalProperties") && !obj.has("patternProperties") && !obj.has("unevaluatedProperties") {
		if props == nil || props.len() == 0 {
			c.fail(path, "%s", openAIFreeForm)
			return out
		}
		out.setAfter("properties", "additionalProperties", false)
	}
	if !out.has("type") {
		out.set("type", "object")
	}
	if props == nil || props.len() == 0 {
		out.del("required")
		return out
	}
	names := make([]any, len(props.keys))
	for i, name := range props.keys {
		names[i] = name
	}
	if out.has("required") {
		out.set("required", names)
	} else {
		out.setAfter("additionalProperties", "required", names)
	}
	return out
}

// openAIProperty converts the schema of a property; one that was optional
// becomes a union with null, since strict mode makes it required.
func (c *schemaConverter) openAIProperty(s any, optional bool, path string) any {
	obj, ok := s.(*jsonObject)
	if !optional || !ok || !obj.has("$ref") || obj.len() == 1 {
		converted := c.openAI(s, path)
		if optional {
			converted = openAINullable(converted)
		}
		return converted
	}
	// {"$ref": X, "description": D} need not be inlined when it becomes
	// {"anyOf": [{"$ref": X}, {"type": "null"}], "description": D}.
	for _, k := range obj.keys {
		if k != "$ref" && !annotationKeywords[k] {
			return openAINullable(c.openAI(s, path))
		}
	}
	ref := newJSONObject()
	ref.set("$ref", obj.vals["$ref"])
	wrap := openAINullable(c.openAI(ref, path)).(*jsonObject)
	for _, k := range []string{"title", "description"} {
		if v, ok := obj.get(k); ok {
			wrap.set(k, v)
		}
	}
	return wrap
}

// openAINullable returns s, converted, as a union with null.
func openAINullable(s any) any {
	obj, ok := s.(*jsonObject)
	if !ok || isAnySchema(obj) || admitsNull(obj) {
		return s
	}
	if t, ok := obj.vals["type"].(string); ok && isScalarType(t) &&
		!obj.has("enum") && !obj.has("const") && !obj.has("anyOf") && !obj.has("oneOf") && !obj.has("$ref") {
		n := obj.clone()
		n.set("type", []any{t, "null"})
		return n
	}
	null := newJSONObject()
	null.set("type", "null")
	if !obj.has("type") && !obj.has("$ref") && (obj.has("anyOf") || obj.has("oneOf")) && !(obj.has("anyOf") && obj.has("oneOf")) {
		k := "anyOf"
		if obj.has("oneOf") {
			k = "oneOf"
		}
		if branches, ok := obj.vals[k].([]any); ok {
			n := obj.clone()
			n.set(k, append(slices.Clip(branches), null))
			return n
		}
	}
	inner := obj.clone()
	wrap := newJSONObject()
	wrap.set("anyOf", []any{inner, null})
	for _, k := range []string{"title", "description"} {
		if v, ok := obj.get(k); ok {
			wrap.set(k, v)
			inner.del(k)
		}
	}
	return wrap
}

func isScalarType(t string) bool {
	return t == "string" || t == "number" || t == "integer" || t == "boolean"
}

// admitsNull reports whether s plainly accepts null (its type, a branch of
// its union, its enum or its const, or OpenAPI's nullable).
func admitsNull(s *jsonObject) bool {
	if slices.Contains(schemaTypes(s), "null") {
		return true
	}
	if b, _ := s.vals["nullable"].(bool); b {
		return true
	}
	if v, ok := s.get("const"); ok && v == nil {
		return true
	}
	if enum, ok := s.vals["enum"].([]any); ok && slices.Contains(enum, nil) {
		return true
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if branches, ok := s.vals[k].([]any); ok {
			for _, b := range branches {
				if bo, ok := b.(*jsonObject); ok && admitsNull(bo) {
					return true
				}
			}
		}
	}
	return false
}

func stringValue(v any) string {
	s, _ := v.(string)
	return s
}

// valuesType is the JSON type shared by the values of s's enum or const,
// or "" when they differ or s has neither.
func valuesType(s *jsonObject) string {
	values, _ := s.vals["enum"].([]any)
	if v, ok := s.get("const"); ok {
		values = []any{v}
	}
	typ := ""
	for _, v := range values {
		t := ""
		switch v := v.(type) {
		case string:
			t = "string"
		case bool:
			t = "boolean"
		case json.Number:
			t = "number"
			if _, err := v.Int64(); err == nil {
				t = "integer"
			}
		default:
			return ""
		}
		if typ != "" && typ != t {
			if typ == "integer" && t == "number" || typ == "number" && t == "integer" {
				t = "number"
			} else {
				return ""
			}
		}
		typ = t
	}
	return typ
}

// uniqueValues drops repeated values from an enum list, keeping the first
// of each.
func uniqueValues(v any) any {
	list, ok := v.([]any)
	if !ok {
		return v
	}
	seen := map[string]bool{}
	var out []any
	for _, e := range list {
		key := string(encodeOrdered(e))
		if !seen[key] {
			seen[key] = true
			out = append(out, e)
		}
	}
	if len(out) == len(list) {
		return list
	}
	return out
}
