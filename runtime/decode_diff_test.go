package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/jsonarg"
)

// A subject is one input type with its hand-written generated decoder: the
// same tool with and without the decoder must decode every input to
// reflect.DeepEqual values with identical errors.
type subject struct {
	name string
	// agree decodes args both ways, reports any difference through t, and
	// says whether the decoder fell back.
	agree func(t testing.TB, args []byte) (fellBack bool)
}

func newSubject[In any](name, schema string, strict bool, dec func(*jsonarg.Decoder, *In)) subject {
	spec := runtime.Spec{ID: name, Description: "Differential test tool.", InputSchema: json.RawMessage(schema), Strict: strict}
	fn := func(ctx context.Context, in In) (In, error) { return in, nil }
	general := runtime.NewFunc(&spec, fn)
	fast := runtime.NewFunc(&spec, fn).WithDecoder(dec)
	return subject{name: name, agree: func(t testing.TB, args []byte) bool {
		t.Helper()
		want, wantErr := general.Decode(args)
		got, gotErr := fast.Decode(args)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s %q: values differ\ngeneral: %#v\ndecoder: %#v", name, args, want, got)
		}
		if errString(wantErr) != errString(gotErr) {
			t.Errorf("%s %q: errors differ\ngeneral: %s\ndecoder: %s", name, args, errString(wantErr), errString(gotErr))
		}
		if errors.Is(wantErr, runtime.ErrInvalidArguments) != errors.Is(gotErr, runtime.ErrInvalidArguments) {
			t.Errorf("%s %q: only one error wraps ErrInvalidArguments: %v, %v", name, args, wantErr, gotErr)
		}

		// The decoder alone: when it does not fall back, its message is
		// the general path's.
		d := jsonarg.New(args, strict)
		var v In
		dec(d, &v)
		fellBack, msg := d.Finish()
		d.Release()
		if !fellBack {
			if msg == "" {
				if wantErr != nil {
					t.Errorf("%s %q: decoder accepted what the general path rejects: %v", name, args, wantErr)
				} else if !reflect.DeepEqual(want, v) {
					t.Errorf("%s %q: decoder's value differs\ngeneral: %#v\ndecoder: %#v", name, args, want, v)
				}
			} else if errString(wantErr) != runtime.ErrInvalidArguments.Error()+": "+msg {
				t.Errorf("%s %q: decoder's message differs\ngeneral: %s\ndecoder: %s", name, args, errString(wantErr), msg)
			}
		}
		return fellBack
	}}
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

func subjects() []subject {
	return []subject{
		newSubject("weather", weatherSchema, false, decodeWeatherIn),
		newSubject("weather-strict", weatherSchema, true, decodeWeatherIn),
		newSubject("nested", nestedSchema, false, decodeNestedIn),
		newSubject("order", orderSchema, false, decodeOrder),
		newSubject("order-strict", orderSchema, true, decodeOrder),
	}
}

// input is a hand-written case: fast says the decoder must decide it
// itself, without falling back.
type input struct {
	args string
	fast bool
}

func fast(args ...string) []input  { return inputs(true, args) }
func falls(args ...string) []input { return inputs(false, args) }

func inputs(fast bool, args []string) []input {
	in := make([]input, len(args))
	for i, a := range args {
		in[i] = input{a, fast}
	}
	return in
}

