package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/respjson"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-go/toolgen/llm"
)

// Generate implements [llm.Model].
func (m *ChatModel) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if m.err != nil {
		return nil, m.err
	}
	params, err := m.params(req, false)
	if err != nil {
		return nil, err
	}
	res, err := m.client.Chat.Completions.New(ctx, params)
	if err != nil {
		return nil, apiError("chat completion", err)
	}
	if len(res.Choices) == 0 {
		return nil, errors.New("openai: chat completion: the response has no choices")
	}
	ch := res.Choices[0]
	msg := llm.Message{Role: llm.RoleAssistant}
	if r, ok := reasoningContent(ch.Message.JSON.ExtraFields); ok && (r != "" || len(ch.Message.ToolCalls) > 0) {
		msg.Parts = append(msg.Parts, reasoningPart(r))
	}
	if ch.Message.Content != "" {
		msg.Parts = append(msg.Parts, llm.TextPart(ch.Message.Content))
	}
	if ch.Message.Refusal != "" {
		msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartRefusal, Text: ch.Message.Refusal})
	}
	for i, tc := range ch.Message.ToolCalls {
		if tc.Type != "" && tc.Type != "function" {
			continue
		}
		call := llm.ToolCall{ID: callID(tc.ID, int64(i)), Name: tc.Function.Name, Arguments: tc.Function.Arguments}
		msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
	}
	return &llm.Response{
		Message:         msg,
		FinishReason:    chatFinish(ch.FinishReason, msg),
		RawFinishReason: ch.FinishReason,
		Usage:           usage(res.Usage),
		ID:              res.ID,
		ModelID:         res.Model,
	}, nil
}

// reasoningContentField is the message field in which OpenAI-compatible
// servers (DeepSeek, xAI, vLLM…) put the model's reasoning; OpenAI's API
// has none.
const reasoningContentField = "reasoning_content"

// reasoningContent returns the reasoning_content field of a message or a
// delta, and whether it is there as a string (null is not).
func reasoningContent(fields map[string]respjson.Field) (string, bool) {
	// The SDK keeps unknown fields raw (and does not call them valid).
	raw := fields[reasoningContentField].Raw()
	var s string
	if raw == "" || raw == "null" || json.Unmarshal([]byte(raw), &s) != nil {
		return "", false
	}
	return s, true
}

// reasoningPart is a reasoning part from the reasoning_content field; its
// metadata marks it as one to send back in that field.
func reasoningPart(text string) llm.Part {
	return llm.Part{Type: llm.PartReasoning, Text: text, ProviderMetadata: itemMeta{Field: reasoningContentField}.metadata()}
}

// chatFinish maps a response's finish reason: a refusal, which the API
// reports as "stop", is [llm.FinishRefusal].
func chatFinish(raw string, msg llm.Message) llm.FinishReason {
	reason := finishReason(raw, len(msg.ToolCalls()) > 0)
	if reason == llm.FinishStop && msg.Refusal() != "" {
		return llm.FinishRefusal
	}
	return reason
}

// callID returns id, or an id made from the call's index for servers that
// send none (the loop needs one to match results to calls).
func callID(id string, index int64) string {
	if id != "" {
		return id
	}
	return fmt.Sprintf("call_%d", index)
}

// finishReason maps a Chat Completions finish reason. Some compatible
// servers say "stop" after tool calls; the calls decide.
func finishReason(raw string, hasCalls bool) llm.FinishReason {
	switch raw {
	case "tool_calls", "function_call":
		return llm.FinishToolCalls
	case "stop":
		if hasCalls {
			return llm.FinishToolCalls
		}
		return llm.FinishStop
	case "length":
		return llm.FinishLength
	case "content_filter":
		return llm.FinishContentFilter
	}
	return llm.FinishOther
}

func usage(u oai.CompletionUsage) llm.Usage {
	out := llm.Usage{
		InputTokens:       int(u.PromptTokens),
		OutputTokens:      int(u.CompletionTokens),
		TotalTokens:       int(u.TotalTokens),
		ReasoningTokens:   int(u.CompletionTokensDetails.ReasoningTokens),
		CachedInputTokens: int(u.PromptTokensDetails.CachedTokens),
		CacheWriteTokens:  int(u.PromptTokensDetails.CacheWriteTokens),
	}
	if out.TotalTokens == 0 {
		out.TotalTokens = out.InputTokens + out.OutputTokens
	}
	return out
}

// Generate implements [llm.Model].
func (m *ResponsesModel) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if m.err != nil {
		return nil, m.err
	}
	params, err := m.params(req)
	if err != nil {
		return nil, err
	}
	res, err := m.client.Responses.New(ctx, params)
	if err != nil {
		return nil, apiError("response", err)
	}
	return convertResponse(res)
}

