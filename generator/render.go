package generator

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"
)

const (
	runtimePath = "github.com/toolgen-go/toolgen/runtime"
	jsonPath    = "encoding/json"
)

// render produces the generated file of one package.
//
// The schema constants are most of the file's bytes, and go/format spends
// most of its time scanning and printing them, although it never changes
// them: a string literal is one token whose text gofmt copies verbatim,
// and every schema constant is a standalone `const X = …` declaration with
// no neighbour to align with. So the file is rendered and formatted with a
// short placeholder identifier in place of each schema literal, and the
// literals are substituted afterwards. The printer keeps source and output
// positions in step across a multi-line raw string, so removing the
// literal's lines from both changes no layout decision; a quoted literal is
// on one line already. TestRenderPlaceholders checks that the result is
// byte-identical to formatting the real file. Since formatting then does
// not depend on the schemas, Generate runs it while the schemas are being
// computed (startRenders); render does both steps in a row.
func render(p *Package) ([]byte, error) {
	return renderPlaceholders(p).finish(p, nil)
}

// renderFile renders and formats the file of p. With lits, the schema
// constants are placeholders recorded in lits, and no schema is read.
func renderFile(p *Package, lits *schemaLits) ([]byte, error) {
	// With placeholders, most files are written from the templates of
	// their tools' shapes, with jennifer building only the rest
	// (renderTemplated); the others are rendered unformatted and formatted
	// in parallel pieces (formatPieces). Without placeholders, the file is
	// rendered and formatted as jennifer does it.
	if lits != nil {
		if out, ok, err := renderTemplated(p, lits); ok {
			return out, err
		}
	}
	f := buildFile(p, lits)
	f.NoFormat = lits != nil
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("render %s: %w", p.Path, err)
	}
	if !f.NoFormat {
		return appendDecoders(buf.Bytes(), p)
	}
	return formatPieces(buf.Bytes(), p.Tools, pieceCount(len(p.Tools)))
}

// newFile starts the file of p: its header and how it names its imports.
func newFile(p *Package) *jen.File {
	f := jen.NewFilePathName(p.Path, p.Name)
	f.HeaderComment(strings.TrimPrefix(Header, "// "))
	f.ImportAlias(runtimePath, p.Imports.Runtime)
	f.ImportAlias(jsonPath, p.Imports.JSON)
	if p.Imports.Runtime == "runtime" {
		f.ImportName(runtimePath, "runtime")
	}
	if p.Imports.JSON == "json" {
		f.ImportName(jsonPath, "json")
	}
	return f
}

// buildFile builds the code of the file of p.
func buildFile(p *Package, lits *schemaLits) *jen.File {
	f := newFile(p)
	for _, t := range p.Tools {
		importNames(f, t.In)
		importNames(f, t.Out)
	}
	for i, t := range p.Tools {
		renderTool(f, t, lits, i)
	}
	renderToolsets(f, p)
	return f
}

