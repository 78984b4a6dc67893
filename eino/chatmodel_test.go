package eino_test

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// fakeModel is an Eino ToolCallingChatModel that answers from a script:
// turn n of a conversation (the number of assistant messages already in it)
// is script[n], a function of the messages so far. It records the tools it
// was bound to and every conversation it was asked to continue.
type fakeModel struct {
	script []func(seen []*schema.Message) *schema.Message

	mu    sync.Mutex
	tools []*schema.ToolInfo
	seen  [][]*schema.Message
}

// WithTools returns the model bound to tools; the bindings are recorded on
// the same fakeModel, so that the test reads them.
func (m *fakeModel) WithTools(tools []*schema.ToolInfo) (model.ToolCallingChatModel, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tools = tools
	return m, nil
}

// Generate answers with the script's turn for the conversation.
func (m *fakeModel) Generate(_ context.Context, input []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.seen = append(m.seen, append([]*schema.Message(nil), input...))
	turn := 0
	for _, msg := range input {
		if msg.Role == schema.Assistant {
			turn++
		}
	}
	if turn >= len(m.script) {
		return nil, fmt.Errorf("fake model: no turn %d in the script", turn)
	}
	return m.script[turn](input), nil
}

// Stream is Generate as a one-chunk stream.
func (m *fakeModel) Stream(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	msg, err := m.Generate(ctx, input, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}

// calls is an assistant message asking for the tool calls given as
// id, name, arguments triples.
func calls(triples ...string) func([]*schema.Message) *schema.Message {
	return func([]*schema.Message) *schema.Message {
		var tc []schema.ToolCall
		for i := 0; i+2 < len(triples); i += 3 {
			tc = append(tc, schema.ToolCall{ID: triples[i], Type: "function", Function: schema.FunctionCall{Name: triples[i+1], Arguments: triples[i+2]}})
		}
		return schema.AssistantMessage("", tc)
	}
}

// summarise is an assistant message that answers with the tool results it
// read, one line per result: "id: content".
func summarise(seen []*schema.Message) *schema.Message {
	var lines []string
	for _, msg := range seen {
		if msg.Role == schema.Tool {
			lines = append(lines, msg.ToolCallID+": "+msg.Content)
		}
	}
	return schema.AssistantMessage(strings.Join(lines, "\n"), nil)
}
