package schemagen

import (
	"go/token"
	"go/types"
	"strings"
)

// Locate returns the Go field that the part of the schema of t at path
// belongs to: path is a dotted keyword path from the schema's root, as
// schema.DialectError gives it ("properties.labels.additionalProperties",
// "$defs.Issue.properties.body"). pos is the deepest field on the path, or
// the type of a $defs entry, and goPath its Go path from rootName, as in
// [Error].Path. ok is false when the path reaches no field or type.
func (b *Builder) Locate(t types.Type, rootName, path string) (pos token.Pos, goPath string, ok bool) {
	if path == "" {
		return token.NoPos, "", false
	}
	cur := derefAll(t)
	goPath = rootName
	toks := strings.Split(path, ".")
	for i := 0; i < len(toks); i++ {
		switch toks[i] {
		case "properties":
			st := b.structOf(cur)
			if st == nil {
				return pos, goPath, ok
			}
			f, n := b.fieldNamed(st, toks[i+1:])
			if n == 0 {
				return pos, goPath, ok
			}
			pos, goPath, ok = f.v.Pos(), joinPath(goPath, f.goName), true
			cur = derefAll(f.v.Type())
			i += n
		case "items", "additionalProperties", "patternProperties":
			switch u := cur.Underlying().(type) {
			case *types.Slice:
				cur = derefAll(u.Elem())
			case *types.Array:
				cur = derefAll(u.Elem())
			case *types.Map:
				cur = derefAll(u.Elem())
			default:
				return pos, goPath, ok
			}
			if toks[i] == "patternProperties" {
				i++ // the pattern
			}
		case "anyOf", "oneOf", "allOf":
			i++ // the index: a union with null, or a tag's alternatives
		case "$defs":
			if i+1 >= len(toks) {
				return pos, goPath, ok
			}
			n := b.defNamed(t, toks[i+1])
			if n == nil {
				return pos, goPath, ok
			}
			pos, goPath, ok = n.Obj().Pos(), n.Obj().Name(), true
			cur = n
			i++
		default:
			return pos, goPath, ok
		}
	}
	return pos, goPath, ok
}

// structOf returns the struct whose fields are the properties of the
// schema of t, nil if there is none.
func (b *Builder) structOf(t types.Type) *types.Struct {
	if n, ok := t.(*types.Named); ok && b.opaqueType(n) {
		return nil
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// fieldNamed returns the field of st whose JSON name is made of the first
// n of toks joined by dots (a JSON name may hold dots); n is 0 when no
// field has such a name.
func (b *Builder) fieldNamed(st *types.Struct, toks []string) (jsonField, int) {
	name := ""
	for n, tok := range toks {
		if n > 0 {
			name += "."
		}
		name += tok
		for _, f := range b.typeFields(st) {
			if f.name == name && !f.hidden {
				return f, n + 1
			}
		}
	}
	return jsonField{}, 0
}

// defNamed returns the named type reachable from t whose $defs entry has
// the name def (its Go name, or one qualified by its package: see decide).
func (b *Builder) defNamed(t types.Type, def string) *types.Named {
	seen := map[types.Type]bool{}
	var found *types.Named
	var walk func(t types.Type)
	walk = func(t types.Type) {
		t = derefAll(t)
		if found != nil || seen[t] {
			return
		}
		seen[t] = true
		if n, ok := t.(*types.Named); ok {
			base := defBaseName(n)
			if pkg := n.Obj().Pkg(); base == def || pkg != nil &&
				(pkg.Name()+"."+base == def || sanitize(pkg.Path())+"."+base == def) {
				found = n
				return
			}
		}
		switch u := t.Underlying().(type) {
		case *types.Struct:
			for _, f := range b.typeFields(u) {
				walk(f.v.Type())
			}
		case *types.Slice:
			walk(u.Elem())
		case *types.Array:
			walk(u.Elem())
		case *types.Map:
			walk(u.Elem())
		}
	}
	walk(t)
	return found
}
