package schemagen

import (
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
)

// structSchema maps a struct type to an object with one property per field
// that encoding/json encodes, in field order (see typeFields), no additional
// properties, and the fields without omitempty or omitzero (or with
// jsonschema:"required") required. named is the named type declaring the
// struct, if any: its doc comment describes the object.
func (c *ctx) structSchema(st *types.Struct, named *types.Named, at site) *jsonschema.Schema {
	s := &jsonschema.Schema{
		Type:                 "object",
		Properties:           jsonschema.NewProperties(),
		AdditionalProperties: c.b.falseSchema,
	}
	if named != nil {
		s.Description = c.b.comments.typeDoc(named.Obj())
	}
	sf := c.b.structFields(st)
	untagged := c.checkJSONTags(st, named, sf.fields, at)
	c.checkCollisions(named, sf.collisions, at)
	for _, f := range sf.fields {
		if f.hidden {
			continue
		}
		decl := st
		if f.declared != nil {
			decl = f.declared
		}
		fat := at
		fat.quiet = at.quiet || slices.Contains(untagged, decl)
		c.property(s, f, named, fat)
	}
	return s
}

// property adds the property of field f to the object schema parent, the
// schema of the struct type named (nil for a struct literal).
func (c *ctx) property(parent *jsonschema.Schema, f jsonField, named *types.Named, at site) {
	at = c.fieldSite(f, named, at)
	if f.badName != "" {
		c.errorf(at, msgBadJSONName(f.badName, f.v.Name()))
	}
	if f.json.has("inline") && !f.v.Embedded() {
		c.errorf(at, msgJSONInline(f.name))
	}

	required, nullable := f.required, f.nullable
	omitted := f.json.has("omitempty") || f.json.has("omitzero")
	// A field promoted through a nil embedded pointer is left out.
	required = required || !omitted && !f.viaPointer

	var prop *jsonschema.Schema
	if hasRefKeyword(f.keywords) {
		prop = c.refClearedSchema(f.v.Type())
	}
	if prop == nil {
		// A copy, when the schema of the type is a body shared by other
		// uses (inlineBody): the tags and the description are the field's.
		tat := at
		tat.zeroOmitted = zeroOmitted(f, omitted)
		tat.own = f.own
		prop = c.b.thaw(c.schemaOf(f.v.Type(), tat))
	}
	// The description of an inlined named type; the tags clear it, as in
	// invopop, and it comes back when the field has no description.
	typeDesc := prop.Description

	c.applyTags(prop, parent, tagTarget{field: f, name: f.name, at: at})
	if prop.Description == "" {
		prop.Description = c.b.comments.fieldDoc(f.v)
	}
	if prop.Description == "" {
		prop.Description = typeDesc
	}

	if nullable && !admitsNull(prop) {
		prop = &jsonschema.Schema{OneOf: []*jsonschema.Schema{prop, {Type: "null"}}}
	}
	// omitempty leaves out a nil pointer, but not a pointer to a nil slice,
	// map or pointer.
	if c.writesNull(f.v.Type()) && (!omitted || c.pointsToNull(f.v.Type())) {
		prop = c.orNull(prop)
	}
	parent.Properties.Set(f.name, prop)
	if required {
		parent.Required = append(parent.Required, f.name)
	}
}

// zeroOmitted reports whether encoding/json leaves out field f when it
// holds the zero value of its named type: omitted says it has omitempty or
// omitzero.
func zeroOmitted(f jsonField, omitted bool) bool {
	_, named := types.Unalias(f.v.Type()).(*types.Named)
	return named && omitted
}

// refClearedSchema handles fields tagged with oneof_ref or anyof_ref. In
// invopop the field's schema (or, for a slice or array, its items) is a
// $ref when its type is a named struct, slice, array or map, and the tag
// clears that $ref: what remains is the empty schema plus the tag's
// alternatives. This returns that remainder without building the type, or
// nil when invopop would not clear anything.
func (c *ctx) refClearedSchema(t types.Type) *jsonschema.Schema {
	if invopopRefs(t) {
		return &jsonschema.Schema{}
	}
	switch t := derefAll(t).(type) {
	case *types.Slice:
		if invopopRefs(t.Elem()) {
			return &jsonschema.Schema{Type: "array", Items: &jsonschema.Schema{}}
		}
	case *types.Array:
		if invopopRefs(t.Elem()) {
			n := uint64(max(t.Len(), 0))
			return &jsonschema.Schema{Type: "array", Items: &jsonschema.Schema{}, MinItems: &n, MaxItems: &n}
		}
	}
	return nil
}

