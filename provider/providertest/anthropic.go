package providertest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// The Messages wire format, as far as the server writes and reads it.

var messagesAPI = &wireAPI{
	name:      AnthropicMessages,
	idPrefix:  "toolu_",
	decode:    decodeMessages,
	check:     checkCache,
	prepare:   prepareMessage,
	response:  messageResponse,
	events:    messageEvents,
	errorBody: anthropicError,
	errorEvent: func(status int, message string) event {
		return newEvent("error", anthropicError(status, message))
	},
}

// anthropicError is an API error in Anthropic's shape.
func anthropicError(status int, message string) any {
	typ := orDefault(errorNames[status].anthropic, "api_error")
	return map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": message}}
}

type block struct {
	Type  string          `json:"type"`
	Text  *string         `json:"text,omitempty"`
	ID    string          `json:"id,omitempty"`
	Name  string          `json:"name,omitempty"`
	Input json.RawMessage `json:"input,omitempty"`
}

type messageUsage struct {
	InputTokens              int `json:"input_tokens"`
	OutputTokens             int `json:"output_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
}

type message struct {
	ID           string       `json:"id"`
	Type         string       `json:"type"`
	Role         string       `json:"role"`
	Model        string       `json:"model"`
	Content      []block      `json:"content"`
	StopReason   *string      `json:"stop_reason"`
	StopSequence *string      `json:"stop_sequence"`
	Usage        messageUsage `json:"usage"`
}

// stopReason is the API's stop_reason for the turn's finish reason.
func stopReason(t scripted.Turn) string {
	switch r := finishReason(t); r {
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

// newMessageUsage converts u; the API counts cached input tokens apart
// from input_tokens.
func newMessageUsage(u llm.Usage) messageUsage {
	return messageUsage{
		InputTokens:              u.InputTokens - u.CachedInputTokens - u.CacheWriteTokens,
		OutputTokens:             u.OutputTokens,
		CacheCreationInputTokens: u.CacheWriteTokens,
		CacheReadInputTokens:     u.CachedInputTokens,
	}
}

// toolUseInput returns arguments as a tool_use input: the object itself,
// or a JSON string of arguments that are not an object.
func toolUseInput(args string) json.RawMessage {
	if obj, ok := jsonObject(args); ok {
		return obj
	}
	raw, _ := json.Marshal(args)
	return raw
}

// prepareMessage answers a request that forces a tool (tool_choice
// {"type":"tool"}) as the API does: a turn that makes no call and whose
// text is a JSON object becomes a call of that tool with the text as its
// input, so that a script that answers with an object plays the same
// whether the object is asked for natively or with a forced tool. With a
// prompt cache, the input usage is the cache's.
func prepareMessage(x *exchange, turn scripted.Turn) scripted.Turn {
	var in struct {
		ToolChoice *anthropicToolChoice `json:"tool_choice"`
	}
	_ = json.Unmarshal(x.body, &in)
	text := strings.TrimSpace(turn.Text)
	if tc := in.ToolChoice; tc != nil && tc.Type == "tool" && len(turn.ToolCalls) == 0 && strings.HasPrefix(text, "{") && json.Valid([]byte(text)) {
		call := llm.ToolCall{ID: fmt.Sprintf("toolu_answer_%d", x.seq), Name: tc.Name, Arguments: text}
		turn = scripted.Turn{ToolCalls: []llm.ToolCall{call}, Usage: turn.Usage}
	}
	if x.cached != nil {
		u := *x.cached
		out := turn.Usage.OutputTokens
		if out == 0 {
			out = Tokens([]byte(turn.Text)) + 1
			for _, c := range turn.ToolCalls {
				out += Tokens([]byte(c.Name + c.Arguments))
			}
		}
		turn.Usage = llm.Usage{InputTokens: u.Total(), OutputTokens: out, CachedInputTokens: u.CacheReadTokens, CacheWriteTokens: u.CacheWriteTokens}
	}
	return turn
}

// messageResponse is the message answering a request for turn.
func messageResponse(x *exchange, turn scripted.Turn) any {
	stop := stopReason(turn)
	msg := message{ID: fmt.Sprintf("msg_%d", x.seq), Type: "message", Role: "assistant", Model: x.model, Content: []block{},
		StopReason: &stop, Usage: newMessageUsage(turn.Usage)}
	if turn.Text != "" {
		msg.Content = append(msg.Content, block{Type: "text", Text: &turn.Text})
	}
	for _, c := range turn.ToolCalls {
		msg.Content = append(msg.Content, block{Type: "tool_use", ID: c.ID, Name: c.Name, Input: toolUseInput(c.Arguments)})
	}
	return msg
}

// messageEvents is the stream answering a request for turn: message_start,
// a text block of word deltas, a tool_use block of 8-byte input_json
// deltas per call (arguments that are not an object sent as they are),
// message_delta with the stop reason and the usage, and message_stop.
func messageEvents(x *exchange, turn scripted.Turn) ([]event, int) {
	stop := stopReason(turn)
	u := newMessageUsage(turn.Usage)
	startUsage := u
	startUsage.OutputTokens = min(1, u.OutputTokens)
	evs := []event{newEvent("message_start", map[string]any{
		"type":    "message_start",
		"message": message{ID: fmt.Sprintf("msg_%d", x.seq), Type: "message", Role: "assistant", Model: x.model, Content: []block{}, Usage: startUsage},
	})}
	index := 0
	blockStart := func(b block) {
		evs = append(evs, newEvent("content_block_start", map[string]any{"type": "content_block_start", "index": index, "content_block": b}))
	}
	delta := func(d map[string]string) {
		evs = append(evs, newEvent("content_block_delta", map[string]any{"type": "content_block_delta", "index": index, "delta": d}))
	}
	blockStop := func() {
		evs = append(evs, newEvent("content_block_stop", map[string]any{"type": "content_block_stop", "index": index}))
		index++
	}
	d := streamDeltas(turn)
	textEnd := len(evs)
	if turn.Text != "" {
		empty := ""
		blockStart(block{Type: "text", Text: &empty})
		for _, word := range d.text {
			delta(map[string]string{"type": "text_delta", "text": word})
		}
		textEnd = len(evs)
		blockStop()
	}
	for i, c := range turn.ToolCalls {
		blockStart(block{Type: "tool_use", ID: c.ID, Name: c.Name, Input: json.RawMessage(`{}`)})
		for _, piece := range d.args[i] {
			delta(map[string]string{"type": "input_json_delta", "partial_json": piece})
		}
		blockStop()
	}
	evs = append(evs,
		newEvent("message_delta", map[string]any{
			"type":  "message_delta",
			"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
			// Like the API's, the counts are running totals: input and
			// cache counts as in message_start, output tokens now final.
			"usage": u,
		}),
		newEvent("message_stop", map[string]string{"type": "message_stop"}))
	return evs, textEnd
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
	ToolChoice   *anthropicToolChoice `json:"tool_choice"`
	OutputConfig struct {
		Format *struct {
			Type   string          `json:"type"`
			Schema json.RawMessage `json:"schema"`
		} `json:"format"`
	} `json:"output_config"`
}

// anthropicToolChoice is a request's tool_choice.
type anthropicToolChoice struct {
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

// decodeMessages converts a Messages request body to the llm request.
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
				results = append(results, llm.ToolResult{ToolCallID: b.ToolUseID, ToolName: names[b.ToolUseID], Output: resultOutput(inner, b.IsError)})
			default:
				if p, ok := blockPart(b); ok {
					msg.Parts = append(msg.Parts, p)
				}
			}
		}
		req.Messages = appendTurn(req.Messages, msg, results)
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

// blockPart converts a text, image or document block; it reports false
// for the others.
func blockPart(b wireBlock) (llm.Part, bool) {
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

// resultOutput converts the content of a tool_result block.
func resultOutput(content []wireBlock, isError bool) llm.ModelOutput {
	var parts []llm.Part
	for _, b := range content {
		if p, ok := blockPart(b); ok {
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
