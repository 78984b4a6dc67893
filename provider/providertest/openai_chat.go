package providertest

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// The Chat Completions wire format, as far as the server writes and reads
// it.

var chatAPI = &wireAPI{
	name:       OpenAIChat,
	idPrefix:   "call_",
	decode:     decodeChat,
	response:   chatResponse,
	events:     chatEvents,
	errorBody:  openAIError,
	errorEvent: func(status int, message string) event { return newEvent("", openAIError(status, message)) },
}

// created is the creation time of every answer, fixed so that answers are
// deterministic.
const created = 1760000000

// openAIError is an API error in OpenAI's shape.
func openAIError(status int, message string) any {
	typ := orDefault(errorNames[status].openAI, "server_error")
	return map[string]any{"error": map[string]any{"message": message, "type": typ, "param": nil, "code": nil}}
}

type chatToolCall struct {
	Index    *int   `json:"index,omitempty"`
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type chatMessage struct {
	Role      string         `json:"role,omitempty"`
	Content   *string        `json:"content"`
	Refusal   *string        `json:"refusal,omitempty"`
	ToolCalls []chatToolCall `json:"tool_calls,omitempty"`
}

type chatChoice struct {
	Index        int          `json:"index"`
	Message      *chatMessage `json:"message,omitempty"`
	Delta        *chatMessage `json:"delta,omitempty"`
	Logprobs     any          `json:"logprobs"`
	FinishReason *string      `json:"finish_reason"`
}

type chatUsage struct {
	PromptTokens            int `json:"prompt_tokens"`
	CompletionTokens        int `json:"completion_tokens"`
	TotalTokens             int `json:"total_tokens"`
	CompletionTokensDetails struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
	PromptTokensDetails struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
}

type chatCompletion struct {
	ID      string       `json:"id"`
	Object  string       `json:"object"`
	Created int          `json:"created"`
	Model   string       `json:"model"`
	Choices []chatChoice `json:"choices"`
	Usage   *chatUsage   `json:"usage,omitempty"`
}

// chatFinish is the API's finish_reason for an llm finish reason.
func chatFinish(r llm.FinishReason) string {
	switch r {
	case llm.FinishStop:
		return "stop"
	case llm.FinishToolCalls:
		return "tool_calls"
	case llm.FinishLength:
		return "length"
	case llm.FinishContentFilter:
		return "content_filter"
	default:
		return string(r)
	}
}

func newChatUsage(u llm.Usage) *chatUsage {
	cu := &chatUsage{PromptTokens: u.InputTokens, CompletionTokens: u.OutputTokens, TotalTokens: total(u)}
	cu.CompletionTokensDetails.ReasoningTokens = u.ReasoningTokens
	cu.PromptTokensDetails.CachedTokens = u.CachedInputTokens
	return cu
}

// chatResponse is the chat.completion answering a request for turn.
func chatResponse(x *exchange, turn scripted.Turn) any {
	msg := &chatMessage{Role: "assistant"}
	if turn.Text != "" {
		msg.Content = &turn.Text
	}
	for _, c := range turn.ToolCalls {
		tc := chatToolCall{ID: c.ID, Type: "function"}
		tc.Function.Name, tc.Function.Arguments = c.Name, c.Arguments
		msg.ToolCalls = append(msg.ToolCalls, tc)
	}
	finish := chatFinish(finishReason(turn))
	return chatCompletion{
		ID: fmt.Sprintf("chatcmpl-%d", x.seq), Object: "chat.completion", Created: created, Model: x.model,
		Choices: []chatChoice{{Message: msg, FinishReason: &finish}},
		Usage:   newChatUsage(turn.Usage),
	}
}

// chatEvents is the chat.completion.chunk stream answering a request for
// turn: the role, a chunk per word, a start and 8-byte argument deltas per
// call, the finish, the usage when the request asks for it, and [DONE].
func chatEvents(x *exchange, turn scripted.Turn) ([]event, int) {
	id := fmt.Sprintf("chatcmpl-%d", x.seq)
	var evs []event
	chunk := func(delta *chatMessage, finish *string) {
		evs = append(evs, newEvent("", chatCompletion{
			ID: id, Object: "chat.completion.chunk", Created: created, Model: x.model,
			Choices: []chatChoice{{Delta: delta, FinishReason: finish}},
		}))
	}
	d := streamDeltas(turn)
	empty := ""
	chunk(&chatMessage{Role: "assistant", Content: &empty}, nil)
	for _, word := range d.text {
		chunk(&chatMessage{Content: &word}, nil)
	}
	textEnd := len(evs)
	for i, c := range turn.ToolCalls {
		start := chatToolCall{Index: &i, ID: c.ID, Type: "function"}
		start.Function.Name = c.Name
		chunk(&chatMessage{ToolCalls: []chatToolCall{start}}, nil)
		for _, piece := range d.args[i] {
			delta := chatToolCall{Index: &i}
			delta.Function.Arguments = piece
			chunk(&chatMessage{ToolCalls: []chatToolCall{delta}}, nil)
		}
	}
	finish := chatFinish(finishReason(turn))
	chunk(&chatMessage{}, &finish)
	var opts struct {
		StreamOptions struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
	}
	_ = json.Unmarshal(x.body, &opts)
	if opts.StreamOptions.IncludeUsage {
		evs = append(evs, newEvent("", chatCompletion{
			ID: id, Object: "chat.completion.chunk", Created: created, Model: x.model,
			Choices: []chatChoice{}, Usage: newChatUsage(turn.Usage),
		}))
	}
	evs = append(evs, event{data: "[DONE]"})
	return evs, textEnd
}

// chatRequest is a Chat Completions request body, as far as decodeChat
// reads it.
type chatRequest struct {
	Messages []struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCallID string          `json:"tool_call_id"`
		ToolCalls  []chatToolCall  `json:"tool_calls"`
	} `json:"messages"`
	Tools []struct {
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
			Strict      bool            `json:"strict"`
		} `json:"function"`
	} `json:"tools"`
	ToolChoice     json.RawMessage `json:"tool_choice"`
	ResponseFormat *struct {
		Type       string      `json:"type"`
		JSONSchema *jsonSchema `json:"json_schema"`
	} `json:"response_format"`
}

