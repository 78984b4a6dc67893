package schema_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/schema"
)

var update = flag.Bool("update", false, "rewrite the expected outputs under testdata/dialect")

// dialectCase is one schema of testdata/dialect: DIR/input.json, with the
// expected output of each dialect in DIR/DIALECT.json (indented) or, when
// the dialect cannot express it, the error text in DIR/DIALECT.err.
type dialectCase struct {
	name  string
	dir   string
	input []byte
}

func dialectCorpus(t *testing.T) []dialectCase {
	t.Helper()
	dirs, err := filepath.Glob(filepath.Join("testdata", "dialect", "*", "input.json"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	var cases []dialectCase
	for _, in := range dirs {
		b, err := os.ReadFile(in)
		require.NoError(t, err)
		dir := filepath.Dir(in)
		cases = append(cases, dialectCase{name: filepath.Base(dir), dir: dir, input: b})
	}
	return cases
}

func TestConvertSchemaGolden(t *testing.T) {
	for _, tc := range dialectCorpus(t) {
		t.Run(tc.name, func(t *testing.T) {
			for _, d := range schema.Dialects() {
				out, err := schema.Convert(tc.input, d)
				file, got := string(d)+".json", ""
				if err != nil {
					file, got = string(d)+".err", err.Error()+"\n"
				} else {
					var b bytes.Buffer
					require.NoError(t, json.Indent(&b, out, "", "  "))
					got = b.String() + "\n"
				}
				path := filepath.Join(tc.dir, file)
				if *update {
					for _, ext := range []string{".json", ".err"} {
						_ = os.Remove(filepath.Join(tc.dir, string(d)+ext))
					}
					require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
					continue
				}
				want, err := os.ReadFile(path)
				require.NoError(t, err, "no expected output for %s (run go test -run TestConvertSchemaGolden -update)", d)
				assert.Equal(t, string(want), got, "%s", path)
			}
		})
	}
}

// TestConvertSchemaOutputs checks every converted schema of the corpus: it
// compiles under the 2020-12 meta-schema, converting is deterministic and
// idempotent, the standard dialect keeps the schema, and each dialect's
// rules hold.
func TestConvertSchemaOutputs(t *testing.T) {
	for _, tc := range dialectCorpus(t) {
		t.Run(tc.name, func(t *testing.T) {
			for _, d := range schema.Dialects() {
				out, err := schema.Convert(tc.input, d)
				if err != nil {
					var de *schema.DialectError
					assert.True(t, errors.As(err, &de), "%s: %v is not a *DialectError", d, err)
					continue
				}
				again, err := schema.Convert(tc.input, d)
				require.NoError(t, err)
				assert.Equal(t, string(out), string(again), "%s: not deterministic", d)
				if d != schema.DialectGemini { // Gemini's output is OpenAPI 3.0, not 2020-12
					twice, err := schema.Convert(out, d)
					if assert.NoError(t, err, "%s: converting the output again", d) {
						assert.Equal(t, string(out), string(twice), "%s: not idempotent", d)
					}
				}
				compileDialectSchema(t, out)
				var doc any
				require.NoError(t, json.Unmarshal(out, &doc))
				switch d {
				case schema.DialectStandard:
					assert.JSONEq(t, string(tc.input), string(out))
				case schema.DialectOpenAIStrict:
					checkOpenAIStrict(t, doc)
				case schema.DialectGemini:
					checkGemini(t, doc)
				case schema.DialectAnthropic:
					checkAnthropic(t, doc)
				}
			}
		})
	}
}

func compileDialectSchema(t *testing.T, s []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	require.NoError(t, c.AddResource("mem:///schema.json", doc))
	sch, err := c.Compile("mem:///schema.json")
	require.NoError(t, err, "%s", s)
	return sch
}

// walkSchemas calls fn on every subschema of s with its dotted path.
func walkSchemas(s any, path string, fn func(s map[string]any, path string)) {
	obj, ok := s.(map[string]any)
	if !ok {
		return
	}
	fn(obj, path)
	join := func(keys ...string) string {
		return strings.TrimPrefix(path+"."+strings.Join(keys, "."), ".")
	}
	for _, k := range []string{"properties", "$defs", "patternProperties"} {
		if m, ok := obj[k].(map[string]any); ok {
			for _, name := range slices.Sorted(mapsKeys(m)) {
				walkSchemas(m[name], join(k, name), fn)
			}
		}
	}
	for _, k := range []string{"items", "additionalProperties", "not"} {
		if v, ok := obj[k]; ok {
			walkSchemas(v, join(k), fn)
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if list, ok := obj[k].([]any); ok {
			for i, b := range list {
				walkSchemas(b, join(k, strconv.Itoa(i)), fn)
			}
		}
	}
}

func mapsKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func isObjectType(s map[string]any) bool {
	switch t := s["type"].(type) {
	case string:
		return t == "object"
	case []any:
		return slices.Contains(t, any("object"))
	}
	return false
}

var openAIStrictKeywords = []string{
	"type", "properties", "required", "additionalProperties", "items", "anyOf",
	"enum", "const", "$ref", "$defs", "definitions", "description", "title", "pattern", "format",
	"multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems",
}

func checkOpenAIStrict(t *testing.T, doc any) {
	t.Helper()
	root, ok := doc.(map[string]any)
	require.True(t, ok, "root is not an object schema")
	assert.Equal(t, "object", root["type"], "root type")
	walkSchemas(doc, "", func(s map[string]any, path string) {
		for k := range s {
			assert.Contains(t, openAIStrictKeywords, k, "at %q", path)
		}
		if ref, ok := s["$ref"]; ok {
			assert.Len(t, s, 1, "at %q: $ref %v has siblings", path, ref)
		}
		if !isObjectType(s) {
			assert.NotContains(t, s, "properties", "at %q", path)
			return
		}
		assert.Equal(t, false, s["additionalProperties"], "at %q", path)
		props, _ := s["properties"].(map[string]any)
		var req []string
		if list, ok := s["required"].([]any); ok {
			for _, r := range list {
				req = append(req, r.(string))
			}
		}
		assert.ElementsMatch(t, slices.Collect(mapsKeys(props)), req, "at %q: every property must be required", path)
	})
}

var geminiKeywords = []string{
	"type", "nullable", "properties", "required", "items", "anyOf", "enum", "format",
	"description", "minimum", "maximum", "minItems", "maxItems",
}

func checkGemini(t *testing.T, doc any) {
	t.Helper()
	root, ok := doc.(map[string]any)
	require.True(t, ok, "root is not an object schema")
	assert.Equal(t, "object", root["type"], "root type")
	walkSchemas(doc, "", func(s map[string]any, path string) {
		for k := range s {
			assert.Contains(t, geminiKeywords, k, "at %q", path)
		}
		if _, ok := s["anyOf"]; !ok {
			typ, ok := s["type"].(string)
			assert.True(t, ok && typ != "null", "at %q: type %v", path, s["type"])
		}
		if enum, ok := s["enum"].([]any); ok {
			assert.Equal(t, "string", s["type"], "at %q", path)
			for _, e := range enum {
				assert.IsType(t, "", e, "at %q: enum of strings only", path)
			}
		}
		if isObjectType(s) {
			props, _ := s["properties"].(map[string]any)
			if list, ok := s["required"].([]any); ok {
				for _, r := range list {
					assert.Contains(t, props, r, "at %q: required names a missing property", path)
				}
			}
		}
	})
}

func checkAnthropic(t *testing.T, doc any) {
	t.Helper()
	root, ok := doc.(map[string]any)
	require.True(t, ok, "root is not an object schema")
	assert.Equal(t, "object", root["type"], "root type")
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		assert.NotContains(t, root, k)
	}
}

func TestConvertSchemaErrors(t *testing.T) {
	tests := []struct {
		name, schema string
		dialect      schema.Dialect
		path, reason string
	}{
		{"map", `{"type":"object","properties":{"fields":{"type":"object","additionalProperties":{"type":"string"}}},"required":["fields"],"additionalProperties":false}`,
			schema.DialectOpenAIStrict, "properties.fields.additionalProperties", "free-form maps are not allowed in OpenAI strict mode"},
		{"map in a def", `{"$defs":{"Bag":{"type":"object","properties":{"m":{"type":"object"}},"additionalProperties":false}},"type":"object","properties":{"b":{"$ref":"#/$defs/Bag"}},"additionalProperties":false}`,
			schema.DialectOpenAIStrict, "$defs.Bag.properties.m", "free-form maps"},
		{"int-keyed map", `{"type":"object","properties":{"byID":{"type":"object","patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false}},"additionalProperties":false}`,
			schema.DialectOpenAIStrict, "properties.byID.patternProperties", "patternProperties"},
		{"any", `{"type":"object","properties":{"v":true},"additionalProperties":false}`,
			schema.DialectOpenAIStrict, "properties.v", "any value"},
		{"array root", `{"type":"array","items":{"type":"string"}}`,
			schema.DialectOpenAIStrict, "", "object schema at the root"},
		{"gemini map", `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"integer"}}},"additionalProperties":false}`,
			schema.DialectGemini, "properties.m.additionalProperties", "free-form objects"},
		{"gemini required recursion", `{"$defs":{"T":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/T"}}},"required":["kids"],"additionalProperties":false}},"type":"object","properties":{"t":{"$ref":"#/$defs/T"}},"required":["t"],"additionalProperties":false}`,
			schema.DialectGemini, "properties.t.properties.kids.items.properties.kids.items.properties.kids.items", "recursive type T"},
		{"gemini two types", `{"type":"object","properties":{"v":{"type":["string","integer"]}},"additionalProperties":false}`,
			schema.DialectGemini, "properties.v.type", "several types"},
		{"anthropic anyOf root", `{"anyOf":[{"type":"object"},{"type":"string"}]}`,
			schema.DialectAnthropic, "", "object schema at the root"},
		{"anthropic union at the top", `{"type":"object","oneOf":[{"required":["a"]},{"required":["b"]}]}`,
			schema.DialectAnthropic, "oneOf", "top level"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := schema.Convert(json.RawMessage(tt.schema), tt.dialect)
			require.Error(t, err)
			var de *schema.DialectError
			require.True(t, errors.As(err, &de), "%v", err)
			assert.Equal(t, tt.dialect, de.Dialect)
			assert.Equal(t, tt.path, de.Path)
			assert.Contains(t, de.Reason, tt.reason)
			assert.Contains(t, err.Error(), tt.reason)
		})
	}

	_, err := schema.Convert(json.RawMessage(`{"type":"object"}`), "cohere")
	assert.ErrorContains(t, err, `unknown dialect "cohere"`)
	for _, bad := range []string{``, `{`, `{"type":"object"} {}`} {
		_, err := schema.Convert(json.RawMessage(bad), schema.DialectStandard)
		assert.Error(t, err, "%q", bad)
	}
}

func TestConvertSchemaCases(t *testing.T) {
	tests := []struct {
		name    string
		dialect schema.Dialect
		in, out string
	}{
		{"gemini type array with null", schema.DialectGemini,
			`{"type":"object","properties":{"a":{"type":["string","null"],"format":"email"}},"required":["a"]}`,
			`{"type":"object","properties":{"a":{"type":"string","nullable":true}},"required":["a"]}`},
		{"gemini union of three", schema.DialectGemini,
			`{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"},{"type":"integer","minimum":1}]}},"additionalProperties":false}`,
			`{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"integer","minimum":1}],"nullable":true}}}`},
		{"gemini const and integer enum", schema.DialectGemini,
			`{"type":"object","properties":{"v":{"const":2,"type":"integer","description":"Version."},"k":{"const":"x"},"n":{"enum":["a",null]}}}`,
			`{"type":"object","properties":{"v":{"type":"integer","description":"Version. One of: 2."},"k":{"enum":["x"],"type":"string"},"n":{"enum":["a"],"type":"string","nullable":true}}}`},
		{"gemini optional recursion is cut", schema.DialectGemini,
			`{"$defs":{"L":{"type":"object","properties":{"v":{"type":"integer"},"next":{"$ref":"#/$defs/L"}},"required":["v"]}},"$ref":"#/$defs/L"}`,
			`{"type":"object","properties":{"v":{"type":"integer"},"next":{"type":"object","properties":{"v":{"type":"integer"},"next":{"type":"object","properties":{"v":{"type":"integer"}},"required":["v"]}},"required":["v"]}},"required":["v"]}`},
		{"openai nullable enum and array", schema.DialectOpenAIStrict,
			`{"type":"object","properties":{"e":{"enum":["a","b","a"],"description":"E."},"l":{"type":"array","items":{"type":"integer"}}},"additionalProperties":false}`,
			`{"type":"object","properties":{"e":{"anyOf":[{"enum":["a","b"],"type":"string"},{"type":"null"}],"description":"E."},"l":{"anyOf":[{"type":"array","items":{"type":"integer"}},{"type":"null"}]}},"additionalProperties":false,"required":["e","l"]}`},
		{"openai required ref with description is inlined", schema.DialectOpenAIStrict,
			`{"$defs":{"P":{"type":"object","properties":{"n":{"type":"string"}},"required":["n"],"additionalProperties":false}},"type":"object","properties":{"p":{"$ref":"#/$defs/P","description":"Who."}},"required":["p"],"additionalProperties":false}`,
			`{"$defs":{"P":{"type":"object","properties":{"n":{"type":"string"}},"required":["n"],"additionalProperties":false}},"type":"object","properties":{"p":{"type":"object","properties":{"n":{"type":"string"}},"required":["n"],"additionalProperties":false,"description":"Who."}},"required":["p"],"additionalProperties":false}`},
		{"anthropic adds the root type", schema.DialectAnthropic,
			`{"properties":{"a":{"type":"string"}}}`,
			`{"properties":{"a":{"type":"string"}},"type":"object"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := schema.Convert(json.RawMessage(tt.in), tt.dialect)
			require.NoError(t, err)
			assert.Equal(t, tt.out, string(out))
		})
	}
}

// TestConvertSchemaPathological checks that hostile schemas end in an
// error, quickly: $ref cycles with no schema in them, and recursion that
// would unroll into an exponentially large schema.
func TestConvertSchemaPathological(t *testing.T) {
	var wide strings.Builder
	wide.WriteString(`{"$defs":{"W":{"type":"object","properties":{"v":{"type":"integer"}`)
	for i := range 30 {
		fmt.Fprintf(&wide, `,"f%d":{"$ref":"#/$defs/W"}`, i)
	}
	wide.WriteString(`},"required":["v"],"additionalProperties":false}},"$ref":"#/$defs/W"}`)
	tests := []struct {
		name, schema string
		dialect      schema.Dialect
		reason       string
	}{
		{"ref cycle", `{"$defs":{"A":{"$ref":"#/$defs/A"}},"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"required":["a"]}`,
			schema.DialectGemini, "recursive type A"},
		{"ref cycle with siblings", `{"$defs":{"A":{"$ref":"#/$defs/A","description":"x"}},"type":"object","properties":{"a":{"$ref":"#/$defs/A","title":"y"}},"required":["a"]}`,
			schema.DialectOpenAIStrict, "$ref chain"},
		{"dangling ref", `{"type":"object","properties":{"a":{"$ref":"#/$defs/Nope","description":"x"}}}`,
			schema.DialectOpenAIStrict, `cannot resolve $ref "#/$defs/Nope"`},
		{"exponential unrolling", wide.String(), schema.DialectGemini, "more than 20000 subschemas"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := schema.Convert(json.RawMessage(tt.schema), tt.dialect)
			assert.ErrorContains(t, err, tt.reason)
		})
	}
	_, err := schema.Convert(json.RawMessage(strings.Repeat("[", 1000)+strings.Repeat("]", 1000)), schema.DialectStandard)
	assert.ErrorContains(t, err, "nests deeper")
}

func TestConvertSchemaKeepsOrderAndText(t *testing.T) {
	in := `{ "type": "object", "properties": { "z": {"type": "string", "description": "<a & b> \u2028 \"q\""}, "a": {"type": "integer"} }, "required": ["z"], "additionalProperties": false }`
	out, err := schema.Convert(json.RawMessage(in), schema.DialectStandard)
	require.NoError(t, err)
	assert.Equal(t, `{"type":"object","properties":{"z":{"type":"string","description":"<a & b> \u2028 \"q\""},"a":{"type":"integer"}},"required":["z"],"additionalProperties":false}`, string(out))

	out, err = schema.Convert(json.RawMessage(in), schema.DialectOpenAIStrict)
	require.NoError(t, err)
	assert.Equal(t, `{"type":"object","properties":{"z":{"type":"string","description":"<a & b> \u2028 \"q\""},"a":{"type":["integer","null"]}},"required":["z","a"],"additionalProperties":false}`, string(out))
}

// TestOpenAIStrictAcceptsNulls is the property of the strict dialect: a
// valid instance of the standard schema in which some optional properties
// are absent validates against the strict schema once those properties are
// null.
func TestOpenAIStrictAcceptsNulls(t *testing.T) {
	total := 0
	for _, tc := range dialectCorpus(t) {
		strict, err := schema.Convert(tc.input, schema.DialectOpenAIStrict)
		if err != nil {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			var doc any
			require.NoError(t, json.Unmarshal(tc.input, &doc))
			orig := compileDialectSchema(t, tc.input)
			converted := compileDialectSchema(t, strict)
			rng := rand.New(rand.NewPCG(1, uint64(len(tc.name))))
			valid := 0
			for range 200 {
				g := &instanceGen{root: doc, rng: rng}
				absent, nulls := g.gen(doc, 0)
				if err := orig.Validate(roundTrip(t, absent)); err != nil {
					continue // the generator does not know every keyword (a pattern, say)
				}
				valid++
				assert.NoError(t, converted.Validate(roundTrip(t, nulls)), "instance %s", mustJSON(nulls))
			}
			assert.Greater(t, valid, 100, "too few valid instances generated")
			total += valid
		})
	}
	assert.Greater(t, total, 1000)
}

