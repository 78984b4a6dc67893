package mcp100_test

import (
	"context"
	"encoding/json"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/bench/mcp100"
	"github.com/toolgen-go/toolgen/mcp"
)

var benchImpl = &sdk.Implementation{Name: "bench", Version: "v0"}

// generatedServer is a server of the 100 tools from their generated schemas.
func generatedServer(tb testing.TB) *sdk.Server {
	srv, err := mcp.NewServer(benchImpl, mcp100.Tools(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	return srv
}

// reflectedServer is a server of the same 100 tools registered through the
// SDK's AddTool, which reflects their schemas.
func reflectedServer(testing.TB) *sdk.Server {
	srv := sdk.NewServer(benchImpl, nil)
	mcp100.AddReflected(srv)
	return srv
}

// listOnce connects to srv in memory and lists its tools, as a client's
// first request would.
func listOnce(tb testing.TB, srv *sdk.Server) int {
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer ss.Close()
	cs, err := sdk.NewClient(benchImpl, nil).Connect(ctx, ct, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer cs.Close()
	n := 0
	for _, err := range cs.Tools(ctx, nil) {
		if err != nil {
			tb.Fatal(err)
		}
		n++
	}
	return n
}

// BenchmarkStartup100 measures the start-up of a server with 100 tools:
// "register" builds the server and registers the tools; "ready-to-list"
// also connects a client in memory and lists them all.
func BenchmarkStartup100(b *testing.B) {
	servers := []struct {
		name string
		make func(testing.TB) *sdk.Server
	}{
		{"generated", generatedServer},
		{"sdk-reflect", reflectedServer},
	}
	for _, s := range servers {
		b.Run("register/"+s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.make(b)
			}
		})
		b.Run("ready-to-list/"+s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if n := listOnce(b, s.make(b)); n != 100 {
					b.Fatalf("listed %d tools", n)
				}
			}
		})
	}
}

// TestAgrees checks that the benchmark compares like with like: the
// reflected and generated servers list the same 100 tools.
func TestAgrees(t *testing.T) {
	list := func(srv *sdk.Server) map[string]*sdk.Tool {
		ctx := context.Background()
		st, ct := sdk.NewInMemoryTransports()
		ss, err := srv.Connect(ctx, st, nil)
		require.NoError(t, err)
		defer ss.Close()
		cs, err := sdk.NewClient(benchImpl, nil).Connect(ctx, ct, nil)
		require.NoError(t, err)
		defer cs.Close()
		res := map[string]*sdk.Tool{}
		for tl, err := range cs.Tools(ctx, nil) {
			require.NoError(t, err)
			res[tl.Name] = tl
		}
		return res
	}
	gen, refl := list(generatedServer(t)), list(reflectedServer(t))
	require.Len(t, gen, 100)
	require.ElementsMatch(t, keysOf(gen), keysOf(refl))
	for name, g := range gen {
		r := refl[name]
		assert.Equal(t, r.Title, g.Title)
		assert.Equal(t, mustJSON(t, r.Annotations), mustJSON(t, g.Annotations))
		// Both schemas describe the same properties; the generated ones
		// also carry descriptions and enums from the doc comments.
		gp := g.InputSchema.(map[string]any)["properties"].(map[string]any)
		rp := r.InputSchema.(map[string]any)["properties"].(map[string]any)
		assert.ElementsMatch(t, keysOf(rp), keysOf(gp), name)
	}
}

func keysOf[V any](m map[string]V) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
}
