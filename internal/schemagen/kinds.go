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
		// Methods promoted from an embedded field.
		if s := c.specialSchema(t, at); s != nil {
			return s
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
	if c.b.opaqueType(n) {
		return c.namedBody(n, at)
	}
	if c.refable(n) {
		if at.own > 0 && !isStruct(n) {
			// The field's tags change this body: one of its own.
			return c.namedBody(n, at)
		}
		return c.ref(n, at, false)
	}
	return c.namedBody(n, at)
}

// refable reports whether n may live in $defs: a named composite type,
// which may be recursive or shared, or a named boolean, numeric or string
// type whose body is more than its JSON type (an enum or a description),
// which may be shared.
func (c *ctx) refable(n *types.Named) bool {
	if c.b.opaqueType(n) {
		return false
	}
	switch u := n.Underlying().(type) {
	case *types.Struct, *types.Slice, *types.Array, *types.Map:
		return true
	case *types.Basic:
		info := u.Info()
		if info&(types.IsBoolean|types.IsNumeric|types.IsString) == 0 || info&types.IsComplex != 0 {
			return false // no JSON form: an error at each use
		}
		return c.b.comments.typeDoc(n.Obj()) != "" ||
			info&(types.IsString|types.IsInteger) != 0 && len(c.enumValues(n)) > 0
	}
	return false
}

