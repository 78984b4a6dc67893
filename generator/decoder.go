package generator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"hash/maphash"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/toolgen-go/toolgen/internal/schemagen"
	"github.com/toolgen-go/toolgen/runtime/jsonarg"
)

// This file plans the generated decoders (see [Decoder]): for each tool, it
// walks the Go type of its input and the input schema that the generator
// emits, side by side, and records what the decoder reads and checks. The
// checks come from the schema text itself, with its $defs and $refs, so a
// decoder and its schema cannot disagree; the Go type says how the value
// is stored, as encoding/json would store it.
//
// Whatever the walk does not know how to decide exactly as the runtime's
// general path does (the santhosh-tekuri validator on the parsed
// arguments, then encoding/json) leaves the tool without a decoder, and
// the reason in Tool.NoDecoder: the general path is always right, only
// slower.

// errNoDecoder is why a tool gets no decoder.
type errNoDecoder struct{ why string }

func (e *errNoDecoder) Error() string { return e.why }

func noDecoder(format string, args ...any) error {
	return &errNoDecoder{fmt.Sprintf(format, args...)}
}

// maxProps is the most properties an object may have: one bit each in the
// decoder's mask of the properties seen.
const maxProps = 64

// decoderEnv is what planning the decoders of one package needs. It is
// settled before the schema workers start and read-only afterwards.
type decoderEnv struct {
	pkg     *types.Package
	imports *Imports
	// jsonUnmarshaler and textUnmarshaler are the interfaces whose types
	// decode themselves.
	jsonUnmarshaler, textUnmarshaler *types.Interface
}

// newDecoderEnv settles the import names the decoders of the package of
// ps may use: the names the rest of the file gives its imports (the
// runtime, encoding/json, and the packages of the tools' In and Out
// types, when jennifer's naming of them is certain), and free names for
// jsonarg, time, unicode/utf8 and math/big.
func newDecoderEnv(ps *pkgState) *decoderEnv {
	p := ps.model
	scope := ps.pkg.Types.Scope()
	taken := map[string]bool{p.Imports.Runtime: true, p.Imports.JSON: true}
	byName := map[string][]string{} // package name → paths, of the file's imports
	var walk func(e *TypeExpr)
	walk = func(e *TypeExpr) {
		if e == nil {
			return
		}
		if e.PkgPath != "" && e.PkgPath != p.Path && !slices.Contains(byName[e.PkgName], e.PkgPath) {
			byName[e.PkgName] = append(byName[e.PkgName], e.PkgPath)
		}
		walk(e.Elem)
		walk(e.Key)
		for _, a := range e.TypeArgs {
			walk(a)
		}
	}
	for _, t := range p.Tools {
		walk(t.In)
		walk(t.Out)
	}
	other := map[string]string{}
	plain := plainImports(p)
	for name, paths := range byName {
		taken[name] = true
		if plain && len(paths) == 1 && name != "" {
			other[paths[0]] = name
		}
	}
	free := func(names ...string) string {
		for _, n := range names {
			if !taken[n] && scope.Lookup(n) == nil {
				taken[n] = true
				return n
			}
		}
		return ""
	}
	name := func(path, def string) string {
		if n, ok := other[path]; ok {
			return n
		}
		return free(def, "toolgen"+def)
	}
	p.Imports.JSONArg = name(jsonargPath, "jsonarg")
	p.Imports.Time = name("time", "time")
	p.Imports.UTF8 = name("unicode/utf8", "utf8")
	p.Imports.Big = name("math/big", "big")
	p.Imports.Regexp = name("regexp", "regexp")
	p.Imports.Sync = name("sync", "sync")
	p.Imports.Slices = name("slices", "slices")
	for _, path := range []string{"time", "unicode/utf8", "math/big", "regexp", "sync", "slices", jsonargPath} {
		delete(other, path)
	}
	p.Imports.Other = other
	return &decoderEnv{
		pkg:             ps.pkg.Types,
		imports:         &p.Imports,
		jsonUnmarshaler: unmarshalerInterface("UnmarshalJSON"),
		textUnmarshaler: unmarshalerInterface("UnmarshalText"),
	}
}

// unmarshalerInterface returns interface{ name([]byte) error }.
func unmarshalerInterface(name string) *types.Interface {
	params := types.NewTuple(types.NewVar(token.NoPos, nil, "", types.NewSlice(types.Typ[types.Byte])))
	results := types.NewTuple(types.NewVar(token.NoPos, nil, "", types.Universe.Lookup("error").Type()))
	sig := types.NewSignatureType(nil, nil, nil, params, results, false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, name, sig)}, nil).Complete()
}

// toolDecoder is the decoder plan of one tool, as a schema worker computes
// it: the functions it needs, the root (the one the constructor wires)
// first; or why it has none.
type toolDecoder struct {
	funcs  []*Decoder
	reason string
}

// decoderCache memoizes, for one schema worker, what planning asks of
// go/types again and again: pure functions of a type.
type decoderCache struct {
	fields map[*types.Struct][]schemagen.JSONField
	keyed  map[*types.Struct]map[string]*types.Var
	self   map[types.Type]bool
	keys   map[*types.Named]string
	parsed *parseMemo
	// leaves are the decoders of named structs planned from a schema
	// node that the parse memo shares between tools (see leafPlan).
	leaves map[leafKey]*Decoder
}

func newDecoderCache() *decoderCache {
	c := &decoderCache{fields: map[*types.Struct][]schemagen.JSONField{}, keyed: map[*types.Struct]map[string]*types.Var{}, self: map[types.Type]bool{}, keys: map[*types.Named]string{},
		parsed: newParseMemo()}
	if !noLeafMemo {
		c.leaves = map[leafKey]*Decoder{}
	}
	return c
}

// noLeafMemo, set by a test, plans every decoder anew.
var noLeafMemo = false

// leafKey is what the plan of a struct's decoder depends on, when it calls
// no other decoder function and its tool's schema has no $defs: the type,
// the schema node (by identity: the parse memo gives one node to one
// text), the package, whether the tool is strict, and whether its nulls
// are dropped there.
type leafKey struct {
	n      *types.Named
	node   unsafe.Pointer
	env    *decoderEnv
	strict bool
	drop   bool
}

// leafPlan returns the key under which the decoder of n planned from s may
// be shared between the tools of a worker; ok is false when it may not:
// the tool's schema has $defs, which a $ref below s would resolve against,
// or s is not an object node.
func (pl *planner) leafPlan(n *types.Named, s any, ctx planCtx) (k leafKey, ok bool) {
	m, isMap := s.(map[string]any)
	if pl.defs != nil || !isMap {
		return leafKey{}, false
	}
	return leafKey{n, nodeID(m), pl.env, pl.strict, ctx.drop}, true
}

// callsNone reports whether the plan of o calls no decoder function: its
// decoder is then a leaf, which leafPlan may share.
func callsNone(o *ObjectPlan) bool {
	for _, pp := range o.Props {
		for v := pp.Value; v != nil; v = v.Elem {
			if v.funcKey != "" {
				return false
			}
		}
	}
	return true
}

