package geminitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// The generateContent wire format, as far as the fake writes and reads it.

type functionCall struct {
	ID   string          `json:"id,omitempty"`
	Name string          `json:"name"`
	Args json.RawMessage `json:"args"`
}

type part struct {
	Text             *string       `json:"text,omitempty"`
	FunctionCall     *functionCall `json:"functionCall,omitempty"`
	ThoughtSignature []byte        `json:"thoughtSignature,omitempty"`
}

type content struct {
	Parts []part `json:"parts"`
	Role  string `json:"role"`
}

type candidate struct {
	Content      content `json:"content"`
	FinishReason string  `json:"finishReason,omitempty"`
	Index        int     `json:"index"`
}

type usageMetadata struct {
	PromptTokenCount        int `json:"promptTokenCount"`
	CandidatesTokenCount    int `json:"candidatesTokenCount"`
	TotalTokenCount         int `json:"totalTokenCount"`
	CachedContentTokenCount int `json:"cachedContentTokenCount,omitempty"`
	ThoughtsTokenCount      int `json:"thoughtsTokenCount,omitempty"`
}

type response struct {
	Candidates    []candidate   `json:"candidates"`
	UsageMetadata usageMetadata `json:"usageMetadata"`
	ModelVersion  string        `json:"modelVersion"`
	ResponseID    string        `json:"responseId"`
}

// answer is a turn as the server sends it.
type answer struct {
	turn      scripted.Turn
	model, id string
	finish    string
	usage     usageMetadata
	textSig   []byte
	firstSig  []byte
}

// answer prepares the answer to a request for turn, number seq, and notes
// the signature of its first call.
func (s *Server) answer(turn scripted.Turn, seq int, model string) answer {
	a := answer{turn: turn, model: model, id: fmt.Sprintf("resp_%d", seq), finish: finishReason(turn), usage: newUsage(turn.Usage)}
	if len(turn.ToolCalls) > 0 {
		c := turn.ToolCalls[0]
		a.firstSig = []byte(fmt.Sprintf("geminitest:%d:%s", seq, c.ID))
		s.mu.Lock()
		s.issued[c.ID] = string(a.firstSig)
		s.mu.Unlock()
	} else if turn.Text != "" {
		a.textSig = []byte(fmt.Sprintf("geminitest:%d:text", seq))
	}
	return a
}

// finishReason is the API's finishReason for the turn's finish reason,
// defaulted as the scripted model does.
func finishReason(t scripted.Turn) string {
	r := t.FinishReason
	if r == "" {
		r = llm.FinishStop
	}
	switch r {
	case llm.FinishStop, llm.FinishToolCalls:
		return "STOP"
	case llm.FinishLength:
		return "MAX_TOKENS"
	case llm.FinishContentFilter:
		return "SAFETY"
	case llm.FinishError:
		return "MALFORMED_FUNCTION_CALL"
	case llm.FinishOther:
		return "OTHER"
	default:
		return string(r)
	}
}

// newUsage converts u; Gemini counts the thoughts apart from the
// candidates.
func newUsage(u llm.Usage) usageMetadata {
	total := u.TotalTokens
	if total == 0 {
		total = u.InputTokens + u.OutputTokens
	}
	return usageMetadata{
		PromptTokenCount:        u.InputTokens,
		CandidatesTokenCount:    u.OutputTokens - u.ReasoningTokens,
		TotalTokenCount:         total,
		CachedContentTokenCount: u.CachedInputTokens,
		ThoughtsTokenCount:      u.ReasoningTokens,
	}
}

// args returns the arguments as a functionCall's args: the object itself,
// or {} for arguments that are not a JSON object.
func args(a string) json.RawMessage {
	trimmed := strings.TrimSpace(a)
	if strings.HasPrefix(trimmed, "{") && json.Valid([]byte(trimmed)) {
		return json.RawMessage(trimmed)
	}
	return json.RawMessage(`{}`)
}

func (a answer) callPart(i int) part {
	c := a.turn.ToolCalls[i]
	p := part{FunctionCall: &functionCall{ID: c.ID, Name: c.Name, Args: args(c.Arguments)}}
	if i == 0 {
		p.ThoughtSignature = a.firstSig
	}
	return p
}

func (a answer) wrap(parts []part, finish string) response {
	if parts == nil {
		parts = []part{}
	}
	return response{
		Candidates:    []candidate{{Content: content{Parts: parts, Role: "model"}, FinishReason: finish}},
		UsageMetadata: a.usage,
		ModelVersion:  a.model,
		ResponseID:    a.id,
	}
}

