package generator

import (
	"encoding/json"
	"errors"

	"github.com/toolgen-go/toolgen/runtime"
)

// checkStrict converts the input schema of every tool marked strict to the
// OpenAI strict dialect, so that a type strict mode cannot express is an
// error now, at the directive, rather than a rejected request later.
func (g *gen) checkStrict() {
	for _, ps := range g.pkgs {
		for _, ts := range ps.tools {
			if !ts.model.Strict || ts.model.InputSchema == nil {
				continue
			}
			_, err := runtime.ConvertSchema(ts.model.InputSchema, runtime.DialectOpenAIStrict)
			if err == nil {
				continue
			}
			opt, _ := ts.dir.Option("strict")
			var des []*runtime.DialectError
			collectDialectErrors(err, &des)
			if len(des) == 0 {
				g.diags.errorf(opt.Pos, msgStrict, ts.model.ID, "input", err)
				continue
			}
			for _, de := range des {
				g.diags.errorf(opt.Pos, msgStrict, ts.model.ID, de.Path, de.Reason)
			}
		}
	}
}

// collectDialectErrors flattens the joined errors of ConvertSchema.
func collectDialectErrors(err error, out *[]*runtime.DialectError) {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			collectDialectErrors(e, out)
		}
		return
	}
	var de *runtime.DialectError
	if errors.As(err, &de) {
		*out = append(*out, de)
	}
}

// DialectSchema is a tool's schema in one provider's dialect, or why it
// cannot be expressed there.
type DialectSchema struct {
	Schema json.RawMessage `json:"schema,omitempty"`
	Error  string          `json:"error,omitempty"`
}

// dialects converts schema to every dialect but the standard one.
func dialects(schema json.RawMessage) map[runtime.Dialect]DialectSchema {
	out := map[runtime.Dialect]DialectSchema{}
	for _, d := range runtime.Dialects() {
		if d == runtime.DialectStandard {
			continue
		}
		s, err := runtime.ConvertSchema(schema, d)
		if err != nil {
			out[d] = DialectSchema{Error: err.Error()}
			continue
		}
		out[d] = DialectSchema{Schema: s}
	}
	return out
}
