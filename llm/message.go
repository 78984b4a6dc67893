package llm

import (
	"encoding/json"
	"strings"
)

// Role says who wrote a [Message].
type Role string

// The roles of a conversation.
const (
	// RoleSystem carries instructions. Adapters for APIs with a separate
	// system field (Anthropic Messages) lift these messages into it.
	RoleSystem Role = "system"
	// RoleUser carries what the user said: text and media.
	RoleUser Role = "user"
	// RoleAssistant carries what the model produced: text, reasoning and
	// tool calls, in the order the model produced them.
	RoleAssistant Role = "assistant"
	// RoleTool carries the results of the tool calls of the preceding
	// assistant message, one [PartToolResult] per call.
	RoleTool Role = "tool"
)

// PartType is the kind of a [Part].
type PartType string

// The kinds of content a message holds.
const (
	// PartText is plain text: Text.
	PartText PartType = "text"
	// PartImageURL is an image the provider fetches itself: URL.
	PartImageURL PartType = "image-url"
	// PartMedia is inline media (an image, audio, a PDF…): MediaType and
	// Data, or MediaType and a URL when the provider accepts one.
	PartMedia PartType = "media"
	// PartReasoning is the model's visible reasoning: Text, and in
	// ProviderMetadata whatever the provider needs to have it sent back
	// (Anthropic's thinking signature, an OpenAI encrypted reasoning item).
	PartReasoning PartType = "reasoning"
	// PartToolCall is a tool call made by the model: ToolCall.
	PartToolCall PartType = "tool-call"
	// PartToolResult is the result of a tool call: ToolResult.
	PartToolResult PartType = "tool-result"
	// PartRefusal is the model's refusal to answer, in an assistant message:
	// Text is its explanation, such as "I'm sorry, I can't help with
	// that." It is not part of [Message.Text]; [Message.Refusal] returns it,
	// and a response that ends in a refusal has [FinishRefusal]. Adapters
	// send it back as the provider's refusal (OpenAI's refusal content), or,
	// for providers without one, as text or not at all.
	PartRefusal PartType = "refusal"
	// PartProviderItem is content of a kind only the provider that produced
	// it understands, such as a Responses API web_search_call item or
	// Anthropic's server tool blocks: it has no Text, and its
	// ProviderMetadata holds the item under the provider's name, which that
	// adapter sends back as it came. It is not a tool call: the loop runs
	// nothing for it. Other adapters skip it.
	PartProviderItem PartType = "provider-item"
)

// Part is one piece of a message's content. Its Type says which fields are
// meaningful. Parts keep the order the model or the user gave them, which
// Anthropic's interleaved content blocks need.
type Part struct {
	// Type says what the part is.
	Type PartType `json:"type"`
	// Text is the text of a [PartText], [PartReasoning] or [PartRefusal]
	// part.
	Text string `json:"text,omitempty"`
	// URL locates a [PartImageURL] part, or a [PartMedia] part given by
	// reference.
	URL string `json:"url,omitempty"`
	// MediaType is the MIME type of a [PartMedia] part, such as "image/png"
	// or "application/pdf".
	MediaType string `json:"mediaType,omitempty"`
	// Data holds the bytes of an inline [PartMedia] part (base64 in JSON).
	Data []byte `json:"data,omitempty"`
	// Filename optionally names a [PartMedia] part.
	Filename string `json:"filename,omitempty"`
	// ToolCall is set on a [PartToolCall] part.
	ToolCall *ToolCall `json:"toolCall,omitempty"`
	// ToolResult is set on a [PartToolResult] part.
	ToolResult *ToolResult `json:"toolResult,omitempty"`
	// ProviderMetadata carries provider-specific data that an adapter needs
	// to send the part back without loss (item ids, signatures), keyed by
	// provider name. The agent loop keeps it and never reads it.
	ProviderMetadata map[string]json.RawMessage `json:"providerMetadata,omitempty"`
}

// TextPart returns a text part.
func TextPart(text string) Part { return Part{Type: PartText, Text: text} }

// ImageURLPart returns an image part that the provider fetches from url.
func ImageURLPart(url string) Part { return Part{Type: PartImageURL, URL: url} }

