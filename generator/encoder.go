package generator

// This file decides how the generated output encoders encode each Go type,
// from go/types, as encoding/json (Go 1.26, encode.go) does by reflection:
// which methods apply, which struct fields are written under which names,
// what omitempty and omitzero leave out. encoder_render.go writes the
// functions.
//
// A generated encoder is a function
//
//	func encodeWeatherOutput(dst []byte, v WeatherOutput) ([]byte, error)
//
// that appends exactly the bytes json.Marshal(v) returns, against package
// runtime/jsonout, with no reflection. One function encodes each named
// struct, slice, array or map type, shared by the tools of the package;
// unnamed types are written inline. A type that the encoders do not handle
// makes its tools' outputs unsupported: they keep json.Marshal, and the
// reason is recorded.

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

const jsonoutPath = "github.com/toolgen-go/toolgen/runtime/jsonout"

// PackageEncoders are the output encoders of one package's tools: what the
// renderer appends to the generated file.
type PackageEncoders struct {
	// Source is the encoder functions, gofmt-formatted, each preceded by a
	// blank line, in a deterministic order: it may be appended to a
	// formatted file as it is.
	Source []byte
	// Imports are the imports Source needs, sorted by path.
	Imports []EncoderImport
}

// EncoderImport is an import that encoders need: Name is how Source names
// it, Def the package's own name (an import needs no name when they are
// equal).
type EncoderImport struct {
	Name, Path, Def string
}

// OutputEncoder is the generated encoder of one tool's output.
type OutputEncoder struct {
	// Func is the name of the function
	// func(dst []byte, v Out) ([]byte, error), "" when the output type is
	// not supported.
	Func string
	// Why says why there is none.
	Why string
}

// buildEncoders generates the encoders of the outputs of the tools of ps:
// one OutputEncoder per tool, in the order of ps.tools (the zero value for
// a broken tool), and the functions they need. qualify names the file's
// imports (nil: the encoders choose, see defaultQualify); taken reports the
// other names the file declares at package level.
func (g *gen) buildEncoders(ps *pkgState, taken func(string) bool, qualify func(path, def string) string) (*PackageEncoders, []OutputEncoder) {
	scope := ps.pkg.Types.Scope()
	e := newEncoders(ps.pkg.Types, func(name string) bool { return scope.Lookup(name) != nil || (taken != nil && taken(name)) }, qualify)
	outs := make([]OutputEncoder, len(ps.tools))
	for i, ts := range ps.tools {
		if ts.broken || ts.out == nil {
			continue
		}
		name, err := e.root(ts.out, ts.model.Func)
		if err != nil {
			outs[i].Why = err.Error()
			continue
		}
		outs[i].Func = name
	}
	return e.result(), outs
}

// encoders generates the encoder functions of one package.
type encoders struct {
	pkg *types.Package
	// taken reports whether the package, or the rest of the generated
	// file, declares a name at package level.
	taken func(name string) bool
	// qualify returns the name the file uses for an import; nil, or ""
	// for a path it does not name, means the encoders choose (see
	// defaultQualify).
	qualify func(path, def string) string
	imports map[string]EncoderImport // by path

	funcs []*encFunc
	byKey map[string]*encFunc
	// byNamed are the encoders of named types by the types' pointers, a
	// shortcut to byKey.
	byNamed map[namedKey]*encFunc
	names   map[string]bool // function names declared
	// cur is the function being written, which records the imports.
	cur *encFunc

	// Memos by type (pointer identity: identical types that are distinct
	// values are computed twice, which is only slower).
	fields    map[types.Type][]*jsonField
	refs      map[types.Type][]*types.Named
	recursive map[types.Type]bool
	methods   map[types.Type]*methodSet
	ifaces    ifaces
}

// namedKey is an encoder's named type and mode.
type namedKey struct {
	n    *types.Named
	addr bool
}

