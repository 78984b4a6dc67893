package schemagen

import (
	"go/types"
	"strings"
)

// This file is the first pass of Schema: it records the type graph that
// decide needs, and nothing else.
//
// The graph is what the second pass (schemaOf and the functions it calls)
// would build: a node per refable type whose body is reached, an edge from
// the body being built to every refable type it uses through ref, forced
// for the types named by a oneof_ref or anyof_ref tag, and zeroKept for
// the types used where their zero value is not left out. A use is a
// field's, an item's or the root's: walk carries what the schema functions
// carry in their site, the own levels and zeroOmitted. So each walk
// function below mirrors one schema function and follows exactly the types
// that function passes to schemaOf, namedBody, ref or resolveRef, in the
// same cases; everything else those functions do (building schemas,
// descriptions, enums, tag keywords, errors) cannot add a node or an edge
// and is left out. TestGraphMatchesSchemas checks the mirror against the
// schemas on every type of the test packages.
//
// All a walk does is call refEdge, and the calls that the walk of a named
// type's body makes depend on the type only: the Builder keeps them
// (memo.uses), and the next walk of the body, for another root, makes the
// same calls without walking it (walkBody).

// use is a call of refEdge by the walk of a body.
type use struct {
	n                  *types.Named
	force, zeroOmitted bool
}

// analyze records the type graph of the root t: the mirror of root.
func (c *ctx) analyze(t types.Type) {
	n, ok := t.(*types.Named)
	if !ok || !c.refable(n) {
		c.walk(t, 0, false)
		return
	}
	key := c.b.typeKey(n)
	c.rootNamed = key
	c.node(n).visited = true
	c.stack = append(c.stack, key)
	c.walkBody(n)
	c.stack = c.stack[:len(c.stack)-1]
}

// walkBody walks the body of the named type n, or makes the calls of
// refEdge that its walk made before.
func (c *ctx) walkBody(n *types.Named) {
	uses, ok := c.b.memo.uses[n]
	// The uses of a body are its own, not those of the bodies it walks.
	c.recording = append(c.recording, nil)
	if ok {
		for _, u := range uses {
			c.refEdge(u.n, u.force, u.zeroOmitted)
		}
	} else {
		c.walkNamedBody(n, 0)
		c.b.memo.uses[n] = c.recording[len(c.recording)-1]
	}
	c.recording = c.recording[:len(c.recording)-1]
}

// walk is the mirror of schemaOf at a site whose own and zeroOmitted are
// own and zeroOmitted.
func (c *ctx) walk(t types.Type, own uint8, zeroOmitted bool) {
	switch t := types.Unalias(t).(type) {
	case *types.Pointer:
		c.walk(t.Elem(), own, zeroOmitted)
	case *types.Named:
		// namedSchema
		if c.b.opaqueType(t) {
			return
		}
		if c.refable(t) && (own == 0 || isStruct(t)) {
			c.refEdge(t, false, zeroOmitted)
			return
		}
		c.walkNamedBody(t, own)
	case *types.Struct:
		if !c.b.opaqueType(t) {
			c.walkStruct(t)
		}
	case *types.Slice:
		// sliceSchema
		if !c.isByte(t.Elem()) {
			c.walkItem(t.Elem(), own)
		}
	case *types.Array:
		c.walkItem(t.Elem(), own)
	case *types.Map:
		// mapSchema builds the element's schema whatever the key.
		c.walkItem(t.Elem(), own)
	}
	// Basic, interface and the types with no JSON form reference nothing.
}

// walkItem is the mirror of itemSchema.
func (c *ctx) walkItem(t types.Type, own uint8) {
	c.walk(t, max(own, 1)-1, false)
}

// refEdge is the mirror of the first pass of ref: it records the use of n
// by the body on top of the stack, and walks n's body the first time.
func (c *ctx) refEdge(n *types.Named, force, zeroOmitted bool) {
	if len(c.recording) > 0 {
		top := &c.recording[len(c.recording)-1]
		*top = append(*top, use{n, force, zeroOmitted})
	}
	key := c.b.typeKey(n)
	nd := c.node(n)
	from := c.nodes[c.current()]
	from.edges = append(from.edges, key)
	nd.refs++
	nd.forced = nd.forced || force
	nd.zeroKept = nd.zeroKept || !zeroOmitted
	if !nd.visited {
		nd.visited = true
		c.stack = append(c.stack, key)
		c.walkBody(n)
		c.stack = c.stack[:len(c.stack)-1]
	}
}

// walkNamedBody is the mirror of namedBody at a site whose own is own.
func (c *ctx) walkNamedBody(n *types.Named, own uint8) {
	if c.b.opaqueType(n) {
		return
	}
	switch u := n.Underlying().(type) {
	case *types.Struct:
		c.walkStruct(u)
	case *types.Map:
		c.walkItem(u.Elem(), own)
	case *types.Slice, *types.Array:
		c.walk(u, own, false)
	}
}

// walkStruct is the mirror of structSchema and property.
func (c *ctx) walkStruct(st *types.Struct) {
	for _, f := range c.b.typeFields(st) {
		if f.hidden {
			continue
		}
		if !hasRefKeyword(f.keywords) || c.refClearedSchema(f.v.Type()) == nil {
			c.walk(f.v.Type(), f.own, zeroOmitted(f, f.json.has("omitempty") || f.json.has("omitzero")))
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
					c.refEdge(n, true, false)
				}
			}
		}
	}
}
