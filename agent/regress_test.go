package agent_test

// Regression tests for holes the argument path once had, one test per
// hole, each holding a promise of the README's "Arguments" section: the
// value a tool gets is the document that was validated (no duplicate
// names), no number crashes or stalls the check, every message is bounded
// and quotes no value, and every decoding failure names its path and what
// was expected. They use only API that the runtime had before the path was
// rewritten, so that they can be run against that runtime too (where each
// of them fails).

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// echoTool returns a tool with input In, described by schema, that returns
// its input.
func echoTool[In any](id, sch string) *tool.Func[In, In] {
	return tool.NewFunc(&tool.Spec{ID: id, Description: "Returns its input.", InputSchema: json.RawMessage(sch)},
		func(ctx context.Context, in In) (In, error) { return in, nil })
}

// decode calls tool.Decode, failing the test if it panics.
func decode[In any](t *testing.T, tl *tool.Func[In, In], args string) (in In, err error) {
	t.Helper()
	require.NotPanics(t, func() { in, err = tl.Decode(json.RawMessage(args)) })
	return in, err
}

// modelSees runs one call of tool through an agent with limits and returns
// what the model is told, and the outcome's error.
func modelSees(t *testing.T, tl tool.Tool, args string, limits schema.Limits) (string, *toolexec.Error) {
	t.Helper()
	model := callThenAnswer(scripted.Call("tool", args))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"tool": tl}, Limits: limits}
	res, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	results := toolResults(t, model, 1)
	require.Len(t, results, 1)
	return results[0].Output.Text, res.Steps[0].Outcomes[0].Err
}

type dupN struct {
	X int    `json:"x"`
	Y string `json:"y,omitempty"`
}

type dupIn struct {
	N dupN           `json:"n"`
	P *dupN          `json:"p,omitempty"`
	L []dupN         `json:"l,omitempty"`
	M map[string]int `json:"m,omitempty"`
	E string         `json:"e,omitempty"`
}

const dupSchema = `{"type":"object","additionalProperties":false,"required":["n"],"properties":{
  "n":{"$ref":"#/$defs/N"},"p":{"$ref":"#/$defs/N"},"l":{"type":"array","items":{"$ref":"#/$defs/N"}},
  "m":{"type":"object","additionalProperties":{"type":"integer","maximum":5}},
  "e":{"type":"string","enum":["a","b"]}},
  "$defs":{"N":{"type":"object","additionalProperties":false,"required":["x"],"properties":{
    "x":{"type":"integer"},"y":{"type":"string","maxLength":3}}}}}`

// TestDuplicateKeysAreInvalid: the validator saw the last copy of a key
// while encoding/json merged every copy into the value, so that a tool got
// a value the schema forbids.
func TestDuplicateKeysAreInvalid(t *testing.T) {
	tests := []struct{ name, args, want string }{
		{"past maxLength", `{"n":{"x":1,"y":"toolong"},"n":{"x":1}}`, `at /: duplicate property "n"`},
		{"nested", `{"n":{"x":1,"y":"toolong","y":"ab"}}`, `at /n: duplicate property "y"`},
		{"through a pointer", `{"n":{"x":1},"p":{"x":1,"y":"toolong"},"p":{"x":2}}`, `at /: duplicate property "p"`},
		{"in an array", `{"n":{"x":1},"l":[{"x":1},{"x":1,"y":"toolong","y":"a"}]}`, `at /l/1: duplicate property "y"`},
		{"merged map keys", `{"n":{"x":1},"m":{"k":9,"k":1}}`, `at /m: duplicate property "k"`},
		{"past an enum", `{"n":{"x":1},"e":"secret","e":"a"}`, `at /: duplicate property "e"`},
		{"escaped", `{"n":{"x":1},"\u0065":"secret","e":"a"}`, `at /: duplicate property "e"`},
	}
	tl := echoTool[dupIn]("dup", dupSchema)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := decode(t, tl, tt.args)
			require.ErrorIs(t, err, schema.ErrInvalidArguments, "decoded %+v", in)
			assert.Contains(t, err.Error(), tt.want)
			assert.NotContains(t, err.Error(), "secret")
			assert.Zero(t, in)
		})
	}
}

type numIn struct {
	F64   float64 `json:"f64,omitempty"`
	Cents float64 `json:"cents,omitempty"`
}

const numSchema = `{"type":"object","additionalProperties":false,"properties":{
  "f64":{"type":"number"},"cents":{"type":"number","multipleOf":0.01}}}`

