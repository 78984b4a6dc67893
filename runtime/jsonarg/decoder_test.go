package jsonarg_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime/jsonarg"
)

// finish ends d and returns its outcome.
func finish(d *jsonarg.Decoder) (bool, string) {
	fb, msg := d.Finish()
	d.Release()
	return fb, msg
}

func TestPeek(t *testing.T) {
	tests := []struct {
		in   string
		want jsonarg.Kind
	}{
		{`null`, jsonarg.Null}, {`true`, jsonarg.Bool}, {`false`, jsonarg.Bool}, {`0`, jsonarg.Number},
		{`-1`, jsonarg.Number}, {`9`, jsonarg.Number}, {`"x"`, jsonarg.String}, {`[]`, jsonarg.Array},
		{`{}`, jsonarg.Object}, {" \t\r\n{}", jsonarg.Object}, {``, jsonarg.Invalid}, {`   `, jsonarg.Invalid},
		{`x`, jsonarg.Invalid}, {`+1`, jsonarg.Invalid}, {`.5`, jsonarg.Invalid}, {`'a'`, jsonarg.Invalid},
		{`}`, jsonarg.Invalid}, {"\v{}", jsonarg.Invalid}, {"\ufeff{}", jsonarg.Invalid}, {`N`, jsonarg.Invalid},
	}
	for _, tt := range tests {
		d := jsonarg.New([]byte(tt.in), false)
		assert.Equal(t, tt.want, d.Peek(), "%q", tt.in)
		assert.Equal(t, tt.want, d.Peek(), "%q: Peek consumes nothing", tt.in)
		assert.Equal(t, tt.want == jsonarg.Invalid, d.Failed(), "%q", tt.in)
		d.Release()
	}
}

func TestKindString(t *testing.T) {
	names := map[jsonarg.Kind]string{
		jsonarg.Invalid: "invalid", jsonarg.Null: "null", jsonarg.Bool: "boolean", jsonarg.Number: "number",
		jsonarg.String: "string", jsonarg.Array: "array", jsonarg.Object: "object",
	}
	for k, name := range names {
		assert.Equal(t, name, k.String())
	}
}

func TestLiterals(t *testing.T) {
	tests := []struct {
		in       string
		read     func(d *jsonarg.Decoder) any
		want     any
		fallback bool
	}{
		{`null`, func(d *jsonarg.Decoder) any { d.Null(); return nil }, nil, false},
		{` null `, func(d *jsonarg.Decoder) any { d.Null(); return nil }, nil, false},
		{`nul`, func(d *jsonarg.Decoder) any { d.Null(); return nil }, nil, true},
		{`nulL`, func(d *jsonarg.Decoder) any { d.Null(); return nil }, nil, true},
		{`nullx`, func(d *jsonarg.Decoder) any { d.Null(); return nil }, nil, true},
		{`true`, func(d *jsonarg.Decoder) any { return d.Bool() }, true, false},
		{`false`, func(d *jsonarg.Decoder) any { return d.Bool() }, false, false},
		{`tru`, func(d *jsonarg.Decoder) any { return d.Bool() }, false, true},
		{`fals`, func(d *jsonarg.Decoder) any { return d.Bool() }, false, true},
		{`True`, func(d *jsonarg.Decoder) any { return d.Bool() }, false, true},
		{`truex`, func(d *jsonarg.Decoder) any { return d.Bool() }, true, true},
		{`1`, func(d *jsonarg.Decoder) any { return d.Bool() }, false, true},
		{`"a"`, func(d *jsonarg.Decoder) any { d.Null(); return nil }, nil, true},
	}
	for _, tt := range tests {
		d := jsonarg.New([]byte(tt.in), false)
		assert.Equal(t, tt.want, tt.read(d), "%q", tt.in)
		fb, msg := finish(d)
		assert.Equal(t, tt.fallback, fb, "%q", tt.in)
		assert.Empty(t, msg)
	}
}