func roundTrip(t *testing.T, v any) any {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(mustJSON(v)))
	require.NoError(t, err)
	return doc
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// instanceGen makes random instances of a schema, in pairs: one where some
// optional properties are absent, and the same with those properties null.
type instanceGen struct {
	root any
	rng  *rand.Rand
}

const maxInstanceDepth = 5

func (g *instanceGen) gen(s any, depth int) (absent, nulls any) {
	obj, ok := s.(map[string]any)
	if !ok {
		return "anything", "anything"
	}
	if ref, ok := obj["$ref"].(string); ok {
		return g.gen(g.resolve(ref), depth+1)
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		if list, ok := obj[k].([]any); ok {
			b := list[g.rng.IntN(len(list))]
			if depth >= maxInstanceDepth { // prefer null to more nesting
				for _, br := range list {
					if m, ok := br.(map[string]any); ok && m["type"] == "null" {
						b = br
					}
				}
			}
			return g.gen(b, depth+1)
		}
	}
	if c, ok := obj["const"]; ok {
		return c, c
	}
	if enum, ok := obj["enum"].([]any); ok {
		v := enum[g.rng.IntN(len(enum))]
		return v, v
	}
	typ := ""
	switch tv := obj["type"].(type) {
	case string:
		typ = tv
	case []any:
		typ = tv[g.rng.IntN(len(tv))].(string)
	default:
		if _, ok := obj["properties"]; ok {
			typ = "object"
		}
	}
	switch typ {
	case "null":
		return nil, nil
	case "boolean":
		v := g.rng.IntN(2) == 0
		return v, v
	case "integer", "number":
		v := g.number(obj, typ == "integer")
		return v, v
	case "string":
		v := g.string(obj)
		return v, v
	case "array":
		lo, hi := intKeyword(obj, "minItems", 0), intKeyword(obj, "maxItems", 3)
		hi = min(hi, lo+3)
		if depth >= maxInstanceDepth {
			hi = lo
		}
		n := lo + g.rng.IntN(hi-lo+1)
		a, b := make([]any, n), make([]any, n)
		for i := range n {
			a[i], b[i] = g.gen(obj["items"], depth+1)
		}
		return a, b
	case "object":
		props, _ := obj["properties"].(map[string]any)
		req := map[string]bool{}
		if list, ok := obj["required"].([]any); ok {
			for _, r := range list {
				req[r.(string)] = true
			}
		}
		a, b := map[string]any{}, map[string]any{}
		for _, name := range slices.Sorted(mapsKeys(props)) {
			if !req[name] && (depth >= maxInstanceDepth || g.rng.IntN(2) == 0) {
				b[name] = nil
				continue
			}
			a[name], b[name] = g.gen(props[name], depth+1)
		}
		return a, b
	}
	return "anything", "anything"
}

