package jsonout

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// same checks that got (with err) is what json.Marshal(v) gives: the same
// bytes, or an error of the same type and message.
func same(t *testing.T, what string, v any, got []byte, err error) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	switch {
	case wantErr != nil && err == nil:
		t.Errorf("%s: got %s, want the error %v", what, got, wantErr)
	case wantErr == nil && err != nil:
		t.Errorf("%s: got the error %v, want %s", what, err, want)
	case wantErr != nil:
		if reflect.TypeOf(err) != reflect.TypeOf(wantErr) || err.Error() != wantErr.Error() {
			t.Errorf("%s: got the error %T %q, want %T %q", what, err, err, wantErr, wantErr)
		}
	case !bytes.Equal(got, want):
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}

var stringCases = []string{
	"", "a", "hello, world", `"quoted" and \back\slashed`, "<script>&amp;</script>",
	"\x00\x01\x02\x1f\x7f", "\b\f\n\r\t", "é€😀", "\u2028\u2029", "a\u2028b\u2029c",
	"\xff", "\xe2\x80", "a\xc3", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\uFEFF", "\ufffd",
	strings.Repeat("x", 100), strings.Repeat("<é>\"", 40),
}

func TestAppendString(t *testing.T) {
	for _, s := range stringCases {
		same(t, fmt.Sprintf("%q", s), s, AppendString(nil, s), nil)
		// Appends to what is there.
		if got := AppendString([]byte("prefix"), s); !bytes.HasPrefix(got, []byte("prefix")) {
			t.Errorf("%q: the prefix is lost: %s", s, got)
		}
	}
	for b := range 256 {
		s := string([]byte{byte(b)})
		same(t, fmt.Sprintf("byte %#x", b), s, AppendString(nil, s), nil)
	}
}

// quoted is a struct whose fields carry the ",string" option.
type quoted struct {
	S  string      `json:",string"`
	I  int64       `json:",string"`
	U  uint8       `json:",string"`
	F  float64     `json:",string"`
	F3 float32     `json:",string"`
	B  bool        `json:",string"`
	N  json.Number `json:",string"`
	P  *int        `json:",string"`
}

func TestAppendQuotedString(t *testing.T) {
	for _, s := range stringCases {
		want, err := json.Marshal(quoted{S: s})
		if err != nil {
			t.Fatal(err)
		}
		got := append([]byte(`{"S":`), AppendQuotedString(nil, s)...)
		if !bytes.HasPrefix(want, got) || want[len(got)] != ',' {
			t.Errorf("%q:\n got %s\nwant %s", s, got, want)
		}
	}
}

var floatCases = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.1, 1.5, 18.5, 65.3, 64.22, 27, 1e20, 1e21, 1e-6, 1e-7,
	9.999999999999999e20, 123456789012345678901234567890, 1.0000001e-6, 0.000001, 0.0000001,
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, math.MaxFloat32,
	math.SmallestNonzeroFloat32, math.Pi, -math.E, 1e100, 1e-100, 5e-324, 1 << 53, 1<<53 + 1,
	float64(math.MaxInt64), 3.4028235e38, 1e-45, 12345.678, 0.3, 2.5e-8, 7e22,
	math.Inf(1), math.Inf(-1), math.NaN(),
}

func TestAppendFloat(t *testing.T) {
	for _, f := range floatCases {
		got, err := AppendFloat(nil, f, 64)
		same(t, fmt.Sprintf("float64 %v", f), f, got, err)
		got, err = AppendFloat(nil, f, 32)
		same(t, fmt.Sprintf("float32 %v", f), float32(f), got, err)
		if err != nil {
			var uv *json.UnsupportedValueError
			if !errors.As(err, &uv) {
				t.Errorf("%v: the error %T is not a *json.UnsupportedValueError", f, err)
			}
			if got, _ := AppendFloat([]byte("x"), f, 32); string(got) != "x" {
				t.Errorf("%v: dst changed on error: %q", f, got)
			}
		}
	}
	for _, f := range floatCases {
		for _, q := range []quoted{{F: f}, {F3: float32(f)}} {
			want, wantErr := json.Marshal(q)
			var got []byte
			var err error
			if q.F3 != 0 {
				got, err = AppendFloat(nil, float64(q.F3), 32)
			} else {
				got, err = AppendFloat(nil, q.F, 64)
			}
			if (err != nil) != (wantErr != nil) {
				t.Errorf("quoted %v: error %v, json.Marshal's %v", f, err, wantErr)
			} else if err == nil && !bytes.Contains(want, append(append([]byte(`:"`), got...), '"')) {
				t.Errorf("quoted %v: %s is not in %s", f, got, want)
			}
		}
	}
}