func TestDropNull(t *testing.T) {
	tests := []struct {
		in        string
		dropNulls bool
		want      bool
		rest      jsonarg.Kind // what Peek sees afterwards
	}{
		{`null`, true, true, jsonarg.Invalid},
		{` null`, true, true, jsonarg.Invalid},
		{`null`, false, false, jsonarg.Null},
		{`"x"`, true, false, jsonarg.String},
		{`nul`, true, false, jsonarg.Invalid},
		{`{}`, true, false, jsonarg.Object},
	}
	for _, tt := range tests {
		d := jsonarg.New([]byte(tt.in), tt.dropNulls)
		assert.Equal(t, tt.want, d.DropNull(), "%q", tt.in)
		assert.Equal(t, tt.rest, d.Peek(), "%q", tt.in)
		d.Release()
	}
}

func TestString(t *testing.T) {
	valid := []string{
		`""`, `"Paris"`, `"a\"b"`, `"a\\b"`, `"a\/b"`, `"\b\f\n\r\t"`, `"\u0041\u00e9\u4e16"`, `"\uD83D\uDE00"`,
		`"\ud83d\ude00x"`, `"\u0000"`, `"\u001f"`, `"\u007f"`, `"Zoë 世界 😀"`, `"\ufffd"`, "\"\xef\xbf\xbd\"",
		`"\u2028\u2029"`, `"<&>"`, `"\\u0041"`, `"x\\"`, `"` + strings.Repeat("long", 100) + `"`,
		`"\uDBFF\uDFFF"`, `"\uD800\uDC00"`, "\"\x7f\"", "\"\xf4\x8f\xbf\xbf\"",
	}
	for _, in := range valid {
		var want string
		require.NoError(t, json.Unmarshal([]byte(in), &want), in)
		for _, bytesToo := range []bool{false, true} {
			d := jsonarg.New([]byte(in), false)
			require.Equal(t, jsonarg.String, d.Peek())
			var got string
			if bytesToo {
				got = string(d.TextBytes())
			} else {
				got = d.Text()
			}
			assert.Equal(t, want, got, "%q", in)
			fb, _ := finish(d)
			assert.False(t, fb, "%q", in)
		}
	}
	fallback := []string{
		`"`, `"abc`, `"a\"`, `"\`, `"\x"`, `"\u"`, `"\u12"`, `"\u12g4"`, `"\U0041"`, `"\'"`, "\"a\nb\"", "\"\t\"",
		"\"\x00\"", "\"\x1f\"", "\"\xff\"", "\"\xc3\"", "\"\xc3(\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
		"\"\xc0\xaf\"", `"\ud800"`, `"\udc00"`, `"\ud800x"`, `"\ud800\u0041"`, `"\ud800\ud800"`, `"\udfff\ud800"`,
		`"\ud800\`, `"\ud800\u"`, `"\ud800\udc0"`, `'a'`, `a`, `1`,
	}
	for _, in := range fallback {
		d := jsonarg.New([]byte(in), false)
		assert.Equal(t, "", d.Text(), "%q", in)
		fb, _ := finish(d)
		assert.True(t, fb, "%q", in)
	}
}

