package schema

import (
	"slices"
	"strconv"
	"strings"
)

// maxInlinedNodes bounds the subschemas a Gemini conversion writes, since
// inlining shared and recursive types can multiply a schema's size.
const maxInlinedNodes = 20000

const geminiFreeForm = "free-form objects (maps, patternProperties, objects without properties) cannot be expressed for Gemini: its schemas have no additionalProperties, and an object must list its properties"

// geminiCut says where recursion unrolling stopped: the $ref that was not
// inlined again, and the path it was met at.
type geminiCut struct{ ref, path string }

func (c *schemaConverter) geminiRoot(root any) any {
	c.inlining = map[string]int{}
	out, cut := c.gemini(root, "")
	if cut != nil {
		what := "recursive type " + refName(cut.ref)
		if cut.ref == "#" {
			what = "the recursive type of the root"
		}
		c.fail(cut.path, "%s cannot be unrolled for Gemini, which has no $ref: after %d levels the recursion must stop at an optional property whose object keeps other properties, and this cycle has none (the fields that lead back are required, or cutting them leaves an object without properties, which Gemini rejects); use another dialect or make the cycle end at such a property",
			what, GeminiUnrollDepth)
		return root
	}
	if o, ok := out.(*jsonObject); len(c.errs) == 0 && (!ok || stringValue(o.vals["type"]) != "object") {
		c.fail("", "Gemini function parameters must be an object schema, got %s", describeSchemaKind(root))
	}
	return out
}