// convertResponse converts a finished response; a failed one is an error.
func convertResponse(res *responses.Response) (*llm.Response, error) {
	if res.Status == "failed" {
		return nil, fmt.Errorf("openai: response %s failed: %s: %s", res.ID, res.Error.Code, res.Error.Message)
	}
	msg := llm.Message{Role: llm.RoleAssistant}
	for _, item := range res.Output {
		msg.Parts = append(msg.Parts, outputParts(item)...)
	}
	raw := string(res.Status)
	reason := llm.FinishStop
	switch {
	case res.Status == "incomplete":
		raw = res.IncompleteDetails.Reason
		switch raw {
		case "max_output_tokens":
			reason = llm.FinishLength
		case "content_filter":
			reason = llm.FinishContentFilter
		default:
			reason = llm.FinishOther
		}
	case len(msg.ToolCalls()) > 0:
		reason = llm.FinishToolCalls
	case msg.Refusal() != "":
		reason = llm.FinishRefusal
	}
	u := res.Usage
	return &llm.Response{
		Message:         msg,
		FinishReason:    reason,
		RawFinishReason: raw,
		Usage: llm.Usage{
			InputTokens:       int(u.InputTokens),
			OutputTokens:      int(u.OutputTokens),
			TotalTokens:       int(u.TotalTokens),
			ReasoningTokens:   int(u.OutputTokensDetails.ReasoningTokens),
			CachedInputTokens: int(u.InputTokensDetails.CachedTokens),
		},
		ID:      res.ID,
		ModelID: res.Model,
	}, nil
}

// outputParts converts one output item to parts that send it back whole:
// a message's output_text and refusal contents become text and refusal
// parts carrying the item's id, a reasoning item a reasoning part per
// summary (or reasoning_text content), a function call a tool call part,
// and any other item (web_search_call, mcp_call, a message with other
// contents…) a provider-item part holding it verbatim.
func outputParts(item responses.ResponseOutputItemUnion) []llm.Part {
	var parts []llm.Part
	switch item.Type {
	case "message":
		for _, c := range item.Content {
			im := itemMeta{ItemID: item.ID, Phase: string(item.Phase)}
			switch c.Type {
			case "output_text":
				if raw := c.JSON.Annotations.Raw(); c.JSON.Annotations.Valid() && len(c.Annotations) > 0 {
					im.Annotations = json.RawMessage(raw)
				}
				parts = append(parts, llm.Part{Type: llm.PartText, Text: c.Text, ProviderMetadata: im.metadata()})
			case "refusal":
				parts = append(parts, llm.Part{Type: llm.PartRefusal, Text: c.Refusal, ProviderMetadata: im.metadata()})
			default:
				return []llm.Part{providerItem(item)}
			}
		}
		if len(parts) == 0 {
			return []llm.Part{providerItem(item)}
		}
	case "reasoning":
		for _, s := range item.Summary {
			parts = append(parts, llm.Part{Type: llm.PartReasoning, Text: s.Text})
		}
		for _, c := range item.Content {
			if c.Type != "reasoning_text" {
				return []llm.Part{providerItem(item)}
			}
			parts = append(parts, llm.Part{Type: llm.PartReasoning, Text: c.Text, ProviderMetadata: itemMeta{ItemID: item.ID, ReasoningText: true}.metadata()})
		}
		if len(parts) == 0 {
			parts = append(parts, llm.Part{Type: llm.PartReasoning})
		}
		for i := range parts {
			if parts[i].ProviderMetadata == nil {
				parts[i].ProviderMetadata = itemMeta{ItemID: item.ID}.metadata()
			}
		}
		// The encrypted content goes on the first part only.
		im := readMeta(parts[0].ProviderMetadata)
		im.EncryptedContent = item.EncryptedContent
		parts[0].ProviderMetadata = im.metadata()
	case "function_call":
		call := llm.ToolCall{ID: item.CallID, Name: item.Name, Arguments: item.Arguments.OfString,
			ProviderMetadata: itemMeta{ItemID: item.ID}.metadata()}
		parts = append(parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
	default:
		parts = append(parts, providerItem(item))
	}
	return parts
}

// providerItem keeps an output item verbatim.
func providerItem(item responses.ResponseOutputItemUnion) llm.Part {
	return llm.Part{Type: llm.PartProviderItem, ProviderMetadata: itemMeta{Item: json.RawMessage(item.RawJSON())}.metadata()}
}

// itemMeta is what a part carries in ProviderMetadata["openai"] to be sent
// back as (part of) the output item it came from. Parts of one item (the
// texts of a message, the summaries of a reasoning item) carry its id;
// consecutive parts with the same id go back as that one item.
type itemMeta struct {
	// ItemID is the output item's id: rs_…, msg_…, fc_….
	ItemID string `json:"itemId,omitempty"`
	// EncryptedContent is a reasoning item's, on its first part.
	EncryptedContent string `json:"encryptedContent,omitempty"`
	// ReasoningText marks a reasoning part that came from the item's
	// content (reasoning_text) rather than its summary.
	ReasoningText bool `json:"reasoningText,omitempty"`
	// Phase is a message item's phase ("commentary", "final_answer"),
	// which the API asks to have sent back.
	Phase string `json:"phase,omitempty"`
	// Annotations are an output_text's annotations (citations…), when it
	// has some.
	Annotations json.RawMessage `json:"annotations,omitempty"`
	// Item is an output item of a type this package does not model, as
	// the API sent it, on a [llm.PartProviderItem] part.
	Item json.RawMessage `json:"item,omitempty"`
	// Field is, on a reasoning part from Chat Completions, the message
	// field it came from: "reasoning_content".
	Field string `json:"field,omitempty"`
}

func (im itemMeta) metadata() map[string]json.RawMessage {
	data, _ := json.Marshal(im)
	return map[string]json.RawMessage{ProviderName: data}
}

func readMeta(md map[string]json.RawMessage) itemMeta {
	var im itemMeta
	if raw, ok := md[ProviderName]; ok {
		_ = json.Unmarshal(raw, &im)
	}
	return im
}