func TestInt(t *testing.T) {
	tests := []struct {
		in        string
		want      int64
		ok        bool
		fallback  bool
		violation bool
	}{
		{`0`, 0, true, false, false},
		{`-0`, 0, true, false, false},
		{`42`, 42, true, false, false},
		{`-42`, -42, true, false, false},
		{`9223372036854775807`, math.MaxInt64, true, false, false},
		{`-9223372036854775808`, math.MinInt64, true, false, false},
		{`9223372036854775808`, 0, false, true, false},
		{`-9223372036854775809`, 0, false, true, false},
		{`18446744073709551616`, 0, false, true, false},
		{`99999999999999999999`, 0, false, true, false},
		{`1.0`, 0, false, true, false},
		{`1e3`, 0, false, true, false},
		{`1E+3`, 0, false, true, false},
		{`-0.0`, 0, false, true, false},
		{`0e-5`, 0, false, true, false},
		{`15e-1`, 0, false, false, true},
		{`150e-1`, 0, false, true, false},
		{`1.50e1`, 0, false, true, false},
		{`1.05e1`, 0, false, false, true},
		{`1.5`, 0, false, false, true},
		{`-0.5`, 0, false, false, true},
		{`1e-1`, 0, false, false, true},
		{`0.000001`, 0, false, false, true},
		{`1e-9999`, 0, false, false, true},
		{`1e99999`, 0, false, true, false},
		{`1.5e-99999`, 0, false, true, false},
		{`01`, 0, true, true, false}, // 0, then trailing data
		{`-`, 0, false, true, false},
		{`1.`, 0, false, true, false},
		{`1e`, 0, false, true, false},
		{`"1"`, 0, false, true, false},
	}
	for _, tt := range tests {
		d := jsonarg.New([]byte(tt.in), false)
		v, ok := d.Int()
		assert.Equal(t, tt.want, v, "%q", tt.in)
		assert.Equal(t, tt.ok, ok, "%q", tt.in)
		fb, msg := finish(d)
		assert.Equal(t, tt.fallback, fb, "%q", tt.in)
		if tt.violation {
			assert.Equal(t, "arguments do not match the input schema: at /: expected integer, got number", msg, "%q", tt.in)
		} else {
			assert.Empty(t, msg, "%q", tt.in)
		}
	}
}

func TestUint(t *testing.T) {
	tests := []struct {
		in        string
		want      uint64
		ok        bool
		fallback  bool
		violation bool
	}{
		{`0`, 0, true, false, false},
		{`42`, 42, true, false, false},
		{`18446744073709551615`, math.MaxUint64, true, false, false},
		{`18446744073709551616`, 0, false, true, false},
		{`100000000000000000000`, 0, false, true, false},
		{`-0`, 0, false, true, false},
		{`-1`, 0, false, true, false},
		{`-1.5`, 0, false, true, false},
		{`1.5`, 0, false, false, true},
		{`2.0`, 0, false, true, false},
		{`2e0`, 0, false, true, false},
	}
	for _, tt := range tests {
		d := jsonarg.New([]byte(tt.in), false)
		v, ok := d.Uint()
		assert.Equal(t, tt.want, v, "%q", tt.in)
		assert.Equal(t, tt.ok, ok, "%q", tt.in)
		fb, msg := finish(d)
		assert.Equal(t, tt.fallback, fb, "%q", tt.in)
		assert.Equal(t, tt.violation, msg != "", "%q: %s", tt.in, msg)
	}
}

func TestFloat(t *testing.T) {
	tests := []struct {
		in       string
		bits     int
		fallback bool
	}{
		{`0`, 64, false}, {`-0`, 64, false}, {`1.5`, 64, false}, {`-2.5e-3`, 64, false}, {`1E2`, 64, false},
		{`1e308`, 64, false}, {`1e-400`, 64, false}, {`123456789012345678901234567890`, 64, false},
		{`1e309`, 64, true}, {`-1e400`, 64, true}, {`3.4e38`, 32, false}, {`3.5e38`, 32, true}, {`1.1`, 32, false},
		{`0.1`, 32, false}, {`1e-50`, 32, false},
	}
	for _, tt := range tests {
		d := jsonarg.New([]byte(tt.in), false)
		v, ok := d.Float(tt.bits)
		fb, _ := finish(d)
		assert.Equal(t, tt.fallback, fb, "%q", tt.in)
		assert.Equal(t, !tt.fallback, ok, "%q", tt.in)
		if tt.fallback {
			continue
		}
		if tt.bits == 32 {
			var want float32
			require.NoError(t, json.Unmarshal([]byte(tt.in), &want))
			assert.Equal(t, float64(want), v, "%q", tt.in)
		} else {
			var want float64
			require.NoError(t, json.Unmarshal([]byte(tt.in), &want))
			assert.Equal(t, want, v, "%q", tt.in)
		}
	}
	for _, in := range []string{`-`, `1.`, `.1`, `1e`, `1e+`, `+1`, `0x1`, `Inf`, `NaN`, `1_0`, `01.5`} {
		d := jsonarg.New([]byte(in), false)
		_, _ = d.Float(64)
		fb, _ := finish(d)
		assert.True(t, fb, "%q", in)
	}
}

