package generator

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/annotations"
	"github.com/toolgen-go/toolgen/internal/schemagen"
	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/schema"
)

// schemas computes the input and output schema of every tool and the
// schema of every structured output, checks the tools' inputs and the
// outputs against the provider dialects, and names the constants that will
// hold the schemas. A tool's problems are all reported, whatever they are:
// a malformed tag does not hide what a dialect cannot express.
func (g *gen) schemas() (dialects func()) {
	b := schemagen.New(g.l.fset)
	b.Local = g.userCode()
	for _, ps := range g.pkgs {
		b.AddFiles(ps.pkg.Syntax...)
	}
	// What a tool writes, rather than reads, is described by out.
	out := b.ForOutputs()
	// The dialect conversions of the schemas, pure functions of their
	// text, run in parallel once every schema is built; their problems are
	// then reported in order (see dialectJob).
	var jobs []*dialectJob
	for _, ps := range g.pkgs {
		// The types that two schemas of the file write go to $defs in
		// each, where their entries are the same text (see shareDefs).
		shared := g.sharedTypes(ps, b, out)
		b.Shared, out.Shared = shared, shared
		for _, ts := range ps.tools {
			if ts.broken || ts.in == nil {
				continue
			}
			t := ts.model
			o := toolOwner(ts)
			var inErrs []*schemagen.Error
			t.InputSchema, inErrs = g.schemaJSON(b, ps, o, ts.in, roleInput)
			t.OutputSchema, _ = g.schemaJSON(out, ps, o, ts.out, roleResult)
			if ts.suspend != nil {
				t.SuspendSchema, _ = g.schemaJSON(out, ps, o, ts.suspend, roleSuspend)
				t.ResumeSchema, _ = g.schemaJSON(b, ps, o, ts.resume, roleResume)
			}
			if t.InputSchema != nil {
				jobs = append(jobs, &dialectJob{ps: ps, o: o, sch: t.InputSchema, errs: inErrs, into: &t.Dialects})
			}
		}
		for _, st := range ps.structured {
			if st.typ == nil {
				continue
			}
			o := outputOwner(st)
			var errs []*schemagen.Error
			st.model.Schema, errs = g.schemaJSON(b, ps, o, st.typ, roleSchema)
			if st.model.Schema != nil {
				jobs = append(jobs, &dialectJob{ps: ps, o: o, sch: st.model.Schema, errs: errs, into: &st.model.Dialects})
			}
		}
		if ps.model != nil {
			nameSchemas(ps.model, g.nameTaken(ps))
		}
	}
	done := convertAll(jobs)
	return func() {
		<-done
		for _, j := range jobs {
			*j.into = g.checkDialects(b, j)
		}
	}
}

// dialectJob is the conversion of a schema to the dialects that
// checkDialects reports on.
type dialectJob struct {
	ps   *pkgState
	o    schemaOwner
	sch  json.RawMessage
	errs []*schemagen.Error // the schema's own problems
	into *map[schema.Dialect]DialectSchema
	// converted and failed are per dialect of dialectsChecked.
	converted []json.RawMessage
	failed    []error
}

// convertAll starts converting the schemas of jobs to every dialect
// checked, on as many goroutines as there are CPUs, and returns a channel
// closed when it is done: at a thousand tools, three conversions each
// take as long as building the schemas, and run beside the rendering.
func convertAll(jobs []*dialectJob) <-chan struct{} {
	done := make(chan struct{})
	work := make(chan *dialectJob)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for j := range work {
				j.converted = make([]json.RawMessage, len(dialectsChecked))
				j.failed = make([]error, len(dialectsChecked))
				for i, d := range dialectsChecked {
					j.converted[i], j.failed[i] = schema.Convert(j.sch, d)
				}
			}
		})
	}
	go func() {
		for _, j := range jobs {
			work <- j
		}
		close(work)
		wg.Wait()
		close(done)
	}()
	return done
}

// schemaOwner is a tool or a structured output, as the schema stage
// reports its problems.
type schemaOwner struct {
	// what names it in messages: tool "x", output "x"; part names the
	// schema that the dialects check: its input, its schema.
	what, part string
	// name is its function's or type's name; pos the position of that
	// name, where a problem is reported that nothing closer reaches.
	name string
	pos  token.Pos
	// root is the type of the schema that the dialects check.
	root types.Type
	dir  *annotations.Directive
}

func toolOwner(ts *toolState) schemaOwner {
	return schemaOwner{
		what: fmt.Sprintf("tool %q", ts.model.ID), part: "its input",
		name: ts.model.Func, pos: ts.decl.Name.Pos(), root: ts.in, dir: ts.dir,
	}
}

