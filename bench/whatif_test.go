package bench_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/bench/tools100"
	"github.com/toolgen-go/toolgen/bench/tools100/shared"
)

// BenchmarkWhatIfSharedSchemas is a what-if, not a library: most of
// Startup/tools=100/toolgen is the generated Tools() converting each of its
// 200 schema constants (206 kB of indented JSON) to a new json.RawMessage on
// every call. shared.Tools() is the same Toolset with those bytes converted
// once, at package initialization.
func BenchmarkWhatIfSharedSchemas(b *testing.B) {
	b.Run("tools=100/toolgen", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sink = listToolgen(tools100.Tools())
		}
		cpu.report(b)
	})
	b.Run("tools=100/toolgen-shared-schemas", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sink = listToolgen(shared.Tools())
		}
		cpu.report(b)
	})
}

// TestSharedSchemas checks that the what-if lists what Tools() lists.
func TestSharedSchemas(t *testing.T) {
	want, got := tools100.Tools(), shared.Tools()
	assert.Equal(t, want.Keys(), got.Keys())
	for k, tool := range want {
		assert.Equal(t, *tool.Spec(), *got[k].Spec(), k)
	}
}
