package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"
)

// offline is a chat model scripted by position, for running without a
// provider: the number of its own turns in the conversation picks the
// next. It finds the slots, books the first, then says how it went, from
// the tool results it reads.
type offline struct{}

// offlineModel returns the scripted model.
func offlineModel() model.ToolCallingChatModel { return offline{} }

// WithTools returns the model: the script knows its tools.
func (m offline) WithTools([]*schema.ToolInfo) (model.ToolCallingChatModel, error) { return m, nil }

// Generate answers with the script's next turn.
func (offline) Generate(_ context.Context, input []*schema.Message, _ ...model.Option) (*schema.Message, error) {
	turn, last := 0, ""
	for _, m := range input {
		switch m.Role {
		case schema.Assistant:
			turn++
		case schema.Tool:
			last = m.Content
		}
	}
	switch turn {
	case 0:
		return call("call-1", "findSlots", `{"date":"2026-06-02","minutes":45}`), nil
	case 1:
		var found SlotsOutput
		if err := json.Unmarshal([]byte(last), &found); err != nil || len(found.Slots) == 0 {
			return schema.AssistantMessage("There is no free slot that day: "+last, nil), nil
		}
		args, err := json.Marshal(BookInput{Start: found.Slots[0].Start, Room: found.Slots[0].Room, Title: "Design review", Guests: []string{"ana@example.com"}})
		if err != nil {
			return nil, err
		}
		return call("call-2", "bookMeeting", string(args)), nil
	case 2:
		var b Booking
		if err := json.Unmarshal([]byte(last), &b); err != nil {
			return schema.AssistantMessage("I could not book the meeting: "+last, nil), nil
		}
		return schema.AssistantMessage(fmt.Sprintf("Booked the design review in %s on %s at %s (%s).",
			b.Room, b.Start.Format("2 January"), b.Start.Format("15:04"), b.ID), nil), nil
	}
	return nil, fmt.Errorf("offline model: no turn %d in the script", turn)
}

// Stream is Generate as a stream of one message.
func (m offline) Stream(ctx context.Context, input []*schema.Message, opts ...model.Option) (*schema.StreamReader[*schema.Message], error) {
	msg, err := m.Generate(ctx, input, opts...)
	if err != nil {
		return nil, err
	}
	return schema.StreamReaderFromArray([]*schema.Message{msg}), nil
}

// call is an assistant message with one tool call.
func call(id, name, args string) *schema.Message {
	return schema.AssistantMessage("", []schema.ToolCall{{ID: id, Type: "function", Function: schema.FunctionCall{Name: name, Arguments: args}}})
}