// syntax: what the decoder must leave to the general path, for any type.
var syntaxInputs = falls(
	``, ` `, `{`, `}`, `[`, `nul`, `{"location"`, `{"location":`, `{"location":"Paris"`,
	`{"location":"Paris",}`, `{,"location":"Paris"}`, `{"location" "Paris"}`, `{"location":"Paris""units":"celsius"}`,
	`{'location':'Paris'}`, `{location:"Paris"}`, `{"location":"Paris"}}`, `{"location":"Paris"}x`,
	`{"location":"Paris"} {}`, `{"location":"Paris"}[]`, `{"location":"Paris"}{"location":"Lyon"}`, `{"location":"Par`+"\n"+`is"}`,
	`{"location":"Par`+"\x01"+`is"}`, `{"location":"Par\is"}`, `{"location":"Par\u12"}`, `{"location":"Par\u12G4"}`,
	`{"location":"\ud800"}`, `{"location":"\udc00"}`, `{"location":"\ud800\u0041"}`, `{"location":"\ud800\ud800"}`,
	`{"location":"\ud83d"}`, `{"location":"`+"\xff"+`"}`, `{"location":"`+"\xc3"+`"}`, `{"location":"`+"\xed\xa0\x80"+`"}`,
	`{"\ud800":"x"}`, `{"`+"\xfe"+`":1}`, `{"location":"Paris","units":01}`, `{"location":"Paris","x":-}`,
	`{"location":"Paris","x":1.}`, `{"location":"Paris","x":.5}`, `{"location":"Paris","x":1e}`, `{"location":"Paris","x":1e+}`,
	`{"location":"Paris","x":+1}`, `{"location":"Paris","x":NaN}`, `{"location":"Paris","x":Infinity}`, `{"location":"Paris","x":tru}`,
	`{"location":"Paris","x":nulll}`, `{"location":"Paris","x":[1,]}`, `{"location":"Paris","x":[,1]}`, `{"location":"Paris","x":{"a"}}`,
	`{"location":"Paris","x":{"a":1,}}`, `{"location":"Paris","x":[1 2]}`, `{"location":"Paris","x":0x10}`, "\ufeff{}",
	"{\"location\":\"Paris\"}\x00", "{\"location\":\"Paris\"}\v", "\f{}", `{"location":"Paris"}/**/`, `{"location":"Paris"} // c`,
	`{"a":`+strings.Repeat("[", 20000)+strings.Repeat("]", 20000)+`}`,
)

var weatherInputs = slicesConcat(
	fast(
		`{"location":"Paris"}`, `{"location":"Paris","units":"celsius"}`, `{"units":"fahrenheit","location":"New York"}`,
		`{"location":""}`, ` {"location":"Paris"} `, "\t\n\r {\t\"location\"\n:\r\"Paris\" \n}\n\t ",
		`{"location":"P\"a\\r\/i\bs\f\n\r\t"}`, `{"location":"\u0050\u00e9\u4e16\ud83d\ude00"}`, `{"location":"Pé世😀"}`,
		`{"\u006cocation":"Paris"}`, `{"location":"Paris","\u0075nits":"celsius"}`, `{"location":"\u0000"}`,
		`{"location":"<&>"}`, `{"location":"\ufffd"}`, "{\"location\":\"\xef\xbf\xbd\"}",
		// violations
		`{}`, `{"units":"kelvin"}`, `{"location":"Paris","units":"kelvin"}`, `{"location":42}`, `{"location":4.5}`,
		`{"location":null}`, `{"location":true}`, `{"location":[]}`, `{"location":{}}`, `{"location":["Paris"]}`,
		`{"Location":"Paris"}`, `{"LOCATION":"Paris"}`, `{"location":"Paris","Units":"celsius"}`, `{"location":"Paris","extra":1}`,
		`{"location":"Paris","b":1,"a":2,"c":{"x":[1,2]}}`, `{"location":"Paris","x":1,"x":2}`, `{"zeta":1,"alpha":2,"Location":3}`,
		`{"location":"Paris","units":42}`, `{"location":"Paris","units":"Celsius"}`, `{"location":"Paris","units":["celsius"]}`,
		`{"location":"Paris","units":""}`, `{"location":1,"units":2}`, `{"Location":"Paris","units":42}`,
		`{"location":"Paris","a/b":1}`, `{"location":"Paris","\u00e9":1}`, `{"location":"Paris","":1}`, `{"location":"Paris","\"q\"":1}`,
		`{"location":"Paris","\n":1}`, `{"location":"Paris","\u2028":1}`, `{"location":"Paris","\u00ff\u0100":1}`,
		`"Paris"`, `42`, `null`, `true`, `[]`, `[{"location":"Paris"}]`, ` "x" `,
		`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10}`,
		`{"location":"Paris","x":{"y":[1,2,{"z":null}],"w":"\u00e9"},"y":[true,false,null,-0.5e-3]}`,
		`{"location":"Paris","units":null}`, // strict: dropped; else a violation
	),
	falls(
		`{"location":"Paris","location":"Lyon"}`, `{"location":"Paris","units":"celsius","units":"fahrenheit"}`,
		`{"units":null,"units":"celsius","location":"x"}`, `{"location":"Paris","x":"`+"\xff"+`"}`,
	),
)

