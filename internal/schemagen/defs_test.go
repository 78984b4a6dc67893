package schemagen_test

import (
	"encoding/json"
	"go/types"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

// decoded is a schema decoded into maps, to look at its parts.
type decoded map[string]any

func decode(t *testing.T, text string) decoded {
	t.Helper()
	var d decoded
	require.NoError(t, json.Unmarshal([]byte(text), &d))
	return d
}

// prop returns the schema of a property as compact JSON.
func (d decoded) prop(t *testing.T, name string) string {
	t.Helper()
	props, _ := d["properties"].(map[string]any)
	require.Contains(t, props, name)
	data, err := json.Marshal(props[name])
	require.NoError(t, err)
	return string(data)
}

// defNames returns the names of the $defs entries, sorted.
func (d decoded) defNames() []string {
	defs, _ := d["$defs"].(map[string]any)
	return slices.Sorted(maps.Keys(defs))
}

// TestDefsOfNonStructs checks which named types other than structs live in
// $defs: an enum, a described string, a named slice (recursive or used
// twice) each get one entry that every use references, unless the field's
// tags change the type's schema, when the field has a body of its own; a
// string type with neither constants nor a description is inlined.
func TestDefsOfNonStructs(t *testing.T) {
	l := loadArchive(t, graphArchive, true, ".")
	got, errs := l.schema(t, l.builder(), "Owns")
	require.Empty(t, l.errorStrings(errs))
	d := decode(t, got)
	assert.Equal(t, []string{"Loop", "Note", "Tone", "Tones"}, d.defNames())
	for name, want := range map[string]string{
		// Uses of the $defs entries, with what the field adds beside them.
		"a": `{"$ref":"#/$defs/Tone"}`,
		"b": `{"$ref":"#/$defs/Tone"}`,
		"h": `{"anyOf":[{"$ref":"#/$defs/Tone"},{"type":"null"}],"description":"D","title":"T"}`,
		"n": `{"$ref":"#/$defs/Note"}`,
		"m": `{"items":{"$ref":"#/$defs/Note"},"type":"array"}`,
		"g": `{"anyOf":[{"$ref":"#/$defs/Loop"},{"type":"null"}]}`,
		// A constraint holds beside the $ref.
		"f":  `{"anyOf":[{"$ref":"#/$defs/Loop","minItems":1},{"type":"null"}]}`,
		"t":  `{"anyOf":[{"$ref":"#/$defs/Tones"},{"type":"null"}]}`,
		"tt": `{"items":{"anyOf":[{"$ref":"#/$defs/Tones"},{"type":"null"}]},"minItems":1,"type":["array","null"]}`,
		// The tag's enum replaces the type's: a body of its own, for the
		// field or for its items.
		"c": `{"description":"Tone is an enum.","enum":["low"],"type":"string"}`,
		"d": `{"items":{"description":"Tone is an enum.","enum":["high"],"type":"string"},"minItems":1,"type":["array","null"]}`,
		"e": `{"items":{"description":"Tone is an enum.","enum":["low"],"type":"string"},"type":["array","null"]}`,
		// ",string" makes the number a string; the other use is alone.
		"k":  `{"description":"Kind is an integer enum.","enum":["1","2"],"type":"string"}`,
		"kk": `{"description":"Kind is an integer enum.","enum":[1,2],"type":"integer"}`,
		// Nothing to share.
		"x": `{"type":"string"}`,
		"y": `{"type":"string"}`,
	} {
		assert.JSONEq(t, want, d.prop(t, name), name)
	}
	assert.NoError(t, compile2020(t, got))
}

// TestDefsZeroValue checks the $defs entry of an enum in an output, which
// is the same for every use: it admits the zero value when one use needs
// it, and only then; the items of a slice that is left out when empty may
// hold the zero value.
func TestDefsZeroValue(t *testing.T) {
	l := loadArchive(t, graphArchive, true, ".")
	out := l.builder().ForOutputs()
	tone := func(t *testing.T, name string) ([]any, []string) {
		got, errs := l.schema(t, out, name)
		require.Empty(t, l.errorStrings(errs), name)
		d := decode(t, got)
		var enum []any
		if defs, ok := d["$defs"].(map[string]any); ok {
			enum = defs["Tone"].(map[string]any)["enum"].([]any)
		} else {
			enum = d["properties"].(map[string]any)["tones"].(map[string]any)["items"].(map[string]any)["enum"].([]any)
		}
		return enum, l.warningStrings(errs)
	}
	enum, warnings := tone(t, "ZeroUses")
	assert.Equal(t, []any{"low", "high"}, enum)
	assert.Empty(t, warnings)
	enum, warnings = tone(t, "ZeroOnce")
	assert.Equal(t, []any{"low", "high", ""}, enum)
	assert.Len(t, warnings, 1)
	enum, warnings = tone(t, "ZeroItems")
	assert.Equal(t, []any{"low", "high", ""}, enum)
	assert.Len(t, warnings, 1)
}

// TestShared checks Builder.Shared and Builder.Uses: a type of Shared is
// in $defs even when used once, with the same entry in every schema that
// uses it, except at the root, which stays inline (with an entry that
// refers to the root when it is recursive); Uses names the types a schema
// writes, and what uses them.
func TestShared(t *testing.T) {
	l := loadArchive(t, graphArchive, true, ".")
	b := l.builder()
	typ := func(name string) types.Type { return l.lookup(t, name).Type() }

	type use = schemagen.Use
	assert.Equal(t, map[string]use{"example.com/x.Tone": {By: []string{""}, Basic: true}}, b.Uses(typ("ZeroUses")))
	assert.Equal(t, map[string]use{
		"example.com/x.Tone":  {By: []string{"example.com/x.Tones"}, Basic: true},
		"example.com/x.Tones": {By: []string{""}},
	}, b.Uses(typ("ZeroItems")))
	assert.Equal(t, map[string]use{"example.com/x.Tone": {By: []string{""}, Basic: true}}, b.Uses(types.NewPointer(typ("Tones"))),
		"the root is left out")
	assert.Equal(t, map[string]use{"example.com/x.Loop": {By: []string{""}}}, b.Uses(typ("Loop")),
		"but for a recursive root")
	assert.Empty(t, b.Uses(typ("Tone")))
	owns := b.Uses(typ("Owns"))
	assert.Equal(t, use{By: []string{"", "example.com/x.Loop"}}, owns["example.com/x.Loop"])
	assert.Equal(t, use{By: []string{""}}, owns["example.com/x.Tones"])
	assert.Equal(t, use{By: []string{"", "example.com/x.Tones"}, Basic: true}, owns["example.com/x.Tone"])
	assert.NotContains(t, owns, "example.com/x.Bare")
	assert.Equal(t, use{By: []string{""}, Basic: true}, owns["example.com/x.Kind"], "Kind is used once as itself (and once with a body of its own)")
	assert.Equal(t, map[string]use{
		"example.com/x.Back":   {By: []string{""}},
		"example.com/x.Around": {By: []string{"example.com/x.Back"}},
	}, b.Uses(typ("Around")))

	before, _ := l.schema(t, b, "ZeroItems")
	assert.Empty(t, decode(t, before).defNames())

	b.Shared = map[string]bool{"example.com/x.Tone": true, "example.com/x.Tones": true}
	items, errs := b.Schema(typ("ZeroItems"), "ZeroItems")
	require.Empty(t, l.errorStrings(errs))
	itemsJSON, err := schemagen.MarshalIndent(nil, items)
	require.NoError(t, err)
	d := decode(t, string(itemsJSON))
	assert.Equal(t, []string{"Tone", "Tones"}, d.defNames())
	assert.JSONEq(t, `{"$ref":"#/$defs/Tones"}`, d.prop(t, "tones"))

	// The root's own type is inlined, its items use the shared entry, which
	// is the same text.
	root, errs := b.Schema(typ("Tones"), "Tones")
	require.Empty(t, l.errorStrings(errs))
	rootJSON, err := schemagen.MarshalIndent(nil, root)
	require.NoError(t, err)
	rd := decode(t, string(rootJSON))
	assert.Equal(t, []string{"Tone"}, rd.defNames())
	assert.Equal(t, "array", rd["type"])
	assert.Equal(t, items.Definitions["Tone"], root.Definitions["Tone"])
	one, err := schemagen.MarshalIndent(nil, items.Definitions["Tone"])
	require.NoError(t, err)
	other, err := schemagen.MarshalIndent(nil, root.Definitions["Tone"])
	require.NoError(t, err)
	assert.Equal(t, string(one), string(other))

	// A recursive root of Shared is written at the root; the entries that
	// use it refer to it through an entry that is the root, and read as
	// where it is not the root.
	assert.Equal(t, "example.com/x.Around", b.Key(types.NewPointer(typ("Around"))))
	b.Shared = map[string]bool{"example.com/x.Around": true, "example.com/x.Back": true}
	around, errs := b.Schema(typ("Around"), "Around")
	require.Empty(t, l.errorStrings(errs))
	aroundJSON, err := schemagen.MarshalIndent(nil, around)
	require.NoError(t, err)
	ad := decode(t, string(aroundJSON))
	assert.Equal(t, []string{"Around", "Back"}, ad.defNames())
	assert.Equal(t, "#", around.Definitions["Around"].Ref)
	assert.JSONEq(t, `{"anyOf":[{"$ref":"#/$defs/Back"},{"type":"null"}]}`, ad.prop(t, "back"))
	holds, errs := b.Schema(typ("Holds"), "Holds")
	require.Empty(t, l.errorStrings(errs))
	one, err = schemagen.MarshalIndent(nil, around.Definitions["Back"])
	require.NoError(t, err)
	other, err = schemagen.MarshalIndent(nil, holds.Definitions["Back"])
	require.NoError(t, err)
	assert.Equal(t, string(one), string(other), "Back's entry reads the same where Around is not the root")
	assert.Equal(t, map[string]int{"example.com/x.Around": 1, "example.com/x.Back": 1}, schemagen.BodyCounts(b, typ("Around")))

	// A recursive root that only its own body uses is "#", shared or not.
	b.Shared = map[string]bool{"example.com/x.Loop": true}
	loop, _ := b.Schema(typ("Loop"), "Loop")
	assert.Empty(t, loop.Definitions)
	assert.Equal(t, "#", loop.Items.AnyOf[0].Ref)

	// ForOutputs starts without them.
	assert.Nil(t, b.ForOutputs().Shared)
}

// TestBodiesWrittenOnce checks, on every type of the test packages and
// their pointers, as inputs and as outputs, that a schema writes the body
// of each named type at most once: the types used twice, or recursive, are
// in $defs, and the root's own type is written at the root only.
func TestBodiesWrittenOnce(t *testing.T) {
	checked := 0
	eachTestType(t, func(l *loaded) func(at string, typ types.Type) {
		b := l.builder()
		out := b.ForOutputs()
		return func(at string, typ types.Type) {
			for _, b := range []*schemagen.Builder{b, out} {
				for key, n := range schemagen.BodyCounts(b, typ) {
					assert.LessOrEqual(t, n, 1, "%s (outputs %v): the body of %s is written %d times", at, b.Outputs, key, n)
				}
			}
			checked++
		}
	})
	require.Greater(t, checked, 100)
}

// TestRecursiveRoot checks a root type that is recursive through another
// type: its uses are "#", and the other type, used once, is inlined.
func TestRecursiveRoot(t *testing.T) {
	l := loadArchive(t, graphArchive, true, ".")
	got, errs := l.schema(t, l.builder(), "Around")
	require.Empty(t, l.errorStrings(errs))
	assert.JSONEq(t, `{
		"type": "object",
		"additionalProperties": false,
		"description": "Around and Back are recursive through each other: as the root, each is written once and referenced as \"#\", and the other is inlined.",
		"required": ["back"],
		"properties": {
			"back": {
				"type": ["object", "null"],
				"additionalProperties": false,
				"required": ["around"],
				"properties": {"around": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}}
			}
		}
	}`, got)
	assert.NoError(t, compile2020(t, got))
}
