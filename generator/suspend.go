package generator

import (
	"go/ast"
	"go/types"
)

// The suspend= and resume= options name the types with which a tool's
// calls suspend themselves (tool.Suspend) and resume
// (tool.ResumeData): struct types of the tool's package. The schemas of
// both go into the Spec, and the constructor wraps the tool in
// tool.WithSuspend[S, R], so that the compiler checks the types exist
// and the tool package checks the payload and decodes the resume data. The
// calls of tool.Suspend and tool.ResumeData in the tool's own body
// are checked against the options here, where the compiler cannot.

// The roles of the suspend types, as messages name them.
const (
	roleSuspend = "suspend payload"
	roleResume  = "resume data"
)

// checkSuspend resolves the types that the suspend= and resume= options of
// ts name, and checks the tool's calls of tool.Suspend and
// tool.ResumeData against them.
func (g *gen) checkSuspend(ps *pkgState, ts *toolState) {
	if _, ok := ts.dir.Option("suspend"); ok {
		ts.suspend, ts.model.Suspend = g.suspendType(ps, ts, "suspend")
		ts.resume, ts.model.Resume = g.suspendType(ps, ts, "resume")
		if ts.suspend == nil || ts.resume == nil {
			ts.suspend, ts.resume, ts.model.Suspend, ts.model.Resume = nil, nil, nil, nil
		}
	}
	g.checkSuspendCalls(ps, ts)
}

// suspendType resolves the type that option names: a struct type declared
// at the package level of the tool's package.
func (g *gen) suspendType(ps *pkgState, ts *toolState, option string) (types.Type, *typeExpr) {
	opt, _ := ts.dir.Option(option)
	name := opt.Value
	obj := g.lookup(ps, name)
	tn, isType := obj.(*types.TypeName)
	switch {
	case obj == nil:
		g.diags.errorf(opt.ValuePos, msgSuspendNoType, option, name, ts.model.ID, ps.pkg.Name)
		return nil, nil
	case !isType:
		g.diags.errorf(opt.ValuePos, msgSuspendNotType, option, name, ts.model.ID, g.posString(obj.Pos()))
		return nil, nil
	}
	t := types.Unalias(tn.Type())
	named, ok := t.(*types.Named)
	if ok && named.TypeParams().Len() > 0 {
		g.diags.errorf(opt.ValuePos, msgSuspendGeneric, option, name, ts.model.ID)
		return nil, nil
	}
	if !ok || !isNamedStruct(named) {
		g.diags.errorf(opt.ValuePos, msgSuspendNotStruct, option, name, ts.model.ID, types.TypeString(t.Underlying(), types.RelativeTo(ps.pkg.Types)))
		return nil, nil
	}
	e, err := newTypeExpr(named)
	if err != nil {
		g.diags.errorf(opt.ValuePos, msgBadType, ts.model.Func, err)
		return nil, nil
	}
	return named, e
}

// checkSuspendCalls checks the calls of tool.Suspend,
// tool.SuspendPayload and tool.ResumeData in the body of ts's
// function: a tool without the
// suspend= and resume= options cannot suspend, and one with them suspends
// with its suspend type and resumes with its resume type. Calls in other
// functions that the tool calls are checked when they run.
func (g *gen) checkSuspendCalls(ps *pkgState, ts *toolState) {
	body := ts.decl.Body
	if body == nil || ps.pkg.TypesInfo == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		name, id := toolFunc(ps.pkg.TypesInfo, call.Fun)
		var want types.Type
		var option string
		switch name {
		case "Suspend", "SuspendPayload":
			want, option = ts.suspend, "suspend"
		case "ResumeData":
			want, option = ts.resume, "resume"
		default:
			return true
		}
		inst, ok := ps.pkg.TypesInfo.Instances[id]
		if !ok || inst.TypeArgs.Len() != 1 {
			return true
		}
		got := inst.TypeArgs.At(0)
		pos := call.Pos() // at the type argument, or the payload it is inferred from
		switch f := call.Fun.(type) {
		case *ast.IndexExpr:
			pos = f.Index.Pos()
		default:
			if len(call.Args) > 1 {
				pos = call.Args[1].Pos()
			}
		}
		switch _, declared := ts.dir.Option("suspend"); {
		case want == nil && !declared: // a declared type that is wrong has its own error
			g.diags.errorf(pos, msgSuspendUndeclared, ts.model.ID, name, g.typeString(ps, got))
		case want != nil && !types.Identical(got, want):
			g.diags.errorf(pos, msgSuspendMismatch, ts.model.ID, name, g.typeString(ps, got), option, g.typeString(ps, want))
		}
		return true
	})
}

// toolFunc returns the name of the function of toolgen's tool package that
// fun refers to, and the identifier that refers to it, or "".
func toolFunc(info *types.Info, fun ast.Expr) (string, *ast.Ident) {
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = f.X
	case *ast.IndexListExpr:
		fun = f.X
	}
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return "", nil
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != toolPath {
		return "", nil
	}
	return fn.Name(), id
}
