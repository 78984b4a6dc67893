package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// Dialect names a provider's flavour of JSON Schema. toolgen computes one
// schema per tool input and output (draft 2020-12); [Convert] derives
// each dialect from it, deterministically, so that the generator can check
// at generate time what a provider adapter or an MCP server will send.
//
// A dialect drops the assertions a provider does not accept (a length
// bound, a default, a format it does not know): the model may then send
// something the standard schema rejects, and the agent loop, which always
// validates arguments against the standard schema, tells it what was wrong.
// What a dialect cannot express at all (a free-form map under OpenAI strict
// mode, say) is an error naming the place and the reason.
type Dialect string

// The dialects.
const (
	// DialectStandard is JSON Schema draft 2020-12 as toolgen generates it,
	// re-encoded compactly.
	DialectStandard Dialect = "standard"

	// DialectOpenAIStrict is the subset OpenAI accepts for structured
	// outputs and strict function calling (strict: true). The root is an
	// object (a root that is a bare $ref is inlined, keeping $defs). Every
	// object is closed (additionalProperties: false, added where it was
	// missing) and lists every property in required; a property that was
	// optional becomes a union with null: {"type":["string","null"]} for a
	// string, number, integer or boolean without enum or const, else
	// {"anyOf":[X,{"type":"null"}]} with X's description and title moved
	// to the union (a union that already admits null is left alone).
	// oneOf becomes anyOf. $defs and $ref are kept, recursion included,
	// but a $ref with sibling keywords, which strict mode rejects, is
	// inlined one level as OpenAI's Python SDK does (for an optional
	// property whose siblings are annotations, the $ref stays and the
	// annotations go on the union). Repeated enum values are dropped, and
	// an enum or const without a type gets the type of its values.
	//
	// Kept keywords: type, properties, required, additionalProperties
	// (false), items, anyOf, enum, const, $ref, $defs, description, title,
	// pattern, format (only date-time, time, date, duration, email,
	// hostname, ipv4, ipv6 and uuid), multipleOf, minimum, maximum,
	// exclusiveMinimum, exclusiveMaximum, minItems, maxItems. Everything
	// else is dropped (default, examples, minLength, maxLength, uniqueItems,
	// contentEncoding, $schema, $id, x-… extensions, …). Errors: free-form
	// objects (a map: additionalProperties as a schema or true, or an
	// object with neither properties nor additionalProperties: false),
	// patternProperties (integer-keyed maps), "any" (true or {}), a root
	// that is not an object, allOf, not, if/then/else, prefixItems,
	// contains, dependentSchemas. Sources: OpenAI's structured outputs
	// guide, "Supported schemas", and to_strict_json_schema in
	// openai-python; the size limits the guide lists (5000 properties, 10
	// levels of nesting, 1000 enum values) are not checked.
	DialectOpenAIStrict Dialect = "openai-strict"

	// DialectGemini is the OpenAPI 3.0 subset of Gemini function
	// declarations (the parameters field, not parametersJsonSchema). Every
	// $ref is inlined and $defs dropped. Recursion is unrolled: a $defs
	// entry is inlined at most [GeminiUnrollDepth] times on any path, and
	// below that the nearest optional property on the way back up is left
	// out (an object that loses all its properties is left out in turn,
	// since Gemini rejects an object schema without properties). A cycle
	// that cannot be cut that way (its fields are required) is an error
	// that names the type. Null is expressed with nullable: true, never
	// with a type array or a null branch; oneOf becomes anyOf, and a union
	// left with one branch is that branch. const becomes a one-value enum.
	//
	// Kept keywords: type (one, lower case), properties, required, items,
	// anyOf, nullable, enum (of strings only: other enums and consts are
	// dropped and their values appended to the description, "One of: 1, 2,
	// 3."), format (date-time for strings, int32 and int64 for integers,
	// float and double for numbers: Gemini rejects other string formats),
	// description, minimum, maximum, minItems, maxItems. Everything else is
	// dropped (additionalProperties: false, title, default, pattern, length
	// bounds, exclusive bounds, which Gemini rejects as unknown fields, …).
	// Free-form objects (maps, patternProperties, objects without
	// properties), "any" values, null alone, a type array with two non-null
	// types, allOf, not and the like are errors. A root without properties
	// (a tool with no input) converts to {"type":"object"}: Gemini rejects
	// that as parameters, so an adapter sends no parameters for it.
	// Sources: the Gemini API reference for Schema ("Supported formats: for
	// NUMBER type: float, double; for INTEGER type: int32, int64; for STRING
	// type: enum, date-time") and the function calling guide; the keywords
	// newer API versions added (title, pattern, minLength, propertyOrdering,
	// …) are left out on purpose, for the endpoints that reject unknown
	// fields.
	DialectGemini Dialect = "gemini"

	// DialectAnthropic is what the Anthropic Messages API accepts as a
	// tool's input_schema: full JSON Schema, with "type": "object" at the
	// root and no anyOf, oneOf or allOf at the top level. A root that is a
	// bare $ref is inlined (keeping $defs); a root without type but with
	// properties gets type object; any other root is an error (toolgen does
	// not wrap a non-object in an object, which would change what the model
	// sends). No keyword below the root is changed.
	DialectAnthropic Dialect = "anthropic"
)

