package generator

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
)

// DefaultHooksOutput is the name of the user-owned file that toolgen writes
// hook stubs into.
const DefaultHooksOutput = "tools_hooks.go"

// hookOptions maps each hook option of the directive to its kind.
var hookOptions = []hookKind{hookModel, hookDisplay, hookTranscript, hookInputStart, hookInputDelta, hookInputAvailable, hookOutput}

// hookUse remembers the first tool that names a hook, to check that every
// other use agrees with it.
type hookUse struct {
	kind    hookKind
	ts      *toolState
	pos     token.Pos
	in, out types.Type
}

// checkHooks checks the hook functions named by one tool: an existing
// function must have the hook's signature, typed by the tool's In and Out;
// a missing one gets a stub.
func (g *gen) checkHooks(ps *pkgState, ts *toolState) {
	if ps.hooks == nil {
		ps.hooks = map[string]*hookUse{}
	}
	for _, kind := range hookOptions {
		opt, ok := ts.dir.Option(string(kind))
		if !ok {
			continue
		}
		name := opt.Value
		h := hook{Kind: kind, Func: name}
		if first, seen := ps.hooks[name]; seen {
			switch {
			case first.kind != kind:
				g.diags.errorf(opt.ValuePos, msgHookTwoKinds, name, first.kind, g.posString(first.pos), kind)
				continue
			case !hookTypesAgree(kind, first, ts):
				g.diags.errorf(opt.ValuePos, msgHookTwoTypes, name, first.ts.model.ID, g.posString(first.pos),
					g.typeString(ps, first.in), g.typeString(ps, first.out), ts.model.ID, g.typeString(ps, ts.in), g.typeString(ps, ts.out))
				continue
			}
		} else {
			ps.hooks[name] = &hookUse{kind: kind, ts: ts, pos: opt.ValuePos, in: ts.in, out: ts.out}
		}
		obj := g.lookup(ps, name)
		switch {
		case obj == nil:
			h.Missing = true
			if !ps.stubbed[name] {
				if ps.stubbed == nil {
					ps.stubbed = map[string]bool{}
				}
				ps.stubbed[name] = true
				ps.stubs = append(ps.stubs, stub{Hook: h, Tool: ts.model})
			}
		case !g.hookSignatureOK(kind, obj, ts):
			g.diags.errorf(obj.Pos(), msgHookSignature, name, kind, ts.model.ID, g.posString(opt.ValuePos), g.wantHook(ps, kind, name, ts))
			continue
		}
		ts.model.Hooks = append(ts.model.Hooks, h)
	}
}

// hookTypesAgree reports whether a hook of kind, named first for the tool
// of first, can serve ts too: the types in its signature are the same.
func hookTypesAgree(kind hookKind, first *hookUse, ts *toolState) bool {
	in, out := kind.typedBy()
	return (!in || types.Identical(first.in, ts.in)) && (!out || types.Identical(first.out, ts.out))
}

// hookSignatureOK reports whether obj is a function with the signature of a
// hook of kind for the tool.
func (g *gen) hookSignatureOK(kind hookKind, obj types.Object, ts *toolState) bool {
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 || sig.Variadic() {
		return false
	}
	params, results := sig.Params(), sig.Results()
	// lifecycle checks func(ctx context.Context, call tool.HookCall[, last]) error.
	lifecycle := func(last types.Type) bool {
		n := 2
		if last != nil {
			n = 3
		}
		return params.Len() == n && isContext(params.At(0).Type()) && isNamed(params.At(1).Type(), toolPath, "HookCall") &&
			(last == nil || types.Identical(params.At(2).Type(), last)) &&
			results.Len() == 1 && isError(results.At(0).Type())
	}
	switch kind {
	case hookModel:
		return params.Len() == 3 && isContext(params.At(0).Type()) &&
			types.Identical(params.At(1).Type(), ts.in) && types.Identical(params.At(2).Type(), ts.out) &&
			results.Len() == 2 && isNamed(results.At(0).Type(), llmPath, "ModelOutput") && isError(results.At(1).Type())
	case hookInputStart:
		return lifecycle(nil)
	case hookInputDelta:
		return lifecycle(types.Typ[types.String])
	case hookInputAvailable:
		return lifecycle(ts.in)
	case hookOutput:
		return lifecycle(ts.out)
	default:
		if params.Len() != 0 || results.Len() != 1 || !isNamed(results.At(0).Type(), toolPath, "Transforms") {
			return false
		}
		args := types.Unalias(results.At(0).Type()).(*types.Named).TypeArgs()
		return args.Len() == 2 && types.Identical(args.At(0), ts.in) && types.Identical(args.At(1), ts.out)
	}
}

// isNamed reports whether t is the named type (or an instance of the
// generic type) name of the package path.
func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == path && obj.Name() == name
}

// wantHook spells the signature a hook must have.
func (g *gen) wantHook(ps *pkgState, kind hookKind, name string, ts *toolState) string {
	in, out := g.typeString(ps, ts.in), g.typeString(ps, ts.out)
	switch kind {
	case hookModel:
		return "func " + name + "(ctx context.Context, in " + in + ", out " + out + ") (llm.ModelOutput, error)"
	case hookInputStart:
		return "func " + name + "(ctx context.Context, call tool.HookCall) error"
	case hookInputDelta:
		return "func " + name + "(ctx context.Context, call tool.HookCall, delta string) error"
	case hookInputAvailable:
		return "func " + name + "(ctx context.Context, call tool.HookCall, in " + in + ") error"
	case hookOutput:
		return "func " + name + "(ctx context.Context, call tool.HookCall, out " + out + ") error"
	}
	return "func " + name + "() tool.Transforms[" + in + ", " + out + "]"
}

// typeString spells t as code in the tool's package would.
func (g *gen) typeString(ps *pkgState, t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == ps.pkg.Types {
			return ""
		}
		return p.Name()
	})
}

// checkLeftStubs warns about the functions of the package's hooks file that
// toolgen stubbed (their doc comment says so) and that are now left behind:
// no directive names them and no code uses them, as after a model= option
// was removed.
func (g *gen) checkLeftStubs(ps *pkgState) {
	if ps.pkg.TypesInfo == nil {
		return
	}
	var stubs []*ast.FuncDecl
	for _, f := range ps.pkg.Syntax {
		if filepath.Base(g.l.fset.File(f.Pos()).Name()) != g.cfg.HooksOutput {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Doc != nil && strings.Contains(fd.Doc.Text(), stubMarker) {
				stubs = append(stubs, fd)
			}
		}
	}
	if len(stubs) == 0 {
		return
	}
	named := map[string]bool{}
	for _, ts := range ps.tools {
		for _, kind := range hookOptions {
			if opt, ok := ts.dir.Option(string(kind)); ok {
				named[opt.Value] = true
			}
		}
	}
	used := map[types.Object]bool{}
	for id, obj := range ps.pkg.TypesInfo.Uses {
		if !g.inOutput(id.Pos()) {
			used[obj] = true
		}
	}
	for _, fd := range stubs {
		if !named[fd.Name.Name] && !used[ps.pkg.TypesInfo.Defs[fd.Name]] {
			g.diags.warnf(fd.Name.Pos(), msgStubLeft, fd.Name.Name)
		}
	}
}
