package jsonarg

// SKELETON: the API that generated code and the runtime program against.
// Bodies are being written; signatures are fixed unless the lead agrees.

// Decoder reads one call's arguments. It keeps the JSON path of the value
// being read (for messages), the violations found so far, and whether it has
// fallen back. Get one with [New]; it is not safe for concurrent use.
type Decoder struct {
	data []byte
	pos  int
}

// New returns a decoder of data, from a pool. dropOptionalNulls is the
// runtime's strict-mode rule (a tool whose Spec is Strict): a null where an
// optional property's value should be means the property is absent (see
// [Decoder.DropNull]).
func New(data []byte, dropOptionalNulls bool) *Decoder { panic("unimplemented") }

// Release returns d to the pool. d must not be used afterwards.
func (d *Decoder) Release() { panic("unimplemented") }

// Finish ends decoding: data after the top-level value (other than
// whitespace) makes the decoder fall back. It reports whether the decoder
// fell back and, if not, the message that lists the violations, "" for
// none, worded exactly as the runtime's general path words it
// ("arguments do not match the input schema: at /units: expected one of
// \"celsius\", \"fahrenheit\""; sorted, de-duplicated, at most 8 listed).
func (d *Decoder) Finish() (fallback bool, msg string) { panic("unimplemented") }

// Fallback gives up: the runtime will decode these arguments with its
// general path. Reading on after Fallback is safe; every reader returns
// zero values.
func (d *Decoder) Fallback() { panic("unimplemented") }

// Failed reports whether d has fallen back.
func (d *Decoder) Failed() bool { panic("unimplemented") }

// Peek skips whitespace and returns the kind of the next value without
// consuming it. At anything that cannot start a JSON value it falls back
// and returns Invalid.
func (d *Decoder) Peek() Kind { panic("unimplemented") }

// Null consumes a null. Precondition: Peek() == Null.
func (d *Decoder) Null() { panic("unimplemented") }

// DropNull consumes the next value and returns true if it is null and the
// decoder drops optional nulls (strict mode). Generated code calls it first
// for each optional property.
func (d *Decoder) DropNull() bool { panic("unimplemented") }

// Bool consumes a boolean. Precondition: Peek() == Bool.
func (d *Decoder) Bool() bool { panic("unimplemented") }

// String consumes a string and returns it unescaped, as encoding/json
// would. Precondition: Peek() == String. Invalid UTF-8 or a lone
// surrogate falls back.
func (d *Decoder) String() string { panic("unimplemented") }

// Int consumes a number for a Go signed integer. ok is false when the
// number is not an integer (a violation "expected integer, got number" is
// recorded, as the schema's "type": "integer" reports it) or when
// encoding/json would reject it although it is an integer (1.0, 1e3, out
// of int64's range: the decoder falls back). Precondition: Peek() ==
// Number. The caller checks the schema's bounds, which include the Go
// type's.
func (d *Decoder) Int() (v int64, ok bool) { panic("unimplemented") }

// Uint is Int for a Go unsigned integer; a negative integer is returned
// as a violation of the bound the schema gives ("expected a number >= 0")
// only if the caller checks it: Uint itself falls back on it.
func (d *Decoder) Uint() (v uint64, ok bool) { panic("unimplemented") }

// Float consumes a number for a float64 (or float32: bits = 32), as
// encoding/json parses it; out of range falls back. Precondition: Peek()
// == Number.
func (d *Decoder) Float(bits int) (v float64, ok bool) { panic("unimplemented") }

// Raw consumes any value and returns its bytes, unchanged (for any,
// json.RawMessage, and types that decode themselves, such as time.Time).
// The bytes alias the input: copy what is kept.
func (d *Decoder) Raw() []byte { panic("unimplemented") }

// Skip consumes any value, checking its syntax.
func (d *Decoder) Skip() { panic("unimplemented") }

// WrongType records "expected <want>, got <kind>" at the current path,
// worded as the schema's "type" keyword reports it (want is the schema's
// types joined with " or ", such as "string or null"), and skips the
// value.
func (d *Decoder) WrongType(want string) { panic("unimplemented") }

// Violation records msg (a message from the Message functions, computed at
// generate time) at the current path.
func (d *Decoder) Violation(msg string) { panic("unimplemented") }

// Object consumes '{' and enters the object. Precondition: Peek() ==
// Object. Loop with Next.
func (d *Decoder) Object() { panic("unimplemented") }

// Next moves to the object's next property and returns true, with the
// current path ending in its key; at '}' it leaves the object, reports the
// properties passed to Unexpected as one violation at the object's path,
// and returns false.
func (d *Decoder) Next() bool { panic("unimplemented") }

// Key is the current property's key, unescaped. It is valid until the next
// call of Next: switch on string(d.Key()) does not allocate.
func (d *Decoder) Key() []byte { panic("unimplemented") }

// Unexpected notes the current property as one the schema does not allow
// (additionalProperties: false) and skips its value.
func (d *Decoder) Unexpected() { panic("unimplemented") }

// Duplicate falls back: a key seen twice in one object (encoding/json
// merges into maps and structs where a validator sees the last value).
func (d *Decoder) Duplicate() { panic("unimplemented") }

// Missing records the schema's "required" violation at the current path
// (the object, after Next returned false): names[i] is missing when bit i
// of missing is set, listed in bit order.
func (d *Decoder) Missing(missing uint64, names []string) { panic("unimplemented") }

// Array consumes '[' and enters the array. Precondition: Peek() == Array.
// Loop with NextItem.
func (d *Decoder) Array() { panic("unimplemented") }

// NextItem moves to the array's next item and returns true, with the
// current path ending in its index; at ']' it leaves the array and returns
// false.
func (d *Decoder) NextItem() bool { panic("unimplemented") }

// Mark returns the number of violations recorded so far, to tell after
// decoding a value whether it had any (see Since).
func (d *Decoder) Mark() int { panic("unimplemented") }

// Since reports whether violations were recorded after mark.
func (d *Decoder) Since(mark int) bool { panic("unimplemented") }

// MinLength records "expected at least <want> characters, got <got>" (got
// counted in runes, as the schema's minLength counts) at the current path.
func (d *Decoder) MinLength(want, got int) { panic("unimplemented") }

// MaxLength: see MinLength.
func (d *Decoder) MaxLength(want, got int) { panic("unimplemented") }

// MinItems records "expected at least <want> items, got <got>".
func (d *Decoder) MinItems(want, got int) { panic("unimplemented") }

// MaxItems: see MinItems.
func (d *Decoder) MaxItems(want, got int) { panic("unimplemented") }
