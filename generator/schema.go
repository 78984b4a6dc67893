package generator

import (
	"encoding/json"
	"errors"
	"go/types"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/schemagen"
	"github.com/toolgen-go/toolgen/runtime"
)

// schemas computes the input and output schema of every tool, checks the
// inputs of strict tools against the OpenAI strict dialect, and names the
// constants that will hold the schemas.
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
			t := ts.model
			var ok bool
			if t.InputSchema, ok = g.schemaJSON(b, ts, ts.in); ok {
				t.OutputSchema, _ = g.schemaJSON(b, ts, ts.out)
			}
			if t.Strict && t.InputSchema != nil {
				g.checkStrict(ts)
			}
		}
		if ps.model != nil {
			nameSchemas(ps.model, g.nameTaken(ps))
		}
	}
}

// schemaJSON computes the schema of t, a type of ts's signature, as
// indented JSON; ok is false after an error, which is reported.
func (g *gen) schemaJSON(b *schemagen.Builder, ts *toolState, t types.Type) (_ json.RawMessage, ok bool) {
	s, errs := b.Schema(t, rootName(t))
	for _, e := range errs {
		g.diags.errorf(e.Pos, msgSchema, e.Path, e.Message)
	}
	if len(errs) > 0 || s == nil {
		return nil, false
	}
	// The bytes of json.Marshal, then json.Indent with two spaces, in one
	// pass: at 1,000 tools, 10 ms instead of 100 (see schemagen's
	// MarshalIndent).
	data, err := schemagen.MarshalIndent(nil, s)
	if err != nil {
		g.diags.errorf(ts.decl.Name.Pos(), "encode the schemas of %s: %v", ts.model.Func, err)
		return nil, false
	}
	return data, true
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

// checkStrict converts the input schema of a tool marked strict to the
// OpenAI strict dialect, so that a type strict mode cannot express is an
// error now, at the directive, rather than a rejected request later.
func (g *gen) checkStrict(ts *toolState) {
	_, err := runtime.ConvertSchema(ts.model.InputSchema, runtime.DialectOpenAIStrict)
	if err == nil {
		return
	}
	opt, _ := ts.dir.Option("strict")
	var des []*runtime.DialectError
	collectDialectErrors(err, &des)
	if len(des) == 0 {
		g.diags.errorf(opt.Pos, msgStrict, ts.model.ID, "input", err)
		return
	}
	for _, de := range des {
		g.diags.errorf(opt.Pos, msgStrict, ts.model.ID, de.Path, de.Reason)
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

// nameTaken reports whether a schema constant of ps may not take name:
// the package declares it, or will in its hooks file (a stub), or one of its
// files imports a package by it (Go has one namespace for the package block
// and the files' imports), or the generated file declares it for a tool or
// a toolset, or refers to an import by it.
func (g *gen) nameTaken(ps *pkgState) func(name string) bool {
	taken := map[string]bool{ps.model.Imports.Runtime: true, ps.model.Imports.JSON: true}
	for _, f := range ps.pkg.Syntax {
		for _, imp := range f.Imports {
			if pn := ps.pkg.TypesInfo.PkgNameOf(imp); pn != nil {
				taken[pn.Name()] = true
			}
		}
	}
	for _, st := range ps.stubs {
		taken[st.Hook.Func] = true
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
	}
	scope := ps.pkg.Types.Scope()
	return func(name string) bool { return taken[name] || scope.Lookup(name) != nil }
}

// nameSchemas gives each distinct schema text of p one constant, which
// every tool that uses the text shares, in the order of first use (tools in
// source order, each input before its output). The constant is named after
// the Go type of that first use (schemaBaseName): WeatherInput gives
// weatherInputSchema, []Item itemListSchema. When taken reports the name,
// or another text of the file has it already, the constant gets the first
// free number instead: itemSchema2, itemSchema3, …
func nameSchemas(p *pkgModel, taken func(string) bool) {
	byText := map[string]*schemaConst{}
	used := map[string]bool{}
	constFor := func(text json.RawMessage, of *typeExpr) *schemaConst {
		if text == nil {
			return nil
		}
		if c, ok := byText[string(text)]; ok {
			return c
		}
		base := schemaBaseName(of) + "Schema"
		name := base
		for n := 2; used[name] || taken(name); n++ {
			name = base + strconv.Itoa(n)
		}
		used[name] = true
		c := &schemaConst{Name: name, Text: text, Of: of}
		byText[string(text)] = c
		p.Schemas = append(p.Schemas, c)
		return c
	}
	for _, t := range p.Tools {
		t.Input = constFor(t.InputSchema, t.In)
		t.Output = constFor(t.OutputSchema, t.Out)
	}
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