// planDecoder plans the decoder of a tool whose input is in (a named
// struct or a pointer to one) with the input schema schema. cache is the
// worker's.
func planDecoder(env *decoderEnv, b *schemagen.Builder, cache *decoderCache, in types.Type, schema []byte, strict bool) *toolDecoder {
	root, err := cache.parsed.parse(schema)
	if err != nil {
		return &toolDecoder{reason: "the input schema does not parse: " + err.Error()}
	}
	rootMap, ok := root.(map[string]any)
	if !ok {
		return &toolDecoder{reason: "the input schema is not an object"}
	}
	pl := &planner{env: env, b: b, cache: cache, root: rootMap, strict: strict, funcs: map[string]*Decoder{}, nodes: map[string]any{}}
	if defs, ok := rootMap["$defs"]; ok {
		if pl.defs, ok = defs.(map[string]any); !ok {
			return &toolDecoder{reason: "$defs is not an object"}
		}
	}
	ptr := false
	t := types.Unalias(in)
	if p, ok := t.(*types.Pointer); ok {
		ptr, t = true, types.Unalias(p.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok {
		return &toolDecoder{reason: "the input is not a named struct type"}
	}
	rootKey, err := pl.structFunc(named, rootMap, planCtx{drop: true, path: named.Obj().Name()})
	if err != nil {
		return &toolDecoder{reason: err.Error()}
	}
	if ptr {
		typ, err := pl.spell(named)
		if err != nil {
			return &toolDecoder{reason: err.Error()}
		}
		d := &Decoder{Kind: DecodePointer, Type: "*" + typ, key: "*" + rootKey}
		d.Elem = rootKey // a key until names are given
		pl.order = append([]*Decoder{d}, pl.order...)
		return &toolDecoder{funcs: pl.order}
	}
	// The root first.
	i := slices.IndexFunc(pl.order, func(d *Decoder) bool { return d.key == rootKey })
	pl.order = append(append([]*Decoder{pl.order[i]}, pl.order[:i]...), pl.order[i+1:]...)
	return &toolDecoder{funcs: pl.order}
}

// planner walks one tool's input type and schema.
type planner struct {
	env    *decoderEnv
	b      *schemagen.Builder
	cache  *decoderCache
	root   map[string]any
	defs   map[string]any
	strict bool
	funcs  map[string]*Decoder // by key
	order  []*Decoder
	nodes  map[string]any // the schema each function was planned from
}

// planCtx is where in the input a value is.
type planCtx struct {
	// drop: the runtime drops a strict tool's optional nulls here (not
	// inside map values, nor inside a union's array branch: see
	// runtime.dropOptionalNulls).
	drop bool
	// path names the value for reasons, as a Go selector.
	path string
	// owner, for a direct field of a named struct (through anonymous
	// struct fields only), is that struct's decoder key, and sel the
	// field's selector from it; "" elsewhere.
	owner, ownerType, sel string
}

// Keywords: those that the validator ignores or the decoders check, by
// where they may appear. Any other keyword that the validator asserts
// makes the tool keep the general path.
var (
	annotationKeywords = []string{"description", "title", "default", "examples", "readOnly", "writeOnly", "deprecated", "$comment", "$anchor", "format", "contentEncoding", "contentMediaType", "contentSchema"}
	assertedKeywords   = []string{"type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required", "dependentRequired", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items", "contains", "properties", "patternProperties", "additionalProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "$ref", "$dynamicRef", "$dynamicAnchor", "$id", "$schema", "$vocabulary", "$defs", "definitions", "dependencies", "additionalItems", "$recursiveRef", "$recursiveAnchor"}
)

// asserted is assertedKeywords as a set.
var asserted = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range assertedKeywords {
		m[k] = true
	}
	return m
}()

// checkKeywords fails when s has an asserted keyword other than allowed.
func checkKeywords(s map[string]any, path string, allowed ...string) error {
	var bad []string
	for k := range s {
		if !asserted[k] || slices.Contains(allowed, k) {
			continue
		}
		bad = append(bad, k)
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		return noDecoder("%s: the schema keyword %s is not supported by generated decoders", path, strings.Join(bad, ", "))
	}
	return nil
}

// resolve follows $ref to the schema it names. The result is a map (a
// boolean schema true is the empty schema).
func (pl *planner) resolve(s any, path string) (map[string]any, error) {
	for range 64 {
		switch v := s.(type) {
		case bool:
			if v {
				return map[string]any{}, nil
			}
			return nil, noDecoder("%s: the schema false is not supported by generated decoders", path)
		case map[string]any:
			ref, ok := v["$ref"]
			if !ok {
				return v, nil
			}
			if err := checkKeywords(v, path, "$ref"); err != nil {
				return nil, err
			}
			rs, _ := ref.(string)
			name, ok := strings.CutPrefix(rs, "#/$defs/")
			if !ok || strings.ContainsAny(name, "/~%") {
				return nil, noDecoder("%s: $ref %q is not a $defs entry", path, rs)
			}
			target, ok := pl.defs[name]
			if !ok {
				return nil, noDecoder("%s: $ref %q names no $defs entry", path, rs)
			}
			s = target
		default:
			return nil, noDecoder("%s: a schema is neither an object nor a boolean", path)
		}
	}
	return nil, noDecoder("%s: a chain of $refs is too long", path)
}

// structFunc plans the decoder function of the named struct type n, whose
// schema is s, and returns its key.
func (pl *planner) structFunc(n *types.Named, s any, ctx planCtx) (string, error) {
	key, ok := pl.cache.keys[n]
	if !ok {
		key = types.TypeString(n, nil)
		pl.cache.keys[n] = key
	}
	if d, ok := pl.funcs[key]; ok {
		if d.Object == nil {
			return key, nil // being planned: a recursive type
		}
		// Planned from another use in this schema: the same node, or a
		// copy of it (a struct used once is inlined), which must give the
		// same plan.
		if sameNode(pl.nodes[key], s) && (!pl.strict || ctx.drop) {
			return key, nil
		}
		// Plan it again, apart, and compare.
		sub := &planner{env: pl.env, b: pl.b, cache: pl.cache, root: pl.root, defs: pl.defs, strict: pl.strict, funcs: map[string]*Decoder{}, nodes: map[string]any{}}
		if _, err := sub.structFunc(n, s, ctx); err != nil {
			return "", err
		}
		for k, sd := range sub.funcs {
			if e, ok := pl.funcs[k]; ok && e.Object != nil && !sameDecoder(e, sd) {
				return "", noDecoder("%s: type %s has two different schemas in the input schema", ctx.path, n.Obj().Name())
			}
		}
		return key, nil
	}
	if n.TypeArgs().Len() > 0 {
		return "", noDecoder("%s: generic type %s is not supported by generated decoders", ctx.path, types.TypeString(n, types.RelativeTo(pl.env.pkg)))
	}
	lk, leaf := pl.leafPlan(n, s, ctx)
	if d, ok := pl.cache.leaves[lk]; ok && leaf {
		// The same plan as for an earlier tool: reading a Decoder, as
		// assignDecoders does, is the same whichever tool's it is.
		pl.funcs[key] = d
		pl.order = append(pl.order, d)
		pl.nodes[key] = s
		return key, nil
	}
	typ, err := pl.spell(n)
	if err != nil {
		return "", noDecoder("%s: %v", ctx.path, err)
	}
	d := &Decoder{Kind: DecodeStruct, Type: typ, key: key}
	pl.funcs[key] = d
	pl.order = append(pl.order, d)
	pl.nodes[key] = s
	obj, err := pl.objectOf(n, s, ctx, key)
	if err != nil {
		return "", err
	}
	d.Object = obj
	if leaf && callsNone(obj) && pl.cache.leaves != nil {
		pl.cache.leaves[lk] = d
	}
	return key, nil
}

func sameNode(a, b any) bool {
	am, ok1 := a.(map[string]any)
	bm, ok2 := b.(map[string]any)
	return ok1 && ok2 && nodeID(am) == nodeID(bm)
}

// nodeID is the identity of a parsed schema object: the parse memo gives
// one object to one text, within a worker.
func nodeID(m map[string]any) unsafe.Pointer { return reflect.ValueOf(m).UnsafePointer() }

func (pl *planner) objectOf(n *types.Named, s any, ctx planCtx, key string) (*ObjectPlan, error) {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil, noDecoder("%s: %s is not a struct", ctx.path, n.Obj().Name())
	}
	ctx.owner, ctx.ownerType, ctx.sel = key, key, ""
	return pl.object(st, n, s, ctx)
}

