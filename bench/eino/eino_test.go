package einobench

import (
	"context"
	"encoding/json"
	"testing"

	einotool "github.com/cloudwego/eino/components/tool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/bench/internal/peers"
	"github.com/toolgen-go/toolgen/bench/tools100"
	"github.com/toolgen-go/toolgen/bench/tools100/peers100"
	"github.com/toolgen-go/toolgen/eino"
)

// sink keeps results alive so that the compiler cannot drop the work.
var sink any

// The arguments of a call of tool-42: valid, and invalid (a level that is
// not one of the enum's; InferTool does not validate, so its call runs).
const (
	validArgs   = `{"name":"x","level":"loud","extra":{"when":"2026-12-01T10:00:00Z","tags":["a"]},"attrs":{"w":1.5}}`
	invalidArgs = `{"name":"x","level":"silent"}`
)

// adapter makes the adapter's tools of the generated 100-tool set.
func adapter() []einotool.InvokableTool {
	tools, err := eino.Tools(tools100.Tools(), nil)
	if err != nil {
		panic(err)
	}
	out := make([]einotool.InvokableTool, len(tools))
	for i, t := range tools {
		out[i] = t.(einotool.InvokableTool)
	}
	return out
}

// libs are the two ways to make the 100 tools.
var libs = []struct {
	name string
	make func() []einotool.InvokableTool
}{
	{"adapter", adapter},
	{"infertool", peers100.Eino},
}

// find returns the tool named name.
func find(tb testing.TB, tools []einotool.InvokableTool, name string) einotool.InvokableTool {
	tb.Helper()
	for _, t := range tools {
		info, err := t.Info(context.Background())
		require.NoError(tb, err)
		if info.Name == name {
			return t
		}
	}
	tb.Fatalf("no tool %s", name)
	return nil
}

// TestSameTools checks that both ways list the same 100 tools and answer
// a valid call of tool-42 alike; the adapter alone refuses the invalid
// one, with a message the model reads. It logs the size of each listing's
// schemas: the adapter's carry the descriptions and enums toolgen
// generates, InferTool's do not.
func TestSameTools(t *testing.T) {
	ctx := t.Context()
	a, i := peers.ListEino(ctx, adapter()), peers.ListEino(ctx, peers100.Eino())
	require.Len(t, a, 100)
	require.Len(t, i, 100)
	sa, si := schemaBytes(t, a), schemaBytes(t, i)
	t.Logf("JSON of the 100 input schemas: adapter %d bytes, InferTool %d bytes", sa, si)
	assert.Greater(t, sa, si, "the generated schemas say more")
	names := map[string]bool{}
	for _, l := range i {
		names[l.Name] = true
	}
	for _, l := range a {
		assert.True(t, names[l.Name], "InferTool has %s", l.Name)
	}
	for _, l := range libs {
		out, err := find(t, l.make(), "tool-42").InvokableRun(ctx, validArgs)
		require.NoError(t, err, l.name)
		assert.JSONEq(t, `{"ok":true,"items":[]}`, out, l.name)
	}
	out, err := find(t, adapter(), "tool-42").InvokableRun(ctx, invalidArgs)
	require.NoError(t, err)
	assert.Contains(t, out, `invalid arguments for tool "tool-42"`)
}

// schemaBytes is the size of the JSON of the schemas of a listing.
func schemaBytes(t *testing.T, l []peers.Listed) int {
	t.Helper()
	n := 0
	for _, e := range l {
		b, err := json.Marshal(e.Schema)
		require.NoError(t, err)
		n += len(b)
	}
	return n
}

// BenchmarkStartup makes the 100 tools and lists their ToolInfo schemas.
func BenchmarkStartup(b *testing.B) {
	ctx := context.Background()
	for _, l := range libs {
		b.Run("tools=100/lib="+l.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				sink = peers.ListEino(ctx, l.make())
			}
			cpu.report(b)
		})
	}
}

// BenchmarkCall is one call of tool-42 through InvokableRun, its text
// result included, after a first call (the adapter compiles the tool's
// schema validator on it).
func BenchmarkCall(b *testing.B) {
	ctx := context.Background()
	for _, args := range []struct{ name, json string }{{"valid", validArgs}, {"invalid", invalidArgs}} {
		for _, l := range libs {
			b.Run("args="+args.name+"/lib="+l.name, func(b *testing.B) {
				t := find(b, l.make(), "tool-42")
				if _, err := t.InvokableRun(ctx, args.json); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				cpu := startCPU()
				for b.Loop() {
					sink, _ = t.InvokableRun(ctx, args.json)
				}
				cpu.report(b)
			})
		}
	}
}
