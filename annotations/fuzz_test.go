package annotations_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/annotations"
)

// lineGroup builds a group of // comments from text, one per line, as the
// parser would lay them out from base on.
func lineGroup(text string, base token.Pos) *ast.CommentGroup {
	cg := &ast.CommentGroup{}
	pos := base
	for line := range strings.SplitSeq(text, "\n") {
		if !strings.HasPrefix(line, "//") {
			line = "//" + line
		}
		cg.List = append(cg.List, &ast.Comment{Slash: pos, Text: line})
		pos += token.Pos(len(line) + len("\n"))
	}
	return cg
}

// blockGroup builds a group of one /* */ comment holding text.
func blockGroup(text string, base token.Pos) *ast.CommentGroup {
	return &ast.CommentGroup{List: []*ast.Comment{{Slash: base, Text: "/*" + text + "*/"}}}
}

// sourceGroup parses text as the doc comment lines of a function in a real
// file, or returns nil when that is not valid Go.
func sourceGroup(text string) *ast.CommentGroup {
	var src strings.Builder
	src.WriteString("package p\n\n")
	for line := range strings.SplitSeq(text, "\n") {
		if !strings.HasPrefix(line, "//") {
			src.WriteString("//")
		}
		src.WriteString(line + "\n")
	}
	src.WriteString("func F() {}\n")
	f, err := parser.ParseFile(token.NewFileSet(), "f.go", src.String(), parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || len(f.Decls) != 1 {
		return nil
	}
	fn, ok := f.Decls[0].(*ast.FuncDecl)
	if !ok {
		return nil
	}
	return fn.Doc
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"//tool:weather",
		"// GetWeather fetches the weather.\n//\n//tool:weather-tool",
		"//tool:w key=getWeather readonly strict approval destructive idempotent openworld",
		`//tool:w readonly=true openworld=false destructive="false" idempotent=yes`,
		"//tool:w destructive=true readonly readonly=false openworld=",
		`//tool:w title="Get the \"weather\"" desc="tab\there\u00e9"`,
		"//tool:w desc=`raw \\n text` key=k",
		"//tool:w model=toModel display=forDisplay transcript=forTranscript",
		"//tool:a.b",
		"//tool:" + strings.Repeat("a", 65),
		`//tool:w title="abc`,
		"//tool:w desc=`abc readonly",
		`//tool:w title="abc\"`,
		`//tool:w title="a\qb"`,
		"//tool:w =x",
		`//tool:w "x y"`,
		"//tool:w key=",
		`//tool:w title=""`,
		`//tool:w title="a"b`,
		`//tool:w title"a b"`,
		`//tool:w title='a b'`,
		`//tool:w title=Get"the weather"`,
		"//tool:w don't",
		"//tool:w redonly ReadOnly frobnicate",
		"//tool:w readonly readonly key=a key=b",
		`//tool:w approval=yes strict="" key title`,
		`//tool:report strict desc="The answer." approval key=k`,
		"//tool:w model=_ display=func transcript=a.b",
		"//tool:a\n// Text.\n//tool:b",
		"//tool:a\n/* x */\n//tool:b",
		"// tool:x\n// tool:Upper\n//tool: x\n//Tool:x\n//TOOL:x\n//tools:x\n//tool :x\n//tool:\n//tool:_x",
		"// Tools : X\n//tool:Éclair",
		"// The tool: it does X.",
		"//tool:w key=k\u00a0readonly\u2003strict",
		"//tool:w title=\"\xff\"",
		"//tool:\xff",
		"// tool:\xff",
		"//tool:w \\",
		"//tool:w ='",
		"//tool:w a='",
		"//tool:w a=''",
		"*/",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for name, cg := range map[string]*ast.CommentGroup{
			"lines":        lineGroup(text, 1),
			"lines at 0":   lineGroup(text, token.NoPos),
			"block":        blockGroup(text, 100),
			"parsed":       sourceGroup(text),
			"line comment": {List: []*ast.Comment{{Slash: 5, Text: "//" + strings.ReplaceAll(text, "\n", " ")}}},
		} {
			if cg == nil {
				continue
			}
			d, diags := annotations.Parse(cg)
			checkParse(t, name, cg, d, diags, annotations.KnownOptions())

			d2, diags2 := annotations.Parse(cg)
			require.Equal(t, d, d2, "%s: Parse is deterministic", name)
			require.Equal(t, diags, diags2, "%s: Parse is deterministic", name)

			// A type's directive keeps only the options of a type.
			d, diags = annotations.ParseType(cg)
			checkParse(t, name+" (type)", cg, d, diags, annotations.TypeOptions())
		}
	})
}

