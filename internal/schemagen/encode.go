package schemagen

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strconv"

	"github.com/invopop/jsonschema"
)

// This file writes a schema as indented JSON. It is a faster form of
//
//	data, err := json.Marshal(s)
//	json.Indent(&buf, data, "", "  ")
//
// which, through invopop's Schema.MarshalJSON and the ordered map's, marshals
// and re-compacts every nested schema once per level, and then scans the
// whole document again to indent it. The encoder writes the indented bytes
// in one pass and gives exactly the same output:
//
//   - keys come in the order of invopop's Schema struct fields (v0.14.0, see
//     schemaFields and TestEncodeFieldsMatchInvopop), with encoding/json's
//     omitempty rules, followed by the Extras in sorted key order, as
//     Schema.MarshalJSON merges them;
//   - a boolean schema is true or false, and a schema that is
//     reflect.DeepEqual to the zero Schema is true, as in MarshalJSON;
//   - strings are escaped as json.Marshal escapes them: json.Marshal
//     HTML-escapes every string and every Marshaler's output, so every
//     string of the document ends up HTML-escaped whichever encoder wrote it;
//   - values it does not model (enum, const, default, examples and extras
//     values other than strings, and empty or uninitialized property maps)
//     are marshalled with json.Marshal, as encoding/json would, and indented
//     in place with json.Indent, which is what indenting the whole document
//     does to them;
//   - anything unusual (an invalid json.Number, an error from a nested
//     json.Marshal) makes it give up, and MarshalIndent then takes the slow
//     path, which also gives encoding/json's error.
//
// TestMarshalIndent compares it with the slow path on every schema of the
// tests and on random schema trees.

// errSlowPath says the encoder cannot vouch for its output.
var errSlowPath = errors.New("schemagen: encode the slow way")

// MarshalIndent appends the JSON of s to dst, indented with two spaces, as
// json.Marshal followed by json.Indent(…, "", "  ") would write it.
func MarshalIndent(dst []byte, s *jsonschema.Schema) ([]byte, error) {
	e := encoder{buf: dst}
	if err := e.schema(s); err == nil {
		return e.buf, nil
	}
	return marshalIndentSlow(dst, s)
}

// marshalIndentSlow is the reference that MarshalIndent must agree with.
func marshalIndentSlow(dst []byte, s *jsonschema.Schema) ([]byte, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return dst, err
	}
	buf := bytes.NewBuffer(dst)
	if err := json.Indent(buf, data, "", "  "); err != nil {
		return dst, err
	}
	return buf.Bytes(), nil
}

// booleanField is the index of Schema's unexported boolean field, which
// marks TrueSchema and FalseSchema (and their copies). Set once at
// initialization and only read afterwards.
var booleanField = func() []int {
	f, ok := reflect.TypeFor[jsonschema.Schema]().FieldByName("boolean")
	if !ok {
		return nil
	}
	return f.Index
}()

// schemaBoolean returns the value of a boolean schema; ok is false for
// other schemas.
func schemaBoolean(s *jsonschema.Schema) (value, ok bool) {
	if booleanField == nil {
		return false, false
	}
	f := reflect.ValueOf(s).Elem().FieldByIndex(booleanField)
	if f.IsNil() {
		return false, false
	}
	return f.Elem().Bool(), true
}

func isBoolean(s *jsonschema.Schema) bool {
	_, ok := schemaBoolean(s)
	return ok
}

type encoder struct {
	buf   []byte
	depth int  // nesting of the value being written
	first bool // no member written yet in the innermost object or array
}

func (e *encoder) newline() {
	e.buf = append(e.buf, '\n')
	for range e.depth {
		e.buf = append(e.buf, ' ', ' ')
	}
}

// open starts an object or array whose members follow.
func (e *encoder) open(c byte) (saved bool) {
	e.buf = append(e.buf, c)
	e.depth++
	saved, e.first = e.first, true
	return saved
}

// close ends what open started; an empty object or array stays "{}" or
// "[]", as json.Indent leaves them.
func (e *encoder) close(c byte, saved bool) {
	e.depth--
	if !e.first {
		e.newline()
	}
	e.buf = append(e.buf, c)
	e.first = saved
}

