package runtime_test

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
)

// lazyWeatherSpec is what generated code declares for a tool of Tools(), with a
// static LazyTool over it.
var lazyWeatherSpec = runtime.Spec{ID: "weather-tool", Description: "Fetches the current weather.", InputSchema: json.RawMessage(weatherSchema)}

func TestLazyToolListsWithoutBuildingAndKeepsOneTool(t *testing.T) {
	var builds atomic.Int32
	lazy := &runtime.LazyTool{Def: &lazyWeatherSpec, Builder: runtime.BuildFunc(func() runtime.Tool {
		builds.Add(1)
		return runtime.NewFunc(&lazyWeatherSpec, func(ctx context.Context, in weatherIn) (weatherOut, error) {
			return weatherOut{Location: in.Location, TempC: 21.5}, nil
		})
	})}
	set := runtime.Toolset{"weather": lazy}
	require.NoError(t, set.Validate())
	assert.Same(t, &lazyWeatherSpec, set["weather"].Spec())
	assert.Equal(t, int32(0), builds.Load(), "listing builds nothing")

	var wg sync.WaitGroup
	outs := make([]runtime.Output, 8)
	errs := make([]error, 8)
	tools := make([]runtime.Tool, 8)
	for i := range outs {
		wg.Go(func() {
			tools[i], _ = lazy.Tool()
			outs[i], errs[i] = runtime.Call(context.Background(), lazy, json.RawMessage(`{"location":"Paris"}`))
		})
	}
	wg.Wait()
	n := builds.Load()
	assert.True(t, n >= 1 && n <= 8, "built %d times", n)
	for i := range outs {
		require.NoError(t, errs[i])
		assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(outs[i].JSON))
		assert.Same(t, tools[0], tools[i], "racing first calls all use the tool stored first")
	}
	again, err := lazy.Tool()
	require.NoError(t, err)
	assert.Same(t, tools[0], again)
	assert.Equal(t, n, builds.Load(), "once stored, the tool is not built again")

	_, err = runtime.Call(context.Background(), lazy, json.RawMessage(`{"place":"Paris"}`))
	require.ErrorIs(t, err, runtime.ErrInvalidArguments, "the built tool validates")

	assert.IsType(t, &runtime.Func[weatherIn, weatherOut]{}, again)
	assert.Equal(t, n, builds.Load())
}

func TestLazyToolReportsABadBuild(t *testing.T) {
	other := runtime.Spec{ID: "other-tool"}
	for _, c := range []struct {
		name string
		tool *runtime.LazyTool
		want string
	}{
		{"no builder", &runtime.LazyTool{Def: &lazyWeatherSpec}, `runtime: lazy tool "weather-tool" has no Builder`},
		{"no spec", &runtime.LazyTool{Builder: runtime.BuildFunc(func() runtime.Tool { return weatherTool() })}, `runtime: lazy tool has no Spec (Def)`},
		{"nil tool", &runtime.LazyTool{Def: &lazyWeatherSpec, Builder: runtime.BuildFunc(func() runtime.Tool { return nil })}, `runtime: lazy tool "weather-tool": its Builder returned nil`},
		{"another spec", &runtime.LazyTool{Def: &lazyWeatherSpec, Builder: runtime.BuildFunc(func() runtime.Tool {
			return runtime.NewFunc(&other, func(context.Context, weatherIn) (weatherOut, error) { return weatherOut{}, nil })
		})}, `runtime: lazy tool "weather-tool": its Builder returned a tool described by another Spec (id "other-tool")`},
		{"a copy of the spec", &runtime.LazyTool{Def: &lazyWeatherSpec, Builder: runtime.BuildFunc(func() runtime.Tool {
			copied := lazyWeatherSpec
			return runtime.NewFunc(&copied, func(context.Context, weatherIn) (weatherOut, error) { return weatherOut{}, nil })
		})}, `runtime: lazy tool "weather-tool": its Builder returned a tool described by another Spec (id "weather-tool")`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.tool.Prepare(context.Background(), json.RawMessage(`{"location":"Paris"}`))
			require.EqualError(t, err, c.want)
			assert.NotErrorIs(t, err, runtime.ErrInvalidArguments)
			_, again := c.tool.Tool()
			assert.Equal(t, err, again, "the error stays")
		})
	}
}

func TestLazyToolBuildsAgainAfterAPanic(t *testing.T) {
	calls := 0
	lazy := &runtime.LazyTool{Def: &lazyWeatherSpec, Builder: runtime.BuildFunc(func() runtime.Tool {
		calls++
		if calls == 1 {
			panic("first build fails")
		}
		return runtime.NewFunc(&lazyWeatherSpec, func(ctx context.Context, in weatherIn) (weatherOut, error) {
			return weatherOut{Location: in.Location}, nil
		})
	})}
	assert.PanicsWithValue(t, "first build fails", func() { _, _ = lazy.Tool() })
	out, err := runtime.Call(context.Background(), lazy, json.RawMessage(`{"location":"Oslo"}`))
	require.NoError(t, err, "a panic leaves nothing built")
	assert.JSONEq(t, `{"location":"Oslo","tempC":0}`, string(out.JSON))
	assert.Equal(t, 2, calls)
}
