package providertest

import (
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// The Responses wire format, as far as the server writes and reads it.

var responsesAPI = &wireAPI{
	name:      OpenAIResponses,
	idPrefix:  "call_",
	decode:    decodeResponses,
	response:  func(x *exchange, turn scripted.Turn) any { return buildResponse(x, turn) },
	events:    responsesEvents,
	errorBody: openAIError,
	errorEvent: func(status int, message string) event {
		code := orDefault(errorNames[status].openAI, "server_error")
		return newEvent("error", map[string]any{"type": "error", "sequence_number": 0, "code": code, "message": message, "param": nil})
	},
}

type respContent struct {
	Type        string `json:"type"`
	Text        string `json:"text"`
	Annotations []any  `json:"annotations"`
}

type respItem struct {
	ID        string        `json:"id"`
	Type      string        `json:"type"`
	Status    string        `json:"status"`
	Role      string        `json:"role,omitempty"`
	Content   []respContent `json:"content,omitempty"`
	CallID    string        `json:"call_id,omitempty"`
	Name      string        `json:"name,omitempty"`
	Arguments *string       `json:"arguments,omitempty"`
}

type respUsage struct {
	InputTokens        int `json:"input_tokens"`
	OutputTokens       int `json:"output_tokens"`
	TotalTokens        int `json:"total_tokens"`
	InputTokensDetails struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"input_tokens_details"`
	OutputTokensDetails struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"output_tokens_details"`
}

type response struct {
	ID                string     `json:"id"`
	Object            string     `json:"object"`
	CreatedAt         int        `json:"created_at"`
	Status            string     `json:"status"`
	Error             any        `json:"error"`
	IncompleteDetails any        `json:"incomplete_details"`
	Model             string     `json:"model"`
	Output            []respItem `json:"output"`
	Usage             *respUsage `json:"usage"`
}

// respEvent is one event of a Responses stream; its fields are those of
// every event type the server sends.
type respEvent struct {
	Type           string    `json:"type"`
	SequenceNumber int       `json:"sequence_number"`
	Response       *response `json:"response,omitempty"`
	OutputIndex    *int      `json:"output_index,omitempty"`
	Item           *respItem `json:"item,omitempty"`
	ItemID         string    `json:"item_id,omitempty"`
	ContentIndex   *int      `json:"content_index,omitempty"`
	Part           any       `json:"part,omitempty"`
	Delta          string    `json:"delta,omitempty"`
	Text           string    `json:"text,omitempty"`
	Arguments      string    `json:"arguments,omitempty"`
}

// buildResponse returns the complete response for turn.
func buildResponse(x *exchange, turn scripted.Turn) response {
	res := response{
		ID: fmt.Sprintf("resp_%d", x.seq), Object: "response", CreatedAt: created, Status: "completed", Model: x.model,
		Output: []respItem{},
	}
	if turn.Text != "" {
		res.Output = append(res.Output, respItem{
			ID: fmt.Sprintf("msg_%d", x.seq), Type: "message", Status: "completed", Role: "assistant",
			Content: []respContent{{Type: "output_text", Text: turn.Text, Annotations: []any{}}},
		})
	}
	for i, c := range turn.ToolCalls {
		args := c.Arguments
		res.Output = append(res.Output, respItem{
			ID: fmt.Sprintf("fc_%d_%d", x.seq, i+1), Type: "function_call", Status: "completed",
			CallID: c.ID, Name: c.Name, Arguments: &args,
		})
	}
	switch finishReason(turn) {
	case llm.FinishLength:
		res.Status, res.IncompleteDetails = "incomplete", map[string]string{"reason": "max_output_tokens"}
	case llm.FinishContentFilter:
		res.Status, res.IncompleteDetails = "incomplete", map[string]string{"reason": "content_filter"}
	}
	u := &respUsage{InputTokens: turn.Usage.InputTokens, OutputTokens: turn.Usage.OutputTokens, TotalTokens: total(turn.Usage)}
	u.InputTokensDetails.CachedTokens = turn.Usage.CachedInputTokens
	u.OutputTokensDetails.ReasoningTokens = turn.Usage.ReasoningTokens
	res.Usage = u
	return res
}

// responsesEvents is the stream answering a request for turn:
// response.created and in_progress, each output item added with its
// deltas and done, and response.completed (or incomplete).
func responsesEvents(x *exchange, turn scripted.Turn) ([]event, int) {
	res := buildResponse(x, turn)
	d := streamDeltas(turn)
	var evs []event
	send := func(ev respEvent) {
		ev.SequenceNumber = len(evs)
		evs = append(evs, newEvent(ev.Type, ev))
	}
	pending := res
	pending.Status, pending.IncompleteDetails, pending.Output, pending.Usage = "in_progress", nil, []respItem{}, nil
	send(respEvent{Type: "response.created", Response: &pending})
	send(respEvent{Type: "response.in_progress", Response: &pending})
	textEnd, calls := len(evs), 0
	for i, item := range res.Output {
		added := item
		added.Status = "in_progress"
		switch item.Type {
		case "message":
			added.Content = []respContent{}
			send(respEvent{Type: "response.output_item.added", OutputIndex: &i, Item: &added})
			zero := 0
			send(respEvent{Type: "response.content_part.added", OutputIndex: &i, ItemID: item.ID, ContentIndex: &zero,
				Part: respContent{Type: "output_text", Annotations: []any{}}})
			for _, word := range d.text {
				send(respEvent{Type: "response.output_text.delta", OutputIndex: &i, ItemID: item.ID, ContentIndex: &zero, Delta: word})
			}
			textEnd = len(evs)
			send(respEvent{Type: "response.output_text.done", OutputIndex: &i, ItemID: item.ID, ContentIndex: &zero, Text: turn.Text})
			send(respEvent{Type: "response.content_part.done", OutputIndex: &i, ItemID: item.ID, ContentIndex: &zero, Part: item.Content[0]})
		case "function_call":
			empty := ""
			added.Arguments = &empty
			send(respEvent{Type: "response.output_item.added", OutputIndex: &i, Item: &added})
			for _, piece := range d.args[calls] {
				send(respEvent{Type: "response.function_call_arguments.delta", OutputIndex: &i, ItemID: item.ID, Delta: piece})
			}
			send(respEvent{Type: "response.function_call_arguments.done", OutputIndex: &i, ItemID: item.ID, Arguments: *item.Arguments})
			calls++
		}
		send(respEvent{Type: "response.output_item.done", OutputIndex: &i, Item: &item})
	}
	final := "response.completed"
	if res.Status == "incomplete" {
		final = "response.incomplete"
	}
	send(respEvent{Type: final, Response: &res})
	return evs, textEnd
}

// responsesRequest is a Responses request body, as far as decodeResponses
// reads it.
type responsesRequest struct {
	Instructions string          `json:"instructions"`
	Input        json.RawMessage `json:"input"`
	Tools        []struct {
		Type        string          `json:"type"`
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
		Strict      bool            `json:"strict"`
	} `json:"tools"`
	ToolChoice json.RawMessage `json:"tool_choice"`
	Text       struct {
		Format *struct {
			Type string `json:"type"`
			jsonSchema
		} `json:"format"`
	} `json:"text"`
}

// responsesInput is one input item.
type responsesInput struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	CallID    string          `json:"call_id"`
	Name      string          `json:"name"`
	Arguments string          `json:"arguments"`
	Output    json.RawMessage `json:"output"`
}

