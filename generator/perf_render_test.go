package generator

import (
	"bytes"
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
	fastPaths := 0
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
				tool.Recv = "Svc"
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
		lits := &schemaLits{}
		if src, err := renderFile(p, lits); err == nil {
			if _, ok := lits.substitute(src); ok {
				fastPaths++
			}
		}
	}
	require.Greater(t, fastPaths, 120, "too few cases take the placeholder path")
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
