package generator

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/schema"
)

// ManifestEntry describes one tool or one structured output in the -json
// manifest; Kind tells which. The fields of one kind are absent from the
// entries of the other, except those both have: kind, package, id,
// description, options and position.
type ManifestEntry struct {
	// Kind is "tool" for a tool (a function or method), "output" for a
	// structured output schema (a type declaration).
	Kind        string `json:"kind"`
	Package     string `json:"package"`
	Func        string `json:"func,omitempty"`
	ID          string `json:"id"`
	Key         string `json:"key,omitempty"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description"`
	// InputSchema and OutputSchema are a tool's.
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	// SuspendSchema and ResumeSchema are the schemas of the types of the
	// suspend= and resume= options, for a tool that can suspend.
	SuspendSchema json.RawMessage `json:"suspendSchema,omitempty"`
	ResumeSchema  json.RawMessage `json:"resumeSchema,omitempty"`
	// Type is an output's Go type; Schema its JSON Schema, whose root is an
	// object; Var the generated variable (a *tool.StructuredOutput[Type])
	// that agent.WithOutput takes.
	Type   string          `json:"type,omitempty"`
	Schema json.RawMessage `json:"schema,omitempty"`
	Var    string          `json:"var,omitempty"`
	// Options are the directive's options as written: flags map to "",
	// readonly=false to "false".
	Options map[string]string `json:"options"`
	// Annotations are the MCP hints the directive sets, true or false;
	// absent when it sets none.
	Annotations *ManifestAnnotations `json:"annotations,omitempty"`
	Constructor string               `json:"constructor,omitempty"`
	Toolset     string               `json:"toolset,omitempty"`
	Position    string               `json:"position"` // path:line:col of the function's or type's name
	// InputDialects are a tool's input schema as each provider receives it
	// (openai-strict, gemini, anthropic), or why it cannot.
	InputDialects map[schema.Dialect]DialectSchema `json:"inputDialects,omitempty"`
	// Dialects are an output's schema as each provider receives it, or why
	// it cannot.
	Dialects map[schema.Dialect]DialectSchema `json:"dialects,omitempty"`
}

// The kinds of manifest entries ([ManifestEntry].Kind).
const (
	// KindTool is the kind of a tool's entry.
	KindTool = "tool"
	// KindOutput is the kind of a structured output's entry.
	KindOutput = "output"
)

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

// DialectSchema is a tool's input schema or an output's schema in one
// provider's dialect, or why it cannot be expressed there.
type DialectSchema struct {
	Schema json.RawMessage `json:"schema,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// Manifest describes every tool and structured output of the run, in
// package order, and in each package its tools then its outputs in source
// order, with positions relative to the run's directory ([Config].Dir).
func (r *Result) Manifest() []ManifestEntry {
	out := []ManifestEntry{}
	for _, p := range r.pkgs {
		for _, t := range p.Tools {
			out = append(out, r.toolEntry(p, t))
		}
		for _, o := range p.Outputs {
			out = append(out, ManifestEntry{
				Kind:        KindOutput,
				Package:     p.Path,
				ID:          o.ID,
				Description: o.Description,
				Type:        o.Type.String(p.Path),
				Schema:      o.Schema,
				Var:         o.Var,
				Options:     o.Options,
				Position:    FormatPosition(o.Pos, r.dir),
				Dialects:    o.Dialects,
			})
		}
	}
	return out
}

// toolEntry is the manifest entry of tool t of package p.
func (r *Result) toolEntry(p *pkgModel, t *toolModel) ManifestEntry {
	fn := t.Func
	if t.Recv != "" {
		fn = fmt.Sprintf("(*%s).%s", t.Recv, t.Func)
	}
	return ManifestEntry{
		Kind:          KindTool,
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
	}
}
