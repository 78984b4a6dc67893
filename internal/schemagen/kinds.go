package schemagen

import (
	"cmp"
	"encoding/json"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/invopop/jsonschema"
)

// This file maps each kind of Go type to its schema, one function per kind.
// schemaOf dispatches; a new kind needs a case there and a function here.

// schemaOf returns the schema of a use of t at site at.
func (c *ctx) schemaOf(t types.Type, at site) *jsonschema.Schema {
	switch t := types.Unalias(t).(type) {
	case *types.Pointer:
		// A pointer has the schema of its element, as in invopop.
		return c.schemaOf(t.Elem(), at)
	case *types.Named:
		return c.namedSchema(t, at)
	case *types.Basic:
		return c.basicSchema(t, t, at)
	case *types.Struct:
		if c.marshalsAsText(t) {
			// Methods promoted from an embedded field.
			return &jsonschema.Schema{Type: "string"}
		}
		return c.structSchema(t, nil, at)
	case *types.Slice:
		return c.sliceSchema(t, at)
	case *types.Array:
		return c.arraySchema(t, at)
	case *types.Map:
		return c.mapSchema(t, t, at)
	case *types.Interface:
		return c.interfaceSchema(t, t, at)
	default:
		return c.noSchema(t, t, at)
	}
}

// namedSchema returns the schema of a use of the named type n.
func (c *ctx) namedSchema(n *types.Named, at site) *jsonschema.Schema {
	if s := wellKnownSchema(n); s != nil {
		return s
	}
	if c.refable(n) {
		return c.ref(n, at, false)
	}
	return c.namedBody(n, at)
}

// refable reports whether n is a named composite type: such a type may be
// recursive or shared, and then lives in $defs.
func (c *ctx) refable(n *types.Named) bool {
	if isWellKnown(n) || c.marshalsAsText(n) {
		return false
	}
	switch n.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Array, *types.Map:
		return true
	}
	return false
}

// namedBody returns the schema of the named type n itself: the schema of
// its underlying type, described by its doc comment.
func (c *ctx) namedBody(n *types.Named, at site) *jsonschema.Schema {
	if s := wellKnownSchema(n); s != nil {
		return s
	}
	c.checkHooks(n, at)
	var s *jsonschema.Schema
	if c.marshalsAsText(n) {
		s = &jsonschema.Schema{Type: "string"}
	} else {
		switch u := n.Underlying().(type) {
		case *types.Struct:
			s = c.structSchema(u, n, at)
		case *types.Basic:
			s = c.basicSchema(u, n, at)
			if u.Info()&(types.IsString|types.IsInteger) != 0 {
				s.Enum = c.enumValues(n)
			}
		case *types.Map:
			s = c.mapSchema(u, n, at)
		case *types.Interface:
			s = c.interfaceSchema(u, n, at)
		case *types.Slice, *types.Array:
			s = c.schemaOf(u, at)
		default:
			s = c.noSchema(u, n, at)
		}
	}
	if s.Description == "" {
		s.Description = c.b.comments.typeDoc(n.Obj())
	}
	return s
}

// wellKnownSchema returns the schema of the standard library types that
// invopop maps to formats, of json.RawMessage, and of time.Duration; nil for
// other types.
func wellKnownSchema(n *types.Named) *jsonschema.Schema {
	switch wellKnown(n) {
	case "time.Time":
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case "time.Duration":
		// Nanoseconds. Its constants (Nanosecond … Hour) are units, not the
		// allowed values: no enum.
		return &jsonschema.Schema{Type: "integer"}
	case "net/url.URL":
		return &jsonschema.Schema{Type: "string", Format: "uri"}
	case "net.IP":
		// invopop does not tell IPv4 from IPv6.
		return &jsonschema.Schema{Type: "string", Format: "ipv4"}
	case "encoding/json.Number":
		// encoding/json writes a Number as a JSON number, not a string
		// (invopop says string).
		return &jsonschema.Schema{Type: "number"}
	case "encoding/json.RawMessage":
		// Any JSON value: the empty schema, which marshals as true (invopop
		// returns an empty Schema too).
		return &jsonschema.Schema{}
	}
	return nil
}

// isWellKnown reports whether wellKnownSchema has a schema for n, without
// allocating one: it is asked at every use of every named type.
func isWellKnown(n *types.Named) bool {
	return wellKnown(n) != ""
}

// wellKnown returns "path.Name" for the types of wellKnownSchema, else "".
func wellKnown(n *types.Named) string {
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return ""
	}
	name := n.Obj().Name()
	switch pkg.Path() {
	case "time":
		switch name {
		case "Time":
			return "time.Time"
		case "Duration":
			return "time.Duration"
		}
	case "net/url":
		if name == "URL" {
			return "net/url.URL"
		}
	case "net":
		if name == "IP" {
			return "net.IP"
		}
	case "encoding/json":
		switch name {
		case "RawMessage":
			return "encoding/json.RawMessage"
		case "Number":
			return "encoding/json.Number"
		}
	}
	return ""
}

