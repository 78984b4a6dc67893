package agent_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/schema"
)

// The decoding step follows encoding/json's rules for Go types, which the
// generated schemas follow, except for exact names and unknown names. A
// loose schema leaves every decision to it here.

type Embedded struct {
	Inner int `json:"inner"`
}

type EmbeddedPtr struct {
	Through string `json:"through"`
}

type promoted struct {
	Promoted string `json:"promoted"`
	Shared   string
}

type twin struct {
	Shared string
}

// upper decodes itself, upper-cased; its error quotes what it was given.
type upper string

func (u *upper) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("upper %s: %w", b, err)
	}
	*u = upper(strings.ToUpper(s))
	return nil
}

// level decodes itself from text.
type level int

func (l *level) UnmarshalText(b []byte) error {
	switch string(b) {
	case "low":
		*l = 1
	case "high":
		*l = 2
	default:
		return fmt.Errorf("level %q", b)
	}
	return nil
}

type kinds struct {
	Embedded
	*EmbeddedPtr
	promoted
	twin                       // shared ties with promoted's at the same depth: neither decodes
	Name     string            `json:"name"`
	Untagged string            // named Untagged
	Skipped  string            `json:"-"`
	When     time.Time         `json:"when,omitzero"`
	Wait     time.Duration     `json:"wait,omitempty"`
	Blob     []byte            `json:"blob,omitempty"`
	Fixed    [2]byte           `json:"fixed,omitzero"`
	Ptr      *int              `json:"ptr,omitempty"`
	Map      map[string]int    `json:"map,omitempty"`
	IntKeys  map[int]string    `json:"intKeys,omitempty"`
	Num      json.Number       `json:"num,omitempty"`
	Raw      json.RawMessage   `json:"raw,omitempty"`
	Any      any               `json:"any,omitempty"`
	Count    int               `json:"count,string,omitempty"`
	Upper    upper             `json:"upper,omitempty"`
	Level    level             `json:"level,omitempty"`
	IP       netip.Addr        `json:"ip,omitzero"`
	Small    int8              `json:"small,omitempty"`
	Nested   map[string][]kind `json:"nested,omitempty"`
}

type kind struct {
	K string `json:"k"`
}

const looseSchema = `{"type":"object"}`

// TestDecodingFollowsEncodingJSON: a document with exact names decodes as
// encoding/json decodes it.
func TestDecodingFollowsEncodingJSON(t *testing.T) {
	tool := echoTool[kinds]("kinds", looseSchema)
	for _, args := range []string{
		`{"inner":1,"through":"p","promoted":"q"}`,
		`{"name":"n","Untagged":"u"}`,
		`{"when":"2026-01-02T03:04:05.5+01:00","wait":1500}`,
		`{"blob":"aGk=","fixed":[1,2]}`, `{"fixed":[1,2,3]}`, `{"fixed":[1]}`,
		`{"ptr":5}`, `{"ptr":null}`,
		`{"map":{"a":1,"b":2},"intKeys":{"1":"one","-2":"minus two"}}`,
		`{"num":12.50,"raw":{"b":[1, 2]},"any":{"a":[1,2.5,"x",null,true]}}`,
		`{"raw":null}`, `{"any":12345678901234567890}`,
		`{"count":"12"}`, `{"upper":"shout"}`, `{"level":"high"}`, `{"ip":"192.0.2.1"}`,
		`{"small":-128}`, `{"nested":{"a":[{"k":"v"}],"b":[]}}`,
		`{"name":"\u00e9\ud83d\ude00","map":{"\u00e9":1}}`,
	} {
		t.Run(args, func(t *testing.T) {
			got, err := decode(t, tool, args)
			require.NoError(t, err)
			var want kinds
			require.NoError(t, json.Unmarshal([]byte(args), &want))
			assert.Equal(t, want, got)
		})
	}
}

type sfInner struct {
	URL struct {
		A int `json:"a"`
	} `json:"url"`
	Shared string
	Deep   string
}

type sfOther struct {
	Shared string
	Deep   string
}

type sfOuter struct {
	sfInner
	sfOther
	URL    map[string]int `json:"url"`
	Plain  int
	Tagged string `json:"Deep"`
}

