package schemagen_test

import (
	"go/types"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

const errorsArchive = `
-- bad.go --
package x

import (
	"io"
	"unsafe"
)

type CreateIssueInput struct {
	Title  string
	Bounty Bounty
}

type Bounty struct {
	Amount   int
	Currency chan string
}

type Kinds struct {
	Ch    chan int
	Fn    func()
	C64   complex64
	C128  complex128
	UP    unsafe.Pointer
	R     io.Reader
	E     error
	MB    map[bool]int
	MF    map[float64]int
	MS    map[Pair]int
	List  []chan int
	Named NamedChan
	Twice NamedChan
	Ok    string
	Gen   Box[func()]
}

type Pair struct{ A, B int }

type NamedChan chan int

type Box[T any] struct {
	V T
}

type Generic[T any] struct {
	V T
}

type BadTags struct {
	A string   ` + "`jsonschema:\"minLength=abc\"`" + `
	B string   ` + "`jsonschema:\"minimum=1\"`" + `
	C int      ` + "`jsonschema:\"minimum=x\"`" + `
	D string   ` + "`jsonschema:\"colour=red\"`" + `
	E string   ` + "`jsonschema:\"type=text\"`" + `
	F string   ` + "`jsonschema:\"pattern=a(\"`" + `
	G []string ` + "`jsonschema:\"uniqueItems=false\"`" + `
	H string   ` + "`jsonschema:\"required=true\"`" + `
	I string   ` + "`json:\"a\\\\b\"`" + `
	J Pair     ` + "`json:\"j,inline\"`" + `
	K int      ` + "`jsonschema:\"default=1.5\"`" + `
	L bool     ` + "`jsonschema:\"default=yes\"`" + `
	M [][]string ` + "`jsonschema:\"minLength=1\"`" + `
	N any      ` + "`jsonschema:\"minLength=1\"`" + `
	O string   ` + "`jsonschema:\"minLength\"`" + `
	P string   ` + "`jsonschema:\"required,-\"`" + `
	Q string   ` + "`jsonschema_extras:\"type=x,novalue\"`" + `
	R any      ` + "`jsonschema:\"oneof_ref=#/$defs/Nope\"`" + `
	S int      ` + "`jsonschema:\"minimum=NaN\"`" + `
	T int      ` + "`jsonschema:\"multipleOf=0\"`" + `
	U Pair     ` + "`jsonschema:\"minLength=1\"`" + `
	V bool     ` + "`jsonschema:\"readOnly=true\"`" + `
	W []int    ` + "`jsonschema:\"pattern=a=b\"`" + `
	X string   ` + "`jsonschema:\"readOnly=maybe,anchor=1x\"`" + `
}
`

func TestErrors(t *testing.T) {
	l := loadArchive(t, errorsArchive, true, ".")
	b := l.builder()
	tests := []struct {
		name string
		want []string // file:line: path: message
	}{
		{"CreateIssueInput", []string{
			"bad.go:15: CreateIssueInput.Bounty.Currency: type chan string has no JSON form (encoding/json cannot encode channels); use a data type such as a struct, slice or string, or tag the field json:\"-\"",
		}},
		{"Kinds", []string{
			"bad.go:19: Kinds.Ch: type chan int has no JSON form (encoding/json cannot encode channels); use a data type such as a struct, slice or string, or tag the field json:\"-\"",
			"bad.go:20: Kinds.Fn: type func() has no JSON form (encoding/json cannot encode functions); use a data type such as a struct, slice or string, or tag the field json:\"-\"",
			"bad.go:21: Kinds.C64: type complex64 has no JSON form (encoding/json rejects complex numbers); use two float64 fields, or tag the field json:\"-\"",
			"bad.go:22: Kinds.C128: type complex128 has no JSON form (encoding/json rejects complex numbers); use two float64 fields, or tag the field json:\"-\"",
			"bad.go:23: Kinds.UP: type unsafe.Pointer has no JSON form; use a data type such as a struct, slice or string, or tag the field json:\"-\"",
			"bad.go:24: Kinds.R: interface type io.Reader has no JSON Schema: the model cannot know which concrete type to send; use a concrete type, or any for a free-form value",
			"bad.go:25: Kinds.E: interface type error has no JSON Schema: the model cannot know which concrete type to send; use a concrete type, or any for a free-form value",
			"bad.go:26: Kinds.MB: map key type bool of map[bool]int is not supported: JSON object keys come from a string type, an integer type or a type implementing encoding.TextMarshaler",
			"bad.go:27: Kinds.MF: map key type float64 of map[float64]int is not supported: JSON object keys come from a string type, an integer type or a type implementing encoding.TextMarshaler",
			"bad.go:28: Kinds.MS: map key type x.Pair of map[x.Pair]int is not supported: JSON object keys come from a string type, an integer type or a type implementing encoding.TextMarshaler",
			"bad.go:29: Kinds.List: type chan int has no JSON form (encoding/json cannot encode channels); use a data type such as a struct, slice or string, or tag the field json:\"-\"",
			"bad.go:30: Kinds.Named: type x.NamedChan has no JSON form (encoding/json cannot encode channels); use a data type such as a struct, slice or string, or tag the field json:\"-\"",
			"bad.go:31: Kinds.Twice: type x.NamedChan has no JSON form (encoding/json cannot encode channels); use a data type such as a struct, slice or string, or tag the field json:\"-\"",
			"bad.go:41: Kinds.Gen.V: type func() has no JSON form (encoding/json cannot encode functions); use a data type such as a struct, slice or string, or tag the field json:\"-\"",
		}},
		{"Generic", []string{
			"bad.go:45: Generic.V: type parameter T has no JSON Schema; use the generic type with concrete type arguments",
		}},
		{"BadTags", []string{
			"bad.go:49: BadTags.A: jsonschema minLength=abc: the value must be a non-negative integer",
			`bad.go:50: BadTags.B: jsonschema keyword "minimum" does not apply to field B of type string; it allows minLength, maxLength, pattern, format, readOnly, writeOnly, default, example, enum (and on every field: title, description, type, anchor, oneof_required, anyof_required, oneof_ref, anyof_ref, oneof_type, anyof_type, and the flags required, nullable and -)`,
			"bad.go:51: BadTags.C: jsonschema minimum=x: the value must be a JSON number",
			`bad.go:52: BadTags.D: unknown jsonschema keyword "colour"; allowed on every field: title, description, type, anchor, oneof_required, anyof_required, oneof_ref, anyof_ref, oneof_type, anyof_type, and the flags required, nullable and -; by type: string: minLength, maxLength, pattern, format, readOnly, writeOnly, default, example, enum; number and integer: multipleOf, minimum, maximum, exclusiveMinimum, exclusiveMaximum, default, example, enum; array: minItems, maxItems, uniqueItems, default, format, pattern, and the keywords of the item type; boolean: default`,
			`bad.go:53: BadTags.E: jsonschema type=text: "text" is not a JSON Schema type; allowed: array, boolean, integer, null, number, object, string`,
			"bad.go:54: BadTags.F: jsonschema pattern=a(: the pattern does not compile (error parsing regexp: missing closing ): `a(`); use RE2 syntax, and escape commas as \\,",
			"bad.go:55: BadTags.G: jsonschema uniqueItems=false: invopop turns uniqueItems on for any value; write uniqueItems=true, or drop the keyword",
			"bad.go:56: BadTags.H: jsonschema flag required takes no value: write required",
			`bad.go:57: BadTags.I: json name "a\\b" is not valid for encoding/json, which uses the field name "I" instead; a name may hold letters, digits and punctuation other than quotes, backslash and comma`,
			`bad.go:58: BadTags.J: json option inline is not an encoding/json option: encoding/json still encodes the field as a nested object "j", while invopop would flatten it; embed the struct type without a json name to flatten it`,
			"bad.go:59: BadTags.K: jsonschema default=1.5: the value must be an integer, as the field is an integer",
			"bad.go:60: BadTags.L: jsonschema default=yes: the value must be true or false",
			`bad.go:61: BadTags.M: jsonschema keyword "minLength" cannot reach the items of an array of arrays (invopop ignores it); put the constraint on a named element type instead`,
			`bad.go:62: BadTags.N: jsonschema keyword "minLength" does not apply to field N: its schema has no single type; add type=string (or number, integer, array, boolean) to the tag, or drop the keyword`,
			"bad.go:63: BadTags.O: jsonschema keyword minLength needs a value: write minLength=…",
			`bad.go:64: BadTags.P: jsonschema "-" must be the whole tag (jsonschema:"-" hides the field); elsewhere it has no meaning`,
			`bad.go:65: BadTags.Q: jsonschema_extras key "type" is a JSON Schema keyword that toolgen sets itself; use the jsonschema tag for it, or pick another key`,
			`bad.go:65: BadTags.Q: jsonschema_extras entry "novalue" needs a value: write key=value`,
			`bad.go:66: BadTags.R: jsonschema oneof_ref: "#/$defs/Nope" does not name a type: toolgen lays out $defs itself, so a reference must have the form #/$defs/Name where Name is a type declared in package x`,
			"bad.go:67: BadTags.S: jsonschema minimum=NaN: the value must be a JSON number",
			"bad.go:68: BadTags.T: jsonschema multipleOf=0: the value must be a number greater than 0",
			`bad.go:69: BadTags.U: jsonschema keyword "minLength" does not apply to field U of type object, which takes only the keywords allowed on every field: title, description, type, anchor, oneof_required, anyof_required, oneof_ref, anyof_ref, oneof_type, anyof_type, and the flags required, nullable and -`,
			`bad.go:70: BadTags.V: jsonschema keyword "readOnly" does not apply to field V of type boolean; it allows default (and on every field: title, description, type, anchor, oneof_required, anyof_required, oneof_ref, anyof_ref, oneof_type, anyof_type, and the flags required, nullable and -)`,
			"bad.go:71: BadTags.W: jsonschema pattern=a=b: the value must not contain '=' for this field type (invopop drops the keyword)",
			"bad.go:72: BadTags.X: jsonschema anchor=1x: the value must be a letter or underscore followed by letters, digits, '-', '.' or '_'",
			"bad.go:72: BadTags.X: jsonschema readOnly=maybe: the value must be true or false",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := l.lookup(t, tt.name)
			s, errs := b.Schema(obj.Type(), tt.name)
			require.NotNil(t, s)
			assert.Equal(t, tt.want, l.errorStrings(errs))
			for _, e := range errs {
				assert.Equal(t, "bad.go", filepath.Base(l.fset.Position(e.Pos).Filename))
			}
			// Even with errors, the schema marshals and compiles.
			assert.NoError(t, compile2020(t, marshal(t, s)))
		})
	}
}

const warningsArchive = `
-- w.go --
package x

import "example.com/x/dep"

type Outer struct {
	In Inner
}

type Inner struct {
	N int
}

type Direct struct {
	In Inner ` + "`json:\"in\"`" + `
}

type Foreign struct {
	Opts dep.Options ` + "`json:\"opts\"`" + `
}
-- dep/dep.go --
package dep

type Options struct {
	Page int
	Body chan int
}
`

// TestWarnings: a struct without json tags is reported once, at its
// declaration, and not below another one that is; a body built below one
// is not reused where it would be reported (Direct, after Outer); a
// problem outside the user's code (Builder.Local) says where the user's
// code reaches it and what it is.
func TestWarnings(t *testing.T) {
	l := loadArchive(t, warningsArchive, true, "./...")
	b := l.builder()
	b.Local = func(p *types.Package) bool { return p.Path() == "example.com/x" }
	var got []string
	var outside []*schemagen.Error
	for _, name := range []string{"Outer", "Direct", "Foreign"} {
		obj := l.lookup(t, name)
		_, errs := b.Schema(obj.Type(), name)
		got = append(got, l.warningStrings(errs)...)
		for _, e := range errs {
			if e.Outside != nil {
				outside = append(outside, e)
			}
		}
	}
	assert.Equal(t, []string{
		`w.go:5: struct x.Outer has no json tags, so its fields become required properties under their Go names ("In"); add json tags (json:"name,omitempty" for an optional one), or wrap it in a struct of your own that has them`,
		`w.go:9: struct x.Inner has no json tags, so its fields become required properties under their Go names ("N"); add json tags (json:"name,omitempty" for an optional one), or wrap it in a struct of your own that has them`,
		`dep.go:3: Foreign.Opts: struct dep.Options has no json tags, so its fields become required properties under their Go names ("Page", "Body"); wrap it: give the tool a struct of your own with json tags, and copy the fields it needs`,
	}, got)
	require.Len(t, outside, 2)
	for _, e := range outside {
		reach := l.fset.Position(e.Outside.Reach)
		assert.Equal(t, "w.go:18", filepath.Base(reach.Filename)+":"+strconv.Itoa(reach.Line))
	}
	assert.Equal(t, "example.com/x/dep.Options", outside[0].Outside.Decl)
	assert.Equal(t, "Foreign.Opts.Body", outside[1].Path)
	assert.Equal(t, "example.com/x/dep.Options.Body", outside[1].Outside.Decl)
	assert.False(t, outside[1].Warning)
}
