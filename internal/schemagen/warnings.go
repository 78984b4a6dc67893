package schemagen

import (
	"go/types"
	"reflect"
	"slices"
	"strings"
)

// This file finds what gives a schema the user may not expect, though it is
// what encoding/json does: structs without json tags, names that embedded
// fields cancel, invopop's schema hooks, which toolgen does not call, and
// jsonschema tags in another library's style. All but the last are
// warnings; reports are made from the user's side of the path (see
// Builder.Local).

// fieldSite is the site of field f of a struct used at at; named declares
// the struct, unless f is promoted from an embedded one.
func (c *ctx) fieldSite(f jsonField, named *types.Named, at site) site {
	fs := site{pos: f.v.Pos(), path: joinPath(at.path, f.goName), reach: at.reach, quiet: at.quiet}
	if c.b.local(f.v.Pkg()) {
		fs.reach = fs.pos
		return fs
	}
	owner := named
	if f.declared != nil {
		owner = f.owner
	}
	switch {
	case owner != nil:
		fs.decl = types.TypeString(owner, nil) + "." + f.v.Name()
	case at.decl != "":
		fs.decl = at.decl + "." + f.goName
	default:
		fs.decl = f.v.Pkg().Path() + "." + f.v.Name()
	}
	return fs
}

// checkJSONTags warns about each struct that gives fields of st their
// names and has no json tag on any field: st itself (whose named type is
// named, if any) and the structs it embeds. It returns the structs it
// warned about: the structs reached through their fields are not warned
// about again (a struct of the standard library seldom has json tags, and
// the fix of the outer one, wrapping it, covers them). Nothing is reported
// below a struct that was.
func (c *ctx) checkJSONTags(st *types.Struct, named *types.Named, fields []jsonField, at site) (warned []*types.Struct) {
	if at.quiet {
		return nil
	}
	type untagged struct {
		st     *types.Struct
		owner  *types.Named
		prefix string // the embedded fields that lead to st, as in goName
		names  []string
	}
	var list []*untagged
	for _, f := range fields {
		if f.tagged || f.hidden {
			continue
		}
		decl, owner := st, named
		if f.declared != nil {
			decl, owner = f.declared, f.owner
		}
		i := slices.IndexFunc(list, func(u *untagged) bool { return u.st == decl })
		if i < 0 {
			if hasJSONTag(decl) {
				continue
			}
			prefix, _ := strings.CutSuffix(f.goName, "."+f.v.Name())
			if f.declared == nil {
				prefix = ""
			}
			list = append(list, &untagged{st: decl, owner: owner, prefix: prefix})
			i = len(list) - 1
		}
		list[i].names = append(list[i].names, f.name)
	}
	for _, u := range list {
		warned = append(warned, u.st)
		if u.owner == nil {
			c.warnf(at, msgNoJSONTags("this struct", u.names, at.decl == ""))
			continue
		}
		uat := at
		uat.path = joinPath(at.path, u.prefix)
		c.warnType(uat, u.owner, msgNoJSONTags("struct "+typeString(u.owner), u.names, c.b.local(u.owner.Obj().Pkg())))
	}
	return warned
}

// hasJSONTag reports whether a field of st has a json tag.
func hasJSONTag(st *types.Struct) bool {
	for i := range st.NumFields() {
		if _, ok := reflect.StructTag(st.Tag(i)).Lookup("json"); ok {
			return true
		}
	}
	return false
}

// checkCollisions warns about the JSON names that the fields of a struct
// (of the named type named, if any) cancel.
func (c *ctx) checkCollisions(named *types.Named, collisions []collision, at site) {
	for _, col := range collisions {
		var goNames []string
		for _, f := range col.fields {
			if !slices.Contains(goNames, f.goName) {
				goNames = append(goNames, f.goName)
			}
		}
		if named != nil {
			c.warnType(at, named, msgCollision("struct "+typeString(named), col.name, goNames))
		} else {
			c.warnf(at, msgCollision("this struct", col.name, goNames))
		}
	}
}

// checkHooks warns about the schema hooks of n, used at at.
func (c *ctx) checkHooks(n *types.Named, at site) {
	for _, h := range c.b.hookMethods(n) {
		if h == hookJSONSchema && c.b.specialOf(n).kind != structural {
			continue // read (declaredSchema), or named by the opaque warning
		}
		c.warnType(at, n, msgHookMethod(typeString(n), h))
	}
}

// hookMethods returns the schema hooks of invopop that n or *n has, with
// the parameters invopop calls them with, and hookProtoEnum for a
// protobuf enum, whose descriptor invopop reads.
func hookMethods(n *types.Named) []string {
	ms := types.NewMethodSet(types.NewPointer(n))
	method := func(name string) *types.Signature {
		sel := ms.Lookup(nil, name)
		if sel == nil {
			return nil
		}
		return sel.Type().(*types.Signature)
	}
	var out []string
	for _, h := range []struct {
		name   string
		params int
	}{{hookJSONSchema, 0}, {hookJSONSchemaExtend, 1}, {hookJSONSchemaAlias, 0}, {hookJSONSchemaProperty, 1}} {
		if sig := method(h.name); sig != nil && sig.Params().Len() == h.params {
			out = append(out, h.name)
		}
	}
	if isProtoEnum(method("Descriptor"), method("EnumDescriptor")) {
		out = append(out, hookProtoEnum)
	}
	return out
}

// isProtoEnum reports whether a type with these methods is a protobuf enum:
// Descriptor() protoreflect.EnumDescriptor, or the older
// EnumDescriptor() ([]byte, []int).
func isProtoEnum(descriptor, enumDescriptor *types.Signature) bool {
	if descriptor != nil && descriptor.Params().Len() == 0 && descriptor.Results().Len() == 1 {
		if n, ok := types.Unalias(descriptor.Results().At(0).Type()).(*types.Named); ok {
			obj := n.Obj()
			if obj.Name() == "EnumDescriptor" && obj.Pkg() != nil && obj.Pkg().Path() == "google.golang.org/protobuf/reflect/protoreflect" {
				return true
			}
		}
	}
	if enumDescriptor != nil && enumDescriptor.Params().Len() == 0 && enumDescriptor.Results().Len() == 2 {
		res := enumDescriptor.Results()
		return types.Identical(res.At(0).Type(), types.NewSlice(types.Typ[types.Byte])) &&
			types.Identical(res.At(1).Type(), types.NewSlice(types.Typ[types.Int]))
	}
	return false
}

// proseTag returns the error for a jsonschema tag written in another
// library's style, which toolgen would otherwise split into keywords and
// report one by one: a part with a space inside its name is no keyword of
// invopop's. After a keyword with a value, it is the rest of a value with
// an unescaped comma; else the tag is a description (the MCP go-sdk's
// jsonschema:"the city, such as Paris"). "" for any other tag.
func proseTag(tag string, keywords []string) string {
	for _, kw := range keywords {
		name, _, _ := strings.Cut(kw, "=")
		if !strings.ContainsAny(strings.TrimSpace(name), " \t") {
			continue
		}
		first, _, hasValue := strings.Cut(keywords[0], "=")
		if hasValue && isKnownKeyword(first) {
			return msgUnescapedComma(tag, kw)
		}
		return msgProseTag(tag)
	}
	return ""
}
