package generator

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/toolgen-go/toolgen/annotations"
	"github.com/toolgen-go/toolgen/internal/doctext"
)

// gen holds the state of one run between loading and rendering.
type gen struct {
	cfg   *Config
	set   tagSet
	l     *loaded
	diags diagnostics
	pkgs  []*pkgState
	// enumZeros are the enum types of other modules whose zero value a
	// warning of this run has named (reportEnumZeros).
	enumZeros map[string]bool
}

// pkgState is one loaded package and the tools and outputs found in it.
type pkgState struct {
	pkg   *packages.Package
	tools []*toolState
	// structured are the structured outputs (annotated types).
	structured []*outputState
	// lower and lowerStructured are, in a run with tags, the tools and
	// structured outputs that a build with fewer of the tags has too: the
	// run with those tags writes them (see splitByBuild).
	lower           []*toolState
	lowerStructured []*outputState
	// outsideHooks are the hooks named by the tools of the files that the
	// build does not compile, in a run with tags.
	outsideHooks []outsideHook
	// previous is the path of an earlier output of this run, if any;
	// outputs those of other runs (other tags, other -output names) that
	// the build compiles with the package.
	previous string
	outputs  []string
	model    *pkgModel
	// hooks are the hook functions named so far, by name; stubs the ones
	// to write, stubbed their names.
	hooks   map[string]*hookUse
	stubs   []stub
	stubbed map[string]bool
}

// toolState is a tool being built: its model and the types behind it.
type toolState struct {
	model   *toolModel
	in, out types.Type
	// suspend and resume are the types of suspend= and resume=, or nil.
	suspend, resume types.Type
	decl            *ast.FuncDecl
	dir             *annotations.Directive
	broken          bool // a signature problem was reported; skip its schemas
	// lower is, in a run with tags, the tags of the run that writes the
	// tool instead of this one: the fewest of the tags with which it
	// exists (see splitByBuild). It is nil when this run writes it.
	lower *tagSet
}

func newGen(l *loaded, cfg *Config, set tagSet) *gen {
	g := &gen{cfg: cfg, set: set, l: l, diags: diagnostics{fset: l.fset}}
	pkgs := slices.Clone(l.pkgs)
	slices.SortFunc(pkgs, func(a, b *packages.Package) int { return cmp.Compare(a.PkgPath, b.PkgPath) })
	for _, p := range pkgs {
		g.pkgs = append(g.pkgs, &pkgState{pkg: p})
	}
	return g
}

// find finds every tool of every package and checks it.
func (g *gen) find() {
	for _, ps := range g.pkgs {
		for _, f := range ps.pkg.CompiledGoFiles {
			switch {
			case !g.l.blanked[f]:
			case filepath.Base(f) == g.cfg.Output:
				ps.previous = f
			default:
				ps.outputs = append(ps.outputs, f)
			}
		}
		if ps.pkg.Types == nil {
			continue
		}
		for _, file := range ps.pkg.Syntax {
			name := g.l.fset.File(file.Pos()).Name()
			if g.l.blanked[name] {
				continue
			}
			g.findInFile(ps, file)
		}
		g.splitByBuild(ps)
		g.checkPackage(ps)
		g.keepOwnTools(ps)
		g.checkLeftStubs(ps)
	}
}

// findInFile finds the directives of one file: on function and method doc
// comments they declare tools, on type declarations structured outputs;
// anywhere else they are errors.
func (g *gen) findInFile(ps *pkgState, file *ast.File) {
	onFunc := map[*ast.CommentGroup]*ast.FuncDecl{}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil {
			onFunc[fd.Doc] = fd
		}
	}
	onType := typeDocs(file)
	for _, cg := range file.Comments {
		if fd, ok := onFunc[cg]; ok {
			dir, diags := annotations.Parse(fd.Doc)
			g.addAnnotationDiags(diags)
			if dir != nil {
				g.newTool(ps, fd, dir)
			}
			continue
		}
		if spec, ok := onType[cg]; ok {
			dir, diags := annotations.ParseType(cg)
			g.addAnnotationDiags(diags)
			if dir != nil {
				g.newOutput(ps, spec, cg, dir)
			}
			continue
		}
		for _, c := range cg.List {
			if annotations.IsDirective(c.Text) {
				g.diags.errorf(c.Slash, msgMisplaced, misplacedWhat(file, cg))
				break
			}
		}
	}
}

func (g *gen) addAnnotationDiags(ds []annotations.Diagnostic) {
	for _, d := range ds {
		if d.Severity == annotations.Warning {
			g.diags.warnf(d.Pos, "%s", d.Message)
		} else {
			g.diags.errorf(d.Pos, "%s", d.Message)
		}
	}
}

