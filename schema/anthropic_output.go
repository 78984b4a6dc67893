package schema

import (
	"encoding/json"
	"fmt"
	"regexp/syntax"
	"slices"
	"strings"
)

// Anthropic's native structured outputs (output_config.format) take a
// subset of JSON Schema
// (https://platform.claude.com/docs/en/build-with-claude/structured-outputs,
// "JSON Schema limitations") and answer a schema outside it with HTTP 400.
// [AnthropicOutput] rewrites a schema into that subset as Anthropic's Python
// and TypeScript SDKs do (transform_schema, transformJSONSchema).

// anthropicOutputFormats are the string formats native output takes.
var anthropicOutputFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}

// maxPatternRepeat is the largest {n,m} bound kept in a pattern: the API
// takes "simple {n,m} cases" and refuses "complex {n,m} quantifiers with
// large ranges" without saying where simple ends.
const maxPatternRepeat = 100

// AnthropicOutput returns schema, a JSON Schema draft 2020-12 document, as
// Anthropic's native structured outputs take it: in [DialectAnthropic],
// then rewritten into the subset the API accepts, keys in their order.
// The keywords it takes are kept: type, description, title, enum, const,
// default, required, properties, items, anyOf, allOf, $defs, $ref, minItems
// 0 or 1, the string formats the API lists (date-time, time, date,
// duration, email, hostname, uri, ipv4, ipv6, uuid) and simple patterns
// (no word boundaries, no \p classes, no bounds above 100). oneOf becomes
// anyOf, and every object gets additionalProperties false. Every other
// keyword of a node, and every keyword beside a $ref, is moved into the
// node's description as "{minLength: 1, maximum: 10}" after a blank line,
// where the model still reads it; the API no longer enforces it, the
// local validation still does.
//
// A schema the API cannot take even so is an error that names the path
// and the reason ("native structured outputs cannot take the schema: …"):
// recursion (a $ref cycle, or "#"), a $ref outside $defs or to a missing
// definition, a value of any type (no type, $ref, anyOf, enum or const),
// an object without properties (a map), an enum of objects or arrays. A
// schema [DialectAnthropic] refuses fails with that error.
//
// AnthropicOutput is not a [Dialect]: it describes an answer's format, not
// a tool's input, and is not in [Dialects].
func AnthropicOutput(schema json.RawMessage) (json.RawMessage, error) {
	conv, err := Convert(schema, DialectAnthropic)
	if err != nil {
		return nil, err
	}
	root, err := decodeOrdered(conv)
	if err != nil {
		return nil, fmt.Errorf("anthropic output schema: %w", err)
	}
	t := &anthropicOutput{defNames: map[string]bool{}, edges: map[string][]string{}, paths: map[string]string{}}
	out := t.node("", root)
	if t.err == nil {
		t.checkRefs()
	}
	if t.err != nil {
		return nil, t.err
	}
	return encodeOrdered(out), nil
}

// anthropicOutputError says why native structured outputs cannot take a
// schema even rewritten by [AnthropicOutput].
type anthropicOutputError struct {
	path   string // dotted keyword path from the root; empty for the root
	reason string
}

// Error returns "native structured outputs cannot take the schema: path:
// reason".
func (e *anthropicOutputError) Error() string {
	path := e.path
	if path == "" {
		path = "(root)"
	}
	return fmt.Sprintf("native structured outputs cannot take the schema: %s: %s", path, e.reason)
}

// anthropicOutput carries one [AnthropicOutput]: the $defs entry being
// rewritten, the references found in each, and the first error.
type anthropicOutput struct {
	def      string              // "$defs/Name" of the root definition being rewritten, "" elsewhere
	defNames map[string]bool     // the root's definitions, "$defs/Name"
	edges    map[string][]string // definition ("" for the rest) → the definitions it refers to
	paths    map[string]string   // "from\x00to" → path of the first such reference
	err      *anthropicOutputError
}

func (t *anthropicOutput) fail(path, format string, args ...any) {
	if t.err == nil {
		t.err = &anthropicOutputError{path: path, reason: fmt.Sprintf(format, args...)}
	}
}

// node rewrites the subschema s at path.
func (t *anthropicOutput) node(path string, s any) any {
	obj, ok := s.(*jsonObject)
	if !ok {
		t.fail(path, "a schema must be an object, not %s", encodeOrdered(s))
		return s
	}
	object := slices.Contains(schemaTypes(obj), "object") || obj.has("properties")
	if !slices.ContainsFunc([]string{"$ref", "type", "anyOf", "oneOf", "allOf", "enum", "const"}, obj.has) {
		t.fail(path, "a value of any type (no type, $ref, anyOf, enum or const)")
	}
	if closed, isBool := obj.vals["additionalProperties"].(bool); object && !obj.has("properties") && (!isBool || closed) {
		t.fail(path, "an object without properties (a map) would only take {}")
	}
	out, moved := newJSONObject(), newJSONObject()
	for _, k := range obj.keys {
		v, p := obj.vals[k], subPath(path, k)
		switch {
		case k == "$defs" || k == "definitions":
			out.set(k, t.defs(path, p, k, v))
		case k == "$ref":
			t.ref(p, v)
			out.set(k, v)
		case k == "description":
			out.set(k, v)
		case obj.has("$ref"):
			moved.set(k, v) // the SDKs send a $ref alone
		case k == "type" || k == "title" || k == "const" || k == "default" || k == "required":
			out.set(k, v)
		case k == "enum":
			t.enum(p, v)
			out.set(k, v)
		case k == "anyOf" || k == "allOf" || (k == "oneOf" && !obj.has("anyOf")):
			// oneOf is anyOf to the API; the agent's validation checks that one
			// branch alone matches.
			out.set(strings.Replace(k, "oneOf", "anyOf", 1), t.list(p, v))
		case k == "properties" && object:
			out.set(k, t.properties(p, v))
		case k == "additionalProperties" && object:
			out.set(k, false)
		case k == "items" && isJSONObject(v):
			out.set(k, t.node(p, v))
		case k == "minItems" && (v == json.Number("0") || v == json.Number("1")):
			out.set(k, v)
		case k == "format" && slices.Contains(anthropicOutputFormats, stringValue(v)):
			out.set(k, v)
		case k == "pattern" && simplePattern(stringValue(v)):
			out.set(k, v)
		default:
			moved.set(k, v)
		}
	}
	if object && !obj.has("additionalProperties") {
		out.set("additionalProperties", false)
	}
	withHint(out, moved)
	return out
}

