package jsonarg

import (
	"bytes"
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// The message functions word schema violations. The runtime's general path
// words the violations santhosh-tekuri's validator reports with these same
// functions (runtime/validate.go), the decoder words its own with them, and
// the generator calls them at generate time to put constant messages in
// generated decoders, so the two paths cannot drift apart. No message quotes
// a value of the arguments: only schema values, property names and counts.

// EnumMessage is the violation of "enum": expected one of "a", "b" (the
// schema's values as encoding/json marshals them, in schema order; give
// numbers as json.Number to keep the schema's literal, as the validator
// does).
func EnumMessage(values []any) string {
	return "expected one of " + jsonList(values)
}

// ConstMessage is the violation of "const": expected "a" (the value as
// encoding/json marshals it).
func ConstMessage(value any) string {
	return "expected " + jsonList([]any{value})
}

// MinimumMessage is the violation of "minimum": expected a number >= r.
// MaximumMessage, ExclusiveMinimumMessage and ExclusiveMaximumMessage are
// the other numeric bounds; r is the schema's bound, written as an integer
// when it is one and in the shortest float form otherwise.
func MinimumMessage(r *big.Rat) string { return "expected a number >= " + ratString(r) }

// MaximumMessage: expected a number <= r. See MinimumMessage.
func MaximumMessage(r *big.Rat) string { return "expected a number <= " + ratString(r) }

// ExclusiveMinimumMessage: expected a number > r. See MinimumMessage.
func ExclusiveMinimumMessage(r *big.Rat) string { return "expected a number > " + ratString(r) }

// ExclusiveMaximumMessage: expected a number < r. See MinimumMessage.
func ExclusiveMaximumMessage(r *big.Rat) string { return "expected a number < " + ratString(r) }

// MultipleOfMessage is the violation of "multipleOf".
func MultipleOfMessage(r *big.Rat) string { return "expected a multiple of " + ratString(r) }

// PatternMessage is the violation of "pattern"; it quotes the pattern, never
// the string.
func PatternMessage(pattern string) string {
	return "does not match pattern " + strconv.Quote(pattern)
}

// FormatMessage is the violation of "format": is not a valid <format>.
func FormatMessage(format string) string { return "is not a valid " + format }

// ContentEncodingMessage is the violation of "contentEncoding".
func ContentEncodingMessage(encoding string) string { return "is not " + encoding + " encoded" }

// ContentMediaTypeMessage is the violation of "contentMediaType".
func ContentMediaTypeMessage(mediaType string) string { return "is not of media type " + mediaType }

// PropertyNamesMessage is the violation of "propertyNames".
const PropertyNamesMessage = "has an invalid property name"

// FalseSchemaMessage is the violation of the schema false.
const FalseSchemaMessage = "is not allowed"

// OneOfMessage is the violation of "oneOf".
const OneOfMessage = "expected exactly one of the allowed shapes (oneOf)"

// AnyOfMessage is the violation of "anyOf".
const AnyOfMessage = "expected one of the allowed shapes (anyOf)"

// KeywordMessage is the violation of a keyword with no wording of its own:
// violates <keyword path>.
func KeywordMessage(keywordPath []string) string {
	return "violates " + strings.Join(keywordPath, "/")
}

// TypeNames returns the types of a schema's "type" keyword as the
// validator lists them in a violation: in the fixed order null, boolean,
// number, integer, string, array, object (not the schema's order), joined
// with " or ". It is the want of [Decoder.WrongType] and [TypeMessage].
func TypeNames(types ...string) string {
	var b strings.Builder
	for _, t := range typeOrder {
		if slices.Contains(types, t) {
			if b.Len() > 0 {
				b.WriteString(" or ")
			}
			b.WriteString(t)
		}
	}
	return b.String()
}

var typeOrder = [...]string{"null", "boolean", "number", "integer", "string", "array", "object"}

// TypeMessage is the violation of "type": expected <want>, got <got>. want
// is [TypeNames] of the schema's types; got is the instance's JSON type,
// one of null, boolean, number, string, array, object (the validator calls
// every number "number", integral or not).
func TypeMessage(want, got string) string { return string(appendType(nil, want, got)) }

// RequiredMessage is the violation of "required": missing required
// property "a" (or properties "a", "b"), the names in the order of the
// schema's "required" array.
func RequiredMessage(missing []string) string {
	dst := appendRequiredHead(nil, len(missing))
	for i, n := range missing {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = appendQuoted(dst, n)
	}
	return string(dst)
}

// UnexpectedMessage is the violation of "additionalProperties": false:
// unexpected property "a" (or properties "a", "b") (property names are
// case-sensitive). The names are sorted and de-duplicated.
func UnexpectedMessage(names []string) string {
	names = slices.Compact(slices.Sorted(slices.Values(names)))
	dst := appendUnexpectedHead(nil, len(names))
	for i, n := range names {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = appendQuoted(dst, n)
	}
	return string(append(dst, unexpectedTail...))
}

// MinLengthMessage is the violation of "minLength": expected at least
// <want> characters, got <got> (counted in runes).
func MinLengthMessage(want, got int) string {
	return string(appendCount(nil, "expected at least ", want, " characters, got ", got))
}

// MaxLengthMessage is the violation of "maxLength".
func MaxLengthMessage(want, got int) string {
	return string(appendCount(nil, "expected at most ", want, " characters, got ", got))
}

// MinItemsMessage is the violation of "minItems".
func MinItemsMessage(want, got int) string {
	return string(appendCount(nil, "expected at least ", want, " items, got ", got))
}

// MaxItemsMessage is the violation of "maxItems".
func MaxItemsMessage(want, got int) string {
	return string(appendCount(nil, "expected at most ", want, " items, got ", got))
}

// MinPropertiesMessage is the violation of "minProperties".
func MinPropertiesMessage(want, got int) string {
	return string(appendCount(nil, "expected at least ", want, " properties, got ", got))
}

// MaxPropertiesMessage is the violation of "maxProperties".
func MaxPropertiesMessage(want, got int) string {
	return string(appendCount(nil, "expected at most ", want, " properties, got ", got))
}

// UniqueItemsMessage is the violation of "uniqueItems": items i and j are
// equal.
func UniqueItemsMessage(i, j int) string {
	return string(appendCount(nil, "items ", i, " and ", j)) + " are equal; expected unique items"
}

// MaxViolations bounds the violations one message lists.
const MaxViolations = 8

// SchemaMessage assembles the message of a failed schema check from its
// violations, each one [Line]: "arguments do not match the input schema: "
// and the lines sorted, de-duplicated and joined with "; ", at most
// [MaxViolations] of them, then "; and N more" for the rest. lines is
// sorted in place. [Decoder.Finish] builds its message with the same code.
func SchemaMessage(lines []string) string {
	var arena []byte
	spans := make([]span, len(lines))
	for i, l := range lines {
		spans[i] = span{len(arena), len(arena) + len(l)}
		arena = append(arena, l...)
	}
	return buildMessage("", arena, spans)
}

// Line is one violation as a message lists it: "at /a/0/b: msg", where
// location is the path of the value (object keys unescaped, array indexes
// in decimal, the root "/").
func Line(location []string, msg string) string {
	dst := append([]byte(nil), linePrefix...)
	for i, tok := range location {
		if i > 0 {
			dst = append(dst, '/')
		}
		dst = append(dst, tok...)
	}
	return string(appendLineEnd(dst, msg))
}

const (
	schemaPrefix   = "arguments do not match the input schema: "
	linePrefix     = "at /"
	unexpectedTail = " (property names are case-sensitive)"
)

// span is a range of a byte buffer.
type span struct{ start, end int }

// buildMessage is the one assembler of both paths: it sorts spans by the
// bytes of arena they cover, drops duplicates and writes the message.
func buildMessage(prefix string, arena []byte, spans []span) string {
	if len(spans) < 12 { // insertion sort: no closure, few compares
		for i := 1; i < len(spans); i++ {
			for j := i; j > 0 && string(arena[spans[j].start:spans[j].end]) < string(arena[spans[j-1].start:spans[j-1].end]); j-- {
				spans[j], spans[j-1] = spans[j-1], spans[j]
			}
		}
	} else {
		slices.SortFunc(spans, func(a, b span) int {
			return bytes.Compare(arena[a.start:a.end], arena[b.start:b.end])
		})
	}
	spans = slices.CompactFunc(spans, func(a, b span) bool {
		return bytes.Equal(arena[a.start:a.end], arena[b.start:b.end])
	})
	more := 0
	if len(spans) > MaxViolations {
		more = len(spans) - MaxViolations
		spans = spans[:MaxViolations]
	}
	n := len(prefix) + len(schemaPrefix) + 24
	for _, s := range spans {
		n += s.end - s.start + 2
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(prefix)
	b.WriteString(schemaPrefix)
	for i, s := range spans {
		if i > 0 {
			b.WriteString("; ")
		}
		b.Write(arena[s.start:s.end])
	}
	if more > 0 {
		b.WriteString("; and ")
		var num [20]byte
		b.Write(strconv.AppendInt(num[:0], int64(more), 10))
		b.WriteString(" more")
	}
	return b.String()
}

// appendQuoted is strconv.AppendQuote (what %q writes), quick for names
// that need no escape.
func appendQuoted(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return strconv.AppendQuote(dst, s)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// appendQuotedBytes is appendQuoted of b.
func appendQuotedBytes(dst, b []byte) []byte {
	for _, c := range b {
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return strconv.AppendQuote(dst, string(b))
		}
	}
	dst = append(dst, '"')
	dst = append(dst, b...)
	return append(dst, '"')
}

func appendLineEnd(dst []byte, msg string) []byte {
	dst = append(dst, ": "...)
	return append(dst, msg...)
}

func appendType(dst []byte, want, got string) []byte {
	dst = append(dst, "expected "...)
	dst = append(dst, want...)
	dst = append(dst, ", got "...)
	return append(dst, got...)
}

func appendRequiredHead(dst []byte, n int) []byte {
	if n == 1 {
		return append(dst, "missing required property "...)
	}
	return append(dst, "missing required properties "...)
}

func appendUnexpectedHead(dst []byte, n int) []byte {
	if n == 1 {
		return append(dst, "unexpected property "...)
	}
	return append(dst, "unexpected properties "...)
}

func appendCount(dst []byte, a string, want int, b string, got int) []byte {
	dst = append(dst, a...)
	dst = strconv.AppendInt(dst, int64(want), 10)
	dst = append(dst, b...)
	return strconv.AppendInt(dst, int64(got), 10)
}

func ratString(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// jsonList renders schema values (never instance values) as JSON.
func jsonList(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte("?")
		}
		parts[i] = string(b)
	}
	return strings.Join(parts, ", ")
}