var nestedInputs = slicesConcat(
	fast(
		`{"name":"a","small":1,"tags":["x"]}`,
		`{"name":"abcdefgh","small":-128,"tags":["x","y"],"count":0,"ratio":-1.5,"ok":true}`,
		`{"name":"Zoë","small":127,"tags":["é"],"count":18446744073709551615,"ratio":99.999,"ok":false}`,
		`{"name":"n","small":0,"tags":["t"],"addr":{"city":"Lyon"},"alt":{"city":"Nice","zip":"06000"}}`,
		`{"name":"n","small":0,"tags":["t"],"alt":null}`,
		`{"name":"n","small":0,"tags":["t"],"items":[],"scores":{}}`,
		`{"name":"n","small":0,"tags":["t"],"items":[{"id":1},{"id":-2,"note":"x"}],"scores":{"a":1,"b":-2.5e3,"":0}}`,
		`{"name":"n","small":0,"tags":["t"],"scores":{"A":1,"a":2,"é":3,"\u00e9\u0301":4}}`,
		`{"name":"n","small":0,"tags":["t"],"extra":{"b":1,"a":[true,null]}}`,
		`{"name":"n","small":0,"tags":["t"],"extra":"x"}`,
		`{"name":"n","small":0,"tags":["t"],"extra":  [ 1 , 2 ] }`,
		`{"name":"n","small":0,"tags":["t"],"extra":null}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":1e-300,"count":1}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":-0,"count":0}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":1E2}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":99.99999999999999999999999}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":-1.50000000000000000000001}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":-1.49999999999999999999999}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":100}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":100.0}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":1e2}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":99.999999999999999999}`,
		`{"name":"n","small":-0,"tags":["t"]}`,
		// violations
		`{}`, `{"name":"","small":1,"tags":[]}`, `{"name":"abcdefghi","small":128,"tags":["x"]}`,
		`{"name":"ab😀cdefgh","small":-129,"tags":[1,null,"x",{}]}`,
		`{"name":"n","small":1.5,"tags":["t"]}`, `{"name":"n","small":-0.5e-1,"tags":["t"]}`, `{"name":"n","small":"1","tags":["t"]}`,
		`{"name":"n","small":1e-5,"tags":["t"]}`, `{"name":"n","small":15e-1,"tags":["t"]}`, `{"name":"n","small":1.05e1,"tags":["t"]}`,
		`{"name":"n","small":0,"tags":"t"}`, `{"name":"n","small":0,"tags":null}`, `{"name":null,"small":null,"tags":null}`,
		`{"name":"n","small":0,"tags":["t"],"addr":null}`, `{"name":"n","small":0,"tags":["t"],"addr":{}}`,
		`{"name":"n","small":0,"tags":["t"],"addr":{"City":"x","zip":5}}`, `{"name":"n","small":0,"tags":["t"],"addr":"Lyon"}`,
		`{"name":"n","small":0,"tags":["t"],"items":[{"id":1.5},{"ID":2},{},null,"x",{"id":1,"note":1,"z":0}]}`,
		`{"name":"n","small":0,"tags":["t"],"items":{}}`, `{"name":"n","small":0,"tags":["t"],"items":[{"id":"1"}]}`,
		`{"name":"n","small":0,"tags":["t"],"scores":{"a":"1","b":true,"c":null,"d":[]}}`, `{"name":"n","small":0,"tags":["t"],"scores":[]}`,
		`{"name":"n","small":0,"tags":["t"],"scores":{"a/b":"x","~0":"y"}}`,
		`{"name":"n","small":0,"tags":["t"],"count":1.5}`, `{"name":"n","small":0,"tags":["t"],"count":"1"}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":-2}`, `{"name":"n","small":0,"tags":["t"],"ratio":100.5}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":"1"}`, `{"name":"n","small":0,"tags":["t"],"ok":"true"}`,
		`{"name":"n","small":0,"tags":["t"],"ok":1}`, `{"name":"n","small":0,"tags":["t"],"ok":null}`,
		`{"name":1,"small":"x","tags":{},"addr":[],"items":"","scores":0,"count":true,"ratio":[],"ok":{},"x":1,"Name":2}`,
		`{"name":"n","small":0,"tags":["t"],"items":[{"id":1,"a":1,"b":2},{"id":2,"c":3}],"addr":{"city":"x","q":1}}`,
		`{"name":"n","small":0,"tags":[1,2,3,4,5,6,7,8,9,10,11,12]}`,
		`{"name":"n","small":0,"tags":["t"],"items":[{"id":1,"note":"a"},{"id":2,"note":"b"}],"items2":1}`,
		`[]`, `null`, `"x"`, `{"small":0}`,
	),
	falls(
		`{"name":"n","small":1.0,"tags":["t"]}`, `{"name":"n","small":1e2,"tags":["t"]}`, `{"name":"n","small":-0.0,"tags":["t"]}`,
		`{"name":"n","small":9223372036854775808,"tags":["t"]}`, `{"name":"n","small":-9223372036854775809,"tags":["t"]}`,
		`{"name":"n","small":1e99999,"tags":["t"]}`, `{"name":"n","small":0,"tags":["t"],"count":-1}`,
		`{"name":"n","small":0,"tags":["t"],"count":-0}`, `{"name":"n","small":0,"tags":["t"],"count":18446744073709551616}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":1e400}`, `{"name":"n","small":0,"tags":["t"],"scores":{"a":1e309}}`,
		`{"name":"n","small":0,"tags":["t"],"alt":{}}`, `{"name":"n","small":0,"tags":["t"],"alt":"x"}`,
		`{"name":"n","small":0,"tags":["t"],"alt":{"city":1}}`, `{"name":"n","small":0,"tags":["t"],"alt":{"city":"x","y":1}}`,
		`{"name":"n","small":0,"tags":["t"],"scores":{"a":1,"a":2}}`, `{"name":"n","small":0,"tags":["t"],"scores":{"a":"x","a":2}}`,
		`{"name":"n","small":0,"tags":["t"],"addr":{"city":"x","city":"y"}}`, `{"name":"n","small":0,"tags":["t"],"name":"m"}`,
	),
)

