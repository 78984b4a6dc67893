package generator

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tagRuns are the runs of TestTagOrders: without tags, and with each tag
// set of testdata/tagorders/editions.txtar.
var tagRuns = [][]string{nil, {"enterprise"}, {"beta"}, {"beta", "enterprise"}}

// TestTagOrders runs toolgen on testdata/tagorders/editions.txtar without
// tags and with -tags enterprise, -tags beta and -tags beta,enterprise, in
// every one of the 24 orders of the four runs, each run writing its files
// and removing its obsolete ones as the command does. What a run writes is
// a function of the sources alone, never of the files other runs wrote
// before it, so every order ends with the same files, byte for byte: the
// want: sections of the archive (go test -run TestTagOrders -update
// rewrites them). The orders that start with the same run share a module
// and a subtest, run in parallel, and their prefixes: a run's result is
// computed once per state it starts from, 64 runs in all.
//
// In the state every order ends with, each build (no tags, each tag, both)
// must build and vet, and a fresh run of each tag set must find its files
// up to date, as -check does; that is checked after two orders, without
// tags first and, reversed, with tags first (the order), though
// they end in the same bytes. With -short, only those two orders run.
func TestTagOrders(t *testing.T) {
	c := readCases(t, "tagorders")[0]
	verified := map[string]bool{"plain,enterprise,beta,beta+enterprise": true, "beta+enterprise,beta,enterprise,plain": true}
	want := 24
	if testing.Short() {
		want = len(verified)
	}
	start := time.Now()
	var mu sync.Mutex
	finals := map[string]map[string][]byte{} // by order
	var initial map[string][]byte
	t.Run("first", func(t *testing.T) {
		for first := range tagRuns {
			t.Run(orderName([]int{first}), func(t *testing.T) {
				t.Parallel()
				dir := writeModule(t, c.inputs)
				mu.Lock()
				if initial == nil {
					initial = snapshot(t, dir)
				}
				mu.Unlock()
				var walk func(done []int)
				walk = func(done []int) {
					if len(done) == len(tagRuns) {
						order := orderName(done)
						got := snapshot(t, dir)
						mu.Lock()
						finals[order] = got
						mu.Unlock()
						if verified[order] {
							verifyTagBuilds(t, dir, order)
						}
						return
					}
					state := snapshot(t, dir)
					for i := range tagRuns {
						if slices.Contains(done, i) || len(done) == 0 && i != first {
							continue
						}
						if testing.Short() && !startsVerified(verified, append(slices.Clone(done), i)) {
							continue
						}
						restore(t, dir, state)
						res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Tags: tagRuns[i], Env: testEnv()})
						require.NoError(t, err)
						next := append(slices.Clone(done), i)
						require.Empty(t, formatDiagnostics(res.Diagnostics, dir), "order %s", orderName(next))
						for path, data := range res.Files {
							require.NoError(t, os.WriteFile(path, data, 0o644))
						}
						for _, path := range res.Obsolete {
							require.NoError(t, os.Remove(path))
						}
						walk(next)
					}
				}
				walk(nil)
			})
		}
	})
	if t.Failed() {
		return
	}
	require.Len(t, finals, want)
	t.Logf("%d orders in %v", want, time.Since(start).Round(time.Millisecond))

	orders := slices.Sorted(maps.Keys(finals))
	final := finals[orders[0]]
	for _, order := range orders[1:] {
		got := finals[order]
		assert.ElementsMatch(t, keys(final), keys(got), "order %s: files, unlike order %s", order, orders[0])
		for name, data := range final {
			assert.Equal(t, string(data), string(got[name]), "order %s: %s differs from order %s", order, name, orders[0])
		}
	}
	got := map[string][]byte{}
	for name, data := range final {
		if _, input := initial[name]; !input {
			got[name] = data
		}
	}
	if *update {
		rewrite(t, c, got)
		return
	}
	assert.ElementsMatch(t, keys(c.wants), keys(got), "generated files")
	for name, want := range c.wants {
		assert.Equal(t, string(want), string(got[name]), "%s differs; run go test ./generator -run TestTagOrders -update and review the diff", name)
	}
}

// startsVerified reports whether one of the verified orders starts with
// the runs of order.
func startsVerified(verified map[string]bool, order []int) bool {
	prefix := orderName(order) + ","
	for o := range verified {
		if strings.HasPrefix(o+",", prefix) {
			return true
		}
	}
	return false
}

// verifyTagBuilds checks the files in dir after the runs of order: every
// build compiles and vets, and each run finds its files up to date.
func verifyTagBuilds(t *testing.T, dir, order string) {
	t.Helper()
	for _, tags := range tagRuns {
		flag := "-tags=" + strings.Join(tags, ",")
		goCmd(t, dir, "build", flag, "./...")
		goCmd(t, dir, "vet", flag, "./...")
	}
	for _, tags := range tagRuns {
		res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Tags: tags, Env: testEnv()})
		require.NoError(t, err)
		require.Empty(t, res.Diagnostics, "order %s, -check -tags %v", order, tags)
		assert.Empty(t, res.Obsolete, "order %s, -check -tags %v", order, tags)
		assert.NotEmpty(t, res.Files, "order %s, -check -tags %v", order, tags)
		for path, data := range res.Files {
			disk, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(disk), string(data), "order %s, -check -tags %v: %s is stale", order, tags, path)
		}
	}
}

// orderName names an order of tagRuns: plain,enterprise,beta,beta+enterprise.
func orderName(order []int) string {
	var names []string
	for _, i := range order {
		names = append(names, cmp.Or(strings.Join(tagRuns[i], "+"), "plain"))
	}
	return strings.Join(names, ",")
}

// snapshot reads every file of the module in dir, by slash path.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		files[filepath.ToSlash(rel)] = data
		return nil
	})
	require.NoError(t, err)
	return files
}

// restore puts the module in dir back into a snapshot's state.
func restore(t *testing.T, dir string, state map[string][]byte) {
	t.Helper()
	for name := range snapshot(t, dir) {
		if _, ok := state[name]; !ok {
			require.NoError(t, os.Remove(filepath.Join(dir, filepath.FromSlash(name))), fmt.Sprint("remove ", name))
		}
	}
	for name, data := range state {
		require.NoError(t, os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), data, 0o644))
	}
}