// GeminiUnrollDepth is how many times [DialectGemini] inlines one $defs
// entry on a path from the root before it cuts the recursion at the
// nearest optional property.
const GeminiUnrollDepth = 3

// Dialects returns every dialect, [DialectStandard] first.
func Dialects() []Dialect {
	return []Dialect{DialectStandard, DialectOpenAIStrict, DialectGemini, DialectAnthropic}
}

// DialectError says why one part of a schema cannot be expressed in a
// dialect. [Convert] returns every such error joined (errors.Join),
// in document order; errors.As finds the first.
type DialectError struct {
	// Dialect is the dialect asked for.
	Dialect Dialect
	// Path is the dotted keyword path from the schema's root to the part,
	// such as "properties.fields.additionalProperties" or
	// "$defs.Issue.properties.labels"; empty for the root. For Gemini,
	// which inlines every $ref, it is the path in the inlined schema
	// ("properties.issue.properties.labels").
	Path string
	// Reason says what cannot be expressed and why.
	Reason string
}

// Error returns "dialect schema: path: reason".
func (e *DialectError) Error() string {
	path := e.Path
	if path == "" {
		path = "(root)"
	}
	return fmt.Sprintf("%s schema: %s: %s", e.Dialect, path, e.Reason)
}

// DialectErrors returns the [DialectError]s of an error of [Convert],
// in document order.
func DialectErrors(err error) []*DialectError {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		var out []*DialectError
		for _, e := range joined.Unwrap() {
			out = append(out, DialectErrors(e)...)
		}
		return out
	}
	var de *DialectError
	if errors.As(err, &de) {
		return []*DialectError{de}
	}
	return nil
}

// Convert returns schema, a JSON Schema draft 2020-12 document, in
// dialect d, as compact JSON whose keys keep the order of schema's (a key
// a dialect adds goes next to the one it belongs with, or last). The
// result depends only on its arguments.
// It returns an error that names the JSON path and the reason when schema
// cannot be expressed in d (each such part is a [*DialectError]), and
// errors for invalid JSON and unknown dialects.
func Convert(schema json.RawMessage, d Dialect) (json.RawMessage, error) {
	if !slices.Contains(Dialects(), d) {
		return nil, fmt.Errorf("convert schema: unknown dialect %q (known: standard, openai-strict, gemini, anthropic)", d)
	}
	root, err := decodeOrdered(schema)
	if err != nil {
		return nil, fmt.Errorf("convert schema to %s: %w", d, err)
	}
	c := &schemaConverter{dialect: d, root: root}
	out := root
	switch d {
	case DialectOpenAIStrict:
		out = c.openAIRoot(root)
	case DialectGemini:
		out = c.geminiRoot(root)
	case DialectAnthropic:
		out = c.anthropicRoot(root)
	}
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	return encodeOrdered(out), nil
}

// schemaConverter carries one conversion: the document (for $ref), the
// errors found so far and, for Gemini, the $refs being inlined.
type schemaConverter struct {
	dialect  Dialect
	root     any
	errs     []error
	seen     map[string]bool // path + reason, so that an error is said once
	inlining map[string]int  // Gemini: $ref → times inlined on the current path
	nodes    int             // Gemini: subschemas written, bounded by maxInlinedNodes
}

func (c *schemaConverter) fail(path, format string, args ...any) {
	reason := fmt.Sprintf(format, args...)
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if c.seen[path+"\x00"+reason] {
		return
	}
	c.seen[path+"\x00"+reason] = true
	c.errs = append(c.errs, &DialectError{Dialect: c.dialect, Path: path, Reason: reason})
}

