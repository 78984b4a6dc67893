package agent_test

// The inputs of the differential tests that held the generated decoders to
// the general path, now held to the properties of the one argument path,
// each checked against a reference that does not share its code
// (encoding/json, and the schema compiled apart):
//
//   - an accepted document is one JSON value, in valid UTF-8, with no name
//     twice in an object and every number within the bounds; the tool gets
//     what encoding/json decodes from it; and that value, encoded again,
//     is valid against the schema;
//   - a rejected one is invalid arguments (never a panic), with a message
//     of at most 900 bytes that quotes no string value and no long number
//     of the arguments.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

// A subject is a tool whose input type and schema the properties are
// checked on.
type subject struct {
	name   string
	schema string
	strict bool
	// check runs args through the tool and reports, through t, every
	// property it breaks; it says whether the tool accepted args.
	check func(t testing.TB, args []byte) (accepted bool)
}

func newSubject[In any](name, sch string, strict bool) subject {
	spec := tool.Spec{ID: name, Description: "Returns its input.", InputSchema: json.RawMessage(sch), Strict: strict}
	tl := tool.NewFunc(&spec, func(ctx context.Context, in In) (In, error) { return in, nil })
	reference := compileReference(name, sch)
	return subject{name: name, schema: sch, strict: strict, check: func(t testing.TB, args []byte) bool {
		t.Helper()
		var in In
		inv, err := tl.Prepare(context.Background(), args)
		if err == nil {
			in = inv.Input().(In)
		}
		var pe *callctx.PanicError
		if errors.As(err, &pe) {
			t.Errorf("%s %.200q: panic: %v", name, args, pe.Value)
			return false
		}
		if err != nil {
			checkRejection(t, name, sch, args, err)
			return false
		}
		checkAcceptance[In](t, name, reference, args, in)
		return true
	}}
}

// compileReference compiles schema apart from the tool.
func compileReference(name, sch string) *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(sch))
	if err != nil {
		panic(fmt.Sprintf("schema of %s: %v", name, err))
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("reference.json", doc); err != nil {
		panic(fmt.Sprintf("schema of %s: %v", name, err))
	}
	return c.MustCompile("reference.json")
}

func checkAcceptance[In any](t testing.TB, name string, reference *jsonschema.Schema, args []byte, in In) {
	t.Helper()
	if !utf8.Valid(args) || !json.Valid(args) {
		t.Errorf("%s %.200q: accepted, but it is not JSON in UTF-8", name, args)
	}
	if dup := duplicateName(args); dup != "" {
		t.Errorf("%s %.200q: accepted, but an object has %q twice", name, args, dup)
	}
	if num := outOfBounds(args); num != "" {
		t.Errorf("%s %.200q: accepted, but number %.40s is out of bounds", name, args, num)
	}
	var want In
	if err := json.Unmarshal(args, &want); err != nil {
		t.Errorf("%s %.200q: accepted, but encoding/json rejects it: %v", name, args, err)
	} else if !reflect.DeepEqual(want, in) {
		t.Errorf("%s %.200q: decoded\n%#v\nencoding/json decodes\n%#v", name, args, in, want)
	}
	again, err := json.Marshal(in)
	if err != nil {
		t.Errorf("%s %.200q: the decoded value does not encode: %v", name, args, err)
		return
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(again))
	if err == nil {
		err = reference.Validate(v)
	}
	if err != nil {
		t.Errorf("%s %.200q: the decoded value, encoded again as %s, is not valid: %v", name, args, again, err)
	}
}

func checkRejection(t testing.TB, name, schema2 string, args []byte, err error) {
	t.Helper()
	msg := err.Error()
	if !errors.Is(err, schema.ErrInvalidArguments) {
		t.Errorf("%s %.200q: rejected, but not as invalid arguments: %v", name, args, err)
	}
	if len(msg) > 900 {
		t.Errorf("%s %.200q: a message of %d bytes: %.300s", name, args, len(msg), msg)
	}
	for _, s := range echoes(args, schema2) {
		if strings.Contains(msg, s) {
			t.Errorf("%s %.200q: the message quotes %q of the arguments: %s", name, args, s, msg)
		}
	}
}

