package genkit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	"github.com/stretchr/testify/require"
)

// call is a tool call the fake model makes: the tool's name and its
// arguments as JSON ("" for none).
type call struct {
	name, args string
}

// fakeModel is a model defined with Genkit's public API (genkit.DefineModel)
// that asks for its calls, all in one turn, when the conversation does not
// end with tool responses, and answers "done" when it does. It keeps every
// request it was sent.
type fakeModel struct {
	calls []call

	mu       sync.Mutex
	requests []*ai.ModelRequest
}

// define registers m with g under name and returns it as Genkit's model.
func (m *fakeModel) define(g *genkit.Genkit, name string) ai.Model {
	return genkit.DefineModel(g, name, &ai.ModelOptions{Supports: &ai.ModelSupports{Tools: true, Multiturn: true}}, m.generate)
}

func (m *fakeModel) generate(_ context.Context, req *ai.ModelRequest, _ ai.ModelStreamCallback) (*ai.ModelResponse, error) {
	m.mu.Lock()
	m.requests = append(m.requests, req)
	m.mu.Unlock()
	if last := req.Messages[len(req.Messages)-1]; last.Role == ai.RoleTool {
		return &ai.ModelResponse{Request: req, FinishReason: ai.FinishReasonStop, Message: ai.NewModelTextMessage("done")}, nil
	}
	msg := &ai.Message{Role: ai.RoleModel}
	for i, c := range m.calls {
		var input any
		if c.args != "" {
			// As a model plugin does: the arguments decoded into Go values.
			if err := json.Unmarshal([]byte(c.args), &input); err != nil {
				return nil, fmt.Errorf("fake model: arguments of %s: %w", c.name, err)
			}
		}
		msg.Content = append(msg.Content, ai.NewToolRequestPart(&ai.ToolRequest{Name: c.name, Ref: fmt.Sprintf("call-%d", i), Input: input}))
	}
	return &ai.ModelResponse{Request: req, FinishReason: ai.FinishReasonStop, Message: msg}, nil
}

// lastRequest returns the last request the model was sent.
func (m *fakeModel) lastRequest(t *testing.T) *ai.ModelRequest {
	t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	require.NotEmpty(t, m.requests, "the model was never called")
	return m.requests[len(m.requests)-1]
}

// toolResponses returns, by call ref, the JSON of the tool responses the
// model read in its last request.
func (m *fakeModel) toolResponses(t *testing.T) map[string]string {
	t.Helper()
	req := m.lastRequest(t)
	last := req.Messages[len(req.Messages)-1]
	require.Equal(t, ai.RoleTool, last.Role, "the last message the model read is not tool responses")
	out := map[string]string{}
	for _, p := range last.Content {
		require.True(t, p.IsToolResponse(), "a part of the tool message is not a tool response")
		data, err := json.Marshal(p.ToolResponse.Output)
		require.NoError(t, err)
		out[p.ToolResponse.Ref] = string(data)
	}
	return out
}

// turns returns how many requests the model was sent.
func (m *fakeModel) turns() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.requests)
}