// encFunc is one generated function.
type encFunc struct {
	name string
	key  string
	typ  types.Type
	// addr says the value is addressable as encoding/json sees it (reached
	// through a pointer or a slice), which matters to a type whose pointer
	// has a MarshalJSON or MarshalText method.
	addr bool
	// depth says the function takes a depth parameter: its type is
	// recursive, and it stops at jsonout.MaxDepth (see jsonout.MaxDepth).
	depth bool
	// zero marks an isZero function rather than an encoder.
	zero bool
	src  []byte
	// imports are the paths of the imports src uses.
	imports []string
}

// ifaces are the interfaces encoding/json looks for.
type ifaces struct {
	marshaler, textMarshaler, isZeroer *types.Interface
}

func newIfaces() ifaces {
	bytesT := types.NewSlice(types.Typ[types.Byte])
	errT := types.Universe.Lookup("error").Type()
	method := func(name string, results ...types.Type) *types.Func {
		var vars []*types.Var
		for _, r := range results {
			vars = append(vars, types.NewParam(token.NoPos, nil, "", r))
		}
		sig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(vars...), false)
		return types.NewFunc(token.NoPos, nil, name, sig)
	}
	iface := func(m *types.Func) *types.Interface {
		return types.NewInterfaceType([]*types.Func{m}, nil).Complete()
	}
	return ifaces{
		marshaler:     iface(method("MarshalJSON", bytesT, errT)),
		textMarshaler: iface(method("MarshalText", bytesT, errT)),
		isZeroer:      iface(method("IsZero", types.Typ[types.Bool])),
	}
}

// newEncoders starts the encoders of the generated file of pkg. taken
// reports the package-level names the file may not declare; qualify, when
// not nil, names the imports (it must avoid the locals of the functions:
// dst, v, err, depth and a letter followed by digits).
func newEncoders(pkg *types.Package, taken func(string) bool, qualify func(path, def string) string) *encoders {
	return &encoders{
		pkg:     pkg,
		taken:   taken,
		qualify: qualify,
		imports: map[string]EncoderImport{},
		byKey:   map[string]*encFunc{},
		byNamed: map[namedKey]*encFunc{},
		names:   map[string]bool{},
		ifaces:  newIfaces(),

		fields:    map[types.Type][]*jsonField{},
		refs:      map[types.Type][]*types.Named{},
		recursive: map[types.Type]bool{},
		methods:   map[types.Type]*methodSet{},
	}
}

// encodeError is why a type has no encoder.
type encodeError struct{ msg string }

func (e *encodeError) Error() string { return e.msg }

func unsupported(format string, args ...any) {
	panic(&encodeError{fmt.Sprintf(format, args...)})
}

// builtinsUsed are the predeclared names the generated functions use: a
// package that declares one of them gets no encoders.
var builtinsUsed = []string{"append", "len", "nil", "byte", "error", "string", "int64", "uint64", "float64", "bool"}

// root returns the name of the function that encodes out, an output type,
// generating it and the functions it needs; hint names the function when
// out has none of its own (the tool's Go name). An error says why out is
// not supported; nothing is then generated for it.
func (e *encoders) root(out types.Type, hint string) (name string, err error) {
	nfuncs := len(e.funcs)
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		ee, ok := r.(*encodeError)
		if !ok {
			panic(r)
		}
		// Roll back what this type added.
		for _, f := range e.funcs[nfuncs:] {
			delete(e.byKey, f.key)
			delete(e.names, f.name)
			if n, ok := f.typ.(*types.Named); ok && !f.zero {
				delete(e.byNamed, namedKey{n, f.addr})
			}
		}
		e.funcs = e.funcs[:nfuncs]
		e.cur = nil
		name, err = "", ee
	}()
	for _, b := range builtinsUsed {
		if e.taken(b) {
			unsupported("the package declares %s, which the encoder needs as Go's", b)
		}
	}
	out = types.Unalias(out)
	if n, ok := out.(*types.Named); ok && e.ownFunc(n) && !e.usesMethods(n, false) && !e.isRecursive(n) {
		return e.function(n, false).name, nil
	}
	f := &encFunc{name: e.funcName(upperFirst(hint) + "Output"), typ: out}
	e.cur = f
	spelled := e.spell(out)
	f.key = "root:" + f.name
	e.register(f)
	m := &emitter{e: e, fn: f}
	m.body(func() {
		m.value(expr{x: "v"}, out, false, false)
	})
	f.src = m.function(fmt.Sprintf("%s appends the JSON encoding of v to dst, as json.Marshal writes it.", f.name),
		fmt.Sprintf("func %s(dst []byte, v %s) ([]byte, error) {", f.name, spelled))
	e.cur = nil
	return f.name, nil
}