// misplacedWhat names what a misplaced directive is attached to.
func misplacedWhat(file *ast.File, cg *ast.CommentGroup) string {
	what := "a comment that is not a function's doc comment"
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.TYPE && n.Lparen.IsValid() && n.Doc == cg {
				what = "a group of type declarations (put it on one type of the group)"
				return false
			}
			if n.Doc == cg || slices.ContainsFunc(n.Specs, func(s ast.Spec) bool { return specDoc(s) == cg }) {
				what = "a " + n.Tok.String() + " declaration"
				if !slices.Contains(file.Decls, ast.Decl(n)) {
					what += " inside a function"
				}
				return false
			}
		case *ast.Field:
			if n.Doc == cg || n.Comment == cg {
				what = "a field"
				return false
			}
		}
		return true
	})
	if file.Doc == cg {
		what = "the package clause"
	}
	return what
}

func specDoc(s ast.Spec) *ast.CommentGroup {
	switch s := s.(type) {
	case *ast.TypeSpec:
		return s.Doc
	case *ast.ValueSpec:
		return s.Doc
	case *ast.ImportSpec:
		return s.Doc
	}
	return nil
}

// newTool builds the model of one annotated function and checks its
// signature.
func (g *gen) newTool(ps *pkgState, fd *ast.FuncDecl, dir *annotations.Directive) {
	fn, _ := ps.pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return // the package does not type-check here; its errors are reported
	}
	t := &toolModel{
		ID:      dir.ID,
		Key:     cmp.Or(dir.Value("key"), dir.ID),
		Title:   dir.Value("title"),
		Func:    fd.Name.Name,
		Options: map[string]string{},
		Pos:     g.l.fset.Position(fd.Name.Pos()),
	}
	for _, o := range dir.Options {
		t.Options[o.Name] = o.Value
	}
	t.Approval = dir.Flag("approval")
	t.Strict = dir.Flag("strict")
	t.Background = dir.Flag("background")
	t.ReadOnly = hint(dir, "readonly")
	t.Destructive = hint(dir, "destructive")
	t.Idempotent = hint(dir, "idempotent")
	t.OpenWorld = hint(dir, "openworld")

	ts := &toolState{model: t, decl: fd, dir: dir}
	ps.tools = append(ps.tools, ts)

	t.Description = dir.Value("desc")
	if t.Description == "" {
		t.Description = doctext.DropName(doctext.FromGroup(fd.Doc), fd.Name.Name)
	}
	if t.Description == "" {
		g.diags.errorf(dir.Pos, msgNoDescription, t.ID, fd.Name.Name)
	}
	g.checkSignature(ps, ts, fn)
}

// hint is the MCP hint that the bool option name of dir sets, or nil.
func hint(dir *annotations.Directive, name string) *bool {
	if v, set := dir.Bool(name); set {
		return new(v)
	}
	return nil
}

