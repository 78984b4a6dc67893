package anthropictest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// The Messages wire format, as far as the fake writes and reads it.

type block struct {
	Type  string          `json:"type"`
	Text  *string         `json:"text,omitempty"`
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name,omitempty"`
	Input json.RawMessage `json:"input,omitempty"`
}

type usage struct {
	InputTokens              int `json:"input_tokens"`
	OutputTokens             int `json:"output_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
}

type message struct {
	ID           string  `json:"id"`
	Type         string  `json:"type"`
	Role         string  `json:"role"`
	Model        string  `json:"model"`
	Content      []block `json:"content"`
	StopReason   *string `json:"stop_reason"`
	StopSequence *string `json:"stop_sequence"`
	Usage        usage   `json:"usage"`
}

// stopReason is the API's stop_reason for a runtime finish reason.
func stopReason(t scripted.Turn) string {
	r := t.FinishReason
	if r == "" {
		r = llm.FinishStop
		if len(t.ToolCalls) > 0 {
			r = llm.FinishToolCalls
		}
	}
	switch r {
	case llm.FinishStop:
		return "end_turn"
	case llm.FinishToolCalls:
		return "tool_use"
	case llm.FinishLength:
		return "max_tokens"
	case llm.FinishContentFilter:
		return "refusal"
	default:
		return string(r)
	}
}

// newUsage converts u; the API counts cached input tokens apart from
// input_tokens.
func newUsage(u llm.Usage) usage {
	return usage{
		InputTokens:              u.InputTokens - u.CachedInputTokens - u.CacheWriteTokens,
		OutputTokens:             u.OutputTokens,
		CacheCreationInputTokens: u.CacheWriteTokens,
		CacheReadInputTokens:     u.CachedInputTokens,
	}
}

// input returns the arguments as a tool_use input: the object itself, or
// a JSON string of arguments that are not an object.
func input(args string) json.RawMessage {
	trimmed := strings.TrimSpace(args)
	if strings.HasPrefix(trimmed, "{") && json.Valid([]byte(trimmed)) {
		return json.RawMessage(trimmed)
	}
	raw, _ := json.Marshal(args)
	return raw
}

// forcedCall returns turn as the API answers a request that forces a tool
// (tool_choice {"type":"tool"}): a turn that makes no call and whose text
// is a JSON object becomes a call of that tool with the text as its input,
// so that a script that answers with an object plays the same whether the
// object is asked for natively or with a forced tool.
func forcedCall(in wireRequest, turn scripted.Turn, seq int) scripted.Turn {
	tc := in.ToolChoice
	text := strings.TrimSpace(turn.Text)
	if tc == nil || tc.Type != "tool" || len(turn.ToolCalls) > 0 || !strings.HasPrefix(text, "{") || !json.Valid([]byte(text)) {
		return turn
	}
	call := llm.ToolCall{ID: fmt.Sprintf("toolu_answer_%d", seq), Name: tc.Name, Arguments: text}
	return scripted.Turn{ToolCalls: []llm.ToolCall{call}, Usage: turn.Usage}
}

// writeMessage answers a Messages request with turn.
func writeMessage(w http.ResponseWriter, in wireRequest, turn scripted.Turn, seq int) {
	id := fmt.Sprintf("msg_%d", seq)
	stop := stopReason(turn)
	u := newUsage(turn.Usage)
	if !in.Stream {
		msg := message{ID: id, Type: "message", Role: "assistant", Model: in.Model, Content: []block{}, StopReason: &stop, Usage: u}
		if turn.Text != "" {
			msg.Content = append(msg.Content, block{Type: "text", Text: &turn.Text})
		}
		for _, c := range turn.ToolCalls {
			msg.Content = append(msg.Content, block{Type: "tool_use", ID: c.ID, Name: c.Name, Input: input(c.Arguments)})
		}
		writeJSON(w, http.StatusOK, msg)
		return
	}

	sse := startSSE(w)
	startUsage := u
	startUsage.OutputTokens = min(1, u.OutputTokens)
	sse.event("message_start", map[string]any{
		"type":    "message_start",
		"message": message{ID: id, Type: "message", Role: "assistant", Model: in.Model, Content: []block{}, Usage: startUsage},
	})
	index := 0
	if turn.Text != "" {
		empty := ""
		sse.event("content_block_start", map[string]any{"type": "content_block_start", "index": index, "content_block": block{Type: "text", Text: &empty}})
		for _, word := range words(turn.Text) {
			sse.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
				"delta": map[string]string{"type": "text_delta", "text": word}})
		}
		sse.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": index})
		index++
	}
	for _, c := range turn.ToolCalls {
		sse.event("content_block_start", map[string]any{"type": "content_block_start", "index": index,
			"content_block": block{Type: "tool_use", ID: c.ID, Name: c.Name, Input: json.RawMessage(`{}`)}})
		for _, piece := range chunks(c.Arguments) {
			sse.event("content_block_delta", map[string]any{"type": "content_block_delta", "index": index,
				"delta": map[string]string{"type": "input_json_delta", "partial_json": piece}})
		}
		sse.event("content_block_stop", map[string]any{"type": "content_block_stop", "index": index})
		index++
	}
	sse.event("message_delta", map[string]any{
		"type":  "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		// Like the API's, the counts are running totals: input and cache
		// counts as in message_start, output tokens now final.
		"usage": u,
	})
	sse.event("message_stop", map[string]string{"type": "message_stop"})
}

// messagesRequest is a Messages request body, as far as decodeMessages
// reads it.
type messagesRequest struct {
	System   json.RawMessage `json:"system"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"input_schema"`
	} `json:"tools"`
	ToolChoice   *toolChoice `json:"tool_choice"`
	OutputConfig struct {
		Format *struct {
			Type   string          `json:"type"`
			Schema json.RawMessage `json:"schema"`
		} `json:"format"`
	} `json:"output_config"`
}

// toolChoice is a request's tool_choice.
type toolChoice struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

// wireBlock is a content block of a request.
type wireBlock struct {
	Type   string `json:"type"`
	Text   string `json:"text"`
	Source struct {
		Type      string `json:"type"`
		URL       string `json:"url"`
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
	} `json:"source"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	IsError   bool            `json:"is_error"`
	Content   json.RawMessage `json:"content"`
}

