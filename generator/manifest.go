package generator

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime"
)

// ManifestEntry describes one tool in the -json manifest.
type ManifestEntry struct {
	Package      string            `json:"package"`
	Func         string            `json:"func"`
	ID           string            `json:"id"`
	Key          string            `json:"key"`
	Title        string            `json:"title,omitempty"`
	Description  string            `json:"description"`
	InputSchema  json.RawMessage   `json:"inputSchema"`
	OutputSchema json.RawMessage   `json:"outputSchema"`
	Options      map[string]string `json:"options"`
	Constructor  string            `json:"constructor"`
	Toolset      string            `json:"toolset"`
	Position     string            `json:"position"` // path:line:col of the function
	// InputDialects are the input schema as each provider receives it
	// (openai-strict, gemini, anthropic), or why it cannot.
	InputDialects map[runtime.Dialect]DialectSchema `json:"inputDialects"`
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
				Options:       t.Options,
				Constructor:   t.Ctor,
				Toolset:       t.Toolset,
				Position:      FormatPosition(t.Pos, r.dir),
				InputDialects: t.Dialects,
			})
		}
	}
	return out
}
