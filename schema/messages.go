package schema

import (
	"encoding/json"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/toolgen-go/toolgen/internal/wording"
)

const (
	// maxArgumentsMessage bounds the text of an invalid-arguments error,
	// its "invalid arguments: " prefix included.
	maxArgumentsMessage = 900
	// maxViolations bounds the violations one message lists.
	maxViolations = 8
)

// invalidArgumentsPrefix starts the text of every error that wraps
// ErrInvalidArguments.
var invalidArgumentsPrefix = ErrInvalidArguments.Error() + ": "

// invalidArgumentsError is an error about the arguments: its text is
// "invalid arguments: " and a message fit for the model.
type invalidArgumentsError struct{ msg string }

func (e *invalidArgumentsError) Error() string { return e.msg }

func (e *invalidArgumentsError) Unwrap() error { return ErrInvalidArguments }

// invalidArguments returns the error that tells the model msg, cut to
// maxArgumentsMessage.
func invalidArguments(msg string) error {
	return &invalidArgumentsError{wording.Cut(invalidArgumentsPrefix+msg, maxArgumentsMessage)}
}

// Limits.

func tooLargeMessage(size, limit int) string {
	return "arguments are " + strconv.Itoa(size) + " bytes; the limit is " + strconv.Itoa(limit)
}

func tooDeepMessage(limit int) string {
	return "arguments nest deeper than " + strconv.Itoa(limit) + " levels"
}

func tooManyValuesMessage(limit int) string {
	return "arguments hold more than " + strconv.Itoa(limit) + " values"
}

// Syntax.

const (
	emptyMessage    = "empty arguments; expected a JSON object"
	eofMessage      = "not valid JSON: unexpected end of input"
	trailingMessage = "unexpected data after the arguments"
)

// syntaxMessage is a JSON syntax error at byte offset, at the value the
// reader had reached. reason is the JSON reader's, which names at most one
// character or escape sequence of the input.
func syntaxMessage(tokens []string, offset int64, reason string) string {
	msg := "not valid JSON at byte " + strconv.FormatInt(offset, 10) + ": " + wording.Cut(reason, 120)
	if len(tokens) == 0 {
		return msg
	}
	return wording.At(tokens, msg)
}

func duplicateMessage(object []string, name string) string {
	return wording.At(object, "duplicate property "+wording.Quote(name))
}

func numberTooLongMessage(tokens []string) string {
	return wording.At(tokens, "number longer than "+strconv.Itoa(maxNumberBytes)+" characters ("+strconv.Itoa(maxIntegerBytes)+" for an integer)")
}

func numberRangeMessage(tokens []string) string {
	return wording.At(tokens, "number out of range: expected 0 or a magnitude between about 5e-324 and 1.8e308 (a float64), with an exponent of at most "+strconv.Itoa(maxExponent))
}

// Schema violations.

const (
	schemaPrefix   = "arguments do not match the input schema: "
	unexpectedTail = " (property names are case-sensitive)"
)

// schemaMessage assembles the message of a failed schema check from its
// leaf violations, each one [wording.At]: sorted, de-duplicated and joined with
// "; ", as many as fit (at most maxViolations), then "and N more", after
// prefix (schemaPrefix for arguments).
func schemaMessage(prefix string, lines []string) string {
	lines = slices.Compact(slices.Sorted(slices.Values(lines)))
	var b strings.Builder
	b.WriteString(prefix)
	budget := maxArgumentsMessage - len(invalidArgumentsPrefix) - len(prefix) - len("; and 1000000 more")
	shown := 0
	for _, l := range lines {
		if shown == maxViolations || (shown > 0 && b.Len()+2+len(l) > budget) {
			break
		}
		if shown > 0 {
			b.WriteString("; ")
		}
		b.WriteString(l)
		shown++
	}
	if more := len(lines) - shown; more > 0 {
		b.WriteString("; and " + strconv.Itoa(more) + " more")
	}
	return b.String()
}