func outputOwner(st *outputState) schemaOwner {
	return schemaOwner{
		what: fmt.Sprintf("output %q", st.model.ID), part: "its schema",
		name: st.name.Name, pos: st.name.Pos(), root: st.typ, dir: st.dir,
	}
}

// The roles of a tool's types, as messages name them.
const (
	roleInput  = "input"
	roleResult = "result"
	roleSchema = "schema" // of a structured output
)

// userCode reports whether a package is the user's code: a package of a
// module that a loaded package belongs to (or, outside modules, a loaded
// package). A problem in any other package (another module, the standard
// library) is reported at the user's code that reaches it.
func (g *gen) userCode() func(*types.Package) bool {
	var modules []string
	loaded := map[string]bool{}
	for _, ps := range g.pkgs {
		loaded[ps.pkg.PkgPath] = true
		if m := ps.pkg.Module; m != nil && !slices.Contains(modules, m.Path) {
			modules = append(modules, m.Path)
		}
	}
	return func(p *types.Package) bool {
		path := p.Path()
		if loaded[path] {
			return true
		}
		for _, m := range modules {
			if path == m || strings.HasPrefix(path, m+"/") {
				return true
			}
		}
		return false
	}
}

// schemaJSON computes the schema of t, a type of o's in the role of role
// (for a tool, a type of its signature), as indented JSON, and reports its
// problems, which it returns.
// The schema is nil only when it cannot be encoded; after an error it is
// still computed, for the checks that follow, though no file is written.
func (g *gen) schemaJSON(b *schemagen.Builder, ps *pkgState, o schemaOwner, t types.Type, role string) (json.RawMessage, []*schemagen.Error) {
	s, errs := b.Schema(t, g.rootName(ps, t))
	var zeros []string
	for _, e := range errs {
		if e.EnumZero != "" && e.Outside != nil {
			zeros = append(zeros, e.EnumZero)
			continue
		}
		g.reportSchema(o, role, e)
	}
	g.reportEnumZeros(o, role, zeros)
	// The bytes of json.Marshal, then json.Indent with two spaces, in one
	// pass: at 1,000 tools, 10 ms instead of 100 (see schemagen's
	// MarshalIndent).
	data, err := schemagen.MarshalIndent(nil, s)
	if err != nil {
		g.diags.errorf(o.pos, "encode the schemas of %s: %v", o.name, err)
		return nil, errs
	}
	return data, errs
}

// reportSchema reports a problem of the schema of a tool's or an output's
// type: at its position when it is in the user's code, else at the user's
// field or signature that reaches it, naming the tool or output and the
// whole path, with its own position as a note.
func (g *gen) reportSchema(o schemaOwner, role string, e *schemagen.Error) {
	sev := annotations.Error
	if e.Warning {
		sev = annotations.Warning
	}
	if e.Outside == nil {
		msg := e.Message
		if e.Path != "" {
			msg = fmt.Sprintf(msgSchema, e.Path, e.Message)
		}
		g.diags.add(g.diags.position(e.Pos), sev, msg)
		return
	}
	reach := e.Outside.Reach
	if !reach.IsValid() {
		reach = o.pos
	}
	g.diags.add(g.diags.position(reach), sev,
		fmt.Sprintf(msgOutside, o.what, role, e.Path, e.Outside.Decl, e.Message),
		Note{Pos: g.diags.position(e.Pos), Message: fmt.Sprintf(noteDeclared, e.Outside.Decl)})
}

// reportEnumZeros reports, in one warning at o, the enum types of other
// modules (stripe's hundreds, say) whose zero value the schema of o's
// type in the role of role allows although it is not a constant; each
// type once per run.
func (g *gen) reportEnumZeros(o schemaOwner, role string, types []string) {
	var fresh []string
	for _, t := range types {
		if !g.enumZeros[t] {
			if g.enumZeros == nil {
				g.enumZeros = map[string]bool{}
			}
			g.enumZeros[t] = true
			fresh = append(fresh, t)
		}
	}
	if len(fresh) == 0 {
		return
	}
	if len(fresh) == 1 {
		g.diags.warnf(o.pos, msgEnumZero, o.what, role, fresh[0])
		return
	}
	g.diags.warnf(o.pos, msgEnumZeros, o.what, role, len(fresh), wording.List(fresh[:min(len(fresh), wording.MaxListed)], len(fresh)))
}

// rootName is the Go name an error path starts from: the type's name,
// qualified by its package's name when that is not the tool's package.
func (g *gen) rootName(ps *pkgState, t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return g.typeString(ps, t)
}

// dialectsChecked are the dialects a tool's input is checked against: each
// provider's, not the standard one.
var dialectsChecked = []schema.Dialect{schema.DialectOpenAIStrict, schema.DialectGemini, schema.DialectAnthropic}

