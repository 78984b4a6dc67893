package anthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
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

// weatherInputSchema is examples/weather's generated WeatherInput schema
// (weatherInputSchema in tools_gen.go), whose location has minLength 1
// from its jsonschema tag.
const weatherInputSchema = `{
  "properties": {
    "location": {
      "type": "string",
      "minLength": 1,
      "description": "Location is a city name, such as \"Paris\" or \"New York\"."
    },
    "units": {
      "type": "string",
      "enum": [
        "celsius",
        "fahrenheit"
      ],
      "description": "Units defaults to celsius."
    }
  },
  "additionalProperties": false,
  "type": "object",
  "required": [
    "location"
  ],
  "description": "WeatherInput is what the model must supply to get the weather."
}`

// treeSchema is recursive: a node's children are nodes.
const treeSchema = `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{` +
	`"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},` +
	`"required":["name","children"],"additionalProperties":false}}}`

// TestNativeSchemaTransform: in auto and native mode, a schema with
// keywords that native output refuses goes as output_config.format with
// them moved into their node's description ("{minLength: 1, …}", after
// the description when there is one), every object closed, and the rest
// (enum, const, default, required, supported formats, a simple pattern,
// minItems 1, $defs and $ref, anyOf for oneOf) kept, properties in their
// order.
func TestNativeSchemaTransform(t *testing.T) {
	for _, mode := range []StructuredOutputMode{StructuredOutputAuto, StructuredOutputNative} {
		t.Run(string(mode), func(t *testing.T) {
			srv := providertest.NewServer(t, scripted.Text(`{"name":"Ada","age":36}`))
			res, _ := run(t, fakeModel(srv, "claude-sonnet-4-5", WithStructuredOutput(mode)), formatRequest(constrainedSchema, false), false)

			body := onlyBody(t, srv)
			native, err := schema.AnthropicOutput(json.RawMessage(constrainedSchema))
			require.NoError(t, err)
			assert.JSONEq(t, `{"format":{"type":"json_schema","schema":`+string(native)+`}}`, string(body["output_config"]))
			assert.NotContains(t, body, "tools")
			raw := string(body["output_config"])
			assert.Less(t, strings.Index(raw, `"name"`), strings.Index(raw, `"address"`), "properties keep their order")
			assert.Equal(t, `{"name":"Ada","age":36}`, res.Message.Text())
		})
	}
}

// TestNativeSchemaWeatherInput: examples/weather's input schema, whose
// minLength 1 native output refuses, goes natively in auto mode with the
// bound in the description.
func TestNativeSchemaWeatherInput(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Text(`{"location":"Paris"}`))
	run(t, fakeModel(srv, "claude-haiku-4-5"), formatRequest(weatherInputSchema, false), false)

	body := onlyBody(t, srv)
	assert.NotContains(t, body, "tools")
	var cfg struct {
		Format struct {
			Type   string `json:"type"`
			Schema struct {
				Properties map[string]map[string]any `json:"properties"`
			} `json:"schema"`
		} `json:"format"`
	}
	require.NoError(t, json.Unmarshal(body["output_config"], &cfg))
	assert.Equal(t, "json_schema", cfg.Format.Type)
	assert.Equal(t, map[string]any{
		"type":        "string",
		"description": "Location is a city name, such as \"Paris\" or \"New York\".\n\n{minLength: 1}",
	}, cfg.Format.Schema.Properties["location"])
	assert.Equal(t, map[string]any{
		"type":        "string",
		"enum":        []any{"celsius", "fahrenheit"},
		"description": "Units defaults to celsius.",
	}, cfg.Format.Schema.Properties["units"])
}

// TestNativeSchemaRecursiveFallback: in auto mode, a recursive schema,
// which native output cannot take, goes as the forced format tool for
// that request, and the answer comes back as text; with tools of the
// request's own, the choice is "any", so that the model may call them
// (the model still reports OutputWithTools, so the agent loop sends its
// tools with the format).
func TestNativeSchemaRecursiveFallback(t *testing.T) {
	const tree = `{"name":"root","children":[]}`
	for _, tools := range []bool{false, true} {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("tools=%v/stream=%v", tools, stream), func(t *testing.T) {
				srv := providertest.NewServer(t, scripted.Calls(llm.ToolCall{ID: "toolu_r", Name: "report", Arguments: tree}))
				m := fakeModel(srv, "claude-sonnet-4-5")
				res, _ := run(t, m, formatRequest(treeSchema, tools), stream)

				body := onlyBody(t, srv)
				assert.NotContains(t, body, "output_config")
				var sent []struct {
					Name        string          `json:"name"`
					InputSchema json.RawMessage `json:"input_schema"`
				}
				require.NoError(t, json.Unmarshal(body["tools"], &sent))
				last := sent[len(sent)-1]
				assert.Equal(t, "report", last.Name)
				assert.Contains(t, string(last.InputSchema), `"$ref":"#/$defs/Node"`)
				if tools {
					assert.Len(t, sent, 2)
					assert.JSONEq(t, `{"type":"any"}`, string(body["tool_choice"]))
				} else {
					assert.Len(t, sent, 1)
					assert.JSONEq(t, `{"type":"tool","name":"report"}`, string(body["tool_choice"]))
				}
				assert.Equal(t, []llm.Part{llm.TextPart(tree)}, res.Message.Parts)
				assert.Equal(t, llm.FinishStop, res.FinishReason)
				assert.True(t, llm.CapabilitiesOf(m).OutputWithTools)
			})
		}
	}
}

// TestNativeSchemaRecursiveNativeError: in native mode a recursive schema
// is an error that names the reference, and nothing is sent.
func TestNativeSchemaRecursiveNativeError(t *testing.T) {
	srv := providertest.NewServer(t)
	_, err := fakeModel(srv, "claude-sonnet-4-5", WithStructuredOutput(StructuredOutputNative)).Generate(context.Background(), formatRequest(treeSchema, false))
	require.Error(t, err)
	assert.Equal(t, "anthropic: response format report: native structured outputs cannot take the schema: "+
		"$defs.Node.properties.children.items.$ref: a recursive schema (#/$defs/Node refers to itself)", err.Error())
	assert.Empty(t, srv.Requests())
}

// TestNativeSchemaAgentRetry: the runtime validates the answer against
// the whole schema, so an answer that breaks a bound native output no
// longer enforces (minLength 1, moved into the description) is answered
// with the validation message, and the model is asked again.
func TestNativeSchemaAgentRetry(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Text(`{"location":""}`), scripted.Text(`{"location":"Paris"}`))
	out := tool.NewOutput[weatherIn](tool.OutputSpec{ID: "weather_input", Schema: json.RawMessage(weatherInputSchema)})
	ag := &agent.Agent{ID: "asker", Model: fakeModel(srv, "claude-sonnet-4-5")}
	res, err := ag.Generate(t.Context(), "Where?", agent.WithOutput(out))
	require.NoError(t, err)

	got, err := agent.Object[weatherIn](res)
	require.NoError(t, err)
	assert.Equal(t, weatherIn{Location: "Paris"}, got)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	for i, r := range reqs {
		var body map[string]json.RawMessage
		require.NoError(t, r.Decode(&body))
		assert.Contains(t, string(body["output_config"]), `{minLength: 1}`, "request %d goes natively", i)
		if i == 1 {
			assert.Contains(t, string(body["messages"]), "not a valid JSON object of the requested schema")
			assert.Contains(t, string(body["messages"]), "at /location: expected at least 1 characters, got 0")
		}
	}
}