func TestCmpNumber(t *testing.T) {
	tests := []struct {
		in    string
		read  string // int, uint, float
		bound float64
		want  int
	}{
		{`5`, "int", 5, 0}, {`5`, "int", 4, 1}, {`5`, "int", 6, -1}, {`5`, "int", 5.5, -1}, {`5`, "int", 4.5, 1},
		{`-5`, "int", -4.5, -1}, {`-5`, "int", -5.5, 1}, {`9223372036854775807`, "int", 1 << 63, -1},
		{`-9223372036854775808`, "int", -(1 << 63), 0}, {`-9223372036854775808`, "int", -1e19, 1},
		{`5`, "uint", -1, 1}, {`5`, "uint", 5, 0}, {`5`, "uint", 5.5, -1}, {`5`, "uint", 4.5, 1},
		{`18446744073709551615`, "uint", 1 << 64, -1}, {`0`, "uint", 0, 0},
		{`1.5`, "float", 1.5, 0}, {`1.5`, "float", 2, -1}, {`1.5`, "float", 1, 1}, {`-1.5`, "float", -1.5, 0},
		{`100`, "float", 100, 0}, {`1e2`, "float", 100, 0}, {`100.0`, "float", 100, 0},
		{`99.99999999999999999999`, "float", 100, -1}, {`100.00000000000000000001`, "float", 100, 1},
		{`-1.50000000000000000001`, "float", -1.5, -1}, {`-1.49999999999999999999`, "float", -1.5, 1},
	}
	for _, tt := range tests {
		d := jsonarg.New([]byte(tt.in), false)
		switch tt.read {
		case "int":
			_, ok := d.Int()
			require.True(t, ok, tt.in)
		case "uint":
			_, ok := d.Uint()
			require.True(t, ok, tt.in)
		default:
			_, ok := d.Float(64)
			require.True(t, ok, tt.in)
		}
		assert.Equal(t, tt.want, d.CmpNumber(tt.bound), "%s vs %v", tt.in, tt.bound)
		want, _ := new(big.Rat).SetString(tt.in)
		assert.Equal(t, want.Cmp(new(big.Rat).SetFloat64(tt.bound)), d.CmpNumber(tt.bound), "%s vs %v, exactly", tt.in, tt.bound)
		d.Release()
	}
}

func TestCmpRatAndRat(t *testing.T) {
	d := jsonarg.New([]byte(`0.1000000000000000000001`), false)
	assert.Nil(t, d.Rat(), "no number read yet")
	assert.Equal(t, 0, d.CmpRat(big.NewRat(1, 10)))
	_, ok := d.Float(64)
	require.True(t, ok)
	assert.Equal(t, 1, d.CmpRat(big.NewRat(1, 10)))
	assert.Equal(t, -1, d.CmpRat(big.NewRat(2, 10)))
	want, _ := new(big.Rat).SetString("0.1000000000000000000001")
	assert.Equal(t, want, d.Rat())
	fb, _ := finish(d)
	assert.False(t, fb)

	d = jsonarg.New([]byte(`3`), false)
	_, _ = d.Int()
	assert.Equal(t, 0, d.CmpRat(big.NewRat(3, 1)))
	q := new(big.Rat).Quo(d.Rat(), big.NewRat(3, 2))
	assert.True(t, q.IsInt(), "3 is a multiple of 1.5")
	d.Release()
}

