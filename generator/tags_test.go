package generator

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBuildTags: a tool in a file behind a build constraint exists only
// when its tag is given.
func TestBuildTags(t *testing.T) {
	dir := writeModule(t, map[string][]byte{
		"p/p.go":   []byte("package p\n\nimport \"context\"\n\ntype In struct{}\n\n// Always runs.\n//\n//tool:always\nfunc Always(ctx context.Context, in In) (int, error) { return 0, nil }\n"),
		"p/pro.go": []byte("//go:build pro\n\npackage p\n\nimport \"context\"\n\n// Pro runs with the pro tag.\n//\n//tool:pro\nfunc Pro(ctx context.Context, in In) (int, error) { return 1, nil }\n"),
	})
	ids := func(tags ...string) []string {
		res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Tags: tags, Env: testEnv()})
		require.NoError(t, err)
		require.Empty(t, res.Diagnostics)
		var out []string
		for _, p := range res.pkgs {
			for _, tool := range p.Tools {
				out = append(out, tool.ID)
			}
		}
		return out
	}
	assert.Equal(t, []string{"always"}, ids())
	assert.Equal(t, []string{"always", "pro"}, ids("pro"))
}
