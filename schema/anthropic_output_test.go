package schema_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/schema"
)

// constrainedSchema has every kind of keyword native output refuses or
// takes: length, numeric and array bounds, an open nested object, an
// unsupported format and pattern beside supported ones, oneOf, a
// reference.
const constrainedSchema = `{"type":"object","properties":{` +
	`"name":{"type":"string","minLength":1,"maxLength":80,"description":"The name."},` +
	`"age":{"type":"integer","minimum":0,"maximum":150,"format":"int32"},` +
	`"tags":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"},"minItems":3,"maxItems":10,"uniqueItems":true},` +
	`"ids":{"type":"array","items":{"type":"string","format":"uuid"},"minItems":1},` +
	`"email":{"type":"string","format":"email"},` +
	`"word":{"type":"string","pattern":"\\bx\\b"},` +
	`"unit":{"type":"string","enum":["celsius","fahrenheit"],"default":"celsius"},` +
	`"kind":{"const":"report"},` +
	`"when":{"oneOf":[{"type":"string","format":"date"},{"type":"null"}]},` +
	`"address":{"type":"object","properties":{"city":{"type":"string","description":"The city."}},"required":["city"],"additionalProperties":true,"minProperties":1},` +
	`"home":{"$ref":"#/$defs/Place","description":"Where they live."}},` +
	`"required":["name","age"],` +
	`"$defs":{"Place":{"type":"object","properties":{"lat":{"type":"number","exclusiveMinimum":-90,"multipleOf":0.5}}}}}`

// constrainedOutput is constrainedSchema as output_config.format takes it.
const constrainedOutput = `{"type":"object","properties":{` +
	`"name":{"type":"string","description":"The name.\n\n{minLength: 1, maxLength: 80}"},` +
	`"age":{"type":"integer","description":"{minimum: 0, maximum: 150, format: \"int32\"}"},` +
	`"tags":{"type":"array","items":{"type":"string","pattern":"^[a-z]+$"},"description":"{minItems: 3, maxItems: 10, uniqueItems: true}"},` +
	`"ids":{"type":"array","items":{"type":"string","format":"uuid"},"minItems":1},` +
	`"email":{"type":"string","format":"email"},` +
	`"word":{"type":"string","description":"{pattern: \"\\\\bx\\\\b\"}"},` +
	`"unit":{"type":"string","enum":["celsius","fahrenheit"],"default":"celsius"},` +
	`"kind":{"const":"report"},` +
	`"when":{"anyOf":[{"type":"string","format":"date"},{"type":"null"}]},` +
	`"address":{"type":"object","properties":{"city":{"type":"string","description":"The city."}},"required":["city"],"additionalProperties":false,"description":"{minProperties: 1}"},` +
	`"home":{"$ref":"#/$defs/Place","description":"Where they live."}},` +
	`"required":["name","age"],` +
	`"$defs":{"Place":{"type":"object","properties":{"lat":{"type":"number","description":"{exclusiveMinimum: -90, multipleOf: 0.5}"}},"additionalProperties":false}},` +
	`"additionalProperties":false}`

// TestAnthropicOutput: the keywords native output refuses move into their
// node's description ("{minLength: 1, …}", after the description when
// there is one), every object is closed, and the rest (enum, const,
// default, required, supported formats, a simple pattern, minItems 1,
// $defs and $ref, anyOf for oneOf) is kept, keys in their order.
func TestAnthropicOutput(t *testing.T) {
	out, err := schema.AnthropicOutput(json.RawMessage(constrainedSchema))
	require.NoError(t, err)
	assert.JSONEq(t, constrainedOutput, string(out))
	assert.Less(t, strings.Index(string(out), `"name"`), strings.Index(string(out), `"address"`), "properties keep their order")
	assert.NotContains(t, schema.Dialects(), schema.Dialect("anthropic-output"))
	assert.Len(t, schema.Dialects(), 4, "AnthropicOutput is no dialect of the manifest")
}

