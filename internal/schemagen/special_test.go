package schemagen_test

import (
	"encoding/json"
	"math/big"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specialArchive has types whose JSON form is not their Go structure, and a
// stand-in for invopop's package, whose Schema type is all a JSONSchema
// method needs.
const specialArchive = `
-- go.mod --
module example.com/x

go 1.26

require github.com/invopop/jsonschema v0.0.0

replace github.com/invopop/jsonschema => ./invopop
-- invopop/go.mod --
module github.com/invopop/jsonschema

go 1.26
-- invopop/schema.go --
package jsonschema

type Schema struct {
	Type    string
	Format  string
	Pattern string
	Enum    []any
	AnyOf   []*Schema
	Description string
}
-- special.go --
package x

import (
	"math/big"
	"net/url"

	"github.com/invopop/jsonschema"
)

// Email is declared with a literal.
type Email string

func (Email) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Format: "email", Description: "An address."}
}

// Code is declared with a union.
type Code struct{ v any }

func (Code) MarshalJSON() ([]byte, error) { return nil, nil }

func (*Code) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "integer"}, {Type: "string", Pattern: "^[A-Z]+$"}}}
}

// Computed declares its schema with code toolgen cannot read.
type Computed struct{ v string }

func (Computed) MarshalJSON() ([]byte, error) { return nil, nil }

func (Computed) JSONSchema() *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "string"}
	return s
}

// Typo declares a schema that does not compile.
type Typo struct{ v string }

func (Typo) MarshalJSON() ([]byte, error) { return nil, nil }

func (Typo) JSONSchema() *jsonschema.Schema { return &jsonschema.Schema{Type: "strng"} }

// Port is an int or a string, as Kubernetes declares it.
type Port struct{ v any }

func (Port) MarshalJSON() ([]byte, error) { return nil, nil }
func (Port) OpenAPISchemaType() []string  { return []string{"string"} }
func (Port) OpenAPISchemaFormat() string  { return "int-or-string" }

// Stamp is a time as Kubernetes declares it.
type Stamp struct{ v string }

func (Stamp) MarshalJSON() ([]byte, error) { return nil, nil }
func (Stamp) OpenAPISchemaType() []string  { return []string{typeString} }
func (Stamp) OpenAPISchemaFormat() string  { return "date-time" }

const typeString = "string"

// Money writes what it likes.
type Money struct{ cents int }

func (Money) MarshalJSON() ([]byte, error) { return nil, nil }

// Token writes text.
type Token struct{ v []byte }

func (Token) MarshalText() ([]byte, error) { return nil, nil }

type Special struct {
	Email    Email     ` + "`json:\"email\"`" + `
	Code     Code      ` + "`json:\"code\"`" + `
	Computed Computed  ` + "`json:\"computed\"`" + `
	Typo     Typo      ` + "`json:\"typo\"`" + `
	Port     Port      ` + "`json:\"port\"`" + `
	Stamp    Stamp     ` + "`json:\"stamp\"`" + `
	Money    Money     ` + "`json:\"money\"`" + `
	Token    Token     ` + "`json:\"token\"`" + `
	Int      big.Int   ` + "`json:\"int\"`" + `
	IntPtr   *big.Int  ` + "`json:\"intPtr\"`" + `
	Float    big.Float ` + "`json:\"float\"`" + `
	Rat      *big.Rat  ` + "`json:\"rat,omitempty\"`" + `
	Link     url.URL   ` + "`json:\"link\"`" + `
}

// Level is an enum whose zero value is not a constant.
type Level string

const (
	Low  Level = "low"
	High Level = "high"
)

// Rank is one whose zero value is.
type Rank int

const (
	Unranked Rank = iota
	First
)

type Out struct {
	Level    Level  ` + "`json:\"level\"`" + `
	Optional Level  ` + "`json:\"optional,omitempty\"`" + `
	Rank     Rank   ` + "`json:\"rank\"`" + `
	Levels   []Level ` + "`json:\"levels,omitempty\"`" + `
}
`

func TestSpecialTypes(t *testing.T) {
	l := loadArchive(t, specialArchive, true, ".")
	urlPos := l.fset.Position(l.pkgs["example.com/x"].Imports["net/url"].Types.Scope().Lookup("URL").Pos())
	urlLine := strconv.Itoa(urlPos.Line)
	got, errs := l.schema(t, l.builder(), "Special")
	require.Empty(t, l.errorStrings(errs))
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	require.NoError(t, json.Unmarshal([]byte(got), &s))
	want := map[string]string{
		// Declared by a JSONSchema literal, described by it.
		"email": `{"type":"string","format":"email","description":"An address."}`,
		// Declared on the pointer; the type's doc comment describes it.
		"code": `{"anyOf":[{"type":"integer"},{"type":"string","pattern":"^[A-Z]+$"}],"description":"Code is declared with a union."}`,
		// A body toolgen cannot read, and a MarshalJSON: anything.
		"computed": `{"description":"Computed declares its schema with code toolgen cannot read."}`,
		// Kubernetes' int-or-string format.
		"port":  `{"anyOf":[{"type":"integer"},{"type":"string"}],"description":"Port is an int or a string, as Kubernetes declares it."}`,
		"stamp": `{"type":"string","format":"date-time","description":"Stamp is a time as Kubernetes declares it."}`,
		"money": `{"description":"Money writes what it likes."}`,
		"token": `{"type":"string","description":"Token writes text."}`,
		// The table.
		"int":    `{"type":"integer"}`,
		"intPtr": `{"type":["integer","null"]}`,
		"float":  `{"type":"string","pattern":"^[+-]?(Inf|([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?)$"}`,
		"rat":    `{"type":"string","pattern":"^-?(0|[1-9][0-9]*)(/[1-9][0-9]*)?$"}`,
	}
	for name, w := range want {
		assert.JSONEq(t, w, string(s.Properties[name]), name)
	}
	// url.URL has no marshaler: encoding/json writes its fields.
	var link struct {
		Type       string         `json:"type"`
		Properties map[string]any `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(s.Properties["link"], &link))
	assert.Equal(t, "object", link.Type)
	assert.Contains(t, link.Properties, "Host")
	assert.NoError(t, compile2020(t, got))

	assert.Equal(t, []string{
		`special.go:72: Special.Computed: type x.Computed has its own MarshalJSON, whose output toolgen cannot see (x.Computed.JSONSchema does not return a literal toolgen can read), so the schema allows any JSON value here; declare the schema with a method JSONSchema() *jsonschema.Schema that returns a literal, or tag the field jsonschema:"type=…"`,
		`special.go:73: Special.Typo: type x.Typo has its own MarshalJSON, whose output toolgen cannot see (x.Typo.JSONSchema returns a schema that is not valid JSON Schema: at '/type': value must be one of 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'), so the schema allows any JSON value here; declare the schema with a method JSONSchema() *jsonschema.Schema that returns a literal, or tag the field jsonschema:"type=…"`,
		`special.go:76: Special.Money: type x.Money has its own MarshalJSON, whose output toolgen cannot see, so the schema allows any JSON value here; declare the schema with a method JSONSchema() *jsonschema.Schema that returns a literal, or tag the field jsonschema:"type=…"`,
		// Where the standard library declares url.URL.
		`url.go:` + urlLine + `: struct url.URL has no json tags, so its fields become required properties under their Go names ("Scheme", "Opaque", "User", …); add json tags (json:"name,omitempty" for an optional one), or wrap it in a struct of your own that has them`,
	}, l.warningStrings(errs))

	// What encoding/json writes for these values, the schema accepts.
	var u url.URL
	u.User = url.User("me")
	for _, v := range []any{
		map[string]any{"int": big.NewInt(0).Lsh(big.NewInt(1), 100), "intPtr": (*big.Int)(nil)},
		map[string]any{"float": big.NewFloat(1.5e300), "rat": big.NewRat(-1, 3)},
		map[string]any{"link": &u},
	} {
		data, err := json.Marshal(v)
		require.NoError(t, err)
		assert.NoError(t, validateProps(t, got, data), "%s", data)
	}
}

// validateProps validates data against the schemas of its properties in
// schema, one by one.
func validateProps(t *testing.T, schema string, data []byte) error {
	t.Helper()
	var root map[string]any
	require.NoError(t, json.Unmarshal([]byte(schema), &root))
	var doc map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &doc))
	for name, value := range doc {
		sub := map[string]any{}
		if defs, ok := root["$defs"]; ok {
			sub["$defs"] = defs
		}
		for k, v := range root["properties"].(map[string]any)[name].(map[string]any) {
			sub[k] = v
		}
		text, err := json.Marshal(sub)
		require.NoError(t, err)
		if err := validate2020(t, string(text), value); err != nil {
			return err
		}
	}
	return nil
}