// renderTool emits a tool's schema constants and its constructor; i is
// the tool's index in its file, which numbers its placeholders.
func renderTool(f *jen.File, t *Tool, lits *schemaLits, i int) {
	in, out := t.SchemaConst+"InputSchema", t.SchemaConst+"OutputSchema"
	f.Comment(toolFirstLine(t)) // formatPieces looks for it
	f.Const().Id(in).Op("=").Add(lits.lit(&t.InputSchema, 2*i))
	f.Line()
	f.Commentf("%s is the JSON Schema of the output of tool %q.", out, t.ID)
	f.Const().Id(out).Op("=").Add(lits.lit(&t.OutputSchema, 2*i+1))
	f.Line()

	spec := jen.Dict{
		jen.Id("ID"):           jen.Lit(t.ID),
		jen.Id("Description"):  jen.Lit(t.Description),
		jen.Id("InputSchema"):  jen.Qual(jsonPath, "RawMessage").Call(jen.Id(in)),
		jen.Id("OutputSchema"): jen.Qual(jsonPath, "RawMessage").Call(jen.Id(out)),
	}
	if t.Title != "" {
		spec[jen.Id("Title")] = jen.Lit(t.Title)
	}
	if t.Approval {
		spec[jen.Id("NeedsApproval")] = jen.True()
	}
	if t.Strict {
		spec[jen.Id("Strict")] = jen.True()
	}
	ann := jen.Dict{}
	for _, a := range []struct {
		on   bool
		name string
	}{{t.ReadOnly, "ReadOnly"}, {t.Destructive, "Destructive"}, {t.Idempotent, "Idempotent"}, {t.OpenWorld, "OpenWorld"}} {
		if a.on {
			ann[jen.Id(a.name)] = jen.True()
		}
	}
	if len(ann) > 0 {
		spec[jen.Id("Annotations")] = jen.Qual(runtimePath, "Annotations").Values(ann)
	}

	// The Spec is a package-level variable of constants only, which the
	// compiler lays out in the binary's data: building the tool copies it
	// and no schema byte.
	specVar := t.SchemaConst + "Spec"
	f.Commentf("%s describes tool %q.", specVar, t.ID)
	f.Var().Id(specVar).Op("=").Qual(runtimePath, "Spec").Values(spec)
	f.Line()

	ret := jen.Op("*").Qual(runtimePath, "Func").Types(typeCode(t.In), typeCode(t.Out))
	fn := jen.Id(t.Func)
	params := []jen.Code{}
	what := t.Func
	if t.Recv != "" {
		params = append(params, jen.Id("r").Op("*").Id(t.Recv))
		fn = jen.Id("r").Dot(t.Func)
		what = t.Recv + "." + t.Func
	}
	for _, line := range descriptionComment(t, what) {
		f.Comment(line)
	}
	call := jen.Qual(runtimePath, "NewFunc").Call(jen.Op("&").Id(specVar), fn)
	// Whether the tool has a decoder is known only once its schema is
	// (see Generate): a placeholder stands for it until then.
	switch {
	case lits != nil:
		call = call.Dot("WithDecoder").Call(jen.Id(decoderPlaceholder(i)))
	case t.Decoder != "":
		call = call.Dot("WithDecoder").Call(jen.Id(t.Decoder))
	}
	if lits == nil && t.Encoder != "" { // else appendDecoderCalls adds it
		call = call.Dot("WithEncoder").Call(jen.Id(t.Encoder))
	}
	for _, h := range t.Hooks {
		call = call.Add(hookCall(h))
	}
	f.Func().Id(t.Ctor).Params(params...).Add(ret).Block(jen.Return(call))
	f.Line()
	if t.Recv == "" {
		// What Tools holds: static data, built on its first call, so that
		// a Toolset is ready to list without running code per tool. The
		// builder is reached through an interface, so that the variable
		// does not refer to the constructor, and to the tool's function,
		// for Go's initialization order: a tool that calls Tools() must
		// not make a cycle.
		builder := builderType(t)
		f.Commentf("%s builds tool %q for Tools, with %s.", builder, t.ID, t.Ctor)
		f.Type().Id(builder).Struct()
		f.Line()
		f.Commentf("BuildTool returns %s().", t.Ctor)
		f.Func().Params(jen.Id(builder)).Id("BuildTool").Params().Qual(runtimePath, "Tool").Block(jen.Return(jen.Id(t.Ctor).Call()))
		f.Line()
		lazy := lazyVar(t)
		f.Commentf("%s is tool %q as Tools holds it: built by %s on its first call.", lazy, t.ID, t.Ctor)
		f.Var().Id(lazy).Op("=").Qual(runtimePath, "LazyTool").Values(jen.Dict{
			jen.Id("Def"):     jen.Op("&").Id(specVar),
			jen.Id("Builder"): jen.Id(builder).Values(),
		})
		f.Line()
	}
}

// lazyVar is the runtime.LazyTool variable of a tool of Tools(), and
// builderType the type of its builder.
func lazyVar(t *Tool) string     { return t.SchemaConst + "Lazy" }
func builderType(t *Tool) string { return t.SchemaConst + "Builder" }