var orderInputs = slicesConcat(
	fast(
		`{"size":"L"}`, `{"size":"S","quantity":3,"ship":{"city":"Lyon","zip":"69000"},"gifts":[{"note":"hi"},{}]}`,
		`{"size":"L","gifts":[]}`,
		// strict: the optional nulls are dropped at any depth; else violations
		`{"size":"L","quantity":null,"ship":{"city":"Lyon","zip":null},"gifts":[{"note":null}]}`,
		`{"size":"L","ship":null,"gifts":null}`,
		`{"size":null}`, `{"size":"L","ship":{"city":null}}`, `{"size":"M","quantity":0}`, `{"size":"L","quantity":-5}`,
		`{"size":"L","quantity":2.5}`, `{"size":"L","ship":{"zip":"1"}}`, `{"size":"L","gifts":[{"note":1},{"x":null},null]}`,
		`{"size":"L","bogus":null}`, `{"size":"L","ship":{"city":"x","bogus":null}}`, `{"quantity":null}`,
	),
	falls(
		`{"size":"L","quantity":null,"quantity":1}`, `{"size":"L","quantity":1.0}`,
	),
)

func slicesConcat(ss ...[]input) []input {
	var out []input
	for _, s := range ss {
		out = append(out, s...)
	}
	return out
}