// echoes returns what a message about args must not quote: its string
// values of 8 bytes or more that are not a word of the schema, and its
// numbers of 16 bytes or more, unless they are also part of a name in
// args, which a message may quote.
func echoes(args []byte, schema3 string) []string {
	var names strings.Builder
	var values []string
	walkTokens(args, func(tok json.Token, isName bool) {
		switch tok := tok.(type) {
		case string:
			if isName {
				names.WriteString(tok + "\x00")
			} else if len(tok) >= 8 && !strings.Contains(schema3, tok) {
				values = append(values, tok)
			}
		case json.Number:
			if len(tok) >= 16 {
				values = append(values, string(tok))
			}
		}
	})
	var out []string
	for _, v := range values {
		if !strings.Contains(names.String(), v) {
			out = append(out, v)
		}
	}
	return out
}

// walkTokens calls fn with every token of data, as encoding/json reads
// them (numbers as json.Number), saying which strings are object names,
// until the end or an error.
func walkTokens(data []byte, fn func(tok json.Token, isName bool)) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	// inObject[i] says whether level i is an object; nameNext whether
	// the next token of that object is a name.
	var inObject, nameNext []bool
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		top := len(inObject) - 1
		isName := top >= 0 && inObject[top] && nameNext[top] && tok != json.Delim('}')
		fn(tok, isName)
		switch tok {
		case json.Delim('{'), json.Delim('['):
			inObject = append(inObject, tok == json.Delim('{'))
			nameNext = append(nameNext, true)
			continue
		case json.Delim('}'), json.Delim(']'):
			inObject, nameNext = inObject[:top], nameNext[:top]
			top--
		}
		if top >= 0 && inObject[top] {
			nameNext[top] = !isName
		}
	}
}

// duplicateName returns a name that an object of data has twice, after
// unescaping, or "".
func duplicateName(data []byte) string {
	var seen []map[string]bool
	dup := ""
	walkTokens(data, func(tok json.Token, isName bool) {
		switch {
		case tok == json.Delim('{') || tok == json.Delim('['):
			seen = append(seen, map[string]bool{})
		case tok == json.Delim('}') || tok == json.Delim(']'):
			seen = seen[:len(seen)-1]
		case isName:
			name := tok.(string)
			if seen[len(seen)-1][name] && dup == "" {
				dup = name
			}
			seen[len(seen)-1][name] = true
		}
	})
	return dup
}

// outOfBounds returns a number of data beyond the bounds of the syntax
// pass (128 bytes, an exponent of 999, a float64, not zero when written
// otherwise), or "".
func outOfBounds(data []byte) string {
	bad := ""
	walkTokens(data, func(tok json.Token, _ bool) {
		num, ok := tok.(json.Number)
		if !ok || bad != "" {
			return
		}
		mantissa, exp, _ := strings.Cut(strings.ToLower(string(num)), "e")
		e, eerr := strconv.Atoi(exp)
		f, ferr := strconv.ParseFloat(string(num), 64)
		if len(num) > 128 || (exp != "" && (eerr != nil || e > 999 || e < -999)) || ferr != nil ||
			(f == 0 && strings.Trim(mantissa, "-0.") != "") {
			bad = string(num)
		}
	})
	return bad
}

func subjects() []subject {
	return []subject{
		newSubject[weatherIn]("weather", weatherSchema, false),
		newSubject[weatherIn]("weather-strict", weatherSchema, true),
		newSubject[nestedIn]("nested", nestedSchema, false),
		newSubject[order]("order", orderSchema, false),
		newSubject[order]("order-strict", orderSchema, true),
	}
}

// input is a hand-written case and its outcome.
type input struct {
	args string
	want outcome
}

type outcome int

const (
	rejected outcome = iota
	accepted
	acceptedIfStrict // a null for an optional property
)

func valid(args ...string) []input         { return inputs(accepted, args) }
func invalid(args ...string) []input       { return inputs(rejected, args) }
func validIfStrict(args ...string) []input { return inputs(acceptedIfStrict, args) }

func inputs(want outcome, args []string) []input {
	in := make([]input, len(args))
	for i, a := range args {
		in[i] = input{a, want}
	}
	return in
}

