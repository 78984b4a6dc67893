package schemagen

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"github.com/invopop/jsonschema"
)

// This file decides which named types live in $defs, and under which name.
//
// Schema runs twice over the type graph. The first pass (analyze, in
// graph.go) walks the body of every named type that may live in $defs
// (refable) once, and records which of them each body references. From
// that graph, decide puts in $defs every type that is recursive (on a
// cycle) but the root's own (whose uses are "$ref": "#", the root, or,
// when the type is shared, refer to an entry that is {"$ref": "#"}), every
// type whose body would otherwise appear more than once in
// the output (used twice, or used once inside a named type that is itself
// inlined twice), every type named by a oneof_ref or anyof_ref tag, and
// every type of Builder.Shared that the schema uses. The second pass builds
// the schema: types in $defs are built once and referenced, the others are
// inlined where they are used.
//
// The refable types are the named struct, slice, array and map types, and
// the named boolean, numeric and string types whose body says more than
// their JSON type: an enum from their constants, or a description from
// their doc comment (a $ref would be longer than {"type": "string"}). A
// field whose tags change the schema of its type (a type keyword such as
// enum= or type=, or json's ",string") gets a body of its own, inline, for
// its type and, where the tags reach them, its items, when the type is not
// a struct (see ownLevels): the keywords replace what the type's body
// says, which they could not do beside a $ref.

// site is where a schema is being built: the field (or root type) and the
// chain of Go names that led there.
type site struct {
	pos  token.Pos
	path string
	// reach is the last position on the path in the user's code
	// (Builder.Local), NoPos when there is none; decl names what is at pos,
	// qualified by its package path, when pos is outside the user's code,
	// and is "" inside it.
	reach token.Pos
	decl  string
	// quiet is set below a struct that was reported for having no json
	// tags: the structs there are not reported again (checkJSONTags).
	quiet bool
	// zeroOmitted is set at a field whose type is a named type and whose
	// zero value encoding/json leaves out (omitempty, omitzero).
	zeroOmitted bool
	// own is set at a field whose tags change the schema of its type
	// (jsonField.own): the number of levels, the field's type (through
	// pointers and the body of a named non-struct type) and then its
	// items, whose named non-struct types get a body of their own, inline,
	// rather than their $defs entry. itemSchema counts a level down.
	own uint8
}

// node is a named type in the type graph.
type node struct {
	named   *types.Named
	refs    int      // references from bodies
	edges   []string // keys of the types its body references
	visited bool     // body analyzed
	forced  bool     // named by a oneof_ref or anyof_ref tag
	// zeroKept is set when a use of the type is not at a field that leaves
	// out its zero value (site.zeroOmitted): its $defs entry, the same for
	// every use, then admits the zero value of an output's enum.
	zeroKept bool
	inDefs   bool
	name     string // $defs name
	built    bool   // $defs body built (pass 2)
}

type errKey struct {
	pos, reach token.Pos
	path       string
	msg        string
}

// ctx is the state of one Schema call.
type ctx struct {
	b         *Builder
	nodes     map[string]*node
	stack     []string // keys of the named bodies under construction
	rootNamed string   // key of the root type, when it is a refable type
	// rootAlias is set when the root's type has the $defs entry
	// {"$ref": "#"} (decide).
	rootAlias bool
	// refTypes, defs and seen are made by their first entry: most
	// schemas have no $ref and no error.
	refTypes map[*jsonschema.Schema]string
	defs     jsonschema.Definitions
	errs     []*Error
	seen     map[errKey]bool
	// refs counts the uses of named composite types (ref) and reported
	// the errors reported (errorf, repeats included): inlineBody memoizes
	// a body whose build changed neither.
	refs, reported int
	// inlined, in a build by inlineAll, counts the inlined bodies of each
	// refable type; nil in pass 2. defKeys maps the names of the $defs
	// entries of the types of Builder.Shared that inlineAll built to their
	// keys.
	inlined map[string]int
	defKeys map[string]string
	// recording holds, for each body that the graph walk is walking, the
	// uses it made so far (walkBody).
	recording [][]use
	// trace, when set (by tests only), sees every use of a named type by
	// the schema pass, whether the use builds the type's body, and whether
	// it keeps the zero value (site.zeroOmitted), to check the schema pass
	// against the graph walk.
	trace func(from, to string, force, builds, zeroKept bool)
}