// result returns the functions and their imports.
func (e *encoders) result() *PackageEncoders {
	size := 0
	for _, f := range e.funcs {
		size += 1 + len(f.src)
	}
	src := make([]byte, 0, size)
	used := map[string]bool{}
	for _, f := range e.funcs {
		src = append(src, '\n')
		src = append(src, f.src...)
		for _, path := range f.imports {
			used[path] = true
		}
	}
	out := &PackageEncoders{Source: src}
	for _, path := range slices.Sorted(maps.Keys(e.imports)) {
		if used[path] {
			out.Imports = append(out.Imports, e.imports[path])
		}
	}
	return out
}

// register declares f.
func (e *encoders) register(f *encFunc) {
	e.funcs = append(e.funcs, f)
	e.byKey[f.key] = f
	e.names[f.name] = true
}

// funcName returns base, or base with a number, that neither the package
// nor the file declares.
func (e *encoders) funcName(base string) string {
	name := "encode" + base
	for i := 2; e.taken(name) || e.names[name]; i++ {
		name = fmt.Sprintf("encode%s%d", base, i)
	}
	return name
}

// importName returns how the file names the package at path.
func (e *encoders) importName(path, def string) string {
	if e.cur != nil && !slices.Contains(e.cur.imports, path) {
		e.cur.imports = append(e.cur.imports, path)
	}
	if imp, ok := e.imports[path]; ok {
		return imp.Name
	}
	var name string
	if e.qualify != nil {
		name = e.qualify(path, def)
	}
	if name == "" {
		name = e.defaultQualify(def)
	}
	e.imports[path] = EncoderImport{Name: name, Path: path, Def: def}
	return name
}

// defaultQualify picks a name for an import that neither the package, nor
// another import, nor a local of the encoders uses.
func (e *encoders) defaultQualify(def string) string {
	used := func(n string) bool {
		if e.taken(n) || isLocalName(n) {
			return true
		}
		for _, imp := range e.imports {
			if imp.Name == n {
				return true
			}
		}
		return false
	}
	name := def
	for i := 2; used(name); i++ {
		name = fmt.Sprintf("%s%d", def, i)
	}
	return name
}

