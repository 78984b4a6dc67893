// Package jsonarg decodes a tool call's JSON arguments into a Go value and
// checks them against the tool's input schema, in one pass over the bytes.
//
// toolgen knows each tool's input schema and Go type at generate time, so it
// generates one decoder function per input type against this package:
//
//	func decodeWeatherInput(d *jsonarg.Decoder, v *WeatherInput)
//
// and wires it into the tool with [runtime.Func.WithDecoder]. Applications
// never call this package; it is API only because generated code lives in
// the application's packages.
//
// A generated decoder is a fast path, never a second opinion: for every
// input it either
//
//   - decodes exactly the value the runtime's general path (santhosh-tekuri's
//     validator on the parsed arguments, then encoding/json) decodes, with
//     no violation;
//   - records exactly the violations the general path reports, with the
//     same messages; or
//   - gives up ([Decoder.Fallback]) on anything it cannot decide the same
//     way: bad JSON syntax (RFC 8259 exactly; anything else, a byte order
//     mark included), invalid UTF-8, lone surrogates, duplicate keys,
//     numbers encoding/json would reject (1.0 or 1e3 for an integer, out of
//     the Go type's range), nesting beyond 10000 levels, violations inside
//     a union. The runtime then runs the general path, which reports the
//     input as it always has.
//
// The differential tests of runtime and generator hold generated decoders to
// that rule.
//
// # The shape of a generated decoder
//
// Messages are computed at generate time with the Message functions
// ([EnumMessage], [MinimumMessage], …) and kept in package variables; the
// decoder adds the path. The weather input (location required, units an
// optional enum) decodes like this:
//
//	var (
//		weatherRequired  = []string{"location"}
//		weatherUnitsEnum = jsonarg.EnumMessage([]any{"celsius", "fahrenheit"})
//	)
//
//	func decodeWeatherInput(d *jsonarg.Decoder, v *WeatherInput) {
//		if d.Peek() != jsonarg.Object {
//			d.WrongType("object")
//			return
//		}
//		var seen uint64
//		d.Object()
//		for d.Next() {
//			switch string(d.Key()) {
//			case "location":
//				if seen&1 != 0 {
//					d.Duplicate()
//					return
//				}
//				seen |= 1
//				if d.Peek() != jsonarg.String {
//					d.WrongType("string")
//					continue
//				}
//				v.Location = d.Text()
//			case "units":
//				if seen&2 != 0 {
//					d.Duplicate()
//					return
//				}
//				seen |= 2
//				if d.DropNull() {
//					continue
//				}
//				if d.Peek() != jsonarg.String {
//					d.WrongType("string")
//					continue
//				}
//				switch string(d.TextBytes()) {
//				case "celsius":
//					v.Units = Celsius
//				case "fahrenheit":
//					v.Units = Fahrenheit
//				default:
//					d.Violation(weatherUnitsEnum)
//				}
//			default:
//				d.Unexpected()
//			}
//		}
//		d.Missing(^seen&1, weatherRequired)
//	}
//
// The rules, each one the general path's behaviour:
//
//   - Mark a property seen before checking its value, so that a duplicate
//     whose first value was wrong still falls back. Map values likewise:
//     insert the key (m[k] = zero) before reading the value, and call
//     Duplicate when the key is already there.
//   - The required properties take the low bits of seen, in the order of
//     the schema's "required" array: [Decoder.Missing] lists them in bit
//     order, as the validator lists missing names in "required" order.
//   - A "type" failure stops every other keyword of that value
//     ([Decoder.WrongType] skips it); so do "enum" and "const" failures
//     (no minLength after a failed enum). Other keywords of one value are
//     all checked: minLength and maxLength, minimum and maximum, minItems
//     and the items' own violations.
//   - want for WrongType is [TypeNames] of the schema's types ("null or
//     string", never "string or null"); for an integer Go type it is
//     "integer", for a float "number". Peek reports every number as
//     Number; Int and Uint record "expected integer, got number" for a
//     non-integral one.
//   - Bounds: compare what Int and Uint return with integer bounds in Go;
//     for floats use [Decoder.CmpNumber] (exact, as the validator compares
//     the literal) or [Decoder.CmpRat]; multipleOf with [Decoder.Rat]. A Go
//     type's own range must be in the schema (toolgen emits it) or be
//     checked as a fallback, since encoding/json rejects overflow.
//   - Arrays: make a non-nil slice before the loop (encoding/json decodes
//     [] to an empty slice, not nil); count every item for minItems and
//     maxItems, wrong ones included. Check minItems and maxItems after
//     NextItem returned false: the violation is at the array's path.
//   - Strings: minLength and maxLength count runes
//     (utf8.RuneCountInString); the pattern check needs the string, which
//     [Decoder.TextBytes] gives without a copy.
//   - Optional properties call [Decoder.DropNull] first (it drops only in
//     strict mode); required ones and unknown ones never do.
//   - Unions (anyOf, oneOf: nullable pointers, toolgen's "nullable"): read
//     the branch that the value's kind selects, take [Decoder.Mark] before
//     and call [Decoder.Fallback] if [Decoder.Since] reports a violation,
//     or if no branch fits; the union's own messages are left to the
//     general path.
//   - Values of types that decode themselves (time.Time, json.RawMessage,
//     any, Unmarshalers) are read with [Decoder.Raw] and decoded with
//     encoding/json; on an error, call Fallback. Raw's bytes alias the
//     input: copy them into a RawMessage.
//   - A strict tool (dropOptionalNulls) with a RawMessage or any field is
//     not decoded the same way: the general path re-encodes the arguments
//     after dropping nulls. The OpenAI strict dialect cannot express such
//     fields, so toolgen rejects them at generate time.
package jsonarg

// Kind is the kind of the next JSON value, as [Decoder.Peek] sees it.
type Kind uint8

// The kinds of JSON values. Invalid means the next bytes are not the start
// of a JSON value (or the input ended); the decoder has fallen back.
const (
	Invalid Kind = iota
	Null
	Bool
	Number
	String
	Array
	Object
)

// String returns the JSON type of a value of kind k as the validator names
// it in a "type" violation: null, boolean, number, string, array, object;
// "invalid" for Invalid.
func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "invalid"
}
