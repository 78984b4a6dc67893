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
//     way: bad JSON syntax, invalid UTF-8, duplicate keys, numbers
//     encoding/json would reject, violations inside a union. The runtime
//     then runs the general path, which reports the input as it always has.
//
// The differential tests of runtime and generator hold generated decoders to
// that rule.
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
