package generator

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTagNames(t *testing.T) {
	for _, tc := range []struct {
		list                string
		tags                []string
		output, hooks, name string
		build               string
	}{
		{"", nil, DefaultOutput, DefaultHooksOutput, "", ""},
		{"enterprise", []string{"enterprise"}, "tools_enterprise_gen.go", "tools_enterprise_hooks.go", "Enterprise", "enterprise"},
		{" pro , beta,pro", []string{"beta", "pro"}, "tools_beta_pro_gen.go", "tools_beta_pro_hooks.go", "BetaPro", "beta && pro"},
		{"linux", []string{"linux"}, "tools_linux_gen.go", "tools_linux_hooks.go", "Linux", "linux"},
		{"go1.26,pro_plus", []string{"go1.26", "pro_plus"}, "tools_go1.26_pro_plus_gen.go", "tools_go1.26_pro_plus_hooks.go", "Go126ProPlus", "go1.26 && pro_plus"},
		{"2fa", []string{"2fa"}, "tools_2fa_gen.go", "tools_2fa_hooks.go", "Tag2fa", "2fa"},
	} {
		t.Run(tc.list, func(t *testing.T) {
			tags, err := ParseTags(tc.list)
			require.NoError(t, err)
			assert.Equal(t, tc.tags, tags)
			output, hooks, err := OutputNames(tags)
			require.NoError(t, err)
			assert.Equal(t, tc.output, output)
			assert.Equal(t, tc.hooks, hooks)
			set, err := newTagSet(tags)
			require.NoError(t, err)
			assert.Equal(t, tc.name, set.name)
			assert.Equal(t, tc.build, set.build)
		})
	}
	for _, bad := range []string{"a b", "a,,b", "a-b", "a/b"} {
		_, err := ParseTags(bad)
		assert.Error(t, err, bad)
	}
	_, err := newTagSet(strings.Split("a,b,c,d,e,f,g,h,i,j,k,l,m", ","))
	assert.EqualError(t, err, "13 build tags: toolgen takes at most 12")
}

// TestTagSubsets: the runs whose files a build with several tags compiles,
// fewest tags first, as splitByBuild looks for the run that writes a tool,
// and as the toolset comments name them.
func TestTagSubsets(t *testing.T) {
	set, err := newTagSet([]string{"pro", "beta", "enterprise"})
	require.NoError(t, err)
	var names []string
	for _, sub := range set.subsets() {
		names = append(names, sub.name)
	}
	assert.Equal(t, []string{"", "Beta", "Enterprise", "Pro", "BetaEnterprise", "BetaPro", "EnterprisePro"}, names)
	assert.Equal(t, "Tools returns", lowerToolsets("", []string{"enterprise"}))
	assert.Equal(t, "ServiceTools, ServiceBetaTools and ServiceEnterpriseTools return", lowerToolsets("Service", []string{"beta", "enterprise"}))
}

// TestTags runs every case of testdata/tags as a user would: toolgen
// without tags, then with the tags of the archive's "tags:" line, each
// writing its files. The files of both runs are compared with the want:
// sections, as are their diagnostics (want:diagnostics). A case without
// errors must then build and vet with and without the tags, and a second
// pair of runs must find every file up to date, as -check does; and the
// runs in the other order, with the tags first, must write the same files
// into a module of their own. (TestTagOrders runs several tag sets in
// every order.)
func TestTags(t *testing.T) {
	for _, c := range readCases(t, "tags") {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tags := archiveTags(t, c)
			dir := writeModule(t, c.inputs)
			got := map[string][]byte{}
			var diags strings.Builder
			run := func(tags []string, write bool) *Result {
				res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Tags: tags, Env: testEnv()})
				require.NoError(t, err)
				diags.WriteString(formatDiagnostics(res.Diagnostics, dir))
				for path, data := range res.Files {
					if write {
						require.NoError(t, os.WriteFile(path, data, 0o644))
					}
					rel, err := filepath.Rel(dir, path)
					require.NoError(t, err)
					got[filepath.ToSlash(rel)] = data
				}
				return res
			}
			run(nil, true)
			run(tags, true)
			if diags.Len() > 0 || c.wants["diagnostics"] != nil {
				got["diagnostics"] = []byte(diags.String())
			}
			if *update {
				rewrite(t, c, got)
				return
			}
			assert.ElementsMatch(t, keys(c.wants), keys(got), "generated files")
			for name, want := range c.wants {
				assert.Equal(t, string(want), string(got[name]), "%s differs; run go test ./generator -run TestTags -update and review the diff", name)
			}
			if c.wants["diagnostics"] != nil {
				return
			}

			flag := "-tags=" + strings.Join(tags, ",")
			goCmd(t, dir, "build", "./...")
			goCmd(t, dir, "build", flag, "./...")
			goCmd(t, dir, "vet", "./...")
			goCmd(t, dir, "vet", flag, "./...")

			for _, tags := range [][]string{nil, tags} {
				res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Tags: tags, Env: testEnv()})
				require.NoError(t, err)
				require.Empty(t, res.Diagnostics)
				assert.Empty(t, res.Obsolete, "tags %v", tags)
				for path, data := range res.Files {
					disk, err := os.ReadFile(path)
					require.NoError(t, err)
					assert.Equal(t, string(disk), string(data), "tags %v: %s is stale", tags, path)
				}
			}

			reversed := writeModule(t, c.inputs)
			for _, tags := range [][]string{tags, nil} {
				res, err := Generate(context.Background(), Config{Dir: reversed, Patterns: []string{"./..."}, Tags: tags, Env: testEnv()})
				require.NoError(t, err)
				require.Empty(t, formatDiagnostics(res.Diagnostics, reversed), "tags %v, run first", tags)
				for path, data := range res.Files {
					require.NoError(t, os.WriteFile(path, data, 0o644))
				}
			}
			for name, data := range got {
				disk, err := os.ReadFile(filepath.Join(reversed, filepath.FromSlash(name)))
				require.NoError(t, err)
				assert.Equal(t, string(data), string(disk), "%s: the run with tags first wrote another file", name)
			}
		})
	}
}