// response is the answer of generateContent.
func (a answer) response() response {
	var parts []part
	if a.turn.Text != "" {
		parts = append(parts, part{Text: &a.turn.Text, ThoughtSignature: a.textSig})
	}
	for i := range a.turn.ToolCalls {
		parts = append(parts, a.callPart(i))
	}
	return a.wrap(parts, a.finish)
}

// chunks are the events of streamGenerateContent: a chunk per word, one
// per call, and a last one with the finish reason (and the text's
// signature on an empty text part, as Gemini 3 sends it). Every chunk
// carries the usage.
func (a answer) chunks() []response {
	var out []response
	for _, w := range words(a.turn.Text) {
		out = append(out, a.wrap([]part{{Text: &w}}, ""))
	}
	for i := range a.turn.ToolCalls {
		out = append(out, a.wrap([]part{a.callPart(i)}, ""))
	}
	empty := ""
	out = append(out, a.wrap([]part{{Text: &empty, ThoughtSignature: a.textSig}}, a.finish))
	return out
}

// wirePart is a part of a request.
type wirePart struct {
	Text             string `json:"text"`
	Thought          bool   `json:"thought"`
	ThoughtSignature []byte `json:"thoughtSignature"`
	InlineData       *struct {
		MIMEType string `json:"mimeType"`
		Data     []byte `json:"data"`
	} `json:"inlineData"`
	FileData *struct {
		MIMEType string `json:"mimeType"`
		FileURI  string `json:"fileUri"`
	} `json:"fileData"`
	FunctionCall *struct {
		ID   string          `json:"id"`
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string                     `json:"id"`
		Name     string                     `json:"name"`
		Response map[string]json.RawMessage `json:"response"`
	} `json:"functionResponse"`
}

