package anthropic

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp/syntax"
	"slices"
	"strings"
)

// Native structured outputs take a subset of JSON Schema
// (https://platform.claude.com/docs/en/build-with-claude/structured-outputs,
// "JSON Schema limitations") and answer a schema outside it with HTTP 400.
// nativeSchema rewrites a schema into that subset as Anthropic's Python and
// TypeScript SDKs do (transform_schema, transformJSONSchema): it keeps the
// keywords the API takes, closes every object (additionalProperties false)
// and moves every other keyword of a node into the node's description, as
// "{minLength: 1, maximum: 10}" after a blank line, so that the model still
// reads it. The API no longer enforces a moved keyword; the runtime still
// validates the answer against the whole schema.

// supportedFormats are the string formats the API takes.
var supportedFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}

// maxPatternRepeat is the largest {n,m} bound kept in a pattern: the API
// takes "simple {n,m} cases" and refuses "complex {n,m} quantifiers with
// large ranges" without saying where simple ends.
const maxPatternRepeat = 100

// nativeSchemaError says why native structured outputs cannot take a
// schema even after [nativeSchema]: recursion, a value of any type, a map.
type nativeSchemaError struct {
	Path   string // dotted keyword path from the root; empty for the root
	Reason string
}

func (e *nativeSchemaError) Error() string {
	path := e.Path
	if path == "" {
		path = "(root)"
	}
	return fmt.Sprintf("native structured outputs cannot take the schema: %s: %s", path, e.Reason)
}

// member is one key of a JSON object, its value kept raw.
type member struct {
	key string
	val json.RawMessage
}

// nativeSchema returns schema, in [runtime.DialectAnthropic], rewritten
// for output_config.format, keys in their order. It returns a
// *nativeSchemaError when the API cannot take the schema at all.
func nativeSchema(schema json.RawMessage) (json.RawMessage, error) {
	t := &schemaTransform{defNames: map[string]bool{}, edges: map[string][]string{}, paths: map[string]string{}}
	out := t.node("", schema)
	if t.err == nil {
		t.checkRefs()
	}
	if t.err != nil {
		return nil, t.err
	}
	return out, nil
}

// schemaTransform carries one [nativeSchema]: the $defs entry being
// rewritten, the references found in each, and the first error.
type schemaTransform struct {
	def      string              // "$defs/Name" of the root definition being rewritten, "" elsewhere
	defNames map[string]bool     // the root's definitions, "$defs/Name"
	edges    map[string][]string // definition ("" for the rest) → the definitions it refers to
	paths    map[string]string   // "from\x00to" → path of the first such reference
	err      *nativeSchemaError
}

func (t *schemaTransform) fail(path, format string, args ...any) {
	if t.err == nil {
		t.err = &nativeSchemaError{Path: path, Reason: fmt.Sprintf(format, args...)}
	}
}

// node rewrites the subschema raw at path.
func (t *schemaTransform) node(path string, raw json.RawMessage) json.RawMessage {
	members, ok := objectMembers(raw)
	if !ok {
		t.fail(path, "a schema must be an object, not %s", raw)
		return raw
	}
	has := func(k string) bool { return slices.ContainsFunc(members, func(m member) bool { return m.key == k }) }
	object := isType(members, "object") || has("properties")
	if !has("$ref") && !has("type") && !has("anyOf") && !has("oneOf") && !has("allOf") && !has("enum") && !has("const") {
		t.fail(path, "a value of any type (no type, $ref, anyOf, enum or const)")
	}
	if object && !has("properties") && !isFalse(members, "additionalProperties") {
		t.fail(path, "an object without properties (a map) would only take {}")
	}
	var out, moved []member
	keep := func(m member) { out = append(out, m) }
	for _, m := range members {
		p := joinPath(path, m.key)
		switch {
		case m.key == "$defs" || m.key == "definitions":
			keep(member{m.key, t.defs(path, p, m)})
		case m.key == "$ref":
			t.ref(p, m.val)
			keep(m)
		case m.key == "description":
			keep(m)
		case has("$ref"):
			moved = append(moved, m) // the SDKs send a $ref alone
		case m.key == "type" || m.key == "title" || m.key == "const" || m.key == "default" || m.key == "required":
			keep(m)
		case m.key == "enum":
			t.enum(p, m.val)
			keep(m)
		case m.key == "anyOf" || m.key == "allOf" || (m.key == "oneOf" && !has("anyOf")):
			// oneOf is anyOf to the API; the runtime checks that one
			// branch alone matches.
			keep(member{strings.Replace(m.key, "oneOf", "anyOf", 1), t.list(p, m.val)})
		case m.key == "properties" && object:
			keep(member{m.key, t.object(p, m.val)})
		case m.key == "additionalProperties" && object:
			keep(member{m.key, json.RawMessage("false")})
		case m.key == "items" && isObject(m.val):
			keep(member{m.key, t.node(p, m.val)})
		case m.key == "minItems" && slices.Contains([]string{"0", "1"}, string(bytes.TrimSpace(m.val))):
			keep(m)
		case m.key == "format" && slices.Contains(supportedFormats, unquote(m.val)):
			keep(m)
		case m.key == "pattern" && simplePattern(unquote(m.val)):
			keep(m)
		default:
			moved = append(moved, m)
		}
	}
	if object && !has("additionalProperties") {
		out = append(out, member{"additionalProperties", json.RawMessage("false")})
	}
	return encodeMembers(withHint(out, moved))
}