// TestShadowingFollowsEncodingJSON: names resolve as in encoding/json: the
// shallowest field wins (the generator's differential soak, seed 503,
// found a valid input rejected because the shadowed field was looked in),
// a tagged field beats an untagged one at its depth, and a tie at one
// depth decodes neither.
func TestShadowingFollowsEncodingJSON(t *testing.T) {
	tool := echoTool[sfOuter]("shadow", looseSchema)
	for _, args := range []string{`{"url":{"key0":1}}`, `{"Deep":"d","Plain":2}`} {
		got, err := decode(t, tool, args)
		require.NoError(t, err)
		var want sfOuter
		require.NoError(t, json.Unmarshal([]byte(args), &want))
		assert.Equal(t, want, got)
	}
	got, err := decode(t, tool, `{"url":{"key0":1},"Deep":"d"}`)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"key0": 1}, got.URL)
	assert.Equal(t, "d", got.Tagged)
	_, err = decode(t, tool, `{"Shared":"x"}`)
	require.ErrorIs(t, err, schema.ErrInvalidArguments, "a tie decodes neither field")
	assert.Contains(t, err.Error(), `at /: unexpected property "Shared"`)
}

// TestDecodingIsStricter: what encoding/json accepts and the path does
// not, and what the path says of failures the schema did not catch.
func TestDecodingIsStricter(t *testing.T) {
	tool := echoTool[kinds]("kinds", looseSchema)
	tests := []struct{ args, want, secret string }{
		// names match exactly; unknown ones are errors
		{`{"Name":"x"}`, `at /: unexpected property "Name" (property names are case-sensitive)`, ""},
		{`{"untagged":"x"}`, `at /: unexpected property "untagged"`, ""},
		{`{"INNER":1}`, `at /: unexpected property "INNER"`, ""},
		{`{"Shared":"x"}`, `at /: unexpected property "Shared"`, ""}, // the tie drops both fields
		{`{"Skipped":"x"}`, `at /: unexpected property "Skipped"`, ""},
		{`{"nested":{"a":[{"k":"v","K":"w"}]}}`, `at /nested/a/0: unexpected property "K"`, ""},
		{`{"map":{"a":1,"a":2}}`, `at /map: duplicate property "a"`, ""},
		{`{"name":"a","name":"b"}`, `at /: duplicate property "name"`, ""},
		{"{\"name\":\"\xff\"}", `not valid JSON`, ""},
		// what the Go type expects
		{`{"when":"yesterday, secretly"}`, `at /when: expected a date-time string (RFC 3339)`, "secretly"},
		{`{"when":5}`, `at /when: expected a date-time string (RFC 3339), got number`, ""},
		{`{"wait":"1s"}`, `at /wait: expected an integer number of nanoseconds, got string`, ""},
		{`{"blob":"!!secret!!"}`, `at /blob: expected a base64 string`, "secret"},
		{`{"small":300}`, `at /small: expected an integer from -128 to 127`, ""},
		{`{"small":1.5}`, `at /small: expected an integer from -128 to 127`, ""},
		{`{"ptr":"5"}`, `at /ptr: expected an integer from -9223372036854775808 to 9223372036854775807, got string`, ""},
		{`{"intKeys":{"one":"x"}}`, `at /intKeys/one: expected an integer`, ""},
		{`{"count":12}`, `at /count:`, ""},
		{`{"upper":["secret` + strings.Repeat("!", 100) + `"]}`, `at /upper: expected a valid agent_test.upper`, "secret"},
		{`{"upper":5}`, `at /upper: expected a valid agent_test.upper`, ""},
		{`{"level":"secret-level"}`, `at /level: expected a valid agent_test.level`, "secret"},
		{`{"ip":"secret-ip"}`, `at /ip: expected a valid netip.Addr`, "secret"},
		{`{"nested":{"a":{"k":"v"}}}`, `at /nested/a: expected array, got object`, ""},
		{`{"name":["secret"]}`, `at /name: expected string, got array`, ""},
		{`{"name":"x"} trailing`, `unexpected data after the arguments`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			got, err := decode(t, tool, tt.args)
			require.ErrorIs(t, err, schema.ErrInvalidArguments)
			assert.Contains(t, err.Error(), tt.want)
			if tt.secret != "" {
				assert.NotContains(t, err.Error(), tt.secret)
			}
			assert.Zero(t, got)
		})
	}
}

// legacyTags has tags that encoding/json accepts and encoding/json/v2
// rejects; the path decodes them with encoding/json's rules.
type legacyTags struct {
	Dash       string `json:"-,"`
	Twice      int    `json:"twice,omitempty,omitempty"`
	Quoted     []int  `json:"quoted,string"`
	Opaque     opaque `json:"opaque"`
	NamedValue        // an embedded non-struct
}