// toolNames are the package-level names the generated file declares for
// t, besides its toolset function: its constructor, schema constants and
// Spec, and for a tool of Tools() its LazyTool and builder. find reports a
// clash with them, the decoders and encoders avoid them, and the load
// ignores uses of them that hiding the previous output leaves undefined.
func toolNames(t *Tool) []string {
	names := []string{t.Ctor, t.SchemaConst + "InputSchema", t.SchemaConst + "OutputSchema", t.SchemaConst + "Spec"}
	if t.Recv == "" {
		names = append(names, lazyVar(t), builderType(t))
	}
	return names
}

// hookCall wires a hook into a Func: .WithModelOutput(hook) or
// .WithTransform(target, hook()). The compiler checks its types.
func hookCall(h Hook) jen.Code {
	switch h.Kind {
	case HookModel:
		return jen.Dot("WithModelOutput").Call(jen.Id(h.Func))
	case HookDisplay:
		return jen.Dot("WithTransform").Call(jen.Qual(runtimePath, "TargetDisplay"), jen.Id(h.Func).Call())
	default:
		return jen.Dot("WithTransform").Call(jen.Qual(runtimePath, "TargetTranscript"), jen.Id(h.Func).Call())
	}
}

// descriptionComment is the doc comment of a constructor.
func descriptionComment(t *Tool, what string) []string {
	return []string{
		fmt.Sprintf("%s returns [%s] as the tool %q, under the key %q in %s.", t.Ctor, what, t.ID, t.Key, toolsetFunc(t.Recv)),
	}
}

// toolsets groups the tools of p by receiver type ("" for functions), in
// the order of their first tools: one toolset function each.
func toolsets(p *Package) (order []string, byRecv map[string][]*Tool) {
	byRecv = map[string][]*Tool{}
	for _, t := range p.Tools {
		if _, ok := byRecv[t.Recv]; !ok {
			order = append(order, t.Recv)
		}
		byRecv[t.Recv] = append(byRecv[t.Recv], t)
	}
	return order, byRecv
}

// toolsDoc is the doc comment of the package's Tools function, name.
func toolsDoc(name string) []string {
	return []string{
		fmt.Sprintf("%s returns the tools of the package's functions, by key: a new map", name),
		"on every call, of tools that every map shares: static data, each built",
		"on its first call. Call a tool's constructor for a tool of your own, to",
		"attach hooks to.",
	}
}

// renderToolsets emits Tools() and <Recv>Tools(r) for each receiver type.
func renderToolsets(f *jen.File, p *Package) {
	order, byRecv := toolsets(p)
	for _, recv := range order {
		name := toolsetFunc(recv)
		var params []jen.Code
		var items []jen.Code
		for _, t := range byRecv[recv] {
			call := jen.Op("&").Id(lazyVar(t))
			if recv != "" {
				call = jen.Id(t.Ctor).Call(jen.Id("r"))
			}
			items = append(items, jen.Line().Lit(t.Key).Op(":").Add(call))
		}
		items = append(items, jen.Line())
		set := jen.Return(jen.Qual(runtimePath, "Toolset").Values(items...))
		if recv == "" {
			for _, line := range toolsDoc(name) {
				f.Comment(line)
			}
		} else {
			params = append(params, jen.Id("r").Op("*").Id(recv))
			f.Comment(toolsetFirstLine(recv))
		}
		f.Func().Id(name).Params(params...).Qual(runtimePath, "Toolset").Block(set)
		f.Line()
	}
}

// stringLit is a string constant: a raw string when it can be one, so that
// the schemas stay readable in review.
func stringLit(b []byte) jen.Code {
	s := string(b)
	if !strings.ContainsAny(s, "`\r") {
		return jen.Id("`" + s + "`")
	}
	return jen.Lit(s)
}

// typeCode spells a type expression.
func typeCode(e *TypeExpr) jen.Code {
	switch e.Kind {
	case KindPointer:
		return jen.Op("*").Add(typeCode(e.Elem))
	case KindSlice:
		return jen.Index().Add(typeCode(e.Elem))
	case KindArray:
		return jen.Index(jen.Lit(int(e.Len))).Add(typeCode(e.Elem))
	case KindMap:
		return jen.Map(typeCode(e.Key)).Add(typeCode(e.Elem))
	case KindAny:
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
func importNames(f *jen.File, e *TypeExpr) {
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
