// Package manytools writes the source of a package of n tools, each with its
// own input and output types, for the 100-tool benchmarks (bench/tools100)
// and the generation benchmarks (10, 100 and 1,000 tools).
package manytools

import (
	"bytes"
	"fmt"
)

// Source returns a package named pkg with tools Tool0 … Tool<n-1>, each
// annotated //tool:tool-<i>. Its only imports are context and time, so it
// loads in a module with no requirements.
func Source(pkg string, n int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\nimport (\n\t\"context\"\n\t\"time\"\n)\n\n", pkg)
	b.WriteString("// Level is how loud a thing is.\ntype Level string\n\n// The levels.\nconst (\n\t// Quiet is quiet.\n\tQuiet Level = \"quiet\"\n\t// Loud is loud.\n\tLoud Level = \"loud\"\n)\n\n")
	b.WriteString("// Shared is used by every tool.\ntype Shared struct {\n\t// When is a time.\n\tWhen time.Time `json:\"when\"`\n\t// Tags label it.\n\tTags []string `json:\"tags,omitempty\"`\n}\n\n")
	for i := range n {
		fmt.Fprintf(&b, `// In%[1]d is the input of tool %[1]d.
type In%[1]d struct {
	// Name names the thing.
	Name string `+"`json:\"name\"`"+`
	// Count counts it.
	Count int `+"`json:\"count,omitempty\"`"+`
	// Level is how loud it is.
	Level Level `+"`json:\"level\"`"+`
	// Extra is optional.
	Extra *Shared `+"`json:\"extra,omitempty\"`"+`
	// Attrs are numeric attributes.
	Attrs map[string]float64 `+"`json:\"attrs,omitempty\"`"+`
}

// Out%[1]d is the output of tool %[1]d.
type Out%[1]d struct {
	// OK says it worked.
	OK bool `+"`json:\"ok\"`"+`
	// Items are the things found.
	Items []Shared `+"`json:\"items\"`"+`
}

// Tool%[1]d does thing number %[1]d.
//
//tool:tool-%[1]d readonly
func Tool%[1]d(ctx context.Context, in In%[1]d) (Out%[1]d, error) {
	return Out%[1]d{OK: in.Name != "", Items: []Shared{}}, nil
}

`, i)
	}
	return b.Bytes()
}

// Description is the description of tool i, as toolgen takes it from the
// doc comment; the peers are given the same text.
func Description(i int) string { return fmt.Sprintf("Does thing number %d.", i) }

// Name is the name of tool i in every library.
func Name(i int) string { return fmt.Sprintf("tool-%d", i) }
