package schemagen

import (
	"cmp"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/internal/jsontag"
)

// jsonField is a struct field as encoding/json encodes it: a top-level
// field, or a field promoted from an embedded struct.
type jsonField struct {
	name    string // JSON name
	tagged  bool   // the name came from the json tag
	index   []int  // field indexes from the outer struct down to the field
	v       *types.Var
	tag     reflect.StructTag
	json    jsonTag
	badName string // a json tag name that encoding/json rejects (the Go name is used)
	hidden  bool   // jsonschema:"-" on the field or on an embedded field above it
	// keywords are the jsonschema tag split as invopop splits it
	// (splitOnUnescapedCommas), and required and nullable its flags
	// (schemaTagFlags): read once per field rather than by each pass of
	// each schema that uses it. Nothing modifies keywords.
	keywords           []string
	required, nullable bool
	// own is how deep the tags change the schema of the field's type
	// rather than annotate or constrain it (ownLevels): its non-struct
	// named types there get a body of their own (site.own).
	own uint8
	// goName is the field's Go name, after the names of the embedded
	// fields it is promoted through: "Response.Body".
	goName string
	// declared is the struct that declares the field, when it is promoted
	// from an embedded struct, and owner that struct's named type, if any;
	// both are nil for a field of the outer struct.
	declared *types.Struct
	owner    *types.Named
	// viaPointer is set when the field is promoted through an embedded
	// pointer: encoding/json leaves it out when the pointer is nil.
	viaPointer bool
}

// embeddedStruct is a struct type whose fields are being collected.
type embeddedStruct struct {
	key    string // identity of the struct type
	st     *types.Struct
	owner  *types.Named // the named type of st, if any
	prefix string       // the Go names of the embedded fields down to st, each followed by "."
	index  []int
	hidden bool
	// viaPointer is set when st is reached through an embedded pointer.
	viaPointer bool
}

// collision is a JSON name that encoding/json drops because the fields
// that have it cancel each other: they are at the same depth and are
// equally tagged.
type collision struct {
	name   string
	fields []jsonField
}

// typeFields returns the fields that encoding/json encodes for st, in the
// order it encodes them. It is encoding/json's typeFields (Go 1.26,
// encode.go) ported to go/types:
//
//   - fields are collected breadth first: the fields of st, then the fields
//     of its embedded structs (through pointers too), then theirs;
//   - unexported non-embedded fields and embedded fields of unexported
//     non-struct types are ignored; embedded unexported struct types still
//     promote their exported fields;
//   - an embedded struct with a json name is an ordinary field, and so is an
//     embedded non-struct type;
//   - among fields with the same JSON name, the shallowest wins; at equal
//     depth a tagged name wins over an untagged one; otherwise the fields
//     cancel each other and none is encoded;
//   - a struct type embedded twice at the same depth contributes its fields
//     twice, so they cancel.
//
// Fields hidden with jsonschema:"-" are returned with hidden set: they still
// take part in the name resolution, as they do in encoding/json. The names
// that cancel are returned as collisions.
func typeFields(st *types.Struct) ([]jsonField, []collision) {
	if fields, ok := flatFields(st); ok {
		return fields, nil
	}
	var current []embeddedStruct
	next := []embeddedStruct{{st: st}}

	// Count of queued names for current level and the next.
	var count, nextCount map[string]int

	// Types already visited at an earlier level.
	visited := map[string]bool{}

	var fields []jsonField
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[string]int{}

		for _, f := range current {
			if visited[f.key] {
				continue
			}
			visited[f.key] = true

			for i := range f.st.NumFields() {
				sf := f.st.Field(i)
				if sf.Embedded() {
					if !sf.Exported() && !isStruct(derefOnce(sf.Type())) {
						continue
					}
				} else if !sf.Exported() {
					continue
				}
				jf, ok := newField(sf, reflect.StructTag(f.st.Tag(i)), append(slices.Clip(f.index), i), f.hidden)
				if !ok {
					continue
				}
				if f.prefix != "" {
					jf.goName = f.prefix + sf.Name()
					jf.declared, jf.owner = f.st, f.owner
					jf.viaPointer = f.viaPointer
				}
				ft := derefOnce(sf.Type())
				if jf.tagged || !sf.Embedded() || !isStruct(ft) {
					fields = append(fields, jf)
					if count[f.key] > 1 {
						// The embedding struct was queued more than once at
						// this depth: add a second copy so that the
						// dominance step below cancels the field.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}

				key := typeKey(ft)
				nextCount[key]++
				if nextCount[key] == 1 {
					owner, _ := ft.(*types.Named)
					next = append(next, embeddedStruct{
						key:    key,
						st:     ft.Underlying().(*types.Struct),
						owner:  owner,
						prefix: f.prefix + sf.Name() + ".",
						index:  jf.index,
						hidden: jf.hidden,
						// encoding/json skips the fields of a nil embedded
						// pointer.
						viaPointer: f.viaPointer || isPointer(sf.Type()),
					})
				}
			}
		}
	}

	slices.SortFunc(fields, func(a, b jsonField) int {
		// By name, then depth, then "name came from the json tag", then
		// index sequence.
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return +1
		}
		return slices.Compare(a.index, b.index)
	})

	// For each name keep the dominant field, if there is one.
	var collisions []collision
	out := fields[:0]
	for advance, i := 0, 0; i < len(fields); i += advance {
		name := fields[i].name
		for advance = 1; i+advance < len(fields); advance++ {
			if fields[i+advance].name != name {
				break
			}
		}
		if advance == 1 {
			out = append(out, fields[i])
			continue
		}
		dominant, ok := dominantField(fields[i : i+advance])
		if ok {
			out = append(out, dominant)
			continue
		}
		c := collision{name: name}
		for _, f := range fields[i : i+advance] {
			if len(f.index) == len(fields[i].index) && f.tagged == fields[i].tagged {
				c.fields = append(c.fields, f)
			}
		}
		collisions = append(collisions, c)
	}
	fields = out

	slices.SortFunc(fields, func(a, b jsonField) int {
		return slices.Compare(a.index, b.index)
	})
	return fields, collisions
}

