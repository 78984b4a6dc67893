// Package scripted provides a deterministic [runtime.Model] that plays a
// script of turns and records every request it receives. It is the model of
// the runtime's tests and the offline default of toolgen's examples.
//
//	model := scripted.New(
//		scripted.Calls(scripted.Call("weatherTool", `{"location":"Paris"}`)),
//		scripted.Text("It is sunny in Paris."),
//	)
//	agent := &runtime.Agent{ID: "weather", Model: model, Tools: weather.Tools()}
//
// Each model call consumes the next turn. Streaming splits a turn's text into
// word deltas and its arguments into small chunks, so the stream looks like
// a provider's.
package scripted

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/runtime"
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
	ToolCalls []runtime.ToolCall
	// FinishReason defaults to tool-calls when there are calls, else stop.
	FinishReason runtime.FinishReason
	// Usage is reported as is.
	Usage runtime.Usage
	// Err, when set, is returned instead of a response.
	Err error
	// Respond, when set, computes the turn from the request; the fields
	// above are then ignored. It lets a script react to tool results.
	Respond func(req *runtime.Request) Turn
}

// Text returns a turn that answers text and stops.
func Text(text string) Turn { return Turn{Text: text} }

// Calls returns a turn that makes the given tool calls.
func Calls(calls ...runtime.ToolCall) Turn { return Turn{ToolCalls: calls} }

// Call returns a tool call of the tool with key name and raw arguments,
// its id assigned by the model.
func Call(name, args string) runtime.ToolCall {
	return runtime.ToolCall{Name: name, Arguments: args}
}

// Fail returns a turn that fails with err.
func Fail(err error) Turn { return Turn{Err: err} }

// Model is a scripted [runtime.Model]. It is safe for concurrent use; turns
// are consumed in the order calls arrive.
type Model struct {
	mu       sync.Mutex
	turns    []Turn
	next     int
	calls    int
	requests []*runtime.Request
	caps     runtime.Capabilities
	// ChunkSize is the number of argument bytes per tool-call delta when
	// streaming; 0 means 8.
	ChunkSize int
}

// New returns a model that plays turns in order.
func New(turns ...Turn) *Model { return &Model{turns: turns} }

// WithCapabilities makes m report caps ([runtime.CapabilityReporter]), so
// that a test or an example can play a model that, say, takes a
// structured output format with tools (OutputWithTools). It returns m,
// to chain after [New]. A model without it reports none. The script
// does not change: the turns play as written, whatever the request asks
// for.
func (m *Model) WithCapabilities(caps runtime.Capabilities) *Model {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.caps = caps
	return m
}

// Capabilities implements [runtime.CapabilityReporter].
func (m *Model) Capabilities() runtime.Capabilities {
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
func (m *Model) Requests() []*runtime.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.requests)
}

// LastRequest returns the most recent request, or nil.
func (m *Model) LastRequest() *runtime.Request {
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

// Generate implements [runtime.Model].
func (m *Model) Generate(ctx context.Context, req *runtime.Request) (*runtime.Response, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	turn, err := m.take(req)
	if err != nil {
		return nil, err
	}
	return response(turn), nil
}

// Stream implements [runtime.Model]: text comes as word deltas, each tool
// call as a start, argument deltas of ChunkSize bytes and the complete call.
func (m *Model) Stream(ctx context.Context, req *runtime.Request) iter.Seq2[runtime.StreamPart, error] {
	return func(yield func(runtime.StreamPart, error) bool) {
		if err := ctx.Err(); err != nil {
			yield(runtime.StreamPart{}, err)
			return
		}
		turn, err := m.take(req)
		if err != nil {
			yield(runtime.StreamPart{}, err)
			return
		}
		for _, w := range words(turn.Reasoning) {
			if !yield(runtime.StreamPart{Type: runtime.StreamReasoningDelta, Text: w}, nil) {
				return
			}
		}
		for _, w := range words(turn.Text) {
			if !yield(runtime.StreamPart{Type: runtime.StreamTextDelta, Text: w}, nil) {
				return
			}
		}
		size := m.ChunkSize
		if size <= 0 {
			size = 8
		}
		for i := range turn.ToolCalls {
			c := &turn.ToolCalls[i]
			if !yield(runtime.StreamPart{Type: runtime.StreamToolCallStart, ToolCallID: c.ID, ToolName: c.Name}, nil) {
				return
			}
			for a := c.Arguments; a != ""; {
				n := min(size, len(a))
				if !yield(runtime.StreamPart{Type: runtime.StreamToolCallDelta, ToolCallID: c.ID, ToolName: c.Name, Text: a[:n]}, nil) {
					return
				}
				a = a[n:]
			}
			if !yield(runtime.StreamPart{Type: runtime.StreamToolCall, ToolCall: c}, nil) {
				return
			}
		}
		yield(runtime.StreamPart{Type: runtime.StreamFinish, Response: response(turn)}, nil)
	}
}

// take records req and returns the next turn with its call ids assigned.
func (m *Model) take(req *runtime.Request) (Turn, error) {
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

func response(t Turn) *runtime.Response {
	reason := t.FinishReason
	if reason == "" {
		reason = runtime.FinishStop
		if len(t.ToolCalls) > 0 {
			reason = runtime.FinishToolCalls
		}
	}
	msg := runtime.AssistantMessage(t.Text, t.ToolCalls...)
	if t.Reasoning != "" {
		msg.Parts = append([]runtime.Part{{Type: runtime.PartReasoning, Text: t.Reasoning}}, msg.Parts...)
	}
	return &runtime.Response{
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