// subPath appends keys to a dotted path.
func subPath(path string, keys ...string) string {
	for _, k := range keys {
		if path == "" {
			path = k
		} else {
			path += "." + k
		}
	}
	return path
}

// maxRefChain bounds a chain of $refs with siblings resolved in a row.
const maxRefChain = 32

// resolveRef finds the subschema a local $ref ("#", "#/$defs/Name", any
// JSON pointer into the document) points at.
func (c *schemaConverter) resolveRef(ref string) (any, bool) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, false
	}
	frag, err := url.PathUnescape(frag)
	if err != nil {
		return nil, false
	}
	if frag == "" {
		return c.root, true
	}
	if !strings.HasPrefix(frag, "/") {
		return nil, false // an $anchor
	}
	cur := c.root
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v := cur.(type) {
		case *jsonObject:
			if cur, ok = v.get(tok); !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v) {
				return nil, false
			}
			cur = v[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// refName is the last segment of a $ref, the name of a type for messages.
func refName(ref string) string {
	if ref == "#" {
		return "the root schema"
	}
	name := ref[strings.LastIndex(ref, "/")+1:]
	if u, err := url.PathUnescape(name); err == nil {
		name = u
	}
	return strings.ReplaceAll(strings.ReplaceAll(name, "~1", "/"), "~0", "~")
}

// mergeRef returns the target of s's $ref with s's other keywords laid
// over it ($defs and $ref dropped): what {"$ref": X, "description": D}
// means when X is inlined.
func mergeRef(target any, s *jsonObject) any {
	t, ok := target.(*jsonObject)
	if !ok {
		if s.len() == 1 {
			return target // a bare $ref to true or false
		}
		t = newJSONObject()
		if b, _ := target.(bool); !b {
			t.set("not", newJSONObject())
		}
	}
	m := t.clone()
	m.del("$defs")
	m.del("definitions")
	m.del("$schema")
	m.del("$id")
	for _, k := range s.keys {
		if k != "$ref" {
			m.set(k, s.vals[k])
		}
	}
	return m
}

// annotationKeywords carry no constraint: a schema made only of them
// accepts any value.
var annotationKeywords = map[string]bool{
	"description": true, "title": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$comment": true,
	"$schema": true, "$id": true, "$anchor": true, "$defs": true, "definitions": true,
	"format": true, "contentEncoding": true, "contentMediaType": true,
}

// isAnySchema reports whether s accepts any JSON value: true, {} or a
// schema of annotations only.
func isAnySchema(s any) bool {
	switch s := s.(type) {
	case bool:
		return s
	case *jsonObject:
		for _, k := range s.keys {
			if !annotationKeywords[k] && !strings.HasPrefix(k, "x-") {
				return false
			}
		}
		return true
	}
	return false
}

// schemaTypes lists the types s's type keyword names.
func schemaTypes(s *jsonObject) []string {
	switch t := s.vals["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var ts []string
		for _, e := range t {
			if str, ok := e.(string); ok {
				ts = append(ts, str)
			}
		}
		return ts
	}
	return nil
}

// isObjectSchema reports whether s describes objects: its type says so, or
// it has object keywords and no type.
func isObjectSchema(s *jsonObject) bool {
	if s.has("type") {
		return slices.Contains(schemaTypes(s), "object")
	}
	return s.has("properties") || s.has("additionalProperties") || s.has("patternProperties")
}

// requiredSet returns the names s's required keyword lists.
func requiredSet(s *jsonObject) map[string]bool {
	req := map[string]bool{}
	if list, ok := s.vals["required"].([]any); ok {
		for _, e := range list {
			if name, ok := e.(string); ok {
				req[name] = true
			}
		}
	}
	return req
}

// describeSchemaKind names what s is, for messages about the root.
func describeSchemaKind(s any) string {
	switch s := s.(type) {
	case bool:
		if s {
			return "any value (true)"
		}
		return "no value (false)"
	case *jsonObject:
		if isAnySchema(s) {
			return "any value ({})"
		}
		if ts := schemaTypes(s); len(ts) > 0 {
			return "type " + strings.Join(ts, " or ")
		}
		for _, k := range []string{"anyOf", "oneOf", "allOf", "$ref", "enum", "const"} {
			if s.has(k) {
				return k
			}
		}
		return "a schema without a type"
	}
	return fmt.Sprintf("a JSON %T", s)
}