// object plans how the struct st (of type recv: a named type, or the
// anonymous struct itself) decodes from the object schema s.
func (pl *planner) object(st *types.Struct, recv types.Type, s any, ctx planCtx) (*ObjectPlan, error) {
	m, err := pl.resolve(s, ctx.path)
	if err != nil {
		return nil, err
	}
	if err := checkKeywords(m, ctx.path, "type", "properties", "required", "additionalProperties", "$defs"); err != nil {
		return nil, err
	}
	if ty, _ := m["type"].(string); ty != "object" {
		return nil, noDecoder("%s: the schema of a struct is not of type object", ctx.path)
	}
	if ap, ok := m["additionalProperties"].(bool); !ok || ap {
		return nil, noDecoder("%s: the schema of a struct allows additional properties", ctx.path)
	}
	props, _ := m["properties"].(map[string]any)
	if _, ok := m["properties"]; ok && props == nil {
		return nil, noDecoder("%s: properties is not an object", ctx.path)
	}
	var required []string
	if r, ok := m["required"]; ok {
		list, ok := r.([]any)
		if !ok {
			return nil, noDecoder("%s: required is not an array", ctx.path)
		}
		for _, x := range list {
			name, ok := x.(string)
			if !ok || slices.Contains(required, name) {
				return nil, noDecoder("%s: required is not a list of distinct names", ctx.path)
			}
			if _, ok := props[name]; !ok {
				return nil, noDecoder("%s: required property %q is not among the properties", ctx.path, name)
			}
			required = append(required, name)
		}
	}
	if len(props) > maxProps {
		return nil, noDecoder("%s: an object with %d properties (generated decoders handle %d)", ctx.path, len(props), maxProps)
	}
	if pl.strict && !ctx.drop && len(required) < len(props) {
		return nil, noDecoder("%s: the tool is strict, and this object, inside a map value or a nullable array, keeps its optional nulls", ctx.path)
	}

	fields, ok := pl.cache.fields[st]
	if !ok {
		fields = pl.b.JSONFields(st)
		pl.cache.fields[st] = fields
	}
	keyed, ok := pl.cache.keyed[st]
	if !ok {
		keyed = keyCheckFields(st)
		pl.cache.keyed[st] = keyed
	}
	byName := map[string]*PropPlan{}
	var order []*PropPlan
	for _, f := range fields {
		if f.Hidden {
			continue
		}
		if k := keyed[f.Name]; k == nil || k != f.Var && !types.Identical(k.Type(), f.Var.Type()) && pl.keyChecked(k.Type(), 0) && pl.mayHoldObject(f.Var.Type(), 0) {
			// The general path's key check would look for the keys inside
			// this property's value in another type, or reject it.
			return nil, noDecoder("%s: the runtime's check of key case (structFields in runtime/validate.go) takes property %q to be %s, where encoding/json decodes a %s",
				ctx.path, f.Name, keyType(pl.env.pkg, k), types.TypeString(f.Var.Type(), types.RelativeTo(pl.env.pkg)))
		}
		ps, ok := props[f.Name]
		if !ok {
			return nil, noDecoder("%s: field %s has no property in the schema", ctx.path, f.Var.Name())
		}
		if slices.Contains(f.Options, "string") {
			return nil, noDecoder("%s.%s: the json option \"string\" is not supported by generated decoders", ctx.path, f.Var.Name())
		}
		sel, allocs, err := pl.selector(st, recv, f)
		if err != nil {
			return nil, noDecoder("%s.%s: %v", ctx.path, f.Var.Name(), err)
		}
		if ctx.sel != "" {
			for i := range allocs {
				allocs[i].Field = ctx.sel + "." + allocs[i].Field
			}
		}
		fctx := ctx
		fctx.path = ctx.path + "." + f.Var.Name()
		if ctx.sel != "" {
			fctx.sel = ctx.sel + "." + sel
		} else {
			fctx.sel = sel
		}
		v, err := pl.value(f.Var.Type(), ps, fctx)
		if err != nil {
			return nil, err
		}
		pp := &PropPlan{Name: f.Name, Field: fctx.sel, Value: v, Alloc: allocs}
		byName[f.Name] = pp
		order = append(order, pp)
	}
	if len(byName) != len(props) {
		return nil, noDecoder("%s: the schema has properties that no field decodes", ctx.path)
	}
	obj := &ObjectPlan{Required: len(required)}
	for _, name := range required {
		obj.Props = append(obj.Props, byName[name])
	}
	for _, pp := range order {
		if !slices.Contains(required, pp.Name) {
			obj.Props = append(obj.Props, pp)
		}
	}
	return obj, nil
}

// selector returns the selector of field f from a value of type recv
// (whose struct is st): the field's own name when Go resolves it to that
// field, else the path through the embedded structs; and the embedded
// pointers on that path, which the decoder allocates as encoding/json
// does.
func (pl *planner) selector(st *types.Struct, recv types.Type, f schemagen.JSONField) (string, []Alloc, error) {
	var names []string
	var allocs []Alloc
	cur := st
	for i, idx := range f.Index {
		fv := cur.Field(idx)
		names = append(names, fv.Name())
		if i == len(f.Index)-1 {
			break
		}
		ft := types.Unalias(fv.Type())
		if p, ok := ft.(*types.Pointer); ok {
			if !fv.Exported() {
				// encoding/json fails: "cannot set embedded pointer to
				// unexported struct".
				return "", nil, errors.New("a field promoted through an embedded pointer to an unexported type")
			}
			typ, err := pl.spell(p.Elem())
			if err != nil {
				return "", nil, err
			}
			allocs = append(allocs, Alloc{Field: strings.Join(names, "."), Type: typ})
			ft = types.Unalias(p.Elem())
		}
		next, ok := ft.Underlying().(*types.Struct)
		if !ok {
			return "", nil, errors.New("a field promoted through a non-struct")
		}
		cur = next
	}
	for _, n := range names {
		if !token.IsExported(n) && f.Var.Pkg() != pl.env.pkg {
			return "", nil, fmt.Errorf("unexported field %s of another package", n)
		}
	}
	if obj, _, _ := types.LookupFieldOrMethod(recv, true, pl.env.pkg, f.Var.Name()); obj == f.Var {
		return f.Var.Name(), allocs, nil
	}
	return strings.Join(names, "."), allocs, nil
}

// typeLists are the lists of one JSON type that schemaTypes returns, one
// for all: its callers only read them.
var typeLists = map[string][]string{
	"string": {"string"}, "integer": {"integer"}, "number": {"number"}, "boolean": {"boolean"},
	"object": {"object"}, "array": {"array"}, "null": {"null"},
}

