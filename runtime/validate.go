package runtime

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/toolgen-go/toolgen/internal/jsontag"
	"github.com/toolgen-go/toolgen/runtime/jsonarg"
)

// Default bounds on a tool call's arguments; see [Limits].
const (
	// DefaultMaxArgumentBytes bounds the size of a call's arguments: 1 MiB.
	DefaultMaxArgumentBytes = 1 << 20
	// DefaultMaxArgumentDepth bounds the nesting of objects and arrays.
	DefaultMaxArgumentDepth = 64
)

// Limits bounds the arguments a model may send, checked before they are
// parsed. A zero field means its default.
type Limits struct {
	// MaxBytes is the largest accepted argument text, in bytes.
	MaxBytes int
	// MaxDepth is the deepest accepted nesting of objects and arrays.
	MaxDepth int
}

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxArgumentBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxArgumentDepth
	}
	return l
}

// CheckArguments reports, wrapping [ErrInvalidArguments], arguments larger
// or more deeply nested than l allows. It reads args once and stops at the
// first bound crossed, so a huge or hostile argument costs little. The agent
// loop calls it before [Tool.Prepare]; other callers of Prepare (an MCP
// server) should too.
func CheckArguments[S ~string | ~[]byte](args S, l Limits) error {
	l = l.withDefaults()
	if len(args) > l.MaxBytes {
		return fmt.Errorf("%w: arguments are %d bytes; the limit is %d", ErrInvalidArguments, len(args), l.MaxBytes)
	}
	depth, inString, escaped := 0, false, false
	for i := 0; i < len(args); i++ {
		c := args[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			if depth > l.MaxDepth {
				return fmt.Errorf("%w: arguments nest deeper than %d levels", ErrInvalidArguments, l.MaxDepth)
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return nil
}

// inputSchema is a tool's input schema, compiled on first use.
type inputSchema struct {
	once   sync.Once
	schema *jsonschema.Schema
	err    error
}

func (s *inputSchema) get(id string, raw json.RawMessage) (*jsonschema.Schema, error) {
	s.once.Do(func() { s.schema, s.err = compileSchema(id, raw) })
	return s.schema, s.err
}

// compileSchema compiles raw (draft 2020-12 unless it says otherwise). An
// empty schema accepts any object.
func compileSchema(id string, raw json.RawMessage) (*jsonschema.Schema, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = json.RawMessage(`{"type":"object"}`)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("parse input schema of %s: %w", id, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	loc := "toolgen:///tools/" + url.PathEscape(id) + "/input.json"
	if err := c.AddResource(loc, doc); err != nil {
		return nil, fmt.Errorf("load input schema of %s: %w", id, err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("compile input schema of %s: %w", id, err)
	}
	return sch, nil
}

// parseArguments parses args as the validator wants them: numbers as
// json.Number.
func parseArguments(args []byte) (any, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return nil, fmt.Errorf("%w: %s", ErrInvalidArguments, describeSyntaxError(err))
	}
	return v, nil
}

// validateValue validates parsed arguments against sch.
func validateValue(sch *jsonschema.Schema, v any) error {
	if err := sch.Validate(v); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return fmt.Errorf("%w: %s", ErrInvalidArguments, describeValidationError(ve))
		}
		return fmt.Errorf("%w: %v", ErrInvalidArguments, err)
	}
	return nil
}

func describeSyntaxError(err error) string {
	var syn *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF):
		return "empty arguments; expected a JSON object"
	case errors.As(err, &syn):
		return fmt.Sprintf("not valid JSON (at byte %d): %s", syn.Offset, syn.Error())
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "not valid JSON: unexpected end of input"
	}
	return "not valid JSON: " + err.Error()
}

// describeValidationError lists the leaf violations as "at /path: what",
// assembled by jsonarg.SchemaMessage, the code generated decoders use too.
// Messages that would quote the offending value (patterns, formats) are
// replaced by ones that say what was expected without it.
func describeValidationError(ve *jsonschema.ValidationError) string {
	var lines []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		lines = append(lines, jsonarg.Line(e.InstanceLocation, violation(e.ErrorKind)))
	}
	walk(ve)
	return jsonarg.SchemaMessage(lines)
}

// violation words one violation with the functions of package jsonarg,
// which generated decoders use as well.
func violation(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Pattern:
		return jsonarg.PatternMessage(k.Want)
	case *kind.Format:
		return jsonarg.FormatMessage(k.Want)
	case *kind.ContentEncoding:
		return jsonarg.ContentEncodingMessage(k.Want)
	case *kind.ContentMediaType:
		return jsonarg.ContentMediaTypeMessage(k.Want)
	case *kind.PropertyNames:
		return jsonarg.PropertyNamesMessage
	case *kind.FalseSchema:
		return jsonarg.FalseSchemaMessage
	case *kind.Type:
		return jsonarg.TypeMessage(strings.Join(k.Want, " or "), k.Got)
	case *kind.Required:
		return jsonarg.RequiredMessage(k.Missing)
	case *kind.AdditionalProperties:
		return jsonarg.UnexpectedMessage(k.Properties)
	case *kind.Enum:
		return jsonarg.EnumMessage(k.Want)
	case *kind.Const:
		return jsonarg.ConstMessage(k.Want)
	case *kind.MinLength:
		return jsonarg.MinLengthMessage(k.Want, k.Got)
	case *kind.MaxLength:
		return jsonarg.MaxLengthMessage(k.Want, k.Got)
	case *kind.MinItems:
		return jsonarg.MinItemsMessage(k.Want, k.Got)
	case *kind.MaxItems:
		return jsonarg.MaxItemsMessage(k.Want, k.Got)
	case *kind.Minimum:
		return jsonarg.MinimumMessage(k.Want)
	case *kind.Maximum:
		return jsonarg.MaximumMessage(k.Want)
	case *kind.ExclusiveMinimum:
		return jsonarg.ExclusiveMinimumMessage(k.Want)
	case *kind.ExclusiveMaximum:
		return jsonarg.ExclusiveMaximumMessage(k.Want)
	case *kind.MultipleOf:
		return jsonarg.MultipleOfMessage(k.Want)
	case *kind.MinProperties:
		return jsonarg.MinPropertiesMessage(k.Want, k.Got)
	case *kind.MaxProperties:
		return jsonarg.MaxPropertiesMessage(k.Want, k.Got)
	case *kind.UniqueItems:
		return jsonarg.UniqueItemsMessage(k.Duplicates[0], k.Duplicates[1])
	case *kind.OneOf:
		return jsonarg.OneOfMessage
	case *kind.AnyOf:
		return jsonarg.AnyOfMessage
	}
	return jsonarg.KeywordMessage(k.KeywordPath())
}