// marshalsAsText reports whether encoding/json encodes t through a
// MarshalText or MarshalJSON method (on a value or pointer receiver): its
// schema is then a string, whatever its Go structure.
func (c *ctx) marshalsAsText(t types.Type) bool {
	return c.b.marshalsAsText(t)
}

func marshalsAsText(t types.Type, textMarshaler, jsonMarshaler *types.Interface) bool {
	if types.IsInterface(t) {
		return false
	}
	implements := func(iface *types.Interface) bool {
		return types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface)
	}
	// A MarshalJSON method writes what it likes; its output cannot be known
	// at generate time, and a string is the common case (IDs, decimals,
	// enums with custom names). A jsonschema:"type=…" tag on the field says
	// otherwise where it is not. invopop reflects the Go structure instead,
	// which is what encoding/json never sends.
	return implements(textMarshaler) || implements(jsonMarshaler)
}

// basicSchema maps booleans, integers, floats and strings. display is the
// type named in messages.
func (c *ctx) basicSchema(b *types.Basic, display types.Type, at site) *jsonschema.Schema {
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		return &jsonschema.Schema{Type: "boolean"}
	case info&types.IsInteger != 0:
		// uintptr too: encoding/json encodes it as a number (invopop
		// panics on it).
		s := &jsonschema.Schema{Type: "integer"}
		s.Minimum, s.Maximum = integerBounds(b.Kind())
		return s
	case info&types.IsFloat != 0:
		return &jsonschema.Schema{Type: "number"}
	case info&types.IsString != 0:
		return &jsonschema.Schema{Type: "string"}
	case info&types.IsComplex != 0:
		c.errorf(at, msgComplex(typeString(display)))
	case b.Kind() == types.UnsafePointer:
		c.errorf(at, msgUnsafePointer(typeString(display)))
	default:
		c.errorf(at, msgInvalidType(typeString(display)))
	}
	return &jsonschema.Schema{}
}

// integerBounds are the minimum and maximum of an integer kind, which
// decoding into the Go type enforces anyway: saying them in the schema tells
// the model before it tries. The bounds of 64-bit integers (and of int and
// uint, as wide as the platform's word) are left out: no model needs
// 9223372036854775807 spelt out, and that bound is not exactly a float64,
// which JSON numbers are read as; the unsigned ones keep their minimum.
// invopop states none.
func integerBounds(k types.BasicKind) (minimum, maximum json.Number) {
	switch k {
	case types.Int8:
		return "-128", "127"
	case types.Int16:
		return "-32768", "32767"
	case types.Int32:
		return "-2147483648", "2147483647"
	case types.Uint8:
		return "0", "255"
	case types.Uint16:
		return "0", "65535"
	case types.Uint32:
		return "0", "4294967295"
	case types.Uint64, types.Uint, types.Uintptr:
		return "0", ""
	}
	return "", ""
}

// sliceSchema maps []T to an array, and []byte to a base64 string.
func (c *ctx) sliceSchema(sl *types.Slice, at site) *jsonschema.Schema {
	if c.isByte(sl.Elem()) {
		return &jsonschema.Schema{Type: "string", ContentEncoding: "base64"}
	}
	return &jsonschema.Schema{Type: "array", Items: c.schemaOf(sl.Elem(), at)}
}

// isByte reports whether encoding/json encodes a slice of t as base64: t is
// a byte type whose pointer has no MarshalJSON or MarshalText method.
func (c *ctx) isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Kind() != types.Uint8 {
		return false
	}
	p := types.NewPointer(t)
	return !types.Implements(p, c.b.jsonMarshaler) && !types.Implements(p, c.b.textMarshaler)
}

// arraySchema maps [N]T to an array of exactly N items (bytes included, as
// encoding/json encodes byte arrays as arrays).
func (c *ctx) arraySchema(a *types.Array, at site) *jsonschema.Schema {
	n := uint64(max(a.Len(), 0))
	return &jsonschema.Schema{Type: "array", Items: c.schemaOf(a.Elem(), at), MinItems: &n, MaxItems: &n}
}

