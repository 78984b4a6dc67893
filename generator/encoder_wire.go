package generator

// encoders generates the output encoders of every package with tools,
// once the schema phase has named the file's imports (newDecoderEnv): the
// encoders use the same names for the packages both need, and choose names
// that nothing else in the file declares for the others. It runs beside
// the schema workers (see schemas), so it reads nothing they write: the
// decoders' names, decided after, all start with "decode", and the
// encoders' with "encode" or "isZero".
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
		known := map[string]string{
			jsonPath: p.Imports.JSON,
			"time":   p.Imports.Time,
		}
		for path, name := range p.Imports.Other {
			known[path] = name
		}
		pe, outs := g.buildEncoders(ps, func(n string) bool { return declared[n] }, func(path, _ string) string { return known[path] })
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
