package bench_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/bench/pod"
	"github.com/toolgen-go/toolgen/bench/weather"
)

// TestWeather checks that every library really runs the weather tool: the
// valid call returns the expected output, and the invalid one comes back as
// an error result, from the validator where the library validates and from
// the tool itself where it does not.
func TestWeather(t *testing.T) {
	for _, l := range weatherCase.libs() {
		t.Run(l.name, func(t *testing.T) {
			call := l.dispatcher(t, weather.Name)
			res := call(t.Context(), json.RawMessage(weather.ValidArgs))
			require.False(t, res.IsError, res.Text)
			assert.JSONEq(t, weather.ValidOutput, res.Text)

			res = call(t.Context(), json.RawMessage(weather.InvalidArgs))
			assert.True(t, res.IsError, res.Text)
			if l.validates {
				assert.NotContains(t, res.Text, "no location given", "the validator must stop the call before the tool runs")
				assert.Contains(t, res.Text, "location")
			} else {
				assert.Contains(t, res.Text, "no location given", "the tool runs on unvalidated arguments")
			}
			t.Logf("invalid call: %s", res.Text)
		})
	}
}

// TestTools100 checks that every library lists 100 tools and runs one.
func TestTools100(t *testing.T) {
	for _, l := range tools100Case.libs() {
		t.Run(l.name, func(t *testing.T) {
			require.NotNil(t, l.start())
			call := l.dispatcher(t, "tool-42")
			res := call(t.Context(), json.RawMessage(args100))
			require.False(t, res.IsError, res.Text)
			assert.JSONEq(t, `{"ok":true,"items":[]}`, res.Text)
		})
	}
	assert.Len(t, tools100Case.toolgen(), 100)
	assert.Len(t, tools100Case.eino(), 100)
	assert.Len(t, listMCPGo(tools100Case.mcpGo(false)), 100)
	d, err := newSDKLister(t.Context(), tools100Case.sdk())
	require.NoError(t, err)
	assert.Equal(t, 100, d)
}

// TestPod checks that every library runs the pod tool.
func TestPod(t *testing.T) {
	for _, l := range podCase.libs() {
		t.Run(l.name, func(t *testing.T) {
			call := l.dispatcher(t, pod.Name)
			res := call(context.Background(), json.RawMessage(pod.ValidArgs))
			require.False(t, res.IsError, res.Text)
			assert.JSONEq(t, `{"name":"web","containers":1}`, res.Text)
		})
	}
}

// args100 is a valid call of any tool of tools100.
const args100 = `{"name":"x","level":"loud","extra":{"when":"2026-12-01T10:00:00Z","tags":["a"]},"attrs":{"w":1.5}}`
