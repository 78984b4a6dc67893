package eino

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
	"github.com/go-json-experiment/json/jsontext"
)

// paramsOf turns a generated input schema into the parameters of an Eino
// ToolInfo, an eino-contrib/jsonschema Schema, reading the JSON once.
//
// That type drops what it has no field for, and its fields cannot hold
// every value: a null const or default, an empty enum or $ref (omitempty
// drops them) or a number a float64 changes. paramsOf refuses such a
// schema, naming the place, rather than give the model a looser schema
// than the one toolgen validates the arguments with. It builds the Schema
// itself, with the fields encoding/json would set: json.Unmarshal into the
// type decodes each nested schema again at every level, about ten times
// the cost at the size of toolgen's schemas.
func paramsOf(raw json.RawMessage) (*schema.ParamsOneOf, error) {
	// Duplicate names are allowed, the last one kept, as json.Unmarshal does.
	r := &reader{dec: jsontext.NewDecoder(bytes.NewReader(raw), jsontext.AllowDuplicateNames(true))}
	s, err := r.schema()
	if err == nil {
		if _, end := r.dec.ReadToken(); end != io.EOF {
			err = errors.New("text after the schema")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("the input schema cannot be given to Eino: %w", err)
	}
	return schema.NewParamsOneOfByJSONSchema(s), nil
}

// reader builds a jsonschema.Schema from the tokens of its JSON text.
type reader struct {
	dec *jsontext.Decoder
}

// errorf returns an error at the value read last.
func (r *reader) errorf(format string, args ...any) error {
	return at(string(r.dec.StackPointer()), format, args...)
}

// at returns an error at the JSON pointer p.
func at(p, format string, args ...any) error {
	where := "at the root"
	if p != "" {
		where = "at " + p
	}
	return fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
}

// token reads a token of one of the kinds, naming what was wanted
// otherwise.
func (r *reader) token(want string, kinds ...jsontext.Kind) (jsontext.Token, error) {
	tok, err := r.dec.ReadToken()
	if err != nil {
		return tok, err
	}
	for _, k := range kinds {
		if tok.Kind() == k {
			return tok, nil
		}
	}
	return tok, r.errorf("want %s, not %s", want, tok.Kind())
}

// schema reads a schema: an object, true or false.
func (r *reader) schema() (*jsonschema.Schema, error) {
	tok, err := r.token("a schema", '{', 't', 'f')
	if err != nil {
		return nil, err
	}
	if tok.Kind() != '{' {
		s := *jsonschema.FalseSchema // a copy: a consumer may change what it is given
		if tok.Bool() {
			s = *jsonschema.TrueSchema
		}
		return &s, nil
	}
	s := new(jsonschema.Schema)
	if err := r.members(func(k string) error { return r.keyword(s, k) }); err != nil {
		return nil, err
	}
	return s, nil
}

// keyword reads the value of the keyword k of s into its field.
func (r *reader) keyword(s *jsonschema.Schema, k string) (err error) {
	switch k {
	case "$schema":
		s.Version, err = r.str()
	case "$id":
		var id string
		id, err = r.str()
		s.ID = jsonschema.ID(id)
	case "$anchor":
		s.Anchor, err = r.str()
	case "$ref":
		s.Ref, err = r.nonEmpty(k)
	case "$dynamicRef":
		s.DynamicRef, err = r.nonEmpty(k)
	case "$comment":
		s.Comments, err = r.str()
	case "$defs":
		s.Definitions, err = r.schemas()
	case "allOf":
		s.AllOf, err = r.schemaList()
	case "anyOf":
		s.AnyOf, err = r.schemaList()
	case "oneOf":
		s.OneOf, err = r.schemaList()
	case "prefixItems":
		s.PrefixItems, err = r.schemaList()
	case "not":
		s.Not, err = r.schema()
	case "if":
		s.If, err = r.schema()
	case "then":
		s.Then, err = r.schema()
	case "else":
		s.Else, err = r.schema()
	case "items":
		s.Items, err = r.schema()
	case "contains":
		s.Contains, err = r.schema()
	case "additionalProperties":
		s.AdditionalProperties, err = r.schema()
	case "propertyNames":
		s.PropertyNames, err = r.schema()
	case "contentSchema":
		s.ContentSchema, err = r.schema()
	case "dependentSchemas":
		s.DependentSchemas, err = r.schemas()
	case "patternProperties":
		s.PatternProperties, err = r.schemas()
	case "properties":
		err = r.properties(s)
	case "type":
		err = r.typ(s)
	case "enum":
		s.Enum, err = r.list()
		if err == nil && len(s.Enum) == 0 {
			err = r.errorf("Eino's schema type drops an empty enum")
		}
	case "const", "default":
		var v any
		v, err = r.value()
		if err == nil && v == nil {
			err = r.errorf("Eino's schema type drops a null %q", k)
		}
		if k == "const" {
			s.Const = v
		} else {
			s.Default = v
		}
	case "examples":
		s.Examples, err = r.list()
	case "multipleOf":
		s.MultipleOf, err = r.number()
	case "maximum":
		s.Maximum, err = r.number()
	case "exclusiveMaximum":
		s.ExclusiveMaximum, err = r.number()
	case "minimum":
		s.Minimum, err = r.number()
	case "exclusiveMinimum":
		s.ExclusiveMinimum, err = r.number()
	case "maxLength":
		s.MaxLength, err = r.count()
	case "minLength":
		s.MinLength, err = r.count()
	case "maxItems":
		s.MaxItems, err = r.count()
	case "minItems":
		s.MinItems, err = r.count()
	case "maxContains":
		s.MaxContains, err = r.count()
	case "minContains":
		s.MinContains, err = r.count()
	case "maxProperties":
		s.MaxProperties, err = r.count()
	case "minProperties":
		s.MinProperties, err = r.count()
	case "pattern":
		s.Pattern, err = r.str()
	case "format":
		s.Format, err = r.str()
	case "contentEncoding":
		s.ContentEncoding, err = r.str()
	case "contentMediaType":
		s.ContentMediaType, err = r.str()
	case "title":
		s.Title, err = r.str()
	case "description":
		s.Description, err = r.str()
	case "uniqueItems":
		s.UniqueItems, err = r.boolean()
	case "deprecated":
		s.Deprecated, err = r.boolean()
	case "readOnly":
		s.ReadOnly, err = r.boolean()
	case "writeOnly":
		s.WriteOnly, err = r.boolean()
	case "required":
		s.Required, err = r.strs()
	case "dependentRequired":
		err = r.dependentRequired(s)
	default:
		// The pointer is the keyword's; the place is its schema's.
		p := string(r.dec.StackPointer())
		return at(p[:strings.LastIndexByte(p, '/')], "the keyword %q has no place in Eino's schema type", k)
	}
	return err
}

// str reads a string.
func (r *reader) str() (string, error) {
	tok, err := r.token("a string", '"')
	return tok.String(), err
}

// nonEmpty reads the string of the keyword k, which Eino's type drops when
// empty.
func (r *reader) nonEmpty(k string) (string, error) {
	s, err := r.str()
	if err == nil && s == "" {
		err = r.errorf("Eino's schema type drops an empty %q", k)
	}
	return s, err
}

// boolean reads true or false.
func (r *reader) boolean() (bool, error) {
	tok, err := r.token("true or false", 't', 'f')
	return err == nil && tok.Bool(), err
}

// number reads a number, kept as written.
func (r *reader) number() (json.Number, error) {
	tok, err := r.token("a number", '0')
	return json.Number(tok.String()), err
}

// count reads a non-negative integer.
func (r *reader) count() (*uint64, error) {
	tok, err := r.token("a non-negative integer", '0')
	if err != nil {
		return nil, err
	}
	n, err := tok.Uint()
	if err != nil {
		return nil, r.errorf("want a non-negative integer, not %s", tok)
	}
	return &n, nil
}

// strs reads an array of strings.
func (r *reader) strs() ([]string, error) {
	if _, err := r.token("an array of strings", '['); err != nil {
		return nil, err
	}
	out := []string{}
	for {
		tok, err := r.token("a string", '"', ']')
		if err != nil || tok.Kind() == ']' {
			return out, err
		}
		out = append(out, tok.String())
	}
}

// typ reads the type keyword: a name or an array of names.
func (r *reader) typ(s *jsonschema.Schema) error {
	if r.dec.PeekKind() == '"' {
		t, err := r.str()
		s.Type = t
		return err
	}
	t, err := r.strs()
	s.TypeEnhanced = t
	return err
}

// schemaList reads an array of schemas.
func (r *reader) schemaList() ([]*jsonschema.Schema, error) {
	if _, err := r.token("an array of schemas", '['); err != nil {
		return nil, err
	}
	var out []*jsonschema.Schema
	for r.dec.PeekKind() != ']' {
		s, err := r.schema()
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	_, err := r.dec.ReadToken()
	return out, err
}

// schemas reads an object of schemas by name.
func (r *reader) schemas() (map[string]*jsonschema.Schema, error) {
	out := map[string]*jsonschema.Schema{}
	err := r.object("an object of schemas", func(name string) error {
		s, err := r.schema()
		out[name] = s
		return err
	})
	return out, err
}

// properties reads the properties keyword, in order.
func (r *reader) properties(s *jsonschema.Schema) error {
	s.Properties = jsonschema.NewProperties()
	return r.object("an object of schemas", func(name string) error {
		p, err := r.schema()
		s.Properties.Set(name, p)
		return err
	})
}

// dependentRequired reads the dependentRequired keyword.
func (r *reader) dependentRequired(s *jsonschema.Schema) error {
	s.DependentRequired = map[string][]string{}
	return r.object("an object of string arrays", func(name string) error {
		names, err := r.strs()
		s.DependentRequired[name] = names
		return err
	})
}

// object reads an object, calling member to read the value of each name.
func (r *reader) object(want string, member func(name string) error) error {
	if _, err := r.token(want, '{'); err != nil {
		return err
	}
	return r.members(member)
}

// list reads an array of any values.
func (r *reader) list() ([]any, error) {
	if r.dec.PeekKind() != '[' {
		_, err := r.token("an array", '[')
		return nil, err
	}
	v, err := r.value()
	l, _ := v.([]any)
	return l, err
}

// value reads any JSON value as encoding/json decodes it into an any, and
// refuses a number that changes on its way through a float64 and back to
// JSON: 9007199254740993 does (it comes back as 9007199254740992); 0.1 does
// not.
func (r *reader) value() (any, error) {
	tok, err := r.dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case 'n':
		return nil, nil
	case 't', 'f':
		return tok.Bool(), nil
	case '"':
		return tok.String(), nil
	case '0':
		text := tok.String()
		f, err := strconv.ParseFloat(text, 64)
		want, ok := new(big.Rat).SetString(text)
		got, ok2 := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
		if err != nil || !ok || !ok2 || got.Cmp(want) != 0 {
			return nil, r.errorf("Eino's schema type holds the number %s as a float64, which changes it", text)
		}
		return f, nil
	case '[':
		l := []any{}
		for r.dec.PeekKind() != ']' {
			v, err := r.value()
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		_, err := r.dec.ReadToken()
		return l, err
	}
	m := map[string]any{}
	err = r.members(func(name string) error {
		v, err := r.value()
		m[name] = v
		return err
	})
	return m, err
}

// members reads the members of an object whose '{' was read, calling
// member to read the value of each name.
func (r *reader) members(member func(name string) error) error {
	for {
		name, err := r.token("a name", '"', '}')
		if err != nil || name.Kind() == '}' {
			return err
		}
		if err := member(name.String()); err != nil {
			return err
		}
	}
}