// archiveTags reads the "tags: LIST" line of a case's comment.
func archiveTags(t *testing.T, c *goldenCase) []string {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(string(c.archive.Comment)))
	for sc.Scan() {
		if list, ok := strings.CutPrefix(sc.Text(), "tags:"); ok {
			tags, err := ParseTags(list)
			require.NoError(t, err)
			require.NotEmpty(t, tags)
			return tags
		}
	}
	t.Fatalf("%s: no \"tags:\" line in the comment", c.path)
	return nil
}

// TestTaggedOutputsStayApart: a tool in a file behind a build constraint
// exists only when its tag is given, and the run with the tag writes only
// the tools that the build without it lacks. The run without tags and the
// run with tags each write and remove only their own file. A stale tagged file, which no
// longer compiles, is regenerated; a run with tags will not write over the
// untagged file; when the tagged tools go, only the run with the tags
// removes their file.
func TestTaggedOutputsStayApart(t *testing.T) {
	const always = "package p\n\nimport \"context\"\n\ntype In struct{}\n\n// Always runs.\n//\n//tool:always\nfunc Always(ctx context.Context, in In) (int, error) { return 0, nil }\n"
	const pro = "//go:build pro\n\npackage p\n\nimport \"context\"\n\n// NAME runs with the pro tag.\n//\n//tool:pro\nfunc NAME(ctx context.Context, in In) (int, error) { return 1, nil }\n"
	dir := writeModule(t, map[string][]byte{
		"p/p.go":   []byte(always),
		"p/pro.go": []byte(replaceName(pro, "Pro")),
	})
	untagged, tagged := filepath.Join(dir, "p", DefaultOutput), filepath.Join(dir, "p", "tools_pro_gen.go")
	gen := func(tags []string, output string) *Result {
		t.Helper()
		res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Tags: tags, Output: output, Env: testEnv()})
		require.NoError(t, err)
		return res
	}
	write := func(res *Result) {
		t.Helper()
		require.Empty(t, formatDiagnostics(res.Diagnostics, dir))
		for path, data := range res.Files {
			require.NoError(t, os.WriteFile(path, data, 0o644))
		}
		for _, path := range res.Obsolete {
			require.NoError(t, os.Remove(path))
		}
	}
	res := gen(nil, "")
	assert.Equal(t, []string{"p/tools_gen.go"}, keys(relFiles(t, res.Files, dir)))
	assert.Equal(t, "always", res.Manifest()[0].ID)
	assert.Len(t, res.Manifest(), 1)
	write(res)
	res = gen([]string{"pro"}, "")
	assert.Equal(t, []string{"p/tools_pro_gen.go"}, keys(relFiles(t, res.Files, dir)), "the run with tags writes only its file")
	assert.Equal(t, "pro", res.Manifest()[0].ID)
	assert.Len(t, res.Manifest(), 1, "the run with tags has only the tools that exist only with them")
	write(res)

	// Renamed: the tagged file refers to a function that is gone.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p", "pro.go"), []byte(replaceName(pro, "Premium")), 0o644))
	res = gen([]string{"pro"}, "")
	assert.Contains(t, string(res.Files[tagged]), "PremiumTool")
	assert.NotContains(t, string(res.Files[tagged]), "func ProTool(")
	write(res)

	res = gen([]string{"pro"}, DefaultOutput)
	assert.Empty(t, res.Files)
	assert.Contains(t, formatDiagnostics(res.Diagnostics, dir),
		"p/tools_gen.go:1:1: toolgen will not write tools_gen.go: it has no //go:build line, so it is the output of toolgen without -tags (or of a toolgen older than -tags files); remove it, or choose another -output\n")

	require.NoError(t, os.Remove(filepath.Join(dir, "p", "pro.go")))
	res = gen(nil, "")
	assert.Empty(t, res.Obsolete, "the run without tags removes no tagged file")
	assert.Contains(t, res.Files, untagged)
	res = gen([]string{"pro"}, "")
	assert.Empty(t, res.Files)
	assert.Equal(t, []string{tagged}, res.Obsolete)
}
