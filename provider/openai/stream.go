package openai

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"

	"github.com/toolgen-go/toolgen/llm"
)

// streamCall is a tool call being assembled from stream chunks.
type streamCall struct {
	id, name, args string
	started        bool
}

// Stream implements [llm.Model].
func (m *ChatModel) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		if m.err != nil {
			yield(llm.StreamPart{}, m.err)
			return
		}
		params, err := m.params(req, true)
		if err != nil {
			yield(llm.StreamPart{}, err)
			return
		}
		stream := m.client.Chat.Completions.NewStreaming(ctx, params)
		defer stream.Close()

		var (
			calls   = map[int64]*streamCall{} // by key: the index, or an alias
			alias   = map[int64]int64{}       // index → key of its latest call
			order   []int64
			final   = &llm.Response{}
			rawStop string
			msg     = llm.Message{Role: llm.RoleAssistant}
		)
		// add appends a delta to the message being assembled, so that the
		// finish part carries it whole (reasoning with its metadata).
		add := func(t llm.PartType, s string) {
			if n := len(msg.Parts); n > 0 && msg.Parts[n-1].Type == t {
				msg.Parts[n-1].Text += s
				return
			}
			p := llm.Part{Type: t, Text: s}
			if t == llm.PartReasoning {
				p = reasoningPart(s)
			}
			msg.Parts = append(msg.Parts, p)
		}
		for stream.Next() {
			chunk := stream.Current()
			if chunk.ID != "" {
				final.ID = chunk.ID
			}
			if chunk.Model != "" {
				final.ModelID = chunk.Model
			}
			if chunk.JSON.Usage.Valid() {
				final.Usage = usage(chunk.Usage)
			}
			for _, ch := range chunk.Choices {
				if ch.Index != 0 {
					continue
				}
				if d, ok := reasoningContent(ch.Delta.JSON.ExtraFields); ok {
					// An empty first delta still opens the part: DeepSeek
					// wants it back with tool calls even when empty.
					add(llm.PartReasoning, d)
					if d != "" && !yield(llm.StreamPart{Type: llm.StreamReasoningDelta, Text: d}, nil) {
						return
					}
				}
				if d := ch.Delta.Content; d != "" {
					add(llm.PartText, d)
					if !yield(llm.StreamPart{Type: llm.StreamTextDelta, Text: d}, nil) {
						return
					}
				}
				if d := ch.Delta.Refusal; d != "" {
					add(llm.PartRefusal, d)
					if !yield(llm.StreamPart{Type: llm.StreamRefusalDelta, Text: d}, nil) {
						return
					}
				}
				for _, tc := range ch.Delta.ToolCalls {
					key, ok := alias[tc.Index]
					if !ok {
						key = tc.Index
					}
					c := calls[key]
					if c != nil && tc.ID != "" && c.id != "" && tc.ID != c.id {
						// Some compatible servers give every call index 0;
						// a new id is a new call.
						key = 1<<32 + int64(len(order))
						alias[tc.Index] = key
						c = nil
					}
					if c == nil {
						c = &streamCall{}
						calls[key] = c
						order = append(order, key)
					}
					if c.id == "" {
						c.id = tc.ID
					}
					if c.name == "" {
						c.name = tc.Function.Name
					}
					c.args += tc.Function.Arguments
					if !c.started && c.id != "" && c.name != "" {
						// Arguments that came before the call's id and name
						// are sent in the first delta.
						c.started = true
						if !yield(llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: c.id, ToolName: c.name}, nil) {
							return
						}
						if c.args != "" && !yield(llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: c.id, ToolName: c.name, Text: c.args}, nil) {
							return
						}
						continue
					}
					if c.started && tc.Function.Arguments != "" {
						if !yield(llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: c.id, ToolName: c.name, Text: tc.Function.Arguments}, nil) {
							return
						}
					}
				}
				if ch.FinishReason != "" {
					rawStop = ch.FinishReason
				}
			}
		}
		if err := stream.Err(); err != nil {
			yield(llm.StreamPart{}, apiError("chat completion stream", err))
			return
		}
		if rawStop == "" {
			yield(llm.StreamPart{}, errors.New("openai: chat completion stream: the stream ended before a finish reason"))
			return
		}
		for _, idx := range order {
			c := calls[idx]
			c.id = callID(c.id, idx)
			if !c.started {
				if !yield(llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: c.id, ToolName: c.name}, nil) {
					return
				}
			}
			call := &llm.ToolCall{ID: c.id, Name: c.name, Arguments: c.args}
			if !yield(llm.StreamPart{Type: llm.StreamToolCall, ToolCall: call}, nil) {
				return
			}
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: call})
		}
		if len(order) == 0 {
			// Empty reasoning is kept only for a message with tool calls.
			msg.Parts = slices.DeleteFunc(msg.Parts, func(p llm.Part) bool { return p.Type == llm.PartReasoning && p.Text == "" })
		}
		final.Message = msg
		final.FinishReason = chatFinish(rawStop, msg)
		final.RawFinishReason = rawStop
		yield(llm.StreamPart{Type: llm.StreamFinish, Response: final}, nil)
	}
}