// jsonSchema is a json_schema response format, as both OpenAI APIs send
// it.
type jsonSchema struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Strict      bool            `json:"strict"`
}

// format returns the llm response format for s, nil for none.
func (s *jsonSchema) format() *llm.ResponseFormat {
	if s == nil {
		return nil
	}
	return &llm.ResponseFormat{Name: s.Name, Description: s.Description, Schema: s.Schema, Strict: s.Strict}
}

// decodeChat converts a Chat Completions request body to the llm
// request.
func decodeChat(body []byte) (*llm.Request, error) {
	var in chatRequest
	if err := json.Unmarshal(body, &in); err != nil {
		return nil, err
	}
	req := &llm.Request{}
	names := map[string]string{} // tool names by call id
	for _, m := range in.Messages {
		parts, err := chatContent(m.Content)
		if err != nil {
			return nil, fmt.Errorf("%s message: %w", m.Role, err)
		}
		switch m.Role {
		case "system", "developer":
			req.Messages = append(req.Messages, llm.Message{Role: llm.RoleSystem, Parts: parts})
		case "user":
			req.Messages = append(req.Messages, llm.UserParts(parts...))
		case "assistant":
			msg := llm.Message{Role: llm.RoleAssistant, Parts: parts}
			for _, c := range m.ToolCalls {
				names[c.ID] = c.Function.Name
				call := llm.ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: c.Function.Arguments}
				msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
			}
			req.Messages = append(req.Messages, msg)
		case "tool":
			var texts []string
			for _, p := range parts {
				texts = append(texts, p.Text)
			}
			req.Messages = appendResult(req.Messages, llm.ToolResult{
				ToolCallID: m.ToolCallID, ToolName: names[m.ToolCallID], Output: llm.TextOutput(strings.Join(texts, "")),
			})
		default:
			return nil, fmt.Errorf("unknown role %q", m.Role)
		}
	}
	for _, t := range in.Tools {
		req.Tools = append(req.Tools, llm.ToolDefinition{
			Name: t.Function.Name, Description: t.Function.Description, InputSchema: t.Function.Parameters, Strict: t.Function.Strict,
		})
	}
	req.ToolChoice = toolChoice(in.ToolChoice, func(raw json.RawMessage) (string, bool) {
		var named struct {
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		}
		return named.Function.Name, json.Unmarshal(raw, &named) == nil
	})
	if rf := in.ResponseFormat; rf != nil && rf.Type == "json_schema" {
		req.ResponseFormat = rf.JSONSchema.format()
	}
	return req, nil
}

// chatContent decodes a message's content: a string or a list of text and
// image_url parts.
func chatContent(raw json.RawMessage) ([]llm.Part, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var text string
	if json.Unmarshal(raw, &text) == nil {
		if text == "" {
			return nil, nil
		}
		return []llm.Part{llm.TextPart(text)}, nil
	}
	var list []struct {
		Type     string `json:"type"`
		Text     string `json:"text"`
		ImageURL struct {
			URL string `json:"url"`
		} `json:"image_url"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	var parts []llm.Part
	for _, p := range list {
		switch p.Type {
		case "text":
			parts = append(parts, llm.TextPart(p.Text))
		case "image_url":
			parts = append(parts, llm.ImageURLPart(p.ImageURL.URL))
		}
	}
	return parts, nil
}