// checkDialects takes the conversions of j (convertAll) of a schema, the
// input schema of a tool or the schema of an output, to each provider's
// dialect, and returns them for the manifest. What a dialect cannot express is reported once per dialect
// and reason, naming the dialect and the fields: an error at the strict
// option for OpenAI strict when the directive has it; an error at the
// directive for the dialects of Config.Dialects, when there are any, which
// are then the only ones reported; else a warning at the directive. A
// field that has a schema error already (whose schema is then {}) is not
// reported again.
func (g *gen) checkDialects(b *schemagen.Builder, j *dialectJob) map[schema.Dialect]DialectSchema {
	ps, o := j.ps, j.o
	broken := map[token.Pos]bool{}
	for _, e := range j.errs {
		if !e.Warning {
			broken[e.Pos] = true
		}
	}
	out := map[schema.Dialect]DialectSchema{}
	for i, d := range dialectsChecked {
		s, err := j.converted[i], j.failed[i]
		if err == nil {
			out[d] = DialectSchema{Schema: s}
			continue
		}
		out[d] = DialectSchema{Error: err.Error()}
		strict := d == schema.DialectOpenAIStrict && o.dir.Flag("strict")
		listed := slices.Contains(g.cfg.Dialects, d)
		if !strict && !listed && len(g.cfg.Dialects) > 0 {
			continue
		}
		for _, r := range g.dialectReasons(b, ps, o.root, err, broken) {
			where := strings.Join(r.where[:len(r.where)-1], ", ")
			if where != "" {
				where += " and "
			}
			where += r.where[len(r.where)-1]
			switch {
			case strict:
				opt, _ := o.dir.Option("strict")
				g.diags.errorf(opt.Pos, msgStrict, o.what, o.part, where, r.reason)
			case listed:
				g.diags.errorf(o.dir.Pos, msgDialect, o.what, d, o.part, where, r.reason, d)
			default:
				g.diags.warnf(o.dir.Pos, msgDialectWarning, o.what, d, o.part, where, r.reason, d)
			}
		}
	}
	return out
}

// dialectReason is one reason why a dialect cannot express a tool's input,
// and where: the Go fields (or the JSON paths, where there is none).
type dialectReason struct {
	reason string
	where  []string
}

// dialectReasons groups the errors of a conversion of the schema of root
// by reason, in document order. A field reached at several depths (a recursive type, unrolled for
// Gemini, or kept in $defs and inlined at the root) is named once, by its
// shortest path; a field in broken is not named.
func (g *gen) dialectReasons(b *schemagen.Builder, ps *pkgState, root types.Type, err error, broken map[token.Pos]bool) []*dialectReason {
	des := schema.DialectErrors(err)
	if len(des) == 0 {
		des = []*schema.DialectError{{Reason: err.Error()}}
	}
	type named struct {
		at            int // in des
		where, reason string
	}
	byLength := make([]int, len(des))
	for i := range des {
		byLength[i] = i
	}
	slices.SortStableFunc(byLength, func(i, j int) int { return cmp.Compare(len(des[i].Path), len(des[j].Path)) })
	var list []named
	seen := map[string]bool{}
	for _, i := range byLength {
		de := des[i]
		where, key := de.Path, de.Path
		if where == "" {
			where = "its root"
		}
		if pos, goPath, ok := b.Locate(root, g.rootName(ps, root), de.Path); ok {
			if broken[pos] {
				continue
			}
			where, key = goPath, g.l.fset.Position(pos).String()
		}
		if !seen[key+"\x00"+de.Reason] {
			seen[key+"\x00"+de.Reason] = true
			list = append(list, named{i, where, de.Reason})
		}
	}
	slices.SortFunc(list, func(a, b named) int { return cmp.Compare(a.at, b.at) })
	var out []*dialectReason
	for _, n := range list {
		i := slices.IndexFunc(out, func(r *dialectReason) bool { return r.reason == n.reason })
		if i < 0 {
			out = append(out, &dialectReason{reason: n.reason})
			i = len(out) - 1
		}
		out[i].where = append(out[i].where, n.where)
	}
	return out
}

