package generator

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want: sections of testdata/golden and testdata/errors")

// Golden cases live in ../testdata as txtar archives: the input files of a
// module (go.mod is written when absent), then "want:" sections.
//
//	want:<path>            a generated file, relative to the module root
//	want:manifest.json     the -json manifest
//	want:diagnostics       the diagnostics, one per line, relative paths
//	want:obsolete          files toolgen should remove, one per line
const wantPrefix = "want:"

// goldenCase is one archive, split into inputs and expectations.
type goldenCase struct {
	name    string
	path    string
	archive *txtar.Archive
	inputs  map[string][]byte
	wants   map[string][]byte
}

func readCases(t *testing.T, dir string) []*goldenCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", dir, "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no golden cases in testdata/%s", dir)
	var cases []*goldenCase
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		require.NoError(t, err)
		c := &goldenCase{
			name:    strings.TrimSuffix(filepath.Base(f), ".txtar"),
			path:    f,
			archive: a,
			inputs:  map[string][]byte{},
			wants:   map[string][]byte{},
		}
		for _, af := range a.Files {
			if name, ok := strings.CutPrefix(af.Name, wantPrefix); ok {
				c.wants[name] = af.Data
			} else {
				c.inputs[af.Name] = af.Data
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// repoRoot is the toolgen module's directory.
func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("..")
	require.NoError(t, err)
	return root
}

// writeModule writes files into a new temporary module that can import
// toolgen's tool package (through a replace directive) and returns its directory.
// A go.mod of files (for a module that requires another one, say) says
// "=> ROOT" for the replace directive of toolgen.
func writeModule(t testing.TB, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	root := repoRoot(t)
	if gomod, ok := files["go.mod"]; ok {
		files = mapWith(files, "go.mod", bytes.ReplaceAll(gomod, []byte("=> ROOT\n"), []byte("=> "+root+"\n")))
	} else {
		gomod := "module example.com/golden\n\ngo 1.26\n\n" +
			"require github.com/toolgen-go/toolgen v0.0.0\n\n" +
			"replace github.com/toolgen-go/toolgen => " + root + "\n"
		files = mapWith(files, "go.mod", []byte(gomod))
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	files = mapWith(files, "go.sum", sum)
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, data, 0o644))
	}
	return dir
}

func mapWith(m map[string][]byte, k string, v []byte) map[string][]byte {
	out := make(map[string][]byte, len(m)+1)
	for key, val := range m {
		out[key] = val
	}
	out[k] = v
	return out
}

// testEnv lets the go command update a temporary module's go.mod, as
// `go mod tidy` would.
func testEnv() []string { return append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off") }

// goCmd runs the go command in dir and fails the test with its output.
func goCmd(t testing.TB, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = testEnv()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go %s:\n%s", strings.Join(args, " "), out)
}

// generate runs the generator on every package of the module in dir.
func generate(t testing.TB, dir string) *Result {
	t.Helper()
	res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Env: testEnv()})
	require.NoError(t, err)
	return res
}

// regenerate runs the generator on the packages of pattern (default
// "./...") in dir, as go generate would, and writes the files it returns:
// the run must report nothing.
func regenerate(t testing.TB, dir string, pattern ...string) *Result {
	t.Helper()
	if len(pattern) == 0 {
		pattern = []string{"./..."}
	}
	res, err := Generate(context.Background(), Config{Dir: dir, Patterns: pattern, Env: testEnv()})
	require.NoError(t, err)
	require.Empty(t, formatDiagnostics(res.Diagnostics, dir))
	for path, data := range res.Files {
		require.NoError(t, os.WriteFile(path, data, 0o644))
	}
	return res
}

func formatDiagnostics(ds []Diagnostic, dir string) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(filepath.ToSlash(d.Format(dir)) + "\n")
	}
	return b.String()
}

// relFiles keys the generated files by their path relative to dir.
func relFiles(t testing.TB, files map[string][]byte, dir string) map[string][]byte {
	out := map[string][]byte{}
	for path, data := range files {
		rel, err := filepath.Rel(dir, path)
		require.NoError(t, err)
		out[filepath.ToSlash(rel)] = data
	}
	return out
}

