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

// reportSchema is an output schema; DialectAnthropic leaves it as it is.
const reportSchema = `{"type":"object","properties":{"city":{"type":"string","description":"The city."},"temperature":{"type":"number"}},"required":["city","temperature"],"additionalProperties":false}`

// reportRef is reportSchema behind a root $ref, which DialectAnthropic
// inlines (keeping $defs) since the API wants an object at the root.
const reportRef = `{"$ref":"#/$defs/Report","$defs":{"Report":` + reportSchema + `}}`

// reportRefConverted is reportRef in DialectAnthropic.
const reportRefConverted = `{"type":"object","properties":{"city":{"type":"string","description":"The city."},"temperature":{"type":"number"}},"required":["city","temperature"],"additionalProperties":false,"$defs":{"Report":` + reportSchema + `}}`

// reportAnswer is the object the scripted model answers with.
const reportAnswer = `{"city":"Paris","temperature":21}`

// schemaCases are the output schemas of the tests, each with the schema
// the API should get.
var schemaCases = []struct {
	name, schema, want string
}{
	{"object", reportSchema, reportSchema},
	{"root ref", reportRef, reportRefConverted},
}

// formatRequest is a request for the report format with schema, with the
// weather tool when tools is set.
func formatRequest(schema string, tools bool) *llm.Request {
	req := &llm.Request{
		Messages:       []llm.Message{llm.UserMessage("Report on Paris.")},
		ResponseFormat: &llm.ResponseFormat{Name: "report", Description: "A weather report.", Schema: json.RawMessage(schema), Strict: true},
	}
	if tools {
		req.Tools = []llm.ToolDefinition{providertest.WeatherTool()}
	}
	return req
}

// run runs req on m, streamed or not, and returns the response and, for a
// stream, its parts.
func run(t *testing.T, m llm.Model, req *llm.Request, stream bool) (*llm.Response, []llm.StreamPart) {
	t.Helper()
	if !stream {
		res, err := m.Generate(context.Background(), req)
		require.NoError(t, err)
		return res, nil
	}
	var parts []llm.StreamPart
	res, err := llm.CollectStream(m.Stream(context.Background(), req), func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)
	return res, parts
}

// onlyBody decodes the body of the server's only request.
func onlyBody(t *testing.T, srv *providertest.Server) map[string]json.RawMessage {
	t.Helper()
	reqs := srv.Requests()
	require.Len(t, reqs, 1)
	var body map[string]json.RawMessage
	require.NoError(t, reqs[0].Decode(&body))
	return body
}

// fakeModel returns the Messages model id on srv, without cache marks so
// that the tools' JSON is exact.
func fakeModel(srv *providertest.Server, id string, opts ...Option) *MessagesModel {
	return Model(id, append([]Option{WithBaseURL(srv.URL()), WithAPIKey("test"), WithoutPromptCaching()}, opts...)...)
}

// TestNativeOutputFormat: on a model with structured outputs, a response
// format is sent as output_config.format with its schema in
// DialectAnthropic, beside the tools when there are some and without
// forcing any; the answer is the text.
func TestNativeOutputFormat(t *testing.T) {
	for _, tc := range schemaCases {
		for _, tools := range []bool{false, true} {
			for _, stream := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/tools=%v/stream=%v", tc.name, tools, stream), func(t *testing.T) {
					srv := providertest.NewServer(t, scripted.Text(reportAnswer))
					res, _ := run(t, fakeModel(srv, "claude-sonnet-4-5"), formatRequest(tc.schema, tools), stream)

					body := onlyBody(t, srv)
					assert.JSONEq(t, `{"format":{"type":"json_schema","schema":`+tc.want+`}}`, string(body["output_config"]))
					assert.NotContains(t, body, "tool_choice")
					if tools {
						assert.JSONEq(t, `[{"name":"weather","description":"Fetches the current weather for a location.","input_schema":`+providertest.WeatherSchema+`}]`, string(body["tools"]))
					} else {
						assert.NotContains(t, body, "tools")
					}
					assert.Equal(t, reportAnswer, res.Message.Text())
					assert.Equal(t, llm.FinishStop, res.FinishReason)
				})
			}
		}
	}
}

// TestNativeOutputEffort: output_config from the provider options (effort)
// keeps its fields and gets the format.
func TestNativeOutputEffort(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Text(reportAnswer))
	req := formatRequest(reportSchema, false)
	req.ProviderOptions = map[string]json.RawMessage{ProviderName: json.RawMessage(`{"output_config":{"effort":"low"}}`)}
	run(t, fakeModel(srv, "claude-opus-4-5"), req, false)
	assert.JSONEq(t, `{"effort":"low","format":{"type":"json_schema","schema":`+reportSchema+`}}`, string(onlyBody(t, srv)["output_config"]))
}