// defs rewrites the definitions v under key of the node at parent,
// recording which root definition each reference is made from.
func (t *anthropicOutput) defs(parent, path, key string, v any) any {
	entries, ok := v.(*jsonObject)
	if !ok {
		t.fail(path, "want an object of schemas")
		return v
	}
	out := entries.clone()
	outer := t.def
	for _, name := range entries.keys {
		if parent == "" {
			t.def = key + "/" + name
			t.defNames[t.def] = true
		}
		out.vals[name] = t.node(subPath(path, name), entries.vals[name])
	}
	t.def = outer
	return out
}

// properties rewrites the schemas of properties, keeping their order.
func (t *anthropicOutput) properties(path string, v any) any {
	props, ok := v.(*jsonObject)
	if !ok {
		t.fail(path, "want an object of schemas")
		return v
	}
	out := props.clone()
	for _, name := range props.keys {
		out.vals[name] = t.node(subPath(path, name), props.vals[name])
	}
	return out
}

// list rewrites an array of schemas.
func (t *anthropicOutput) list(path string, v any) any {
	items, ok := v.([]any)
	if !ok {
		t.fail(path, "want an array of schemas")
		return v
	}
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = t.node(fmt.Sprintf("%s.%d", path, i), it)
	}
	return out
}

// enum checks that an enum lists only strings, numbers, booleans and
// nulls, which is all the API takes.
func (t *anthropicOutput) enum(path string, v any) {
	values, ok := v.([]any)
	if !ok {
		t.fail(path, "want an array")
		return
	}
	for _, e := range values {
		switch e.(type) {
		case *jsonObject, []any:
			t.fail(path, "an enum value that is an object or an array")
			return
		}
	}
}

// ref records a reference: the API takes references to the root's $defs
// (or definitions) that do not recur, and no other.
func (t *anthropicOutput) ref(path string, v any) {
	ref := stringValue(v)
	switch {
	case ref == "#":
		t.fail(path, "a recursive schema (a reference to the root)")
	case strings.HasPrefix(ref, "#/$defs/") || strings.HasPrefix(ref, "#/definitions/"):
		to := strings.TrimPrefix(ref, "#/")
		if _, ok := t.paths[t.def+"\x00"+to]; !ok {
			t.paths[t.def+"\x00"+to] = path
			t.edges[t.def] = append(t.edges[t.def], to)
		}
	default:
		t.fail(path, "the reference %q (native output takes references to $defs only)", ref)
	}
}

// checkRefs fails on a reference to a missing definition and on a cycle
// of definitions, the path being that of the reference that closes it.
func (t *anthropicOutput) checkRefs() {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var visit func(from string) bool
	visit = func(from string) bool {
		state[from] = open
		for _, to := range t.edges[from] {
			if !t.defNames[to] {
				t.fail(t.paths[from+"\x00"+to], "the reference #/%s has no definition", to)
				return false
			}
			switch state[to] {
			case open:
				t.fail(t.paths[from+"\x00"+to], "a recursive schema (#/%s refers to itself)", to)
				return false
			case unseen:
				if !visit(to) {
					return false
				}
			}
		}
		state[from] = done
		return true
	}
	visit("")
	froms := make([]string, 0, len(t.edges))
	for from := range t.edges {
		froms = append(froms, from)
	}
	slices.Sort(froms)
	for _, from := range froms {
		if state[from] == unseen && !visit(from) {
			return
		}
	}
}

// withHint appends the moved keywords to out's description, as the SDKs
// write them: "{key: value, …}", values as compact JSON, after a blank
// line.
func withHint(out, moved *jsonObject) {
	if moved.len() == 0 {
		return
	}
	parts := make([]string, moved.len())
	for i, k := range moved.keys {
		parts[i] = k + ": " + string(encodeOrdered(moved.vals[k]))
	}
	hint := "{" + strings.Join(parts, ", ") + "}"
	if desc := stringValue(out.vals["description"]); desc != "" {
		hint = desc + "\n\n" + hint
	}
	out.set("description", hint)
}

// simplePattern reports whether native output takes pattern: it parses as
// a regular expression and uses only anchors, literals, character classes
// (not \p{…}), groups, alternation and repetition with bounds up to
// [maxPatternRepeat]. Backreferences and lookaround do not parse; word
// boundaries are refused.
func simplePattern(pattern string) bool {
	if strings.Contains(pattern, `\p`) || strings.Contains(pattern, `\P`) {
		return false
	}
	re, err := syntax.Parse(pattern, syntax.Perl)
	return err == nil && simpleRegexp(re)
}

func simpleRegexp(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpNoMatch:
		return false
	case syntax.OpRepeat:
		if re.Min > maxPatternRepeat || re.Max > maxPatternRepeat {
			return false
		}
	}
	for _, sub := range re.Sub {
		if !simpleRegexp(sub) {
			return false
		}
	}
	return true
}

// isJSONObject reports whether v is a decoded JSON object.
func isJSONObject(v any) bool {
	_, ok := v.(*jsonObject)
	return ok
}
