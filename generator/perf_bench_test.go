package generator

import (
	"context"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

// BenchmarkRender renders the 1,000-tool package with the schema literals
// substituted after formatting (fast) and formatted with the file (slow).
func BenchmarkRender(b *testing.B) {
	res, err := Generate(context.Background(), Config{Dir: writeManyTools(b, 1000)})
	if err != nil || len(res.Packages) != 1 {
		b.Fatalf("generate: %v", err)
	}
	p := res.Packages[0]
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			if _, err := render(p); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("slow", func(b *testing.B) {
		for b.Loop() {
			if _, err := renderFile(p, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSchemaJSON encodes the 2,000 schemas of the 1,000-tool package
// with schemagen.MarshalIndent (fast) and json.Marshal + json.Indent (slow).
func BenchmarkSchemaJSON(b *testing.B) {
	l, err := load(context.Background(), &Config{Dir: writeManyTools(b, 1000), Patterns: []string{"."}, Output: DefaultOutput})
	if err != nil {
		b.Fatal(err)
	}
	g := newGen(l, &Config{Output: DefaultOutput})
	g.findAll()
	sb := schemagen.New(l.fset)
	var all []*jsonschema.Schema
	for _, ps := range g.pkgs {
		sb.AddFiles(ps.pkg.Syntax...)
		for _, ts := range ps.tools {
			in, _ := sb.Schema(ts.in, "In")
			out, _ := sb.Schema(ts.out, "Out")
			all = append(all, in, out)
		}
	}
	if len(all) != 2000 {
		b.Fatalf("%d schemas", len(all))
	}
	b.Run("fast", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			for _, s := range all {
				buf, _ = schemagen.MarshalIndent(buf[:0], s)
			}
		}
	})
	b.Run("slow", func(b *testing.B) {
		for b.Loop() {
			for _, s := range all {
				if _, err := marshalIndentReference(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