// TestAppendFloatDecimals checks the floats nearest to short decimals,
// which AppendFloat writes without strconv, and their neighbours.
func TestAppendFloatDecimals(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	check := func(f float64) {
		t.Helper()
		got, err := AppendFloat(nil, f, 64)
		same(t, fmt.Sprintf("float64 %v (%#x)", f, math.Float64bits(f)), f, got, err)
		got, err = AppendFloat(nil, f, 32)
		same(t, fmt.Sprintf("float32 %v", float32(f)), float32(f), got, err)
	}
	for k := range 12 {
		p := math.Pow(10, float64(k))
		for range 3000 {
			var n int64
			switch r.IntN(4) {
			case 0:
				n = r.Int64N(1000)
			case 1:
				n = r.Int64N(1e7)
			case 2:
				n = r.Int64N(1e15)
			default:
				n = r.Int64N(1e17)
			}
			if r.IntN(2) == 0 {
				n = -n
			}
			f := float64(n) / p
			check(f)
			check(math.Nextafter(f, math.Inf(1)))
			check(math.Nextafter(f, math.Inf(-1)))
			f32 := float64(float32(n) / float32(p))
			check(f32)
			check(float64(math.Nextafter32(float32(f32), float32(math.Inf(1)))))
		}
	}
	for i := int64(-20000); i <= 20000; i++ {
		check(float64(i))
		check(float64(i) / 1000)
	}
}

func TestAppendIntegers(t *testing.T) {
	for _, i := range []int64{0, 1, -1, 42, math.MaxInt64, math.MinInt64, math.MaxInt32, math.MinInt8} {
		same(t, fmt.Sprint(i), i, AppendInt(nil, i), nil)
	}
	for _, u := range []uint64{0, 1, 255, math.MaxUint32, math.MaxUint64} {
		same(t, fmt.Sprint(u), u, AppendUint(nil, u), nil)
	}
	same(t, "true", true, AppendBool(nil, true), nil)
	same(t, "false", false, AppendBool(nil, false), nil)
}

type namedByte uint8

type namedBytes []byte

func TestAppendBytes(t *testing.T) {
	for _, b := range [][]byte{nil, {}, {0}, {1, 2}, {1, 2, 3}, []byte("hello, world<>&"), bytes.Repeat([]byte{0xff, 0, 7}, 100)} {
		same(t, fmt.Sprintf("%v", b), b, AppendBytes(nil, b), nil)
		same(t, fmt.Sprintf("named %v", b), namedBytes(b), AppendBytes(nil, namedBytes(b)), nil)
		var nb []namedByte
		if b != nil {
			nb = make([]namedByte, len(b))
			for i := range b {
				nb[i] = namedByte(b[i])
			}
		}
		same(t, fmt.Sprintf("named elements %v", b), nb, AppendBytes(nil, nb), nil)
	}
}

func TestAppendNumber(t *testing.T) {
	for _, n := range []string{"", "0", "-0", "1", "-1.5", "1e10", "1E-7", "12.50e+3", "01", "1.", ".5", "-", "+1", "1e", "abc", "1 ", "NaN", "0x10"} {
		got, err := AppendNumber(nil, n)
		same(t, fmt.Sprintf("%q", n), json.Number(n), got, err)
		want, wantErr := json.Marshal(quoted{N: json.Number(n)})
		if (err != nil) != (wantErr != nil) {
			t.Errorf("quoted %q: error %v, json.Marshal's %v", n, err, wantErr)
		} else if err == nil && !bytes.Contains(want, append(append([]byte(`"N":"`), got...), '"')) {
			t.Errorf("quoted %q: %s is not in %s", n, got, want)
		}
	}
}

func TestAppendTime(t *testing.T) {
	paris := time.FixedZone("Paris", 3600)
	for _, tm := range []time.Time{
		{}, time.Unix(0, 0).UTC(), time.Date(2026, 3, 14, 15, 9, 26, 535897932, time.UTC),
		time.Date(2026, 3, 14, 15, 9, 26, 500000000, paris), time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("far", 24*3600)),
		time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("seconds", 3600+30)),
		time.Now(),
	} {
		got, err := AppendTime(nil, tm)
		same(t, tm.String(), tm, got, err)
	}
}

// marshaler returns its bytes, or its error, from MarshalJSON.
type marshaler struct {
	b   string
	err error
}

func (m marshaler) MarshalJSON() ([]byte, error) {
	if m.b == "nil" {
		return nil, m.err
	}
	return []byte(m.b), m.err
}

// texter returns its bytes, or its error, from MarshalText.
type texter struct {
	b   string
	err error
}

func (m texter) MarshalText() ([]byte, error) { return []byte(m.b), m.err }

var marshalerCases = []string{
	`null`, `true`, `1`, `-1.5e3`, `"s"`, `{}`, `[]`, ` { "a" : [ 1 , 2 ] , "b" : "x y" } `,
	"\t[\n\"<a href='x'>&amp;</a>\"\r]\n", `"\u003c"`, "\"\u2028\u2029\"", `"\\\""`, `"\\"`,
	`{"a":{"b":{"c":[null,true,false]}}}`, "\"\xff\"", ``, `nil`, `{`, `[1,]`, `"a`, `1 2`, `tru`,
	`{"a" 1}`, "\"\x01\"", `01`, ` `, `"\u12"`,
}