// rootKey is the graph node of an unnamed root.
const rootKey = ""

func newCtx(b *Builder) *ctx {
	return &ctx{
		b:     b,
		nodes: map[string]*node{rootKey: {}},
	}
}

// errorf records an error at a site, once, however many times the schema
// pass reaches the site.
func (c *ctx) errorf(at site, msg string) { c.report(at, at.path, msg, false) }

// warnf records a warning at a site, once.
func (c *ctx) warnf(at site, msg string) { c.report(at, at.path, msg, true) }

// warnType records a warning about the named type n itself, used at at:
// at n's declaration, without a path, when n is the user's code (so that
// it is said once, whatever reaches n), else from the user's side of at.
func (c *ctx) warnType(at site, n *types.Named, msg string) *Error {
	if c.b.local(n.Obj().Pkg()) {
		return c.report(site{pos: n.Obj().Pos(), reach: n.Obj().Pos()}, "", msg, true)
	}
	return c.report(site{pos: n.Obj().Pos(), reach: at.reach, decl: types.TypeString(n, nil)}, at.path, msg, true)
}

// report records a problem at a site, once, under path, and returns it;
// nil when it was recorded already.
func (c *ctx) report(at site, path, msg string, warning bool) *Error {
	c.reported++
	k := errKey{pos: at.pos, reach: at.reach, msg: msg}
	if !at.pos.IsValid() {
		k.path = path
	}
	if c.seen[k] {
		return nil
	}
	if c.seen == nil {
		c.seen = map[errKey]bool{}
	}
	c.seen[k] = true
	e := &Error{Pos: at.pos, Path: path, Message: msg, Warning: warning}
	if at.decl != "" {
		e.Outside = &Outside{Reach: at.reach, Decl: at.decl}
	}
	c.errs = append(c.errs, e)
	return e
}

// typeKey identifies a type within a Schema call.
func typeKey(t types.Type) string {
	if n, ok := t.(*types.Named); ok && n.TypeArgs().Len() == 0 && n.Obj().Pkg() != nil {
		// What types.TypeString writes for it, without its buffer.
		return n.Obj().Pkg().Path() + "." + n.Obj().Name()
	}
	return types.TypeString(t, nil)
}

func (c *ctx) node(n *types.Named) *node {
	key := c.b.typeKey(n)
	nd := c.nodes[key]
	if nd == nil {
		nd = &node{named: n}
		c.nodes[key] = nd
	}
	return nd
}

func (c *ctx) current() string {
	if len(c.stack) == 0 {
		return rootKey
	}
	return c.stack[len(c.stack)-1]
}

// root builds the root schema, always inline.
func (c *ctx) root(t types.Type, at site) *jsonschema.Schema {
	n, ok := t.(*types.Named)
	if !ok || !c.refable(n) {
		return c.schemaOf(t, at)
	}
	key := c.b.typeKey(n)
	c.rootNamed = key
	if c.inlined == nil { // the graph is inlineAll's business
		c.node(n).visited = true
	}
	c.stack = append(c.stack, key)
	s := c.namedBody(n, at)
	c.stack = c.stack[:len(c.stack)-1]
	return s
}

