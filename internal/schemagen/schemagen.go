// Package schemagen computes JSON Schemas for Go types from go/types and the
// syntax that declares them, following the conventions of
// github.com/invopop/jsonschema's default Reflector, so that a type
// generated here and the same type reflected by invopop at run time agree.
//
// The schemas follow draft 2020-12. On top of invopop they carry
// descriptions from doc and line comments, enums from the constants of
// named string and integer types, and $defs/$ref only where a type is
// shared or recursive. Types that have no JSON form are reported as errors
// at the field that uses them.
package schemagen

import (
	"errors"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/invopop/jsonschema"
)

// Error is a type that has no JSON Schema, or a tag that cannot be used,
// at a field; or, when Warning is set, something that gives a schema the
// user may not expect.
type Error struct {
	// Pos is the position of the offending field, or of the type when the
	// problem is the type's own (a struct without json tags, say).
	Pos token.Pos
	// Path is the chain of Go names that led there, such as
	// "CreateIssueInput.Bounty.Currency", embedded fields included; empty
	// for a problem of a type of the user's code, which the message names,
	// so that it is said once however many paths reach the type.
	Path string
	// Message says what is wrong and what is allowed.
	Message string
	// Warning is set when the schema is still what toolgen generates.
	Warning bool
	// Outside is set when Pos lies outside the user's code
	// ([Builder.Local]).
	Outside *Outside
	// EnumZero is set on the warning that the zero value of an enum type
	// is not one of its constants (in an output): the type, as messages
	// write it, so that a caller may group the warnings of many types of
	// another module.
	EnumZero string
}

// Outside locates a problem outside the user's code from the user's side.
type Outside struct {
	// Reach is the last field on the path that is the user's code, or the
	// root type; NoPos when the root type itself is outside it.
	Reach token.Pos
	// Decl is the field or type at the problem's Pos, qualified by its
	// package path: "net/http.Response.Body".
	Decl string
}

// Error returns the path and the message; the caller prints the position.
func (e *Error) Error() string {
	if e.Path == "" {
		return e.Message
	}
	return e.Path + ": " + e.Message
}

// Builder computes schemas for types of loaded packages. Not safe for
// concurrent use.
type Builder struct {
	comments      *comments
	textMarshaler *types.Interface
	jsonMarshaler *types.Interface
	// consts caches, per package, its exported constants by the named type
	// they have, in declaration order.
	consts map[*types.Package]map[*types.TypeName][]*types.Const
	memo   memo
	// twoPass, set by tests, makes Schema always take two passes.
	twoPass bool
	// falseSchema is the schema false of every object's
	// additionalProperties: one for all the schemas the Builder returns,
	// which nothing modifies once built.
	falseSchema *jsonschema.Schema

	// Outputs is set on a Builder of the schemas of what tools write
	// (ForOutputs): an enum then allows its type's zero value.
	Outputs bool

	// Local reports whether a package is the user's code, where problems
	// are reported at their own position; a problem in another package
	// gets an [Outside]. nil means every package is.
	Local func(*types.Package) bool

	// Shared holds the keys (see [Builder.Uses] and [Builder.Key]) of
	// the named types that every schema puts in $defs when it uses them,
	// even once: the types that several schemas of one generated file use,
	// whose $defs entries are then the same text in each (the file writes
	// that text once). The root's own type is still written at the root
	// only; when it is recursive, its $defs entry is {"$ref": "#"}, so
	// that the bodies that refer to it read as in the other schemas.
	// Setting it changes the schemas computed after, and it is not copied
	// by ForOutputs.
	Shared map[string]bool
}

// local reports whether pkg is the user's code.
func (b *Builder) local(pkg *types.Package) bool {
	return b.Local == nil || pkg == nil || b.Local(pkg)
}

// New returns a Builder for types whose positions belong to fset. Files
// that must be parsed for their comments are added to fset.
func New(fset *token.FileSet) *Builder {
	return &Builder{
		comments:      newComments(fset),
		textMarshaler: marshalerInterface("MarshalText"),
		jsonMarshaler: marshalerInterface("MarshalJSON"),
		consts:        map[*types.Package]map[*types.TypeName][]*types.Const{},
		memo:          newMemo(),
		falseSchema:   falseSchema(),
	}
}

// ForOutputs returns a Builder of the schemas of values that tools write,
// rather than read: an enum allows its type's zero value, which an unset
// field holds, whether or not it is a constant. It shares b's parsed files
// and what b knows of types, not its schemas.
func (b *Builder) ForOutputs() *Builder {
	o := *b
	o.Outputs = true
	o.Shared = nil
	o.memo.bodies = map[*types.Named]*jsonschema.Schema{}
	o.memo.frozen = map[*jsonschema.Schema]bool{}
	return &o
}

// AddFiles registers parsed files (with comments) so that doc lookup reuses
// them instead of re-parsing.
func (b *Builder) AddFiles(files ...*ast.File) {
	b.comments.addFiles(files...)
}