// defs rewrites the definitions of m, recording which root definition
// each reference is made from.
func (t *schemaTransform) defs(parent, path string, m member) json.RawMessage {
	entries, ok := objectMembers(m.val)
	if !ok {
		t.fail(path, "want an object of schemas")
		return m.val
	}
	outer := t.def
	for i, e := range entries {
		if parent == "" {
			t.def = m.key + "/" + e.key
			t.defNames[t.def] = true
		}
		entries[i].val = t.node(joinPath(path, e.key), e.val)
	}
	t.def = outer
	return encodeMembers(entries)
}

// object rewrites the schemas of properties, keeping their order.
func (t *schemaTransform) object(path string, raw json.RawMessage) json.RawMessage {
	props, ok := objectMembers(raw)
	if !ok {
		t.fail(path, "want an object of schemas")
		return raw
	}
	for i, p := range props {
		props[i].val = t.node(joinPath(path, p.key), p.val)
	}
	return encodeMembers(props)
}

// list rewrites an array of schemas.
func (t *schemaTransform) list(path string, raw json.RawMessage) json.RawMessage {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		t.fail(path, "want an array of schemas")
		return raw
	}
	for i, it := range items {
		items[i] = t.node(fmt.Sprintf("%s.%d", path, i), it)
	}
	out, _ := json.Marshal(items) // raw values are valid JSON, kept as they are
	return out
}

// enum checks that an enum lists only strings, numbers, booleans and
// nulls, which is all the API takes.
func (t *schemaTransform) enum(path string, raw json.RawMessage) {
	var values []json.RawMessage
	if err := json.Unmarshal(raw, &values); err != nil {
		t.fail(path, "want an array")
		return
	}
	for _, v := range values {
		if b := bytes.TrimSpace(v); len(b) > 0 && (b[0] == '{' || b[0] == '[') {
			t.fail(path, "an enum value that is an object or an array")
			return
		}
	}
}

// ref records a reference: the API takes references to the root's $defs
// (or definitions) that do not recur, and no other.
func (t *schemaTransform) ref(path string, raw json.RawMessage) {
	ref := unquote(raw)
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
func (t *schemaTransform) checkRefs() {
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
	for _, from := range sortedKeys(t.edges) {
		if state[from] == unseen && !visit(from) {
			return
		}
	}
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// withHint returns out with the moved keywords appended to its
// description, as the SDKs write them: "{key: value, …}", values as
// compact JSON, after a blank line.
func withHint(out, moved []member) []member {
	if len(moved) == 0 {
		return out
	}
	parts := make([]string, len(moved))
	for i, m := range moved {
		var b bytes.Buffer
		if err := json.Compact(&b, m.val); err != nil {
			b.Write(m.val)
		}
		parts[i] = m.key + ": " + b.String()
	}
	hint := "{" + strings.Join(parts, ", ") + "}"
	for i, m := range out {
		if m.key == "description" {
			var desc string
			if json.Unmarshal(m.val, &desc) == nil && desc != "" {
				hint = desc + "\n\n" + hint
			}
			out[i].val = quote(hint)
			return out
		}
	}
	return append(out, member{"description", quote(hint)})
}

// simplePattern reports whether the API takes pattern: it parses as a
// regular expression and uses only anchors, literals, character classes
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

// objectMembers returns the members of a JSON object in order, and false
// when raw is not an object.
func objectMembers(raw json.RawMessage) ([]member, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false
	}
	var out []member
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return nil, false
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, false
		}
		if i := slices.IndexFunc(out, func(m member) bool { return m.key == key }); i >= 0 {
			out[i].val = val // the last of a repeated key, as encoding/json reads it
			continue
		}
		out = append(out, member{key, val})
	}
	return out, true
}

// encodeMembers writes members as a JSON object.
func encodeMembers(members []member) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range members {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(quote(m.key))
		b.WriteByte(':')
		b.Write(m.val)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// isType reports whether the type of members is t or lists it.
func isType(members []member, t string) bool {
	for _, m := range members {
		if m.key != "type" {
			continue
		}
		var one string
		if json.Unmarshal(m.val, &one) == nil {
			return one == t
		}
		var many []string
		return json.Unmarshal(m.val, &many) == nil && slices.Contains(many, t)
	}
	return false
}

// isFalse reports whether members set key to false.
func isFalse(members []member, key string) bool {
	i := slices.IndexFunc(members, func(m member) bool { return m.key == key })
	return i >= 0 && string(bytes.TrimSpace(members[i].val)) == "false"
}

// isObject reports whether raw is a JSON object.
func isObject(raw json.RawMessage) bool {
	b := bytes.TrimSpace(raw)
	return len(b) > 0 && b[0] == '{'
}

// unquote returns the JSON string raw, or "" when it is not one.
func unquote(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}

// quote returns s as a JSON string.
func quote(s string) json.RawMessage {
	b, _ := json.Marshal(s) // a string always marshals
	return b
}

// joinPath appends key to a dotted path.
func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
