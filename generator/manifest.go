package generator

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime"
)

// ManifestEntry describes one tool in the -json manifest.
type ManifestEntry struct {
	Package      string          `json:"package"`
	Func         string          `json:"func"`
	ID           string          `json:"id"`
	Key          string          `json:"key"`
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema"`
	// SuspendSchema and ResumeSchema are the schemas of the types of the
	// suspend= and resume= options, for a tool that can suspend.
	SuspendSchema json.RawMessage `json:"suspendSchema,omitempty"`
	ResumeSchema  json.RawMessage `json:"resumeSchema,omitempty"`
	// Options are the directive's options as written: flags map to "",
	// readonly=false to "false".
	Options map[string]string `json:"options"`
	// Annotations are the MCP hints the directive sets, true or false;
	// absent when it sets none.
	Annotations *ManifestAnnotations `json:"annotations,omitempty"`
	Constructor string               `json:"constructor"`
	Toolset     string               `json:"toolset"`
	Position    string               `json:"position"` // path:line:col of the function
	// InputDialects are the input schema as each provider receives it
	// (openai-strict, gemini, anthropic), or why it cannot.
	InputDialects map[runtime.Dialect]DialectSchema `json:"inputDialects"`
}

// ManifestAnnotations are the MCP hints of a tool in the -json manifest:
// exactly those its directive sets, each true or false; a hint that is
// absent is unset, and MCP's default applies to it (readOnly false,
// destructive true, idempotent false, openWorld true).
type ManifestAnnotations struct {
	// ReadOnly is set by readonly (true) or readonly=true|false.
	ReadOnly *bool `json:"readOnly,omitempty"`
	// Destructive is set by destructive (true) or destructive=true|false.
	Destructive *bool `json:"destructive,omitempty"`
	// Idempotent is set by idempotent (true) or idempotent=true|false.
	Idempotent *bool `json:"idempotent,omitempty"`
	// OpenWorld is set by openworld (true) or openworld=true|false.
	OpenWorld *bool `json:"openWorld,omitempty"`
}

// manifestAnnotations is the manifest's view of t's hints, nil if it sets
// none.
func manifestAnnotations(t *toolModel) *ManifestAnnotations {
	a := &ManifestAnnotations{ReadOnly: t.ReadOnly, Destructive: t.Destructive, Idempotent: t.Idempotent, OpenWorld: t.OpenWorld}
	if *a == (ManifestAnnotations{}) {
		return nil
	}
	return a
}

// DialectSchema is a tool's schema in one provider's dialect, or why it
// cannot be expressed there.
type DialectSchema struct {
	Schema json.RawMessage `json:"schema,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// Manifest describes every tool of the run, in package and source order,
// with positions relative to the run's directory ([Config].Dir).
func (r *Result) Manifest() []ManifestEntry {
	out := []ManifestEntry{}
	for _, p := range r.pkgs {
		for _, t := range p.Tools {
			fn := t.Func
			if t.Recv != "" {
				fn = fmt.Sprintf("(*%s).%s", t.Recv, t.Func)
			}
			out = append(out, ManifestEntry{
				Package:       p.Path,
				Func:          fn,
				ID:            t.ID,
				Key:           t.Key,
				Title:         t.Title,
				Description:   t.Description,
				InputSchema:   t.InputSchema,
				OutputSchema:  t.OutputSchema,
				SuspendSchema: t.SuspendSchema,
				ResumeSchema:  t.ResumeSchema,
				Options:       t.Options,
				Annotations:   manifestAnnotations(t),
				Constructor:   t.Ctor,
				Toolset:       t.Toolset,
				Position:      FormatPosition(t.Pos, r.dir),
				InputDialects: t.Dialects,
			})
		}
	}
	return out
}