// schemaTypes returns the schema's "type" as a list, which the caller must
// not change.
func schemaTypes(m map[string]any, path string) ([]string, error) {
	switch t := m["type"].(type) {
	case nil:
		return nil, nil
	case string:
		if l, ok := typeLists[t]; ok {
			return l, nil
		}
		return []string{t}, nil
	case []any:
		var out []string
		for _, x := range t {
			s, ok := x.(string)
			if !ok || slices.Contains(out, s) {
				return nil, noDecoder("%s: type is not a list of distinct names", path)
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, noDecoder("%s: type is neither a name nor a list", path)
}

// unionBranch returns the other branch of a union of a schema with null
// ({"oneOf": [X, {"type": "null"}]}, or anyOf), and whether s is one.
func (pl *planner) unionBranch(m map[string]any, path string) (branch any, union, oneOf bool, err error) {
	key := "oneOf"
	alts, ok := m["oneOf"]
	if !ok {
		key = "anyOf"
		if alts, ok = m["anyOf"]; !ok {
			return nil, false, false, nil
		}
	}
	if err := checkKeywords(m, path, key); err != nil {
		return nil, false, false, noDecoder("%s: a %s with other keywords is not supported by generated decoders", path, key)
	}
	list, ok := alts.([]any)
	if !ok || len(list) != 2 {
		return nil, false, false, noDecoder("%s: a %s other than a union with null is not supported by generated decoders", path, key)
	}
	for i, alt := range list {
		am, err := pl.resolve(alt, path)
		if err != nil {
			return nil, false, false, err
		}
		if ty, _ := am["type"].(string); ty == "null" && checkKeywords(am, path, "type") == nil {
			return list[1-i], true, key == "oneOf", nil
		}
	}
	return nil, false, false, noDecoder("%s: a %s other than a union with null is not supported by generated decoders", path, key)
}

// admitsNull reports whether the schema m accepts null.
func admitsNull(m map[string]any, path string) bool {
	types, err := schemaTypes(m, path)
	if err != nil {
		return false
	}
	if types == nil {
		_, union := m["oneOf"]
		_, union2 := m["anyOf"]
		_, enum := m["enum"]
		_, cnst := m["const"]
		return !union && !union2 && !enum && !cnst
	}
	return slices.Contains(types, "null")
}

// value plans how a value of Go type t decodes from schema s.
func (pl *planner) value(t types.Type, s any, ctx planCtx) (*ValuePlan, error) {
	m, err := pl.resolve(s, ctx.path)
	if err != nil {
		return nil, err
	}
	branch, union, oneOf, err := pl.unionBranch(m, ctx.path)
	if err != nil {
		return nil, err
	}
	if union {
		bm, err := pl.resolve(branch, ctx.path)
		if err != nil {
			return nil, err
		}
		if oneOf && admitsNull(bm, ctx.path) {
			return nil, noDecoder("%s: a oneOf whose branches both accept null", ctx.path)
		}
		bctx := ctx
		// The runtime drops optional nulls inside a union's object
		// branch, not inside its other branches.
		if _, ok := bm["properties"]; !ok {
			bctx.drop = false
		}
		v, err := pl.value(t, branch, bctx)
		if err != nil {
			return nil, err
		}
		v.Null, v.Union = true, true
		return v, nil
	}
	return pl.plain(t, m, ctx)
}

// plain plans a value whose schema m is not a union.
func (pl *planner) plain(t types.Type, m map[string]any, ctx planCtx) (*ValuePlan, error) {
	t = types.Unalias(t)
	switch t := t.(type) {
	case *types.Pointer:
		if _, ok := types.Unalias(t.Elem()).(*types.Pointer); ok {
			return nil, noDecoder("%s: a pointer to a pointer is not supported by generated decoders", ctx.path)
		}
		typ, err := pl.spell(t)
		if err != nil {
			return nil, noDecoder("%s: %v", ctx.path, err)
		}
		ectx := ctx
		ectx.sel = "" // not a field of the owner
		elem, err := pl.plain(t.Elem(), m, ectx)
		if err != nil {
			return nil, err
		}
		v := &ValuePlan{Kind: ValuePointer, Type: typ, Elem: elem, MinLength: -1, MaxLength: -1, MinItems: -1, MaxItems: -1}
		if elem.Null || (elem.Kind == ValueJSON || elem.Kind == ValueRaw) && elem.JSONType == "" {
			// null leaves the pointer nil, as encoding/json does.
			v.Null, elem.Null = true, false
		}
		return v, nil
	case *types.Named:
		return pl.named(t, m, ctx)
	case *types.Basic:
		return pl.basic(t, t, m, ctx)
	case *types.Slice:
		return pl.slice(t, t, m, ctx)
	case *types.Map:
		return pl.mapValue(t, t, m, ctx)
	case *types.Interface:
		return pl.anyValue(t, t, m, ctx)
	case *types.Struct:
		if ctx.sel == "" {
			return nil, noDecoder("%s: an anonymous struct inside a pointer, slice or map is not supported by generated decoders", ctx.path)
		}
		return pl.fieldStruct(t, m, ctx)
	case *types.Array:
		return pl.array(t, t, m, ctx)
	}
	return nil, noDecoder("%s: type %s is not supported by generated decoders", ctx.path, types.TypeString(t, types.RelativeTo(pl.env.pkg)))
}

// newPlan returns a plan of kind k with no bounds.
func newPlan(k ValueKind, typ string) *ValuePlan {
	return &ValuePlan{Kind: k, Type: typ, MinLength: -1, MaxLength: -1, MinItems: -1, MaxItems: -1}
}

func (pl *planner) named(n *types.Named, m map[string]any, ctx planCtx) (*ValuePlan, error) {
	obj := n.Obj()
	if pkg := obj.Pkg(); pkg != nil {
		switch pkg.Path() + "." + obj.Name() {
		case "time.Time":
			if err := pl.stringOnly(m, ctx); err != nil {
				return nil, err
			}
			typ, err := pl.spell(n)
			if err != nil {
				return nil, noDecoder("%s: %v", ctx.path, err)
			}
			v := newPlan(ValueTime, typ)
			if err := pl.wantTypes(v, m, ctx, "string"); err != nil {
				return nil, err
			}
			return v, nil
		case "encoding/json.RawMessage":
			if pl.strict {
				return nil, noDecoder("%s: the tool is strict, and a json.RawMessage would hold the arguments as the runtime re-encodes them", ctx.path)
			}
			if err := checkKeywords(m, ctx.path); err != nil {
				return nil, err
			}
			return newPlan(ValueRaw, pl.env.imports.JSON+".RawMessage"), nil
		case "encoding/json.Number":
			if err := checkKeywords(m, ctx.path, "type"); err != nil {
				return nil, err
			}
			v := newPlan(ValueNumber, pl.env.imports.JSON+".Number")
			if err := pl.wantTypes(v, m, ctx, "number"); err != nil {
				return nil, err
			}
			return v, nil
		}
	}
	if pl.decodesItself(n) {
		return nil, noDecoder("%s: type %s has its own UnmarshalJSON or UnmarshalText", ctx.path, types.TypeString(n, types.RelativeTo(pl.env.pkg)))
	}
	if n.TypeArgs().Len() > 0 {
		return nil, noDecoder("%s: generic type %s is not supported by generated decoders", ctx.path, types.TypeString(n, types.RelativeTo(pl.env.pkg)))
	}
	typ, err := pl.spell(n)
	if err != nil {
		return nil, noDecoder("%s: %v", ctx.path, err)
	}
	switch u := n.Underlying().(type) {
	case *types.Struct:
		key, err := pl.structFunc(n, m, ctx)
		if err != nil {
			return nil, err
		}
		v := newPlan(ValueStruct, typ)
		v.funcKey = key
		return v, nil
	case *types.Basic:
		return pl.basic(u, n, m, ctx)
	case *types.Slice:
		return pl.slice(u, n, m, ctx)
	case *types.Map:
		return pl.mapValue(u, n, m, ctx)
	case *types.Interface:
		return pl.anyValue(u, n, m, ctx)
	case *types.Array:
		return pl.array(u, n, m, ctx)
	case *types.Pointer:
		return nil, noDecoder("%s: a named pointer type is not supported by generated decoders", ctx.path)
	}
	return nil, noDecoder("%s: type %s is not supported by generated decoders", ctx.path, obj.Name())
}

// decodesItself reports whether encoding/json decodes t through its
// UnmarshalJSON or UnmarshalText method.
func (pl *planner) decodesItself(t types.Type) bool {
	if v, ok := pl.cache.self[t]; ok {
		return v
	}
	p := types.NewPointer(t)
	v := types.Implements(p, pl.env.jsonUnmarshaler) || types.Implements(p, pl.env.textUnmarshaler) ||
		types.Implements(t, pl.env.jsonUnmarshaler) || types.Implements(t, pl.env.textUnmarshaler)
	pl.cache.self[t] = v
	return v
}

// stringOnly checks that m is {"type": "string"} with annotations only.
func (pl *planner) stringOnly(m map[string]any, ctx planCtx) error {
	if err := checkKeywords(m, ctx.path, "type"); err != nil {
		return err
	}
	return nil
}

// wantTypes checks that the schema's type is want, or want and null, and
// sets v.JSONType and v.Null.
func (pl *planner) wantTypes(v *ValuePlan, m map[string]any, ctx planCtx, want string) error {
	types, err := schemaTypes(m, ctx.path)
	if err != nil {
		return err
	}
	switch {
	case len(types) == 1 && types[0] == want:
	case len(types) == 2 && slices.Contains(types, want) && slices.Contains(types, "null"):
		v.Null = true
	default:
		return noDecoder("%s: the schema's type is %s where the Go type wants %s", ctx.path, showTypes(types), want)
	}
	v.JSONType = jsonarg.TypeNames(types...)
	return nil
}

func showTypes(types []string) string {
	if len(types) == 0 {
		return "any"
	}
	return strings.Join(types, " or ")
}

// basic plans a boolean, string or number.
func (pl *planner) basic(b *types.Basic, display types.Type, m map[string]any, ctx planCtx) (*ValuePlan, error) {
	typ, err := pl.spell(display)
	if err != nil {
		return nil, noDecoder("%s: %v", ctx.path, err)
	}
	info := b.Info()
	var v *ValuePlan
	var want string
	var allowed []string
	switch {
	case info&types.IsBoolean != 0:
		v, want, allowed = newPlan(ValueBool, typ), "boolean", []string{"type"}
	case info&types.IsString != 0:
		v, want, allowed = newPlan(ValueString, typ), "string", []string{"type", "enum", "const", "minLength", "maxLength", "pattern"}
	case info&types.IsInteger != 0:
		k := ValueInt
		if info&types.IsUnsigned != 0 {
			k = ValueUint
		}
		v, want, allowed = newPlan(k, typ), "integer", []string{"type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}
		v.Bits = intBits(b.Kind())
	case info&types.IsFloat != 0:
		v, want, allowed = newPlan(ValueFloat, typ), "number", []string{"type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}
		v.Bits = 64
		if b.Kind() == types.Float32 {
			v.Bits = 32
		}
	default:
		return nil, noDecoder("%s: type %s is not supported by generated decoders", ctx.path, b.Name())
	}
	if err := checkKeywords(m, ctx.path, allowed...); err != nil {
		return nil, err
	}
	if err := pl.wantTypes(v, m, ctx, want); err != nil {
		return nil, err
	}
	if err := enumOf(v, m, ctx); err != nil {
		return nil, err
	}
	for _, kw := range []struct {
		name string
		dst  *string
	}{{"minimum", &v.Minimum}, {"maximum", &v.Maximum}, {"exclusiveMinimum", &v.ExclusiveMinimum}, {"exclusiveMaximum", &v.ExclusiveMaximum}} {
		x, ok := m[kw.name]
		if !ok {
			continue
		}
		n, ok := x.(json.Number)
		if !ok {
			return nil, noDecoder("%s: %s is not a number", ctx.path, kw.name)
		}
		r, ok := new(big.Rat).SetString(n.String())
		if !ok {
			return nil, noDecoder("%s: %s is not a number math/big reads", ctx.path, kw.name)
		}
		if v.Kind == ValueFloat {
			// The decoder compares a float with the bound exactly, as a
			// float64 or as a fraction of int64s (see decoderWriter.float).
			f, _ := r.Float64()
			if !math.IsInf(f, 0) && new(big.Rat).SetFloat64(f).Cmp(r) != 0 && (!r.Num().IsInt64() || !r.Denom().IsInt64()) {
				return nil, noDecoder("%s: %s %s is too precise for generated decoders", ctx.path, kw.name, n)
			}
		}
		*kw.dst = n.String()
	}
	if x, ok := m["multipleOf"]; ok {
		n, ok := x.(json.Number)
		r, ok2 := new(big.Rat).SetString(n.String())
		if !ok || !ok2 || r.Sign() <= 0 {
			return nil, noDecoder("%s: multipleOf is not a positive number", ctx.path)
		}
		// An integer takes it as a modulus when it is an integer; else the
		// decoder divides exactly (see decoderWriter.multipleOf).
		if !(v.Kind != ValueFloat && r.IsInt() && r.Num().IsUint64()) && (!r.Num().IsInt64() || !r.Denom().IsInt64()) {
			return nil, noDecoder("%s: multipleOf %s is too precise for generated decoders", ctx.path, n)
		}
		v.MultipleOf = n.String()
	}
	if x, ok := m["pattern"]; ok {
		pat, ok := x.(string)
		if !ok {
			return nil, noDecoder("%s: pattern is not a string", ctx.path)
		}
		// The validator compiles patterns with regexp.Compile.
		if _, err := regexp.Compile(pat); err != nil {
			return nil, noDecoder("%s: pattern %q does not compile: %v", ctx.path, pat, err)
		}
		if p := pl.env.imports; p.Regexp == "" || p.Sync == "" {
			return nil, noDecoder("%s: no name is free for package regexp or sync in the generated file", ctx.path)
		}
		v.Pattern = pat
	}
	for _, kw := range []struct {
		name string
		dst  *int
	}{{"minLength", &v.MinLength}, {"maxLength", &v.MaxLength}} {
		if x, ok := m[kw.name]; ok {
			n, err := count(x)
			if err != nil {
				return nil, noDecoder("%s: %s: %v", ctx.path, kw.name, err)
			}
			*kw.dst = n
		}
	}
	return v, nil
}

// intBits is the size of an integer kind, 0 for the platform's.
func intBits(k types.BasicKind) int {
	switch k {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	case types.Int64, types.Uint64:
		return 64
	}
	return 0
}

// count reads a non-negative integer keyword (minLength and the like).
func count(x any) (int, error) {
	n, ok := x.(json.Number)
	if !ok {
		return 0, errors.New("not a number")
	}
	i, err := strconv.ParseInt(n.String(), 10, 32)
	if err != nil || i < 0 {
		return 0, errors.New("not a small non-negative integer")
	}
	return int(i), nil
}

// enumOf records the schema's enum or const in v: string values for a
// string, numbers for an integer.
func enumOf(v *ValuePlan, m map[string]any, ctx planCtx) error {
	var values []any
	if e, ok := m["enum"]; ok {
		list, ok := e.([]any)
		if !ok || len(list) == 0 {
			return noDecoder("%s: enum is not a non-empty array", ctx.path)
		}
		values = list
	}
	if c, ok := m["const"]; ok {
		if values != nil {
			return noDecoder("%s: both enum and const", ctx.path)
		}
		values, v.Const = []any{c}, true
	}
	for _, x := range values {
		var lit []byte
		switch x := x.(type) {
		case string:
			if v.Kind != ValueString {
				return noDecoder("%s: a string in the enum of a number", ctx.path)
			}
			lit = jsonString(x)
		case json.Number:
			if v.Kind != ValueInt && v.Kind != ValueUint {
				return noDecoder("%s: a number in the enum of a non-integer", ctx.path)
			}
			lit = []byte(x.String())
		default:
			return noDecoder("%s: an enum value that is neither a string nor a number", ctx.path)
		}
		v.Enum = append(v.Enum, string(lit))
	}
	return nil
}

// jsonString is json.Marshal of s: quoted as it is when it holds nothing
// that encoding/json escapes.
func jsonString(s string) []byte {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s)
			return b
		}
	}
	return []byte(`"` + s + `"`)
}

// slice plans a slice (display is its type, maybe named).
func (pl *planner) slice(sl *types.Slice, display types.Type, m map[string]any, ctx planCtx) (*ValuePlan, error) {
	typ, err := pl.spell(display)
	if err != nil {
		return nil, noDecoder("%s: %v", ctx.path, err)
	}
	if b, ok := sl.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
		// encoding/json reads a base64 string into a slice of bytes.
		if err := checkKeywords(m, ctx.path, "type"); err != nil {
			return nil, err
		}
		v := newPlan(ValueJSON, typ)
		if err := pl.wantTypes(v, m, ctx, "string"); err != nil {
			return nil, err
		}
		return v, nil
	}
	if err := checkKeywords(m, ctx.path, "type", "items", "minItems", "maxItems", "uniqueItems"); err != nil {
		return nil, err
	}
	v := newPlan(ValueSlice, typ)
	if err := pl.wantTypes(v, m, ctx, "array"); err != nil {
		return nil, err
	}
	items, ok := m["items"]
	if !ok {
		return nil, noDecoder("%s: an array schema without items", ctx.path)
	}
	for _, kw := range []struct {
		name string
		dst  *int
	}{{"minItems", &v.MinItems}, {"maxItems", &v.MaxItems}} {
		if x, ok := m[kw.name]; ok {
			n, err := count(x)
			if err != nil {
				return nil, noDecoder("%s: %s: %v", ctx.path, kw.name, err)
			}
			*kw.dst = n
		}
	}
	ectx := ctx
	ectx.sel = ""
	ectx.path += "[]"
	if v.Elem, err = pl.value(sl.Elem(), items, ectx); err != nil {
		return nil, err
	}
	if u, ok := m["uniqueItems"]; ok {
		unique, ok := u.(bool)
		if !ok {
			return nil, noDecoder("%s: uniqueItems is not a boolean", ctx.path)
		}
		// The validator compares the items as JSON values: valid items of
		// these kinds compare the same as Go values (a float would not:
		// two literals may round to one float64).
		switch e := v.Elem; {
		case !unique:
		case e.Null || e.Union || e.Kind != ValueString && e.Kind != ValueInt && e.Kind != ValueUint && e.Kind != ValueBool:
			return nil, noDecoder("%s: uniqueItems on items other than strings, integers and booleans is not supported by generated decoders", ctx.path)
		case pl.env.imports.Slices == "":
			return nil, noDecoder("%s: no name is free for package slices in the generated file", ctx.path)
		default:
			v.UniqueItems = true
		}
	}
	return v, nil
}

// array plans an array: encoding/json fills its first items and zeroes
// the others, and skips the items beyond its length, which the validator
// still checks.
func (pl *planner) array(a *types.Array, display types.Type, m map[string]any, ctx planCtx) (*ValuePlan, error) {
	v, err := pl.slice(types.NewSlice(a.Elem()), display, m, ctx)
	if err != nil {
		return nil, err
	}
	if v.UniqueItems {
		return nil, noDecoder("%s: uniqueItems on an array is not supported by generated decoders", ctx.path)
	}
	if v.Kind != ValueSlice || a.Len() > 1<<20 {
		return nil, noDecoder("%s: an array of more than 2^20 items is not supported by generated decoders", ctx.path)
	}
	v.Kind, v.Len = ValueArray, int(a.Len())
	return v, nil
}

// mapValue plans a map with string keys.
func (pl *planner) mapValue(mt *types.Map, display types.Type, m map[string]any, ctx planCtx) (*ValuePlan, error) {
	key, ok := mt.Key().Underlying().(*types.Basic)
	if !ok || key.Info()&types.IsString == 0 || pl.decodesItself(mt.Key()) {
		return nil, noDecoder("%s: a map whose keys are not strings is not supported by generated decoders", ctx.path)
	}
	typ, err := pl.spell(display)
	if err != nil {
		return nil, noDecoder("%s: %v", ctx.path, err)
	}
	keyType, err := pl.spell(mt.Key())
	if err != nil {
		return nil, noDecoder("%s: %v", ctx.path, err)
	}
	if err := checkKeywords(m, ctx.path, "type", "additionalProperties"); err != nil {
		return nil, err
	}
	v := newPlan(ValueMap, typ)
	v.Key = keyType
	if err := pl.wantTypes(v, m, ctx, "object"); err != nil {
		return nil, err
	}
	values, ok := m["additionalProperties"]
	if !ok {
		values = true
	}
	ectx := ctx
	ectx.sel = ""
	ectx.drop = false // the runtime does not drop nulls inside map values
	ectx.path += "[]"
	if v.Elem, err = pl.value(mt.Elem(), values, ectx); err != nil {
		return nil, err
	}
	return v, nil
}

// anyValue plans an empty interface: encoding/json decodes it.
func (pl *planner) anyValue(it *types.Interface, display types.Type, m map[string]any, ctx planCtx) (*ValuePlan, error) {
	if !it.Empty() {
		return nil, noDecoder("%s: a non-empty interface", ctx.path)
	}
	if err := checkKeywords(m, ctx.path); err != nil {
		return nil, err
	}
	typ, err := pl.spell(display)
	if err != nil {
		return nil, noDecoder("%s: %v", ctx.path, err)
	}
	return newPlan(ValueJSON, typ), nil
}

// fieldStruct plans an anonymous struct field: a function of its own,
// which takes the named struct that holds it.
func (pl *planner) fieldStruct(st *types.Struct, m map[string]any, ctx planCtx) (*ValuePlan, error) {
	key := ctx.owner + "." + ctx.sel
	if _, ok := pl.funcs[key]; ok {
		return nil, noDecoder("%s: an anonymous struct field decoded twice", ctx.path)
	}
	d := &Decoder{Kind: DecodeField, Type: pl.funcs[ctx.ownerType].Type, Field: ctx.sel, key: key}
	pl.funcs[key] = d
	pl.order = append(pl.order, d)
	obj, err := pl.object(st, st, m, ctx)
	if err != nil {
		return nil, err
	}
	d.Object = obj
	v := newPlan(ValueStruct, "")
	v.funcKey, v.Field = key, true
	return v, nil
}

// spell writes t as the generated file names it.
func (pl *planner) spell(t types.Type) (string, error) {
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		return t.Name(), nil
	case *types.Pointer:
		e, err := pl.spell(t.Elem())
		return "*" + e, err
	case *types.Slice:
		e, err := pl.spell(t.Elem())
		return "[]" + e, err
	case *types.Array:
		e, err := pl.spell(t.Elem())
		return "[" + strconv.FormatInt(t.Len(), 10) + "]" + e, err
	case *types.Map:
		k, err := pl.spell(t.Key())
		if err != nil {
			return "", err
		}
		e, err := pl.spell(t.Elem())
		return "map[" + k + "]" + e, err
	case *types.Interface:
		if t.Empty() {
			return "any", nil
		}
	case *types.Named:
		obj := t.Obj()
		if t.TypeArgs().Len() > 0 {
			return "", fmt.Errorf("generic type %s is not supported by generated decoders", obj.Name())
		}
		pkg := obj.Pkg()
		switch {
		case pkg == nil:
			return obj.Name(), nil // error, any, comparable
		case pkg == pl.env.pkg:
			if obj.Parent() != pkg.Scope() {
				return "", fmt.Errorf("type %s is declared inside a function", obj.Name())
			}
			return obj.Name(), nil
		case !obj.Exported():
			return "", fmt.Errorf("type %s of package %s is not exported", obj.Name(), pkg.Path())
		}
		var name string
		switch pkg.Path() {
		case "time":
			name = pl.env.imports.Time
		case "encoding/json":
			name = pl.env.imports.JSON
		default:
			name = pl.env.imports.Other[pkg.Path()]
		}
		if name == "" {
			return "", fmt.Errorf("type %s.%s: the generated file does not import package %s", pkg.Name(), obj.Name(), pkg.Path())
		}
		return name + "." + obj.Name(), nil
	}
	return "", fmt.Errorf("type %s cannot be spelled by generated decoders", types.TypeString(t, types.RelativeTo(pl.env.pkg)))
}