// gemini converts one subschema at path. A non-nil cut means the
// subschema was left out because recursion reached its bound; the caller
// drops the optional property that holds it or passes the cut up.
func (c *schemaConverter) gemini(s any, path string) (any, *geminiCut) {
	c.nodes++
	if c.nodes == maxInlinedNodes+1 {
		c.fail("", "the schema has more than %d subschemas once its $refs are inlined", maxInlinedNodes)
	}
	if c.nodes > maxInlinedNodes {
		return s, nil
	}
	obj, ok := s.(*jsonObject)
	if !ok || isAnySchema(obj) {
		if b, isBool := s.(bool); isBool && !b {
			c.fail(path, "the false schema (no value) cannot be expressed for Gemini")
		} else {
			c.fail(path, "any value (true or {}) cannot be expressed for Gemini: every schema needs a type")
		}
		return s, nil
	}
	if obj.has("$ref") {
		ref := stringValue(obj.vals["$ref"])
		target, found := c.resolveRef(ref)
		if !found {
			c.fail(subPath(path, "$ref"), "cannot resolve $ref %q", ref)
			return s, nil
		}
		if c.inlining[ref] >= GeminiUnrollDepth {
			return nil, &geminiCut{ref: ref, path: path}
		}
		c.inlining[ref]++
		defer func() { c.inlining[ref]-- }()
		return c.gemini(mergeRef(target, obj), path)
	}

	errsBefore := len(c.errs)
	types := schemaTypes(obj)
	req := requiredSet(obj)
	out := newJSONObject()
	var (
		nullable bool
		closed   bool
		hoist    *jsonObject
		notes    []any
	)
	for _, k := range obj.keys {
		v := obj.vals[k]
		p := subPath(path, k)
		switch k {
		case "type":
			kept := slices.DeleteFunc(slices.Clone(types), func(t string) bool { return t == "null" })
			nullable = nullable || len(kept) < len(types)
			switch len(kept) {
			case 0:
				c.fail(p, "a schema of null alone cannot be expressed for Gemini")
			case 1:
				out.set(k, kept[0])
			default:
				c.fail(p, "a type array with several types (%s) cannot be expressed for Gemini: it takes one type per schema", strings.Join(kept, ", "))
			}
		case "nullable":
			if b, _ := v.(bool); b {
				nullable = true
			}
		case "description", "minimum", "maximum", "minItems", "maxItems":
			out.set(k, v)
		case "format":
			if geminiFormat(types, stringValue(v)) {
				out.set(k, v)
			}
		case "enum", "const":
			values, isList := v.([]any)
			if k == "const" || !isList {
				values = []any{v}
			}
			var strs, others []any
			for _, e := range values {
				switch e.(type) {
				case nil:
					nullable = true
				case string:
					strs = append(strs, e)
				default:
					others = append(others, e)
				}
			}
			switch {
			case len(strs) == 0 && len(others) == 0:
				// null alone: nullable says it
			case len(others) == 0 && (len(types) == 0 || slices.Contains(types, "string")):
				out.set("enum", uniqueValues(strs))
			default:
				// Gemini takes enums of strings only: say the values in words.
				notes = append(notes, slices.DeleteFunc(slices.Clone(values), func(e any) bool { return e == nil })...)
			}
		case "properties":
			props, isObj := v.(*jsonObject)
			if !isObj {
				c.fail(p, "properties is not an object")
				continue
			}
			converted := newJSONObject()
			var lastCut *geminiCut
			for _, name := range props.keys {
				cs, cut := c.gemini(props.vals[name], subPath(p, name))
				if cut != nil {
					if req[name] {
						return nil, cut
					}
					lastCut = cut
					continue
				}
				converted.set(name, cs)
			}
			if converted.len() == 0 && lastCut != nil {
				// Gemini rejects an object with no properties: cut this one
				// too.
				return nil, lastCut
			}
			if converted.len() > 0 {
				out.set(k, converted)
			}
		case "required":
			out.set(k, nil) // keeps its place; filled below
		case "items":
			if _, isArr := v.([]any); isArr {
				c.fail(p, "tuple items cannot be expressed for Gemini")
				continue
			}
			cs, cut := c.gemini(v, p)
			if cut != nil {
				return nil, cut
			}
			out.set(k, cs)
		case "anyOf", "oneOf":
			if obj.has("anyOf") && obj.has("oneOf") {
				c.fail(path, "anyOf and oneOf together cannot be expressed for Gemini")
				continue
			}
			branches, isList := v.([]any)
			if !isList {
				c.fail(p, "%s is not an array", k)
				continue
			}
			var kept []any
			var lastCut *geminiCut
			for i, b := range branches {
				if bo, isObj := b.(*jsonObject); isObj && slices.Equal(schemaTypes(bo), []string{"null"}) {
					nullable = true
					continue
				}
				cs, cut := c.gemini(b, subPath(p, strconv.Itoa(i)))
				if cut != nil {
					lastCut = cut
					continue
				}
				kept = append(kept, cs)
			}
			switch {
			case len(kept) == 0 && lastCut != nil:
				return nil, lastCut
			case len(kept) == 0:
				c.fail(p, "a union of null alone cannot be expressed for Gemini")
			case len(kept) == 1:
				hoist, _ = kept[0].(*jsonObject)
			default:
				out.set("anyOf", kept)
			}
		case "additionalProperties":
			if b, isBool := v.(bool); isBool && !b {
				closed = true
			} else {
				c.fail(p, "%s", geminiFreeForm)
			}
		case "patternProperties":
			c.fail(p, "%s", geminiFreeForm)
		default:
			if unsupportedApplicators[k] {
				c.fail(p, "%s is not supported by Gemini", k)
			}
			// Anything else is dropped.
		}
	}

	if out.has("required") {
		props, _ := out.vals["properties"].(*jsonObject)
		var names []any
		if list, isList := obj.vals["required"].([]any); isList && props != nil {
			for _, name := range list {
				if props.has(stringValue(name)) {
					names = append(names, name)
				}
			}
		}
		if len(names) > 0 {
			out.set("required", names)
		} else {
			out.del("required")
		}
	}
	if hoist == nil && isObjectSchema(obj) {
		props, _ := obj.vals["properties"].(*jsonObject)
		switch {
		case props != nil && props.len() > 0, obj.has("additionalProperties") && !closed, obj.has("patternProperties"):
			// listed properties, or an error said already
		case !closed:
			c.fail(path, "%s", geminiFreeForm)
		case path != "":
			c.fail(path, "an object without properties (an empty struct) cannot be expressed for Gemini: it rejects an object schema whose properties are empty")
		}
		// An empty object at the root is the parameters of a function
		// without any: the adapter sends no parameters.
		if !out.has("type") {
			out.set("type", "object")
		}
	}
	if hoist != nil {
		// A union left with one branch is that branch; the union's own
		// keywords (its description) win.
		merged := hoist.clone()
		for _, k := range out.keys {
			merged.set(k, out.vals[k])
		}
		out = merged
	}
	if len(notes) > 0 {
		words := make([]string, len(notes))
		for i, n := range notes {
			words[i] = string(encodeOrdered(n))
		}
		note := "One of: " + strings.Join(words, ", ") + "."
		if d := stringValue(out.vals["description"]); d != "" {
			note = d + " " + note
		}
		out.set("description", note)
	}
	if !out.has("type") && !out.has("anyOf") {
		if out.has("enum") {
			out.set("type", "string")
		} else if hoist == nil && len(c.errs) == errsBefore {
			c.fail(path, "a schema without a type cannot be expressed for Gemini")
		}
	}
	if nullable {
		out.setAfter("type", "nullable", true)
	}
	return out, nil
}

// geminiFormat reports whether Gemini takes format f for a schema of the
// given types: date-time (and enum) for strings, int32 and int64 for
// integers, float and double for numbers.
func geminiFormat(types []string, f string) bool {
	for _, t := range types {
		switch {
		case t == "string" && (f == "date-time" || f == "enum"),
			t == "integer" && (f == "int32" || f == "int64"),
			t == "number" && (f == "float" || f == "double"):
			return true
		}
	}
	return false
}
