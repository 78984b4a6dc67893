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

// treeSchema is recursive: a node's children are nodes.
const treeSchema = `{"$ref":"#/$defs/Node","$defs":{"Node":{"type":"object","properties":{` +
	`"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},` +
	`"required":["name","children"],"additionalProperties":false}}}`

// TestNativeSchemaTransform: in auto mode on a model with native output
// (Sonnet 4.5, Haiku 4.5) and in native mode, providertest.WeatherSchema, whose
// minLength 1 native output refuses, goes as output_config.format in the
// form schema.AnthropicOutput writes (its rules are tested in package
// schema): the bound in the description, properties in their order, no
// tools.
func TestNativeSchemaTransform(t *testing.T) {
	want, err := schema.AnthropicOutput(json.RawMessage(providertest.WeatherSchema))
	require.NoError(t, err)
	for _, tc := range []struct {
		id   string
		mode StructuredOutputMode
	}{{"claude-sonnet-4-5", StructuredOutputAuto}, {"claude-sonnet-4-5", StructuredOutputNative}, {"claude-haiku-4-5", ""}} {
		t.Run(tc.id+"/"+string(tc.mode), func(t *testing.T) {
			srv := providertest.NewServer(t, scripted.Text(`{"location":"Paris"}`))
			res, _ := run(t, fakeModel(srv, tc.id, WithStructuredOutput(tc.mode)), formatRequest(providertest.WeatherSchema, false), false)
			assert.Equal(t, `{"location":"Paris"}`, res.Message.Text())

			body := onlyBody(t, srv)
			assert.NotContains(t, body, "tools")
			assert.JSONEq(t, `{"format":{"type":"json_schema","schema":`+string(want)+`}}`, string(body["output_config"]))
			raw := string(body["output_config"])
			assert.Less(t, strings.Index(raw, `"location"`), strings.Index(raw, `"units"`), "properties keep their order")
			var cfg struct {
				Format struct {
					Schema struct {
						Properties map[string]map[string]any `json:"properties"`
					} `json:"schema"`
				} `json:"format"`
			}
			require.NoError(t, json.Unmarshal(body["output_config"], &cfg))
			assert.Equal(t, map[string]any{
				"type":        "string",
				"description": "Location is a city name, such as \"Paris\" or \"New York\".\n\n{minLength: 1}",
			}, cfg.Format.Schema.Properties["location"])
		})
	}
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
	out := tool.NewOutput[weatherIn](tool.OutputSpec{ID: "weather_input", Schema: json.RawMessage(providertest.WeatherSchema)})
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
