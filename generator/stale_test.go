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
			gen := func() *Result {
				res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{pattern}, Env: testEnv()})
				require.NoError(t, err)
				require.Empty(t, formatDiagnostics(res.Diagnostics, dir))
				for path, data := range res.Files {
					require.NoError(t, os.WriteFile(path, data, 0o644))
				}
				return res
			}
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