// assignDecoders gives the tools of package p the decoders that the
// schema workers planned for them (plans[i] is the plan of p.Tools[i], nil
// for a tool whose schema failed): the functions that several tools share
// are written once, and each function gets a name that nothing else in
// the package uses (scope is the package's scope, without the generated
// file).
func assignDecoders(p *Package, plans []*toolDecoder, scope *types.Scope) {
	funcs := map[string]*Decoder{}
	var order []*Decoder
	roots := make([]string, len(p.Tools))
	for i, t := range p.Tools {
		plan := plans[i]
		switch {
		case plan == nil:
			continue
		case plan.reason != "":
			t.NoDecoder = plan.reason
			continue
		case p.Imports.JSONArg == "":
			t.NoDecoder = "no name is free for package jsonarg in the generated file"
			continue
		}
		clash := ""
		for _, d := range plan.funcs {
			if e, ok := funcs[d.key]; ok && !sameDecoder(e, d) {
				clash = d.Type
			}
		}
		if clash != "" {
			t.NoDecoder = fmt.Sprintf("type %s decodes differently for another tool of the package", clash)
			continue
		}
		for _, d := range plan.funcs {
			if _, ok := funcs[d.key]; !ok {
				funcs[d.key] = d
				order = append(order, d)
			}
		}
		roots[i] = plan.funcs[0].key
		root := funcs[roots[i]]
		root.Tools = append(root.Tools, t.ID)
		if root.Kind == DecodePointer {
			elem := funcs[root.Elem]
			elem.Tools = append(elem.Tools, t.ID)
		}
	}
	if len(order) == 0 {
		return
	}

	// Names: the structs first, then the fields and pointers, which are
	// named after them.
	taken := map[string]bool{}
	for _, t := range p.Tools {
		for _, n := range toolNames(t) {
			taken[n] = true
		}
		taken[toolsetFunc(t.Recv)] = true
	}
	for _, st := range p.Stubs {
		taken[st.Hook.Func] = true
	}
	name := func(base string) string {
		n := base
		for i := 2; taken[n] || scope.Lookup(n) != nil; i++ {
			n = base + strconv.Itoa(i)
		}
		taken[n] = true
		return n
	}
	names := map[string]string{}
	for _, kind := range []DecoderKind{DecodeStruct, DecodeField, DecodePointer} {
		for _, d := range order {
			if d.Kind != kind {
				continue
			}
			switch kind {
			case DecodeStruct:
				d.Name = name("decode" + upperFirst(strings.ReplaceAll(d.Type, ".", "")))
			case DecodeField:
				d.Name = name(names[strings.TrimSuffix(d.key, "."+d.Field)] + strings.ReplaceAll(d.Field, ".", ""))
			case DecodePointer:
				d.Name = name(names[d.Elem] + "Ptr")
			}
			names[d.key] = d.Name
		}
	}
	for _, d := range order {
		if d.Kind == DecodePointer {
			d.Elem = names[d.Elem]
		}
		if d.Object != nil {
			patterns := 0
			for _, pp := range d.Object.Props {
				nameFuncs(pp.Value, names)
				for v := pp.Value; v != nil; v = v.Elem {
					if v.Pattern != "" && len(v.Enum) == 0 { // an enum's are checked when generated
						patterns++
						v.PatternVar = name(d.Name + "Pattern" + strconv.Itoa(patterns))
					}
				}
			}
		}
	}
	for i, t := range p.Tools {
		if roots[i] != "" {
			t.Decoder = names[roots[i]]
		}
	}
	p.Decoders = order
}