// TestHugeExponentsAreInvalidArguments: a 60-byte document crashed the
// validator (a nil big.Rat), and the loop blamed the tool.
func TestHugeExponentsAreInvalidArguments(t *testing.T) {
	tl := echoTool[numIn]("num", numSchema)
	for _, args := range []string{
		`{"f64":1e999999999999}`, `{"cents":1e99999999}`, `{"f64":-1e400}`, `{"cents":0e99999999999}`,
		`{"f64":1e-400}`, // not zero, yet it would decode as 0
	} {
		t.Run(args, func(t *testing.T) {
			_, err := decode(t, tl, args)
			require.ErrorIs(t, err, schema.ErrInvalidArguments)
			assert.Contains(t, err.Error(), "number out of range")

			msg, terr := modelSees(t, tl, args, schema.Limits{})
			require.NotNil(t, terr)
			assert.Equal(t, toolexec.KindInvalidArguments, terr.Kind, msg)
		})
	}
}

// TestLongNumbersAreRejectedFast: a number of 1 MiB of digits, within the
// default size limit of the time, took 14-24 s in Prepare; 256 KiB about
// 1 s.
func TestLongNumbersAreRejectedFast(t *testing.T) {
	tl := echoTool[numIn]("num", numSchema)
	for _, n := range []int{256 << 10, 1<<20 - len(`{"cents":}`)} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			args := `{"cents":` + strings.Repeat("7", n) + `}`
			start := time.Now()
			msg, terr := modelSees(t, tl, args, schema.Limits{MaxBytes: 1 << 20})
			elapsed := time.Since(start)
			require.NotNil(t, terr)
			require.ErrorIs(t, terr, schema.ErrInvalidArguments)
			assert.Contains(t, msg, "at /cents: number longer than 128")
			assert.NotContains(t, msg, "7777")
			assert.Less(t, elapsed, time.Second, "a generous bound, against a return to seconds")
		})
	}
}

type deepIn struct {
	V any `json:"v"`
}

const deepSchema = `{"type":"object","additionalProperties":false,"properties":{"v":{"$ref":"#/$defs/a"}},
  "$defs":{"a":{"type":["array","string"],"items":{"$ref":"#/$defs/a"}}}}`

// TestMessagesAreBoundedAndEchoFree: messages echoed the arguments: a 10 MB
// unknown key came back as a 10 MB message, 100,000 unknown keys as a
// 989 KB list, an oversized number in full, a violation 9,990 levels deep
// as a 50 KB path.
func TestMessagesAreBoundedAndEchoFree(t *testing.T) {
	var many strings.Builder
	many.WriteString(`{"location":"Paris"`)
	for i := range 100_000 {
		fmt.Fprintf(&many, `,"k%05d":1`, i)
	}
	many.WriteString("}")
	const depth = 9990
	deep := `{"v":` + strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth) + "}"
	tests := []struct {
		name   string
		tool   tool.Tool
		args   string
		limits schema.Limits
		want   []string
		echo   string
	}{
		{"10 MB unknown key", weatherTool(), `{"location":"Paris","` + strings.Repeat("k", 10<<20) + `":1}`, schema.Limits{MaxBytes: 11 << 20},
			[]string{`unexpected property "kkkk`}, strings.Repeat("k", 100)},
		{"100,000 unknown keys", weatherTool(), many.String(), schema.Limits{MaxBytes: 2 << 20, MaxValues: 200_000},
			[]string{`unexpected properties "k00000", "k00001"`, "and 99995 more"}, `"k00005"`},
		{"oversized number", weatherTool(), `{"location":"Paris","units":` + strings.Repeat("9", 100_000) + `}`, schema.Limits{MaxBytes: 1 << 20},
			[]string{"at /units: number"}, "9999999999"},
		{"violation 9,990 levels deep", echoTool[deepIn]("deep", deepSchema), deep, schema.Limits{MaxBytes: 1 << 20, MaxDepth: depth + 1, MaxValues: 2 * depth},
			[]string{"at /v/0/0/0", "/0/0: expected string or array, got number"}, strings.Repeat("/0", 200)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, terr := modelSees(t, tt.tool, tt.args, tt.limits)
			require.NotNil(t, terr)
			assert.Equal(t, toolexec.KindInvalidArguments, terr.Kind)
			assert.LessOrEqual(t, len(msg), 1024, "%.300s…", msg)
			for _, w := range tt.want {
				assert.Contains(t, msg, w)
			}
			assert.NotContains(t, msg, tt.echo)
		})
	}
}

type sinceIn struct {
	Since time.Time `json:"since"`
	Code  code      `json:"code,omitempty"`
}

// code is a type whose UnmarshalJSON error quotes what it was given.
type code string

func (c *code) UnmarshalJSON(b []byte) error {
	if string(b) != `"ok"` {
		return fmt.Errorf("bad code %s", b)
	}
	*c = "ok"
	return nil
}

const sinceSchema = `{"type":"object","additionalProperties":false,"required":["since"],"properties":{
  "since":{"type":"string","format":"date-time"},"code":{"type":"string"}}}`