// member starts the next element of an array.
func (e *encoder) member() {
	if !e.first {
		e.buf = append(e.buf, ',')
	}
	e.first = false
	e.newline()
}

// key starts the next member of an object; quoted is the key's JSON text.
func (e *encoder) key(quoted string) {
	e.member()
	e.buf = append(e.buf, quoted...)
	e.buf = append(e.buf, ':', ' ')
}

func (e *encoder) keyString(k string) {
	e.member()
	e.string(k)
	e.buf = append(e.buf, ':', ' ')
}

// string writes s as json.Marshal does. Most strings of a schema (names,
// types, descriptions) are printable ASCII with nothing to escape, and are
// written as they are; json.Marshal writes the others.
func (e *encoder) string(s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < ' ' || c > '~' || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			data, _ := json.Marshal(s) // a string always marshals
			e.buf = append(e.buf, data...)
			return
		}
	}
	e.buf = append(e.buf, '"')
	e.buf = append(e.buf, s...)
	e.buf = append(e.buf, '"')
}

// value writes any value as encoding/json does, indented in place.
func (e *encoder) value(v any) error {
	switch v := v.(type) {
	case string:
		e.string(v)
		return nil
	case json.Number:
		return e.number(v)
	case bool:
		e.buf = strconv.AppendBool(e.buf, v)
		return nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return errSlowPath
	}
	return e.indented(data)
}

// indented writes compact JSON data indented at the current depth.
func (e *encoder) indented(data []byte) error {
	prefix := make([]byte, 0, 2*e.depth)
	for range e.depth {
		prefix = append(prefix, ' ', ' ')
	}
	buf := bytes.NewBuffer(e.buf)
	if err := json.Indent(buf, data, string(prefix), "  "); err != nil {
		return errSlowPath
	}
	e.buf = buf.Bytes()
	return nil
}

// number writes n as json.Marshal does; text that is not a JSON number
// is left to json.Marshal, for its error. (Text that starts with a minus
// sign or a digit, ends with a digit and is valid JSON is one number.)
func (e *encoder) number(n json.Number) error {
	isDigit := func(c byte) bool { return '0' <= c && c <= '9' }
	if n == "" || !(n[0] == '-' || isDigit(n[0])) || !isDigit(n[len(n)-1]) || !json.Valid([]byte(n)) {
		return errSlowPath
	}
	e.buf = append(e.buf, n...)
	return nil
}

func (e *encoder) schemas(list []*jsonschema.Schema) error {
	saved := e.open('[')
	for _, s := range list {
		e.member()
		if err := e.schema(s); err != nil {
			return err
		}
	}
	e.close(']', saved)
	return nil
}

func (e *encoder) schemaMap(m map[string]*jsonschema.Schema) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	saved := e.open('{')
	for _, k := range keys {
		e.keyString(k)
		if err := e.schema(m[k]); err != nil {
			return err
		}
	}
	e.close('}', saved)
	return nil
}

func (e *encoder) strings(list []string) {
	if list == nil {
		e.buf = append(e.buf, "null"...)
		return
	}
	saved := e.open('[')
	for _, s := range list {
		e.member()
		e.string(s)
	}
	e.close(']', saved)
}

func (e *encoder) values(list []any) error {
	saved := e.open('[')
	for _, v := range list {
		e.member()
		if err := e.value(v); err != nil {
			return err
		}
	}
	e.close(']', saved)
	return nil
}

func (e *encoder) uint(quoted string, n *uint64) {
	if n != nil {
		e.key(quoted)
		e.buf = strconv.AppendUint(e.buf, *n, 10)
	}
}

func (e *encoder) str(quoted, s string) {
	if s != "" {
		e.key(quoted)
		e.string(s)
	}
}

func (e *encoder) num(quoted string, n json.Number) error {
	if n == "" {
		return nil
	}
	e.key(quoted)
	return e.number(n)
}

func (e *encoder) flag(quoted string, b bool) {
	if b {
		e.key(quoted)
		e.buf = append(e.buf, "true"...)
	}
}

func (e *encoder) sub(quoted string, s *jsonschema.Schema) error {
	if s == nil {
		return nil
	}
	e.key(quoted)
	return e.schema(s)
}