// isLocalName reports whether a generated function may declare n: dst, v,
// err, depth, or a lower-case letter followed by digits.
func isLocalName(n string) bool {
	switch n {
	case "dst", "v", "err", "depth":
		return true
	}
	if len(n) < 2 || n[0] < 'a' || n[0] > 'z' {
		return false
	}
	for _, c := range n[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// jsonout is the name of package jsonout in the file.
func (e *encoders) jsonout() string { return e.importName(jsonoutPath, "jsonout") }

// ownFunc reports whether a named type gets a function of its own: a
// struct, slice, array or map type that the file can spell.
func (e *encoders) ownFunc(n *types.Named) bool {
	switch n.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Array, *types.Map:
		return e.canSpell(n)
	}
	return false
}

// function returns the encoder of the named type n, in mode addr,
// generating it on first use.
func (e *encoders) function(n *types.Named, addr bool) *encFunc {
	addr = addr && e.partsAddrMatter(n, nil)
	if f, ok := e.byNamed[namedKey{n, addr}]; ok {
		return f
	}
	key := namedTypeKey(n)
	if addr {
		key += " addr"
	}
	if f, ok := e.byKey[key]; ok {
		e.byNamed[namedKey{n, addr}] = f
		return f
	}
	base := typeBaseName(e.pkg, n)
	if addr {
		base += "Addr"
	}
	f := &encFunc{name: e.funcName(base), key: key, typ: n, addr: addr, depth: e.isRecursive(n)}
	e.register(f)
	e.byNamed[namedKey{n, addr}] = f
	prev := e.cur
	e.cur = f
	defer func() { e.cur = prev }()
	spelled := e.spell(n)
	m := &emitter{e: e, fn: f}
	m.body(func() {
		if f.depth {
			m.block(fmt.Sprintf("if depth > %s.MaxDepth", e.jsonout()), func() {
				if addr {
					m.line("c := v")
					m.line("return %s.AppendMarshal(dst, &c)", e.jsonout())
				} else {
					m.line("return %s.AppendMarshal(dst, v)", e.jsonout())
				}
			})
		}
		m.structure(expr{x: "v"}, n, addr)
	})
	params := fmt.Sprintf("dst []byte, v %s", spelled)
	if f.depth {
		params += ", depth int"
	}
	f.src = m.function(fmt.Sprintf("%s appends the JSON encoding of v to dst, as json.Marshal writes it.", f.name),
		fmt.Sprintf("func %s(%s) ([]byte, error) {", f.name, params))
	return f
}

// zeroFunc returns the function that reports whether a value of type t,
// a struct or array type that is not comparable, is its zero value.
func (e *encoders) zeroFunc(t types.Type) *encFunc {
	t = types.Unalias(t)
	e.spellNoImport(t)
	key := "zero:" + types.TypeString(t, nil)
	if f, ok := e.byKey[key]; ok {
		return f
	}
	base := "Value"
	if n, ok := t.(*types.Named); ok {
		base = typeBaseName(e.pkg, n)
	}
	f := &encFunc{key: key, typ: t, zero: true}
	f.name = "isZero" + base
	for i := 2; e.taken(f.name) || e.names[f.name]; i++ {
		f.name = fmt.Sprintf("isZero%s%d", base, i)
	}
	e.register(f)
	prev := e.cur
	e.cur = f
	defer func() { e.cur = prev }()
	spelled := e.spell(t)
	m := &emitter{e: e, fn: f}
	m.indent = 1
	m.zeroChecks(expr{x: "v"}, t.Underlying())
	m.line("return true")
	var src []byte
	src = fmt.Appendf(src, "// %s reports whether v is its type's zero value, as reflect.Value.IsZero does.\n", f.name)
	src = fmt.Appendf(src, "func %s(v %s) bool {\n", f.name, spelled)
	src = append(src, m.buf...)
	src = append(src, "}\n"...)
	f.src = src
	return f
}

// namedTypeKey identifies n in a run: its package path and name, with its
// type arguments.
func namedTypeKey(n *types.Named) string {
	if args := n.TypeArgs(); args != nil && args.Len() > 0 {
		return types.TypeString(n, nil)
	}
	if p := n.Obj().Pkg(); p != nil {
		return p.Path() + "." + n.Obj().Name()
	}
	return n.Obj().Name()
}

// typeBaseName is the part of a function's name that names n: its name,
// after its package's name when it is not pkg's, with its type arguments.
func typeBaseName(pkg *types.Package, n *types.Named) string {
	var b strings.Builder
	if p := n.Obj().Pkg(); p != nil && p != pkg {
		b.WriteString(upperFirst(p.Name()))
	}
	b.WriteString(upperFirst(n.Obj().Name()))
	if args := n.TypeArgs(); args != nil && args.Len() > 0 {
		b.WriteString("Of")
		for i := range args.Len() {
			s := types.TypeString(args.At(i), func(p *types.Package) string { return p.Name() })
			for _, c := range s {
				if c == '_' || unicode.IsLetter(c) || unicode.IsDigit(c) {
					b.WriteRune(c)
				} else {
					b.WriteByte('_')
				}
			}
		}
	}
	return b.String()
}

// canSpell reports whether the generated file can name t.
func (e *encoders) canSpell(t types.Type) bool {
	ok := true
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, is := r.(*encodeError); !is {
					panic(r)
				}
				ok = false
			}
		}()
		e.spellNoImport(t)
	}()
	return ok
}

