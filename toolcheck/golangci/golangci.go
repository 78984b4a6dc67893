// Package golangci registers toolgen's analyzer (package toolcheck) as a
// golangci-lint module plugin named "toolgen". A custom golangci-lint
// binary that imports it (golangci-lint custom, with a .custom-gcl.yml
// that lists this module) runs the analyzer with the other linters:
//
//	linters:
//	  enable:
//	    - toolgen
//	  settings:
//	    custom:
//	      toolgen:
//	        type: module
//	        settings:
//	          dialects: [openai-strict]
//	          warnings: false
//
// The settings are [Settings]. See
// https://github.com/toolgen-go/toolgen/blob/main/docs/vet.md.
package golangci

import (
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/toolgen-go/toolgen/generator"
	"github.com/toolgen-go/toolgen/toolcheck"
)

// Name is the plugin's name: the key of its settings under
// linters.settings.custom and its name under linters.enable.
const Name = "toolgen"

func init() { register.Plugin(Name, New) }

// Settings are the plugin's settings, under
// linters.settings.custom.toolgen.settings in .golangci.yml.
type Settings struct {
	// Dialects are the dialects the tools are sent in, as toolgen's
	// -dialects flag names them (standard, openai-strict, gemini,
	// anthropic): what they cannot express is an error, and the other
	// dialects are not checked.
	Dialects []string `json:"dialects"`
	// Warnings reports toolgen's warnings too; unset means true.
	Warnings *bool `json:"warnings"`
}

// New is the plugin's constructor, which golangci-lint calls with the
// settings of .golangci.yml.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, err
	}
	var opts toolcheck.Options
	if len(s.Dialects) > 0 {
		if opts.Dialects, err = generator.ParseDialects(strings.Join(s.Dialects, ",")); err != nil {
			return nil, err
		}
	}
	opts.NoWarnings = s.Warnings != nil && !*s.Warnings
	return &plugin{analyzer: toolcheck.New(opts)}, nil
}

// plugin is toolgen's linter plugin: one analyzer, which needs types.
type plugin struct {
	analyzer *analysis.Analyzer
}

// BuildAnalyzers returns toolgen's analyzer, configured by the settings.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.analyzer}, nil
}

// GetLoadMode says the analyzer needs type information.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
