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
	// Decoder is the generated function that decodes and checks the
	// tool's arguments in one pass; NoDecoder says why there is none (the
	// runtime's general path decodes them).
	Decoder   string `json:"decoder,omitempty"`
	NoDecoder string `json:"noDecoder,omitempty"`
	// Encoder is the generated function that writes the tool's output as
	// json.Marshal would; NoEncoder says why there is none (the runtime
	// uses json.Marshal).
	Encoder   string `json:"encoder,omitempty"`
	NoEncoder string `json:"noEncoder,omitempty"`
}

// Manifest describes every tool of pkgs, in package and source order, with
// positions relative to dir.
func Manifest(pkgs []*Package, dir string) []ManifestEntry {
	out := []ManifestEntry{}
	for _, p := range pkgs {
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
				Toolset:       toolsetFunc(t.Recv),
				Position:      FormatPosition(t.Pos, dir),
				InputDialects: dialects(t.InputSchema),
				Decoder:       t.Decoder,
				NoDecoder:     t.NoDecoder,
				Encoder:       t.Encoder,
				NoEncoder:     t.NoEncoder,
			})
		}
	}
	return out
}