// spell returns the Go spelling of t in the generated file, adding the
// imports it needs; a type the file cannot name is unsupported.
func (e *encoders) spell(t types.Type) string {
	e.spellNoImport(t) // fail before adding any import
	return e.spellWith(t, true)
}

func (e *encoders) spellNoImport(t types.Type) string { return e.spellWith(t, false) }

func (e *encoders) spellWith(t types.Type, imp bool) string {
	switch t := t.(type) {
	case *types.Alias:
		return e.spellWith(types.Unalias(t), imp)
	case *types.Basic:
		if t.Kind() == types.UnsafePointer || t.Info()&types.IsUntyped != 0 || t.Kind() == types.Invalid {
			unsupported("type %s cannot be spelled", t)
		}
		return t.Name()
	case *types.Named:
		obj := t.Obj()
		name := obj.Name()
		if p := obj.Pkg(); p != nil && p != e.pkg {
			if !obj.Exported() {
				unsupported("type %s.%s is not exported", p.Path(), name)
			}
			if !importable(e.pkg.Path(), p.Path()) || p.Name() == "main" {
				unsupported("package %s cannot be imported here", p.Path())
			}
			q := p.Name()
			if imp {
				q = e.importName(p.Path(), p.Name())
			}
			name = q + "." + name
		} else if p != nil && obj.Parent() != nil && obj.Parent() != p.Scope() {
			unsupported("type %s is declared inside a function", name)
		}
		if args := t.TypeArgs(); args != nil && args.Len() > 0 {
			var parts []string
			for i := range args.Len() {
				parts = append(parts, e.spellWith(args.At(i), imp))
			}
			name += "[" + strings.Join(parts, ", ") + "]"
		}
		return name
	case *types.Pointer:
		return "*" + e.spellWith(t.Elem(), imp)
	case *types.Slice:
		return "[]" + e.spellWith(t.Elem(), imp)
	case *types.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), e.spellWith(t.Elem(), imp))
	case *types.Map:
		return "map[" + e.spellWith(t.Key(), imp) + "]" + e.spellWith(t.Elem(), imp)
	case *types.Interface:
		if t.Empty() {
			return "any"
		}
	}
	unsupported("type %s cannot be spelled in the generated file", t)
	return ""
}

// importable reports whether the package at from may import path, by the
// go command's rule for internal directories.
func importable(from, path string) bool {
	i := strings.LastIndex(path, "/internal/")
	switch {
	case i >= 0:
	case strings.HasSuffix(path, "/internal"):
		i = len(path) - len("/internal")
	case path == "internal" || strings.HasPrefix(path, "internal/"):
		return false
	default:
		return true
	}
	parent := path[:i]
	return from == parent || strings.HasPrefix(from, parent+"/")
}

// methodKind is a method that encoding/json looks for.
type methodKind int

const (
	mJSON methodKind = iota // MarshalJSON
	mText                   // MarshalText
	mZero                   // IsZero, for omitzero
)

// methodSet says which of the methods a type has, and its pointer.
type methodSet struct {
	val, ptr [3]bool
}

// methodsOf returns the methods of t and of *t: ptr is set only when t
// is neither a pointer nor an interface (encoding/json's condition for
// calling a method on an addressable value's address).
func (e *encoders) methodsOf(t types.Type) *methodSet {
	t = types.Unalias(t)
	if ms, ok := e.methods[t]; ok {
		return ms
	}
	ms := &methodSet{}
	if mayHaveMethods(t) && !noMethods(t) {
		ifs := [3]*types.Interface{e.ifaces.marshaler, e.ifaces.textMarshaler, e.ifaces.isZeroer}
		for i, iface := range ifs {
			ms.val[i] = types.Implements(t, iface)
		}
		switch t.Underlying().(type) {
		case *types.Pointer, *types.Interface:
		default:
			p := types.NewPointer(t)
			for i, iface := range ifs {
				ms.ptr[i] = types.Implements(p, iface)
			}
		}
	}
	e.methods[t] = ms
	return ms
}

