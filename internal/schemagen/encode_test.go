package schemagen

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	"github.com/stretchr/testify/require"
)

// TestEncodeFieldsMatchInvopop guards the encoder against a new version of
// invopop's Schema: it writes the fields of schemaFields, in that order, and
// nothing else may be encoded.
func TestEncodeFieldsMatchInvopop(t *testing.T) {
	var names []string
	typ := reflect.TypeFor[jsonschema.Schema]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if !f.IsExported() {
			require.Equal(t, "boolean", f.Name, "unknown unexported field")
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			require.Equal(t, "Extras", f.Name)
			continue
		}
		require.Equal(t, "omitempty", opts, "field %s", f.Name)
		names = append(names, name)
	}
	require.Equal(t, schemaFields, names)
	require.NotNil(t, booleanField)
}

// randomSchema builds a random schema tree that uses every field, boolean
// schemas, empty but non-nil slices and maps (which are not
// reflect.DeepEqual to nil), uninitialized property maps, Extras, and values
// of many types, including strings that need escaping and invalid numbers.
func randomSchema(rng *rand.Rand, depth int) *jsonschema.Schema {
	switch rng.IntN(12) {
	case 0:
		s := *jsonschema.TrueSchema
		return &s
	case 1:
		return falseSchema()
	case 2:
		return &jsonschema.Schema{}
	case 3:
		if depth > 0 {
			return nil
		}
	}
	str := func() string {
		parts := []string{"a", "Zz", " ", "<", ">", "&", "\"", "\\", "\n", "\t", "\x00", "\x1f", "\x7f", "é", "\u2028", "\u2029", "\xff", "\ufffd", "$", "#/$defs/X", "😀"}
		var b strings.Builder
		for range rng.IntN(4) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		return b.String()
	}
	num := func() json.Number {
		return json.Number([]string{"", "", "0", "-1", "1.5", "1e10", "2E-3", "01", "abc", "-", "1.", "1e"}[rng.IntN(12)])
	}
	value := func() any {
		switch rng.IntN(12) {
		case 0:
			return str()
		case 1:
			return num()
		case 2:
			return rng.IntN(2) == 0
		case 3:
			return nil
		case 4:
			return rng.Float64() * 1e6
		case 5:
			return rng.IntN(100) - 50
		case 6:
			return map[string]any{str(): str(), "k": []any{1, "x", map[string]any{}}}
		case 7:
			return []any{}
		case 8:
			return []string{str(), str()}
		case 9:
			return map[string]int{}
		case 10:
			return json.RawMessage(`{"a": [1, 2]}`)
		default:
			return &jsonschema.Schema{Type: "string"}
		}
	}
	u := func() *uint64 {
		if rng.IntN(4) != 0 {
			return nil
		}
		n := rng.Uint64N(1 << 40)
		return &n
	}
	maybe := func() bool { return rng.IntN(5) == 0 }
	sub := func() *jsonschema.Schema {
		if depth >= 4 || !maybe() {
			return nil
		}
		return randomSchema(rng, depth+1)
	}
	list := func() []*jsonschema.Schema {
		if depth >= 4 || !maybe() {
			return nil
		}
		l := []*jsonschema.Schema{}
		for range rng.IntN(3) {
			l = append(l, randomSchema(rng, depth+1))
		}
		return l
	}
	dict := func() map[string]*jsonschema.Schema {
		if depth >= 4 || !maybe() {
			return nil
		}
		m := map[string]*jsonschema.Schema{}
		for range rng.IntN(3) {
			m[str()] = randomSchema(rng, depth+1)
		}
		return m
	}
	anys := func() []any {
		if !maybe() {
			return nil
		}
		l := []any{}
		for range rng.IntN(3) {
			l = append(l, value())
		}
		return l
	}
	strs := func() []string {
		if !maybe() {
			return nil
		}
		l := []string{}
		for range rng.IntN(3) {
			l = append(l, str())
		}
		return l
	}
	pick := func() string {
		if !maybe() {
			return ""
		}
		return str()
	}
	s := &jsonschema.Schema{
		Version: pick(), ID: jsonschema.ID(pick()), Anchor: pick(), Ref: pick(), DynamicRef: pick(),
		Definitions: dict(), Comments: pick(),
		AllOf: list(), AnyOf: list(), OneOf: list(), Not: sub(),
		If: sub(), Then: sub(), Else: sub(), DependentSchemas: dict(),
		PrefixItems: list(), Items: sub(), Contains: sub(),
		PatternProperties: dict(), AdditionalProperties: sub(), PropertyNames: sub(),
		Type: pick(), Enum: anys(),
		MaxLength: u(), MinLength: u(), Pattern: pick(), MaxItems: u(), MinItems: u(),
		UniqueItems: maybe(), MaxContains: u(), MinContains: u(), MaxProperties: u(), MinProperties: u(),
		Required: strs(),
		Format:   pick(), ContentEncoding: pick(), ContentMediaType: pick(), ContentSchema: sub(),
		Title: pick(), Description: pick(),
		Deprecated: maybe(), ReadOnly: maybe(), WriteOnly: maybe(), Examples: anys(),
	}
	if maybe() {
		s.Const = value()
	}
	if maybe() {
		s.Default = value()
	}
	if rng.IntN(3) == 0 {
		s.MultipleOf, s.Maximum, s.ExclusiveMaximum, s.Minimum, s.ExclusiveMinimum = num(), num(), num(), num(), num()
	}
	if maybe() {
		s.DependentRequired = map[string][]string{}
		for range rng.IntN(3) {
			s.DependentRequired[str()] = strs()
		}
	}
	if maybe() {
		s.Extras = map[string]any{}
		for range rng.IntN(3) {
			s.Extras[str()] = value()
		}
	}
	switch rng.IntN(4) {
	case 0:
		s.Properties = jsonschema.NewProperties()
		if depth < 4 {
			for range rng.IntN(4) {
				s.Properties.Set(str(), randomSchema(rng, depth+1))
			}
		}
	case 1:
		if maybe() {
			// An ordered map not made by NewProperties: it marshals as null.
			props := reflect.ValueOf(s).Elem().FieldByName("Properties")
			props.Set(reflect.New(props.Type().Elem()))
		}
	}
	return s
}