// checkParse checks the invariants of one Parse or ParseType result, whose
// options are those of specs.
func checkParse(t *testing.T, name string, cg *ast.CommentGroup, d *annotations.Directive, diags []annotations.Diagnostic, specs []annotations.OptionSpec) {
	t.Helper()
	lo, hi := cg.Pos(), cg.End()
	inside := func(what string, pos token.Pos) {
		t.Helper()
		require.True(t, lo <= pos && pos < hi, "%s: %s at %d outside the comment group [%d, %d)", name, what, pos, lo, hi)
	}

	for i, dg := range diags {
		inside("diagnostic "+dg.Message, dg.Pos)
		if dg.Related != token.NoPos {
			inside("related position of "+dg.Message, dg.Related)
		}
		require.NotEmpty(t, dg.Message, "%s: diagnostic %d has a message", name, i)
		require.Contains(t, []annotations.Severity{annotations.Error, annotations.Warning}, dg.Severity)
		if i > 0 {
			require.LessOrEqual(t, diags[i-1].Pos, dg.Pos, "%s: diagnostics are sorted", name)
		}
	}

	// Parse finds a directive exactly when a line is one, and it is the first.
	var first *ast.Comment
	for _, c := range cg.List {
		if annotations.IsDirective(c.Text) {
			first = c
			break
		}
	}
	if first == nil {
		require.Nil(t, d, "%s: no line is a directive", name)
		for _, dg := range diags {
			assert.Equal(t, annotations.Warning, dg.Severity, "%s: only warnings without a directive: %s", name, dg.Message)
		}
		return
	}
	require.NotNil(t, d, "%s: %q is a directive", name, first.Text)
	require.Equal(t, first.Slash, d.Pos, "%s: the first directive is returned", name)
	inside("directive", d.Pos)
	inside("id", d.IDPos)
	require.True(t, strings.HasPrefix(first.Text, "//tool:"+d.ID), "%s: id %q from %q", name, d.ID, first.Text)

	known := map[string]annotations.OptionSpec{}
	for _, s := range specs {
		known[s.Name] = s
	}
	seen := map[string]bool{}
	for _, o := range d.Options {
		inside("option "+o.Name, o.Pos)
		spec, ok := known[o.Name]
		require.True(t, ok, "%s: option %q is known", name, o.Name)
		require.False(t, seen[o.Name], "%s: option %q is not duplicated", name, o.Name)
		seen[o.Name] = true
		switch spec.Kind {
		case annotations.Bool:
			if o.HasValue {
				require.Contains(t, []string{"true", "false"}, o.Value, "%s: value of bool option %q", name, o.Name)
			}
		default:
			require.Equal(t, spec.Kind == annotations.Value, o.HasValue, "%s: option %q has the form of its kind", name, o.Name)
		}
		if o.HasValue {
			inside("value of "+o.Name, o.ValuePos)
			require.NotEmpty(t, o.Value, "%s: value of %q", name, o.Name)
			if spec.Check != nil {
				require.NoError(t, spec.Check(o.Value), "%s: value of %q", name, o.Name)
			}
		} else {
			require.Equal(t, token.NoPos, o.ValuePos, "%s: flag %q", name, o.Name)
			require.Empty(t, o.Value, "%s: flag %q", name, o.Name)
		}
	}
}
