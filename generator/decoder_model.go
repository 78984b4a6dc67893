package generator

// This file is the model of the generated decoders: plain data, computed
// from go/types and the tools' input schemas in the schema phase
// (decoder.go) and written out as text by decoder_render.go.

// Decoder is a function of the generated file that decodes a tool's JSON
// arguments into its Go input and checks them against the tool's input
// schema in the same pass, against package runtime/jsonarg:
//
//	func decodeWeatherInput(d *jsonarg.Decoder, v *WeatherInput)
//
// The constructor of each tool that has one wires it with
// runtime.Func.WithDecoder. One function decodes each named struct type,
// shared by the tools of the package that use it; each anonymous struct
// field gets its own.
type Decoder struct {
	// Name is the function's name.
	Name string
	// Type spells the type the function's v points to.
	Type string
	// Kind is what the function decodes.
	Kind DecoderKind
	// Object is the object that a DecodeStruct or DecodeField function
	// reads.
	Object *ObjectPlan
	// Field is the selector, from v, of the anonymous struct field that a
	// DecodeField function decodes, such as "Filter" or "Base.Filter".
	Field string
	// Elem is the function that a DecodePointer function calls on the new
	// value.
	Elem string
	// Tools are the ids of the tools whose whole input the function
	// decodes, in source order; none for the functions of nested values.
	Tools []string

	key string // what it decodes, unique in a run: a type string
}

// DecoderKind is what a [Decoder] decodes.
type DecoderKind int

const (
	// DecodeStruct decodes a named struct type.
	DecodeStruct DecoderKind = iota
	// DecodeField decodes an anonymous struct field of a named struct type
	// (v is the named struct).
	DecodeField
	// DecodePointer decodes a *T for a tool that takes one: it allocates
	// the T and calls the decoder of T.
	DecodePointer
)

// ObjectPlan is how a JSON object decodes into a Go struct.
type ObjectPlan struct {
	// Props are the schema's properties: the names of its "required"
	// array first, in that order, then the others in field order.
	// Property i is bit i of the decoder's mask of properties seen, so
	// that the mask of the missing required ones lists them in the
	// schema's order (see jsonarg.Decoder.Missing).
	Props []*PropPlan
	// Required is the number of required properties.
	Required int
}

// PropPlan is one property of an object.
type PropPlan struct {
	// Name is the property's name (the field's JSON name).
	Name string
	// Field is the field's selector from the struct, such as "Location",
	// or "Base.Location" for a field promoted from an embedded struct that
	// the shorter selector does not reach.
	Field string
	// Value is how the property's value decodes.
	Value *ValuePlan
	// Alloc are the embedded pointers the field is promoted through, outer
	// first: encoding/json allocates those that are nil when the property
	// is present, whatever its value.
	Alloc []Alloc
}

// Alloc is an embedded pointer to allocate.
type Alloc struct {
	// Field is its selector, Type the type it points to.
	Field, Type string
}

// ValueKind is the form of a [ValuePlan].
type ValueKind int

// The kinds of values a decoder reads.
const (
	ValueBool    ValueKind = iota // a Go bool kind
	ValueString                   // a Go string kind
	ValueInt                      // a Go signed integer kind
	ValueUint                     // a Go unsigned integer kind
	ValueFloat                    // a Go float kind
	ValueStruct                   // a struct, decoded by the function Func
	ValuePointer                  // a pointer: Elem is the pointed-to value
	ValueSlice                    // a slice, not of bytes: Elem is the item
	ValueArray                    // an array of Len items: Elem is the item
	ValueMap                      // a map with string keys: Elem is the value
	ValueJSON                     // decoded by encoding/json (any, []byte) once its JSON type is checked
	ValueRaw                      // a json.RawMessage: the value's bytes
	ValueNumber                   // a json.Number: the number's literal
	ValueTime                     // a time.Time: its UnmarshalJSON method
)

// ValuePlan is how one JSON value decodes into a Go value, and what of its
// schema the decoder checks. Fields that do not apply to its kind are
// zero.
type ValuePlan struct {
	Kind ValueKind
	// Type spells the Go type in the generated file.
	Type string
	// Bits is the size of a sized integer or float type; 0 for int, uint
	// and uintptr, whose size is the platform's.
	Bits int
	// JSONType is the schema's "type" as the validator words it in a
	// violation (jsonarg.TypeNames), such as "string" or "null or
	// string"; "" when the schema allows any JSON value.
	JSONType string
	// Null is set when the schema admits null, which then decodes to the
	// Go zero value (nil for a pointer), as encoding/json decodes it.
	Null bool
	// Union is set when the schema is a union of another schema with
	// null: a violation inside the other branch makes the decoder fall
	// back, as the general path words union failures its own way.
	Union bool
	// Enum are the schema's "enum" values, as JSON literals; with Const,
	// the one value of its "const".
	Enum  []string
	Const bool
	// Minimum, Maximum, ExclusiveMinimum and ExclusiveMaximum are the
	// schema's numeric bounds, as JSON numbers; "" for none.
	Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum string
	// MultipleOf is the schema's "multipleOf", a JSON number; "" for none.
	MultipleOf string
	// MinLength and MaxLength bound a string's runes, MinItems and
	// MaxItems an array's items; -1 for none.
	MinLength, MaxLength, MinItems, MaxItems int
	// Pattern is the schema's "pattern" of a string; PatternVar the
	// package-level variable that compiles it on first use.
	Pattern, PatternVar string
	// Elem is the value a pointer points to, a slice's item or a map's
	// value.
	Elem *ValuePlan
	// Key spells a map's key type.
	Key string
	// Len is an array's length.
	Len int
	// UniqueItems is set when a slice's items must be distinct.
	UniqueItems bool
	// Func is the decoder function of a ValueStruct. For a DecodeField
	// function it takes the named struct that holds the field (Field),
	// else the struct's address.
	Func  string
	Field bool

	funcKey string // the key of Func's Decoder, until names are given
}