// TestSkip: Skip and Raw accept exactly the JSON that encoding/json does,
// less what the decoder leaves to the general path (invalid UTF-8, lone
// surrogates, nesting beyond encoding/json's limit).
func TestSkip(t *testing.T) {
	valid := []string{
		`null`, `true`, `false`, `0`, `-1.5e+10`, `"x"`, `[]`, `{}`, `[1,"a",null,true,{"b":[]}]`,
		`{"a":{"b":{"c":[[[]]]}},"d":"\u00e9\n"}`, " [ 1 , 2 ] ", "{ \"a\" : 1 , \"b\" : [ ] }",
		`{"":""}`, `[[],[[]],{}]`, `{"a":1,"a":2}`, strings.Repeat("[", 1000) + strings.Repeat("]", 1000),
	}
	for _, in := range valid {
		require.True(t, json.Valid([]byte(in)), in)
		d := jsonarg.New([]byte(in), false)
		raw := d.Raw()
		assert.Equal(t, strings.TrimLeft(strings.TrimRight(in, " "), " "), string(raw), "%q", in)
		fb, _ := finish(d)
		assert.False(t, fb, "%q", in)

		d = jsonarg.New([]byte(in), false)
		d.Skip()
		fb, _ = finish(d)
		assert.False(t, fb, "%q", in)
	}
	invalid := []string{
		``, `[`, `]`, `[1,]`, `[,]`, `[1 2]`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{a:1}`, `{"a":1 "b":2}`,
		`{"a" 1}`, `[}`, `{]`, `[1]]`, `{"a":[}`, `["a\x"]`, "[\"\xff\"]", `["\ud800"]`, `{"\udc00":1}`,
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001), `[01]`, `[-]`, `[1.e5]`,
	}
	for _, in := range invalid {
		d := jsonarg.New([]byte(in), false)
		_ = d.Raw()
		fb, _ := finish(d)
		assert.True(t, fb, "%q", in)
	}
}

func TestFinish(t *testing.T) {
	tests := []struct {
		in       string
		read     func(d *jsonarg.Decoder)
		fallback bool
	}{
		{`{}`, func(d *jsonarg.Decoder) { d.Skip() }, false},
		{" {} \n\t\r", func(d *jsonarg.Decoder) { d.Skip() }, false},
		{`{} x`, func(d *jsonarg.Decoder) { d.Skip() }, true},
		{`{}{}`, func(d *jsonarg.Decoder) { d.Skip() }, true},
		{`{}`, func(d *jsonarg.Decoder) {}, true},
		{`{"a":1}`, func(d *jsonarg.Decoder) { d.Object() }, true},
		{`{"a":1}`, func(d *jsonarg.Decoder) { d.Object(); d.Next(); d.Skip() }, true},
		{`{"a":1}`, func(d *jsonarg.Decoder) { d.Object(); d.Next(); d.Skip(); d.Next() }, false},
		{`[1]`, func(d *jsonarg.Decoder) { d.Array(); d.NextItem() }, true},
		{``, func(d *jsonarg.Decoder) {}, true},
	}
	for i, tt := range tests {
		d := jsonarg.New([]byte(tt.in), false)
		tt.read(d)
		fb, _ := finish(d)
		assert.Equal(t, tt.fallback, fb, "%d: %q", i, tt.in)
	}
}

// readAll walks any JSON value with the object and array readers,
// recording each scalar it meets as a violation, so that the paths show.
func readAll(d *jsonarg.Decoder) {
	switch d.Peek() {
	case jsonarg.Object:
		d.Object()
		for d.Next() {
			readAll(d)
		}
	case jsonarg.Array:
		d.Array()
		for d.NextItem() {
			readAll(d)
		}
	case jsonarg.Invalid:
	default:
		d.WrongType("nothing")
	}
}

func TestPaths(t *testing.T) {
	d := jsonarg.New([]byte(`{"a":{"b":[1,{"c":null},[true,"x"]]},"d/e":0,"\u00e9\n":1,"":2}`), false)
	readAll(d)
	fb, msg := finish(d)
	require.False(t, fb)
	assert.Equal(t, "arguments do not match the input schema: "+strings.Join([]string{
		"at /: expected nothing, got number",
		"at /a/b/0: expected nothing, got number",
		"at /a/b/1/c: expected nothing, got null",
		"at /a/b/2/0: expected nothing, got boolean",
		"at /a/b/2/1: expected nothing, got string",
		"at /d/e: expected nothing, got number",
		"at /é\n: expected nothing, got number",
	}, "; "), msg)

	d = jsonarg.New([]byte(`[]`), false)
	readAll(d)
	d.Violation("root")
	_, msg = finish(d)
	assert.Equal(t, "arguments do not match the input schema: at /: root", msg)
}

func TestObjectMessages(t *testing.T) {
	names := []string{"a", "b", "c"}
	tests := []struct {
		in      string
		missing uint64
		want    string
	}{
		{`{}`, 0, ""},
		{`{}`, 1, `at /: missing required property "a"`},
		{`{}`, 5, `at /: missing required properties "a", "c"`},
		{`{}`, 7, `at /: missing required properties "a", "b", "c"`},
		{`{}`, 8, ""},
		{`{"z":1}`, 0, `at /: unexpected property "z" (property names are case-sensitive)`},
		{`{"z":1,"A":{"x":[1]},"é":2,"\u0041":3,"z":4}`, 2,
			`at /: missing required property "b"; at /: unexpected properties "A", "z", "é" (property names are case-sensitive); ` +
				`at /A: unexpected property "x" (property names are case-sensitive)`},
		{`{"q\"\n":1}`, 0, `at /: unexpected property "q\"\n" (property names are case-sensitive)`},
		{`{"x":{"y":1,"z":2},"w":{"v":3}}`, 0,
			`at /w: unexpected property "v" (property names are case-sensitive); at /x: unexpected properties "y", "z" (property names are case-sensitive)`},
	}
	for _, tt := range tests {
		d := jsonarg.New([]byte(tt.in), false)
		var read func()
		read = func() {
			d.Object()
			for d.Next() {
				if d.Peek() == jsonarg.Object {
					read()
					continue
				}
				d.Unexpected()
			}
		}
		require.Equal(t, jsonarg.Object, d.Peek())
		read()
		d.Missing(tt.missing, names)
		fb, msg := finish(d)
		require.False(t, fb, tt.in)
		if tt.want == "" {
			assert.Empty(t, msg, tt.in)
		} else {
			assert.Equal(t, "arguments do not match the input schema: "+tt.want, msg, tt.in)
		}
	}
}

func TestKeys(t *testing.T) {
	d := jsonarg.New([]byte(`{"plain":1, "\u0065sc\"aped" : 2,"":3,"\ud83d\ude00":4}`), false)
	d.Object()
	var keys []string
	for d.Next() {
		keys = append(keys, string(d.Key()))
		d.Skip()
	}
	fb, _ := finish(d)
	require.False(t, fb)
	assert.Equal(t, []string{"plain", `esc"aped`, "", "😀"}, keys)
}

func TestCounts(t *testing.T) {
	d := jsonarg.New([]byte(`[1,2]`), false)
	d.Array()
	n := 0
	for d.NextItem() {
		d.Skip()
		n++
	}
	d.MinItems(3, n)
	d.MaxItems(1, n)
	d.MinLength(2, 1)
	d.MaxLength(2, 3)
	d.MinProperties(4, 0)
	d.MaxProperties(0, 1)
	fb, msg := finish(d)
	require.False(t, fb)
	assert.Equal(t, "arguments do not match the input schema: "+strings.Join([]string{
		"at /: expected at least 2 characters, got 1",
		"at /: expected at least 3 items, got 2",
		"at /: expected at least 4 properties, got 0",
		"at /: expected at most 0 properties, got 1",
		"at /: expected at most 1 items, got 2",
		"at /: expected at most 2 characters, got 3",
	}, "; "), msg)
}

func TestMarkSince(t *testing.T) {
	d := jsonarg.New([]byte(`{"a":1}`), false)
	m := d.Mark()
	assert.False(t, d.Since(m))
	d.Object()
	for d.Next() {
		d.Unexpected()
	}
	assert.True(t, d.Since(m), "the unexpected property is recorded when the object closes")
	assert.Equal(t, 1, d.Mark())
	d.Release()
}

func TestManyViolations(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 12 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("1,1") // duplicates: the same line twice
	}
	b.WriteString("]")
	d := jsonarg.New([]byte(b.String()), false)
	d.Array()
	for d.NextItem() {
		d.Violation("bad")
		d.Violation("bad")
		d.Skip()
	}
	_, msg := finish(d)
	require.True(t, strings.HasPrefix(msg, "arguments do not match the input schema: at /0: bad; at /10: bad; at /11: bad; at /12: bad; at /13: bad;"), msg)
	assert.True(t, strings.HasSuffix(msg, "; and 16 more"), msg)
	assert.Equal(t, 8, strings.Count(msg, ": bad"))
}

