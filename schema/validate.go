package schema

import (
	"bytes"
	"encoding"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// This file is the one path of a JSON document that toolgen judges (a
// tool's arguments, resume data, a client's result, a structured output),
// in order:
//
//  1. limits: size, nesting depth and number of values ([Limits],
//     [CheckLimits]);
//  2. a strict syntax pass ([Parse]), which builds the value the validator
//     checks;
//  3. for a Strict schema, optional nulls dropped (dropOptionalNulls);
//  4. JSON Schema validation ([Schema.Validate]);
//  5. decoding into the Go type (decode).
//
// Every failure is an error that wraps ErrInvalidArguments, with a message
// from messages.go, except a schema that does not compile, which is the
// schema's own fault.

// Default bounds on a tool call's arguments; see [Limits].
//
// Judging arguments costs about 0.1 µs per byte of a long string under a
// pattern and 1 to 3 µs per value (an object, array, string, number, true,
// false or null), most of it in the JSON Schema validator; the defaults keep
// any call within about 10 ms on a 2-core machine (BenchmarkPrepareHostile
// has the figures), while a string of 64 KiB, such as a file's text, passes.
// Raise them with [Limits] for tools that take larger documents.
const (
	// DefaultMaxBytes bounds the size of a call's arguments: 64 KiB.
	DefaultMaxBytes = 64 << 10
	// DefaultMaxDepth bounds the nesting of objects and arrays.
	DefaultMaxDepth = 64
	// DefaultMaxValues bounds the number of values in a call's
	// arguments, counted as [Limits.MaxValues] says.
	DefaultMaxValues = 1024
)

// Limits bounds the arguments a model may send, checked before they are
// parsed. A zero field means its default. Whatever the limit, the syntax
// pass rejects nesting deeper than 10,000 levels.
type Limits struct {
	// MaxBytes is the largest accepted argument text, in bytes.
	MaxBytes int
	// MaxDepth is the deepest accepted nesting of objects and arrays.
	MaxDepth int
	// MaxValues is the most values the arguments may hold, counted
	// without parsing them: one, plus one per object or array, plus one
	// per comma between elements or members. That is the number of values
	// (member names not counted), and one more for each empty object or
	// array.
	MaxValues int
}

func (l Limits) withDefaults() Limits {
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultMaxBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxValues <= 0 {
		l.MaxValues = DefaultMaxValues
	}
	return l
}

// CheckLimits reports, wrapping [ErrInvalidArguments], arguments larger,
// more deeply nested or holding more values than l allows. It reads args
// once and stops at the first bound crossed, so a huge or hostile argument
// costs little. [Schema.Read] calls it first; hosts that run tools call it
// before any tool's Prepare.
func CheckLimits[S ~string | ~[]byte](args S, l Limits) error {
	l = l.withDefaults()
	if len(args) > l.MaxBytes {
		return invalidArguments(tooLargeMessage(len(args), l.MaxBytes))
	}
	depth, values, inString, escaped := 0, 1, false, false
	for i := 0; i < len(args); i++ {
		c := args[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			if depth > l.MaxDepth {
				return invalidArguments(tooDeepMessage(l.MaxDepth))
			}
			values++
		case c == '}' || c == ']':
			depth--
		case c == ',':
			values++
		default:
			continue
		}
		if values > l.MaxValues {
			return invalidArguments(tooManyValuesMessage(l.MaxValues))
		}
	}
	return nil
}

// Read takes args through the whole path into v, a pointer: the limits l,
// the syntax pass, for a strict schema the optional nulls dropped (see
// dropOptionalNulls), validation against s, and decoding with
// encoding/json's rules for Go types except that names match exactly and
// unknown names are errors. An error about args wraps
// [ErrInvalidArguments]; a schema that does not compile is an error that
// does not.
func (s *Schema) Read(args []byte, l Limits, strict bool, v any) error {
	if err := CheckLimits(args, l); err != nil {
		return err
	}
	value, err := Parse(args)
	if err != nil {
		return err
	}
	sch, err := s.get()
	if err != nil {
		return err
	}
	if strict {
		// The decoding needs no change: encoding/json's rules leave a
		// field as it is for null, and set a pointer, slice or map to nil.
		dropOptionalNulls(value, sch)
	}
	if err := validate(sch, value); err != nil {
		return err
	}
	return decode(args, v)
}

// The bounds on a number, which the validator turns into a big.Rat: a
// number of a megabyte of digits took seconds, and one beyond the range of
// a big exponent crashed it. No float64 needs more: 17 significant digits
// give any float64 exactly.
const (
	// maxNumberBytes bounds the text of a number with a fraction or an
	// exponent.
	maxNumberBytes = 128
	// maxIntegerBytes bounds the text of an integer, which a big.Int may
	// hold whatever its size.
	maxIntegerBytes = 1024
	// maxExponent bounds the exponent of a number as written ("1e999"),
	// which also bounds zero written with an absurd exponent
	// ("0e99999999999"). A number of at most maxNumberBytes within the
	// range of a float64 never needs an exponent beyond ±450.
	maxExponent = 999
)

var (
	errNumberTooLong = errors.New("number too long")
	errNumberRange   = errors.New("number out of range")
)

// syntaxOptions are the syntax pass's: duplicate names and invalid UTF-8
// are errors (jsontext's defaults, stated).
var syntaxOptions = json.JoinOptions(jsontext.AllowDuplicateNames(false), jsontext.AllowInvalidUTF8(false))

// Parse is the syntax pass: it reads args as exactly one JSON
// value, as RFC 8259 defines it, with no duplicate object names at any
// depth (after unescaping), valid UTF-8 in strings, and every number within
// maxNumberBytes, maxExponent and the range of a float64 (zero only when
// written as zero). It returns the value as the validator wants it:
// map[string]any, []any, json.Number, string, bool or nil. A number with a
// fraction or an exponent is the float64 it denotes, in its shortest form;
// an integer is kept as written, so that int64 and uint64 bounds hold
// exactly.
func Parse(args []byte) (any, error) {
	dec := jsontext.NewDecoder(bytes.NewBuffer(args), syntaxOptions)
	v, err := readValue(dec)
	if err != nil {
		return nil, syntaxError(dec, err)
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, invalidArguments(trailingMessage)
	}
	return v, nil
}

func readValue(dec *jsontext.Decoder) (any, error) {
	switch dec.PeekKind() {
	case '{':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		obj := map[string]any{}
		for dec.PeekKind() != '}' {
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			name := tok.String() // before the next read voids tok
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			obj[name] = v
		}
		_, err := dec.ReadToken()
		return obj, err
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		arr := []any{}
		for dec.PeekKind() != ']' {
			v, err := readValue(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.ReadToken()
		return arr, err
	case '0':
		num, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		f, err := checkNumber(num)
		if err != nil {
			return nil, err
		}
		if bytes.ContainsAny(num, ".eE") {
			// A Go type that takes a fraction or an exponent holds a
			// float: judge the float, so that 99.99999999999999999 (100
			// as a float64) does not pass "exclusiveMaximum": 100.
			return stdjson.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
		}
		return stdjson.Number(num), nil
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case '"':
		return tok.String(), nil
	case 't', 'f':
		return tok.Bool(), nil
	}
	return nil, nil // null
}

// checkNumber returns num, a number with a fraction or an exponent, as a
// float64 (0 for an integer, which is kept as written), or why it is
// beyond the bounds of the syntax pass. num is valid JSON number syntax.
func checkNumber(num []byte) (float64, error) {
	if !bytes.ContainsAny(num, ".eE") {
		// An integer: exact as written, of any magnitude up to
		// maxIntegerBytes digits (a Go integer type refuses what it cannot
		// hold when it is decoded, with its path).
		if len(num) > maxIntegerBytes {
			return 0, errNumberTooLong
		}
		return 0, nil // kept as written (readValue)
	}
	if len(num) > maxNumberBytes {
		return 0, errNumberTooLong
	}
	mantissa := num
	if i := bytes.IndexAny(num, "eE"); i >= 0 {
		exp, err := strconv.Atoi(string(num[i+1:]))
		if err != nil || exp > maxExponent || exp < -maxExponent {
			return 0, errNumberRange
		}
		mantissa = num[:i]
	}
	f, err := strconv.ParseFloat(string(num), 64)
	if err != nil || (f == 0 && bytes.ContainsAny(mantissa, "123456789")) {
		return 0, errNumberRange // beyond ±MaxFloat64, or a non-zero that rounds to 0
	}
	return f, nil
}

// syntaxError is the invalid-arguments error for err, returned by the
// syntax pass at dec's position.
func syntaxError(dec *jsontext.Decoder, err error) error {
	var se *jsontext.SyntacticError
	switch {
	case errors.Is(err, errNumberTooLong):
		return invalidArguments(numberTooLongMessage(pointerTokens(dec.StackPointer())))
	case errors.Is(err, errNumberRange):
		return invalidArguments(numberRangeMessage(pointerTokens(dec.StackPointer())))
	case err == io.EOF:
		return invalidArguments(emptyMessage) // only the first token can be missing
	case errors.Is(err, io.ErrUnexpectedEOF):
		return invalidArguments(eofMessage)
	case errors.As(err, &se) && se.Err == jsontext.ErrDuplicateName:
		tokens := pointerTokens(se.JSONPointer)
		return invalidArguments(duplicateMessage(tokens[:len(tokens)-1], tokens[len(tokens)-1]))
	case errors.As(err, &se):
		reason := "syntax error"
		if se.Err != nil {
			reason = se.Err.Error()
		}
		return invalidArguments(syntaxMessage(pointerTokens(se.JSONPointer), se.ByteOffset, reason))
	}
	return fmt.Errorf("read the arguments: %w", err) // no other error reading from memory
}

// pointerTokens are the tokens of a JSON Pointer, unescaped.
func pointerTokens(p jsontext.Pointer) []string {
	return slices.Collect(p.Tokens())
}

// Schema is the JSON Schema (2020-12) of a tool's input or output, or of
// another document toolgen judges, compiled on first use. It is safe for
// concurrent use.
type Schema struct {
	id    string
	which string // "input", "output", "resume", "object"…
	raw   []byte
	once  sync.Once
	sch   *jsonschema.Schema
	err   error
}

// New returns raw, the which schema ("input", "output"…) of id, to be
// compiled on first use. An empty raw accepts any object.
func New(id, which string, raw stdjson.RawMessage) *Schema {
	return &Schema{id: id, which: which, raw: raw}
}

func (s *Schema) get() (*jsonschema.Schema, error) {
	s.once.Do(func() { s.sch, s.err = compileSchema(s.id, s.which, s.raw) })
	return s.sch, s.err
}

// Err compiles s, if it is not yet, and returns why it does not compile.
func (s *Schema) Err() error {
	_, err := s.get()
	return err
}

// Validate checks v, a value that [Parse] returned, against s. A value
// that does not match is a [*ValidationError].
func (s *Schema) Validate(v any) error {
	sch, err := s.get()
	if err != nil {
		return err
	}
	return validate(sch, v)
}

// compileSchema compiles raw, the input or output schema (which) of the
// tool id (draft 2020-12 unless it says otherwise). An empty schema
// accepts any object.
func compileSchema(id, which string, raw []byte) (*jsonschema.Schema, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = []byte(`{"type":"object"}`)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("parse %s schema of %s: %w", which, id, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	loc := "toolgen:///tools/" + url.PathEscape(id) + "/" + which + ".json"
	if err := c.AddResource(loc, doc); err != nil {
		return nil, fmt.Errorf("load %s schema of %s: %w", which, id, err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("compile %s schema of %s: %w", which, id, err)
	}
	return sch, nil
}

// validate validates the parsed value v against sch.
func validate(sch *jsonschema.Schema, v any) error {
	err := sch.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if errors.As(err, &ve) {
		return &ValidationError{violations: violations(ve)}
	}
	// The value is one the syntax pass built, so the validator has
	// nothing else to complain of.
	return fmt.Errorf("validate the arguments: %w", err)
}

// decodeOptions decode arguments into a tool's input with encoding/json's
// rules for Go types, which the generated schemas follow (names from json
// tags, embedded structs flattened, [N]byte as an array, time.Duration in
// nanoseconds, the string option, UnmarshalJSON and UnmarshalText
// methods, tags that encoding/json tolerates), except that names match
// exactly and unknown names, duplicate names and invalid UTF-8 are errors.
var decodeOptions = json.JoinOptions(
	jsonv1.DefaultOptionsV1(),
	json.MatchCaseInsensitiveNames(false),
	json.RejectUnknownMembers(true),
	jsontext.AllowDuplicateNames(false),
	jsontext.AllowInvalidUTF8(false),
	json.WithUnmarshalers(json.UnmarshalFromFunc(unmarshalStdNumber)),
)

// locateOptions decode again, only to say where decoding failed:
// encoding/json's errors have no JSON Pointer, and a type's own error
// comes back as it is, which may quote the arguments.
var locateOptions = json.JoinOptions(decodeOptions, jsonv1.ReportErrorsWithLegacySemantics(false))

// unmarshalStdNumber decodes an encoding/json Number as encoding/json
// does, which go-json-experiment does only for its own Number type.
func unmarshalStdNumber(dec *jsontext.Decoder, n *stdjson.Number) error {
	var v1 jsonv1.Number
	if err := v1.UnmarshalJSONFrom(dec); err != nil {
		return err
	}
	*n = stdjson.Number(v1)
	return nil
}

// Decode decodes doc into v, a pointer, after the syntax pass, with the
// decoding rules of [Schema.Read] and no schema or limits: for a document
// whose schema was checked before.
func Decode(doc []byte, v any) error {
	if _, err := Parse(doc); err != nil {
		return err
	}
	return decode(doc, v)
}

// decode decodes args, which passed the syntax pass, into v, a pointer.
func decode(args []byte, v any) error {
	err := json.Unmarshal(args, v, decodeOptions)
	if err == nil {
		return nil
	}
	return invalidArguments(decodeFailure(args, reflect.TypeOf(v).Elem(), err))
}

// decodeFailure words why args did not decode into a value of type t, err
// being the decoder's error: from the error of a second decoding that
// keeps its JSON Pointer, unless that one stopped at a struct type that
// only encoding/json's rules accept (a tag "-," or with a repeated option);
// then from what err says.
func decodeFailure(args []byte, t reflect.Type, err error) string {
	var se *json.SemanticError
	located := json.Unmarshal(args, reflect.New(t).Interface(), locateOptions)
	if errors.As(located, &se) && !strictFault(se.GoType) {
		tokens := pointerTokens(se.JSONPointer)
		if errors.Is(se.Err, json.ErrUnknownName) && len(tokens) > 0 {
			return unknownMemberMessage(tokens[:len(tokens)-1], tokens[len(tokens)-1])
		}
		return decodeMessage(tokens, se.GoType, jsonTypeName(byte(se.JSONKind)))
	}
	var te *jsonv1.UnmarshalTypeError
	if errors.As(err, &te) && te.Type != nil {
		var tokens []string
		if te.Field != "" {
			tokens = strings.Split(te.Field, ".")
		}
		return decodeMessage(tokens, te.Type, "")
	}
	return mismatchMessage(t)
}

// strictFault reports whether decoding into a struct type t fails with
// locateOptions whatever the arguments, as it does for a tag that only
// encoding/json's rules accept.
func strictFault(t reflect.Type) bool {
	if t == nil || t.Kind() != reflect.Struct || decodesItself(t) {
		return false
	}
	return json.Unmarshal([]byte("{}"), reflect.New(t).Interface(), locateOptions) != nil
}

var (
	timeType      = reflect.TypeFor[time.Time]()
	durationType  = reflect.TypeFor[time.Duration]()
	stdNumberType = reflect.TypeFor[stdjson.Number]()
)

// decodesItself reports whether values of t decode with their own
// methods.
func decodesItself(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(reflect.TypeFor[stdjson.Unmarshaler]()) ||
		p.Implements(reflect.TypeFor[json.UnmarshalerFrom]()) ||
		p.Implements(reflect.TypeFor[encoding.TextUnmarshaler]())
}

// ErrInvalidArguments is wrapped by every error that [github.com/toolgen-go/toolgen/tool.Tool.Prepare] (and
// [github.com/toolgen-go/toolgen/tool.Func.Decode], [github.com/toolgen-go/toolgen/tool.Func.Call]) returns because the arguments could not be
// used, as opposed to the tool failing.
var ErrInvalidArguments = errors.New("invalid arguments")
