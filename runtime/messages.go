package runtime

import (
	"encoding/json"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// This file words every message the runtime sends a model about its
// arguments, by these rules:
//
//   - A message says where ("at /a/0/b", the path of the value, object keys
//     unescaped) and what was expected.
//   - It never quotes a value of the arguments: only property names, values
//     of the schema, Go types and counts.
//   - It is at most maxArgumentsMessage bytes long, so that with the loop's
//     "invalid arguments for tool "<key>": " it stays within 1 KB: names,
//     paths and schema values are cut with an ellipsis, and lists give the
//     first few items and "and N more".

const (
	// maxModelMessage bounds a message to the model: 1 KB.
	maxModelMessage = 1024
	// maxArgumentsMessage bounds the text of an invalid-arguments error,
	// its "invalid arguments: " prefix included.
	maxArgumentsMessage = 900
	// maxNameBytes bounds a name (a property, a tool, a Go type) or a
	// schema value as a message quotes it.
	maxNameBytes = 64
	// maxPathBytes bounds a path.
	maxPathBytes = 160
	// maxListed bounds the items of a list before "and N more".
	maxListed = 5
	// maxViolations bounds the violations one message lists.
	maxViolations = 8
	// maxListedTools bounds the tools an unknown-tool message lists.
	maxListedTools = 20
)

const ellipsis = "…"

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
	return &invalidArgumentsError{cut(invalidArgumentsPrefix+msg, maxArgumentsMessage)}
}

// cut returns s if it is at most n bytes long, else its longest prefix that
// leaves room for an ellipsis, on a rune boundary, and the ellipsis.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := max(n-len(ellipsis), 0)
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + ellipsis
}

// quote is a name as a message shows it: quoted, cut to maxNameBytes.
func quote(name string) string { return strconv.Quote(cut(name, maxNameBytes)) }

// list joins items, the first of total, with ", " and says how many of
// total it leaves out.
func list(items []string, total int) string {
	s := strings.Join(items, ", ")
	if more := total - len(items); more > 0 {
		s += " and " + strconv.Itoa(more) + " more"
	}
	return s
}

// quoteList quotes the first maxListed names and lists them.
func quoteList(names []string, total int) string {
	q := make([]string, min(len(names), maxListed))
	for i := range q {
		q[i] = quote(names[i])
	}
	return list(q, total)
}