// namedBody returns the schema of the named type n itself: the schema of
// its underlying type, described by its doc comment.
func (c *ctx) namedBody(n *types.Named, at site) *jsonschema.Schema {
	sp := c.b.specialOf(n)
	if sp.kind == tabled && sp.table == n {
		return wellKnownSchema(n)
	}
	c.checkHooks(n, at)
	var s *jsonschema.Schema
	if sp.kind != structural {
		s = c.specialSchema(n, at)
	} else {
		switch u := n.Underlying().(type) {
		case *types.Struct:
			s = c.structSchema(u, n, at)
		case *types.Basic:
			s = c.basicSchema(u, n, at)
			if u.Info()&(types.IsString|types.IsInteger) != 0 {
				s.Enum = c.enumValues(n)
				if c.b.Outputs && len(s.Enum) > 0 && !at.zeroOmitted {
					s.Enum = c.withZero(n, u, s.Enum, at)
				}
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

// wellKnownSchema returns the schema of n from the table of well-known
// types, nil for other types.
func wellKnownSchema(n *types.Named) *jsonschema.Schema {
	if f := wellKnown(n); f != nil {
		return f()
	}
	return nil
}

// isWellKnown reports whether the table has a schema for n, without
// allocating one: it is asked at every use of every named type.
func isWellKnown(n *types.Named) bool {
	return wellKnown(n) != nil
}

// wellKnown returns the table's constructor of the schema of n, or nil.
func wellKnown(n *types.Named) func() *jsonschema.Schema {
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	return wellKnownTypes[pkg.Path()][n.Obj().Name()]
}

// wellKnownTypes holds, by package path and type name, the schemas of the
// types with their own MarshalJSON or MarshalText whose output is
// documented, so that their schema says what encoding/json writes and what
// their UnmarshalJSON or UnmarshalText reads. docs/schemas.md lists them.
var wellKnownTypes = map[string]map[string]func() *jsonschema.Schema{
	"time": {
		"Time": func() *jsonschema.Schema { return &jsonschema.Schema{Type: "string", Format: "date-time"} },
		// Nanoseconds. Its constants (Nanosecond … Hour) are units, not the
		// allowed values: no enum.
		"Duration": func() *jsonschema.Schema { return &jsonschema.Schema{Type: "integer"} },
	},
	"net/netip": {
		// MarshalText: "" for the zero Addr, else IPv4 or IPv6 (an address
		// with a zone, "fe80::1%eth0", is outside the schema).
		"Addr": func() *jsonschema.Schema {
			return &jsonschema.Schema{Type: "string", AnyOf: []*jsonschema.Schema{{Enum: []any{""}}, {Format: "ipv4"}, {Format: "ipv6"}}}
		},
		// "" for the zero value, else "1.2.3.4:80" or "[::1]:80".
		"AddrPort": func() *jsonschema.Schema {
			return &jsonschema.Schema{Type: "string", Pattern: `^(|(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}:([0-9]|[1-9][0-9]{1,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])|\[(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:(:[0-9a-fA-F]{1,4}){1,6}|:((:[0-9a-fA-F]{1,4}){1,7}|:)|::(ffff(:0{1,4})?:)?(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([0-9a-fA-F]{1,4}:){1,4}:(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3})\]:([0-9]|[1-9][0-9]{1,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))$`}
		},
		// "" for the zero value, else "10.0.0.0/8" or "2001:db8::/32".
		"Prefix": func() *jsonschema.Schema {
			return &jsonschema.Schema{Type: "string", Pattern: `^(|(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}/([0-9]|[12][0-9]|3[0-2])|(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:(:[0-9a-fA-F]{1,4}){1,6}|:((:[0-9a-fA-F]{1,4}){1,7}|:)|::(ffff(:0{1,4})?:)?(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}|([0-9a-fA-F]{1,4}:){1,4}:(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3})/([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8]))$`}
		},
	},
	"net": {
		// IPv4 or IPv6, and "" for a nil IP.
		"IP": func() *jsonschema.Schema { return &jsonschema.Schema{Type: "string"} },
	},
	"encoding/json": {
		// encoding/json writes a Number as a JSON number, not a string
		// (invopop says string).
		"Number": func() *jsonschema.Schema { return &jsonschema.Schema{Type: "number"} },
		// Any JSON value: the empty schema, which marshals as true.
		"RawMessage": func() *jsonschema.Schema { return &jsonschema.Schema{} },
	},
	"math/big": {
		// MarshalJSON writes the integer as a JSON number of any size.
		"Int": func() *jsonschema.Schema { return &jsonschema.Schema{Type: "integer"} },
		// MarshalText: Text('g', -1), or ±Inf.
		"Float": func() *jsonschema.Schema {
			return &jsonschema.Schema{Type: "string", Pattern: `^[+-]?(Inf|([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?)$`}
		},
		// MarshalText: "a/b", or "a" for an integer.
		"Rat": func() *jsonschema.Schema {
			// SetString reads "a/b" in base 0: no leading zeros, or a
			// number is octal.
			return &jsonschema.Schema{Type: "string", Pattern: `^-?(0|[1-9][0-9]*)(/[1-9][0-9]*)?$`}
		},
	},
	"k8s.io/apimachinery/pkg/apis/meta/v1": {
		// MarshalJSON writes null for the zero time, else RFC 3339.
		"Time":      nullableDateTime,
		"MicroTime": nullableDateTime,
		// MarshalJSON writes time.Duration's String: "1h2m3s".
		"Duration": func() *jsonschema.Schema {
			return &jsonschema.Schema{Type: "string", Pattern: `^(0|-?([0-9]+(\.[0-9]*)?(ns|us|µs|ms|s|m|h))+)$`}
		},
		// MarshalJSON writes Raw, a JSON object, or null when nil.
		"FieldsV1": func() *jsonschema.Schema {
			return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "object"}, {Type: "null"}}}
		},
	},
	"k8s.io/apimachinery/pkg/util/intstr": {
		// An int32 or a string.
		"IntOrString": func() *jsonschema.Schema {
			i := &jsonschema.Schema{Type: "integer"}
			i.Minimum, i.Maximum = integerBounds(types.Int32)
			return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{i, {Type: "string"}}}
		},
	},
	"k8s.io/apimachinery/pkg/api/resource": {
		// The serialization format of a Quantity (its doc comment).
		"Quantity": func() *jsonschema.Schema {
			return &jsonschema.Schema{Type: "string", Pattern: `^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(([KMGTPE]i)|[numkMGTPE]|[eE][+-]?[0-9]+)?$`}
		},
	},
	"k8s.io/apimachinery/pkg/runtime": {
		// MarshalJSON writes Raw, any JSON value, or null.
		"RawExtension": func() *jsonschema.Schema { return &jsonschema.Schema{} },
	},
}

