package generator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/format"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	"github.com/stretchr/testify/require"
)

// assertRenderExact checks that render, which formats the file with
// placeholders for the schema literals, gives the same bytes as formatting
// the real file, and (with checkGofmt) that these bytes are gofmt's.
func assertRenderExact(t *testing.T, p *Package, checkGofmt bool) {
	t.Helper()
	fast, err := render(p)
	slow, slowErr := renderFile(p, nil)
	if slowErr != nil {
		require.EqualError(t, err, slowErr.Error())
		return
	}
	require.NoError(t, err)
	require.Equal(t, string(slow), string(fast), "package %s: placeholder rendering differs", p.Path)
	if !checkGofmt {
		return
	}
	formatted, err := format.Source(fast)
	require.NoError(t, err)
	require.Equal(t, string(formatted), string(fast), "package %s: output is not gofmt-clean", p.Path)
}

// TestRenderPlaceholders proves the placeholder rendering of render on the
// golden cases and on the 1,000-tool benchmark package.
func TestRenderPlaceholders(t *testing.T) {
	for _, c := range readCases(t, "golden") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := writeModule(t, c.inputs)
			res := generate(t, dir)
			require.False(t, HasErrors(res.Diagnostics))
			for _, p := range res.Packages {
				assertRenderExact(t, p, true)
			}
		})
	}
	t.Run("many", func(t *testing.T) {
		res := generate(t, writeManyTools(t, 1000))
		require.Len(t, res.Packages, 1)
		assertRenderExact(t, res.Packages[0], true)
	})
}

// TestRenderPlaceholdersRandom renders packages with random schema texts,
// descriptions and flags: every byte but a backquote may occur in a raw
// string, including tabs, form feeds and lines of blanks, which are what
// could upset gofmt's alignment and trimming.
func TestRenderPlaceholdersRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "Z", " ", "  ", "\t", "\n", "\n\n", "\f", "\v", "{", "}", "\"", "\\", "//", "/*", "*/", "é", "\x00", "\xff", "\u2028", "\r", "`", placeholderPrefix, placeholderPrefix + "1"}
	// Valid Go raw strings, which take the fast path.
	safe := []string{"a", "Z", " ", "  ", "\t", "\n", "\n\n", "\v", "{", "}", "\"", "\\", "//", "/*", "*/", "é", "\u2028", placeholderPrefix + "1"}
	text := func(n int, alphabet []string) string {
		var b strings.Builder
		for range rng.IntN(n) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	fastPaths, quotedFast, templated := 0, 0, 0
	for i := range 1000 {
		lit := alphabet
		if i%2 == 0 {
			lit = safe
		}
		p := &Package{Path: "example.com/p", Name: "p", Imports: Imports{Runtime: "runtime", JSON: "json"}}
		for j := range 1 + rng.IntN(6) {
			tool := &Tool{
				ID: fmt.Sprintf("t-%d", j), Key: fmt.Sprintf("k%d", j),
				Description: text(8, alphabet), Title: text(3, alphabet),
				Func: fmt.Sprintf("F%d", j), Ctor: fmt.Sprintf("F%dTool", j), SchemaConst: fmt.Sprintf("f%d", j),
				In:           &TypeExpr{Kind: KindNamed, Name: fmt.Sprintf("In%d", j)},
				Out:          &TypeExpr{Kind: KindPointer, Elem: &TypeExpr{Kind: KindNamed, PkgPath: "time", PkgName: "time", Name: "Time"}},
				InputSchema:  []byte(text(40, lit)),
				OutputSchema: []byte(text(40, lit)),
				ReadOnly:     rng.IntN(2) == 0, Approval: rng.IntN(2) == 0,
			}
			if rng.IntN(3) == 0 {
				tool.Recv = []string{"Svc", "svc"}[rng.IntN(2)]
			}
			// Most tools have types of their own package, and so a
			// template (perf_template.go): vary all of its shape.
			if rng.IntN(4) > 0 {
				local := func(name string) *TypeExpr {
					e := &TypeExpr{Kind: KindNamed, PkgPath: p.Path, PkgName: p.Name, Name: name}
					for range rng.IntN(3) {
						e = &TypeExpr{Kind: KindPointer, Elem: e}
					}
					return e
				}
				tool.In, tool.Out = local(fmt.Sprintf("In%d", j)), local(fmt.Sprintf("Out%d", j))
			}
			if rng.IntN(3) == 0 {
				tool.Title = ""
			}
			tool.Strict, tool.Destructive = rng.IntN(3) == 0, rng.IntN(3) == 0
			tool.Idempotent, tool.OpenWorld = rng.IntN(3) == 0, rng.IntN(3) == 0
			kinds := []HookKind{HookModel, HookDisplay, HookTranscript}
			for k := range rng.IntN(4) {
				tool.Hooks = append(tool.Hooks, Hook{Kind: kinds[rng.IntN(3)], Func: fmt.Sprintf("hook%d_%d", j, k)})
			}
			// Keep the output parseable: a description is a string literal
			// and a comment only through the generated sentence.
			p.Tools = append(p.Tools, tool)
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			// Random literals may hold form feeds, for which gofmt is not
			// idempotent: only the equality with the slow path is checked.
			assertRenderExact(t, p, false)
		})
		if t.Failed() {
			break
		}
		f := buildFile(p, &schemaLits{})
		f.NoFormat = true
		var buf bytes.Buffer
		if f.Render(&buf) == nil {
			// The templates against format.Source, whether or not the
			// schemas can then be substituted.
			want, wantErr := format.Source(buf.Bytes())
			if got, ok, err := renderTemplated(p, &schemaLits{}); ok && err == nil {
				require.NoError(t, wantErr)
				require.Equal(t, string(want), string(got), "case %d: templates differ from format.Source", i)
				templated++
			}
		}
		lits := &schemaLits{}
		if src, err := renderFile(p, lits); err == nil {
			if _, ok := lits.substitute(src, nil); ok {
				fastPaths++
				for _, s := range lits.schemas {
					if rawKind(*s) == rawQuoted {
						quotedFast++
						break
					}
				}
			}
		}
	}
	t.Logf("placeholder path: %d, quoted literals: %d, templates: %d", fastPaths, quotedFast, templated)
	require.Greater(t, fastPaths, 80, "too few cases take the placeholder path")
	require.Greater(t, quotedFast, 20, "too few cases substitute a quoted literal")
	require.Greater(t, templated, 300, "too few cases format tools from templates")
}

