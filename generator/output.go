package generator

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/toolgen-go/toolgen/annotations"
	"github.com/toolgen-go/toolgen/internal/doctext"
)

// A //tool:<id> directive on a type declaration declares a structured
// output schema: the generated file holds the type's schema, with the same
// descriptions and checks as a tool's input, in a variable <Type>Schema
// made by tool.NewOutput[Type], which agent.WithOutput takes.

// outputState is a structured output being built: its model and its type.
type outputState struct {
	model *outputModel
	typ   types.Type // nil when the type cannot be an output (reported)
	name  *ast.Ident
	dir   *annotations.Directive
	// lower is, in a run with tags, the tags of the run that writes the
	// output instead of this one (see splitByBuild); nil when this one
	// writes it.
	lower *tagSet
}

// typeDocs maps each doc comment of the type declarations of file that may
// hold an output's directive to its type: the declaration's for a single
// type (type T struct{…}, or a group of one whose type has no doc of its
// own), the type's inside a group.
func typeDocs(file *ast.File) map[*ast.CommentGroup]*ast.TypeSpec {
	docs := map[*ast.CommentGroup]*ast.TypeSpec{}
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			if ts := s.(*ast.TypeSpec); ts.Doc != nil {
				docs[ts.Doc] = ts
			}
		}
		if gd.Doc != nil && len(gd.Specs) == 1 && gd.Specs[0].(*ast.TypeSpec).Doc == nil {
			docs[gd.Doc] = gd.Specs[0].(*ast.TypeSpec)
		}
	}
	return docs
}

// newOutput builds the model of one annotated type declaration and checks
// that the type can be an output: a struct type without type parameters,
// since the object a model answers with is a JSON object.
func (g *gen) newOutput(ps *pkgState, spec *ast.TypeSpec, doc *ast.CommentGroup, dir *annotations.Directive) {
	tn, _ := ps.pkg.TypesInfo.Defs[spec.Name].(*types.TypeName)
	if tn == nil {
		return // the package does not type-check here; its errors are reported
	}
	name := spec.Name.Name
	o := &outputModel{
		ID:          dir.ID,
		Var:         name + "Schema",
		Strict:      dir.Flag("strict"),
		Options:     map[string]string{},
		Pos:         g.l.fset.Position(spec.Name.Pos()),
		Description: cmp.Or(dir.Value("desc"), doctext.FromGroup(doc)),
	}
	for _, opt := range dir.Options {
		o.Options[opt.Name] = opt.Value
	}
	if o.Description == "" {
		g.diags.errorf(dir.Pos, msgOutputNoDescription, o.ID, name)
	}
	st := &outputState{model: o, name: spec.Name, dir: dir}
	ps.structured = append(ps.structured, st)
	_, isStruct := tn.Type().Underlying().(*types.Struct)
	switch {
	case spec.Assign.IsValid():
		g.diags.errorf(spec.Name.Pos(), msgOutputAlias+"; "+hintOutput, o.ID, name)
	case spec.TypeParams != nil:
		g.diags.errorf(spec.Name.Pos(), msgOutputGeneric+"; "+hintOutput, o.ID, name)
	case !isStruct:
		g.diags.errorf(spec.Name.Pos(), msgOutputNotStruct+"; "+hintOutput, o.ID, name,
			types.TypeString(tn.Type().Underlying(), types.RelativeTo(ps.pkg.Types)))
	default:
		e, err := newTypeExpr(tn.Type())
		if err != nil {
			g.diags.errorf(spec.Name.Pos(), msgOutputBadType, o.ID, err)
			return
		}
		st.typ, o.Type = tn.Type(), e
	}
}

// checkOutputs checks what involves several outputs of a package, or an
// output and the rest of the package: ids, and the name of the variable
// that the generated file declares for each. (It cannot clash with a name
// generated for a tool, none of which ends in Schema, nor with a schema
// constant, which nameSchemas keeps clear of it.)
func (g *gen) checkOutputs(ps *pkgState) {
	ids := map[string]*outputState{}
	inOutputs := g.outputNames(ps)
	for _, st := range ps.structured {
		o := st.model
		if other, dup := ids[o.ID]; dup {
			g.diags.errorf(st.dir.IDPos, msgDuplicateOutputID, o.ID, g.posString(other.dir.Pos))
		} else {
			ids[o.ID] = st
		}
		if obj := g.lookup(ps, o.Var); obj != nil {
			g.diags.errorf(st.dir.Pos, msgOutputVarTaken, o.Var, o.ID, g.posString(obj.Pos()), st.name.Name)
		}
		if file, ok := inOutputs[o.Var]; ok && st.lower == nil {
			g.diags.errorf(st.dir.Pos, msgNameInOutput, o.Var, g.relPath(file))
		}
	}
}
