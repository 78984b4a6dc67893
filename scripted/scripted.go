// Package scripted provides a deterministic [llm.Model] that plays a
// script of turns and records every request it receives. It is the model of
// toolgen's tests and the offline default of its examples.
//
//	model := scripted.New(
//		scripted.Calls(scripted.Call("weatherTool", `{"location":"Paris"}`)),
//		scripted.Text("It is sunny in Paris."),
//	)
//
// Each model call consumes the next turn; [Stateless] and [ByPosition]
// answer from the request alone. Offline models are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/testing.md#offline-models.
package scripted

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/llm"
)

// ErrExhausted is returned when the model is called after its last turn.
var ErrExhausted = errors.New("scripted: script exhausted")

// Turn is one scripted model response.
type Turn struct {
	// Reasoning is the model's visible reasoning, which comes before the
	// text: word deltas when streaming, a reasoning part of the message.
	Reasoning string
	// Text is the assistant's text.
	Text string
	// ToolCalls are the calls the assistant makes. A call with an empty ID
	// gets "call_<n>", n counting calls across the script from 1.
	ToolCalls []llm.ToolCall
	// FinishReason defaults to tool-calls when there are calls, else stop.
	FinishReason llm.FinishReason
	// Usage is reported as is.
	Usage llm.Usage
	// Err, when set, is returned instead of a response.
	Err error
	// Respond, when set, computes the turn from the request; the fields
	// above are then ignored. It lets a script react to tool results.
	Respond func(req *llm.Request) Turn
}

// Text returns a turn that answers text and stops.
func Text(text string) Turn { return Turn{Text: text} }

// Calls returns a turn that makes the given tool calls.
func Calls(calls ...llm.ToolCall) Turn { return Turn{ToolCalls: calls} }

// Call returns a tool call of the tool with key name and raw arguments,
// its id assigned by the model.
func Call(name, args string) llm.ToolCall {
	return llm.ToolCall{Name: name, Arguments: args}
}

// Fail returns a turn that fails with err.
func Fail(err error) Turn { return Turn{Err: err} }

// Model is a scripted [llm.Model]. It is safe for concurrent use; turns
// are consumed in the order calls arrive.
type Model struct {
	mu       sync.Mutex
	turns    []Turn
	next     int
	calls    int
	requests []*llm.Request
	caps     llm.Capabilities
	// ChunkSize is the number of argument bytes per tool-call delta when
	// streaming; 0 means 8.
	ChunkSize int
}

// New returns a model that plays turns in order.
func New(turns ...Turn) *Model { return &Model{turns: turns} }

// WithCapabilities makes m report caps ([llm.CapabilityReporter]), so
// that a test or an example can play a model that, say, takes a
// structured output format with tools (OutputWithTools). It returns m,
// to chain after [New]. A model without it reports none. The script
// does not change: the turns play as written, whatever the request asks
// for.
func (m *Model) WithCapabilities(caps llm.Capabilities) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.caps = caps
	return m
}

// Capabilities implements [llm.CapabilityReporter].
func (m *Model) Capabilities() llm.Capabilities {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.caps
}

// Append adds turns to the end of the script.
func (m *Model) Append(turns ...Turn) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.turns = append(m.turns, turns...)
}

// Requests returns a copy of every request received so far, in order.
func (m *Model) Requests() []*llm.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.requests)
}

// LastRequest returns the most recent request, or nil.
func (m *Model) LastRequest() *llm.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.requests) == 0 {
		return nil
	}
	return m.requests[len(m.requests)-1]
}

// Remaining returns the number of turns not yet played.
func (m *Model) Remaining() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.turns) - m.next
}

// Generate implements [llm.Model].
func (m *Model) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	turn, err := m.take(req)
	if err != nil {
		return nil, err
	}
	return response(turn), nil
}

// Stream implements [llm.Model]: text comes as word deltas, each tool
// call as a start, argument deltas of ChunkSize bytes and the complete call.
func (m *Model) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		if err := ctx.Err(); err != nil {
			yield(llm.StreamPart{}, err)
			return
		}
		turn, err := m.take(req)
		if err != nil {
			yield(llm.StreamPart{}, err)
			return
		}
		for _, w := range words(turn.Reasoning) {
			if !yield(llm.StreamPart{Type: llm.StreamReasoningDelta, Text: w}, nil) {
				return
			}
		}
		for _, w := range words(turn.Text) {
			if !yield(llm.StreamPart{Type: llm.StreamTextDelta, Text: w}, nil) {
				return
			}
		}
		size := m.ChunkSize
		if size <= 0 {
			size = 8
		}
		for i := range turn.ToolCalls {
			c := &turn.ToolCalls[i]
			if !yield(llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: c.ID, ToolName: c.Name}, nil) {
				return
			}
			for a := c.Arguments; a != ""; {
				n := min(size, len(a))
				if !yield(llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: c.ID, ToolName: c.Name, Text: a[:n]}, nil) {
					return
				}
				a = a[n:]
			}
			if !yield(llm.StreamPart{Type: llm.StreamToolCall, ToolCall: c}, nil) {
				return
			}
		}
		yield(llm.StreamPart{Type: llm.StreamFinish, Response: response(turn)}, nil)
	}
}

// take records req and returns the next turn with its call ids assigned.
func (m *Model) take(req *llm.Request) (Turn, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	cp := *req
	cp.Messages = slices.Clone(req.Messages)
	cp.Tools = slices.Clone(req.Tools)
	m.requests = append(m.requests, &cp)
	if m.next >= len(m.turns) {
		return Turn{}, fmt.Errorf("%w after %d turns", ErrExhausted, len(m.turns))
	}
	turn := m.turns[m.next]
	m.next++
	if turn.Respond != nil {
		turn = turn.Respond(&cp)
	}
	if turn.Err != nil {
		return Turn{}, turn.Err
	}
	turn.ToolCalls = slices.Clone(turn.ToolCalls)
	for i := range turn.ToolCalls {
		m.calls++
		if turn.ToolCalls[i].ID == "" {
			turn.ToolCalls[i].ID = fmt.Sprintf("call_%d", m.calls)
		}
	}
	return turn, nil
}

func response(t Turn) *llm.Response {
	reason := t.FinishReason
	if reason == "" {
		reason = llm.FinishStop
		if len(t.ToolCalls) > 0 {
			reason = llm.FinishToolCalls
		}
	}
	msg := llm.AssistantMessage(t.Text, t.ToolCalls...)
	if t.Reasoning != "" {
		msg.Parts = append([]llm.Part{{Type: llm.PartReasoning, Text: t.Reasoning}}, msg.Parts...)
	}
	return &llm.Response{
		Message:      msg,
		FinishReason: reason,
		Usage:        t.Usage,
		ModelID:      "scripted",
	}
}

// words splits s into deltas that concatenate back to s.
func words(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}