// mapSchema maps map[K]V to an object. Keys of string kind and keys that
// implement encoding.TextMarshaler give free property names; integer keys
// give digit-only names. Other keys have no JSON form.
func (c *ctx) mapSchema(m *types.Map, display types.Type, at site) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object"}
	elem := c.schemaOf(m.Elem(), at)
	key, _ := m.Key().Underlying().(*types.Basic)
	switch {
	// encoding/json tries string kinds, then TextMarshaler, then integers.
	case key != nil && key.Info()&types.IsString != 0,
		types.Implements(m.Key(), c.b.textMarshaler) && !types.IsInterface(m.Key()):
	case key != nil && key.Info()&types.IsInteger != 0:
		// encoding/json writes signed keys with their minus sign; invopop's
		// pattern has none.
		pattern := "^[0-9]+$"
		if key.Info()&types.IsUnsigned == 0 {
			pattern = "^-?[0-9]+$"
		}
		s.PatternProperties = map[string]*jsonschema.Schema{pattern: elem}
		s.AdditionalProperties = c.b.falseSchema
		return s
	default:
		c.errorf(at, msgMapKey(typeString(m.Key()), typeString(display)))
		return s
	}
	if !types.IsInterface(m.Elem()) {
		// invopop leaves additionalProperties out for interface values.
		s.AdditionalProperties = elem
	}
	return s
}

// interfaceSchema maps any (and named empty interfaces) to the empty
// schema; other interfaces have no schema.
func (c *ctx) interfaceSchema(it *types.Interface, display types.Type, at site) *jsonschema.Schema {
	if !it.Empty() {
		c.errorf(at, msgInterface(typeString(display)))
	}
	return &jsonschema.Schema{}
}

// noSchema reports a type that has no JSON form.
func (c *ctx) noSchema(t, display types.Type, at site) *jsonschema.Schema {
	name := typeString(display)
	switch t.(type) {
	case *types.Chan:
		c.errorf(at, msgChan(name))
	case *types.Signature:
		c.errorf(at, msgFunc(name))
	case *types.TypeParam:
		c.errorf(at, msgTypeParam(name))
	default:
		c.errorf(at, msgUnsupportedType(name))
	}
	return &jsonschema.Schema{}
}

// enumValues returns the values of the exported package-level constants of
// type n, in declaration order. Unexported constants are left out: export
// data, from which dependencies are loaded, does not carry them, so the
// enum of a type would depend on how its package was loaded.
func enumValues(b *Builder, n *types.Named) []any {
	pkg := n.Obj().Pkg()
	if pkg == nil || n.TypeArgs().Len() > 0 {
		return nil
	}
	var values []any
	seen := map[string]bool{}
	for _, k := range b.constsOf(pkg)[n.Obj()] {
		if !types.Identical(k.Type(), n) {
			continue
		}
		v := k.Val()
		if seen[v.ExactString()] {
			continue
		}
		seen[v.ExactString()] = true
		if v.Kind() == constant.String {
			values = append(values, constant.StringVal(v))
		} else {
			values = append(values, json.Number(v.ExactString()))
		}
	}
	return values
}

// constsOf returns the exported constants of pkg grouped by the named type
// they have, each group in declaration order. It scans the package once.
func (b *Builder) constsOf(pkg *types.Package) map[*types.TypeName][]*types.Const {
	if m, ok := b.consts[pkg]; ok {
		return m
	}
	type posConst struct {
		k   *types.Const
		pos token.Position
	}
	groups := map[*types.TypeName][]posConst{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		k, ok := scope.Lookup(name).(*types.Const)
		if !ok || !k.Exported() {
			continue
		}
		n, ok := types.Unalias(k.Type()).(*types.Named)
		if !ok {
			continue
		}
		groups[n.Obj()] = append(groups[n.Obj()], posConst{k, b.comments.position(k.Pos())})
	}
	m := make(map[*types.TypeName][]*types.Const, len(groups))
	for obj, list := range groups {
		slices.SortFunc(list, func(a, b posConst) int {
			return cmp.Or(
				cmp.Compare(a.pos.Filename, b.pos.Filename),
				cmp.Compare(a.pos.Line, b.pos.Line),
				cmp.Compare(a.pos.Column, b.pos.Column),
				cmp.Compare(a.k.Name(), b.k.Name()),
			)
		})
		consts := make([]*types.Const, len(list))
		for i, pc := range list {
			consts[i] = pc.k
		}
		m[obj] = consts
	}
	b.consts[pkg] = m
	return m
}

// jsonTypeOfNamed is the JSON type of the schema of n, without building it.
func (c *ctx) jsonTypeOfNamed(n *types.Named) string {
	if s := wellKnownSchema(n); s != nil {
		return s.Type
	}
	if c.marshalsAsText(n) {
		return "string"
	}
	switch u := n.Underlying().(type) {
	case *types.Struct, *types.Map:
		return "object"
	case *types.Slice:
		if c.isByte(u.Elem()) {
			return "string"
		}
		return "array"
	case *types.Array:
		return "array"
	case *types.Basic:
		info := u.Info()
		switch {
		case info&types.IsBoolean != 0:
			return "boolean"
		case info&types.IsInteger != 0:
			return "integer"
		case info&types.IsFloat != 0:
			return "number"
		case info&types.IsString != 0:
			return "string"
		}
	}
	return ""
}

// falseSchema returns a new schema that marshals as false.
func falseSchema() *jsonschema.Schema {
	s := *jsonschema.FalseSchema
	return &s
}
