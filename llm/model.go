package llm

import (
	"context"
	"encoding/json"
	"iter"
)

// Model is a language model behind a provider's API. Adapters for OpenAI
// Chat Completions, OpenAI Responses, Anthropic Messages and Gemini implement it in
// subpackages; [github.com/toolgen-go/toolgen/scripted] implements
// it deterministically for tests and offline examples.
//
// A Model must be safe for concurrent use: subagents and parallel runs
// share it.
type Model interface {
	// Generate sends req and returns the complete response.
	Generate(ctx context.Context, req *Request) (*Response, error)
	// Stream sends req and yields the response as it arrives. The last part
	// of a successful stream is a [StreamFinish] part. An error ends the
	// sequence.
	Stream(ctx context.Context, req *Request) iter.Seq2[StreamPart, error]
}

// Request is one call to a model: the conversation so far and the tools it
// may call. The agent loop builds a fresh Request per step; a Model must not
// keep or modify it after returning.
type Request struct {
	// Messages is the conversation, starting with the system message (the
	// agent's instructions) when there is one.
	Messages []Message `json:"messages"`
	// Tools are the tools the model may call in this step.
	Tools []ToolDefinition `json:"tools,omitempty"`
	// ToolChoice constrains whether and which tool the model calls.
	ToolChoice ToolChoice `json:"toolChoice"`
	// Temperature, when set, is passed to the provider.
	Temperature *float64 `json:"temperature,omitempty"`
	// MaxOutputTokens, when positive, bounds the response length.
	MaxOutputTokens int `json:"maxOutputTokens,omitempty"`
	// ProviderOptions carries provider-specific settings keyed by provider
	// name; adapters read their own key and ignore the others.
	ProviderOptions map[string]json.RawMessage `json:"providerOptions,omitempty"`
	// ResponseFormat, when set, asks the model to answer with one JSON
	// object matching a schema, through the provider's native structured
	// output. The agent loop sets it for runs with [github.com/toolgen-go/toolgen/agent.WithOutput]; with tools
	// only for models whose [Capabilities] say OutputWithTools.
	ResponseFormat *ResponseFormat `json:"responseFormat,omitempty"`
}

// ResponseFormat is the structured output a [Request] asks for.
type ResponseFormat struct {
	// Name names the schema for providers that want one (OpenAI's
	// json_schema name); it matches ^[a-zA-Z0-9_-]{1,64}$.
	Name string `json:"name"`
	// Description tells the model what the object is.
	Description string `json:"description,omitempty"`
	// Schema is the JSON Schema (2020-12) of the object; its root is an
	// object.
	Schema json.RawMessage `json:"schema"`
	// Strict asks providers that support it to constrain the answer to the
	// schema exactly; adapters convert Schema to their strict dialect, and
	// send it without strict when it cannot be expressed there.
	Strict bool `json:"strict,omitempty"`
}

// Capabilities are what a model can do beyond the [Model] interface.
type Capabilities struct {
	// OutputWithTools: the model takes a [ResponseFormat] and tools in one
	// request, and may call tools before it answers with the object.
	// Without it, a run with [github.com/toolgen-go/toolgen/agent.WithOutput] calls tools without the format
	// and ends with one structuring request that has the format and no
	// tools.
	OutputWithTools bool
}

// CapabilityReporter is implemented by models that report their
// [Capabilities]; a model that does not has none of them.
type CapabilityReporter interface {
	Capabilities() Capabilities
}

// CapabilitiesOf returns m's capabilities: none unless m implements
// [CapabilityReporter].
func CapabilitiesOf(m Model) Capabilities {
	if c, ok := m.(CapabilityReporter); ok {
		return c.Capabilities()
	}
	return Capabilities{}
}

// ModelInfo says what a model is and who serves it, for telemetry: the
// agent loop records it on the chat span of every request
// (https://github.com/toolgen-go/toolgen/blob/main/docs/telemetry.md).
type ModelInfo struct {
	// Provider is the provider as the OpenTelemetry GenAI conventions name
	// it (gen_ai.provider.name): "openai", "anthropic", "gcp.gemini"…
	Provider string
	// Model is the model's id as requests name it.
	Model string
	// ServerAddress and ServerPort are the API's host and port; empty and
	// zero when unknown.
	ServerAddress string
	ServerPort    int
}

// Describer is implemented by models that say what they are; the adapters
// of package provider do.
type Describer interface {
	Describe() ModelInfo
}

// InfoOf returns m's [ModelInfo]: the zero value unless m implements
// [Describer].
func InfoOf(m Model) ModelInfo {
	if d, ok := m.(Describer); ok {
		return d.Describe()
	}
	return ModelInfo{}
}

