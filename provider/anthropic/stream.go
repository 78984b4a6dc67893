package anthropic

import (
	"context"
	"errors"
	"fmt"
	"iter"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-go/toolgen/llm"
)

// Stream implements [llm.Model]. A turn the API pauses is continued
// (see "Paused turns" in the package documentation) within the stream: the
// deltas of every request follow one another, and the finish part holds
// the whole turn and the usage of all the requests.
func (m *MessagesModel) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		if m.err != nil {
			yield(llm.StreamPart{}, m.err)
			return
		}
		var total *llm.Response
		for pauses := 0; ; pauses++ {
			r := req
			if pauses > 0 {
				r = continuation(req, total.Message)
			}
			params, err := m.params(r)
			if err != nil {
				yield(llm.StreamPart{}, err)
				return
			}
			res, ok := m.streamOnce(ctx, params, m.formatTool(req), yield)
			if !ok {
				return
			}
			total = merge(total, res)
			if res.RawFinishReason != string(sdk.StopReasonPauseTurn) || pauses >= m.cfg.pauses {
				break
			}
		}
		yield(llm.StreamPart{Type: llm.StreamFinish, Response: total}, nil)
	}
}

// streamOnce streams one request, yielding its deltas and calls, and
// returns its response. The input of a call of formatTool, when not "",
// streams as text deltas: it is the answer. It reports false when it
// yielded an error or the consumer stopped.
func (m *MessagesModel) streamOnce(ctx context.Context, params sdk.MessageNewParams, formatTool string, yield func(llm.StreamPart, error) bool) (*llm.Response, bool) {
	stream := m.client.Messages.NewStreaming(ctx, params)
	defer stream.Close()

	var (
		acc     sdk.Message        // the message so far, each block's JSON as the API sent it
		args    = map[int]string{} // tool_use arguments as they came, valid JSON or not
		answers = map[int]bool{}   // the indexes of the format tool's calls
		stopped bool
	)
	for stream.Next() {
		ev := stream.Current()
		if err := acc.Accumulate(ev); err != nil {
			yield(llm.StreamPart{}, fmt.Errorf("anthropic: messages stream: %w", err))
			return nil, false
		}
		var part llm.StreamPart
		switch ev.Type {
		case "content_block_start":
			cb := ev.ContentBlock
			switch cb.Type {
			case "text":
				part = llm.StreamPart{Type: llm.StreamTextDelta, Text: cb.Text}
			case "thinking":
				part = llm.StreamPart{Type: llm.StreamReasoningDelta, Text: cb.Thinking}
			case "tool_use":
				args[int(ev.Index)] = ""
				if formatTool != "" && cb.Name == formatTool {
					answers[int(ev.Index)] = true
					continue
				}
				if !yield(llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: cb.ID, ToolName: cb.Name}, nil) {
					return nil, false
				}
			}
		case "content_block_delta":
			i := int(ev.Index)
			d := ev.Delta
			switch d.Type {
			case "text_delta":
				part = llm.StreamPart{Type: llm.StreamTextDelta, Text: d.Text}
			case "thinking_delta":
				part = llm.StreamPart{Type: llm.StreamReasoningDelta, Text: d.Thinking}
			case "input_json_delta":
				if _, ok := args[i]; !ok {
					continue // a server tool's input: not a call of ours
				}
				args[i] += d.PartialJSON
				b := acc.Content[i]
				part = llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: b.ID, ToolName: b.Name, Text: d.PartialJSON}
				if answers[i] {
					part = llm.StreamPart{Type: llm.StreamTextDelta, Text: d.PartialJSON}
				}
			}
		case "content_block_stop":
			i := int(ev.Index)
			a, ok := args[i]
			if !ok {
				continue
			}
			if answers[i] {
				if a == "" {
					part = llm.StreamPart{Type: llm.StreamTextDelta, Text: answerPart(a).Text}
				}
				break
			}
			if a == "" {
				a = "{}" // a call without arguments streams no delta
			}
			b := acc.Content[i]
			if !yield(llm.StreamPart{Type: llm.StreamToolCall, ToolCall: &llm.ToolCall{ID: b.ID, Name: b.Name, Arguments: a}}, nil) {
				return nil, false
			}
		case "message_stop":
			stopped = true
		}
		if part.Text != "" && !yield(part, nil) {
			return nil, false
		}
	}
	if err := stream.Err(); err != nil {
		yield(llm.StreamPart{}, apiError("messages stream", err))
		return nil, false
	}
	if !stopped {
		yield(llm.StreamPart{}, errors.New("anthropic: messages stream: the stream ended before message_stop"))
		return nil, false
	}
	// Reasoning needs its signature to be sent back, server tool blocks
	// and citations their JSON: the response carries the whole message, in
	// block order.
	msg, answered := assistantMessage(acc.Content, args, formatTool)
	return &llm.Response{
		Message:         msg,
		FinishReason:    answerFinish(finishReason(string(acc.StopReason)), msg, answered),
		RawFinishReason: string(acc.StopReason),
		Usage:           usage(acc.Usage),
		ID:              acc.ID,
		ModelID:         acc.Model,
	}, true
}