// violations words the leaf violations of ve, each one [wording.At].
func violations(ve *jsonschema.ValidationError) []string {
	var lines []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		lines = append(lines, wording.At(e.InstanceLocation, violation(e.ErrorKind)))
	}
	walk(ve)
	return lines
}

// ValidationError is a document that does not match its schema. Its text
// is that of every error of the argument path, "invalid arguments: " and a
// message fit for a model; [ValidationError.Message] words it for another
// document, such as a tool's output.
type ValidationError struct {
	violations []string
}

// Error implements error: "invalid arguments: arguments do not match the
// input schema: " and the violations, each with its path and what was
// expected, never a value of the document, at most 900 bytes in all.
func (e *ValidationError) Error() string {
	return invalidArgumentsPrefix + schemaMessage(schemaPrefix, e.violations)
}

// Unwrap returns [ErrInvalidArguments].
func (e *ValidationError) Unwrap() error { return ErrInvalidArguments }

// Message returns prefix and the violations, as many as fit in 900 bytes
// with "and N more".
func (e *ValidationError) Message(prefix string) string {
	return schemaMessage(prefix, e.violations)
}

// Message words err, an error of the argument path about a document that
// is not a tool's arguments (resume data, a client's result, a structured
// output), for whoever sent it: the path and what was expected, without
// the words that speak of arguments.
func Message(err error) string {
	msg := strings.TrimPrefix(err.Error(), invalidArgumentsPrefix)
	msg = strings.TrimPrefix(msg, schemaPrefix)
	return strings.Replace(msg, "arguments do not fit the tool's input type", "it does not fit the type", 1)
}

// violation words one violation of the schema. It quotes the schema's
// values (enum, const, pattern) and property names, never the value that
// violates it.
func violation(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Type:
		return "expected " + strings.Join(k.Want, " or ") + ", got " + k.Got
	case *kind.Required:
		if len(k.Missing) == 1 {
			return "missing required property " + wording.Quote(k.Missing[0])
		}
		return "missing required properties " + wording.QuoteList(k.Missing, len(k.Missing))
	case *kind.AdditionalProperties:
		names := smallest(k.Properties, wording.MaxListed)
		if len(k.Properties) == 1 {
			return "unexpected property " + wording.Quote(names[0]) + unexpectedTail
		}
		return "unexpected properties " + wording.QuoteList(names, len(k.Properties)) + unexpectedTail
	case *kind.Enum:
		return "expected one of " + schemaValues(k.Want)
	case *kind.Const:
		return "expected " + schemaValues([]any{k.Want})
	case *kind.Pattern:
		return "does not match pattern " + strconv.Quote(wording.Cut(k.Want, 2*wording.MaxNameBytes))
	case *kind.Format:
		return "is not a valid " + wording.Cut(k.Want, wording.MaxNameBytes)
	case *kind.ContentEncoding:
		return "is not " + wording.Cut(k.Want, wording.MaxNameBytes) + " encoded"
	case *kind.ContentMediaType:
		return "is not of media type " + wording.Cut(k.Want, wording.MaxNameBytes)
	case *kind.PropertyNames:
		return "has an invalid property name"
	case *kind.FalseSchema:
		return "is not allowed"
	case *kind.MinLength:
		return count("expected at least ", k.Want, " characters, got ", k.Got)
	case *kind.MaxLength:
		return count("expected at most ", k.Want, " characters, got ", k.Got)
	case *kind.MinItems:
		return count("expected at least ", k.Want, " items, got ", k.Got)
	case *kind.MaxItems:
		return count("expected at most ", k.Want, " items, got ", k.Got)
	case *kind.MinProperties:
		return count("expected at least ", k.Want, " properties, got ", k.Got)
	case *kind.MaxProperties:
		return count("expected at most ", k.Want, " properties, got ", k.Got)
	case *kind.Minimum:
		return "expected a number >= " + ratString(k.Want)
	case *kind.Maximum:
		return "expected a number <= " + ratString(k.Want)
	case *kind.ExclusiveMinimum:
		return "expected a number > " + ratString(k.Want)
	case *kind.ExclusiveMaximum:
		return "expected a number < " + ratString(k.Want)
	case *kind.MultipleOf:
		return "expected a multiple of " + ratString(k.Want)
	case *kind.UniqueItems:
		return count("items ", k.Duplicates[0], " and ", k.Duplicates[1]) + " are equal; expected unique items"
	case *kind.OneOf:
		return "expected exactly one of the allowed shapes (oneOf)"
	case *kind.AnyOf:
		return "expected one of the allowed shapes (anyOf)"
	}
	return "violates " + wording.Cut(strings.Join(k.KeywordPath(), "/"), wording.MaxNameBytes)
}

