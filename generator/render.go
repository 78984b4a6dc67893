package generator

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
)

const (
	toolPath = "github.com/toolgen-go/toolgen/tool"
	llmPath  = "github.com/toolgen-go/toolgen/llm"
	jsonPath = "encoding/json"
)

// render produces the generated file of one package: per tool, the
// schema constants it is the first to use (each followed by the constants
// of the shared $defs entries it is the first to use), its Spec and its
// constructor; per structured output, the same constants and its
// variable; then the toolset functions. jennifer builds the code and
// formats it with go/format.
func render(p *pkgModel) ([]byte, error) {
	f := newFile(p)
	for _, t := range p.Tools {
		importNames(f, t.In)
		importNames(f, t.Out)
		importNames(f, t.Suspend)
		importNames(f, t.Resume)
	}
	for _, o := range p.Outputs {
		importNames(f, o.Type)
	}
	declared := map[*schemaConst]bool{}
	declaredDefs := map[*defConst]bool{}
	declare := func(consts ...*schemaConst) {
		for _, c := range consts {
			if c == nil || declared[c] {
				continue
			}
			declared[c] = true
			f.Commentf("%s is the JSON Schema of %s.", c.Name, c.Of.String(p.Path))
			f.Const().Id(c.Name).Op("=").Add(schemaText(c))
			f.Line()
			// The $defs bodies it is the first to use, after it.
			for _, part := range c.Parts {
				if d := part.Def; d != nil && !declaredDefs[d] {
					declaredDefs[d] = true
					f.Commentf("%s is the body of the $defs entry %s, which several schemas of this file share.", d.Name, d.Def)
					f.Const().Id(d.Name).Op("=").Add(stringLit(d.Text))
					f.Line()
				}
			}
		}
	}
	for _, t := range p.Tools {
		declare(t.Input, t.Output, t.SuspendConst, t.ResumeConst)
		renderTool(f, t)
	}
	for _, o := range p.Outputs {
		declare(o.Const)
		renderOutput(f, p, o)
	}
	renderToolsets(f, p)
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("render %s: %w", p.Path, err)
	}
	return buf.Bytes(), nil
}

// newFile starts the file of p: its header and how it names its imports.
func newFile(p *pkgModel) *jen.File {
	f := jen.NewFilePathName(p.Path, p.Name)
	f.HeaderComment(strings.TrimPrefix(Header, "// "))
	if p.Build != "" {
		f.HeaderComment("//go:build " + p.Build)
	}
	f.ImportAlias(toolPath, p.Imports.Tool)
	f.ImportAlias(jsonPath, p.Imports.JSON)
	if p.Imports.Tool == "tool" {
		f.ImportName(toolPath, "tool")
	}
	if p.Imports.JSON == "json" {
		f.ImportName(jsonPath, "json")
	}
	return f
}

// renderTool emits a tool's Spec and its constructor.
func renderTool(f *jen.File, t *toolModel) {
	spec := jen.Dict{
		jen.Id("ID"):           jen.Lit(t.ID),
		jen.Id("Description"):  jen.Lit(t.Description),
		jen.Id("InputSchema"):  jen.Qual(jsonPath, "RawMessage").Call(jen.Id(t.Input.Name)),
		jen.Id("OutputSchema"): jen.Qual(jsonPath, "RawMessage").Call(jen.Id(t.Output.Name)),
	}
	if t.Title != "" {
		spec[jen.Id("Title")] = jen.Lit(t.Title)
	}
	if t.SuspendConst != nil {
		spec[jen.Id("SuspendSchema")] = jen.Qual(jsonPath, "RawMessage").Call(jen.Id(t.SuspendConst.Name))
		spec[jen.Id("ResumeSchema")] = jen.Qual(jsonPath, "RawMessage").Call(jen.Id(t.ResumeConst.Name))
	}
	if t.Approval {
		spec[jen.Id("NeedsApproval")] = jen.True()
	}
	if t.Strict {
		spec[jen.Id("Strict")] = jen.True()
	}
	if t.Background {
		spec[jen.Id("Background")] = jen.True()
	}
	// A hint the directive sets is new(true) or new(false); one it leaves
	// unset is left out, so nil.
	ann := jen.Dict{}
	for _, a := range []struct {
		hint *bool
		name string
	}{{t.ReadOnly, "ReadOnly"}, {t.Destructive, "Destructive"}, {t.Idempotent, "Idempotent"}, {t.OpenWorld, "OpenWorld"}} {
		if a.hint != nil {
			ann[jen.Id(a.name)] = jen.New(jen.Lit(*a.hint))
		}
	}
	if len(ann) > 0 {
		spec[jen.Id("Annotations")] = jen.Qual(toolPath, "Annotations").Values(ann)
	}

	f.Commentf("%s describes tool %q.", t.Spec, t.ID)
	f.Var().Id(t.Spec).Op("=").Qual(toolPath, "Spec").Values(spec)
	f.Line()

	fn := jen.Id(t.Func)
	var params []jen.Code
	what := t.Func
	if t.Recv != "" {
		params = append(params, jen.Id("r").Op("*").Id(t.Recv))
		fn = jen.Id("r").Dot(t.Func)
		what = t.Recv + "." + t.Func
	}
	f.Commentf("%s returns [%s] as the tool %q, under the key %q in %s.", t.Ctor, what, t.ID, t.Key, t.Toolset)
	call := jen.Qual(toolPath, "NewFunc").Call(jen.Op("&").Id(t.Spec), fn)
	for _, h := range t.Hooks {
		call = call.Add(hookCall(h))
	}
	if t.Suspend != nil {
		// tool.WithSuspend[S, R](f): the compiler checks the types, the
		// tool package the payload, and decodes the resume data into R.
		call = jen.Qual(toolPath, "WithSuspend").Types(typeCode(t.Suspend), typeCode(t.Resume)).Call(call)
	}
	ret := jen.Op("*").Qual(toolPath, "Func").Types(typeCode(t.In), typeCode(t.Out))
	f.Func().Id(t.Ctor).Params(params...).Add(ret).Block(jen.Return(call))
	f.Line()
}