func (e *encoder) list(quoted string, list []*jsonschema.Schema) error {
	if len(list) == 0 {
		return nil
	}
	e.key(quoted)
	return e.schemas(list)
}

func (e *encoder) dict(quoted string, m map[string]*jsonschema.Schema) error {
	if len(m) == 0 {
		return nil
	}
	e.key(quoted)
	return e.schemaMap(m)
}

func (e *encoder) anys(quoted string, list []any) error {
	if len(list) == 0 {
		return nil
	}
	e.key(quoted)
	return e.values(list)
}

func (e *encoder) any(quoted string, v any) error {
	if v == nil {
		return nil
	}
	e.key(quoted)
	return e.value(v)
}

// isZero reports whether s is reflect.DeepEqual to &Schema{}: every field
// zero, nil slices and maps only.
func isZero(s *jsonschema.Schema) bool {
	return s.Version == "" && s.ID == "" && s.Anchor == "" && s.Ref == "" && s.DynamicRef == "" &&
		s.Definitions == nil && s.Comments == "" &&
		s.AllOf == nil && s.AnyOf == nil && s.OneOf == nil && s.Not == nil &&
		s.If == nil && s.Then == nil && s.Else == nil && s.DependentSchemas == nil &&
		s.PrefixItems == nil && s.Items == nil && s.Contains == nil &&
		s.Properties == nil && s.PatternProperties == nil && s.AdditionalProperties == nil && s.PropertyNames == nil &&
		s.Type == "" && s.Enum == nil && s.Const == nil &&
		s.MultipleOf == "" && s.Maximum == "" && s.ExclusiveMaximum == "" && s.Minimum == "" && s.ExclusiveMinimum == "" &&
		s.MaxLength == nil && s.MinLength == nil && s.Pattern == "" &&
		s.MaxItems == nil && s.MinItems == nil && !s.UniqueItems && s.MaxContains == nil && s.MinContains == nil &&
		s.MaxProperties == nil && s.MinProperties == nil && s.Required == nil && s.DependentRequired == nil &&
		s.Format == "" && s.ContentEncoding == "" && s.ContentMediaType == "" && s.ContentSchema == nil &&
		s.Title == "" && s.Description == "" && s.Default == nil &&
		!s.Deprecated && !s.ReadOnly && !s.WriteOnly && s.Examples == nil &&
		s.Extras == nil && !isBoolean(s)
}

// schemaFields are the JSON names of invopop's Schema fields, in order:
// the order in which schema writes them.
var schemaFields = []string{
	"$schema", "$id", "$anchor", "$ref", "$dynamicRef", "$defs", "$comment",
	"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas",
	"prefixItems", "items", "contains",
	"properties", "patternProperties", "additionalProperties", "propertyNames",
	"type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
	"maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
	"maxProperties", "minProperties", "required", "dependentRequired",
	"format", "contentEncoding", "contentMediaType", "contentSchema",
	"title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
}