// TestAfterFallback: every reader is safe and returns zero values once the
// decoder has fallen back, so generated loops end.
func TestAfterFallback(t *testing.T) {
	d := jsonarg.New([]byte(`{"a":"x","b":[1,2],"c":1.5}`), true)
	d.Fallback()
	assert.True(t, d.Failed())
	assert.Equal(t, jsonarg.Invalid, d.Peek())
	assert.False(t, d.DropNull())
	assert.False(t, d.Bool())
	assert.Equal(t, "", d.Text())
	assert.Nil(t, d.TextBytes())
	v, ok := d.Int()
	assert.Zero(t, v)
	assert.False(t, ok)
	u, ok := d.Uint()
	assert.Zero(t, u)
	assert.False(t, ok)
	f, ok := d.Float(64)
	assert.Zero(t, f)
	assert.False(t, ok)
	assert.Nil(t, d.Raw())
	assert.Nil(t, d.Rat())
	assert.Equal(t, 0, d.CmpNumber(1))
	d.Null()
	d.Skip()
	d.Object()
	assert.False(t, d.Next())
	d.Array()
	assert.False(t, d.NextItem())
	d.Unexpected()
	d.Duplicate()
	d.WrongType("string")
	d.Violation("x")
	d.Missing(1, []string{"a"})
	d.MinLength(1, 0)
	assert.Equal(t, 0, d.Mark())
	fb, msg := finish(d)
	assert.True(t, fb)
	assert.Empty(t, msg)
}