// opaque has fields, none of them exported or tagged.
type opaque struct{ n int }

// NamedValue is a string type.
type NamedValue string

// TestLegacyTags: tags that only encoding/json accepts decode as it
// decodes them, and a failure in such a type still says what was
// expected.
func TestLegacyTags(t *testing.T) {
	tool := echoTool[legacyTags]("legacy", looseSchema)
	args := `{"-":"d","twice":2,"quoted":[1],"opaque":{},"NamedValue":"n"}`
	got, err := decode(t, tool, args)
	require.NoError(t, err)
	var want legacyTags
	require.NoError(t, json.Unmarshal([]byte(args), &want))
	assert.Equal(t, want, got)
	assert.Equal(t, legacyTags{Dash: "d", Twice: 2, Quoted: []int{1}, Opaque: opaque{n: 0}, NamedValue: "n"}, got)

	_, err = decode(t, tool, `{"-":["secret"]}`)
	require.ErrorIs(t, err, schema.ErrInvalidArguments)
	assert.Contains(t, err.Error(), "at /-: expected string")
	assert.NotContains(t, err.Error(), "secret")
}

// TestNumberBounds: the syntax pass's bounds on numbers, at their edges.
func TestNumberBounds(t *testing.T) {
	tool := echoTool[numIn]("num", numSchema)
	tests := []struct {
		num  string
		want string // "" when accepted
	}{
		{"1" + strings.Repeat("0", 127), ""},
		// An integer may have up to 1,024 digits (a big.Int's).
		{"1" + strings.Repeat("0", 128), ""},
		{"1" + strings.Repeat("0", 1024), "number longer than 128 characters (1024 for an integer)"},
		{"0." + strings.Repeat("0", 126) + "1", "number longer than 128 characters"},
		{"0." + strings.Repeat("0", 125) + "1", ""},
		{"1.7976931348623157e308", ""},
		{"1.7976931348623159e308", "number out of range"},
		{"-1.7976931348623159e308", "number out of range"},
		{"5e-324", ""},
		{"2e-324", "number out of range"},
		{"0e999", ""},
		{"0e1000", "number out of range"},
		{"0.0e-999", ""},
		{"1e-999", "number out of range"},
		{"-0", ""},
		{"1E+308", ""},
		{"1e0000000000000000000000000000000000000000000000000000000001", ""},
		{"1e1000", "number out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.num, func(t *testing.T) {
			_, err := decode(t, tool, `{"f64":`+tt.num+`}`)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, schema.ErrInvalidArguments)
			assert.Contains(t, err.Error(), "at /f64: "+tt.want)
		})
	}
}

// wide has 64-bit integers, whose schemas state no bounds but the unsigned
// minimum (README, Schemas): decoding rejects what overflows them.
type wide struct {
	Big  int64  `json:"big,omitempty"`
	Huge uint64 `json:"huge,omitempty"`
}

// wideSchema is the input schema toolgen generates for wide.
const wideSchema = `{"type":"object","additionalProperties":false,"properties":{"big":{"type":"integer"},"huge":{"type":"integer","minimum":0}}}`

// TestWideIntegerOverflow: an integer beyond a 64-bit field's range, which
// the schema does not bound, is refused by decoding, with the path and
// the range.
func TestWideIntegerOverflow(t *testing.T) {
	tool := echoTool[wide]("wide", wideSchema)
	for _, tt := range []struct{ args, want string }{
		{`{"big":1e20}`, `at /big: expected an integer from -9223372036854775808 to 9223372036854775807`},
		{`{"big":-1e20}`, `at /big: expected an integer from -9223372036854775808 to 9223372036854775807`},
		{`{"big":9223372036854775808}`, `at /big: expected an integer from -9223372036854775808 to 9223372036854775807`},
		{`{"huge":1e20}`, `at /huge: expected an integer from 0 to 18446744073709551615`},
		{`{"huge":-1}`, `at /huge: `},
	} {
		t.Run(tt.args, func(t *testing.T) {
			got, err := decode(t, tool, tt.args)
			require.ErrorIs(t, err, schema.ErrInvalidArguments)
			assert.Contains(t, err.Error(), tt.want)
			assert.Zero(t, got)
		})
	}
	got, err := decode(t, tool, `{"big":-9223372036854775808,"huge":18446744073709551615}`)
	require.NoError(t, err)
	assert.Equal(t, wide{Big: math.MinInt64, Huge: math.MaxUint64}, got)
}