func count(a string, want int, b string, got int) string {
	return a + strconv.Itoa(want) + b + strconv.Itoa(got)
}

// smallest returns the n smallest of names, sorted, without sorting them
// all: a model may send a hundred thousand unknown properties.
func smallest(names []string, n int) []string {
	out := make([]string, 0, n+1)
	for _, name := range names {
		i, found := slices.BinarySearch(out, name)
		if found || (len(out) == n && i == n) {
			continue
		}
		out = slices.Insert(out, i, name)
		if len(out) > n {
			out = out[:n]
		}
	}
	return out
}

// schemaValues writes values of the schema (enum, const) as JSON, each cut
// to maxNameBytes, and lists them.
func schemaValues(values []any) string {
	parts := make([]string, min(len(values), wording.MaxListed))
	for i, v := range values[:len(parts)] {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte("?")
		}
		parts[i] = wording.Cut(string(b), wording.MaxNameBytes)
	}
	return wording.List(parts, len(values))
}

// ratString writes a bound of the schema: as an integer when it is one,
// else in the shortest float form.
func ratString(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return wording.Cut(r.Num().String(), wording.MaxNameBytes)
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// Decoding into the Go type, after the schema check: what the type wants
// that the schema did not say (a time's format, an integer's range).

// decodeMessage is a value at tokens that the Go type t did not accept;
// got is the JSON type of the value, or "" if unknown.
func decodeMessage(tokens []string, t reflect.Type, got string) string {
	want, wantKind := expected(t)
	if got != "" && wantKind != "" && got != wantKind {
		return wording.At(tokens, "expected "+want+", got "+got)
	}
	return wording.At(tokens, "expected "+want)
}

// mismatchMessage is a failure to decode into t that the decoder did not
// locate.
func mismatchMessage(t reflect.Type) string {
	return "arguments do not fit the tool's input type " + wording.Cut(t.String(), wording.MaxNameBytes)
}

func unknownMemberMessage(object []string, name string) string {
	return wording.At(object, "unexpected property "+wording.Quote(name)+unexpectedTail)
}

// expected describes the JSON values t accepts, and their JSON type.
func expected(t reflect.Type) (want, jsonType string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case timeType:
		return "a date-time string (RFC 3339)", "string"
	case durationType:
		return "an integer number of nanoseconds", "number"
	case stdNumberType:
		return "number", "number"
	}
	if decodesItself(t) {
		return "a valid " + wording.Cut(t.String(), wording.MaxNameBytes), ""
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean", "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return "an integer from " + strconv.FormatInt(-1<<(bits-1), 10) + " to " + strconv.FormatInt(1<<(bits-1)-1, 10), "number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "an integer from 0 to " + strconv.FormatUint(1<<t.Bits()-1, 10), "number"
	case reflect.Float32:
		return "a number within the range of a float32", "number"
	case reflect.Float64:
		return "number", "number"
	case reflect.String:
		return "string", "string"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "a base64 string", "string"
		}
		return "array", "array"
	case reflect.Array:
		return "array", "array"
	case reflect.Map, reflect.Struct:
		return "object", "object"
	}
	return "a value of type " + wording.Cut(t.String(), wording.MaxNameBytes), ""
}

// jsonTypeName names a JSON kind as the validator names types.
func jsonTypeName(k byte) string {
	switch k {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return ""
}