// Stream implements [llm.Model].
func (m *ResponsesModel) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		if m.err != nil {
			yield(llm.StreamPart{}, m.err)
			return
		}
		params, err := m.params(req)
		if err != nil {
			yield(llm.StreamPart{}, err)
			return
		}
		stream := m.client.Responses.NewStreaming(ctx, params)
		defer stream.Close()

		calls := map[string]*llm.ToolCall{} // by item id
		for stream.Next() {
			ev := stream.Current()
			var part llm.StreamPart
			switch ev.Type {
			case "response.output_text.delta":
				part = llm.StreamPart{Type: llm.StreamTextDelta, Text: ev.Delta}
			case "response.refusal.delta":
				part = llm.StreamPart{Type: llm.StreamRefusalDelta, Text: ev.Delta}
			case "response.reasoning_summary_text.delta":
				part = llm.StreamPart{Type: llm.StreamReasoningDelta, Text: ev.Delta}
			case "response.output_item.added":
				if ev.Item.Type != "function_call" {
					continue
				}
				c := &llm.ToolCall{ID: ev.Item.CallID, Name: ev.Item.Name}
				calls[ev.Item.ID] = c
				part = llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: c.ID, ToolName: c.Name}
			case "response.function_call_arguments.delta":
				c := calls[ev.ItemID]
				if c == nil {
					yield(llm.StreamPart{}, fmt.Errorf("openai: response stream: arguments for unknown item %s", ev.ItemID))
					return
				}
				c.Arguments += ev.Delta
				part = llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: c.ID, ToolName: c.Name, Text: ev.Delta}
			case "response.output_item.done":
				if ev.Item.Type != "function_call" {
					continue
				}
				call := llm.ToolCall{ID: ev.Item.CallID, Name: ev.Item.Name, Arguments: ev.Item.Arguments.OfString,
					ProviderMetadata: itemMeta{ItemID: ev.Item.ID}.metadata()}
				part = llm.StreamPart{Type: llm.StreamToolCall, ToolCall: &call}
			case "response.completed", "response.incomplete", "response.failed":
				res, err := convertResponse(&ev.Response)
				if err != nil {
					yield(llm.StreamPart{}, err)
					return
				}
				yield(llm.StreamPart{Type: llm.StreamFinish, Response: res}, nil)
				return
			case "error":
				yield(llm.StreamPart{}, fmt.Errorf("openai: response stream: %s: %s", ev.Code, ev.Message))
				return
			default:
				continue
			}
			if (part.Type != llm.StreamTextDelta && part.Type != llm.StreamRefusalDelta) || part.Text != "" {
				if !yield(part, nil) {
					return
				}
			}
		}
		if err := stream.Err(); err != nil {
			yield(llm.StreamPart{}, apiError("response stream", err))
			return
		}
		yield(llm.StreamPart{}, errors.New("openai: response stream: the stream ended before the response was complete"))
	}
}