// variants derives more inputs from one: whitespace between every token,
// keys and strings escaped, and trailing data of each kind.
func variants(args string) []string {
	var out []string
	for _, ws := range []string{" ", "\t", "\n", "\r\n ", " \t\r\n"} {
		out = append(out, spaced(args, ws))
	}
	out = append(out, escapedFirst(args), args+" ", args+"\n\t", args+" x", args+",", args+"}", args+"null")
	return out
}

// spaced puts ws around every structural character outside strings.
func spaced(s, ws string) string {
	var b strings.Builder
	b.WriteString(ws)
	inString, escaped := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inString {
			b.WriteByte(c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
			b.WriteByte(c)
		case '{', '}', '[', ']', ',', ':':
			b.WriteString(ws)
			b.WriteByte(c)
			b.WriteString(ws)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// escapedFirst writes the first character of every string (keys included)
// as a \u escape.
func escapedFirst(s string) string {
	var b strings.Builder
	inString, escaped, first := false, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !inString {
			if c == '"' {
				inString, first = true, true
			}
			b.WriteByte(c)
			continue
		}
		if first && c != '"' && c != '\\' && c < utf8.RuneSelf {
			fmt.Fprintf(&b, `\u%04x`, c)
			first = false
			continue
		}
		first = false
		b.WriteByte(c)
		switch {
		case escaped:
			escaped = false
		case c == '\\':
			escaped = true
		case c == '"':
			inString = false
		}
	}
	return b.String()
}

func subjectInputs(name string) []input {
	switch {
	case strings.HasPrefix(name, "weather"):
		return weatherInputs
	case strings.HasPrefix(name, "nested"):
		return nestedInputs
	}
	return orderInputs
}

// TestDecoderAgrees holds the hand-written generated decoders to the
// general path on hand-picked inputs, their variants and every prefix of
// the valid ones.
func TestDecoderAgrees(t *testing.T) {
	total, fellBack := 0, 0
	for _, s := range subjects() {
		t.Run(s.name, func(t *testing.T) {
			check := func(args string) bool {
				total++
				fb := s.agree(t, []byte(args))
				if fb {
					fellBack++
				}
				return fb
			}
			for _, in := range slicesConcat(subjectInputs(s.name), syntaxInputs) {
				fb := check(in.args)
				if in.fast {
					assert.False(t, fb, "the decoder fell back on %q", in.args)
				} else {
					assert.True(t, fb, "the decoder decided %q", in.args)
				}
				for _, v := range variants(in.args) {
					check(v)
				}
				if in.fast && len(in.args) < 200 {
					for i := range in.args {
						check(in.args[:i])
					}
				}
			}
		})
	}
	t.Logf("%d inputs, %d left to the general path", total, fellBack)
	require.Greater(t, total, 2000)
}

// FuzzDecoderAgrees holds the hand-written generated decoders to the
// general path on arbitrary bytes; which selects the subject.
func FuzzDecoderAgrees(f *testing.F) {
	subs := subjects()
	for i, s := range subs {
		for _, in := range slicesConcat(subjectInputs(s.name), syntaxInputs[:len(syntaxInputs)-1]) {
			f.Add(uint8(i), []byte(in.args))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, args []byte) {
		subs[int(which)%len(subs)].agree(t, args)
	})
}
