package schemagen

import (
	"go/types"
	"reflect"
)

// JSONField is a struct field as encoding/json decodes and encodes it, and
// as the schema of its struct names it.
type JSONField struct {
	// Name is the JSON name: the property of the struct's object schema.
	Name string
	// Index are the field indexes from the outer struct down to the field,
	// through embedded structs.
	Index []int
	// Var is the field.
	Var *types.Var
	// Tag is the field's whole tag.
	Tag reflect.StructTag
	// Options are the json tag's options after the name (omitempty,
	// string, …).
	Options []string
	// Hidden reports a jsonschema:"-" tag on the field or on an embedded
	// field above it: the schema leaves the field out, encoding/json does
	// not.
	Hidden bool
}

// JSONFields returns the fields that encoding/json encodes for st, in the
// order it encodes them, after its rules for embedded structs and for
// names that collide: the fields that give the properties of st's schema
// (except the Hidden ones). See typeFields.
func (b *Builder) JSONFields(st *types.Struct) []JSONField {
	return exported(b.typeFields(st))
}

// Fields is JSONFields without a Builder's memo: safe for concurrent use,
// for callers that keep their own.
func Fields(st *types.Struct) []JSONField {
	return exported(typeFields(st))
}

func exported(fields []jsonField) []JSONField {
	out := make([]JSONField, len(fields))
	for i, f := range fields {
		out[i] = JSONField{Name: f.name, Index: f.index, Var: f.v, Tag: f.tag, Options: f.json.opts, Hidden: f.hidden}
	}
	return out
}