// TestAnthropicOutputWeatherInput: examples/weather's input schema, whose
// minLength 1 native output refuses, keeps the bound in the description.
func TestAnthropicOutputWeatherInput(t *testing.T) {
	const weatherInput = `{"properties":{` +
		`"location":{"type":"string","minLength":1,"description":"Location is a city name, such as \"Paris\" or \"New York\"."},` +
		`"units":{"type":"string","enum":["celsius","fahrenheit"],"description":"Units defaults to celsius."}},` +
		`"additionalProperties":false,"type":"object","required":["location"],` +
		`"description":"WeatherInput is what the model must supply to get the weather."}`
	out, err := schema.AnthropicOutput(json.RawMessage(weatherInput))
	require.NoError(t, err)
	var got struct {
		Properties map[string]map[string]any `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(out, &got))
	assert.Equal(t, map[string]any{
		"type":        "string",
		"description": "Location is a city name, such as \"Paris\" or \"New York\".\n\n{minLength: 1}",
	}, got.Properties["location"])
	assert.Equal(t, map[string]any{
		"type":        "string",
		"enum":        []any{"celsius", "fahrenheit"},
		"description": "Units defaults to celsius.",
	}, got.Properties["units"])
}

// TestAnthropicOutputRefused: the schemas native output cannot take even
// rewritten, each with the path and reason of the error.
func TestAnthropicOutputRefused(t *testing.T) {
	obj := func(props string) string {
		return `{"type":"object","properties":{` + props + `},"additionalProperties":false}`
	}
	cases := []struct{ name, schema, want string }{
		{"root reference", obj(`"next":{"$ref":"#"}`), `properties.next.$ref: a recursive schema (a reference to the root)`},
		{"recursion", `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{` +
			`"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},` +
			`"required":["name","children"],"additionalProperties":false}}}`,
			`$defs.Node.properties.children.items.$ref: a recursive schema (#/$defs/Node refers to itself)`},
		{"mutual recursion", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{` +
			`"A":` + obj(`"b":{"$ref":"#/$defs/B"}`) + `,"B":` + obj(`"a":{"anyOf":[{"$ref":"#/$defs/A"},{"type":"null"}]}`) + `}}`,
			`$defs.B.properties.a.anyOf.0.$ref: a recursive schema (#/$defs/A refers to itself)`},
		{"external reference", obj(`"x":{"$ref":"https://example.com/x.json"}`), `properties.x.$ref: the reference "https://example.com/x.json" (native output takes references to $defs only)`},
		{"missing definition", obj(`"x":{"$ref":"#/$defs/X"}`), `properties.x.$ref: the reference #/$defs/X has no definition`},
		{"map", obj(`"m":{"type":"object","additionalProperties":{"type":"string"}}`), `properties.m: an object without properties (a map) would only take {}`},
		{"any value", obj(`"v":{"description":"Anything."}`), `properties.v: a value of any type (no type, $ref, anyOf, enum or const)`},
		{"boolean schema", obj(`"v":true`), `properties.v: a schema must be an object, not true`},
		{"object enum", obj(`"v":{"enum":[{"a":1}]}`), `properties.v.enum: an enum value that is an object or an array`},
		{"enum not a list", obj(`"v":{"enum":5}`), `properties.v.enum: want an array`},
		{"anyOf not a list", obj(`"v":{"anyOf":{"type":"string"}}`), `properties.v.anyOf: want an array of schemas`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := schema.AnthropicOutput(json.RawMessage(tc.schema))
			require.Error(t, err)
			assert.Equal(t, "native structured outputs cannot take the schema: "+tc.want, err.Error())
		})
	}
	t.Run("not an object at the root", func(t *testing.T) {
		_, err := schema.AnthropicOutput(json.RawMessage(`{"type":"array"}`))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "anthropic schema: (root): ")
		var de *schema.DialectError
		assert.ErrorAs(t, err, &de, "DialectAnthropic's error, as it is")
	})
	t.Run("not JSON", func(t *testing.T) {
		_, err := schema.AnthropicOutput(json.RawMessage(`{"type":`))
		assert.Error(t, err)
	})
}

// TestAnthropicOutputPatterns: the patterns kept in the schema and those
// moved to the description.
func TestAnthropicOutputPatterns(t *testing.T) {
	for pattern, kept := range map[string]bool{
		`^[a-z]+$`:                    true,
		`^[0-9]{4}-[0-9]{2}$`:         true,
		`^(\d{3}|\w+)\s?.*$`:          true,
		`^[0-2][0-9]:[0-5][0-9]$`:     true,
		`\bword\b`:                    false,
		`(a)\1`:                       false,
		`^(?=.*\d).+$`:                false,
		`^\p{L}+$`:                    false,
		`^a{1,1000}$`:                 false,
		`^a{101}$`:                    false,
		`^a{100}$`:                    true,
		`[`:                           false,
		`^(?:ab|cd)+$`:                true,
		`^[A-Z][a-z]*( [A-Z][a-z]*)*`: true,
	} {
		quoted, err := json.Marshal(pattern)
		require.NoError(t, err)
		out, err := schema.AnthropicOutput(json.RawMessage(`{"type":"object","properties":{"p":{"type":"string","pattern":` + string(quoted) + `}}}`))
		require.NoError(t, err, pattern)
		var got struct {
			Properties struct {
				P map[string]any `json:"p"`
			} `json:"properties"`
		}
		require.NoError(t, json.Unmarshal(out, &got))
		keys := make([]string, 0, len(got.Properties.P))
		for k := range got.Properties.P {
			keys = append(keys, k)
		}
		assert.Equal(t, kept, slices.Contains(keys, "pattern"), pattern)
		if !kept {
			assert.Equal(t, "{pattern: "+string(quoted)+"}", got.Properties.P["description"], pattern)
		}
	}
}
