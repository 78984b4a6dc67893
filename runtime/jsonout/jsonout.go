// Package jsonout holds the primitives that toolgen's generated output
// encoders call. A generated encoder appends the JSON of one tool's output
// type without reflection; it is a function of the form
//
//	func encodeX(dst []byte, v X) ([]byte, error)
//
// and its contract is that of this package: for every value, it appends
// exactly the bytes that json.Marshal (encoding/json, as of Go 1.26) returns
// for that value, and it fails where json.Marshal fails, with an error of the
// same meaning (the same type and message where the standard library lets
// one be built: *json.UnsupportedValueError for NaN and infinities,
// *json.MarshalerError for a failing MarshalJSON).
//
// Every function here is byte-for-byte identical to the part of
// encoding/json it stands for, as the package's tests prove against
// json.Marshal on tables and on fuzzed inputs: AppendString is
// encoding/json's string encoder with HTML escaping, AppendFloat its
// floatEncoder, and so on. Where a value is not worth encoding by hand (an
// interface value of an unusual dynamic type, a type with a MarshalJSON
// method), the functions call encoding/json itself.
//
// The package imports only the standard library, and not the toolgen
// runtime, so that any package may use it.
package jsonout

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"
	"unsafe"
)

const hex = "0123456789abcdef"

// htmlSafe[b] reports whether the ASCII byte b is written as itself inside
// a JSON string when HTML characters are escaped: everything but the control
// characters, '"', '\\', '<', '>' and '&' (encoding/json's htmlSafeSet).
var htmlSafe = func() (t [utf8.RuneSelf]bool) {
	for b := ' '; b < utf8.RuneSelf; b++ {
		switch b {
		case '"', '\\', '<', '>', '&':
		default:
			t[b] = true
		}
	}
	return t
}()

// AppendString appends s as a JSON string, as json.Marshal writes a Go
// string: '"' and '\\' are escaped, control characters become \b, \f, \n,
// \r, \t or \u00XX, the HTML characters <, > and & become \u003c, \u003e and
// \u0026, U+2028 and U+2029 become \u2028 and \u2029, and each byte of
// invalid UTF-8 becomes \ufffd.
func AppendString(dst []byte, s string) []byte {
	return appendString(dst, s)
}

// appendString is encoding/json's appendString with escapeHTML set.
func appendString[Bytes []byte | string](dst []byte, src Bytes) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(src); {
		if b := src[i]; b < utf8.RuneSelf {
			if htmlSafe[b] {
				i++
				continue
			}
			dst = append(dst, src[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xF])
			}
			i++
			start = i
			continue
		}
		n := min(len(src)-i, utf8.UTFMax)
		c, size := utf8.DecodeRuneInString(string(src[i : i+n]))
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, src[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, src[start:]...)
	return append(dst, '"')
}

// AppendQuotedString appends s as json.Marshal writes a string field tagged
// with the ",string" option: the JSON string of s, itself written as a JSON
// string (without escaping HTML characters a second time).
func AppendQuotedString(dst []byte, s string) []byte {
	var buf [64]byte
	inner := appendString(buf[:0], s)
	dst = append(dst, '"')
	start := 0
	for i, b := range inner {
		// inner holds no control character, no invalid UTF-8 and no
		// U+2028 or U+2029: only '"' and '\\' need escaping again.
		if b == '"' || b == '\\' {
			dst = append(dst, inner[start:i]...)
			dst = append(dst, '\\', b)
			start = i + 1
		}
	}
	dst = append(dst, inner[start:]...)
	return append(dst, '"')
}

