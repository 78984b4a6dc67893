package golangci_test

import (
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolgen-go/toolgen/toolcheck/golangci"
)

// analyzers builds the plugin as golangci-lint does: by its name, from the
// registry that importing the package fills, with the settings of
// .golangci.yml as YAML decodes them.
func analyzers(t *testing.T, settings any) []*analysis.Analyzer {
	t.Helper()
	newPlugin, err := register.GetPlugin("toolgen")
	require.NoError(t, err, "the package registers the plugin")
	p, err := newPlugin(settings)
	require.NoError(t, err)
	assert.Equal(t, register.LoadModeTypesInfo, p.GetLoadMode())
	as, err := p.BuildAnalyzers()
	require.NoError(t, err)
	require.Len(t, as, 1)
	assert.Equal(t, "toolgen", as[0].Name)
	require.NoError(t, analysis.Validate(as))
	return as
}

// Without settings, the analyzer has toolgen's defaults.
func TestNoSettings(t *testing.T) {
	for _, settings := range []any{nil, map[string]any{}} {
		a := analyzers(t, settings)[0]
		assert.Equal(t, "", a.Flags.Lookup("dialects").Value.String())
		assert.Equal(t, "true", a.Flags.Lookup("warnings").Value.String())
	}
}

// The settings configure the analyzer, which then reports the errors
// only, with what openai-strict cannot express among them.
func TestSettings(t *testing.T) {
	a := analyzers(t, map[string]any{"dialects": []any{"openai-strict"}, "warnings": false})[0]
	assert.Equal(t, "openai-strict", a.Flags.Lookup("dialects").Value.String())
	assert.Equal(t, "false", a.Flags.Lookup("warnings").Value.String())
	analysistest.Run(t, analysistest.TestData(), a, "search")
}

// Bad settings are errors that name what is wrong.
func TestBadSettings(t *testing.T) {
	for settings, want := range map[string]struct {
		settings any
		err      string
	}{
		"unknown dialect": {map[string]any{"dialects": []any{"openai"}}, `unknown dialect "openai"`},
		"unknown setting": {map[string]any{"dialect": "gemini"}, `unknown field "dialect"`},
		"wrong type":      {map[string]any{"warnings": "no"}, "warnings"},
	} {
		t.Run(settings, func(t *testing.T) {
			_, err := golangci.New(want.settings)
			require.Error(t, err)
			assert.Contains(t, err.Error(), want.err)
		})
	}
}
