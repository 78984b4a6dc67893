package generator

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const staleTool = `package w

import "context"

type In struct {
	Name string ` + "`json:\"name\"`" + `
}

// NAME greets.
//
//tool:greet
func NAME(ctx context.Context, in In) (string, error) { return "hi " + in.Name, nil }
`

// TestRegenerateOverStaleOutput renames a tool after its file was
// generated: the old tools_gen.go no longer compiles, yet the next run
// ignores it, reports nothing, and writes a file that builds. Then the last
// tool goes away and the file is reported obsolete. Both pattern forms are
// covered: a directory, scanned before loading, and an import path, found
// after loading.
func TestRegenerateOverStaleOutput(t *testing.T) {
	for _, pattern := range []string{"./...", "example.com/golden/w"} {
		t.Run(pattern, func(t *testing.T) {
			dir := writeModule(t, map[string][]byte{
				"w/w.go":   []byte(replaceName(staleTool, "Greet")),
				"w/use.go": []byte("package w\n\n// All is every tool.\nvar All = Tools()\n"),
			})
			gen := func() *Result { return regenerate(t, dir, pattern) }
			out := filepath.Join(dir, "w", DefaultOutput)
			gen()
			goCmd(t, dir, "build", "./...")
			require.FileExists(t, out)

			// Rename: the generated file now refers to a function that is gone.
			require.NoError(t, os.WriteFile(filepath.Join(dir, "w", "w.go"), []byte(replaceName(staleTool, "Hello")), 0o644))
			res := gen()
			assert.Contains(t, string(res.Files[out]), "HelloTool")
			assert.NotContains(t, string(res.Files[out]), "GreetTool")
			goCmd(t, dir, "build", "./...")

			// The last tool goes: the file must go too.
			require.NoError(t, os.WriteFile(filepath.Join(dir, "w", "w.go"), []byte("package w\n"), 0o644))
			require.NoError(t, os.Remove(filepath.Join(dir, "w", "use.go")))
			res = gen()
			assert.Empty(t, res.Files)
			assert.Equal(t, []string{out}, res.Obsolete)
		})
	}
}

func replaceName(src, name string) string { return strings.ReplaceAll(src, "NAME", name) }

// TestRegenerateKeepsExportData regenerates over an output that still
// compiles, the common case of go generate: the output is hidden from the
// type checker only (load's first way), so go/packages takes the
// dependencies from export data and parses nothing but the package's own
// files. With an Overlay it would type-check every dependency from source.
func TestRegenerateKeepsExportData(t *testing.T) {
	dir := writeModule(t, map[string][]byte{"w/w.go": []byte(replaceName(staleTool, "Greet"))})
	regenerate(t, dir)
	out := filepath.Join(dir, "w", DefaultOutput)
	require.FileExists(t, out)

	cfg := Config{Dir: dir, Patterns: []string{"./..."}, Env: testEnv(), Output: DefaultOutput}
	l, err := load(context.Background(), &cfg)
	require.NoError(t, err)
	assert.Equal(t, map[string]bool{out: true}, l.blanked)
	assert.ElementsMatch(t, []string{filepath.Join(dir, "w", "w.go"), out}, l.parsed, "files parsed")
	for _, pkg := range l.pkgs {
		assert.Empty(t, pkg.Errors)
	}
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	res := regenerate(t, dir)
	assert.Equal(t, string(data), string(res.Files[out]), "the same file again")
}

// TestRegenerateOverBrokenImport regenerates after the package that the
// output imports is gone: the go command lists it as a dependency that
// cannot be found, which the type checker never asks for (it sees the
// output as an empty file), so the run reports nothing and writes a file
// that builds. (A stale output that no longer compiles takes load's second
// way: TestRegenerateOverStaleOutput.)
func TestRegenerateOverBrokenImport(t *testing.T) {
	dir := writeModule(t, map[string][]byte{
		"w/w.go": []byte(`package w

import (
	"context"

	"example.com/golden/gone"
)

// Greet greets.
//
//tool:greet
func Greet(ctx context.Context, in gone.In) (string, error) { return "hi " + in.Name, nil }
`),
		"gone/gone.go": []byte("package gone\n\n// In is the input.\ntype In struct {\n\tName string `json:\"name\"`\n}\n"),
	})
	out := filepath.Join(dir, "w", DefaultOutput)
	regenerate(t, dir)
	first, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(first), `"example.com/golden/gone"`)

	require.NoError(t, os.RemoveAll(filepath.Join(dir, "gone")))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "w", "w.go"), []byte(replaceName(staleTool, "Greet")), 0o644))
	res := regenerate(t, dir)
	assert.NotContains(t, string(res.Files[out]), "gone")
	goCmd(t, dir, "build", "./...")
}
