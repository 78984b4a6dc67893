package jsonout

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"time"
)

// MaxDepth bounds the nesting that a generated encoder of a recursive type,
// and AppendAny, follow before they hand the rest of the value to
// json.Marshal. Beyond it encoding/json starts looking for cycles; a cyclic
// value then fails as json.Marshal fails ("encountered a cycle"), where
// following it by hand would never end.
const MaxDepth = 1000

// AppendMarshal appends json.Marshal(v): the general path for what generated
// code does not encode by hand. On error dst is returned unchanged with
// json.Marshal's error.
func AppendMarshal(dst []byte, v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

// AppendAny appends v, an interface value, as json.Marshal does: null for
// nil, else the dynamic value. The dynamic types that json.Unmarshal
// produces (string, float64, bool, json.Number, map[string]any, []any), the
// other predeclared scalar types and time.Time are encoded here; any other
// goes to json.Marshal.
func AppendAny(dst []byte, v any) ([]byte, error) {
	return appendAny(dst, v, 0)
}

func appendAny(dst []byte, v any, depth int) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case string:
		return appendString(dst, x), nil
	case bool:
		return AppendBool(dst, x), nil
	case float64:
		return AppendFloat(dst, x, 64)
	case float32:
		return AppendFloat(dst, float64(x), 32)
	case int:
		return AppendInt(dst, int64(x)), nil
	case int8:
		return AppendInt(dst, int64(x)), nil
	case int16:
		return AppendInt(dst, int64(x)), nil
	case int32:
		return AppendInt(dst, int64(x)), nil
	case int64:
		return AppendInt(dst, x), nil
	case uint:
		return AppendUint(dst, uint64(x)), nil
	case uint8:
		return AppendUint(dst, uint64(x)), nil
	case uint16:
		return AppendUint(dst, uint64(x)), nil
	case uint32:
		return AppendUint(dst, uint64(x)), nil
	case uint64:
		return AppendUint(dst, x), nil
	case uintptr:
		return AppendUint(dst, uint64(x)), nil
	case json.Number:
		return AppendNumber(dst, string(x))
	case time.Time:
		return AppendTime(dst, x)
	case map[string]any:
		if x == nil {
			return append(dst, "null"...), nil
		}
		if depth > MaxDepth {
			return AppendMarshal(dst, x)
		}
		n := len(dst)
		dst = append(dst, '{')
		for i, k := range SortedKeys(x) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, k)
			dst = append(dst, ':')
			var err error
			if dst, err = appendAny(dst, x[k], depth+1); err != nil {
				return dst[:n], err
			}
		}
		return append(dst, '}'), nil
	case []any:
		if x == nil {
			return append(dst, "null"...), nil
		}
		if depth > MaxDepth {
			return AppendMarshal(dst, x)
		}
		n := len(dst)
		dst = append(dst, '[')
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = appendAny(dst, e, depth+1); err != nil {
				return dst[:n], err
			}
		}
		return append(dst, ']'), nil
	}
	return AppendMarshal(dst, v)
}

// AppendNumber appends n, the text of a json.Number, as json.Marshal does:
// as it is, or 0 when it is empty. Text that is not a valid JSON number is
// json.Marshal's error ("json: invalid number literal").
func AppendNumber(dst []byte, n string) ([]byte, error) {
	if n == "" {
		n = "0"
	}
	if !isValidNumber(n) {
		return dst, fmt.Errorf("json: invalid number literal %q", n)
	}
	return append(dst, n...), nil
}