// TestForcedToolFormat: on a model without structured outputs (auto mode),
// or with StructuredOutputTool, a response format is a tool named after
// it, its schema in DialectAnthropic, forced with tool_choice; the call's
// input comes back as the answer's text with FinishStop, and a stream
// gives it as text deltas, not as a tool call.
func TestForcedToolFormat(t *testing.T) {
	models := map[string]func(*providertest.Server) *MessagesModel{
		"auto on claude-3-7": func(srv *providertest.Server) *MessagesModel {
			return fakeModel(srv, "claude-3-7-sonnet-latest")
		},
		"tool mode on claude-sonnet-4-5": func(srv *providertest.Server) *MessagesModel {
			return fakeModel(srv, "claude-sonnet-4-5", WithStructuredOutput(StructuredOutputTool))
		},
	}
	for name, model := range models {
		for _, tc := range schemaCases {
			for _, stream := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/stream=%v", name, tc.name, stream), func(t *testing.T) {
					srv := providertest.NewServer(t, scripted.Text(reportAnswer))
					res, parts := run(t, model(srv), formatRequest(tc.schema, false), stream)

					body := onlyBody(t, srv)
					assert.NotContains(t, body, "output_config")
					assert.JSONEq(t, `[{"name":"report","description":"A weather report.","input_schema":`+tc.want+`}]`, string(body["tools"]))
					assert.JSONEq(t, `{"type":"tool","name":"report"}`, string(body["tool_choice"]))

					assert.Equal(t, []llm.Part{llm.TextPart(reportAnswer)}, res.Message.Parts)
					assert.Equal(t, llm.FinishStop, res.FinishReason)
					assert.Equal(t, "tool_use", res.RawFinishReason)
					if stream {
						var text string
						for _, p := range parts {
							assert.NotContains(t, []llm.StreamPartType{llm.StreamToolCallStart, llm.StreamToolCallDelta, llm.StreamToolCall}, p.Type)
							if p.Type == llm.StreamTextDelta {
								text += p.Text
							}
						}
						assert.Equal(t, reportAnswer, text)
					}
				})
			}
		}
	}
}

// TestForcedToolWithTools: a request that has tools and a format in tool
// mode (the agent loop sends none, since the model reports no
// OutputWithTools) gets the format tool after its own, forced; a call of
// another tool beside the answer stays a call.
func TestForcedToolWithTools(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			srv := providertest.NewServer(t, scripted.Calls(
				llm.ToolCall{ID: "toolu_w", Name: "weather", Arguments: `{"location":"Paris"}`},
				llm.ToolCall{ID: "toolu_r", Name: "report", Arguments: reportAnswer},
			))
			res, _ := run(t, fakeModel(srv, "claude-3-5-haiku-latest"), formatRequest(reportSchema, true), stream)

			body := onlyBody(t, srv)
			var tools []struct {
				Name string `json:"name"`
			}
			require.NoError(t, json.Unmarshal(body["tools"], &tools))
			assert.Equal(t, []struct {
				Name string `json:"name"`
			}{{"weather"}, {"report"}}, tools)
			assert.JSONEq(t, `{"type":"tool","name":"report"}`, string(body["tool_choice"]))

			require.Len(t, res.Message.ToolCalls(), 1)
			assert.Equal(t, "weather", res.Message.ToolCalls()[0].Name)
			assert.Equal(t, reportAnswer, res.Message.Text())
			assert.Equal(t, llm.FinishToolCalls, res.FinishReason)
		})
	}
}

// TestForcedToolNameTaken: a format named like one of the request's tools
// is an error of the request, and nothing is sent.
func TestForcedToolNameTaken(t *testing.T) {
	srv := providertest.NewServer(t)
	req := formatRequest(reportSchema, true)
	req.ResponseFormat.Name = "weather"
	_, err := fakeModel(srv, "claude-3-haiku-20240307").Generate(context.Background(), req)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "anthropic: response format weather: a tool has that name")
	assert.Empty(t, srv.Requests())
}

// TestOutputFormatBadSchema: a schema that DialectAnthropic rejects (its
// root is not an object) is an error naming the format, in both modes.
func TestOutputFormatBadSchema(t *testing.T) {
	for _, mode := range []StructuredOutputMode{StructuredOutputNative, StructuredOutputTool} {
		srv := providertest.NewServer(t)
		_, err := fakeModel(srv, "claude-sonnet-4-5", WithStructuredOutput(mode)).Generate(context.Background(), formatRequest(`{"type":"array"}`, false))
		require.Error(t, err, mode)
		assert.Contains(t, err.Error(), "anthropic: response format report: anthropic schema", mode)
		assert.Empty(t, srv.Requests())
	}
}

// TestAnthropicCapabilities: OutputWithTools with native structured
// outputs, which auto mode picks by model id, not with a forced tool.
func TestAnthropicCapabilities(t *testing.T) {
	cases := []struct {
		id   string
		mode StructuredOutputMode
		want bool
	}{
		{"claude-sonnet-4-5", "", true},
		{"claude-sonnet-4-5-20250929", StructuredOutputAuto, true},
		{"claude-opus-4-5", "", true},
		{"claude-haiku-4-5", "", true},
		{"claude-opus-4-7", "", true},
		{"claude-sonnet-4-0", "", false},
		{"claude-sonnet-4-20250514", "", false},
		{"claude-opus-4-1-20250805", "", false},
		{"claude-opus-4-20250514", "", false},
		{"claude-3-7-sonnet-latest", "", false},
		{"claude-3-5-haiku-latest", "", false},
		{"claude-3-7-sonnet-latest", StructuredOutputNative, true},
		{"claude-sonnet-4-5", StructuredOutputTool, false},
	}
	for _, tc := range cases {
		var opts []Option
		if tc.mode != "" {
			opts = append(opts, WithStructuredOutput(tc.mode))
		}
		m := Model(tc.id, append(opts, WithAPIKey("k"))...)
		assert.Equal(t, llm.Capabilities{OutputWithTools: tc.want}, llm.CapabilitiesOf(m), "%s %s", tc.id, tc.mode)
	}
}

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
	a := &agent.Agent{ID: "asker", Model: fakeModel(srv, "claude-sonnet-4-5")}
	res, err := a.Generate(t.Context(), "Where?", agent.WithOutput(out))
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
