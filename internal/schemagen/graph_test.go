package schemagen_test

import (
	"encoding/json"
	"go/types"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

// TestGraphMatchesSchemas checks that the graph walk of Schema's first pass
// records exactly the uses of named types that the schema pass makes, on
// every type (and pointer to it) of every test package: the walk mirrors
// the schema functions, and this is where a divergence would show.
func TestGraphMatchesSchemas(t *testing.T) {
	checked, withEdges := 0, 0
	eachTestType(t, func(l *loaded) func(at string, typ types.Type) {
		b := l.builder()
		out := b.ForOutputs()
		return func(at string, typ types.Type) {
			walked, built := schemagen.GraphCheck(b, typ)
			require.Equal(t, built, walked, "%s: graph walk and schema pass disagree", at)
			walked, built = schemagen.GraphCheck(out, typ)
			require.Equal(t, built, walked, "%s (output): graph walk and schema pass disagree", at)
			checked++
			if len(walked) > 0 {
				withEdges++
			}
		}
	})
	require.Greater(t, withEdges, 20, "too few types with named uses: %d of %d", withEdges, checked)
}

// eachTestType calls check on every type declared by the test packages, and
// on a pointer to each, in the order of their sets, paths and names; at
// names the type for messages. perSet is called once per set of packages
// and returns the check for that set (the Builders are per set: each has
// its own FileSet).
func eachTestType(t *testing.T, perSet func(l *loaded) func(at string, typ types.Type)) {
	sets := map[string]*loaded{
		"core":     loadArchive(t, coreArchive, true, "."),
		"errors":   loadArchive(t, errorsArchive, true, "."),
		"roots":    loadArchive(t, rootsArchive, true, "."),
		"fixtures": loadPackages(t, ".", true, fixturesPath),
		"graph":    loadArchive(t, graphArchive, true, "."),
	}
	for _, name := range slices.Sorted(maps.Keys(sets)) {
		l := sets[name]
		check := perSet(l)
		for _, path := range slices.Sorted(maps.Keys(l.pkgs)) {
			scope := l.pkgs[path].Types.Scope()
			for _, obj := range scope.Names() {
				tn, ok := scope.Lookup(obj).(*types.TypeName)
				if !ok {
					continue
				}
				at := name + ": " + path + "." + obj
				check(at, tn.Type())
				check(at+" (pointer)", types.NewPointer(tn.Type()))
			}
		}
	}
}

// graphArchive holds the uses of named types that the other test packages
// lack: through maps, arrays, named containers, anonymous structs, aliases,
// generics, text marshalers, hidden fields and ref tags.
const graphArchive = `
-- g.go --
package x

import "time"

type Leaf struct{ A int }

type Node struct {
	Children map[string]Node
	Arr      [2]*Leaf
	ByInt    map[int]Leaf
	Named    Leaves
	Anon     struct{ L Leaf }
	Alias    LeafAlias
	Page     Page[Leaf]
	Text     Stamp
	Hidden   Leaf ` + "`jsonschema:\"-\"`" + `
	Bytes    Blob
	When     time.Time
	Any      any
}

type Leaves []Leaf

type LeafAlias = Leaf

type Page[T any] struct {
	Items []T
	Next  *Page[T]
}

// Stamp marshals as text, so its fields are not walked.
type Stamp struct{ L Leaf }

func (Stamp) MarshalText() ([]byte, error) { return nil, nil }

type Blob []byte

type Embeds struct {
	Leaf
	*Node
}

type Refs struct {
	One   Leaf    ` + "`jsonschema:\"oneof_ref=#/$defs/Node;#/$defs/Missing\"`" + `
	Many  []Leaf  ` + "`jsonschema:\"anyof_ref=#/$defs/Leaves\"`" + `
	Plain string  ` + "`jsonschema:\"oneof_ref=#/$defs/Page\"`" + `
	Map   map[string]Leaf ` + "`jsonschema:\"anyof_ref=#/$defs/Leaf\"`" + `
}

type Matrix map[string][3]Leaves

// Pick names Solo by a ref tag only: its one use, and no cycle.
type Pick struct {
	Either any ` + "`jsonschema:\"oneof_ref=#/$defs/Solo\"`" + `
}

type Solo struct{ N int }

// Tone is an enum.
type Tone string

const (
	ToneLow  Tone = "low"
	ToneHigh Tone = "high"
)

// Note is a described string.
type Note string

// Below, a string with neither constants nor a description: never in $defs.

type Bare string

type Tones []Tone

// Loop is a recursive named slice.
type Loop []Loop

// Owns has fields whose tags change their types' schemas, which then get
// bodies of their own, and fields that use the types' $defs entries.
type Owns struct {
	A  Tone    ` + "`json:\"a\"`" + `
	B  Tone    ` + "`json:\"b,omitempty\"`" + `
	C  Tone    ` + "`json:\"c\" jsonschema:\"enum=low\"`" + `
	D  []Tone  ` + "`json:\"d\" jsonschema:\"minItems=1,enum=high\"`" + `
	E  Tones   ` + "`json:\"e\" jsonschema:\"enum=low\"`" + `
	F  Loop    ` + "`json:\"f\" jsonschema:\"minItems=1\"`" + `
	G  Loop    ` + "`json:\"g\"`" + `
	H  *Tone   ` + "`json:\"h\" jsonschema:\"title=T,description=D\"`" + `
	N  Note    ` + "`json:\"n\"`" + `
	M  []Note  ` + "`json:\"m,omitempty\"`" + `
	X  Bare    ` + "`json:\"x\"`" + `
	Y  Bare    ` + "`json:\"y\"`" + `
	T  Tones   ` + "`json:\"t\"`" + `
	TT []Tones ` + "`json:\"tt\" jsonschema:\"minItems=1\"`" + `
	K  Kind    ` + "`json:\"k,string\"`" + `
	KK Kind    ` + "`json:\"kk\"`" + `
}

// Kind is an integer enum.
type Kind int

const (
	KindA Kind = 1
	KindB Kind = 2
)

// ZeroUses uses Tone only where its zero value is left out: an output's
// $defs entry need not admit it.
type ZeroUses struct {
	A Tone ` + "`json:\"a,omitempty\"`" + `
	B Tone ` + "`json:\"b,omitzero\"`" + `
}

// ZeroItems leaves out an empty Tones, not an item that holds the zero
// value.
type ZeroItems struct {
	Tones Tones ` + "`json:\"tones,omitempty\"`" + `
}

// Around and Back are recursive through each other: as the root, each is
// written once and referenced as "#", and the other is inlined.
type Around struct {
	Back *Back ` + "`json:\"back\"`" + `
}

type Back struct {
	Around *Around ` + "`json:\"around\"`" + `
}

// Holds uses Around, which is not its root.
type Holds struct {
	A Around ` + "`json:\"a\"`" + `
}

// ZeroOnce uses Tone once where its zero value is left out and once where
// it is not.
type ZeroOnce struct {
	A Tone ` + "`json:\"a,omitempty\"`" + `
	B Tone ` + "`json:\"b\"`" + `
}
`

// TestInlineAllMatchesTwoPasses checks Schema's one-pass build (inlineAll)
// against the two passes it stands for: on every type of the test
// packages, and their pointers, as inputs and outputs, with and without
// the types they use shared, the schema and the errors are the same
// whether or not a Builder may take it. Both ways are taken often: the
// types whose schema has $defs or a recursion error cannot be built in one
// pass, and most of the others are.
func TestInlineAllMatchesTwoPasses(t *testing.T) {
	withDefs, without, sharedOnePass := 0, 0, 0
	eachTestType(t, func(l *loaded) func(at string, typ types.Type) {
		one, two := l.builder(), l.builder()
		schemagen.TwoPass(two)
		oneOut, twoOut := one.ForOutputs(), two.ForOutputs()
		return func(at string, typ types.Type) {
			// And with the types it uses (and itself) shared, as the
			// schemas of a file that all use them.
			shared := map[string]bool{one.Key(typ): true}
			for key := range one.Uses(typ) {
				shared[key] = true
			}
			for _, sh := range []map[string]bool{nil, shared} {
				for _, bs := range [][2]*schemagen.Builder{{one, two}, {oneOut, twoOut}} {
					bs[0].Shared, bs[1].Shared = sh, sh
					s1, errs1 := bs[0].Schema(typ, "T")
					s2, errs2 := bs[1].Schema(typ, "T")
					j1, err1 := json.Marshal(s1)
					j2, err2 := json.Marshal(s2)
					require.NoError(t, err1)
					require.NoError(t, err2)
					require.JSONEq(t, string(j2), string(j1), "%s (outputs %v, shared %v): schemas differ", at, bs[0].Outputs, sh)
					require.Equal(t, errs2, errs1, "%s (outputs %v, shared %v): errors differ", at, bs[0].Outputs, sh)
					if s2 != nil && len(s2.Definitions) > 0 {
						withDefs++
						if sh != nil && schemagen.OnePass(bs[0], typ) {
							sharedOnePass++
						}
					} else {
						without++
					}
				}
			}
		}
	})
	require.Greater(t, withDefs, 20, "too few schemas with $defs")
	require.Greater(t, without, 100, "too few schemas without $defs")
	require.Greater(t, sharedOnePass, 20, "too few schemas with shared types built in one pass")
}