// nameTaken reports whether a schema constant of ps may not take name:
// the package declares it, or a hook has it (a hooks file declares it, or
// will, a stub), or one of its files imports a package by it (Go has one
// namespace for the package block and the files' imports), or a generated
// file declares it for a tool, an output or a toolset (the file of a run
// with fewer tags too), or the file refers to an import by it. It never
// looks at the files that other runs wrote: what a run writes depends on
// the sources only.
func (g *gen) nameTaken(ps *pkgState) func(name string) bool {
	taken := map[string]bool{ps.model.Imports.Tool: true, ps.model.Imports.JSON: true}
	for _, f := range ps.pkg.Syntax {
		for _, imp := range f.Imports {
			if pn := ps.pkg.TypesInfo.PkgNameOf(imp); pn != nil {
				taken[pn.Name()] = true
			}
		}
	}
	for _, list := range [][]*toolState{ps.tools, ps.lower} {
		for _, ts := range list {
			for _, h := range ts.model.Hooks {
				taken[h.Func] = true // stubbed or not, here or by another run
			}
		}
	}
	var addPkgNames func(e *typeExpr)
	addPkgNames = func(e *typeExpr) {
		if e == nil {
			return
		}
		taken[e.PkgName] = true
		addPkgNames(e.Elem)
		addPkgNames(e.Key)
		for _, a := range e.TypeArgs {
			addPkgNames(a)
		}
	}
	for _, n := range g.generatedNames(ps) { // the schema constants are not named yet
		taken[n] = true
	}
	for _, ts := range ps.tools {
		addPkgNames(ts.model.In)
		addPkgNames(ts.model.Out)
		addPkgNames(ts.model.Suspend)
		addPkgNames(ts.model.Resume)
	}
	for _, st := range ps.structured {
		addPkgNames(st.model.Type)
	}
	return func(name string) bool { return taken[name] || g.lookup(ps, name) != nil }
}

// nameSchemas gives each distinct schema text of p one constant, which
// every tool and output that uses the text shares, in the order of first
// use (tools in source order, each input before its output, then its
// suspend and resume types; then the outputs in source order). The constant is named after
// the Go type of that first use (schemaBaseName): WeatherInput gives
// weatherInputSchema, []Item itemListSchema. In the file of a run with
// tags, the tag set's name follows: weatherInputSchemaEnterprise, which
// no constant of the file of another run is named, since theirs end in
// Schema or in the name of another tag set (see tags.go). When taken reports
// the name, or another constant of the file has it already, the constant
// gets the first free number instead: itemSchema2, itemSchema3, … Then the
// $defs bodies that the texts share get constants of their own (shareDefs),
// named the same way (addressDef, addressDefEnterprise).
func nameSchemas(p *pkgModel, taken func(string) bool) {
	byText := map[string]*schemaConst{}
	used := map[string]bool{}
	free := func(base string) string {
		base += p.Set
		name := base
		for n := 2; used[name] || taken(name); n++ {
			name = base + strconv.Itoa(n)
		}
		used[name] = true
		return name
	}
	constFor := func(text json.RawMessage, of *typeExpr) *schemaConst {
		if text == nil {
			return nil
		}
		if c, ok := byText[string(text)]; ok {
			return c
		}
		c := &schemaConst{Name: free(schemaBaseName(of) + "Schema"), Text: text, Of: of}
		byText[string(text)] = c
		p.Schemas = append(p.Schemas, c)
		return c
	}
	for _, t := range p.Tools {
		t.Input = constFor(t.InputSchema, t.In)
		t.Output = constFor(t.OutputSchema, t.Out)
		if t.Suspend != nil {
			t.SuspendConst = constFor(t.SuspendSchema, t.Suspend)
			t.ResumeConst = constFor(t.ResumeSchema, t.Resume)
		}
	}
	for _, o := range p.Outputs {
		o.Const = constFor(o.Schema, o.Type)
	}
	shareDefs(p, free)
}

// schemaBaseName is the name a schema constant takes from a type, before
// its "Schema" suffix: the type's name with its leading capitals lowered
// (URLInput gives urlInput), its type arguments' names appended
// (Page[Item]: pageItem), and for a collection the element's name with
// List, Array or Map appended. A pointer is named as its element.
func schemaBaseName(e *typeExpr) string {
	switch e.Kind {
	case kindPointer:
		return schemaBaseName(e.Elem)
	case kindSlice:
		return schemaBaseName(e.Elem) + "List"
	case kindArray:
		return schemaBaseName(e.Elem) + "Array"
	case kindMap:
		return schemaBaseName(e.Elem) + "Map"
	case kindAny:
		return "any"
	}
	name := lowerLeading(e.Name)
	for _, a := range e.TypeArgs {
		name += upperFirst(schemaBaseName(a))
	}
	return name
}

// lowerLeading lowers the leading capitals of a Go name, as Go spells an
// unexported name made of it: Weather gives weather, URL url, URLInput
// urlInput (the last capital before a lower-case letter starts a word).
func lowerLeading(s string) string {
	runes := []rune(s)
	n := 0
	for n < len(runes) && unicode.IsUpper(runes[n]) {
		n++
	}
	if n > 1 && n < len(runes) && unicode.IsLower(runes[n]) {
		n--
	}
	for i := range n {
		runes[i] = unicode.ToLower(runes[i])
	}
	return string(runes)
}

// upperFirst and lowerFirst change the case of the first letter of s.
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}