// nameFuncs sets the names of the decoder functions that v calls.
func nameFuncs(v *ValuePlan, names map[string]string) {
	for ; v != nil; v = v.Elem {
		if v.funcKey != "" {
			v.Func = names[v.funcKey]
		}
	}
}

// sameDecoder reports whether two plans of the function of one key are
// the same function (names, which are given later, and tools aside).
func sameDecoder(a, b *Decoder) bool {
	return a.Type == b.Type && a.Kind == b.Kind && a.Field == b.Field && a.Elem == b.Elem && a.key == b.key &&
		sameObject(a.Object, b.Object)
}

func sameObject(a, b *ObjectPlan) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Required != b.Required || len(a.Props) != len(b.Props) {
		return false
	}
	for i, p := range a.Props {
		q := b.Props[i]
		if p.Name != q.Name || p.Field != q.Field || !slices.Equal(p.Alloc, q.Alloc) || !sameValue(p.Value, q.Value) {
			return false
		}
	}
	return true
}

func sameValue(a, b *ValuePlan) bool {
	for ; a != nil && b != nil; a, b = a.Elem, b.Elem {
		if a.Kind != b.Kind || a.Type != b.Type || a.Bits != b.Bits || a.JSONType != b.JSONType ||
			a.Null != b.Null || a.Union != b.Union || a.Const != b.Const || !slices.Equal(a.Enum, b.Enum) ||
			a.Minimum != b.Minimum || a.Maximum != b.Maximum || a.ExclusiveMinimum != b.ExclusiveMinimum ||
			a.ExclusiveMaximum != b.ExclusiveMaximum || a.MultipleOf != b.MultipleOf ||
			a.MinLength != b.MinLength || a.MaxLength != b.MaxLength || a.MinItems != b.MinItems || a.MaxItems != b.MaxItems ||
			a.Pattern != b.Pattern || a.PatternVar != b.PatternVar || a.Key != b.Key || a.Len != b.Len ||
			a.UniqueItems != b.UniqueItems || a.Func != b.Func || a.Field != b.Field || a.funcKey != b.funcKey {
			return false
		}
	}
	return a == nil && b == nil
}