func (g *instanceGen) resolve(ref string) any {
	frag, _ := url.PathUnescape(strings.TrimPrefix(ref, "#"))
	cur := g.root
	for _, tok := range strings.Split(frag, "/")[1:] {
		cur = cur.(map[string]any)[strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")]
	}
	return cur
}

func intKeyword(obj map[string]any, k string, def int) int {
	if f, ok := obj[k].(float64); ok {
		return int(f)
	}
	return def
}

func (g *instanceGen) number(obj map[string]any, integer bool) any {
	lo, hi := -50.0, 50.0
	if f, ok := obj["minimum"].(float64); ok {
		lo = f
	}
	if f, ok := obj["exclusiveMinimum"].(float64); ok {
		lo = f + 1
	}
	if f, ok := obj["maximum"].(float64); ok {
		hi = f
	}
	if f, ok := obj["exclusiveMaximum"].(float64); ok {
		hi = f - 1
	}
	if hi < lo {
		hi = lo
	}
	if m, ok := obj["multipleOf"].(float64); ok && m > 0 {
		return m * float64(g.rng.IntN(5))
	}
	if integer {
		return int64(lo) + g.rng.Int64N(int64(hi-lo)+1)
	}
	return lo + g.rng.Float64()*(hi-lo)
}

func (g *instanceGen) string(obj map[string]any) string {
	switch obj["format"] {
	case "date-time":
		return "2024-02-29T12:30:00Z"
	case "date":
		return "2024-02-29"
	case "email":
		return "ada@example.com"
	case "uuid":
		return "0b8e4d7a-1f5c-4b7e-9a2d-3c6f8e1d2b4a"
	case "uri":
		return "https://example.com/x"
	}
	if obj["contentEncoding"] == "base64" {
		return "aGVsbG8="
	}
	if p, ok := obj["pattern"].(string); ok {
		if lit := strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$"); !strings.ContainsAny(lit, `[](){}.*+?|\\^$`) {
			return lit
		}
	}
	lo, hi := intKeyword(obj, "minLength", 0), intKeyword(obj, "maxLength", 8)
	if _, ok := obj["pattern"]; ok {
		lo = max(lo, 1)
	}
	hi = min(hi, lo+8)
	n := lo + g.rng.IntN(hi-lo+1)
	var b strings.Builder
	for range n {
		b.WriteByte(byte('a' + g.rng.IntN(26)))
	}
	return b.String()
}