// Schema returns the root schema of t: the root is inlined (for a struct:
// {"type":"object",...}; for an output that is a slice, in a union with
// null), never a bare $ref; named types whose body would appear more than
// once in this schema (structs, slices, arrays and maps, and the boolean,
// numeric and string types with an enum or a description), recursive types
// and the types of Shared live in the root's "$defs" and are referenced
// with "$ref": "#/$defs/<Name>"; the others are inlined; the root's own
// type, when recursive, is referenced as "#". No "$schema"/"$id" keywords.
// The returned
// errors are every problem found (not just the first), each at the field
// where it happened. rootName starts the error paths, as in
// "CreateIssueInput.Bounty.Currency".
//
// The schemas of one Builder may share subschemas (the inlined body of a
// struct type used by several roots is built once): they are to be read,
// marshaled or copied, not changed.
func (b *Builder) Schema(t types.Type, rootName string) (*jsonschema.Schema, []*Error) {
	s, errs := b.schema(t, rootName)
	// An output that is a nil slice is written as null. (A nil map or
	// pointer to an object is not admitted: an object at the root is what
	// MCP and the providers want of an output schema.)
	if c := (&ctx{b: b}); b.Outputs && isSlice(derefAll(t)) && c.writesNull(derefAll(t)) {
		s = c.orNull(s)
	}
	return s, errs
}

func (b *Builder) schema(t types.Type, rootName string) (*jsonschema.Schema, []*Error) {
	t = derefAll(t)
	at := site{path: rootName}
	if n, ok := t.(*types.Named); ok {
		at.pos = n.Obj().Pos()
		if b.local(n.Obj().Pkg()) {
			at.reach = at.pos
		} else {
			at.decl = types.TypeString(n, nil)
		}
	}

	// Most schemas have no type in $defs but those of Shared: one pass
	// builds them, inlining every other named type, and gives up as soon
	// as a type turns out to be used twice or recursive (inlineAll).
	if !b.twoPass {
		if s, errs, ok := (&ctx{b: b}).inlineAll(t, at); ok {
			return s, errs
		}
	}
	// Pass 1 walks the types to learn which named types are shared or
	// recursive (graph.go); pass 2 builds the schema with that knowledge.
	c := newCtx(b)
	c.analyze(t)
	c.decide()

	s := c.root(t, at)
	if len(c.defs) > 0 {
		s.Definitions = c.defs
	}
	return s, c.errs
}

// Use is how a schema uses a named type that may live in $defs (Uses).
type Use struct {
	// By are the keys of the types whose bodies use it, sorted and each
	// once, "" standing for the root's body.
	By []string
	// Basic is set for a boolean, numeric or string type (an enum, or one
	// with a description), whose entry holds no other.
	Basic bool
}

// Uses returns, by key (see Shared), the named types that the schema of t
// uses and that may live in $defs: those whose bodies the schema writes,
// inline or in $defs, and the root's own type when it is recursive (its
// body is the root's). It walks the types as the first pass of Schema
// does, without building anything.
func (b *Builder) Uses(t types.Type) map[string]Use {
	c := newCtx(b)
	c.analyze(derefAll(t))
	uses := map[string]Use{}
	for from, nd := range c.nodes {
		if from == c.rootNamed {
			from = rootKey
		}
		for _, to := range nd.edges {
			u := uses[to]
			if !slices.Contains(u.By, from) {
				u.By = append(u.By, from)
			}
			_, u.Basic = c.nodes[to].named.Underlying().(*types.Basic)
			uses[to] = u
		}
	}
	for _, u := range uses {
		slices.Sort(u.By)
	}
	return uses
}

// Key returns the key of a root type t in Shared: the key of its named
// type, pointers removed.
func (b *Builder) Key(t types.Type) string {
	return b.typeKey(derefAll(t))
}

// errNotInline stops inlineAll.
var errNotInline = errors.New("a type of the schema belongs in $defs")

// inlineAll builds the schema of t as pass 2 does when decide puts no type
// in $defs but those of Shared, which is when no type is recursive or named
// by a oneof_ref or anyof_ref tag, and no other type's body would appear
// twice in the output. The build sees all three (see ref): the first makes
// it stop, and ok is false. Otherwise the schema is the one the two passes
// give: pass 2 with nothing else in $defs is this build, the entries of
// Shared built at their first use (sharedRef), and pass 1 reports nothing.
func (c *ctx) inlineAll(t types.Type, at site) (s *jsonschema.Schema, errs []*Error, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errNotInline {
				panic(r)
			}
			s, errs, ok = nil, nil, false
		}
	}()
	c.inlined = map[string]int{}
	s = c.root(t, at)
	if len(c.defs) > 0 {
		s.Definitions = c.defs
	}
	return s, c.errs, true
}

// marshalerInterface returns interface{ name() ([]byte, error) }.
func marshalerInterface(name string) *types.Interface {
	results := types.NewTuple(
		types.NewVar(token.NoPos, nil, "", types.NewSlice(types.Typ[types.Byte])),
		types.NewVar(token.NoPos, nil, "", types.Universe.Lookup("error").Type()),
	)
	sig := types.NewSignatureType(nil, nil, nil, nil, results, false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, name, sig)}, nil).Complete()
}

// derefAll removes aliases and pointers: a pointer has the schema of its
// element, as in invopop.
func derefAll(t types.Type) types.Type {
	for {
		t = types.Unalias(t)
		p, ok := t.(*types.Pointer)
		if !ok {
			return t
		}
		t = p.Elem()
	}
}