// MediaPart returns an inline media part of the given MIME type.
func MediaPart(mediaType string, data []byte) Part {
	return Part{Type: PartMedia, MediaType: mediaType, Data: data}
}

// ToolCall is a model's request to call a tool.
type ToolCall struct {
	// ID identifies the call within the conversation; the result refers to
	// it. Providers assign it; the agent loop never invents one for a real
	// provider's call.
	ID string `json:"id"`
	// Name is the tool's key in the agent's [github.com/toolgen-go/toolgen/tool.Toolset] (never its Spec.ID).
	Name string `json:"name"`
	// Arguments is the JSON text the model produced. It is a string, not a
	// json.RawMessage, because models do produce invalid JSON and the
	// conversation must still be stored and sent back as it was.
	Arguments string `json:"arguments"`
	// ProviderMetadata: see [Part.ProviderMetadata].
	ProviderMetadata map[string]json.RawMessage `json:"providerMetadata,omitempty"`
}

// ToolResult is what the model is told about one tool call.
type ToolResult struct {
	// ToolCallID is the [ToolCall.ID] this result answers.
	ToolCallID string `json:"toolCallId"`
	// ToolName is the key of the tool that was called.
	ToolName string `json:"toolName"`
	// Output is what the model sees. An error result has an Output of type
	// [OutputErrorText].
	Output ModelOutput `json:"output"`
}

// IsError reports whether the result tells the model that the call failed.
func (r ToolResult) IsError() bool { return r.Output.Type == OutputErrorText }

// Message is one turn of a conversation.
type Message struct {
	// Role says who wrote the message.
	Role Role `json:"role"`
	// Parts is the content, in order.
	Parts []Part `json:"parts"`
	// ProviderMetadata: see [Part.ProviderMetadata].
	ProviderMetadata map[string]json.RawMessage `json:"providerMetadata,omitempty"`
}

// SystemMessage returns a system message holding text.
func SystemMessage(text string) Message {
	return Message{Role: RoleSystem, Parts: []Part{TextPart(text)}}
}

// UserMessage returns a user message holding text.
func UserMessage(text string) Message {
	return Message{Role: RoleUser, Parts: []Part{TextPart(text)}}
}

// UserParts returns a user message holding parts, such as text and images.
func UserParts(parts ...Part) Message { return Message{Role: RoleUser, Parts: parts} }

// AssistantMessage returns an assistant message holding text followed by a
// tool call part per call.
func AssistantMessage(text string, calls ...ToolCall) Message {
	m := Message{Role: RoleAssistant}
	if text != "" {
		m.Parts = append(m.Parts, TextPart(text))
	}
	for i := range calls {
		m.Parts = append(m.Parts, Part{Type: PartToolCall, ToolCall: &calls[i]})
	}
	return m
}

// ToolMessage returns a tool message holding one result part per result.
func ToolMessage(results ...ToolResult) Message {
	m := Message{Role: RoleTool, Parts: make([]Part, len(results))}
	for i := range results {
		m.Parts[i] = Part{Type: PartToolResult, ToolResult: &results[i]}
	}
	return m
}

// Text returns the concatenated text parts of m (not its reasoning, nor a
// refusal: see [Message.Refusal]).
func (m Message) Text() string {
	var b strings.Builder
	for _, p := range m.Parts {
		if p.Type == PartText {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// Refusal returns the concatenated refusal parts of m: the model's
// explanation of why it declined, or "" when it did not.
func (m Message) Refusal() string {
	var b strings.Builder
	for _, p := range m.Parts {
		if p.Type == PartRefusal {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// ToolCalls returns the tool calls of m, in order.
func (m Message) ToolCalls() []ToolCall {
	var calls []ToolCall
	for _, p := range m.Parts {
		if p.Type == PartToolCall && p.ToolCall != nil {
			calls = append(calls, *p.ToolCall)
		}
	}
	return calls
}

// ToolResults returns the tool results of m, in order.
func (m Message) ToolResults() []ToolResult {
	var results []ToolResult
	for _, p := range m.Parts {
		if p.Type == PartToolResult && p.ToolResult != nil {
			results = append(results, *p.ToolResult)
		}
	}
	return results
}
