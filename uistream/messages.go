package uistream

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
)

// Request is the body that the AI SDK's useChat (its DefaultChatTransport)
// posts: the chat's id, its UI messages, and why it sends them. Fields of
// the body that the page adds itself are ignored, but for two of
// toolgen's: RunID and Answers.
type Request struct {
	// ID is the chat's id.
	ID string `json:"id"`
	// Messages is the conversation, the last message being the new one:
	// a user message, or the assistant message whose paused calls the
	// user answered.
	Messages []Message `json:"messages"`
	// Message is the new message alone, in place of Messages, from a
	// client that sends only its last message (the AI SDK's
	// prepareSendMessagesRequest), to a [Handler] that keeps
	// conversations ([Handler.KeepConversations]).
	Message *Message `json:"message,omitempty"`
	// Trigger is "submit-message" or "regenerate-message".
	Trigger string `json:"trigger,omitempty"`
	// MessageID is the id of the message to regenerate.
	MessageID string `json:"messageId,omitempty"`
	// RunID names the paused run that Answers answer; it may be left out
	// when the last message's parts name it.
	RunID string `json:"runId,omitempty"`
	// Answers answer calls of a paused run that the AI SDK's parts
	// cannot: suspended calls (resume data) and the calls of subagents.
	Answers []agent.Answer `json:"answers,omitempty"`
}

// Message is a UI message: the AI SDK's UIMessage.
type Message struct {
	ID       string          `json:"id"`
	Role     string          `json:"role"`
	Metadata json.RawMessage `json:"metadata,omitempty"`
	Parts    []Part          `json:"parts"`
}