// decodeMessages converts a Messages request body to the runtime's request.
func decodeMessages(body []byte) (*llm.Request, error) {
	var in messagesRequest
	if err := json.Unmarshal(body, &in); err != nil {
		return nil, err
	}
	req := &llm.Request{}
	system, err := blocks(in.System)
	if err != nil {
		return nil, fmt.Errorf("system: %w", err)
	}
	for _, b := range system {
		req.Messages = append(req.Messages, llm.SystemMessage(b.Text))
	}
	names := map[string]string{} // tool names by call id
	for i, m := range in.Messages {
		content, err := blocks(m.Content)
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
		msg := llm.Message{Role: llm.Role(m.Role)}
		var results []llm.ToolResult
		for _, b := range content {
			switch b.Type {
			case "tool_use":
				names[b.ID] = b.Name
				call := llm.ToolCall{ID: b.ID, Name: b.Name, Arguments: string(b.Input)}
				msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
			case "tool_result":
				inner, err := blocks(b.Content)
				if err != nil {
					return nil, fmt.Errorf("message %d: result of %s: %w", i, b.ToolUseID, err)
				}
				results = append(results, llm.ToolResult{ToolCallID: b.ToolUseID, ToolName: names[b.ToolUseID], Output: output(inner, b.IsError)})
			default:
				if p, ok := part(b); ok {
					msg.Parts = append(msg.Parts, p)
				}
			}
		}
		if len(results) > 0 {
			req.Messages = append(req.Messages, llm.ToolMessage(results...))
		}
		if len(msg.Parts) > 0 || len(results) == 0 {
			req.Messages = append(req.Messages, msg)
		}
	}
	for _, t := range in.Tools {
		req.Tools = append(req.Tools, llm.ToolDefinition{Name: t.Name, Description: t.Description, InputSchema: t.InputSchema})
	}
	if tc := in.ToolChoice; tc != nil {
		switch tc.Type {
		case "any":
			req.ToolChoice = llm.ChoiceRequired
		case "tool":
			req.ToolChoice = llm.ChoiceTool(tc.Name)
		default:
			req.ToolChoice = llm.ToolChoice{Mode: llm.ToolChoiceMode(tc.Type)}
		}
	}
	if f := in.OutputConfig.Format; f != nil && f.Type == "json_schema" {
		req.ResponseFormat = &llm.ResponseFormat{Schema: f.Schema}
	}
	return req, nil
}

// blocks decodes content: a string, which is one text block, or a list of
// blocks.
func blocks(raw json.RawMessage) ([]wireBlock, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return []wireBlock{{Type: "text", Text: text}}, nil
	}
	var list []wireBlock
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	return list, nil
}

// part converts a text or image block; it reports false for the others.
func part(b wireBlock) (llm.Part, bool) {
	switch {
	case b.Type == "text":
		return llm.TextPart(b.Text), true
	case b.Type == "image" && b.Source.Type == "url":
		return llm.ImageURLPart(b.Source.URL), true
	case (b.Type == "image" || b.Type == "document") && b.Source.Type == "base64":
		data, err := base64.StdEncoding.DecodeString(b.Source.Data)
		if err != nil {
			return llm.Part{}, false
		}
		return llm.MediaPart(b.Source.MediaType, data), true
	}
	return llm.Part{}, false
}

// output converts the content of a tool_result block.
func output(content []wireBlock, isError bool) llm.ModelOutput {
	var parts []llm.Part
	for _, b := range content {
		if p, ok := part(b); ok {
			parts = append(parts, p)
		}
	}
	switch {
	case isError:
		var texts []string
		for _, p := range parts {
			texts = append(texts, p.Text)
		}
		return llm.ErrorOutput(strings.Join(texts, ""))
	case len(parts) == 1 && parts[0].Type == llm.PartText:
		return llm.TextOutput(parts[0].Text)
	default:
		return llm.ContentOutput(parts...)
	}
}