// marshalIndentReference is how schemas were encoded before
// schemagen.MarshalIndent.
func marshalIndentReference(s *jsonschema.Schema) ([]byte, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = json.Indent(&buf, data, "", "  ")
	return buf.Bytes(), err
}

// assertPiecesExact checks that formatPieces gives format.Source's bytes on
// the unformatted file of p, cut into every number of pieces from 2 to
// maxPieces.
func assertPiecesExact(t *testing.T, p *Package, maxPieces int) {
	t.Helper()
	f := buildFile(p, &schemaLits{})
	f.NoFormat = true
	var buf bytes.Buffer
	require.NoError(t, f.Render(&buf))
	src := buf.Bytes()
	want, wantErr := format.Source(src)
	if got, ok, err := renderTemplated(p, &schemaLits{}); ok {
		if wantErr != nil {
			require.Error(t, err, "package %s from templates", p.Path)
		} else {
			require.NoError(t, err, "package %s from templates", p.Path)
			require.Equal(t, string(want), string(got), "package %s from templates", p.Path)
		}
	}
	for n := 2; n <= min(maxPieces, len(p.Tools)); n++ {
		got, err := formatPieces(src, p.Tools, n)
		if wantErr != nil {
			require.Error(t, err, "package %s in %d pieces", p.Path, n)
			continue
		}
		require.NoError(t, err, "package %s in %d pieces", p.Path, n)
		require.Equal(t, string(want), string(got), "package %s in %d pieces", p.Path, n)
	}
}

