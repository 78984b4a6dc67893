package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// dispatch is what the loop does with one call: bound, validate and decode,
// run, encode, and convert for the model.
func dispatch(ctx context.Context, tl tool.Tool, args json.RawMessage) (llm.ModelOutput, error) {
	if err := schema.CheckLimits(args, schema.Limits{}); err != nil {
		return llm.ModelOutput{}, err
	}
	inv, err := tl.Prepare(ctx, args)
	if err != nil {
		return llm.ModelOutput{}, err
	}
	out, err := inv.Run(ctx)
	if err != nil {
		return llm.ModelOutput{}, err
	}
	return inv.ModelOutput(ctx, out)
}

// largerCall is a valid call of the nested tool, of about 2 KB.
func largerCall() json.RawMessage {
	var b strings.Builder
	b.WriteString(`{"name":"Zoë","small":-12,"tags":["alpha","beta","gamma"],"count":42,"ratio":12.5,"ok":true,`)
	b.WriteString(`"addr":{"city":"Lyon","zip":"69000"},"alt":null,"items":[`)
	for i := range 20 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"note":"note number %d"}`, i, i)
	}
	b.WriteString(`],"scores":{`)
	for i := range 20 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":%d.25`, i, i)
	}
	b.WriteString(`},"extra":{"free":[1,"two",{"three":3}]}}`)
	return json.RawMessage(b.String())
}