// TestGolden generates every case of testdata/golden, compares the files
// and the manifest with the archive, checks the outputs are marked
// generated and deterministic, and compiles and vets them.
func TestGolden(t *testing.T) {
	for _, c := range readCases(t, "golden") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := writeModule(t, c.inputs)
			res := generate(t, dir)
			diags := formatDiagnostics(res.Diagnostics, dir)
			require.False(t, HasErrors(res.Diagnostics), "diagnostics:\n%s", diags)
			checkSchemas(t, res.pkgs)
			got := relFiles(t, res.Files, dir)

			manifest, err := json.MarshalIndent(res.Manifest(), "", "  ")
			require.NoError(t, err)
			got["manifest.json"] = append(manifest, '\n')
			if diags != "" || c.wants["diagnostics"] != nil {
				got["diagnostics"] = []byte(diags)
			}

			if *update {
				rewrite(t, c, got)
				return
			}
			assert.ElementsMatch(t, keys(c.wants), keys(got), "generated files")
			for name, want := range c.wants {
				if name == "manifest.json" {
					assert.JSONEq(t, string(want), string(got[name]), "manifest")
					continue
				}
				assert.Equal(t, string(want), string(got[name]), "%s differs; run go test ./generator -run TestGolden -update and review the diff", name)
			}

			for name, data := range got {
				if !strings.HasSuffix(name, ".go") {
					continue
				}
				if path.Base(name) == DefaultHooksOutput {
					// The hooks file is the user's: no generated header.
					assert.False(t, bytes.Contains(data, []byte("DO NOT EDIT")), "%s: a hooks file must not be marked generated", name)
					continue
				}
				f, err := parser.ParseFile(token.NewFileSet(), name, data, parser.ParseComments|parser.PackageClauseOnly)
				require.NoError(t, err)
				assert.True(t, ast.IsGenerated(f), "%s: ast.IsGenerated is false", name)
				assert.True(t, bytes.HasPrefix(data, []byte(Header+"\n\n")), "%s: header is not the first line", name)
			}

			again := generate(t, dir)
			assert.Equal(t, res.Files, again.Files, "a second run gives different bytes")

			for path, data := range res.Files {
				require.NoError(t, os.WriteFile(path, data, 0o644))
			}
			goCmd(t, dir, "build", "./...")
			goCmd(t, dir, "vet", "./...")
		})
	}
}

// TestErrors runs every case of testdata/errors and compares the
// diagnostics, all of which must come from one run, with the archive's.
func TestErrors(t *testing.T) {
	for _, c := range readCases(t, "errors") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := writeModule(t, c.inputs)
			res := generate(t, dir)
			got := map[string][]byte{"diagnostics": []byte(formatDiagnostics(res.Diagnostics, dir))}
			if *update {
				rewrite(t, c, got)
				return
			}
			require.Contains(t, c.wants, "diagnostics")
			assert.Equal(t, string(c.wants["diagnostics"]), string(got["diagnostics"]))
			if HasErrors(res.Diagnostics) {
				assert.Empty(t, res.Files, "a run with errors must produce no file")
			}
		})
	}
}

// rewrite replaces the want: sections of a case with got.
func rewrite(t *testing.T, c *goldenCase, got map[string][]byte) {
	t.Helper()
	a := &txtar.Archive{Comment: c.archive.Comment}
	for _, f := range c.archive.Files {
		if !strings.HasPrefix(f.Name, wantPrefix) {
			a.Files = append(a.Files, f)
		}
	}
	for _, name := range keys(got) {
		a.Files = append(a.Files, txtar.File{Name: wantPrefix + name, Data: got[name]})
	}
	require.NoError(t, os.WriteFile(c.path, txtar.Format(a), 0o644))
}

func keys(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestSelfRefRuns runs the package of golden case selfref: the tools that
// a package-level variable got from Tools() at initialization, before the
// Spec variables of the generated file in declaration order (help.go sorts
// first), have their Specs, and a tool can read them.
func TestSelfRefRuns(t *testing.T) {
	cases := readCases(t, "golden")
	i := slices.IndexFunc(cases, func(c *goldenCase) bool { return c.name == "selfref" })
	require.GreaterOrEqual(t, i, 0)
	files := mapWith(cases[i].inputs, "main.go", []byte(`package main

import (
	"context"
	"fmt"

	"example.com/golden/help"
	"github.com/toolgen-go/toolgen/tool"
)

func main() {
	out, err := tool.Call(context.Background(), help.Tools()["count"], []byte("{}"))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n", out.JSON)
}
`))
	dir := writeModule(t, files)
	regenerate(t, dir)
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = testEnv()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, `{"keys":["count=count","help=help"]}`+"\n", string(out))
}