func TestAppendMarshalJSON(t *testing.T) {
	for _, b := range marshalerCases {
		m := marshaler{b: b}
		got, err := AppendMarshalJSON(nil, m)
		same(t, fmt.Sprintf("%q", b), m, got, err)
		raw := json.RawMessage(b)
		got, err = AppendMarshalJSON(nil, raw)
		same(t, fmt.Sprintf("raw %q", b), raw, got, err)
	}
	m := marshaler{b: "1", err: errors.New("boom")}
	got, err := AppendMarshalJSON([]byte("x"), m)
	same(t, "an error", m, got, err)
	if string(got) != "x" {
		t.Errorf("dst changed on error: %q", got)
	}
	got, err = AppendMarshalJSON(nil, json.RawMessage(nil))
	same(t, "a nil RawMessage", json.RawMessage(nil), got, err)
}

func TestAppendMarshalText(t *testing.T) {
	for _, s := range append(stringCases, "") {
		m := texter{b: s}
		got, err := AppendMarshalText(nil, m)
		same(t, fmt.Sprintf("%q", s), m, got, err)
	}
	m := texter{b: "x", err: errors.New("boom")}
	got, err := AppendMarshalText(nil, m)
	same(t, "an error", m, got, err)
	var _ encoding.TextMarshaler = m
}

func TestAppendAny(t *testing.T) {
	deep := any("leaf")
	for range 1500 {
		deep = []any{deep}
	}
	deepMap := any(1.5)
	for range 1500 {
		deepMap = map[string]any{"k": deepMap}
	}
	cycle := map[string]any{"a": 1}
	cycle["self"] = cycle
	values := []any{
		nil, "s<>", true, false, 1.5, float32(0.1), 1, int8(-8), int16(16), int32(-32), int64(math.MinInt64),
		uint(1), uint8(8), uint16(16), uint32(32), uint64(math.MaxUint64), uintptr(7), json.Number("1.5"),
		json.Number(""), json.Number("x"), time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC),
		map[string]any(nil), []any(nil), map[string]any{}, []any{},
		map[string]any{"b": 1, "a": []any{"x", nil, map[string]any{"<": ">"}}, "": false, "é": math.Inf(1)},
		[]any{1, "two", 3.0, []any{}, map[string]any{"z": nil, "a": 1e21}},
		struct{ A int }{1}, []int{1, 2}, map[int]string{2: "b", 10: "a"}, math.NaN(), deep, deepMap, cycle,
		json.RawMessage(` {"x" : 1} `), marshaler{b: "[1, 2]"}, texter{b: "<t>"}, &struct{}{}, (*int)(nil),
		[]any{math.NaN()}, map[string]any{"x": math.Inf(-1)},
	}
	for i, v := range values {
		got, err := AppendAny(nil, v)
		same(t, fmt.Sprintf("value %d (%T)", i, v), v, got, err)
	}
}

func TestSortedKeys(t *testing.T) {
	type key string
	m := map[key]int{"b": 1, "a": 2, "": 3, "é": 4, "B": 5, "aa": 6}
	var got []byte
	got = append(got, '{')
	for i, k := range SortedKeys(m) {
		if i > 0 {
			got = append(got, ',')
		}
		got = AppendString(got, string(k))
		got = append(got, ':')
		got = AppendInt(got, int64(m[k]))
	}
	got = append(got, '}')
	same(t, "string keys", m, got, nil)

	ints := map[int16]bool{-1: true, 10: false, 9: true, 0: false, -10: true, 100: false, math.MinInt16: true}
	got = append(got[:0], '{')
	for i, k := range SortedIntKeys(ints) {
		if i > 0 {
			got = append(got, ',')
		}
		got = AppendString(got, k.Name)
		got = append(got, ':')
		got = AppendBool(got, ints[k.Key])
	}
	got = append(got, '}')
	same(t, "int keys", ints, got, nil)

	uints := map[uint64]int{0: 0, 9: 9, 10: 10, math.MaxUint64: 1, 100: 100}
	got = append(got[:0], '{')
	for i, k := range SortedUintKeys(uints) {
		if i > 0 {
			got = append(got, ',')
		}
		got = AppendString(got, k.Name)
		got = append(got, ':')
		got = AppendInt(got, int64(uints[k.Key]))
	}
	got = append(got, '}')
	same(t, "uint keys", uints, got, nil)
}

func TestAppendMarshal(t *testing.T) {
	for _, v := range []any{nil, 1, "x", struct{ C chan int }{}, math.NaN(), map[string]int{"a": 1}} {
		got, err := AppendMarshal(nil, v)
		same(t, fmt.Sprintf("%T", v), v, got, err)
	}
}

// TestStringAllRunes checks every rune, valid or not, in a context.
func TestStringAllRunes(t *testing.T) {
	var b strings.Builder
	for r := rune(0); r <= utf8.MaxRune+1; r++ {
		b.Reset()
		b.WriteString("a")
		b.WriteRune(r)
		b.WriteString("<")
		s := b.String()
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("rune %U: got %s, want %s", r, got, want)
		}
	}
}