// TestFormatPieces proves formatPieces, which formats a file in parallel
// pieces, and renderTemplated, which writes tools from the templates of
// their shapes and builds only the rest of the file with jennifer,
// byte-identical to format.Source of the whole file: on the golden cases,
// on the 1,000-tool benchmark package, and on random packages whose
// descriptions and titles hold every troublesome character (they are the
// only user text in the file, always inside quoted literals), whose tools
// with and without templates come in any order, and whose foreign types
// come from packages whose names collide with each other and with the
// runtime and encoding/json, so that jennifer's naming of the imports
// depends on the order in which the tools register them.
func TestFormatPieces(t *testing.T) {
	for _, c := range readCases(t, "golden") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			res := generate(t, writeModule(t, c.inputs))
			require.False(t, HasErrors(res.Diagnostics))
			for _, p := range res.Packages {
				assertPiecesExact(t, p, 8)
			}
		})
	}
	t.Run("many", func(t *testing.T) {
		res := generate(t, writeManyTools(t, 1000))
		require.Len(t, res.Packages, 1)
		assertPiecesExact(t, res.Packages[0], 7)
		for _, tool := range res.Packages[0].Tools {
			_, ok := shapeOf(res.Packages[0], tool)
			require.True(t, ok, "tool %s has no template", tool.ID)
		}
	})
	t.Run("random", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		alphabet := []string{"a", " ", "\t", "\n", "\n\n", "\f", "\v", "{", "}", "\"", "\\", "`", "//", "/*", "*/", "é", "\x00", "\xff", "\u2028", "\r", "// x", "\n// ", placeholderPrefix, "InputSchema is the JSON Schema of the input of tool"}
		text := func(n int) string {
			var b strings.Builder
			for range rng.IntN(n) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			return b.String()
		}
		recvs := []string{"", "", "Svc", "svc", "Other"}
		foreign := []*TypeExpr{
			{Kind: KindNamed, PkgPath: "time", PkgName: "time", Name: "Time"},
			{Kind: KindNamed, PkgPath: "example.com/a/time", PkgName: "time", Name: "Stamp"},
			{Kind: KindMap, Key: &TypeExpr{Kind: KindNamed, PkgPath: "example.com/c/time", PkgName: "time", Name: "Key"}, Elem: &TypeExpr{Kind: KindAny}},
			{Kind: KindNamed, PkgPath: "example.com/a/time", PkgName: "time", Name: "Stamp"},
			{Kind: KindNamed, PkgPath: "example.com/json", PkgName: "json", Name: "Doc"},
			{Kind: KindNamed, PkgPath: "example.com/x/runtime", PkgName: "runtime", Name: "Info"},
			{Kind: KindSlice, Elem: &TypeExpr{Kind: KindNamed, PkgPath: "example.com/b/json", PkgName: "json", Name: "Doc"}},
		}
		templatedFiles := 0
		for i := range 200 {
			p := &Package{Path: "example.com/p", Name: "p", Imports: Imports{Runtime: "runtime", JSON: "json"}}
			for j := range 2 + rng.IntN(40) {
				tool := &Tool{
					ID: fmt.Sprintf("t-%d", j), Key: fmt.Sprintf("k%d", j),
					Description: text(12), Title: text(3),
					Func: fmt.Sprintf("F%d", j), Recv: recvs[rng.IntN(len(recvs))],
					In:       &TypeExpr{Kind: KindNamed, Name: fmt.Sprintf("In%d", j)},
					Out:      &TypeExpr{Kind: KindPointer, Elem: &TypeExpr{Kind: KindNamed, PkgPath: "time", PkgName: "time", Name: "Time"}},
					ReadOnly: rng.IntN(2) == 0, Approval: rng.IntN(2) == 0, Strict: rng.IntN(4) == 0,
					Destructive: rng.IntN(3) == 0, OpenWorld: rng.IntN(3) == 0,
				}
				tool.Ctor = ctorName(tool.Recv, tool.Func)
				tool.SchemaConst = lowerFirst(tool.Ctor)
				// From case 100 on, most tools have a template, in any
				// order with the others, whose types are foreign.
				if i >= 100 {
					tool.Out = foreign[rng.IntN(len(foreign))]
					if i%5 > 0 { // no package named as the runtime or json
						tool.Out = foreign[rng.IntN(4)]
					}
					if rng.IntN(4) > 0 {
						tool.In = &TypeExpr{Kind: KindNamed, PkgPath: p.Path, PkgName: p.Name, Name: tool.In.Name}
						tool.Out = &TypeExpr{Kind: KindNamed, PkgPath: p.Path, PkgName: p.Name, Name: fmt.Sprintf("Out%d", j)}
						for range rng.IntN(2) {
							tool.Out = &TypeExpr{Kind: KindPointer, Elem: tool.Out}
						}
					}
				}
				if rng.IntN(4) == 0 {
					tool.Hooks = []Hook{{Kind: HookModel, Func: fmt.Sprintf("model%d", j)}, {Kind: HookDisplay, Func: fmt.Sprintf("display%d", j)}}
				}
				p.Tools = append(p.Tools, tool)
			}
			t.Run(fmt.Sprint(i), func(t *testing.T) {
				assertPiecesExact(t, p, 6)
			})
			if t.Failed() {
				break
			}
			if _, ok, err := renderTemplated(p, &schemaLits{}); ok && err == nil {
				templatedFiles++
			}
		}
		require.Greater(t, templatedFiles, 50, "too few files are written from templates")
	})
}

// TestSchemaRawKinds checks that the kinds the schema phase records for
// substitute are rawKind of the schemas it sets, on the golden cases.
func TestSchemaRawKinds(t *testing.T) {
	for _, c := range readCases(t, "golden") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg := &Config{Dir: writeModule(t, c.inputs), Patterns: []string{"./..."}, Output: DefaultOutput, Env: testEnv()}
			l, err := load(context.Background(), cfg)
			require.NoError(t, err)
			g := newGen(l, cfg)
			g.findAll()
			g.schemas()
			n := 0
			for _, p := range g.packages() {
				for _, tool := range p.Tools {
					for _, s := range []*json.RawMessage{&tool.InputSchema, &tool.OutputSchema} {
						kind, ok := g.rawKinds[s]
						require.True(t, ok, "tool %s: no kind", tool.ID)
						require.Equal(t, rawKind(*s), kind, "tool %s", tool.ID)
						n++
					}
				}
			}
			require.Len(t, g.rawKinds, n)
		})
	}
}

// TestRenderTakesTheFastPath checks that the 1,000-tool package is rendered
// without falling back to formatting the whole file (pendingFile.finish
// falls back silently, with the same bytes, only slower): every step of the
// fast path succeeds.
func TestRenderTakesTheFastPath(t *testing.T) {
	res := generate(t, writeManyTools(t, 1000))
	require.Len(t, res.Packages, 1)
	p := res.Packages[0]
	pf := renderPlaceholders(p)
	require.NoError(t, pf.err, "render with placeholders")
	dt := renderDecoders(p)
	head, end, err := dt.importHead(pf.src, p)
	require.NoError(t, err, "add the decoders' imports")
	_, ok := pf.lits.substituteInto(head, pf.src[end:], nil, p.Tools, dt.size)
	require.True(t, ok, "substitute the schemas and the decoders")
}