// path writes the location of a value: "/" and its tokens joined with "/",
// each cut to maxNameBytes; a path longer than maxPathBytes keeps its
// first and last tokens around "…".
func path(tokens []string) string {
	var b strings.Builder
	head, tail := tokens, []string(nil)
	if total := pathLen(tokens); total > maxPathBytes {
		i := 0
		for n := 0; i < len(tokens); i++ {
			if n += 1 + min(len(tokens[i]), maxNameBytes); n > maxPathBytes/2 {
				break
			}
		}
		j := len(tokens)
		for n := 0; j > i; j-- {
			if n += 1 + min(len(tokens[j-1]), maxNameBytes); n > maxPathBytes/2 {
				break
			}
		}
		head, tail = tokens[:i], tokens[j:]
	}
	for _, t := range head {
		b.WriteByte('/')
		b.WriteString(cut(t, maxNameBytes))
	}
	if tail != nil {
		b.WriteString("/" + ellipsis)
		for _, t := range tail {
			b.WriteByte('/')
			b.WriteString(cut(t, maxNameBytes))
		}
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

func pathLen(tokens []string) int {
	n := 0
	for _, t := range tokens {
		n += 1 + min(len(t), maxNameBytes)
	}
	return n
}

// at is one violation: "at /path: msg".
func at(tokens []string, msg string) string { return "at " + path(tokens) + ": " + msg }

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
	msg := "not valid JSON at byte " + strconv.FormatInt(offset, 10) + ": " + cut(reason, 120)
	if len(tokens) == 0 {
		return msg
	}
	return at(tokens, msg)
}

func duplicateMessage(object []string, name string) string {
	return at(object, "duplicate property "+quote(name))
}

func numberTooLongMessage(tokens []string) string {
	return at(tokens, "number longer than "+strconv.Itoa(maxNumberBytes)+" characters")
}

func numberRangeMessage(tokens []string) string {
	return at(tokens, "number out of range: expected 0 or a magnitude between about 5e-324 and 1.8e308 (a float64), with an exponent of at most "+strconv.Itoa(maxExponent))
}

// Schema violations.

const (
	schemaPrefix   = "arguments do not match the input schema: "
	unexpectedTail = " (property names are case-sensitive)"
)

// schemaMessage assembles the message of a failed schema check from its
// leaf violations, each one [at]: sorted, de-duplicated and joined with
// "; ", as many as fit (at most maxViolations), then "and N more", after
// prefix (schemaPrefix for arguments).
func schemaMessage(prefix string, lines []string) string {
	slices.Sort(lines)
	lines = slices.Compact(lines)
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

// validationMessage lists the leaf violations of ve after prefix.
func validationMessage(prefix string, ve *jsonschema.ValidationError) string {
	var lines []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		lines = append(lines, at(e.InstanceLocation, violation(e.ErrorKind)))
	}
	walk(ve)
	return schemaMessage(prefix, lines)
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
			return "missing required property " + quote(k.Missing[0])
		}
		return "missing required properties " + quoteList(k.Missing, len(k.Missing))
	case *kind.AdditionalProperties:
		names := smallest(k.Properties, maxListed)
		if len(k.Properties) == 1 {
			return "unexpected property " + quote(names[0]) + unexpectedTail
		}
		return "unexpected properties " + quoteList(names, len(k.Properties)) + unexpectedTail
	case *kind.Enum:
		return "expected one of " + schemaValues(k.Want)
	case *kind.Const:
		return "expected " + schemaValues([]any{k.Want})
	case *kind.Pattern:
		return "does not match pattern " + strconv.Quote(cut(k.Want, 2*maxNameBytes))
	case *kind.Format:
		return "is not a valid " + cut(k.Want, maxNameBytes)
	case *kind.ContentEncoding:
		return "is not " + cut(k.Want, maxNameBytes) + " encoded"
	case *kind.ContentMediaType:
		return "is not of media type " + cut(k.Want, maxNameBytes)
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
	return "violates " + cut(strings.Join(k.KeywordPath(), "/"), maxNameBytes)
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
	parts := make([]string, min(len(values), maxListed))
	for i, v := range values[:len(parts)] {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte("?")
		}
		parts[i] = cut(string(b), maxNameBytes)
	}
	return list(parts, len(values))
}

// ratString writes a bound of the schema: as an integer when it is one,
// else in the shortest float form.
func ratString(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return cut(r.Num().String(), maxNameBytes)
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
		return at(tokens, "expected "+want+", got "+got)
	}
	return at(tokens, "expected "+want)
}

// mismatchMessage is a failure to decode into t that the decoder did not
// locate.
func mismatchMessage(t reflect.Type) string {
	return "arguments do not fit the tool's input type " + cut(t.String(), maxNameBytes)
}

func unknownMemberMessage(object []string, name string) string {
	return at(object, "unexpected property "+quote(name)+unexpectedTail)
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
		return "a valid " + cut(t.String(), maxNameBytes), ""
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
	return "a value of type " + cut(t.String(), maxNameBytes), ""
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

// Messages of the loop and servers.

// clip bounds a message to the model.
func clip(s string) string { return cut(s, maxModelMessage) }

// unknownToolMessage tells the model that name is no tool it may call now.
// inactive says that name is a tool of the agent, not active in this step.
func unknownToolMessage(name string, available []string, inactive bool) string {
	if len(available) == 0 {
		return "unknown tool " + quote(name) + "; no tools are available"
	}
	head := "unknown tool " + quote(name)
	if inactive {
		head = "tool " + quote(name) + " is not available in this step"
	}
	return clip(head + "; available tools: " + list(available[:min(len(available), maxListedTools)], len(available)))
}