// invopopRefs reports whether invopop's default Reflector gives a use of t
// as a $ref: named struct, slice, array and map types, except the
// well-known ones.
func invopopRefs(t types.Type) bool {
	n, ok := derefAll(t).(*types.Named)
	if !ok || isWellKnown(n) {
		return false
	}
	switch n.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Array, *types.Map:
		return true
	}
	return false
}

// resolveRef turns a oneof_ref or anyof_ref target "#/$defs/Name", where
// Name is a type of the field's package, into a reference to that type's
// $defs entry in this schema (which it creates). ok is false, and an error
// reported, when ref names no type.
func (c *ctx) resolveRef(keyword, ref string, tt tagTarget) (resolved string, ok bool) {
	pkg := tt.field.v.Pkg()
	n := refTarget(pkg, ref)
	if n == nil {
		pkgName := "of the field"
		if pkg != nil {
			pkgName = pkg.Name()
		}
		c.errorf(tt.at, msgUnresolvedRef(keyword, ref, pkgName))
		return "", false
	}
	return c.ref(n, tt.at, true).Ref, true
}

// refTarget returns the type that a oneof_ref or anyof_ref target
// "#/$defs/Name" names in pkg, or nil when it names no type that can have
// a schema (a generic type must be instantiated).
func refTarget(pkg *types.Package, ref string) *types.Named {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok || pkg == nil {
		return nil
	}
	obj, _ := pkg.Scope().Lookup(name).(*types.TypeName)
	if obj == nil {
		return nil
	}
	n, ok := types.Unalias(obj.Type()).(*types.Named)
	if !ok || (n.TypeParams().Len() > 0 && n.TypeArgs().Len() == 0) {
		return nil
	}
	return n
}

// writesNull reports whether encoding/json writes null for some value of
// t where it is not left out: a nil pointer, slice or map. A type with its
// own marshaler writes what it likes (its schema, from the table or its
// declaration, says whether that includes null), unless it is nil behind a
// pointer.
func (c *ctx) writesNull(t types.Type) bool {
	t = types.Unalias(t)
	if _, ok := t.(*types.Pointer); ok {
		return true
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return c.b.specialOf(t).kind == structural
	}
	return false
}

// pointsToNull reports whether t is a pointer to something encoding/json
// can write as null.
func (c *ctx) pointsToNull(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && c.writesNull(p.Elem())
}

// orNull returns s as a schema that admits null too, or s when it already
// does. A schema of one JSON type, without enum, const or subschemas,
// becomes a type array, as in {"type": ["integer", "null"]} (its keywords
// of that type do not apply to null); any other becomes {"anyOf": [s,
// {"type": "null"}]}, with s's title and description moved to the union.
func (c *ctx) orNull(s *jsonschema.Schema) *jsonschema.Schema {
	if admitsNull(s) {
		return s
	}
	if s.Type != "" && s.Ref == "" && s.Enum == nil && s.Const == nil && s.AllOf == nil &&
		s.AnyOf == nil && s.OneOf == nil && s.Not == nil && s.Extras["type"] == nil {
		// A copy: s may be a body other uses share (thaw).
		t := *s
		t.Extras = maps.Clone(s.Extras)
		if t.Extras == nil {
			t.Extras = map[string]any{}
		}
		t.Extras["type"] = []any{t.Type, "null"}
		t.Type = ""
		return &t
	}
	inner := *s
	u := &jsonschema.Schema{Title: inner.Title, Description: inner.Description}
	inner.Title, inner.Description = "", ""
	u.AnyOf = []*jsonschema.Schema{&inner, {Type: "null"}}
	return u
}

// nullableType returns the JSON type of a schema that orNull made a type
// array, and "" for another schema.
func nullableType(s *jsonschema.Schema) string {
	if list, ok := s.Extras["type"].([]any); ok && len(list) == 2 {
		t, _ := list[0].(string)
		return t
	}
	return ""
}

// admitsNull reports whether s already accepts null: a schema of
// annotations alone (title, description, default, examples, …) accepts any
// value, and wrapping it in oneOf with null would then reject null, as
// both branches would match. invopop wraps it regardless.
func admitsNull(s *jsonschema.Schema) bool {
	if s.Type == "null" {
		return true
	}
	if nullableType(s) != "" {
		return true
	}
	for _, list := range [][]*jsonschema.Schema{s.AnyOf, s.OneOf} {
		if s.Type == "" && slices.ContainsFunc(list, admitsNull) {
			return true
		}
	}
	bare := *s
	bare.Title, bare.Description, bare.Comments = "", "", ""
	bare.Default, bare.Examples = nil, nil
	bare.Deprecated, bare.ReadOnly, bare.WriteOnly = false, false, false
	return reflect.DeepEqual(&bare, &jsonschema.Schema{})
}