func TestOutputEnumsAdmitTheZeroValue(t *testing.T) {
	l := loadArchive(t, specialArchive, true, ".")
	b := l.builder()
	in, errs := l.schema(t, b, "Out")
	require.Empty(t, errs)
	out, errs := l.schema(t, b.ForOutputs(), "Out")
	require.Empty(t, l.errorStrings(errs))
	assert.Equal(t, []string{
		`special.go:86: the zero value "" of enum type x.Level is not one of its constants, but an output that leaves a field of this type unset holds it: the output schema allows "" too; declare a constant for it, or give the fields omitempty`,
	}, l.warningStrings(errs))
	// enum returns the enum of a property, or of its items, through a
	// $ref into $defs.
	enum := func(schema, prop string) []any {
		type node struct {
			Ref   string `json:"$ref"`
			Enum  []any  `json:"enum"`
			Items *node  `json:"items"`
		}
		var s struct {
			Properties map[string]node `json:"properties"`
			Defs       map[string]node `json:"$defs"`
		}
		require.NoError(t, json.Unmarshal([]byte(schema), &s))
		n := s.Properties[prop]
		if n.Items != nil {
			n = *n.Items
		}
		if name, ok := strings.CutPrefix(n.Ref, "#/$defs/"); ok {
			n = s.Defs[name]
		}
		return n.Enum
	}
	// Inputs list the constants only: a model must pick one.
	assert.Equal(t, []any{"low", "high"}, enum(in, "level"))
	// An output's field left unset holds "", which encoding/json writes.
	assert.Equal(t, []any{"low", "high", ""}, enum(out, "level"))
	// Level is in $defs, shared by every field of its type: the zero
	// value is allowed where omitempty leaves it out too.
	assert.Equal(t, []any{"low", "high", ""}, enum(out, "optional"))
	// Rank's zero value is a constant.
	assert.Equal(t, []any{float64(0), float64(1)}, enum(out, "rank"))
	// The elements of a slice may be zero.
	assert.Equal(t, []any{"low", "high", ""}, enum(out, "levels"))
}