// checkSignature checks fn against the accepted forms and records its
// input and output types.
func (g *gen) checkSignature(ps *pkgState, ts *toolState, fn *types.Func) {
	fd := ts.decl
	sig := fn.Type().(*types.Signature)
	fail := func(pos token.Pos, format string, args ...any) {
		g.diags.errorf(pos, format+"; "+hintSignature, args...)
		ts.broken = true
	}
	name := fd.Name.Name
	if recv := sig.Recv(); recv != nil {
		rt := recv.Type()
		if p, ok := rt.(*types.Pointer); ok {
			rt = p.Elem()
		}
		named, ok := types.Unalias(rt).(*types.Named)
		if !ok {
			fail(fd.Recv.Pos(), msgBadReceiver, name)
			return
		}
		if named.TypeParams().Len() > 0 {
			fail(fd.Recv.Pos(), msgGenericReceiver, named.Obj().Name(), name)
			return
		}
		ts.model.Recv = named.Obj().Name()
		name = ts.model.Recv + "." + name
	}
	if sig.TypeParams().Len() > 0 {
		fail(fd.Type.TypeParams.Pos(), msgGenericFunc, name)
		return
	}
	params, results := sig.Params(), sig.Results()
	paramsPos := fd.Type.Params.Pos()
	switch {
	case sig.Variadic():
		fail(paramsPos, msgVariadic, name)
		return
	case params.Len() == 0 || !isContext(params.At(0).Type()):
		fail(paramsPos, msgNoContext, name)
		return
	case params.Len() != 2:
		fail(paramsPos, msgParamCount, name, params.Len())
		return
	}
	in := params.At(1).Type()
	if !isNamedStruct(in) {
		fail(fd.Type.Params.List[len(fd.Type.Params.List)-1].Type.Pos(), msgInNotStruct, name, types.TypeString(in, types.RelativeTo(ps.pkg.Types)))
		return
	}
	resultsPos := fd.Type.Func
	if fd.Type.Results != nil {
		resultsPos = fd.Type.Results.Pos()
	}
	switch {
	case results.Len() == 0 || !isError(results.At(results.Len()-1).Type()):
		fail(resultsPos, msgNoError, name)
		return
	case results.Len() != 2:
		fail(resultsPos, msgResultCount, name)
		return
	}
	out := results.At(0).Type()
	inExpr, err := newTypeExpr(in)
	if err != nil {
		fail(paramsPos, msgBadType, name, err)
		return
	}
	outExpr, err := newTypeExpr(out)
	if err != nil {
		fail(resultsPos, msgBadType, name, err)
		return
	}
	ts.in, ts.out = in, out
	ts.model.In, ts.model.Out = inExpr, outExpr
	g.checkHooks(ps, ts)
	g.checkSuspend(ps, ts)
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// isNamedStruct reports whether t is a named struct type or a pointer to one.
func isNamedStruct(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	_, ok = n.Underlying().(*types.Struct)
	return ok
}

// checkPackage checks what involves several tools of a package: ids, keys
// and the names the generated file declares; and the same of its outputs.
func (g *gen) checkPackage(ps *pkgState) {
	if len(ps.tools) == 0 && len(ps.structured) == 0 {
		return
	}
	g.checkOutputs(ps)
	ids := map[string]*toolState{}
	keys := map[string]*toolState{} // per toolset: recv + "\x00" + key
	names := map[string]*toolState{}
	// Names that the outputs of other runs declare, by tool and file.
	inOutputs := g.outputNames(ps)
	type clash struct {
		ts   *toolState
		file string
	}
	var clashes []clash
	clashNames := map[clash][]string{}
	declare := func(ts *toolState, name string) {
		if other, dup := names[name]; dup && other != ts {
			g.diags.errorf(ts.decl.Name.Pos(), msgNameClash, name, ts.model.Func, g.posString(other.decl.Name.Pos()))
			return
		}
		names[name] = ts
		if obj := g.lookup(ps, name); obj != nil {
			g.diags.errorf(ts.decl.Name.Pos(), msgNameTaken, name, g.posString(obj.Pos()))
		}
		if file, ok := inOutputs[name]; ok && ts.lower == nil {
			c := clash{ts, file}
			if clashNames[c] == nil {
				clashes = append(clashes, c)
			}
			clashNames[c] = append(clashNames[c], name)
		}
	}
	for _, ts := range ps.tools {
		t := ts.model
		t.Ctor = ctorName(t.Recv, t.Func)
		t.Spec = lowerFirst(t.Ctor) + "Spec"
		t.Toolset = toolsetFunc(t.Recv, g.setName(ts))
		if other, dup := ids[t.ID]; dup {
			g.diags.errorf(ts.dir.IDPos, msgDuplicateID, t.ID, g.posString(other.dir.Pos))
		} else {
			ids[t.ID] = ts
		}
		k := t.Recv + "\x00" + t.Key
		if other, dup := keys[k]; dup {
			pos := ts.dir.IDPos
			if o, ok := ts.dir.Option("key"); ok {
				pos = o.Pos
			}
			g.diags.errorf(pos, msgDuplicateKey, t.Key, t.Toolset, g.posString(other.dir.Pos))
		} else {
			keys[k] = ts
		}
		declare(ts, t.Ctor)
		declare(ts, t.Spec)
		g.checkExported(ps, ts)
	}
	seen := map[string]bool{}
	for _, ts := range ps.tools {
		for _, name := range toolsetNames(ts.model.Recv, g.setName(ts)) {
			if !seen[name] {
				seen[name] = true
				declare(ts, name)
			}
		}
	}
	for _, c := range clashes {
		g.diags.errorf(c.ts.decl.Name.Pos(), msgNameInOutput, strings.Join(clashNames[c], ", "), g.relPath(c.file))
	}
	for _, st := range ps.stubs {
		if _, clash := names[st.Hook.Func]; clash {
			for _, ts := range ps.tools {
				if ts.model == st.Tool {
					opt, _ := ts.dir.Option(string(st.Hook.Kind))
					g.diags.errorf(opt.ValuePos, msgHookClash, st.Hook.Func)
				}
			}
		}
	}
	ps.model = &pkgModel{
		Path:        ps.pkg.PkgPath,
		Name:        ps.pkg.Name,
		Dir:         pkgDir(ps.pkg),
		Tags:        g.set.tags,
		Build:       g.set.build,
		Set:         g.set.name,
		ToolsetType: toolsetTypeName(g.set.name),
		Imports: fileImports{
			Tool:    g.freeName(ps, "tool", "toolgentool"),
			LLM:     g.freeName(ps, "llm", "toolgenllm"),
			JSON:    g.freeName(ps, "json", "toolgenjson"),
			Context: g.freeName(ps, "context", "toolgencontext"),
		},
	}
}

// freeName returns the first of names that the package scope of ps does
// not use.
func (g *gen) freeName(ps *pkgState, names ...string) string {
	for _, n := range names {
		if g.lookup(ps, n) == nil {
			return n
		}
	}
	return names[len(names)-1] + "_"
}

func pkgDir(p *packages.Package) string {
	for _, f := range p.GoFiles {
		return filepath.Dir(f)
	}
	for _, f := range p.CompiledGoFiles {
		return filepath.Dir(f)
	}
	return p.Dir
}

// ctorName is the generated constructor of a tool: GetWeatherTool, or
// ServiceLookupTool for (*Service).Lookup. A name that ends in Tool gets no
// second Tool: (*Service).LookupTool gives ServiceLookupTool, and a
// function StrictTool, whose own name the constructor cannot take, gives
// NewStrictTool. It is exported only when everything it names is.
func ctorName(recv, fn string) string {
	const suffix = "Tool"
	if recv == "" {
		switch {
		case !strings.HasSuffix(fn, suffix):
			return fn + suffix
		case ast.IsExported(fn):
			return "New" + fn
		}
		return "new" + upperFirst(fn)
	}
	name := recv + upperFirst(fn)
	if !strings.HasSuffix(name, suffix) {
		name += suffix
	}
	if !ast.IsExported(recv) || !ast.IsExported(fn) {
		return lowerFirst(name)
	}
	return name
}

// toolsetTypeName is the type through which Tools, or the toolset of the
// functions of a tag set (EnterpriseTools), reaches the constructors (see
// renderToolsets): toolset, enterpriseToolset.
func toolsetTypeName(set string) string {
	if set == "" {
		return "toolset"
	}
	return lowerLeading(set) + "Toolset"
}

// checkExported reports the unexported types of the package that an
// exported constructor would name, as the type arguments of the
// *tool.Func it returns.
func (g *gen) checkExported(ps *pkgState, ts *toolState) {
	t := ts.model
	if !ast.IsExported(t.Ctor) || t.In == nil {
		return
	}
	fn := "*tool.Func[" + t.In.String(ps.pkg.PkgPath) + ", " + t.Out.String(ps.pkg.PkgPath) + "]"
	for _, typ := range []struct {
		role string
		e    *typeExpr
	}{{roleInput, t.In}, {roleResult, t.Out}} {
		if name := unexportedName(typ.e, ps.pkg.PkgPath); name != "" {
			g.diags.errorf(ts.decl.Name.Pos(), msgUnexportedType, t.ID, t.Ctor, typ.role, name, fn, name, t.Func)
		}
	}
}

// unexportedName returns the first unexported type of the package at path
// that e names, "" if there is none.
func unexportedName(e *typeExpr, path string) string {
	if e == nil {
		return ""
	}
	if e.Kind == kindNamed && e.PkgPath == path && !ast.IsExported(e.Name) {
		return e.Name
	}
	for _, sub := range append([]*typeExpr{e.Elem, e.Key}, e.TypeArgs...) {
		if name := unexportedName(sub, path); name != "" {
			return name
		}
	}
	return ""
}

// toolsetNames are the package-level names that the generated file
// declares for the toolset of recv's methods, or of the package's functions
// when recv is "", in the file of tag set set: its function, and for the
// functions' toolset its type too. (That type's method, tools, is not
// declared at package level, and no declaration of the package can clash
// with it.)
func toolsetNames(recv, set string) []string {
	if recv == "" {
		return []string{toolsetFunc(recv, set), toolsetTypeName(set)}
	}
	return []string{toolsetFunc(recv, set)}
}

// toolsetFunc is the generated function that returns a toolset: Tools for
// functions, <Recv>Tools for the methods of Recv; in the file of a tag set
// its name comes before Tools: EnterpriseTools, <Recv>EnterpriseTools.
func toolsetFunc(recv, set string) string {
	if recv == "" {
		return set + "Tools"
	}
	if !ast.IsExported(recv) {
		return lowerFirst(recv) + set + "Tools"
	}
	return recv + set + "Tools"
}

// setName is the name of the tag set whose file holds the tool of ts: ""
// for the run without tags.
func (g *gen) setName(ts *toolState) string {
	if ts.lower != nil {
		return ts.lower.name
	}
	return g.set.name
}

// keepOwnTools leaves in ps the tools and outputs that this run writes,
// and the tools' hook stubs: in a run with tags, those that no build with
// fewer of the tags has. The others stay known, for the names they will
// have. A hook that one of the others names too gets its stub from the run
// that writes that tool, into a hooks file that this build compiles; one
// that a tool of a build without one of the tags names is an error (see
// msgHookElsewhere).
func (g *gen) keepOwnTools(ps *pkgState) {
	var ownOutputs []*outputState
	for _, st := range ps.structured {
		if st.lower != nil {
			ps.lowerStructured = append(ps.lowerStructured, st)
		} else {
			ownOutputs = append(ownOutputs, st)
		}
	}
	ps.structured = ownOutputs
	var own []*toolState
	lowerHooks := map[string]bool{}
	for _, ts := range ps.tools {
		if ts.lower != nil {
			ps.lower = append(ps.lower, ts)
			for _, h := range ts.model.Hooks {
				lowerHooks[h.Func] = true
			}
		} else {
			own = append(own, ts)
		}
	}
	for _, h := range ps.outsideHooks {
		if h.lower {
			lowerHooks[h.name] = true
		}
	}
	ps.tools = own
	ps.stubs = slices.DeleteFunc(ps.stubs, func(st stub) bool {
		return lowerHooks[st.Hook.Func] || !slices.ContainsFunc(own, func(ts *toolState) bool { return ts.model == st.Tool })
	})
	for _, st := range ps.stubs {
		for _, h := range ps.outsideHooks {
			if h.name == st.Hook.Func && h.without != "" {
				g.diags.errorf(h.pos, msgHookElsewhere, h.name, g.posString(ps.hooks[st.Hook.Func].pos), h.without, h.name)
			}
		}
	}
	if len(own) == 0 && len(ownOutputs) == 0 {
		ps.model = nil
	}
}

// outputNames maps the names that the other outputs compiled with ps
// declare to the file that declares them.
func (g *gen) outputNames(ps *pkgState) map[string]string {
	out := map[string]string{}
	for _, f := range ps.outputs {
		for _, name := range g.l.outputNames[f] {
			out[name] = f
		}
	}
	return out
}

func (g *gen) relPath(file string) string {
	if rel, err := filepath.Rel(g.cfg.Dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

func (g *gen) posString(pos token.Pos) string {
	p := g.l.fset.Position(pos)
	if rel, err := filepath.Rel(g.cfg.Dir, p.Filename); err == nil && !strings.HasPrefix(rel, "..") {
		p.Filename = rel
	}
	return p.String()
}

// generatedNames are the package-level names that the generated files of
// ps declare: per tool its constructor and Spec, the toolset functions and
// types, per output its variable, and the schema and $defs constants once
// the schema stage has named them; in a run with tags, also those of the
// tools and outputs that the runs with fewer tags write, but for their
// schema constants. They come from the sources alone, never from the files
// that other runs wrote.
func (g *gen) generatedNames(ps *pkgState) []string {
	var names []string
	for _, list := range [][]*toolState{ps.tools, ps.lower} {
		for _, ts := range list {
			names = append(names, ts.model.Ctor, ts.model.Spec)
			names = append(names, toolsetNames(ts.model.Recv, g.setName(ts))...)
		}
	}
	for _, list := range [][]*outputState{ps.structured, ps.lowerStructured} {
		for _, st := range list {
			names = append(names, st.model.Var)
		}
	}
	if ps.model != nil {
		for _, c := range ps.model.Schemas {
			names = append(names, c.Name)
		}
		for _, d := range ps.model.Defs {
			names = append(names, d.Name)
		}
	}
	return names
}

// packages returns the models of the packages that have tools or outputs.
func (g *gen) packages() []*pkgModel {
	var out []*pkgModel
	for _, ps := range g.pkgs {
		if ps.model == nil {
			continue
		}
		for _, ts := range ps.tools {
			ps.model.Tools = append(ps.model.Tools, ts.model)
		}
		for _, st := range ps.structured {
			if st.typ != nil {
				ps.model.Outputs = append(ps.model.Outputs, st.model)
			}
		}
		ps.model.Stubs = ps.stubs
		out = append(out, ps.model)
	}
	return out
}

// previousOutputs lists the earlier outputs found in the loaded packages.
func (g *gen) previousOutputs() []string {
	var out []string
	for _, ps := range g.pkgs {
		if ps.previous != "" {
			out = append(out, ps.previous)
		}
	}
	return out
}
