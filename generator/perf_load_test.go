package generator

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEarlyParse proves the early parse of load (earlyParse) and the doc
// notes read with it equivalent to parsing and reading the files after the
// listing: on every golden and error case, the run on the directories of
// the module, named one by one (patterns that are parsed early), gives the
// same files, diagnostics and models as the run on "./..." (which is not).
func TestEarlyParse(t *testing.T) {
	cases := append(readCases(t, "golden"), readCases(t, "errors")...)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := writeModule(t, c.inputs)
			var patterns []string
			for name := range c.inputs {
				if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
					p := "./" + filepath.ToSlash(filepath.Dir(name))
					if !strings.Contains(p, "testdata") && !slices.Contains(patterns, p) {
						patterns = append(patterns, p)
					}
				}
			}
			slices.Sort(patterns)
			if len(patterns) == 0 {
				t.Skip("no Go files")
			}
			late := generate(t, dir)
			cfg := Config{Dir: dir, Patterns: patterns, Env: testEnv()}
			early, err := Generate(context.Background(), cfg)
			require.NoError(t, err)
			require.Equal(t, formatDiagnostics(late.Diagnostics, dir), formatDiagnostics(early.Diagnostics, dir))
			require.Equal(t, relFiles(t, late.Files, dir), relFiles(t, early.Files, dir))
			require.Equal(t, len(late.Packages), len(early.Packages))
			for i := range late.Packages {
				require.Equal(t, late.Packages[i], early.Packages[i])
			}

			// The early trees were used, with their notes.
			cfg.Output, cfg.Patterns = DefaultOutput, patterns
			l, err := load(context.Background(), &cfg)
			require.NoError(t, err)
			require.NotEmpty(t, l.notes, "no file was parsed early")
		})
	}
}