func ExampleConvert() {
	schema2 := json.RawMessage(`{
	  "type": "object",
	  "properties": {
	    "location": {"type": "string", "minLength": 1},
	    "units": {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"}
	  },
	  "required": ["location"],
	  "additionalProperties": false
	}`)
	for _, d := range []schema.Dialect{schema.DialectOpenAIStrict, schema.DialectGemini} {
		out, err := schema.Convert(schema2, d)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %s\n", d, out)
	}
	_, err := schema.Convert(json.RawMessage(`{"type":"object","properties":{"tags":{"type":"object","additionalProperties":{"type":"string"}}}}`), schema.DialectOpenAIStrict)
	fmt.Println(err)
	// Output:
	// openai-strict: {"type":"object","properties":{"location":{"type":"string"},"units":{"anyOf":[{"type":"string","enum":["celsius","fahrenheit"]},{"type":"null"}]}},"required":["location","units"],"additionalProperties":false}
	// gemini: {"type":"object","properties":{"location":{"type":"string"},"units":{"type":"string","enum":["celsius","fahrenheit"]}},"required":["location"]}
	// openai-strict schema: properties.tags.additionalProperties: free-form maps are not allowed in OpenAI strict mode: every object must list its properties and set additionalProperties to false
}

// TestConvertSchemaReadsAsEncodingJSON: a schema is read as encoding/json
// reads it (a repeated key keeps its first place and its last value,
// invalid UTF-8 becomes U+FFFD), and what is not one JSON value is an
// error.
func TestConvertSchemaReadsAsEncodingJSON(t *testing.T) {
	got, err := schema.Convert(json.RawMessage("{\"type\":\"object\",\"description\":\"a\",\"title\":\"t\xff\",\"description\":\"b\"}"), schema.DialectAnthropic)
	require.NoError(t, err)
	assert.Equal(t, "{\"type\":\"object\",\"description\":\"b\",\"title\":\"t\uFFFD\"}", string(got))
	for _, bad := range []string{"", " ", "{", `{"type":"object"} {}`, `{"type":nul}`} {
		_, err := schema.Convert(json.RawMessage(bad), schema.DialectAnthropic)
		assert.Error(t, err, "%q", bad)
	}
}
