package generator

import "strconv"

// encoders generates the output encoders of every package with tools,
// once the schema phase has named the file's imports (newDecoderEnv): the
// encoders use the same names for the packages both need, and choose free
// ones for the others.
func (g *gen) encoders() {
	for _, ps := range g.pkgs {
		p := ps.model
		if p == nil || len(ps.tools) == 0 {
			continue
		}
		declared := map[string]bool{}
		for _, n := range []string{p.Imports.Runtime, p.Imports.JSON, p.Imports.JSONArg, p.Imports.Time,
			p.Imports.UTF8, p.Imports.Big, p.Imports.Regexp, p.Imports.Sync, p.Imports.Slices} {
			declared[n] = true
		}
		for _, n := range p.Imports.Other {
			declared[n] = true
		}
		for _, d := range p.Decoders {
			declared[d.Name] = true
		}
		known := map[string]string{
			jsonPath: p.Imports.JSON,
			"time":   p.Imports.Time,
		}
		for path, name := range p.Imports.Other {
			known[path] = name
		}
		var chosen map[string]string // path → name, for the others
		qualify := func(path, def string) string {
			if n := known[path]; n != "" {
				return n
			}
			if n, ok := chosen[path]; ok {
				return n
			}
			n := def
			for i := 2; declared[n] || ps.pkg.Types.Scope().Lookup(n) != nil || isLocalName(n); i++ {
				n = def + strconv.Itoa(i)
			}
			declared[n] = true
			if chosen == nil {
				chosen = map[string]string{}
			}
			chosen[path] = n
			return n
		}
		pe, outs := g.buildEncoders(ps, func(n string) bool { return declared[n] }, qualify)
		some := false
		for i, ts := range ps.tools {
			ts.model.Encoder, ts.model.NoEncoder = outs[i].Func, outs[i].Why
			some = some || outs[i].Func != ""
		}
		if some {
			p.Encoders = pe
		}
	}
}