// parseSchema parses a schema as encoding/json parses JSON into an any
// with UseNumber (objects as map[string]any, numbers as json.Number), in
// one pass and without the annotations that planning never reads
// (descriptions, titles, examples, defaults), which are most of a
// schema's bytes.
func parseSchema(data []byte) (any, error) {
	return (*parseMemo)(nil).parse(data)
}

// parseMemo remembers the objects that parseSchema parsed below the root,
// by their text and mode, so that an object whose text comes again (the
// schema of a struct that many tools use, the properties of tools of one
// shape, a {"type": "string"} with the same description) is parsed once:
// the schemas of a package repeat themselves. The objects are shared, so
// planning only reads them. A memo belongs to one worker; it keeps the
// schemas it parsed alive, as the texts of its entries are theirs.
type parseMemo struct {
	seed    maphash.Seed
	entries map[uint64][]parsedObject
}

type parsedObject struct {
	text []byte
	mode int
	v    any
}

func newParseMemo() *parseMemo {
	return &parseMemo{seed: maphash.MakeSeed(), entries: map[uint64][]parsedObject{}}
}

// parse is parseSchema with the memo; a nil memo remembers nothing.
func (pm *parseMemo) parse(data []byte) (any, error) {
	p := &schemaParser{data: data, memo: pm}
	v, err := p.value(0, inSchema)
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.pos != len(p.data) {
		return nil, errors.New("data after the schema")
	}
	return v, nil
}

type schemaParser struct {
	data []byte
	pos  int
	memo *parseMemo // nil: none
}

