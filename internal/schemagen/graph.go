package schemagen

import (
	"go/types"
	"strings"
)

// This file is the first pass of Schema: it records the type graph that
// decide needs, and nothing else.
//
// The graph is what the second pass (schemaOf and the functions it calls)
// would build: a node per named composite type whose body is reached, an
// edge from the body being built to every named composite type it uses
// through ref, and forced for the types named by a oneof_ref or anyof_ref
// tag. So each walk function below mirrors one schema function and follows
// exactly the types that function passes to schemaOf, namedBody, ref or
// resolveRef, in the same cases; everything else those functions do
// (building schemas, descriptions, enums, tag keywords, errors) cannot add
// a node or an edge and is left out. TestGraphMatchesSchemas checks the
// mirror against the schemas on every type of the test packages.

// analyze records the type graph of the root t: the mirror of root.
func (c *ctx) analyze(t types.Type) {
	n, ok := t.(*types.Named)
	if !ok || !c.refable(n) {
		c.walk(t)
		return
	}
	key := c.b.typeKey(n)
	c.rootNamed = key
	c.node(n).visited = true
	c.stack = append(c.stack, key)
	c.walkNamedBody(n)
	c.stack = c.stack[:len(c.stack)-1]
}

// walk is the mirror of schemaOf.
func (c *ctx) walk(t types.Type) {
	switch t := types.Unalias(t).(type) {
	case *types.Pointer:
		c.walk(t.Elem())
	case *types.Named:
		// namedSchema
		if c.b.opaqueType(t) {
			return
		}
		if c.refable(t) {
			c.refEdge(t, false)
			return
		}
		c.walkNamedBody(t)
	case *types.Struct:
		if !c.b.opaqueType(t) {
			c.walkStruct(t)
		}
	case *types.Slice:
		// sliceSchema
		if !c.isByte(t.Elem()) {
			c.walk(t.Elem())
		}
	case *types.Array:
		c.walk(t.Elem())
	case *types.Map:
		// mapSchema builds the element's schema whatever the key.
		c.walk(t.Elem())
	}
	// Basic, interface and the types with no JSON form reference nothing.
}

// refEdge is the mirror of the first pass of ref: it records the use of n
// by the body on top of the stack, and walks n's body the first time.
func (c *ctx) refEdge(n *types.Named, force bool) {
	key := c.b.typeKey(n)
	nd := c.node(n)
	from := c.nodes[c.current()]
	from.edges = append(from.edges, key)
	nd.refs++
	nd.forced = nd.forced || force
	if !nd.visited {
		nd.visited = true
		c.stack = append(c.stack, key)
		c.walkNamedBody(n)
		c.stack = c.stack[:len(c.stack)-1]
	}
}

// walkNamedBody is the mirror of namedBody.
func (c *ctx) walkNamedBody(n *types.Named) {
	if c.b.opaqueType(n) {
		return
	}
	switch u := n.Underlying().(type) {
	case *types.Struct:
		c.walkStruct(u)
	case *types.Map:
		c.walk(u.Elem())
	case *types.Slice, *types.Array:
		c.walk(u)
	}
}

// walkStruct is the mirror of structSchema and property.
func (c *ctx) walkStruct(st *types.Struct) {
	for _, f := range c.b.typeFields(st) {
		if f.hidden {
			continue
		}
		if !hasRefKeyword(f.keywords) || c.refClearedSchema(f.v.Type()) == nil {
			c.walk(f.v.Type())
		}
		// genericKeywords resolves the targets of oneof_ref and anyof_ref
		// after the field's own schema is built.
		for _, kw := range f.keywords {
			name, val, ok := strings.Cut(kw, "=")
			if !ok || (name != "oneof_ref" && name != "anyof_ref") {
				continue
			}
			for _, ref := range strings.Split(val, ";") {
				if n := refTarget(f.v.Pkg(), ref); n != nil {
					c.refEdge(n, true)
				}
			}
		}
	}
}