// isValidNumber is encoding/json's: whether s is a JSON number.
func isValidNumber(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
		if s == "" {
			return false
		}
	}
	switch {
	default:
		return false
	case s[0] == '0':
		s = s[1:]
	case '1' <= s[0] && s[0] <= '9':
		s = s[1:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	if len(s) >= 2 && s[0] == '.' && '0' <= s[1] && s[1] <= '9' {
		s = s[2:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	if len(s) >= 2 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s[0] == '+' || s[0] == '-' {
			s = s[1:]
			if s == "" {
				return false
			}
		}
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	return s == ""
}

// AppendTime appends t as json.Marshal does, through time.Time's
// MarshalJSON: a JSON string in RFC 3339 with nanoseconds. It allocates
// nothing. A time that RFC 3339 cannot express (a year outside [0,9999], an
// offset of 24 hours or more) is json.Marshal's error.
func AppendTime(dst []byte, t time.Time) ([]byte, error) {
	n := len(dst)
	b, err := t.AppendText(append(dst, '"'))
	if err != nil {
		// The error of MarshalJSON itself, as json.Marshal wraps it.
		return AppendMarshalJSON(dst[:n], t)
	}
	return append(b, '"'), nil
}

// AppendTimePointer appends *t as json.Marshal does for a non-nil
// *time.Time: as AppendTime, with json.Marshal's error naming *time.Time.
func AppendTimePointer(dst []byte, t *time.Time) ([]byte, error) {
	out, err := AppendTime(dst, *t)
	if err != nil {
		return AppendMarshalJSON(dst, t)
	}
	return out, nil
}

// AppendMarshalJSON appends the result of m.MarshalJSON as json.Marshal
// does for a type with that method: compacted (insignificant space removed),
// with <, >, &, U+2028 and U+2029 escaped. An error of the method, or a
// result that is not valid JSON, is a *json.MarshalerError, as json.Marshal
// returns; dst is then returned unchanged.
//
// The caller decides, as encoding/json does, whether the method applies: a
// nil pointer is written null by json.Marshal without calling it.
func AppendMarshalJSON(dst []byte, m json.Marshaler) ([]byte, error) {
	b, err := m.MarshalJSON()
	if err == nil {
		var out []byte
		if out, err = appendCompact(dst, b); err == nil {
			return out, nil
		}
	}
	return dst, &json.MarshalerError{Type: reflect.TypeOf(m), Err: err}
}

// appendCompact is encoding/json's appendCompact with escaping: src
// without the space outside its strings, and with the HTML characters,
// U+2028 and U+2029 escaped. Invalid JSON is the error json.Compact gives.
func appendCompact(dst, src []byte) ([]byte, error) {
	if !json.Valid(src) {
		var buf bytes.Buffer
		if err := json.Compact(&buf, src); err != nil {
			return dst, err
		}
	}
	start := 0
	inString, escaped := false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '<' || c == '>' || c == '&':
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			start = i + 1
		case c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8:
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
			i += 2
			start = i + 1
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
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			dst = append(dst, src[start:i]...)
			start = i + 1
		}
	}
	return append(dst, src[start:]...), nil
}

// AppendMarshalText appends the result of m.MarshalText as a JSON string,
// as json.Marshal does for a type with that method and no MarshalJSON. An
// error of the method is json.Marshal's (a *json.MarshalerError naming
// MarshalText); dst is then returned unchanged.
//
// The caller decides, as encoding/json does, whether the method applies: a
// nil pointer is written null by json.Marshal without calling it.
func AppendMarshalText(dst []byte, m encoding.TextMarshaler) ([]byte, error) {
	b, err := m.MarshalText()
	if err != nil {
		// encoding/json names the method in its error, which no exported
		// field can: ask it for the error (calling the method again).
		if _, err2 := json.Marshal(m); err2 != nil {
			return dst, err2
		}
		return dst, &json.MarshalerError{Type: reflect.TypeOf(m), Err: err}
	}
	return appendString(dst, b), nil
}

// SortedKeys returns the keys of a map with string keys in the order that
// json.Marshal writes them: sorted bytewise.
func SortedKeys[M ~map[K]V, K ~string, V any](m M) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Key is a key of a map with integer keys and the JSON name json.Marshal
// gives it: the integer in decimal.
type Key[K any] struct {
	Key  K
	Name string
}

// SortedIntKeys returns the keys of a map with signed integer keys, with
// their names, in the order that json.Marshal writes them: sorted by name,
// bytewise (so "-1" < "10" < "9").
func SortedIntKeys[M ~map[K]V, K ~int | ~int8 | ~int16 | ~int32 | ~int64, V any](m M) []Key[K] {
	keys := make([]Key[K], 0, len(m))
	var buf []byte
	for k := range m {
		buf = AppendInt(buf[:0], int64(k))
		keys = append(keys, Key[K]{k, string(buf)})
	}
	slices.SortFunc(keys, compareKeys)
	return keys
}

// SortedUintKeys is SortedIntKeys for unsigned integer keys.
func SortedUintKeys[M ~map[K]V, K ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr, V any](m M) []Key[K] {
	keys := make([]Key[K], 0, len(m))
	var buf []byte
	for k := range m {
		buf = AppendUint(buf[:0], uint64(k))
		keys = append(keys, Key[K]{k, string(buf)})
	}
	slices.SortFunc(keys, compareKeys)
	return keys
}

func compareKeys[K any](a, b Key[K]) int {
	switch {
	case a.Name < b.Name:
		return -1
	case a.Name > b.Name:
		return 1
	}
	return 0
}

// IsZero reports whether v is the zero value of its type, as json.Marshal
// decides for a field tagged omitzero whose comparable type has no IsZero
// method (reflect.Value.IsZero: -0.0 is zero, NaN is not).
func IsZero[T comparable](v T) bool {
	var zero T
	return v == zero
}
