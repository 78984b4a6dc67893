package anthropic

import (
	"context"
	"encoding/json"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-go/toolgen/llm"
)

// Generate implements [llm.Model]. A turn the API pauses is continued
// (see "Paused turns" in the package documentation): the response is then
// the whole turn, its usage that of all the requests.
func (m *MessagesModel) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if m.err != nil {
		return nil, m.err
	}
	params, err := m.params(req)
	if err != nil {
		return nil, err
	}
	if _, err := sdk.CalculateNonStreamingTimeout(int(params.MaxTokens), params.Model, nil); err != nil {
		// The SDK refuses non-streaming requests that may outlast its
		// timeout (a large max_tokens): stream and collect instead.
		return llm.CollectStream(m.Stream(ctx, req), nil)
	}
	var total *llm.Response
	for pauses := 0; ; pauses++ {
		if pauses > 0 {
			if params, err = m.params(continuation(req, total.Message)); err != nil {
				return nil, err
			}
		}
		res, err := m.client.Messages.New(ctx, params)
		if err != nil {
			return nil, apiError("messages", err)
		}
		msg, answered := assistantMessage(res.Content, nil, m.formatTool(req))
		total = merge(total, &llm.Response{
			Message:         msg,
			FinishReason:    answerFinish(finishReason(string(res.StopReason)), msg, answered),
			RawFinishReason: string(res.StopReason),
			Usage:           usage(res.Usage),
			ID:              res.ID,
			ModelID:         res.Model,
		})
		if res.StopReason != sdk.StopReasonPauseTurn || pauses >= m.cfg.pauses {
			return total, nil
		}
	}
}

// merge adds the response r, which continues total (nil at first), to it.
func merge(total, r *llm.Response) *llm.Response {
	if total == nil {
		return r
	}
	total.Message.Parts = append(total.Message.Parts, r.Message.Parts...)
	total.Usage = total.Usage.Add(r.Usage)
	total.FinishReason, total.RawFinishReason = r.FinishReason, r.RawFinishReason
	total.ID, total.ModelID = r.ID, r.ModelID
	return total
}

// reasoningMeta is what a reasoning part carries in
// ProviderMetadata["anthropic"] to be sent back.
type reasoningMeta struct {
	Signature    string `json:"signature,omitempty"`
	RedactedData string `json:"redactedData,omitempty"`
}

// providerMeta is what a text part with citations carries in
// ProviderMetadata["anthropic"]: the citations as the API gave them.
type providerMeta struct {
	Citations json.RawMessage `json:"citations,omitempty"`
}

func reasoningPart(text string, meta reasoningMeta) llm.Part {
	data, _ := json.Marshal(meta)
	return llm.Part{Type: llm.PartReasoning, Text: text, ProviderMetadata: map[string]json.RawMessage{ProviderName: data}}
}

// assistantMessage converts the content blocks of a response. Text,
// thinking and tool_use blocks become parts of their kind (a text block's
// citations kept in its ProviderMetadata); every other block (server tool
// calls and their results…) becomes a [llm.PartProviderItem] part holding
// the block verbatim. args, when not nil, holds the arguments of streamed
// tool_use blocks by index, as they came. The input of a call of
// formatTool, when not "", is the answer: a text part; answered reports
// whether there was one.
func assistantMessage(content []sdk.ContentBlockUnion, args map[int]string, formatTool string) (msg llm.Message, answered bool) {
	msg = llm.Message{Role: llm.RoleAssistant}
	for i, b := range content {
		switch b.Type {
		case "text":
			var meta providerMeta
			_ = json.Unmarshal([]byte(b.RawJSON()), &meta)
			if !hasItems(meta.Citations) {
				if b.Text != "" {
					msg.Parts = append(msg.Parts, llm.TextPart(b.Text))
				}
				continue
			}
			data, _ := json.Marshal(providerMeta{Citations: meta.Citations})
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartText, Text: b.Text, ProviderMetadata: map[string]json.RawMessage{ProviderName: data}})
		case "thinking":
			msg.Parts = append(msg.Parts, reasoningPart(b.Thinking, reasoningMeta{Signature: b.Signature}))
		case "redacted_thinking":
			msg.Parts = append(msg.Parts, reasoningPart("", reasoningMeta{RedactedData: b.Data}))
		case "tool_use":
			arguments := string(b.Input)
			if a, ok := args[i]; ok {
				arguments = a
			}
			if formatTool != "" && b.Name == formatTool {
				msg.Parts = append(msg.Parts, answerPart(arguments))
				answered = true
				continue
			}
			if arguments == "" {
				arguments = "{}" // a call without arguments streams no delta
			}
			call := llm.ToolCall{ID: b.ID, Name: b.Name, Arguments: arguments}
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
		default:
			raw := b.RawJSON()
			if raw == "" {
				continue
			}
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartProviderItem, ProviderMetadata: map[string]json.RawMessage{ProviderName: json.RawMessage(raw)}})
		}
	}
	return msg, answered
}

// hasItems reports whether raw is a non-empty JSON array.
func hasItems(raw json.RawMessage) bool {
	var items []json.RawMessage
	return json.Unmarshal(raw, &items) == nil && len(items) > 0
}

func finishReason(raw string) llm.FinishReason {
	switch raw {
	case "end_turn", "stop_sequence":
		return llm.FinishStop
	case "max_tokens", "model_context_window_exceeded":
		return llm.FinishLength
	case "tool_use":
		return llm.FinishToolCalls
	case "refusal":
		return llm.FinishContentFilter
	}
	return llm.FinishOther
}

// usage converts Anthropic's counts, where input_tokens excludes the
// tokens read from and written to the cache. In a stream, these are the
// counts of message_start as message_delta updates them: the SDK's
// accumulation keeps each count message_delta sends (they are running
// totals, which grow when server tools run) and message_start's for those
// it leaves out.
func usage(u sdk.Usage) llm.Usage {
	in := int(u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens)
	return llm.Usage{
		InputTokens:       in,
		OutputTokens:      int(u.OutputTokens),
		TotalTokens:       in + int(u.OutputTokens),
		CachedInputTokens: int(u.CacheReadInputTokens),
		CacheWriteTokens:  int(u.CacheCreationInputTokens),
	}
}
