package scripted

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/toolgen-go/toolgen/llm"
)

// Stateless returns a model that holds no state: respond picks each turn
// from the request alone. One such model serves any number of runs at
// once, as a server's does, and gives the same answer to a request played
// again, as a durable run's replay on another worker needs. A call without
// an ID gets "call_<s>_<i>": the request's step s (its assistant messages
// plus one) and the call's place i, from 1, so that ids are unique within
// a conversation. An error of respond is the model's.
func Stateless(respond func(req *llm.Request) (Turn, error)) llm.Model {
	return stateless{respond}
}

// ByPosition returns a [Stateless] model that answers a request with
// turns[n], n being the number of assistant messages in the request: the
// first turn to a conversation's first request, and so on. A request past
// the last turn is an error that wraps [ErrExhausted].
func ByPosition(turns ...Turn) llm.Model {
	return Stateless(func(req *llm.Request) (Turn, error) {
		n := assistantMessages(req)
		if n >= len(turns) {
			return Turn{}, fmt.Errorf("%w: no turn %d, the script has %d", ErrExhausted, n+1, len(turns))
		}
		return turns[n], nil
	})
}

type stateless struct {
	respond func(req *llm.Request) (Turn, error)
}

func assistantMessages(req *llm.Request) int {
	n := 0
	for _, m := range req.Messages {
		if m.Role == llm.RoleAssistant {
			n++
		}
	}
	return n
}

// model returns a one-turn Model playing the turn for req.
func (m stateless) model(req *llm.Request) (*Model, error) {
	t, err := m.respond(req)
	if err != nil {
		return nil, err
	}
	step := assistantMessages(req) + 1
	t.ToolCalls = slices.Clone(t.ToolCalls)
	for i := range t.ToolCalls {
		if t.ToolCalls[i].ID == "" {
			t.ToolCalls[i].ID = fmt.Sprintf("call_%d_%d", step, i+1)
		}
	}
	return New(t), nil
}

// Generate implements [llm.Model].
func (m stateless) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	s, err := m.model(req)
	if err != nil {
		return nil, err
	}
	return s.Generate(ctx, req)
}

// Stream implements [llm.Model].
func (m stateless) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	s, err := m.model(req)
	if err != nil {
		return func(yield func(llm.StreamPart, error) bool) { yield(llm.StreamPart{}, err) }
	}
	return s.Stream(ctx, req)
}