// renderOutput emits the variable of a structured output:
// tool.NewOutput[T] of its spec, so that agent.WithOutput and
// agent.Object are typed by T.
func renderOutput(f *jen.File, p *pkgModel, o *outputModel) {
	spec := jen.Dict{
		jen.Id("ID"):          jen.Lit(o.ID),
		jen.Id("Description"): jen.Lit(o.Description),
		jen.Id("Schema"):      jen.Qual(jsonPath, "RawMessage").Call(jen.Id(o.Const.Name)),
	}
	if o.Strict {
		spec[jen.Id("Strict")] = jen.True()
	}
	typ := o.Type.String(p.Path)
	f.Commentf("%s is the structured output schema of %s: pass it to agent.WithOutput.", o.Var, typ)
	f.Var().Id(o.Var).Op("=").Qual(toolPath, "NewOutput").Types(typeCode(o.Type)).Call(
		jen.Qual(toolPath, "OutputSpec").Values(spec))
	f.Line()
}

// hookCall wires a hook into a Func: .WithModelOutput(hook),
// .WithTransform(target, hook()), .WithOnInputStart(hook) and the like.
// The compiler checks its types.
func hookCall(h hook) jen.Code {
	switch h.Kind {
	case hookModel:
		return jen.Dot("WithModelOutput").Call(jen.Id(h.Func))
	case hookInputStart:
		return jen.Dot("WithOnInputStart").Call(jen.Id(h.Func))
	case hookInputDelta:
		return jen.Dot("WithOnInputDelta").Call(jen.Id(h.Func))
	case hookInputAvailable:
		return jen.Dot("WithOnInputAvailable").Call(jen.Id(h.Func))
	case hookOutput:
		return jen.Dot("WithOnOutput").Call(jen.Id(h.Func))
	case hookDisplay:
		return jen.Dot("WithTransform").Call(jen.Qual(toolPath, "TargetDisplay"), jen.Id(h.Func).Call())
	default:
		return jen.Dot("WithTransform").Call(jen.Qual(toolPath, "TargetTranscript"), jen.Id(h.Func).Call())
	}
}

// toolsets groups the tools of p by receiver type ("" for functions), in
// the order of their first tools: one toolset function each.
func toolsets(p *pkgModel) (order []string, byRecv map[string][]*toolModel) {
	byRecv = map[string][]*toolModel{}
	for _, t := range p.Tools {
		if _, ok := byRecv[t.Recv]; !ok {
			order = append(order, t.Recv)
		}
		byRecv[t.Recv] = append(byRecv[t.Recv], t)
	}
	return order, byRecv
}

