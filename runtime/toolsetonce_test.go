package runtime_test

import (
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestToolsetOnceBuildsOnceAndCopies(t *testing.T) {
	var once runtime.ToolsetOnce
	var builds atomic.Int32
	build := func() runtime.Toolset {
		builds.Add(1)
		return runtime.Toolset{"weather": weatherTool(), "other": weatherTool()}
	}
	var wg sync.WaitGroup
	sets := make([]runtime.Toolset, 8)
	for i := range sets {
		wg.Go(func() { sets[i] = once.Get(build) })
	}
	wg.Wait()
	assert.Equal(t, int32(1), builds.Load(), "the tools are built once")
	for _, s := range sets[1:] {
		require.Len(t, s, 2)
		assert.Same(t, sets[0]["weather"], s["weather"], "the tools are shared")
	}

	mine := once.Get(build)
	delete(mine, "other")
	mine["extra"] = weatherTool()
	again := once.Get(build)
	assert.Equal(t, []string{"other", "weather"}, again.Keys(), "changing one copy changes no other")
	assert.Equal(t, int32(1), builds.Load())
}