// generateRequest is a generateContent request body, as far as the fake
// reads it.
type generateRequest struct {
	Contents []struct {
		Role  string     `json:"role"`
		Parts []wirePart `json:"parts"`
	} `json:"contents"`
	SystemInstruction *struct {
		Parts []wirePart `json:"parts"`
	} `json:"systemInstruction"`
	Tools []struct {
		FunctionDeclarations []struct {
			Name                 string          `json:"name"`
			Description          string          `json:"description"`
			Parameters           json.RawMessage `json:"parameters"`
			ParametersJSONSchema json.RawMessage `json:"parametersJsonSchema"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
	ToolConfig *struct {
		FunctionCallingConfig *struct {
			Mode                 string   `json:"mode"`
			AllowedFunctionNames []string `json:"allowedFunctionNames"`
		} `json:"functionCallingConfig"`
	} `json:"toolConfig"`
	GenerationConfig struct {
		ResponseMIMEType   string          `json:"responseMimeType"`
		ResponseJSONSchema json.RawMessage `json:"responseJsonSchema"`
		ResponseSchema     json.RawMessage `json:"responseSchema"`
	} `json:"generationConfig"`
}

// checkSignatures returns why a request lost a signature the server sent,
// as Gemini 3 would refuse it, or "".
func (s *Server) checkSignatures(body []byte) string {
	var in generateRequest
	if json.Unmarshal(body, &in) != nil {
		return ""
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, c := range in.Contents {
		first := true
		for j, p := range c.Parts {
			if p.FunctionCall == nil {
				continue
			}
			want, ours := s.issued[p.FunctionCall.ID]
			got := string(p.ThoughtSignature)
			switch {
			case ours && got != want:
				return fmt.Sprintf("geminitest: function call %q (id %s) in contents[%d].parts[%d] is missing its thought_signature: "+
					"the first function call of each model turn must carry the signature it came with (got %q, want %q)",
					p.FunctionCall.Name, p.FunctionCall.ID, i, j, got, want)
			case !ours && strings.HasPrefix(got, "geminitest:"):
				return fmt.Sprintf("geminitest: contents[%d].parts[%d]: the thought_signature %q is on function call %s, not on the call it came with", i, j, got, p.FunctionCall.ID)
			case first && !ours && callsOurs(s.issued, c.Parts):
				return fmt.Sprintf("geminitest: contents[%d]: the first function call, %s, is not the first call the server sent in that turn", i, p.FunctionCall.ID)
			}
			first = false
		}
	}
	return ""
}

// callsOurs reports whether any call among parts was made by the server.
func callsOurs(issued map[string]string, parts []wirePart) bool {
	for _, p := range parts {
		if p.FunctionCall != nil {
			if _, ok := issued[p.FunctionCall.ID]; ok {
				return true
			}
		}
	}
	return false
}

// decodeRequest converts a generateContent request body to the runtime's
// request.
func decodeRequest(body []byte) (*llm.Request, error) {
	var in generateRequest
	if err := json.Unmarshal(body, &in); err != nil {
		return nil, err
	}
	req := &llm.Request{}
	if in.SystemInstruction != nil {
		for _, p := range in.SystemInstruction.Parts {
			req.Messages = append(req.Messages, llm.SystemMessage(p.Text))
		}
	}
	var lastCalls []string // the ids of the calls of the last model content
	for i, c := range in.Contents {
		switch c.Role {
		case "model":
			msg := llm.Message{Role: llm.RoleAssistant}
			lastCalls = nil
			for j, p := range c.Parts {
				switch {
				case p.FunctionCall != nil:
					id := p.FunctionCall.ID
					if id == "" {
						id = fmt.Sprintf("contents[%d].parts[%d]", i, j)
					}
					lastCalls = append(lastCalls, id)
					a := "{}"
					if len(p.FunctionCall.Args) > 0 && string(p.FunctionCall.Args) != "null" {
						a = string(p.FunctionCall.Args)
					}
					call := llm.ToolCall{ID: id, Name: p.FunctionCall.Name, Arguments: a}
					msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
				case p.Thought:
					msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartReasoning, Text: p.Text})
				case p.Text != "":
					msg.Parts = append(msg.Parts, llm.TextPart(p.Text))
				}
			}
			req.Messages = append(req.Messages, msg)
		default:
			var results []llm.ToolResult
			user := llm.Message{Role: llm.RoleUser}
			for _, p := range c.Parts {
				if fr := p.FunctionResponse; fr != nil {
					id := fr.ID
					if id == "" && len(results) < len(lastCalls) {
						id = lastCalls[len(results)]
					}
					results = append(results, llm.ToolResult{ToolCallID: id, ToolName: fr.Name, Output: output(fr.Response)})
					continue
				}
				if mp, ok := userPart(p); ok {
					user.Parts = append(user.Parts, mp)
				}
			}
			if len(results) > 0 {
				req.Messages = append(req.Messages, llm.ToolMessage(results...))
			}
			if len(user.Parts) > 0 || len(results) == 0 {
				req.Messages = append(req.Messages, user)
			}
		}
	}
	for _, t := range in.Tools {
		for _, d := range t.FunctionDeclarations {
			schema := d.Parameters
			if len(schema) == 0 {
				schema = d.ParametersJSONSchema
			}
			req.Tools = append(req.Tools, llm.ToolDefinition{Name: d.Name, Description: d.Description, InputSchema: schema})
		}
	}
	if tc := in.ToolConfig; tc != nil && tc.FunctionCallingConfig != nil {
		fc := tc.FunctionCallingConfig
		switch {
		case fc.Mode == "ANY" && len(fc.AllowedFunctionNames) == 1:
			req.ToolChoice = llm.ChoiceTool(fc.AllowedFunctionNames[0])
		case fc.Mode == "ANY":
			req.ToolChoice = llm.ChoiceRequired
		case fc.Mode == "NONE":
			req.ToolChoice = llm.ChoiceNone
		case fc.Mode == "AUTO":
			req.ToolChoice = llm.ChoiceAuto
		}
	}
	if g := in.GenerationConfig; g.ResponseMIMEType == "application/json" {
		schema := g.ResponseJSONSchema
		if len(schema) == 0 {
			schema = g.ResponseSchema
		}
		if len(schema) > 0 {
			req.ResponseFormat = &llm.ResponseFormat{Schema: schema}
		}
	}
	return req, nil
}

// userPart converts a text or media part of a user content.
func userPart(p wirePart) (llm.Part, bool) {
	switch {
	case p.InlineData != nil:
		return llm.MediaPart(p.InlineData.MIMEType, p.InlineData.Data), true
	case p.FileData != nil && (p.FileData.MIMEType == "" || strings.HasPrefix(p.FileData.MIMEType, "image/")):
		return llm.ImageURLPart(p.FileData.FileURI), true
	case p.FileData != nil:
		return llm.Part{Type: llm.PartMedia, MediaType: p.FileData.MIMEType, URL: p.FileData.FileURI}, true
	case p.Text != "":
		return llm.TextPart(p.Text), true
	}
	return llm.Part{}, false
}

// output converts a functionResponse's response: {"error": text} is an
// error, {"output": "text"} a text, anything else JSON (the output alone
// when the response has only that key).
func output(resp map[string]json.RawMessage) llm.ModelOutput {
	if raw, ok := resp["error"]; ok {
		var text string
		if json.Unmarshal(raw, &text) != nil {
			text = string(raw)
		}
		return llm.ErrorOutput(text)
	}
	if raw, ok := resp["output"]; ok && len(resp) == 1 {
		var text string
		if json.Unmarshal(raw, &text) == nil {
			return llm.TextOutput(text)
		}
		return llm.JSONOutput(bytes.TrimSpace(raw))
	}
	raw, _ := json.Marshal(resp)
	return llm.JSONOutput(raw)
}