// TestDecodingFailuresSayWhereAndWhat: "since": "yesterday" for a
// time.Time gave "arguments could not be decoded", no path, no expectation.
func TestDecodingFailuresSayWhereAndWhat(t *testing.T) {
	tl := echoTool[sinceIn]("since", sinceSchema)
	tests := []struct{ args, want, secret string }{
		{`{"since":"yesterday"}`, `at /since: expected a date-time string (RFC 3339)`, "yesterday"},
		{`{"since":"2026-01-02T03:04:05Z","code":"secret-code"}`, `at /code: expected a valid agent_test.code`, "secret-code"},
	}
	for _, tt := range tests {
		_, err := decode(t, tl, tt.args)
		require.ErrorIs(t, err, schema.ErrInvalidArguments)
		assert.Contains(t, err.Error(), tt.want)
		assert.NotContains(t, err.Error(), tt.secret)
	}
	in, err := decode(t, tl, `{"since":"2026-01-02T03:04:05Z","code":"ok"}`)
	require.NoError(t, err)
	assert.Equal(t, sinceIn{Since: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Code: "ok"}, in)
}

// boom panics when it is decoded, with a value that quotes its input.
type boom struct{}

func (*boom) UnmarshalJSON(b []byte) error { panic("boom: " + string(b)) }

type boomIn struct {
	B boom `json:"b"`
}

// TestPanicsBelowPrepareAreTheTools: Call did not recover panics, and a
// panic in a type's UnmarshalJSON escaped Decode.
func TestPanicsBelowPrepareAreTheTools(t *testing.T) {
	tl := echoTool[boomIn]("boom", `{"type":"object"}`)
	_, err := decode(t, tl, `{"b":"secret-argument"}`)
	require.Error(t, err)
	assert.NotErrorIs(t, err, schema.ErrInvalidArguments)

	msg, terr := modelSees(t, tl, `{"b":"secret-argument"}`, schema.Limits{})
	require.NotNil(t, terr)
	assert.Equal(t, toolexec.KindPanic, terr.Kind)
	assert.NotContains(t, msg, "secret-argument")

	panicky := fnTool("panicky", func(context.Context) (string, error) { panic("kaboom") })
	require.NotPanics(t, func() { _, err = tool.Call(t.Context(), panicky, json.RawMessage(`{}`)) })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "kaboom")
	require.NotPanics(t, func() { _, err = tool.Call(t.Context(), tl, json.RawMessage(`{"b":"x"}`)) })
	require.Error(t, err)
	assert.False(t, errors.Is(err, schema.ErrInvalidArguments))
}

// TestPrepareBoundsItsArguments: the limits were the loop's, so a caller of
// Prepare had none.
func TestPrepareBoundsItsArguments(t *testing.T) {
	args := json.RawMessage(`{"location":"` + strings.Repeat("a", 2<<20) + `"}`)
	_, err := weatherTool().Prepare(t.Context(), args)
	require.ErrorIs(t, err, schema.ErrInvalidArguments)
	assert.Contains(t, err.Error(), fmt.Sprintf("the limit is %d", schema.DefaultMaxBytes))
	deep := json.RawMessage(`{"location":"x","units":` + strings.Repeat("[", 65) + strings.Repeat("]", 65) + `}`)
	_, err = weatherTool().Prepare(t.Context(), deep)
	require.ErrorIs(t, err, schema.ErrInvalidArguments)
	assert.Contains(t, err.Error(), "nest deeper than 64 levels")
	many := json.RawMessage(`{"location":"x","units":[` + strings.TrimSuffix(strings.Repeat("1,", schema.DefaultMaxValues), ",") + `]}`)
	_, err = weatherTool().Prepare(t.Context(), many)
	require.ErrorIs(t, err, schema.ErrInvalidArguments)
	assert.Contains(t, err.Error(), fmt.Sprintf("more than %d values", schema.DefaultMaxValues))
}

// TestCheckArgumentsCountsValues: the count Limits.MaxValues documents,
// at the boundary, with commas and brackets inside strings not counted.
func TestCheckArgumentsCountsValues(t *testing.T) {
	for _, tt := range []struct {
		args   string
		values int
	}{
		{`1`, 1},
		{`{"a":1}`, 2},
		{`{"a":1,"b":[1,2]}`, 5},
		{`{"a":"[,{,]}","b":"\",","c":null}`, 4},
		{`{"a":[],"b":{}}`, 5}, // three values, and one more per empty container
	} {
		require.NoError(t, schema.CheckLimits(tt.args, schema.Limits{MaxValues: tt.values}), tt.args)
		err := schema.CheckLimits(tt.args, schema.Limits{MaxValues: tt.values - 1})
		if tt.values > 1 {
			require.ErrorIs(t, err, schema.ErrInvalidArguments, tt.args)
			assert.Contains(t, err.Error(), fmt.Sprintf("more than %d values", tt.values-1))
		}
	}
}
