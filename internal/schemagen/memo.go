package schemagen

import (
	"go/types"
	"maps"
	"slices"

	"github.com/invopop/jsonschema"
)

// This file memoizes, per Builder, what Schema would otherwise recompute
// for every root and in both of its passes. Each memoized function is a
// pure function of its argument (a type, which go/types never changes after
// checking), so returning the first result again gives the same schemas;
// the caches only grow, and a Builder is used by one goroutine at a time.

// memo holds the caches.
type memo struct {
	keys    map[types.Type]string          // typeKey
	special map[types.Type]special         // specialOf
	fields  map[*types.Struct]structFields // typeFields; callers never modify the slices
	hooks   map[*types.Named][]string      // hookMethods
	bodies  map[*types.Named]*jsonschema.Schema
	enums   map[*types.Named][]any // enumValues; callers copy before changing an element
	uses    map[*types.Named][]use // walkBody
	// frozen are the bodies, which the schemas that use them share: see
	// inlineBody and thaw.
	frozen map[*jsonschema.Schema]bool
}

func newMemo() memo {
	return memo{
		keys:    map[types.Type]string{},
		special: map[types.Type]special{},
		fields:  map[*types.Struct]structFields{},
		hooks:   map[*types.Named][]string{},
		bodies:  map[*types.Named]*jsonschema.Schema{},
		enums:   map[*types.Named][]any{},
		uses:    map[*types.Named][]use{},
		frozen:  map[*jsonschema.Schema]bool{},
	}
}

// inlineBody is namedBody for a use of the refable type n inline (not in
// $defs), memoized when the body is the same in every schema: when
// building it used no other refable type (whose use may be a $ref in
// another root, as decide chooses per root), reported no problem (whose
// path starts at this root), was not quiet, and did not leave out the zero
// value of an output's enum (which another use may need). A struct shared
// by the tools of a package, say, is then built once per Builder rather
// than once per tool.
//
// The memoized body is shared by every schema that uses it, so it is
// frozen: what changes the schema of a use (a field's description and
// tags, in property) changes a copy (thaw).
func (c *ctx) inlineBody(n *types.Named, at site) *jsonschema.Schema {
	if c.trace != nil { // the graph check counts every build
		return c.namedBody(n, at)
	}
	if s, ok := c.b.memo.bodies[n]; ok {
		return s
	}
	refs, errs := c.refs, c.reported
	s := c.namedBody(n, at)
	// Below a struct without json tags, a body is built without the
	// warnings it would have elsewhere (checkJSONTags): not the same body.
	if c.refs == refs && c.reported == errs && !at.quiet && !(c.b.Outputs && at.zeroOmitted) {
		c.b.memo.bodies[n] = s
		c.b.memo.frozen[s] = true
	}
	return s
}

// thaw returns s to change, or a copy of s when s is frozen: the node with
// lists and extras of its own (so that appending to them or setting their
// elements changes only the copy); its subschemas are still shared, and
// whoever changes one thaws it first.
func (b *Builder) thaw(s *jsonschema.Schema) *jsonschema.Schema {
	if !b.memo.frozen[s] {
		return s
	}
	cp := *s
	cp.AllOf = slices.Clone(cp.AllOf)
	cp.AnyOf = slices.Clone(cp.AnyOf)
	cp.OneOf = slices.Clone(cp.OneOf)
	cp.PrefixItems = slices.Clone(cp.PrefixItems)
	cp.Enum = slices.Clone(cp.Enum)
	cp.Required = slices.Clone(cp.Required)
	cp.Examples = slices.Clone(cp.Examples)
	cp.Extras = maps.Clone(cp.Extras)
	return &cp
}

// typeKey is the memoized typeKey.
func (b *Builder) typeKey(t types.Type) string {
	if k, ok := b.memo.keys[t]; ok {
		return k
	}
	k := typeKey(t)
	b.memo.keys[t] = k
	return k
}

// structFields is what typeFields returns.
type structFields struct {
	fields     []jsonField
	collisions []collision
}

// typeFields is the memoized typeFields.
func (b *Builder) typeFields(st *types.Struct) []jsonField {
	return b.structFields(st).fields
}

func (b *Builder) structFields(st *types.Struct) structFields {
	if f, ok := b.memo.fields[st]; ok {
		return f
	}
	var f structFields
	f.fields, f.collisions = typeFields(st)
	b.memo.fields[st] = f
	return f
}

// hookMethods is the memoized hookMethods.
func (b *Builder) hookMethods(n *types.Named) []string {
	if noMethods(n) {
		return nil
	}
	if h, ok := b.memo.hooks[n]; ok {
		return h
	}
	h := hookMethods(n)
	b.memo.hooks[n] = h
	return h
}

// enumValues is the memoized enumValues. The slice is shared by every
// schema of the type: it is clipped, so that appending to it copies.
func (c *ctx) enumValues(n *types.Named) []any {
	if v, ok := c.b.memo.enums[n]; ok {
		return v
	}
	v := slices.Clip(enumValues(c.b, n))
	c.b.memo.enums[n] = v
	return v
}

// noMethods reports whether neither t nor *t has a method: a type that is
// not a named or an embedding struct type, or a named type that declares
// no method and embeds nothing that could promote one. For most types of a
// schema this answers specialOf without types.Implements.
func noMethods(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Basic, *types.Slice, *types.Map, *types.Array:
		return true
	case *types.Pointer:
		return noMethods(t.Elem())
	case *types.Named:
		if t.NumMethods() > 0 {
			return false
		}
		switch u := t.Underlying().(type) {
		case *types.Struct:
			return !embeds(u)
		case *types.Interface:
			return false
		}
		return true
	case *types.Struct:
		return !embeds(t)
	}
	return false
}

// embeds reports whether st has an embedded field.
func embeds(st *types.Struct) bool {
	for i := range st.NumFields() {
		if st.Field(i).Embedded() {
			return true
		}
	}
	return false
}