// decodeResponses converts a Responses request body to the llm
// request.
func decodeResponses(body []byte) (*llm.Request, error) {
	var in responsesRequest
	if err := json.Unmarshal(body, &in); err != nil {
		return nil, err
	}
	req := &llm.Request{}
	if in.Instructions != "" {
		req.Messages = append(req.Messages, llm.SystemMessage(in.Instructions))
	}
	var items []responsesInput
	var text string
	if json.Unmarshal(in.Input, &text) == nil {
		items = []responsesInput{{Type: "message", Role: "user", Content: in.Input}}
	} else if err := json.Unmarshal(in.Input, &items); err != nil {
		return nil, fmt.Errorf("input: %w", err)
	}
	names := map[string]string{} // tool names by call id
	for _, it := range items {
		switch it.Type {
		case "", "message":
			parts, err := responsesContent(it.Content)
			if err != nil {
				return nil, fmt.Errorf("%s message: %w", it.Role, err)
			}
			role := llm.Role(it.Role)
			if it.Role == "developer" {
				role = llm.RoleSystem
			}
			req.Messages = append(req.Messages, llm.Message{Role: role, Parts: parts})
		case "function_call":
			names[it.CallID] = it.Name
			call := llm.ToolCall{ID: it.CallID, Name: it.Name, Arguments: it.Arguments}
			part := llm.Part{Type: llm.PartToolCall, ToolCall: &call}
			if n := len(req.Messages); n > 0 && req.Messages[n-1].Role == llm.RoleAssistant {
				req.Messages[n-1].Parts = append(req.Messages[n-1].Parts, part)
			} else {
				req.Messages = append(req.Messages, llm.Message{Role: llm.RoleAssistant, Parts: []llm.Part{part}})
			}
		case "function_call_output":
			parts, err := responsesContent(it.Output)
			if err != nil {
				return nil, fmt.Errorf("output of %s: %w", it.CallID, err)
			}
			out := llm.ContentOutput(parts...)
			if len(parts) == 1 && parts[0].Type == llm.PartText {
				out = llm.TextOutput(parts[0].Text)
			}
			req.Messages = appendResult(req.Messages, llm.ToolResult{ToolCallID: it.CallID, ToolName: names[it.CallID], Output: out})
		}
	}
	for _, t := range in.Tools {
		if t.Type == "function" {
			req.Tools = append(req.Tools, llm.ToolDefinition{Name: t.Name, Description: t.Description, InputSchema: t.Parameters, Strict: t.Strict})
		}
	}
	req.ToolChoice = toolChoice(in.ToolChoice, func(raw json.RawMessage) (string, bool) {
		var named struct {
			Name string `json:"name"`
		}
		return named.Name, json.Unmarshal(raw, &named) == nil
	})
	if f := in.Text.Format; f != nil && f.Type == "json_schema" {
		req.ResponseFormat = f.format()
	}
	return req, nil
}

// responsesContent decodes a message's content or a call's output: a
// string or a list of input_text, output_text and input_image items.
func responsesContent(raw json.RawMessage) ([]llm.Part, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return []llm.Part{llm.TextPart(text)}, nil
	}
	var list []struct {
		Type     string `json:"type"`
		Text     string `json:"text"`
		ImageURL string `json:"image_url"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	var parts []llm.Part
	for _, p := range list {
		switch p.Type {
		case "input_text", "output_text":
			parts = append(parts, llm.TextPart(p.Text))
		case "input_image":
			parts = append(parts, llm.ImageURLPart(p.ImageURL))
		}
	}
	return parts, nil
}