// ref returns the schema of a use of the named type n: a $ref when n lives
// in $defs ("#" when n is the root's type), else its body inline. force (a
// use by a oneof_ref or anyof_ref tag) was recorded by the graph walk,
// which put n in $defs.
func (c *ctx) ref(n *types.Named, at site, force bool) *jsonschema.Schema {
	c.refs++
	key := c.b.typeKey(n)
	if c.inlined != nil {
		// inlineAll: decide would put n in $defs if it is named by a tag,
		// recursive, shared, or used twice.
		if force || slices.Contains(c.stack, key) {
			panic(errNotInline)
		}
		if c.b.Shared[key] {
			return c.sharedRef(n, key, at)
		}
		if c.inlined[key] > 0 {
			panic(errNotInline)
		}
		c.inlined[key]++
		return c.inline(n, key, at)
	}
	nd := c.node(n)
	if c.trace != nil {
		builds := key != c.rootNamed && !nd.built && (nd.inDefs || !slices.Contains(c.stack, key))
		c.trace(c.current(), key, force, builds, !at.zeroOmitted)
	}
	if key == c.rootNamed {
		// A use of the root type inside the root, which is a recursive
		// type: the root, whose body is written once, at the root. When
		// the type is shared, its $defs entry says so, so that the bodies
		// that use it read as in the other schemas, where it is in $defs.
		if !nd.inDefs {
			return c.refSchema(n, "#")
		}
		if !nd.built {
			nd.built = true
			if c.defs == nil {
				c.defs = jsonschema.Definitions{}
			}
			c.defs[nd.name] = &jsonschema.Schema{Ref: "#"}
		}
		return c.refSchema(n, "#/$defs/"+nd.name)
	}
	if nd.inDefs {
		if !nd.built {
			nd.built = true
			c.stack = append(c.stack, key)
			if c.defs == nil {
				c.defs = jsonschema.Definitions{}
			}
			// One body for every use: with its zero value when a use
			// needs it (namedBody). Built as inline, memoized when it
			// can be (nothing changes a $defs entry).
			at.zeroOmitted = !nd.zeroKept
			c.defs[nd.name] = c.inlineBody(n, at)
			c.stack = c.stack[:len(c.stack)-1]
		}
		return c.refSchema(n, "#/$defs/"+nd.name)
	}
	if slices.Contains(c.stack, key) {
		// decide puts every type on a cycle in $defs; this is a safety net
		// against endless recursion.
		c.errorf(at, msgRecursion(typeString(n)))
		return &jsonschema.Schema{}
	}
	return c.inline(n, key, at)
}

// sharedRef is ref in inlineAll for a type of Shared, which decide puts
// in $defs: its entry is built at its first use, under the name decide
// gives it when no other entry has the same (else inlineAll gives up). An
// entry of an enum is not built in one pass: whether it admits the zero
// value of an output depends on all its uses.
func (c *ctx) sharedRef(n *types.Named, key string, at site) *jsonschema.Schema {
	if _, basic := n.Underlying().(*types.Basic); basic {
		panic(errNotInline)
	}
	name := defBaseName(n)
	if c.defKeys == nil {
		c.defKeys = map[string]string{}
		c.defs = jsonschema.Definitions{}
	}
	switch c.defKeys[name] {
	case key:
	case "":
		c.defKeys[name] = key
		c.stack = append(c.stack, key)
		c.defs[name] = c.inlineBody(n, at) // as built inline: memoized
		c.stack = c.stack[:len(c.stack)-1]
	default:
		panic(errNotInline) // two types of one name: decide qualifies them
	}
	return c.refSchema(n, "#/$defs/"+name)
}

// inline returns the body of n, whose key is key, inline.
func (c *ctx) inline(n *types.Named, key string, at site) *jsonschema.Schema {
	c.stack = append(c.stack, key)
	s := c.inlineBody(n, at)
	c.stack = c.stack[:len(c.stack)-1]
	return s
}

// refSchema returns a fresh {"$ref": ref}, remembering the JSON type of its
// target for the tag keywords.
func (c *ctx) refSchema(n *types.Named, ref string) *jsonschema.Schema {
	s := &jsonschema.Schema{Ref: ref}
	if c.refTypes == nil {
		c.refTypes = map[*jsonschema.Schema]string{}
	}
	c.refTypes[s] = c.jsonTypeOfNamed(n)
	return s
}

// jsonType returns the JSON type of s, looking through a $ref.
func (c *ctx) jsonType(s *jsonschema.Schema) string {
	if s.Ref != "" && s.Type == "" {
		return c.refTypes[s]
	}
	if t := nullableType(s); t != "" {
		return t
	}
	return s.Type
}