// ToolDefinition is a tool as a model sees it.
type ToolDefinition struct {
	// Name is the tool's key in the [github.com/toolgen-go/toolgen/tool.Toolset].
	Name string `json:"name"`
	// Description tells the model what the tool does.
	Description string `json:"description"`
	// InputSchema is the JSON Schema of the arguments.
	InputSchema json.RawMessage `json:"inputSchema"`
	// Strict asks the provider to constrain arguments to the schema.
	Strict bool `json:"strict,omitempty"`
}

// ToolChoiceMode is the mode of a [ToolChoice].
type ToolChoiceMode string

// The tool choice modes every major provider supports.
const (
	// ToolChoiceAuto lets the model decide (the default).
	ToolChoiceAuto ToolChoiceMode = "auto"
	// ToolChoiceNone forbids tool calls.
	ToolChoiceNone ToolChoiceMode = "none"
	// ToolChoiceRequired forces at least one tool call.
	ToolChoiceRequired ToolChoiceMode = "required"
	// ToolChoiceTool forces a call of the tool named by ToolChoice.Name.
	ToolChoiceTool ToolChoiceMode = "tool"
)

// ToolChoice constrains the model's use of tools. The zero value means
// [ToolChoiceAuto].
type ToolChoice struct {
	// Mode is the constraint; empty means auto.
	Mode ToolChoiceMode `json:"mode,omitempty"`
	// Name is the tool's key when Mode is [ToolChoiceTool].
	Name string `json:"name,omitempty"`
}

// Tool choices, for use with [github.com/toolgen-go/toolgen/agent.WithToolChoice].
var (
	// ChoiceAuto lets the model decide.
	ChoiceAuto = ToolChoice{Mode: ToolChoiceAuto}
	// ChoiceNone forbids tool calls.
	ChoiceNone = ToolChoice{Mode: ToolChoiceNone}
	// ChoiceRequired forces a tool call.
	ChoiceRequired = ToolChoice{Mode: ToolChoiceRequired}
)

// ChoiceTool forces a call of the tool with the given key.
func ChoiceTool(key string) ToolChoice { return ToolChoice{Mode: ToolChoiceTool, Name: key} }

// FinishReason says why a model response, or a run, ended.
type FinishReason string

// Finish reasons. The first seven are reported by models; the others by the
// agent loop for a whole run.
const (
	// FinishStop: the model ended its answer.
	FinishStop FinishReason = "stop"
	// FinishLength: the output token limit was reached.
	FinishLength FinishReason = "length"
	// FinishToolCalls: the model called tools and waits for their results.
	FinishToolCalls FinishReason = "tool-calls"
	// FinishContentFilter: the provider withheld content.
	FinishContentFilter FinishReason = "content-filter"
	// FinishError: the provider reported an error.
	FinishError FinishReason = "error"
	// FinishOther: any other reason; see Response.RawFinishReason.
	FinishOther FinishReason = "other"
	// FinishRefusal: the model declined to answer. The message holds a
	// [PartRefusal] with its explanation ([Message.Refusal]) and no text
	// of an answer to speak of; RawFinishReason keeps the provider's own
	// value (OpenAI says "stop" or "completed"). A run that ends so has
	// this reason too, and an empty Result.Text.
	FinishRefusal FinishReason = "refusal"
)

// Usage counts tokens. Fields a provider does not report stay zero.
type Usage struct {
	// InputTokens is the number of prompt tokens, cached ones included.
	InputTokens int `json:"inputTokens"`
	// OutputTokens is the number of generated tokens, reasoning included.
	OutputTokens int `json:"outputTokens"`
	// TotalTokens is the provider's total, or the sum of the two above.
	TotalTokens int `json:"totalTokens"`
	// ReasoningTokens is the part of OutputTokens spent on reasoning.
	ReasoningTokens int `json:"reasoningTokens,omitempty"`
	// CachedInputTokens is the part of InputTokens read from a cache.
	CachedInputTokens int `json:"cachedInputTokens,omitempty"`
	// CacheWriteTokens is the number of input tokens written to a cache.
	CacheWriteTokens int `json:"cacheWriteTokens,omitempty"`
}

// Add returns the field-wise sum of u and v.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		InputTokens:       u.InputTokens + v.InputTokens,
		OutputTokens:      u.OutputTokens + v.OutputTokens,
		TotalTokens:       u.TotalTokens + v.TotalTokens,
		ReasoningTokens:   u.ReasoningTokens + v.ReasoningTokens,
		CachedInputTokens: u.CachedInputTokens + v.CachedInputTokens,
		CacheWriteTokens:  u.CacheWriteTokens + v.CacheWriteTokens,
	}
}