// marshalIndentN is the number of random schema trees of TestMarshalIndent;
// a soak takes more (-marshalindent.n=100000).
var marshalIndentN = flag.Int("marshalindent.n", 2000, "TestMarshalIndent: number of random schemas")

// TestMarshalIndent compares MarshalIndent with json.Marshal + json.Indent
// on random schema trees: same bytes, or, where encoding/json fails, the
// same error.
func TestMarshalIndent(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	fast := 0
	for i := range *marshalIndentN {
		s := randomSchema(rng, 0)
		want, wantErr := marshalIndentSlow([]byte("prefix"), s)
		got, err := MarshalIndent([]byte("prefix"), s)
		if wantErr != nil {
			require.EqualError(t, err, wantErr.Error(), "case %d", i)
			continue
		}
		require.NoError(t, err, "case %d", i)
		require.Equal(t, string(want), string(got), "case %d", i)
		if (&encoder{}).schema(s) == nil {
			fast++
		}
	}
	require.Greater(t, fast, *marshalIndentN/4, "too few cases take the fast path")
	t.Logf("%d cases on the fast path", fast)
}

func ExampleMarshalIndent() {
	s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties(), AdditionalProperties: falseSchema()}
	s.Properties.Set("a<b", &jsonschema.Schema{Type: "string", Enum: []any{"x", json.Number("1")}})
	out, _ := MarshalIndent(nil, s)
	fmt.Println(string(out))
	// Output:
	// {
	//   "properties": {
	//     "a\u003cb": {
	//       "type": "string",
	//       "enum": [
	//         "x",
	//         1
	//       ]
	//     }
	//   },
	//   "additionalProperties": false,
	//   "type": "object"
	// }
}