// nullableDateTime is an RFC 3339 time or null.
func nullableDateTime() *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "string", Format: "date-time"}, {Type: "null"}}}
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
	return &jsonschema.Schema{Type: "array", Items: c.itemSchema(sl.Elem(), at)}
}

// itemSchema is the schema of an element of a slice, array or map: one
// that admits null when the element can be nil.
func (c *ctx) itemSchema(t types.Type, at site) *jsonschema.Schema {
	// An item may hold its type's zero value whatever the field says; the
	// tags of an own field reach one level of items.
	at.zeroOmitted = false
	at.own = max(at.own, 1) - 1
	s := c.schemaOf(t, at)
	if c.writesNull(t) {
		return c.orNull(s)
	}
	return s
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
	return &jsonschema.Schema{Type: "array", Items: c.itemSchema(a.Elem(), at), MinItems: &n, MaxItems: &n}
}

// mapSchema maps map[K]V to an object. Keys of string kind and keys that
// implement encoding.TextMarshaler give free property names; integer keys
// give digit-only names. Other keys have no JSON form.
func (c *ctx) mapSchema(m *types.Map, display types.Type, at site) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object"}
	elem := c.itemSchema(m.Elem(), at)
	key, _ := m.Key().Underlying().(*types.Basic)
	switch {
	// encoding/json tries string kinds, then TextMarshaler, then integers.
	case key != nil && key.Info()&types.IsString != 0:
	case types.Implements(m.Key(), c.b.textMarshaler) && !types.IsInterface(m.Key()):
		// The key's text, as the table says it (netip.Addr's addresses).
		if n, ok := types.Unalias(m.Key()).(*types.Named); ok && isWellKnown(n) {
			if ks := wellKnownSchema(n); ks.Type == "string" && (ks.Pattern != "" || ks.AnyOf != nil) {
				s.PropertyNames = ks
			}
		}
	case key != nil && key.Info()&types.IsInteger != 0:
		// encoding/json writes signed keys with their minus sign; invopop's
		// pattern has none.
		pattern := keyPattern(key.Kind())
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

// keyPattern is the pattern of the keys of a map with integer keys of kind
// k, as encoding/json writes them: decimal, within the range of 8- and
// 16-bit kinds (ParseInt refuses what is beyond), any digits for wider
// ones.
func keyPattern(k types.BasicKind) string {
	switch k {
	case types.Int8:
		return `^(-?([0-9]|[1-9][0-9]|1[01][0-9]|12[0-7])|-128)$`
	case types.Uint8:
		return `^([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])$`
	case types.Int16:
		return `^(-?([0-9]|[1-9][0-9]{1,3}|[12][0-9]{4}|3[01][0-9]{3}|32[0-6][0-9]{2}|327[0-5][0-9]|3276[0-7])|-32768)$`
	case types.Uint16:
		return `^([0-9]|[1-9][0-9]{1,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$`
	case types.Uint, types.Uint32, types.Uint64, types.Uintptr:
		return "^[0-9]+$"
	}
	return "^-?[0-9]+$"
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

// withZero returns the enum of n, whose underlying type is u, with the zero
// value added when it is not one of n's constants, and warns: in an
// output, an unset field holds it, and encoding/json writes it.
func (c *ctx) withZero(n *types.Named, u *types.Basic, enum []any, at site) []any {
	var zero any = json.Number("0")
	if u.Info()&types.IsString != 0 {
		zero = ""
	}
	for _, v := range enum {
		if v == zero {
			return enum
		}
	}
	zeroText, _ := json.Marshal(zero)
	if e := c.warnType(at, n, msgEnumZero(typeString(n), string(zeroText))); e != nil {
		e.EnumZero = typeString(n)
	}
	return append(enum, zero)
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
	if c.b.opaqueType(n) {
		// The JSON type of a reference's target, for the keywords of tags:
		// a special type is never in $defs.
		return ""
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
