package toolcheck_test

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolgen-go/toolgen/generator"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/toolcheck"
)

// The packages of testdata/src are one module, vettest, that requires
// toolgen through a replace directive (the clean package imports its tool
// package). TestMain copies it into a temporary directory, points the
// replace directive at this checkout, adds toolgen's go.sum and lets the go
// command complete its go.mod offline, so that the tests change nothing in
// testdata and need no network.

// mod is the directory of the copy of testdata/src.
var mod string

// packages are the test packages, one directory of testdata/src each.
var packages = []string{"misplaced", "syntax", "signatures", "types", "nodesc", "hooks", "names", "clean", "outside", "dialects", "warnings"}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "toolcheck")
	if err == nil {
		mod = dir
		err = copyModule(dir)
	}
	code := 1
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
	} else {
		code = m.Run()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// copyModule copies testdata/src into dir as a module that builds offline.
func copyModule(dir string) error {
	src := filepath.Join("testdata", "src")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if rel == "go.mod" {
			root, err := filepath.Abs("..")
			if err != nil {
				return err
			}
			data = bytes.ReplaceAll(data, []byte("=> ../../.."), []byte("=> "+root))
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		return err
	}
	sum, err := os.ReadFile(filepath.Join("..", "go.sum"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return err
	}
	cmd := exec.Command("go", "mod", "tidy", "-e") // -e: tests of dependencies (yaml.v3's) need modules that are not in the cache and that no build here uses
	cmd.Dir = dir
	cmd.Env = goEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go mod tidy in the copy of testdata/src: %v\n%s", err, out)
	}
	return nil
}

// goEnv is the environment of the go command in the copy of testdata/src.
func goEnv() []string { return append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off") }

// run runs a on the test package pkg and checks its // want comments.
func run(t *testing.T, a *analysis.Analyzer, pkg string) []*analysistest.Result {
	t.Helper()
	results := analysistest.Run(t, mod, a, "./"+pkg)
	require.NotEmpty(t, results)
	return results
}

// A //tool: directive where no tool or output can be is an error at its
// line: on a var, a const, a field, a group of types, inside a function;
// on a type that is not a struct, at the type.
func TestMisplacedDirectives(t *testing.T) {
	run(t, toolcheck.Analyzer, "misplaced")
}

// Malformed directives: an invalid id, an unknown option, a directive that
// gofmt or a typo broke (a warning).
func TestDirectiveSyntax(t *testing.T) {
	run(t, toolcheck.Analyzer, "syntax")
}

// Signatures toolgen does not accept, at the part at fault.
func TestSignatures(t *testing.T) {
	run(t, toolcheck.Analyzer, "signatures")
}

// Input and output types with no JSON form, and bad tags, at the field:
// channels, functions, complex numbers, float map keys, a jsonschema
// keyword of another type, a bad json name.
func TestTypesWithoutJSONForm(t *testing.T) {
	run(t, toolcheck.Analyzer, "types")
}

// A tool and an output without a description.
func TestMissingDescriptions(t *testing.T) {
	run(t, toolcheck.Analyzer, "nodesc")
}

// Hooks with the wrong signature, at the hook.
func TestHookSignatures(t *testing.T) {
	run(t, toolcheck.Analyzer, "hooks")
}

// A user's declaration of a name the generated file would declare, and a
// duplicate id.
func TestGeneratedNames(t *testing.T) {
	run(t, toolcheck.Analyzer, "names")
}

// A package with tools and its generated tools_gen.go, which the type
// checker sees, as under go vet: its declarations (Tools, GetWeatherTool,
// the schema constants) are not taken for the user's, and nothing is
// reported, in the package or in its test variant.
func TestCleanPackageWithGeneratedFile(t *testing.T) {
	results := run(t, toolcheck.Analyzer, "clean")
	checked := 0
	for _, r := range results {
		if strings.HasSuffix(r.Pass.Pkg.Path(), ".test") {
			continue // the test binary's main package
		}
		checked++
		var names []string
		for _, f := range r.Pass.Files {
			names = append(names, filepath.Base(r.Pass.Fset.File(f.FileStart).Name()))
		}
		assert.Contains(t, names, "tools_gen.go", "the generated file is type-checked with %s", r.Pass.Pkg.Path())
		assert.Empty(t, r.Diagnostics, "package %s", r.Pass.Pkg.Path())
	}
	assert.Equal(t, 2, checked, "the package and its test variant")
}

// The committed tools_gen.go of the clean package is what toolgen
// generates today, so that TestCleanPackageWithGeneratedFile tests the real
// thing.
func TestCleanGeneratedFileIsCurrent(t *testing.T) {
	dir := filepath.Join(mod, "clean")
	res, err := generator.Generate(context.Background(), generator.Config{Dir: dir, Env: goEnv()})
	require.NoError(t, err)
	require.Empty(t, res.Diagnostics)
	want, ok := res.Files[filepath.Join(dir, generator.DefaultOutput)]
	require.True(t, ok, "toolgen generates %s", generator.DefaultOutput)
	got, err := os.ReadFile(filepath.Join("testdata", "src", "clean", generator.DefaultOutput))
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "testdata/src/clean/%s is stale: copy the generated file from %s", generator.DefaultOutput, dir)
}

// A problem in a type of another module (here the standard library) is
// reported at the user's field that reaches it, and where that module
// declares the type is related information.
func TestOutsideTypeHasRelatedPosition(t *testing.T) {
	results := run(t, toolcheck.Analyzer, "outside")
	var related []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				related = append(related, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, rel.Message))
			}
		}
	}
	require.Len(t, related, 2)
	assert.Regexp(t, `^sleep\.go:\d+: time\.Timer\.C is declared here$`, related[0])
	assert.Regexp(t, `^sleep\.go:\d+: time\.Timer is declared here$`, related[1])
}