// AppendFloat appends f as json.Marshal writes a float64 (bits 64) or a
// float32 (bits 32; f is then rounded to float32 first): the shortest
// decimal that reads back as the same value, in 'f' form unless its
// magnitude is below 1e-6 or at least 1e21, where it takes the 'e' form with
// a two-digit negative exponent shortened (1e-07 is written 1e-7). NaN and
// the infinities have no JSON form: the error is a
// *json.UnsupportedValueError, as json.Marshal returns, and dst is returned
// unchanged.
func AppendFloat(dst []byte, f float64, bits int) ([]byte, error) {
	if bits == 32 {
		f = float64(float32(f))
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return dst, unsupportedFloat(f, bits)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	if format == 'f' {
		if out, ok := appendShortDecimal(dst, f, bits); ok {
			return out, nil
		}
	}
	dst = strconv.AppendFloat(dst, f, format, -1, bits)
	if format == 'e' {
		// e-09 becomes e-9.
		n := len(dst)
		if n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst, nil
}

// pow10 are the powers of ten that appendShortDecimal tries.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// appendShortDecimal is strconv.AppendFloat(dst, f, 'f', -1, bits) for the
// floats that are the nearest to a decimal n/10^k with few digits, such as
// 18.5 or 64.22, in a fraction of its time; ok is false for the others.
//
// A decimal with at most 15 significant digits (6 for float32) converts to
// the nearest float and back to that many digits unchanged, so no other
// decimal of at most as many digits converts to the same float: the
// shortest decimal that reads back as f, which strconv writes, is n/10^k
// itself when float64(n)/10^k == f (the division is correctly rounded, and
// n and 10^k are exact), with k the least that works. The caller has
// checked that f is finite and that the 'f' form applies.
func appendShortDecimal(dst []byte, f float64, bits int) ([]byte, bool) {
	if f == 0 {
		if math.Signbit(f) {
			return append(dst, "-0"...), true
		}
		return append(dst, '0'), true
	}
	limit := 1e15
	if bits == 32 {
		limit = 1e6
	}
	for k, p := range pow10 {
		t := f * p
		if !(math.Abs(t) < limit) {
			return dst, false
		}
		n := math.Round(t)
		if bits == 32 {
			if float32(n)/float32(p) != float32(f) {
				continue
			}
		} else if n/p != f {
			continue
		}
		return appendDecimal(dst, int64(n), k), true
	}
	return dst, false
}

// appendDecimal appends n/10^k in decimal, with k digits after the point.
func appendDecimal(dst []byte, n int64, k int) []byte {
	if k == 0 {
		return strconv.AppendInt(dst, n, 10)
	}
	if n < 0 {
		dst = append(dst, '-')
		n = -n
	}
	var buf [24]byte
	digits := strconv.AppendInt(buf[:0], n, 10)
	if len(digits) <= k {
		dst = append(dst, '0', '.')
		for range k - len(digits) {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	dst = append(dst, digits[:len(digits)-k]...)
	dst = append(dst, '.')
	return append(dst, digits[len(digits)-k:]...)
}

// unsupportedFloat is the error of json.Marshal for NaN or an infinity.
func unsupportedFloat(f float64, bits int) error {
	v := reflect.ValueOf(f)
	if bits == 32 {
		v = reflect.ValueOf(float32(f))
	}
	return &json.UnsupportedValueError{Value: v, Str: strconv.FormatFloat(f, 'g', -1, bits)}
}

// AppendInt appends i in decimal, as json.Marshal writes every signed
// integer type.
func AppendInt(dst []byte, i int64) []byte {
	return strconv.AppendInt(dst, i, 10)
}

// AppendUint appends u in decimal, as json.Marshal writes every unsigned
// integer type, uintptr included.
func AppendUint(dst []byte, u uint64) []byte {
	return strconv.AppendUint(dst, u, 10)
}

// AppendBool appends true or false.
func AppendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}

// AppendBytes appends s as json.Marshal writes a []byte, or any slice whose
// element type has kind uint8 and whose pointer has no MarshalJSON or
// MarshalText method: null when s is nil, else a JSON string of s in
// standard base64 with padding.
func AppendBytes[S ~[]E, E ~uint8](dst []byte, s S) []byte {
	if s == nil {
		return append(dst, "null"...)
	}
	// E's underlying type is uint8: the memory of s is that of a []byte.
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
	dst = append(dst, '"')
	dst = base64.StdEncoding.AppendEncode(dst, b)
	return append(dst, '"')
}