// mayHaveMethods reports whether t or *t may have methods: not a
// predeclared type or an unnamed type other than a struct or interface.
func mayHaveMethods(t types.Type) bool {
	switch t := t.(type) {
	case *types.Basic, *types.Slice, *types.Map, *types.Array, *types.Chan, *types.Signature, *types.Tuple:
		return false
	case *types.Pointer:
		switch types.Unalias(t.Elem()).(type) {
		case *types.Named, *types.Struct, *types.TypeParam:
			return true
		}
		return false
	}
	return true
}

// noMethods reports whether the named type t, nor its pointer, has any
// method: it declares none and has no embedded field to promote one.
func noMethods(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok || n.NumMethods() > 0 {
		return false
	}
	switch u := n.Underlying().(type) {
	case *types.Interface:
		return false
	case *types.Struct:
		for i := range u.NumFields() {
			if u.Field(i).Embedded() {
				return false
			}
		}
	}
	return true
}

// has reports whether t's method set has the method k.
func (e *encoders) has(t types.Type, k methodKind) bool { return e.methodsOf(t).val[k] }

// ptrHas reports whether *t's does, t being neither a pointer nor an
// interface.
func (e *encoders) ptrHas(t types.Type, k methodKind) bool { return e.methodsOf(t).ptr[k] }

// usesMethods reports whether encoding/json encodes a value of t, in mode
// addr, with MarshalJSON or MarshalText rather than by its kind.
func (e *encoders) usesMethods(t types.Type, addr bool) bool {
	return e.has(t, mJSON) || e.has(t, mText) || addr && (e.ptrHas(t, mJSON) || e.ptrHas(t, mText))
}

// addrMatters reports whether the encoding of a value of t depends on
// whether it is addressable: whether a method of *t applies that is not
// t's, on t or on the parts of t reached without a pointer. seen guards
// against recursion through embedded structs.
func (e *encoders) addrMatters(t types.Type, seen []types.Type) bool {
	switch {
	case e.has(t, mJSON):
		return false
	case e.ptrHas(t, mJSON):
		return true
	case e.has(t, mText):
		return false
	case e.ptrHas(t, mText):
		return true
	}
	return e.partsAddrMatter(t, seen)
}

// partsAddrMatter reports whether the encoding of the parts of a struct or
// array type that are reached without a pointer depends on whether they are
// addressable (see addrMatters).
func (e *encoders) partsAddrMatter(t types.Type, seen []types.Type) bool {
	for _, s := range seen {
		if types.Identical(s, t) {
			return false
		}
	}
	seen = append(seen, t)
	switch u := t.Underlying().(type) {
	case *types.Array:
		return e.addrMatters(u.Elem(), seen)
	case *types.Struct:
		for _, f := range e.jsonFields(t) {
			if f.viaPointer {
				continue
			}
			if e.addrMatters(f.typ, seen) {
				return true
			}
		}
	}
	return false
}

// isRecursive reports whether n's encoding can lead back to n.
func (e *encoders) isRecursive(n *types.Named) bool {
	if r, ok := e.recursive[n]; ok {
		return r
	}
	seen := map[types.Type]bool{}
	var reaches func(m *types.Named) bool
	reaches = func(m *types.Named) bool {
		for _, r := range e.namedRefs(m) {
			if types.Identical(r, n) {
				return true
			}
			if seen[r] {
				continue
			}
			seen[r] = true
			if reaches(r) {
				return true
			}
		}
		return false
	}
	r := reaches(n)
	e.recursive[n] = r
	return r
}