// Response is a model's complete answer to a [Request].
type Response struct {
	// Message is the assistant message: text, reasoning and tool calls.
	Message Message `json:"message"`
	// FinishReason says why the model stopped.
	FinishReason FinishReason `json:"finishReason"`
	// RawFinishReason is the provider's own value, for reasons that do not
	// map exactly.
	RawFinishReason string `json:"rawFinishReason,omitempty"`
	// Usage counts the tokens of this call.
	Usage Usage `json:"usage"`
	// ID is the provider's response id, if any.
	ID string `json:"id,omitempty"`
	// ModelID is the model that answered, as the provider names it.
	ModelID string `json:"modelId,omitempty"`
}

// StreamPartType is the kind of a [StreamPart].
type StreamPartType string

// The kinds of parts a model stream yields.
const (
	// StreamTextDelta carries a piece of text: Text.
	StreamTextDelta StreamPartType = "text-delta"
	// StreamReasoningDelta carries a piece of reasoning: Text.
	StreamReasoningDelta StreamPartType = "reasoning-delta"
	// StreamRefusalDelta carries a piece of a refusal: Text (see
	// [PartRefusal]).
	StreamRefusalDelta StreamPartType = "refusal-delta"
	// StreamToolCallStart announces a tool call: ToolCallID and ToolName.
	StreamToolCallStart StreamPartType = "tool-call-start"
	// StreamToolCallDelta carries a piece of a tool call's arguments:
	// ToolCallID, ToolName and Text. Adapters map providers' indexes or
	// item ids to the call id.
	StreamToolCallDelta StreamPartType = "tool-call-delta"
	// StreamToolCall carries a complete tool call: ToolCall. Adapters emit
	// it when a call's arguments are complete.
	StreamToolCall StreamPartType = "tool-call"
	// StreamFinish ends a successful stream: Response holds the complete
	// response (adapters may leave its Message empty; [CollectStream]
	// fills it from the other parts).
	StreamFinish StreamPartType = "finish"
)

// StreamPart is one piece of a streamed model response.
type StreamPart struct {
	// Type says which fields are meaningful.
	Type StreamPartType
	// Text is the delta of a text, reasoning or tool-call-delta part.
	Text string
	// ToolCallID identifies the call of a tool-call-start or delta part.
	ToolCallID string
	// ToolName is the tool's key, on tool-call-start and delta parts.
	ToolName string
	// ToolCall is the complete call of a [StreamToolCall] part.
	ToolCall *ToolCall
	// Response is set on the [StreamFinish] part.
	Response *Response
}

// CollectStream drains a model stream into a complete [Response]: text,
// reasoning and refusal deltas become parts, complete tool calls (or,
// failing those, the calls assembled from their deltas) become tool call
// parts, in order. Each part is also passed to visit, when visit is not
// nil.
func CollectStream(seq iter.Seq2[StreamPart, error], visit func(StreamPart)) (*Response, error) {
	var (
		msg      = Message{Role: RoleAssistant}
		final    *Response
		assembly = map[string]*ToolCall{} // calls known only from deltas
		complete = map[string]bool{}
	)
	appendText := func(t PartType, s string) {
		if n := len(msg.Parts); n > 0 && msg.Parts[n-1].Type == t {
			msg.Parts[n-1].Text += s
			return
		}
		msg.Parts = append(msg.Parts, Part{Type: t, Text: s})
	}
	note := func(id, name string) *ToolCall {
		c, ok := assembly[id]
		if !ok {
			c = &ToolCall{ID: id, Name: name}
			assembly[id] = c
			msg.Parts = append(msg.Parts, Part{Type: PartToolCall, ToolCall: c})
		}
		if c.Name == "" {
			c.Name = name
		}
		return c
	}
	for p, err := range seq {
		if err != nil {
			return nil, err
		}
		if visit != nil {
			visit(p)
		}
		switch p.Type {
		case StreamTextDelta:
			appendText(PartText, p.Text)
		case StreamReasoningDelta:
			appendText(PartReasoning, p.Text)
		case StreamRefusalDelta:
			appendText(PartRefusal, p.Text)
		case StreamToolCallStart:
			note(p.ToolCallID, p.ToolName)
		case StreamToolCallDelta:
			c := note(p.ToolCallID, p.ToolName)
			if !complete[p.ToolCallID] {
				c.Arguments += p.Text
			}
		case StreamToolCall:
			if p.ToolCall != nil {
				c := note(p.ToolCall.ID, p.ToolCall.Name)
				*c = *p.ToolCall
				complete[c.ID] = true
			}
		case StreamFinish:
			final = p.Response
		}
	}
	if final == nil {
		final = &Response{FinishReason: FinishOther}
	}
	res := *final
	if len(res.Message.Parts) == 0 {
		res.Message = msg
	}
	res.Message.Role = RoleAssistant
	return &res, nil
}