// BenchmarkDispatch measures the argument path and the run of one call:
// the weather tool on a valid and an invalid call (the message built in
// full), and a tool with nested objects, arrays and maps on a 2 KB call.
func BenchmarkDispatch(b *testing.B) {
	ctx := context.Background()
	nested := tool.NewFunc(&tool.Spec{ID: "nested", Description: "d", InputSchema: json.RawMessage(nestedSchema)},
		func(ctx context.Context, in nestedIn) (nestedIn, error) { return in, nil })
	calls := []struct {
		name  string
		tool  tool.Tool
		args  json.RawMessage
		valid bool
	}{
		{"valid", weatherTool(), json.RawMessage(`{"location":"Paris","units":"celsius"}`), true},
		{"invalid", weatherTool(), json.RawMessage(`{"Location":"Paris","units":42}`), false},
		{"larger", nested, largerCall(), true},
	}
	for _, c := range calls {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := dispatch(ctx, c.tool, c.args); (err == nil) != c.valid {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAgentStep(b *testing.B) {
	ctx := context.Background()
	b.Run("text", func(b *testing.B) {
		model := scripted.New()
		for range b.N {
			model.Append(scripted.Text("It is sunny in Paris."))
		}
		a := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			if _, err := a.Generate(ctx, "Weather in Paris?"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tool-call", func(b *testing.B) {
		model := scripted.New()
		for range b.N {
			model.Append(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
		}
		ag := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			res, err := ag.Generate(ctx, "Weather in Paris?", agent.WithMaxSteps(1))
			if err != nil || res.FinishReason != agent.FinishMaxSteps {
				b.Fatal(err, res.FinishReason)
			}
		}
	})
}

// BenchmarkAgentStepTelemetry is BenchmarkAgentStep with telemetry: off
// (no provider configured, as BenchmarkAgentStep runs) and recording
// every span and metric into the SDK, without an exporter, which is the
// cost of building them.
func BenchmarkAgentStepTelemetry(b *testing.B) {
	ctx := context.Background()
	tp := sdktrace.NewTracerProvider()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader()))
	b.Cleanup(func() {
		_ = tp.Shutdown(ctx)
		_ = mp.Shutdown(ctx)
	})
	configs := []struct {
		name string
		cfg  *telemetry.Config
	}{
		{"off", nil},
		{"sdk", &telemetry.Config{TracerProvider: tp, MeterProvider: mp}},
	}
	for _, c := range configs {
		b.Run("tool-call/"+c.name, func(b *testing.B) {
			model := scripted.New()
			for range b.N {
				model.Append(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
			}
			ag := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: model, Tools: tool.Toolset{"weather": weatherTool()}, Telemetry: c.cfg}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := ag.Generate(ctx, "Weather in Paris?", agent.WithMaxSteps(1)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// hostileIn and hostileSchema give a hostile model every costly keyword
// to aim at: a pattern, multipleOf, uniqueItems, recursion, a free map.
type hostileIn struct {
	S     string         `json:"s,omitempty"`
	N     float64        `json:"n,omitempty"`
	U     []any          `json:"u,omitempty"`
	Deep  any            `json:"deep,omitempty"`
	M     map[string]int `json:"m,omitempty"`
	Items []nestedItem   `json:"items,omitempty"`
}

const hostileSchema = `{"type":"object","additionalProperties":false,"properties":{
  "s":{"type":"string","pattern":"^(a|b|ab)*c$","maxLength":2000000},
  "n":{"type":"number","multipleOf":0.01,"maximum":1e300},
  "u":{"type":"array","uniqueItems":true},
  "deep":{"$ref":"#/$defs/d"},
  "m":{"type":"object","additionalProperties":{"type":"integer","minimum":0}},
  "items":{"type":"array","items":{"$ref":"#/$defs/item"}}},
  "$defs":{
    "d":{"type":["array","object","number"],"items":{"$ref":"#/$defs/d"},"additionalProperties":{"$ref":"#/$defs/d"}},
    "item":{"type":"object","additionalProperties":false,"required":["id"],"properties":{"id":{"type":"integer"},"note":{"type":"string"}}}}}`

// largest returns build(n) for the largest n that keeps it within l.
func largest(l schema.Limits, build func(n int) string) string {
	lo, hi := 0, schema.DefaultMaxBytes
	if l.MaxBytes > 0 {
		hi = l.MaxBytes
	}
	for lo < hi { // the largest n in [lo, hi] that fits
		mid := (lo + hi + 1) / 2
		if schema.CheckLimits(build(mid), l) == nil {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return build(lo)
}

// fill returns {"<key>": <open> item, item, … <close>} with as many items
// as l allows.
func fill(l schema.Limits, key, open, item, close string) string {
	return numbered(l, key, open, close, func(int) string { return item })
}

// numbered is fill with items made by item(i).
func numbered(l schema.Limits, key, open, close string, item func(i int) string) string {
	return largest(l, func(n int) string {
		var b strings.Builder
		b.WriteString(`{"` + key + `":` + open)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(item(i))
		}
		b.WriteString(close + `}`)
		return b.String()
	})
}

// hostileInput is arguments built to cost the path as much as possible,
// and whether they are valid.
type hostileInput struct {
	name, args string
	valid      bool
}

// hostileInputs are arguments within l, built to cost the path as much as
// possible.
func hostileInputs(l schema.Limits) []hostileInput {
	size := schema.DefaultMaxBytes
	if l.MaxBytes > 0 {
		size = l.MaxBytes
	}
	deep := strings.Repeat("[", 62) + "1" + strings.Repeat("]", 62)
	nearDup := func(n int) string { return "[" + strings.TrimSuffix(strings.Repeat("1.5,", n), ",") }
	return []hostileInput{
		{"number-huge", `{"n":` + strings.Repeat("7", size-10) + `}`, false},
		{"number-128B-multipleOf", `{"n":0.` + strings.Repeat("3", 125) + `}`, false},
		{"numbers-deep", fill(l, "deep", "[", "1234567.89e-3", "]"), true},
		{"string-pattern", `{"s":"` + strings.Repeat("ab", (size-12)/2) + `c"}`, true},
		{"string-escapes-pattern", `{"s":"` + strings.Repeat(`\u00e9`, (size-12)/6) + `"}`, false},
		{"deep-64-arrays", fill(l, "deep", "[", deep, "]"), true},
		{"deep-64-objects", fill(l, "deep", "[", strings.Repeat(`{"a":`, 62)+"1"+strings.Repeat("}", 62), "]"), true},
		{"uniqueItems-distinct", numbered(l, "u", "[", "]", func(i int) string { return fmt.Sprint(i) }), true},
		{"uniqueItems-equal-numbers", fill(l, "u", "[", "1.0", "]"), false},
		{"uniqueItems-20-near-duplicates", largest(l, func(n int) string {
			return `{"u":[` + strings.TrimSuffix(strings.Repeat(nearDup(n)+",1],", 19), ",") + `,` + nearDup(n) + `,2]]}`
		}), false},
		{"keys-unknown", numbered(l, "x", "1,", "", func(i int) string { return fmt.Sprintf(`"k%06d":1`, i) }), false},
		{"keys-map", numbered(l, "m", "{", "}", func(i int) string { return fmt.Sprintf(`"k%06d":1`, i) }), true},
		{"keys-duplicate-last", numbered(l, "m", "{", `,"k000000":1}`, func(i int) string { return fmt.Sprintf(`"k%06d":1`, i) }), false},
		{"valid-items", numbered(l, "items", "[", "]", func(i int) string { return fmt.Sprintf(`{"id":%d,"note":"n%d"}`, i, i) }), true},
		{"invalid-items", numbered(l, "items", "[", "]", func(i int) string { return fmt.Sprintf(`{"id":"%d"}`, i) }), false},
	}
}

// BenchmarkPrepareHostile measures the path on hostileInputs. No input
// within the default limits may take more than 10 ms on the machine of
// the README's figures.
func BenchmarkPrepareHostile(b *testing.B) {
	t := tool.NewFunc(&tool.Spec{ID: "hostile", Description: "d", InputSchema: json.RawMessage(hostileSchema)},
		func(ctx context.Context, in hostileIn) (hostileIn, error) { return in, nil })
	ctx := context.Background()
	var l schema.Limits
	if s := os.Getenv("HOSTILE_SIZE"); s != "" { // with as many values as fit
		l.MaxBytes, _ = strconv.Atoi(s)
		l.MaxValues = l.MaxBytes
		ctx = toolexec.WithLimits(ctx, l)
	}
	for _, in := range hostileInputs(l) {
		args := json.RawMessage(in.args)
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(args)))
			for b.Loop() {
				_, _ = t.Prepare(ctx, args)
			}
		})
	}
}

// TestHostileInputsAreJudged: every hostile input is judged, within the
// default limits, with a bounded message, and well within a second: a
// catastrophic regression, not a timing (BenchmarkPrepareHostile has the
// figures).
func TestHostileInputsAreJudged(t *testing.T) {
	tl := tool.NewFunc(&tool.Spec{ID: "hostile", Description: "d", InputSchema: json.RawMessage(hostileSchema)},
		func(ctx context.Context, in hostileIn) (hostileIn, error) { return in, nil })
	for _, in := range hostileInputs(schema.Limits{}) {
		t.Run(in.name, func(t *testing.T) {
			require.NoError(t, schema.CheckLimits(in.args, schema.Limits{}), "within the default limits")
			start := time.Now()
			_, err := tl.Prepare(t.Context(), json.RawMessage(in.args))
			assert.Less(t, time.Since(start), time.Second)
			if err != nil {
				require.ErrorIs(t, err, schema.ErrInvalidArguments)
				assert.LessOrEqual(t, len(err.Error()), 900)
			}
			assert.Equal(t, in.valid, err == nil, "%v", err)
		})
	}
}