// renderToolsets emits Tools() for the package's functions and <Recv>Tools(r)
// for the methods of each receiver type.
//
// Tools does not call the constructors itself: a tool's function may call
// Tools(), and a package-level variable may be initialized from Tools() and
// used by a tool, and Go's initialization order would take either for a
// cycle through the constructor, which refers to the function (golden case
// selfref). Go's initialization order does not follow a call through an
// interface, so Tools calls the constructors through one, the method of
// the type toolsetTypeName names. (Nor does it see then that the tools need
// the Spec variables. They hold constants only, which the compiler lays out in the
// binary's data, and the constructors keep their addresses:
// TestSelfRefRuns checks that tools built at initialization have their
// Specs.) A receiver's toolset takes its receiver as an argument, and no
// package-level variable can refer to its tools' methods through it.
func renderToolsets(f *jen.File, p *pkgModel) {
	order, byRecv := toolsets(p)
	for _, recv := range order {
		var items []jen.Code
		for _, t := range byRecv[recv] {
			var args []jen.Code
			if recv != "" {
				args = append(args, jen.Id("r"))
			}
			items = append(items, jen.Line().Lit(t.Key).Op(":").Id(t.Ctor).Call(args...))
		}
		items = append(items, jen.Line())
		set := jen.Return(jen.Qual(toolPath, "Toolset").Values(items...))
		name := byRecv[recv][0].Toolset
		which := "the package's tools"
		if recv != "" {
			which = "the tools of the methods of r"
		}
		if p.Build == "" {
			f.Commentf("%s returns %s by key. Each call builds new tools in a new map.", name, which)
		} else {
			f.Commentf("%s returns %s that exist only with the build tags %s, by key; %s the others. Each call builds new tools in a new map.",
				name, which, strings.Join(p.Tags, ","), lowerToolsets(recv, p.Tags))
		}
		if recv != "" {
			f.Func().Id(name).Params(jen.Id("r").Op("*").Id(recv)).Qual(toolPath, "Toolset").Block(set)
			f.Line()
			continue
		}
		typ := p.ToolsetType
		f.Func().Id(name).Params().Qual(toolPath, "Toolset").Block(
			jen.Commentf("%s reaches the constructors through an interface, which Go's", name),
			jen.Commentf("initialization order does not follow, so that a tool may call %s()", name),
			jen.Commentf("and a package-level variable initialized from %s() may be used by a tool.", name),
			jen.Var().Id("ts").Custom(jen.Options{Open: "interface{", Close: "}"}, jen.Id("tools").Params().Qual(toolPath, "Toolset")).
				Op("=").Id(typ).Values(),
			jen.Return(jen.Id("ts").Dot("tools").Call()),
		)
		f.Line()
		f.Commentf("%s is the type through which %s calls the constructors.", typ, name)
		f.Type().Id(typ).Struct()
		f.Line()
		f.Func().Params(jen.Id(typ)).Id("tools").Params().Qual(toolPath, "Toolset").Block(set)
		f.Line()
	}
}

// lowerToolsets names, for a toolset comment of the file of tags, the
// toolsets of recv that the files of the runs with fewer of the tags
// declare: "Tools returns", "Tools, BetaTools and EnterpriseTools return".
func lowerToolsets(recv string, tags []string) string {
	set, _ := newTagSet(tags)
	var names []string
	for _, sub := range set.subsets() {
		names = append(names, toolsetFunc(recv, sub.name))
	}
	if len(names) == 1 {
		return names[0] + " returns"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " return"
}

// schemaText is the value of a schema constant: its text, or the sum of
// its pieces and of the $defs constants it shares.
func schemaText(c *schemaConst) jen.Code {
	if c.Parts == nil {
		return stringLit(c.Text)
	}
	sum := make([]jen.Code, 0, 2*len(c.Parts))
	for i, part := range c.Parts {
		if i > 0 {
			sum = append(sum, jen.Op("+"))
		}
		if part.Def != nil {
			sum = append(sum, jen.Id(part.Def.Name))
		} else {
			sum = append(sum, stringLit(part.Text))
		}
	}
	return jen.Add(sum...)
}

// stringLit is a string constant: a raw string when it can be one, so that
// the schemas stay readable in review.
func stringLit(b []byte) jen.Code {
	// A byte order mark cannot be in the middle of a Go file, and gofmt
	// turns a carriage return of a raw string into nothing. (The schemas
	// are most of the file: three fast scans, not one ContainsAny, which
	// decodes every rune when its set is not all ASCII.)
	if bytes.IndexByte(b, '`') < 0 && bytes.IndexByte(b, '\r') < 0 && !bytes.Contains(b, []byte("\uFEFF")) {
		return jen.Id("`" + string(b) + "`")
	}
	return jen.Lit(string(b))
}

// typeCode spells a type expression.
func typeCode(e *typeExpr) jen.Code {
	switch e.Kind {
	case kindPointer:
		return jen.Op("*").Add(typeCode(e.Elem))
	case kindSlice:
		return jen.Index().Add(typeCode(e.Elem))
	case kindArray:
		return jen.Index(jen.Lit(int(e.Len))).Add(typeCode(e.Elem))
	case kindMap:
		return jen.Map(typeCode(e.Key)).Add(typeCode(e.Elem))
	case kindAny:
		return jen.Any()
	}
	var c *jen.Statement
	if e.PkgPath == "" {
		c = jen.Id(e.Name)
	} else {
		c = jen.Qual(e.PkgPath, e.Name)
	}
	if len(e.TypeArgs) > 0 {
		args := make([]jen.Code, len(e.TypeArgs))
		for i, a := range e.TypeArgs {
			args[i] = typeCode(a)
		}
		c = c.Types(args...)
	}
	return c
}

// importNames tells jennifer the real names of the packages e refers to, so
// that it does not guess them from their paths.
func importNames(f *jen.File, e *typeExpr) {
	if e == nil {
		return
	}
	if e.PkgPath != "" {
		f.ImportName(e.PkgPath, e.PkgName)
	}
	importNames(f, e.Elem)
	importNames(f, e.Key)
	for _, a := range e.TypeArgs {
		importNames(f, a)
	}
}