// object parses the object at p.pos, or takes it from the memo.
func (p *schemaParser) object(depth, mode int) (any, error) {
	if p.memo == nil || depth == 0 {
		return p.parseObject(depth, mode)
	}
	end, ok := skipJSON(p.data, p.pos)
	if !ok {
		return p.parseObject(depth, mode) // for its error
	}
	text := p.data[p.pos:end]
	h := maphash.Bytes(p.memo.seed, text)
	for _, e := range p.memo.entries[h] {
		if e.mode == mode && bytes.Equal(e.text, text) {
			p.pos = end
			return e.v, nil
		}
	}
	v, err := p.parseObject(depth, mode)
	if err == nil && p.pos == end {
		p.memo.entries[h] = append(p.memo.entries[h], parsedObject{text, mode, v})
	}
	return v, err
}

// skipJSON returns the end of the object or array that starts at
// data[start], without checking more than its brackets and strings (a
// text that is not JSON is parsed for its error).
func skipJSON(data []byte, start int) (end int, ok bool) {
	depth := 0
	for i := start; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return i + 1, true
			}
		}
	}
	return 0, false
}

var errSchemaSyntax = errors.New("invalid JSON in the schema")

func (p *schemaParser) ws() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// skipped are the keys whose values planning never reads.
func skipped(key string) bool {
	switch key {
	case "description", "title", "examples", "default", "$comment":
		return true
	}
	return false
}

// What a JSON value of a schema is, for parseSchema.
const (
	inSchema = iota // a schema, or a list of schemas: annotations are left out
	inNames         // an object of schemas by name (properties, $defs)
	inValue         // an instance value (enum, const): kept whole
)

// childMode is the mode of the value of key in an object of mode mode.
func childMode(mode int, key string) int {
	switch {
	case mode == inValue:
		return inValue
	case mode == inNames:
		return inSchema
	}
	switch key {
	case "properties", "$defs", "definitions", "patternProperties", "dependentSchemas":
		return inNames
	case "enum", "const":
		return inValue
	}
	return inSchema
}

func (p *schemaParser) value(depth, mode int) (any, error) {
	p.ws()
	if p.pos >= len(p.data) || depth > 10000 {
		return nil, errSchemaSyntax
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth, mode)
	case c == '[':
		p.pos++
		list := []any{}
		p.ws()
		if p.pos < len(p.data) && p.data[p.pos] == ']' {
			p.pos++
			return list, nil
		}
		for {
			v, err := p.value(depth+1, mode)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
			if more, err := p.sep(']'); err != nil || !more {
				return list, err
			}
		}
	case c == '"':
		return p.str()
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []struct {
			text string
			v    any
		}{{"true", true}, {"false", false}, {"null", nil}} {
			if bytes.HasPrefix(p.data[p.pos:], []byte(lit.text)) {
				p.pos += len(lit.text)
				return lit.v, nil
			}
		}
		return nil, errSchemaSyntax
	default:
		start := p.pos
		for p.pos < len(p.data) && strings.IndexByte("+-.0123456789eE", p.data[p.pos]) >= 0 {
			p.pos++
		}
		if start == p.pos || !json.Valid(p.data[start:p.pos]) {
			return nil, errSchemaSyntax
		}
		return json.Number(p.data[start:p.pos]), nil
	}
}

// parseObject parses the object at p.pos.
func (p *schemaParser) parseObject(depth, mode int) (any, error) {
	p.pos++
	m := map[string]any{}
	p.ws()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return m, nil
	}
	for {
		p.ws()
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.ws()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, errSchemaSyntax
		}
		p.pos++
		v, err := p.value(depth+1, childMode(mode, key))
		if err != nil {
			return nil, err
		}
		if mode != inSchema || !skipped(key) {
			m[key] = v
		}
		if more, err := p.sep('}'); err != nil || !more {
			return m, err
		}
	}
}

// sep reads what follows a member or an element: a comma, when more
// follow, or end, which closes the object or array.
func (p *schemaParser) sep(end byte) (more bool, err error) {
	p.ws()
	if p.pos >= len(p.data) {
		return false, errSchemaSyntax
	}
	p.pos++
	switch p.data[p.pos-1] {
	case ',':
		return true, nil
	case end:
		return false, nil
	}
	return false, errSchemaSyntax
}

// str parses a string; one with escapes goes through encoding/json.
func (p *schemaParser) str() (string, error) {
	if p.pos >= len(p.data) || p.data[p.pos] != '"' {
		return "", errSchemaSyntax
	}
	start := p.pos
	p.pos++
	escaped := false
	for p.pos < len(p.data) {
		switch c := p.data[p.pos]; {
		case c == '\\':
			escaped = true
			p.pos += 2
			continue
		case c == '"':
			p.pos++
			raw := p.data[start:p.pos]
			if !escaped && utf8.Valid(raw) {
				return string(raw[1 : len(raw)-1]), nil
			}
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return "", errSchemaSyntax
			}
			return s, nil
		case c < 0x20:
			return "", errSchemaSyntax
		}
		p.pos++
	}
	return "", errSchemaSyntax
}

// keyCheckFields returns the fields that the runtime's general path takes
// the keys of an object to name when it checks their case (structFields
// in runtime/validate.go): embedded structs flattened depth first, the
// first field of a name winning, down to 8 levels. It is not encoding/json's
// resolution, which the schema follows: where the two resolve a property
// to fields of different types, the general path checks the keys inside
// its value against the wrong type, and a decoder could not agree with it.
func keyCheckFields(st *types.Struct) map[string]*types.Var {
	fields := map[string]*types.Var{}
	var collect func(st *types.Struct, depth int)
	collect = func(st *types.Struct, depth int) {
		if depth > 8 {
			return
		}
		for i := range st.NumFields() {
			f := st.Field(i)
			tag := reflect.StructTag(st.Tag(i)).Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			if f.Embedded() && name == "" {
				et := types.Unalias(f.Type())
				if p, ok := et.(*types.Pointer); ok {
					et = types.Unalias(p.Elem())
				}
				if inner, ok := et.Underlying().(*types.Struct); ok {
					collect(inner, depth+1)
					continue
				}
			}
			if !f.Exported() {
				continue
			}
			if name == "" {
				name = f.Name()
			}
			if _, dup := fields[name]; !dup {
				fields[name] = f
			}
		}
	}
	collect(st, 0)
	return fields
}

// keyChecked reports whether the runtime's check of key case looks inside
// a value of type t: whether a struct can be found in it, through
// pointers, slices, arrays and maps, that does not decode itself.
func (pl *planner) keyChecked(t types.Type, depth int) bool {
	if depth > 16 {
		return true
	}
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return pl.keyChecked(u.Elem(), depth+1)
	case *types.Named:
		if pl.decodesItself(u) {
			return false
		}
		return pl.keyChecked(u.Underlying(), depth+1)
	case *types.Struct:
		return true
	case *types.Slice:
		return pl.keyChecked(u.Elem(), depth+1)
	case *types.Array:
		return pl.keyChecked(u.Elem(), depth+1)
	case *types.Map:
		return pl.keyChecked(u.Elem(), depth+1)
	}
	return false
}

// mayHoldObject reports whether a valid value of type t may hold a JSON
// object, where the runtime's key check would look for keys.
func (pl *planner) mayHoldObject(t types.Type, depth int) bool {
	if depth > 16 {
		return true
	}
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return pl.mayHoldObject(u.Elem(), depth+1)
	case *types.Named:
		if obj := u.Obj(); obj.Pkg() != nil && obj.Pkg().Path() == "time" && obj.Name() == "Time" {
			return false
		}
		if pl.decodesItself(u) {
			return true
		}
		return pl.mayHoldObject(u.Underlying(), depth+1)
	case *types.Basic:
		return false
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
			return false // base64
		}
		return pl.mayHoldObject(u.Elem(), depth+1)
	case *types.Array:
		return pl.mayHoldObject(u.Elem(), depth+1)
	}
	return true // structs, maps, interfaces
}

func keyType(pkg *types.Package, v *types.Var) string {
	if v == nil {
		return "no field"
	}
	return "a " + types.TypeString(v.Type(), types.RelativeTo(pkg))
}