// TestMisuse: readers called against their preconditions fall back rather
// than panic.
func TestMisuse(t *testing.T) {
	calls := map[string]func(d *jsonarg.Decoder){
		"Next outside an object":     func(d *jsonarg.Decoder) { d.Next() },
		"NextItem outside an array":  func(d *jsonarg.Decoder) { d.NextItem() },
		"Next in an array":           func(d *jsonarg.Decoder) { d.Array(); d.Next() },
		"NextItem in an object":      func(d *jsonarg.Decoder) { d.Object(); d.NextItem() },
		"Unexpected outside":         func(d *jsonarg.Decoder) { d.Unexpected() },
		"Unexpected before Next":     func(d *jsonarg.Decoder) { d.Object(); d.Unexpected() },
		"String of a number":         func(d *jsonarg.Decoder) { d.Object(); d.Next(); _ = d.Text() },
		"Object of a string":         func(d *jsonarg.Decoder) { d.Object(); d.Next(); d.Object() },
		"Array of a string":          func(d *jsonarg.Decoder) { d.Object(); d.Next(); d.Array() },
		"Int of a string":            func(d *jsonarg.Decoder) { d.Object(); d.Next(); d.Next(); _, _ = d.Int() },
		"Float of an object":         func(d *jsonarg.Decoder) { _, _ = d.Float(64) },
		"Bool of an object":          func(d *jsonarg.Decoder) { _ = d.Bool() },
		"Null of an object":          func(d *jsonarg.Decoder) { d.Null() },
		"Missing with extra bits":    func(d *jsonarg.Decoder) { d.Missing(math.MaxUint64, nil); d.Fallback() },
		"Missing with long names":    func(d *jsonarg.Decoder) { d.Missing(1<<63, make([]string, 100)); d.Fallback() },
		"Reads past the end":         func(d *jsonarg.Decoder) { d.Skip(); d.Skip(); d.Next(); _ = d.Text() },
		"Key before Next":            func(d *jsonarg.Decoder) { _ = d.Key(); d.Fallback() },
		"Raw of nothing":             func(d *jsonarg.Decoder) { d.Skip(); _ = d.Raw() },
		"Since with a negative mark": func(d *jsonarg.Decoder) { _ = d.Since(-1); d.Fallback() },
	}
	for name, call := range calls {
		d := jsonarg.New([]byte(`{"a":"x","b":1}`), false)
		require.NotPanics(t, func() { call(d) }, name)
		fb, _ := finish(d)
		assert.True(t, fb, name)
	}
}