// namedRefs are the named struct, slice, array and map types that the
// encoding of n's structure refers to directly, through its fields,
// elements and unnamed types (a superset: whether a method applies is not
// considered, except for the types that always use one).
func (e *encoders) namedRefs(n *types.Named) []*types.Named {
	if r, ok := e.refs[n]; ok {
		return r
	}
	var out []*types.Named
	seen := map[types.Type]bool{}
	var walk func(t types.Type, top bool)
	walk = func(t types.Type, top bool) {
		t = types.Unalias(t)
		if !top && (e.has(t, mJSON) || e.has(t, mText)) {
			return
		}
		if named, ok := t.(*types.Named); ok && !top && e.ownFunc(named) {
			if !slices.ContainsFunc(out, func(o *types.Named) bool { return types.Identical(o, named) }) {
				out = append(out, named)
			}
			return
		}
		if seen[t] {
			return
		}
		seen[t] = true
		switch u := t.Underlying().(type) {
		case *types.Pointer:
			walk(u.Elem(), false)
		case *types.Slice:
			walk(u.Elem(), false)
		case *types.Array:
			walk(u.Elem(), false)
		case *types.Map:
			walk(u.Elem(), false)
		case *types.Struct:
			for i := range u.NumFields() {
				walk(u.Field(i).Type(), false)
			}
		}
	}
	walk(n, true)
	e.refs[n] = out
	return out
}

// jsonField is a field that encoding/json writes for a struct type
// (encoding/json's field, from typeFields).
type jsonField struct {
	name      string
	index     []int
	typ       types.Type // the field's type
	omitEmpty bool
	omitZero  bool
	quoted    bool
	// path are the fields from the struct to this one, by index.
	path []*types.Var
	// viaPointer says the path goes through an embedded pointer.
	viaPointer bool
}

// jsonFields returns the fields encoding/json writes for the struct type t,
// in order: the fields the schemas and the decoders have too
// (schemagen.Fields, encoding/json's typeFields on go/types), hidden ones
// included (jsonschema:"-" hides a field from the schema, not from
// encoding/json), with what writing them needs.
func (e *encoders) jsonFields(t types.Type) []*jsonField {
	if f, ok := e.fields[t]; ok {
		return f
	}
	var fields []*jsonField
	for _, sf := range schemagen.Fields(t.Underlying().(*types.Struct)) {
		typ := types.Unalias(sf.Var.Type())
		ft := typ
		if p, ok := ft.(*types.Pointer); ok {
			ft = types.Unalias(p.Elem())
		}
		f := &jsonField{
			name:      sf.Name,
			index:     sf.Index,
			typ:       typ,
			omitEmpty: slices.Contains(sf.Options, "omitempty"),
			omitZero:  slices.Contains(sf.Options, "omitzero"),
			quoted:    slices.Contains(sf.Options, "string") && isQuotable(ft),
		}
		cur := t
		for _, i := range f.index {
			if p, ok := cur.Underlying().(*types.Pointer); ok {
				cur = p.Elem()
				f.viaPointer = true
			}
			v := cur.Underlying().(*types.Struct).Field(i)
			f.path = append(f.path, v)
			cur = v.Type()
		}
		fields = append(fields, f)
	}
	e.fields[t] = fields
	return fields
}

// isQuotable reports whether the ",string" option applies to a field of
// type ft (its pointer stripped): a boolean, number or string kind.
func isQuotable(ft types.Type) bool {
	b, ok := ft.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat|types.IsString) != 0 && b.Info()&types.IsComplex == 0
}

// isUnnamedPointer reports whether t is a pointer type literal.
func isUnnamedPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// isNamed is reflect's t.Name() != "": a defined or predeclared type.
func isNamed(t types.Type) bool {
	switch types.Unalias(t).(type) {
	case *types.Named, *types.Basic:
		return true
	}
	return false
}

// isTime reports whether t is time.Time.
func isTime(t types.Type) bool {
	return isNamedType(t, "time", "Time")
}

// isNamedType reports whether t is the type path.name.
func isNamedType(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}