// fieldSets caches, per struct type, its JSON field names and their types,
// as encoding/json caches its own field lists.
var fieldSets sync.Map // reflect.Type → map[string]reflect.Type

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// checkKeys rejects object keys of v that match no JSON field name of t
// exactly. encoding/json matches names case-insensitively; a model that
// writes "Location" for "location" must be told, not silently obeyed.
func checkKeys(v any, t reflect.Type, path string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return nil // a type mismatch; the decoder reports it
		}
		fields := structFields(t)
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			ft, ok := fields[k]
			if !ok {
				return fmt.Errorf("%w: at %s/%s: unknown field %q (field names are case-sensitive)", ErrInvalidArguments, path, k, k)
			}
			if err := checkKeys(obj[k], ft, path+"/"+k); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		arr, ok := v.([]any)
		if !ok {
			return nil
		}
		for i, e := range arr {
			if err := checkKeys(e, t.Elem(), fmt.Sprintf("%s/%d", path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if err := checkKeys(obj[k], t.Elem(), path+"/"+k); err != nil {
				return err
			}
		}
	}
	return nil
}

// structFields returns the JSON names of t's fields and their types, as
// encoding/json resolves them (typeFields in encoding/json/encode.go): tag
// names ("-" skipped, invalid names replaced by the field's), embedded
// structs flattened breadth first, and for a name found more than once the
// shallowest field, the tagged one among equals, or none when that leaves
// a tie.
func structFields(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldSets.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	type candidate struct {
		typ    reflect.Type
		depth  int
		tagged bool
	}
	byName := map[string][]candidate{}
	level, visited := []reflect.Type{t}, map[reflect.Type]bool{}
	for depth := 0; len(level) > 0; depth++ {
		var next []reflect.Type
		for _, st := range level {
			// A type seen at a shallower level adds nothing; one embedded
			// twice at this level adds its fields twice, which then tie,
			// as in encoding/json.
			if visited[st] {
				continue
			}
			for i := range st.NumField() {
				f := st.Field(i)
				tag := f.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, _, _ := strings.Cut(tag, ",")
				if !jsontag.ValidName(name) {
					name = ""
				}
				ft := f.Type
				if f.Anonymous {
					et := ft
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !f.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
					if name == "" && et.Kind() == reflect.Struct {
						next = append(next, et)
						continue
					}
				} else if !f.IsExported() {
					continue
				}
				tagged := name != ""
				if !tagged {
					name = f.Name
				}
				byName[name] = append(byName[name], candidate{ft, depth, tagged})
			}
		}
		for _, st := range level {
			visited[st] = true
		}
		level = next
	}
	fields := map[string]reflect.Type{}
	for name, cs := range byName {
		// The shallowest fields; among them the one tagged field, or the
		// only field.
		top := cs[:0:0]
		for _, c := range cs {
			if c.depth == cs[0].depth {
				top = append(top, c)
			}
		}
		var tagged []candidate
		for _, c := range top {
			if c.tagged {
				tagged = append(tagged, c)
			}
		}
		switch {
		case len(tagged) == 1:
			fields[name] = tagged[0].typ
		case len(tagged) == 0 && len(top) == 1:
			fields[name] = top[0].typ
		}
	}
	actual, _ := fieldSets.LoadOrStore(t, fields)
	return actual.(map[string]reflect.Type)
}

// decodeStrict decodes args into v, rejecting unknown fields and trailing
// data, with messages fit for a model.
func decodeStrict(args []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %s", ErrInvalidArguments, describeDecodeError(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%w: unexpected data after the arguments", ErrInvalidArguments)
	}
	return nil
}

// describeDecodeError turns an encoding/json error into a message fit for a
// model: the field path and what was expected, never the raw input.
func describeDecodeError(err error) string {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return fmt.Sprintf("expected %s, got %s", typeErr.Type, typeErr.Value)
		}
		return fmt.Sprintf("at /%s: expected %s, got %s", strings.ReplaceAll(typeErr.Field, ".", "/"), typeErr.Type, typeErr.Value)
	case errors.As(err, &syntaxErr):
		return describeSyntaxError(err)
	case errors.Is(err, io.EOF):
		return "empty arguments; expected a JSON object"
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "unknown field " + f
	}
	return "arguments could not be decoded"
}
