package generator

import (
	"bytes"
	"encoding/json"
	"go/types"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

// schemas computes the input and output schema of every tool.
func (g *gen) schemas() {
	b := schemagen.New(g.l.fset)
	for _, ps := range g.pkgs {
		b.AddFiles(ps.pkg.Syntax...)
	}
	for _, ps := range g.pkgs {
		for _, ts := range ps.tools {
			if ts.broken || ts.in == nil {
				continue
			}
			ts.model.InputSchema = g.schema(b, ts.in)
			ts.model.OutputSchema = g.schema(b, ts.out)
		}
	}
}

// schema computes one indented schema and reports its errors.
func (g *gen) schema(b *schemagen.Builder, t types.Type) json.RawMessage {
	s, errs := b.Schema(t, rootName(t))
	for _, e := range errs {
		g.diags.errorf(e.Pos, msgSchema, e.Path, e.Message)
	}
	if len(errs) > 0 || s == nil {
		return nil
	}
	data, err := json.Marshal(s)
	if err != nil {
		g.diags.errorf(0, "encode the schema of %s: %v", rootName(t), err)
		return nil
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, data, "", "  "); err != nil {
		g.diags.errorf(0, "indent the schema of %s: %v", rootName(t), err)
		return nil
	}
	return buf.Bytes()
}

// rootName is the Go name an error path starts from.
func rootName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}
