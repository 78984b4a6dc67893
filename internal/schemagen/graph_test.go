package schemagen_test

import (
	"go/types"
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
	sets := map[string]*loaded{
		"core":     loadArchive(t, coreArchive, true, "."),
		"errors":   loadArchive(t, errorsArchive, true, "."),
		"roots":    loadArchive(t, rootsArchive, true, "."),
		"fixtures": loadPackages(t, ".", true, fixturesPath),
		"graph":    loadArchive(t, graphArchive, true, "."),
	}
	checked, withEdges := 0, 0
	for name, l := range sets {
		b := l.builder()
		paths := make([]string, 0, len(l.pkgs))
		for path := range l.pkgs {
			paths = append(paths, path)
		}
		slices.Sort(paths)
		for _, path := range paths {
			scope := l.pkgs[path].Types.Scope()
			for _, obj := range scope.Names() {
				tn, ok := scope.Lookup(obj).(*types.TypeName)
				if !ok {
					continue
				}
				for _, typ := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
					walked, built := schemagen.GraphCheck(b, typ)
					require.Equal(t, built, walked, "%s: %s.%s: graph walk and schema pass disagree", name, path, obj)
					checked++
					if len(walked) > 0 {
						withEdges++
					}
				}
			}
		}
	}
	require.Greater(t, withEdges, 20, "too few types with named uses: %d of %d", withEdges, checked)
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
`
