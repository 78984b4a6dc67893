package genaitrace

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
)

// This file writes the messages of a chat span (gen_ai.input.messages,
// gen_ai.output.messages, gen_ai.system_instructions) as the GenAI
// conventions' JSON schemas shape them. Text and reasoning are recorded as
// they are; the arguments and results of tool calls only as a Shaper gives
// them; media as their type and URL, never their bytes.

// Payload says which payload of a tool call a [Shaper] shapes.
type Payload int

// The payloads of a tool call in a conversation.
const (
	// PayloadArguments: the arguments the model sent.
	PayloadArguments Payload = iota
	// PayloadResult: what the model was told of the call's result.
	PayloadResult
	// PayloadError: what the model was told of the call's failure.
	PayloadError
)

// Shaper gives the form in which a tool call's payload may be recorded:
// the agent loop gives what the display target of the tool may see, which
// is the placeholder for a tool whose display is transformed (the
// transform needs the decoded call, which a conversation does not keep).
type Shaper interface {
	// ShapeToolPayload returns what may be recorded of raw, payload p of
	// the call id of the tool called name.
	ShapeToolPayload(ctx context.Context, name, id string, p Payload, raw json.RawMessage) json.RawMessage
}

// message is a message of the conventions' schemas.
type message struct {
	Role         string `json:"role"`
	Parts        []part `json:"parts"`
	FinishReason string `json:"finish_reason,omitempty"`
}

// part is a message part of the conventions' schemas: text, reasoning,
// tool_call, tool_call_response, uri, or a generic part (refusal, media,
// provider_item) that has a type of its own.
type part struct {
	Type      string          `json:"type"`
	Content   *string         `json:"content,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
	Response  json.RawMessage `json:"response,omitempty"`
	MimeType  string          `json:"mime_type,omitempty"`
	Modality  string          `json:"modality,omitempty"`
	URI       string          `json:"uri,omitempty"`
}

// encodeInput returns the system instructions (the text of the system
// messages; "" when there are none) and the other messages of msgs.
func encodeInput(ctx context.Context, msgs []llm.Message, shaper Shaper) (system, input string) {
	var sys []part
	out := make([]message, 0, len(msgs))
	for _, m := range msgs {
		if m.Role == llm.RoleSystem {
			sys = append(sys, encodeParts(ctx, m.Parts, shaper)...)
			continue
		}
		out = append(out, message{Role: string(m.Role), Parts: encodeParts(ctx, m.Parts, shaper)})
	}
	if len(sys) > 0 {
		system = marshal(sys)
	}
	return system, marshal(out)
}

// encodeOutput returns the output messages of resp: its one message.
func encodeOutput(ctx context.Context, resp *llm.Response, shaper Shaper) string {
	return marshal([]message{{Role: string(llm.RoleAssistant), Parts: encodeParts(ctx, resp.Message.Parts, shaper), FinishReason: string(resp.FinishReason)}})
}

// encodeParts returns the parts of a message.
func encodeParts(ctx context.Context, parts []llm.Part, shaper Shaper) []part {
	out := make([]part, 0, len(parts))
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			out = append(out, part{Type: "text", Content: &p.Text})
		case llm.PartReasoning:
			out = append(out, part{Type: "reasoning", Content: &p.Text})
		case llm.PartRefusal:
			out = append(out, part{Type: "refusal", Content: &p.Text})
		case llm.PartImageURL:
			out = append(out, part{Type: "uri", Modality: "image", URI: p.URL})
		case llm.PartMedia:
			if p.URL != "" {
				out = append(out, part{Type: "uri", MimeType: p.MediaType, Modality: modality(p.MediaType), URI: p.URL})
			} else {
				out = append(out, part{Type: "media", MimeType: p.MediaType, Modality: modality(p.MediaType)})
			}
		case llm.PartToolCall:
			if c := p.ToolCall; c != nil {
				args := shape(ctx, shaper, c.Name, c.ID, PayloadArguments, json.RawMessage(c.Arguments))
				out = append(out, part{Type: "tool_call", ID: c.ID, Name: c.Name, Arguments: args})
			}
		case llm.PartToolResult:
			if r := p.ToolResult; r != nil {
				kind := PayloadResult
				if r.IsError() {
					kind = PayloadError
				}
				out = append(out, part{Type: "tool_call_response", ID: r.ToolCallID, Response: shape(ctx, shaper, r.ToolName, r.ToolCallID, kind, outputJSON(r.Output))})
			}
		default:
			out = append(out, part{Type: strings.ReplaceAll(string(p.Type), "-", "_")})
		}
	}
	return out
}

// shape returns what shaper makes of a tool payload, as JSON: nothing
// without a shaper, a JSON string for what is not JSON.
func shape(ctx context.Context, shaper Shaper, name, id string, p Payload, raw json.RawMessage) json.RawMessage {
	if shaper == nil {
		return nil
	}
	v := shaper.ShapeToolPayload(ctx, name, id, p, raw)
	if !json.Valid(v) {
		data, _ := json.Marshal(string(v))
		return data
	}
	return v
}

// outputJSON is the JSON of what a model was told of a call: its JSON,
// its text (an error's as {"message": text}), or its parts.
func outputJSON(o llm.ModelOutput) json.RawMessage {
	var v any
	switch o.Type {
	case llm.OutputJSON:
		return o.JSON
	case llm.OutputErrorText:
		v = map[string]string{"message": o.Text}
	case llm.OutputContent:
		v = encodeParts(context.Background(), o.Parts, nil)
	default:
		v = o.Text
	}
	data, _ := json.Marshal(v)
	return data
}

// modality is the conventions' modality of a MIME type.
func modality(mediaType string) string {
	switch kind, _, _ := strings.Cut(mediaType, "/"); kind {
	case "image", "video", "audio":
		return kind
	}
	return "document"
}

// marshal encodes v, which always encodes.
func marshal(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}
