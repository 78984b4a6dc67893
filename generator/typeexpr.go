package generator

import (
	"fmt"
	"go/types"
)

// typeExpr converts a type of a tool's signature to the form the renderer
// spells. Type literals that cannot be written portably (anonymous structs,
// functions, channels, non-empty interfaces) are errors.
func typeExpr(t types.Type) (*TypeExpr, error) {
	switch t := t.(type) {
	case *types.Alias:
		return typeExpr(types.Unalias(t))
	case *types.Basic:
		if t.Kind() == types.Invalid || t.Kind() == types.UnsafePointer || t.Info()&types.IsUntyped != 0 {
			return nil, fmt.Errorf("type %s cannot be a tool's input or output", t)
		}
		return &TypeExpr{Kind: KindNamed, Name: t.Name()}, nil
	case *types.Named:
		obj := t.Obj()
		e := &TypeExpr{Kind: KindNamed, Name: obj.Name()}
		if obj.Pkg() != nil {
			e.PkgPath, e.PkgName = obj.Pkg().Path(), obj.Pkg().Name()
		}
		if obj.Parent() != nil && obj.Pkg() != nil && obj.Parent() != obj.Pkg().Scope() {
			return nil, fmt.Errorf("type %s is declared inside a function; declare it at package level", obj.Name())
		}
		if args := t.TypeArgs(); args != nil {
			for i := range args.Len() {
				a, err := typeExpr(args.At(i))
				if err != nil {
					return nil, err
				}
				e.TypeArgs = append(e.TypeArgs, a)
			}
		}
		return e, nil
	case *types.Pointer:
		return elemExpr(KindPointer, t.Elem())
	case *types.Slice:
		return elemExpr(KindSlice, t.Elem())
	case *types.Array:
		e, err := elemExpr(KindArray, t.Elem())
		if e != nil {
			e.Len = t.Len()
		}
		return e, err
	case *types.Map:
		e, err := elemExpr(KindMap, t.Elem())
		if err != nil {
			return nil, err
		}
		if e.Key, err = typeExpr(t.Key()); err != nil {
			return nil, err
		}
		return e, nil
	case *types.Interface:
		if t.Empty() {
			return &TypeExpr{Kind: KindAny}, nil
		}
	}
	return nil, fmt.Errorf("type %s cannot be a tool's input or output: use a named type", t)
}

func elemExpr(kind TypeKind, elem types.Type) (*TypeExpr, error) {
	e, err := typeExpr(elem)
	if err != nil {
		return nil, err
	}
	return &TypeExpr{Kind: kind, Elem: e}, nil
}