// schema writes s as Schema.MarshalJSON, then json.Indent, would.
func (e *encoder) schema(s *jsonschema.Schema) error {
	if s == nil {
		e.buf = append(e.buf, "null"...)
		return nil
	}
	if b, ok := schemaBoolean(s); ok {
		e.buf = strconv.AppendBool(e.buf, b)
		return nil
	}
	if isZero(s) {
		e.buf = append(e.buf, "true"...)
		return nil
	}
	saved := e.open('{')
	e.str(`"$schema"`, s.Version)
	e.str(`"$id"`, string(s.ID))
	e.str(`"$anchor"`, s.Anchor)
	e.str(`"$ref"`, s.Ref)
	e.str(`"$dynamicRef"`, s.DynamicRef)
	if err := e.dict(`"$defs"`, s.Definitions); err != nil {
		return err
	}
	e.str(`"$comment"`, s.Comments)
	for _, l := range []struct {
		quoted string
		list   []*jsonschema.Schema
	}{{`"allOf"`, s.AllOf}, {`"anyOf"`, s.AnyOf}, {`"oneOf"`, s.OneOf}} {
		if err := e.list(l.quoted, l.list); err != nil {
			return err
		}
	}
	for _, sub := range []struct {
		quoted string
		s      *jsonschema.Schema
	}{{`"not"`, s.Not}, {`"if"`, s.If}, {`"then"`, s.Then}, {`"else"`, s.Else}} {
		if err := e.sub(sub.quoted, sub.s); err != nil {
			return err
		}
	}
	if err := e.dict(`"dependentSchemas"`, s.DependentSchemas); err != nil {
		return err
	}
	if err := e.list(`"prefixItems"`, s.PrefixItems); err != nil {
		return err
	}
	if err := e.sub(`"items"`, s.Items); err != nil {
		return err
	}
	if err := e.sub(`"contains"`, s.Contains); err != nil {
		return err
	}
	if s.Properties != nil {
		e.key(`"properties"`)
		if err := e.properties(s); err != nil {
			return err
		}
	}
	if err := e.dict(`"patternProperties"`, s.PatternProperties); err != nil {
		return err
	}
	if err := e.sub(`"additionalProperties"`, s.AdditionalProperties); err != nil {
		return err
	}
	if err := e.sub(`"propertyNames"`, s.PropertyNames); err != nil {
		return err
	}
	e.str(`"type"`, s.Type)
	if err := e.anys(`"enum"`, s.Enum); err != nil {
		return err
	}
	if err := e.any(`"const"`, s.Const); err != nil {
		return err
	}
	for _, n := range []struct {
		quoted string
		n      json.Number
	}{{`"multipleOf"`, s.MultipleOf}, {`"maximum"`, s.Maximum}, {`"exclusiveMaximum"`, s.ExclusiveMaximum}, {`"minimum"`, s.Minimum}, {`"exclusiveMinimum"`, s.ExclusiveMinimum}} {
		if err := e.num(n.quoted, n.n); err != nil {
			return err
		}
	}
	e.uint(`"maxLength"`, s.MaxLength)
	e.uint(`"minLength"`, s.MinLength)
	e.str(`"pattern"`, s.Pattern)
	e.uint(`"maxItems"`, s.MaxItems)
	e.uint(`"minItems"`, s.MinItems)
	e.flag(`"uniqueItems"`, s.UniqueItems)
	e.uint(`"maxContains"`, s.MaxContains)
	e.uint(`"minContains"`, s.MinContains)
	e.uint(`"maxProperties"`, s.MaxProperties)
	e.uint(`"minProperties"`, s.MinProperties)
	if len(s.Required) > 0 {
		e.key(`"required"`)
		e.strings(s.Required)
	}
	if len(s.DependentRequired) > 0 {
		e.key(`"dependentRequired"`)
		keys := make([]string, 0, len(s.DependentRequired))
		for k := range s.DependentRequired {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		saved := e.open('{')
		for _, k := range keys {
			e.keyString(k)
			e.strings(s.DependentRequired[k])
		}
		e.close('}', saved)
	}
	e.str(`"format"`, s.Format)
	e.str(`"contentEncoding"`, s.ContentEncoding)
	e.str(`"contentMediaType"`, s.ContentMediaType)
	if err := e.sub(`"contentSchema"`, s.ContentSchema); err != nil {
		return err
	}
	e.str(`"title"`, s.Title)
	e.str(`"description"`, s.Description)
	if err := e.any(`"default"`, s.Default); err != nil {
		return err
	}
	e.flag(`"deprecated"`, s.Deprecated)
	e.flag(`"readOnly"`, s.ReadOnly)
	e.flag(`"writeOnly"`, s.WriteOnly)
	if err := e.anys(`"examples"`, s.Examples); err != nil {
		return err
	}
	if len(s.Extras) > 0 {
		keys := make([]string, 0, len(s.Extras))
		for k := range s.Extras {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			e.keyString(k)
			if err := e.value(s.Extras[k]); err != nil {
				return err
			}
		}
	}
	e.close('}', saved)
	return nil
}

// properties writes the ordered map of properties. An empty map is written
// by its own MarshalJSON: "{}", or "null" when it was never initialized.
func (e *encoder) properties(s *jsonschema.Schema) error {
	if s.Properties.Len() == 0 {
		data, err := json.Marshal(s.Properties)
		if err != nil {
			return errSlowPath
		}
		return e.indented(data)
	}
	saved := e.open('{')
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		e.keyString(p.Key)
		if err := e.schema(p.Value); err != nil {
			return err
		}
	}
	e.close('}', saved)
	return nil
}