// syntaxInputs are malformed for any schema, or nearly so.
var syntaxInputs = invalid(
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
	valid(
		`{"location":"Paris"}`, `{"location":"Paris","units":"celsius"}`, `{"units":"fahrenheit","location":"New York"}`,
		`{"location":""}`, ` {"location":"Paris"} `, "\t\n\r {\t\"location\"\n:\r\"Paris\" \n}\n\t ",
		`{"location":"P\"a\\r\/i\bs\f\n\r\t"}`, `{"location":"\u0050\u00e9\u4e16\ud83d\ude00"}`, `{"location":"Pé世😀"}`,
		`{"\u006cocation":"Paris"}`, `{"location":"Paris","\u0075nits":"celsius"}`, `{"location":"\u0000"}`,
		`{"location":"<&>"}`, `{"location":"\ufffd"}`, "{\"location\":\"\xef\xbf\xbd\"}",
	),
	invalid(
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
	),
	validIfStrict(`{"location":"Paris","units":null}`),
	invalid(
		`{"location":"Paris","location":"Lyon"}`, `{"location":"Paris","units":"celsius","units":"fahrenheit"}`,
		`{"units":null,"units":"celsius","location":"x"}`, `{"location":"Paris","x":"`+"\xff"+`"}`,
	),
)

var nestedInputs = slicesConcat(
	valid(
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
		`{"name":"n","small":0,"tags":["t"],"ratio":-1.49999999999999999999999}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":-1.50000000000000000000001}`, // -1.5 as a float64
		`{"name":"n","small":-0,"tags":["t"]}`,
	),
	invalid(
		`{"name":"n","small":0,"tags":["t"],"ratio":100}`, `{"name":"n","small":0,"tags":["t"],"ratio":100.0}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":1e2}`, `{"name":"n","small":0,"tags":["t"],"ratio":1E2}`,
		// below 100, but 100 as a float64
		`{"name":"n","small":0,"tags":["t"],"ratio":99.99999999999999999999999}`,
		`{"name":"n","small":0,"tags":["t"],"ratio":99.999999999999999999}`,
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
		// numbers the schema allows and the Go type does not

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
	valid(
		`{"size":"L"}`, `{"size":"S","quantity":3,"ship":{"city":"Lyon","zip":"69000"},"gifts":[{"note":"hi"},{}]}`,
		`{"size":"L","gifts":[]}`,
	),
	// The optional nulls are dropped at any depth.
	validIfStrict(
		`{"size":"L","quantity":null,"ship":{"city":"Lyon","zip":null},"gifts":[{"note":null}]}`,
		`{"size":"L","ship":null,"gifts":null}`,
	),
	invalid(
		`{"size":null}`, `{"size":"L","ship":{"city":null}}`, `{"size":"M","quantity":0}`, `{"size":"L","quantity":-5}`,
		`{"size":"L","quantity":2.5}`, `{"size":"L","ship":{"zip":"1"}}`, `{"size":"L","gifts":[{"note":1},{"x":null},null]}`,
		`{"size":"L","bogus":null}`, `{"size":"L","ship":{"city":"x","bogus":null}}`, `{"quantity":null}`,
		`{"size":"L","quantity":null,"quantity":1}`, `{"size":"L","quantity":1.0}`, `{"size":"L","quantity":1.0,"ship":null}`,
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

// TestArgumentCorpus holds the path to its properties on hand-picked
// inputs, their variants and every prefix of the short ones.
func TestArgumentCorpus(t *testing.T) {
	total := 0
	for _, s := range subjects() {
		t.Run(s.name, func(t *testing.T) {
			for _, in := range slicesConcat(subjectInputs(s.name), syntaxInputs) {
				total++
				want := in.want == accepted || (in.want == acceptedIfStrict && s.strict)
				if got := s.check(t, []byte(in.args)); got != want {
					t.Errorf("%s %.200q: accepted %v, want %v", s.name, in.args, got, want)
				}
				for _, v := range variants(in.args) {
					total++
					s.check(t, []byte(v))
				}
				if len(in.args) < 200 {
					for i := range in.args {
						total++
						s.check(t, []byte(in.args[:i]))
					}
				}
			}
		})
	}
	t.Logf("%d inputs", total)
	require.Greater(t, total, 2000)
}