// What a provider's dialect cannot express is a warning by default.
func TestDialectsWarnByDefault(t *testing.T) {
	run(t, toolcheck.Analyzer, "dialects")
}

// Warnings say "warning: "; errors do not.
func TestWarnings(t *testing.T) {
	run(t, toolcheck.Analyzer, "warnings")
}

// With -dialects, what the dialects named cannot express is an error, and
// the other dialects are not checked.
func TestDialectsFlag(t *testing.T) {
	a := toolcheck.New(toolcheck.Options{})
	require.NoError(t, a.Flags.Set("dialects", "openai-strict"))
	got := diagnostics(t, a, "dialects")
	require.Len(t, got, 1, "%q", got)
	assert.Regexp(t, `^dialects\.go:17:1: tool "free": openai-strict cannot express its input at In\.Extra: .*\(-dialects lists openai-strict\)$`, got[0])

	require.Error(t, a.Flags.Set("dialects", "openai"), "an unknown dialect")
}

// -warnings=false, or Options.NoWarnings, leaves the warnings out and
// keeps the errors.
func TestNoWarnings(t *testing.T) {
	for name, a := range map[string]*analysis.Analyzer{
		"flag":    toolcheck.New(toolcheck.Options{}),
		"options": toolcheck.New(toolcheck.Options{NoWarnings: true}),
	} {
		t.Run(name, func(t *testing.T) {
			if name == "flag" {
				require.NoError(t, a.Flags.Set("warnings", "false"))
			}
			got := diagnostics(t, a, "warnings")
			require.Len(t, got, 1, "%q", got)
			assert.Regexp(t, `^warnings\.go:14:2: Out\.Done: type chan bool has no JSON form`, got[0])
		})
	}
}

// New's options are its flags' defaults; Analyzer's are toolgen's.
func TestFlagsDefaults(t *testing.T) {
	a := toolcheck.New(toolcheck.Options{Dialects: []schema.Dialect{schema.DialectGemini, schema.DialectAnthropic}, NoWarnings: true})
	assert.Equal(t, "gemini,anthropic", a.Flags.Lookup("dialects").Value.String())
	assert.Equal(t, "false", a.Flags.Lookup("warnings").Value.String())
	assert.Equal(t, "", toolcheck.Analyzer.Flags.Lookup("dialects").Value.String())
	assert.Equal(t, "true", toolcheck.Analyzer.Flags.Lookup("warnings").Value.String())
	assert.Equal(t, "toolgen", toolcheck.Analyzer.Name)
	require.NoError(t, analysis.Validate([]*analysis.Analyzer{toolcheck.Analyzer}))
}

// The analyzer reports what toolgen reports, message for message and
// position for position, in every test package: they are one
// implementation. (The positions of related information are compared by
// file and line: toolgen reads the standard library's positions from
// export data, without columns, and analysistest from source.)
func TestAgreesWithGenerator(t *testing.T) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	goroot := strings.TrimSpace(string(out))
	for _, pkg := range packages {
		t.Run(pkg, func(t *testing.T) {
			dir := filepath.Join(mod, pkg)
			res, err := generator.Generate(context.Background(), generator.Config{Dir: dir, Env: goEnv()})
			require.NoError(t, err)
			var want []string
			for _, d := range res.Diagnostics {
				line := d.Format(dir)
				for _, n := range d.Notes {
					line = strings.Replace(line, "\n\t"+generator.FormatPosition(n.Pos, dir), "\n\t"+fileLine(strings.Replace(n.Pos.Filename, "$GOROOT", goroot, 1), n.Pos.Line), 1)
				}
				want = append(want, line)
			}
			got := diagnostics(t, toolcheck.Analyzer, pkg)
			assert.Equal(t, want, got)
			if pkg != "clean" {
				assert.NotEmpty(t, got, "the test package has problems")
			}
		})
	}
}

// diagnostics runs a on the test package pkg, whatever its // want
// comments say, and formats what it reports as toolgen does, with the
// positions relative to the package's directory; related information
// follows on lines of its own, as file:line.
func diagnostics(t *testing.T, a *analysis.Analyzer, pkg string) []string {
	t.Helper()
	dir := filepath.Join(mod, pkg)
	var ignored recorder
	results := analysistest.Run(&ignored, mod, a, "./"+pkg)
	require.NotEmpty(t, results)
	var out []string
	for _, r := range results {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			line := generator.FormatPosition(p, dir) + ": " + d.Message
			for _, rel := range d.Related {
				rp := r.Pass.Fset.Position(rel.Pos)
				line += "\n\t" + fileLine(rp.Filename, rp.Line) + ": " + rel.Message
			}
			if !slices.Contains(out, line) { // the package and its test variant
				out = append(out, line)
			}
		}
	}
	return out
}

func fileLine(file string, line int) string {
	return fmt.Sprintf("%s:%d", filepath.ToSlash(file), line)
}

// recorder is an analysistest.Testing that keeps what it is told.
type recorder struct{ errs bytes.Buffer }

func (r *recorder) Errorf(format string, args ...any) { fmt.Fprintf(&r.errs, format+"\n", args...) }