// TestPoolReuse: a released decoder carries nothing into its next use.
func TestPoolReuse(t *testing.T) {
	for range 100 {
		d := jsonarg.New([]byte(`{"x":{"y":1}}`), true)
		d.Object()
		d.Next()
		d.Object()
		d.Next()
		d.Unexpected()
		d.Violation("v")
		d.Release() // mid-object, with violations and unexpected names
	}
	d := jsonarg.New([]byte(`{"a":null}`), false)
	d.Object()
	require.True(t, d.Next())
	assert.Equal(t, "a", string(d.Key()))
	assert.False(t, d.DropNull(), "dropOptionalNulls is per use")
	d.Null()
	assert.False(t, d.Next())
	fb, msg := finish(d)
	assert.False(t, fb)
	assert.Empty(t, msg)
}

// FuzzScanner: whatever encoding/json rejects, the decoder leaves to the
// general path; what it accepts (valid UTF-8, no \u escapes to judge) the
// decoder reads, and its strings are encoding/json's.
func FuzzScanner(f *testing.F) {
	for _, s := range []string{`{"a":[1,"b",null,true,{"c":-1.5e3}]}`, `"\u00e9"`, `[1,]`, `{"a" 1}`, "\"\xff\"", `1e5`, `"a\nb"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := jsonarg.New(data, false)
		d.Skip()
		fb, msg := finish(d)
		if msg != "" {
			t.Fatalf("Skip recorded a violation: %s", msg)
		}
		valid := json.Valid(data)
		if !valid && !fb {
			t.Fatalf("%q: invalid JSON read without falling back", data)
		}
		if valid && utf8.Valid(data) && !bytes.Contains(data, []byte(`\u`)) && fb {
			depth := 0
			for _, c := range data {
				if c == '[' || c == '{' {
					depth++
				}
			}
			if depth < 10000 {
				t.Fatalf("%q: valid JSON left to the general path", data)
			}
		}
		// Strings: the decoder's unescaping is encoding/json's.
		d = jsonarg.New(data, false)
		if d.Peek() == jsonarg.String {
			s := d.Text()
			if fb, _ := finish(d); !fb {
				var want string
				if err := json.Unmarshal(data, &want); err != nil {
					t.Fatalf("%q: decoder read a string encoding/json rejects: %v", data, err)
				}
				if s != want {
					t.Fatalf("%q: decoder read %q, encoding/json %q", data, s, want)
				}
			}
			return
		}
		d.Release()
	})
}