// flatFields is typeFields for the common struct, which embeds nothing and
// gives each field its own JSON name: its fields in declaration order, as
// no name needs resolving. ok is false for any other struct.
func flatFields(st *types.Struct) (fields []jsonField, ok bool) {
	const maxFlat = 64 // the name check below is quadratic
	if st.NumFields() > maxFlat || embeds(st) {
		return nil, false
	}
	indexes := make([]int, st.NumFields()) // one array for the fields' indexes
	for i := range st.NumFields() {
		sf := st.Field(i)
		if !sf.Exported() {
			continue
		}
		indexes[i] = i
		jf, ok := newField(sf, reflect.StructTag(st.Tag(i)), indexes[i:i+1:i+1], false)
		if !ok {
			continue
		}
		for _, g := range fields {
			if g.name == jf.name {
				return nil, false
			}
		}
		if fields == nil {
			fields = make([]jsonField, 0, st.NumFields())
		}
		fields = append(fields, jf)
	}
	return fields, true
}

// newField is the field sf, with tag, at index: ok is false when
// encoding/json leaves it out (json:"-"). hidden says that an embedded
// field above it is hidden from the schema.
func newField(sf *types.Var, tag reflect.StructTag, index []int, hidden bool) (jsonField, bool) {
	raw := tag.Get("json")
	if raw == "-" {
		return jsonField{}, false
	}
	jt := parseJSONTag(raw)
	name, badName := jt.name, ""
	if !jsontag.ValidName(name) {
		if name != "" {
			badName = name
		}
		name = ""
	}
	tagged := name != ""
	if name == "" {
		name = sf.Name()
	}
	schemaTag := tag.Get("jsonschema")
	required, nullable := schemaTagFlags(schemaTag)
	keywords := splitOnUnescapedCommas(schemaTag)
	return jsonField{
		name:     name,
		tagged:   tagged,
		index:    index,
		v:        sf,
		goName:   sf.Name(),
		tag:      tag,
		json:     jt,
		badName:  badName,
		hidden:   hidden || schemaTagHides(schemaTag),
		keywords: keywords,
		required: required,
		nullable: nullable,
		own:      ownLevels(sf.Type(), jt, keywords),
	}, true
}

// ownLevels says how deep the tags of a field of type t change the schema
// of its type, where a $ref could not carry them: 0 when they only
// annotate the field (title, description), its struct (required,
// oneof_required, …) or add constraints that hold beside a $ref
// (minLength, minimum, minItems, …); 1 when they change the field's own
// schema (enum and type replace the type's, oneof_ref clears it, json's
// ",string" makes a number a string, and a keyword for the items of an
// array needs the items at hand); 2 when they also replace its items'
// (enum, oneof_ref and anyof_ref on an array).
func ownLevels(t types.Type, jt jsonTag, keywords []string) uint8 {
	var own uint8
	if jt.has("string") {
		own = 1
	}
	array := false
	switch derefAll(t).Underlying().(type) {
	case *types.Slice, *types.Array:
		// []byte too, which is a string: a body of its own costs nothing
		// but the bytes of its type.
		array = true
	}
	for _, kw := range keywords {
		name, _, _ := strings.Cut(kw, "=")
		switch name {
		case "", "required", "nullable", "title", "description", "oneof_required", "anyof_required", "anchor":
			continue // annotations, or the struct's
		case "type", "oneof_type", "anyof_type":
			own = max(own, 1)
		case "enum", "oneof_ref", "anyof_ref":
			if array {
				return 2
			}
			own = max(own, 1)
		case "minItems", "maxItems", "uniqueItems", "default":
			// The array's constraints; a string's or a number's default.
		default:
			// Constraints: beside a $ref when they are the field's, but an
			// array passes them to its items, which must be at hand.
			if array {
				own = max(own, 1)
			}
		}
	}
	return own
}

// dominantField is encoding/json's: fields are sorted by depth, then tagged
// first, so the first one dominates unless the second one is as deep and as
// tagged.
func dominantField(fields []jsonField) (jsonField, bool) {
	if len(fields) > 1 && len(fields[0].index) == len(fields[1].index) && fields[0].tagged == fields[1].tagged {
		return jsonField{}, false
	}
	return fields[0], true
}

// derefOnce follows one unnamed pointer, as encoding/json does for an
// embedded *T.
func derefOnce(t types.Type) types.Type {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		return types.Unalias(p.Elem())
	}
	return t
}

// isPointer reports whether t is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// isSlice reports whether t is a slice type.
func isSlice(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}
