package anthropic

import (
	"encoding/json"
	"fmt"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// StructuredOutputMode is how a [MessagesModel] asks for a request's
// [llm.ResponseFormat]; see [WithStructuredOutput].
//
// Natively, the format goes as output_config.format
// {"type":"json_schema","schema":…}: the API constrains the answer's text
// to the schema, tools may be called first, and Capabilities report
// OutputWithTools. As a forced tool, it is a tool named after the format
// (its Name) whose input_schema is the schema, with tool_choice
// {"type":"tool"}; the call's input comes back as the answer's text (as
// text deltas in a stream) with [llm.FinishStop], and Capabilities do not
// report OutputWithTools, since a forced call excludes the other tools.
// Native output combines with tools (a run needs no final request without
// tools) and with extended thinking, which refuses a forced tool.
//
// Native output takes a subset of JSON Schema and refuses the rest with
// HTTP 400, so the schema is rewritten first by [schema.AnthropicOutput],
// as Anthropic's Python and TypeScript SDKs do: the keywords the API does
// not take move into the node's description, where the model reads them.
// The API does not enforce a moved keyword, but the agent validates the
// answer against the whole schema, and a model that breaks one is asked
// once more with the validation message. A schema that native output
// cannot take even so (recursion, a map, a value of any type, an enum of
// objects) goes as the forced tool in auto mode, for that request only;
// Capabilities still report OutputWithTools, so the agent loop sends its
// tools beside the format, and a request with tools of its own (tool
// choice auto or required) gets tool_choice {"type":"any"} rather than the
// forced format tool: the model calls its tools, or answers by calling the
// format tool. In [StructuredOutputNative] mode such a schema is an error
// before anything is sent. ResponseFormat.Strict is not sent; native
// output is always constrained.
type StructuredOutputMode string

// The structured output modes.
const (
	// StructuredOutputAuto, the default, is StructuredOutputNative for the
	// models that have Anthropic's structured outputs (Claude Sonnet 4.5,
	// Opus 4.5, Haiku 4.5 and later: every model id except those of the
	// Claude 2, 3, Opus 4, Opus 4.1 and Sonnet 4 families) and for the
	// schemas that native output can take, else StructuredOutputTool.
	StructuredOutputAuto StructuredOutputMode = "auto"
	// StructuredOutputNative sends the format as output_config.format
	// ({"type":"json_schema","schema":…}): the API constrains the answer's
	// text to the schema, and the model may call tools first. A schema
	// that native output cannot take, even rewritten, is an error.
	StructuredOutputNative StructuredOutputMode = "native"
	// StructuredOutputTool sends the format as a tool named after it,
	// whose input schema is the format's, and forces the model to call it
	// (tool_choice {"type":"tool"}); the call's input comes back as the
	// answer's text. Any model with tool use takes it, but the forced call
	// excludes other tools (and the API refuses a forced tool with
	// extended thinking).
	StructuredOutputTool StructuredOutputMode = "tool"
)

// WithStructuredOutput sets how a request's ResponseFormat is sent; the
// default, and what any other value means, is [StructuredOutputAuto]. In
// native and auto mode the schema is rewritten into the subset that native
// structured outputs take (see [StructuredOutputMode]); auto mode sends a schema
// that they cannot take even so (recursion, maps) as the forced tool. Use
// StructuredOutputTool for an Anthropic-compatible server without native
// structured outputs, and StructuredOutputNative for a model that this
// package does not know to have them.
func WithStructuredOutput(mode StructuredOutputMode) Option {
	return func(c *config) { c.outputMode = mode }
}

// nativeOutput reports whether response formats are sent as
// output_config.format rather than as a forced tool.
func (m *MessagesModel) nativeOutput() bool {
	switch m.cfg.outputMode {
	case StructuredOutputNative:
		return true
	case StructuredOutputTool:
		return false
	}
	return hasNativeOutput(m.id)
}

// olderModels are the prefixes of the ids of the models without native
// structured outputs, which Anthropic made generally available for Claude
// Sonnet 4.5, Opus 4.5, Haiku 4.5 and the models after them
// (https://platform.claude.com/docs/en/build-with-claude/structured-outputs).
// A list of the older models, rather than of the newer ones, keeps new
// models native.
var olderModels = []string{
	"claude-2", "claude-instant", "claude-3",
	"claude-opus-4-0", "claude-opus-4-1", "claude-opus-4-2025",
	"claude-sonnet-4-0", "claude-sonnet-4-2025",
}

// hasNativeOutput reports whether model id has native structured outputs.
func hasNativeOutput(id string) bool {
	for _, p := range olderModels {
		if strings.HasPrefix(id, p) {
			return false
		}
	}
	return true
}

// formatTool returns the name of the tool that a request's response
// format is sent as, or "" when it is sent natively or there is none.
func (m *MessagesModel) formatTool(req *llm.Request) string {
	if req.ResponseFormat == nil || m.sendsNative(req.ResponseFormat) {
		return ""
	}
	return req.ResponseFormat.Name
}

// sendsNative reports whether f is sent as output_config.format: always in
// [StructuredOutputNative] mode; in auto mode on a model with native
// structured outputs when [outputFormat] can write f, else f goes as the
// forced tool (a schema that DialectAnthropic refuses fails there too).
func (m *MessagesModel) sendsNative(f *llm.ResponseFormat) bool {
	if !m.nativeOutput() {
		return false
	}
	if m.cfg.outputMode == StructuredOutputNative {
		return true
	}
	_, err := outputFormat(f)
	return err == nil
}

// outputFormat returns output_config.format for f: its schema as
// [schema.AnthropicOutput] writes it, top-level keys kept raw so that the
// order of properties is kept. Strict is not sent: the API always
// constrains the answer.
func outputFormat(f *llm.ResponseFormat) (sdk.JSONOutputFormatParam, error) {
	conv, err := schema.AnthropicOutput(f.Schema)
	if err != nil {
		return sdk.JSONOutputFormatParam{}, fmt.Errorf("anthropic: response format %s: %w", f.Name, err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(conv, &top); err != nil {
		return sdk.JSONOutputFormatParam{}, fmt.Errorf("anthropic: response format %s: %w", f.Name, err)
	}
	sch := make(map[string]any, len(top))
	for k, v := range top {
		sch[k] = v
	}
	return sdk.JSONOutputFormatParam{Schema: sch}, nil
}

// formatChoice is the tool choice of a request whose format goes as the
// tool name: that tool, forced. A model that reports OutputWithTools
// (auto mode, the schema being one native output cannot take) gets the
// agent's tools beside the format on every step, so there a request with
// tools of its own and choice auto or required gets "any" instead: the
// model calls its tools, or answers by calling the format tool.
func (m *MessagesModel) formatChoice(req *llm.Request, name string) llm.ToolChoice {
	if m.nativeOutput() && len(req.Tools) > 0 {
		switch req.ToolChoice.Mode {
		case "", llm.ToolChoiceAuto, llm.ToolChoiceRequired:
			return llm.ChoiceRequired
		}
	}
	return llm.ChoiceTool(name)
}

// formatToolParam returns the tool that f is sent as in
// [StructuredOutputTool] mode.
func formatToolParam(f *llm.ResponseFormat, tools []sdk.ToolUnionParam) (sdk.ToolUnionParam, error) {
	for _, t := range tools {
		if t.OfTool != nil && t.OfTool.Name == f.Name {
			return sdk.ToolUnionParam{}, fmt.Errorf("anthropic: response format %s: a tool has that name", f.Name)
		}
	}
	sch, err := inputSchema(f.Schema)
	if err != nil {
		return sdk.ToolUnionParam{}, fmt.Errorf("anthropic: response format %s: %w", f.Name, err)
	}
	desc := f.Description
	if desc == "" {
		desc = "Respond with a JSON object."
	}
	return sdk.ToolUnionParam{OfTool: &sdk.ToolParam{Name: f.Name, InputSchema: sch, Description: sdk.String(desc)}}, nil
}

// withFormat returns the output_config of the request: the provider
// options' own (an object, which may set effort) with the format added.
func withFormat(own json.RawMessage, format sdk.JSONOutputFormatParam) (json.RawMessage, error) {
	fields := map[string]json.RawMessage{}
	if len(own) > 0 && string(own) != "null" {
		if err := json.Unmarshal(own, &fields); err != nil {
			return nil, fmt.Errorf("anthropic: provider options: output_config: want a JSON object: %w", err)
		}
	}
	raw, err := json.Marshal(format)
	if err != nil {
		return nil, err
	}
	fields["format"] = raw
	return json.Marshal(fields)
}

// answerPart is the text part that the input of the format tool's call
// becomes in [StructuredOutputTool] mode.
func answerPart(input string) llm.Part {
	if input == "" {
		input = "{}"
	}
	return llm.TextPart(input)
}

// answerFinish is the finish reason of a response whose only call was the
// format tool's: the model answered.
func answerFinish(reason llm.FinishReason, msg llm.Message, answered bool) llm.FinishReason {
	if answered && reason == llm.FinishToolCalls && len(msg.ToolCalls()) == 0 {
		return llm.FinishStop
	}
	return reason
}
