package generator

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strings"

	"github.com/dave/jennifer/jen"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/imports"
)

const contextPath = "context"

// stubMarker starts a sentence of the doc comment of every stub: how toolgen
// knows, later, that it wrote a function (see checkLeftStubs).
const stubMarker = "toolgen wrote this stub"

// renderHooks returns the hooks file of p with a stub for every missing
// hook: a new file when existing is nil, else existing with the stubs
// appended and the imports they need added. Nothing of the user's code is
// changed or removed; the file is gofmt-formatted.
func renderHooks(p *pkgModel, existing []byte) ([]byte, error) {
	f := jen.NewFilePathName(p.Path, p.Name)
	if p.Build != "" && existing == nil {
		// The stubs use the types of files that exist only with the tags.
		f.HeaderComment("//go:build " + p.Build)
	}
	f.ImportAlias(toolPath, p.Imports.Tool)
	f.ImportAlias(llmPath, p.Imports.LLM)
	f.ImportAlias(contextPath, p.Imports.Context)
	if p.Imports.Tool == "tool" {
		f.ImportName(toolPath, "tool")
	}
	if p.Imports.LLM == "llm" {
		f.ImportName(llmPath, "llm")
	}
	if p.Imports.Context == "context" {
		f.ImportName(contextPath, "context")
	}
	for _, st := range p.Stubs {
		importNames(f, st.Tool.In)
		importNames(f, st.Tool.Out)
	}
	for _, st := range p.Stubs {
		renderStub(f, st)
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("render hook stubs of %s: %w", p.Path, err)
	}
	if existing == nil {
		return groupImports(buf.Bytes())
	}
	return appendStubs(existing, buf.Bytes())
}

// groupImports puts the standard library's imports in a group of their own,
// as goimports does: the hooks file is the user's, and should look like it.
func groupImports(src []byte) ([]byte, error) {
	return imports.Process(DefaultHooksOutput, src, &imports.Options{FormatOnly: true, Comments: true, TabIndent: true, TabWidth: 8})
}

// renderStub emits one stub whose body does what toolgen does without
// the hook, so the program behaves the same until the user edits it.
func renderStub(f *jen.File, st stub) {
	t, h := st.Tool, st.Hook
	in, out := typeCode(t.In), typeCode(t.Out)
	switch h.Kind {
	case hookModel:
		f.Commentf("%s shapes what the model sees of the output of tool %q:", h.Func, t.ID)
		f.Comment("text, JSON or content parts such as an image URL. The application keeps")
		f.Comment("the full output.")
		f.Comment("")
		f.Comment(stubMarker + "; it returns what toolgen sends without a hook,")
		f.Comment("the output as JSON. Edit it freely: toolgen never changes it again.")
		f.Func().Id(h.Func).Params(
			jen.Id("ctx").Qual(contextPath, "Context"),
			jen.Id("in").Add(in),
			jen.Id("out").Add(out),
		).Params(jen.Qual(llmPath, "ModelOutput"), jen.Error()).Block(
			jen.Return(jen.Qual(llmPath, "ValueOutput").Call(jen.Id("out"))),
		)
	case hookInputStart, hookInputDelta, hookInputAvailable, hookOutput:
		renderLifecycleStub(f, st)
	default:
		f.Commentf("%s returns the transforms of what the %s sees of tool %q,", h.Func, h.Kind, t.ID)
		f.Comment("per phase. Once one transform is set, every phase without one shows a")
		f.Comment("placeholder, never the raw payload, as does a transform that fails.")
		f.Comment("")
		f.Comment(stubMarker + "; with no transform set, the target gets the raw")
		f.Comment("payload, as without a hook. Edit it freely: toolgen never changes it again.")
		ty := jen.Qual(toolPath, "Transforms").Types(in, out)
		f.Func().Id(h.Func).Params().Add(ty).Block(
			jen.Return(jen.Qual(toolPath, "Transforms").Types(typeCode(t.In), typeCode(t.Out)).Values()),
		)
	}
	f.Line()
}

// renderLifecycleStub emits the stub of a lifecycle hook, which does
// nothing and returns nil, as toolgen does without the hook.
func renderLifecycleStub(f *jen.File, st stub) {
	t, h := st.Tool, st.Hook
	params := []jen.Code{jen.Id("ctx").Qual(contextPath, "Context"), jen.Id("call").Qual(toolPath, "HookCall")}
	switch h.Kind {
	case hookInputStart:
		f.Commentf("%s is called when the model starts sending the arguments of a call", h.Func)
		f.Commentf("of tool %q (Mastra's onInputStart).", t.ID)
	case hookInputDelta:
		f.Commentf("%s is called with each piece of the arguments of a call of tool %q", h.Func, t.ID)
		f.Comment("as the model streams them, raw text that may not be JSON yet (Mastra's")
		f.Comment("onInputDelta).")
		params = append(params, jen.Id("delta").String())
	case hookInputAvailable:
		f.Commentf("%s is called with the input of a call of tool %q once its", h.Func, t.ID)
		f.Comment("arguments are complete and valid, before the approval check and the run")
		f.Comment("(Mastra's onInputAvailable).")
		params = append(params, jen.Id("in").Add(typeCode(t.In)))
	case hookOutput:
		f.Commentf("%s is called with the output of a successful call of tool %q", h.Func, t.ID)
		f.Comment("(Mastra's onOutput).")
		params = append(params, jen.Id("out").Add(typeCode(t.Out)))
	}
	f.Comment("An error it returns, or a panic, is logged to the agent's Logger, and the")
	f.Comment("run goes on.")
	f.Comment("")
	f.Comment(stubMarker + "; it does nothing, as toolgen does without")
	f.Comment("the hook. Edit it freely: toolgen never changes it again.")
	f.Func().Id(h.Func).Params(params...).Error().Block(jen.Return(jen.Nil()))
}

// appendStubs adds the imports and declarations of stubs, a complete file,
// to existing, the user's hooks file.
func appendStubs(existing, stubs []byte) ([]byte, error) {
	fset := token.NewFileSet()
	user, err := parser.ParseFile(fset, DefaultHooksOutput, existing, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("cannot add hook stubs to a file that does not parse: %w", err)
	}
	gen, err := parser.ParseFile(token.NewFileSet(), "stubs.go", stubs, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("parse hook stubs: %w", err)
	}
	if user.Name.Name != gen.Name.Name {
		return nil, fmt.Errorf("the hooks file is package %s, want %s", user.Name.Name, gen.Name.Name)
	}
	for _, imp := range gen.Imports {
		path := strings.Trim(imp.Path.Value, `"`)
		name := ""
		if imp.Name != nil {
			name = imp.Name.Name
		}
		astutil.AddNamedImport(fset, user, name, path)
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, user); err != nil {
		return nil, err
	}
	// The stubs are everything after the stub file's imports.
	start := gen.Name.End()
	for _, d := range gen.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			start = g.End()
		}
	}
	tail := stubs[start-1:]
	out.WriteString("\n")
	out.Write(bytes.TrimLeft(tail, "\n"))
	return format.Source(out.Bytes())
}