// decide chooses the types that live in $defs and names them.
func (c *ctx) decide() {
	preds := map[string][]string{} // with one entry per reference
	for key, nd := range c.nodes {
		for _, to := range nd.edges {
			preds[to] = append(preds[to], key)
		}
	}
	// The root's body is the schema itself, which its uses reference as
	// "#", or through an entry {"$ref": "#"} when the type is shared and
	// other bodies use it (whose entries then read as in the schemas where
	// the type is not the root).
	if c.rootNamed != "" && c.b.Shared[c.rootNamed] {
		c.rootAlias = slices.ContainsFunc(preds[c.rootNamed], func(from string) bool { return from != c.rootNamed })
	}
	for key, nd := range c.nodes {
		switch key {
		case rootKey:
		case c.rootNamed:
			nd.inDefs = c.rootAlias
		default:
			nd.inDefs = nd.forced || c.b.Shared[key] || c.onCycle(key)
		}
	}

	// A type goes to $defs when its body would appear more than once in the
	// output: once per reference from the root, from a $defs entry, or from
	// each place where an inlined body that references it appears.
	occ := map[string]int{}
	decided := map[string]bool{}
	var occurrences func(key string) int
	occurrences = func(key string) int {
		if n, ok := occ[key]; ok {
			return n
		}
		nd := c.nodes[key]
		n := 0
		if key == rootKey || key == c.rootNamed {
			n = 1 // the root, inline; its uses are "#"
		} else if !decided[key] {
			decided[key] = true
			if !nd.inDefs {
				uses := 0
				for _, from := range preds[key] {
					uses += occurrences(from)
				}
				if uses >= 2 {
					nd.inDefs = true
				} else {
					n += uses
				}
			}
		}
		if nd.inDefs && key != c.rootNamed {
			n++
		}
		occ[key] = n
		return n
	}
	var keys []string
	for key, nd := range c.nodes {
		if key == rootKey {
			continue
		}
		occurrences(key)
		if nd.inDefs {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)

	names := map[string]string{}
	for _, key := range keys {
		names[key] = defBaseName(c.nodes[key].named)
	}
	// Distinct types with one name: qualify them with their package name,
	// then with their package path, then number them, in key order.
	qualify := []func(key, name string, i int) string{
		func(key, name string, _ int) string {
			if pkg := c.nodes[key].named.Obj().Pkg(); pkg != nil {
				return pkg.Name() + "." + name
			}
			return name
		},
		func(key, name string, _ int) string {
			if pkg := c.nodes[key].named.Obj().Pkg(); pkg != nil {
				return sanitize(pkg.Path()) + "." + defBaseName(c.nodes[key].named)
			}
			return name
		},
		func(_, name string, i int) string {
			if i == 0 {
				return name
			}
			return fmt.Sprintf("%s_%d", name, i+1)
		},
	}
	for _, q := range qualify {
		if len(keys) < 2 {
			break // one name cannot clash
		}
		groups := map[string][]string{}
		for _, key := range keys {
			groups[names[key]] = append(groups[names[key]], key)
		}
		for name, group := range groups {
			if len(group) < 2 {
				continue
			}
			for i, key := range group {
				names[key] = q(key, name, i)
			}
		}
	}
	for _, key := range keys {
		c.nodes[key].name = names[key]
	}
}

// onCycle reports whether the body of key references key, directly or
// not, other than through the root's type, whose uses are "#" (unless
// they go through its entry, rootAlias: then the types on its cycles are
// in $defs, as in the schemas where it is not the root, so that their
// entries read the same).
func (c *ctx) onCycle(key string) bool {
	if len(c.nodes[key].edges) == 0 {
		return false
	}
	seen := map[string]bool{}
	work := slices.Clone(c.nodes[key].edges)
	for len(work) > 0 {
		k := work[len(work)-1]
		work = work[:len(work)-1]
		if k == key {
			return true
		}
		if seen[k] || k == c.rootNamed && !c.rootAlias {
			continue
		}
		seen[k] = true
		if nd := c.nodes[k]; nd != nil {
			work = append(work, nd.edges...)
		}
	}
	return false
}

// defBaseName is the $defs name of a type before disambiguation: its Go
// name, with type arguments joined by underscores (Page[Item] → Page_Item).
func defBaseName(n *types.Named) string {
	return sanitize(types.TypeString(n, func(*types.Package) string { return "" }))
}

// sanitize replaces every run of characters other than letters, digits and
// underscores with one underscore, so that the name needs no escaping in a
// JSON pointer.
func sanitize(s string) string {
	var b strings.Builder
	pending := false
	for _, r := range s {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			if pending && b.Len() > 0 {
				b.WriteByte('_')
			}
			pending = false
			b.WriteRune(r)
			continue
		}
		pending = true
	}
	return b.String()
}