// Part is one part of a UI message. Its Type says which fields are set:
// "text" and "reasoning" (Text), "file" (MediaType, URL, Filename),
// "tool-<key>" and "dynamic-tool" (ToolCallID, State, Input, Output,
// ErrorText, Approval; ToolName for dynamic-tool), "data-<name>" (ID,
// Data), "step-start", "source-url", "source-document".
type Part struct {
	Type       string          `json:"type"`
	Text       string          `json:"text,omitempty"`
	State      string          `json:"state,omitempty"`
	MediaType  string          `json:"mediaType,omitempty"`
	URL        string          `json:"url,omitempty"`
	Filename   string          `json:"filename,omitempty"`
	ToolCallID string          `json:"toolCallId,omitempty"`
	ToolName   string          `json:"toolName,omitempty"`
	Input      json.RawMessage `json:"input,omitempty"`
	Output     json.RawMessage `json:"output,omitempty"`
	ErrorText  string          `json:"errorText,omitempty"`
	Approval   *Approval       `json:"approval,omitempty"`
	ID         string          `json:"id,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
	// Ancestry is set on a data-tool-agent part: the agent-<key> calls
	// that lead to the subagent's run.
	Ancestry []Ancestor `json:"ancestry,omitempty"`
}

// Approval is the approval of a tool part: its request's id and, once the
// user answered (state approval-responded), the decision.
type Approval struct {
	ID       string `json:"id"`
	Approved *bool  `json:"approved,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// toolName returns the tool key of a tool part, or "" for another part.
func (p Part) toolName() string {
	if p.Type == "dynamic-tool" {
		return p.ToolName
	}
	name, _ := strings.CutPrefix(p.Type, "tool-")
	if name == p.Type {
		return ""
	}
	return name
}

// The states of a tool part in which the call is over.
const (
	stateOutputAvailable = "output-available"
	stateOutputError     = "output-error"
	stateOutputDenied    = "output-denied"
	stateApprovalAnswer  = "approval-responded"
)

// ToMessages turns UI messages into llm messages, so that a run can
// continue the conversation:
//
//   - system, user and assistant messages keep their role; user text and
//     files (data: URLs as inline media, http(s) URLs by reference)
//     become parts.
//   - An assistant message becomes, per step (its step-start parts
//     divide them), an assistant message of its reasoning, text and tool
//     calls and a tool message of the calls' results. Only the calls
//     that ended (output-available, output-error, output-denied) are
//     kept: a call with no result never happened for the model.
//   - A call's input and output are what the page has: their display
//     forms. The model reads back what the browser was shown.
//   - Other parts of an assistant message (data-*, source-*, files the
//     model made, and kinds this package does not know) carry nothing for
//     the model and are left out; a user message's parts must be text or
//     files.
//
// An error names the message and part it is about.
func ToMessages(msgs []Message) ([]llm.Message, error) {
	var out []llm.Message
	for i, m := range msgs {
		where := fmt.Sprintf("messages[%d]", i)
		switch m.Role {
		case "system":
			var text []string
			for j, p := range m.Parts {
				if p.Type != "text" {
					return nil, fmt.Errorf("%s.parts[%d]: a system message holds text parts only, not %q", where, j, p.Type)
				}
				text = append(text, p.Text)
			}
			out = append(out, llm.SystemMessage(strings.Join(text, "\n")))
		case "user":
			msg := llm.Message{Role: llm.RoleUser}
			for j, p := range m.Parts {
				part, ok, err := userPart(p)
				if err != nil {
					return nil, fmt.Errorf("%s.parts[%d]: %w", where, j, err)
				}
				if ok {
					msg.Parts = append(msg.Parts, part)
				}
			}
			if len(msg.Parts) > 0 {
				out = append(out, msg)
			}
		case "assistant":
			steps, err := assistantSteps(m.Parts)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			out = append(out, steps...)
		default:
			return nil, fmt.Errorf("%s: unknown role %q (want system, user or assistant)", where, m.Role)
		}
	}
	return out, nil
}

func userPart(p Part) (llm.Part, bool, error) {
	switch {
	case p.Type == "text":
		return llm.TextPart(p.Text), true, nil
	case p.Type == "file":
		return filePart(p)
	case p.Type == "step-start" || strings.HasPrefix(p.Type, "data-") || strings.HasPrefix(p.Type, "source-"):
		return llm.Part{}, false, nil
	default:
		return llm.Part{}, false, fmt.Errorf("a user message cannot hold a %q part", p.Type)
	}
}

// filePart turns a file part into inline media (a data: URL) or media by
// reference (an http or https URL).
func filePart(p Part) (llm.Part, bool, error) {
	if p.MediaType == "" {
		return llm.Part{}, false, fmt.Errorf("file part without a mediaType")
	}
	if rest, ok := strings.CutPrefix(p.URL, "data:"); ok {
		meta, payload, ok := strings.Cut(rest, ",")
		if !ok || !strings.HasSuffix(meta, ";base64") {
			return llm.Part{}, false, fmt.Errorf("file part: a data: URL must be base64 (data:<type>;base64,<data>)")
		}
		data, err := base64.StdEncoding.DecodeString(payload)
		if err != nil {
			return llm.Part{}, false, fmt.Errorf("file part: data: URL: %w", err)
		}
		part := llm.MediaPart(p.MediaType, data)
		part.Filename = p.Filename
		return part, true, nil
	}
	u, err := url.Parse(p.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return llm.Part{}, false, fmt.Errorf("file part: url must be a data: URL or an http(s) URL, not %q", p.URL)
	}
	if strings.HasPrefix(p.MediaType, "image/") {
		return llm.ImageURLPart(p.URL), true, nil
	}
	return llm.Part{Type: llm.PartMedia, MediaType: p.MediaType, URL: p.URL, Filename: p.Filename}, true, nil
}

// assistantSteps turns the parts of an assistant UI message into an
// assistant message and a tool message per step.
func assistantSteps(parts []Part) ([]llm.Message, error) {
	var (
		out     []llm.Message
		msg     = llm.Message{Role: llm.RoleAssistant}
		results []llm.ToolResult
	)
	flush := func() {
		if len(msg.Parts) > 0 {
			out = append(out, msg)
		}
		if len(results) > 0 {
			out = append(out, llm.ToolMessage(results...))
		}
		msg, results = llm.Message{Role: llm.RoleAssistant}, nil
	}
	appendText := func(t llm.PartType, s string) {
		if s == "" {
			return
		}
		if n := len(msg.Parts); n > 0 && msg.Parts[n-1].Type == t {
			msg.Parts[n-1].Text += s
			return
		}
		msg.Parts = append(msg.Parts, llm.Part{Type: t, Text: s})
	}
	for j, p := range parts {
		switch {
		case p.Type == "step-start":
			flush()
		case p.Type == "text":
			appendText(llm.PartText, p.Text)
		case p.Type == "reasoning":
			appendText(llm.PartReasoning, p.Text)
		case p.toolName() != "":
			if p.ToolCallID == "" {
				return nil, fmt.Errorf("parts[%d]: %s part without a toolCallId", j, p.Type)
			}
			res, ok, err := toolResult(p)
			if err != nil {
				return nil, fmt.Errorf("parts[%d]: %w", j, err)
			}
			if !ok {
				continue
			}
			args := "{}"
			if in := bytes.TrimSpace(p.Input); len(in) > 0 && string(in) != "null" {
				args = string(in)
			}
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: p.ToolCallID, Name: p.toolName(), Arguments: args}})
			results = append(results, res)
		default:
			// data-*, source-*, file, and the parts that later versions
			// of the AI SDK add: nothing the model needs back.
		}
	}
	flush()
	return out, nil
}

// toolResult returns what the model is told of the call of a tool part,
// and false for a call that has not ended.
func toolResult(p Part) (llm.ToolResult, bool, error) {
	r := llm.ToolResult{ToolCallID: p.ToolCallID, ToolName: p.toolName()}
	switch p.State {
	case stateOutputAvailable:
		out := bytes.TrimSpace(p.Output)
		if len(out) == 0 {
			out = []byte("null")
		}
		if !json.Valid(out) {
			return r, false, fmt.Errorf("output of call %q is not JSON", p.ToolCallID)
		}
		r.Output = llm.JSONOutput(json.RawMessage(out))
	case stateOutputError:
		r.Output = llm.ErrorOutput(p.ErrorText)
	case stateOutputDenied:
		reason := agent.DefaultDeclineReason
		if p.Approval != nil && strings.TrimSpace(p.Approval.Reason) != "" {
			reason = p.Approval.Reason
		}
		r.Output = llm.TextOutput(reason)
	default:
		return r, false, nil
	}
	return r, true, nil
}
