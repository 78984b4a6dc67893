package providertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// The generateContent wire format, as far as the server writes and reads
// it.

var geminiAPI = &wireAPI{
	name:      Gemini,
	idPrefix:  "call_",
	decode:    decodeGenerate,
	check:     checkSignatures,
	response:  func(x *exchange, turn scripted.Turn) any { return x.geminiAnswer(turn).response() },
	events:    geminiEvents,
	errorBody: geminiError,
	errorEvent: func(status int, message string) event {
		return newEvent("", geminiError(status, message))
	},
	crlf: true,
}

// geminiError is an API error in Google's shape.
func geminiError(status int, message string) any {
	name := orDefault(errorNames[status].google, "UNKNOWN")
	return map[string]any{"error": map[string]any{"code": status, "message": message, "status": name}}
}

type functionCall struct {
	ID   string          `json:"id,omitempty"`
	Name string          `json:"name"`
	Args json.RawMessage `json:"args"`
}

type geminiPart struct {
	Text             *string       `json:"text,omitempty"`
	FunctionCall     *functionCall `json:"functionCall,omitempty"`
	ThoughtSignature []byte        `json:"thoughtSignature,omitempty"`
}

type geminiContent struct {
	Parts []geminiPart `json:"parts"`
	Role  string       `json:"role"`
}

type candidate struct {
	Content      geminiContent `json:"content"`
	FinishReason string        `json:"finishReason,omitempty"`
	Index        int           `json:"index"`
}

type usageMetadata struct {
	PromptTokenCount        int `json:"promptTokenCount"`
	CandidatesTokenCount    int `json:"candidatesTokenCount"`
	TotalTokenCount         int `json:"totalTokenCount"`
	CachedContentTokenCount int `json:"cachedContentTokenCount,omitempty"`
	ThoughtsTokenCount      int `json:"thoughtsTokenCount,omitempty"`
}

type generateResponse struct {
	Candidates    []candidate   `json:"candidates"`
	UsageMetadata usageMetadata `json:"usageMetadata"`
	ModelVersion  string        `json:"modelVersion"`
	ResponseID    string        `json:"responseId"`
}

// geminiAnswer is a turn as the server sends it.
type geminiAnswer struct {
	turn      scripted.Turn
	model, id string
	finish    string
	usage     usageMetadata
	textSig   []byte
	firstSig  []byte
}

// geminiAnswer prepares the answer to a request for turn, and notes the
// signature of its first call.
func (x *exchange) geminiAnswer(turn scripted.Turn) geminiAnswer {
	a := geminiAnswer{turn: turn, model: x.model, id: fmt.Sprintf("resp_%d", x.seq), finish: geminiFinish(turn), usage: newUsageMetadata(turn.Usage)}
	if len(turn.ToolCalls) > 0 {
		c := turn.ToolCalls[0]
		a.firstSig = fmt.Appendf(nil, "providertest:%d:%s", x.seq, c.ID)
		x.srv.mu.Lock()
		x.srv.issued[c.ID] = string(a.firstSig)
		x.srv.mu.Unlock()
	} else if turn.Text != "" {
		a.textSig = fmt.Appendf(nil, "providertest:%d:text", x.seq)
	}
	return a
}

// geminiFinish is the API's finishReason for the turn's finish reason.
func geminiFinish(t scripted.Turn) string {
	switch r := finishReason(t); r {
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

// newUsageMetadata converts u; Gemini counts the thoughts apart from the
// candidates.
func newUsageMetadata(u llm.Usage) usageMetadata {
	return usageMetadata{
		PromptTokenCount:        u.InputTokens,
		CandidatesTokenCount:    u.OutputTokens - u.ReasoningTokens,
		TotalTokenCount:         total(u),
		CachedContentTokenCount: u.CachedInputTokens,
		ThoughtsTokenCount:      u.ReasoningTokens,
	}
}

func (a geminiAnswer) callPart(i int) geminiPart {
	c := a.turn.ToolCalls[i]
	args, ok := jsonObject(c.Arguments)
	if !ok {
		args = json.RawMessage(`{}`) // args can only be an object
	}
	p := geminiPart{FunctionCall: &functionCall{ID: c.ID, Name: c.Name, Args: args}}
	if i == 0 {
		p.ThoughtSignature = a.firstSig
	}
	return p
}

func (a geminiAnswer) wrap(parts []geminiPart, finish string) generateResponse {
	if parts == nil {
		parts = []geminiPart{}
	}
	return generateResponse{
		Candidates:    []candidate{{Content: geminiContent{Parts: parts, Role: "model"}, FinishReason: finish}},
		UsageMetadata: a.usage,
		ModelVersion:  a.model,
		ResponseID:    a.id,
	}
}

// response is the answer of generateContent.
func (a geminiAnswer) response() generateResponse {
	var parts []geminiPart
	if a.turn.Text != "" {
		parts = append(parts, geminiPart{Text: &a.turn.Text, ThoughtSignature: a.textSig})
	}
	for i := range a.turn.ToolCalls {
		parts = append(parts, a.callPart(i))
	}
	return a.wrap(parts, a.finish)
}

// geminiEvents are the chunks of streamGenerateContent: a chunk per word,
// one per call, and a last one with the finish reason (and the text's
// signature on an empty text part, as Gemini 3 sends it). Every chunk
// carries the usage.
func geminiEvents(x *exchange, turn scripted.Turn) ([]event, int) {
	a := x.geminiAnswer(turn)
	var evs []event
	for _, w := range streamDeltas(a.turn).text {
		evs = append(evs, newEvent("", a.wrap([]geminiPart{{Text: &w}}, "")))
	}
	textEnd := len(evs)
	for i := range a.turn.ToolCalls {
		evs = append(evs, newEvent("", a.wrap([]geminiPart{a.callPart(i)}, "")))
	}
	empty := ""
	evs = append(evs, newEvent("", a.wrap([]geminiPart{{Text: &empty, ThoughtSignature: a.textSig}}, a.finish)))
	return evs, textEnd
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

// generateRequest is a generateContent request body, as far as the server
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

// checkSignatures refuses, as Gemini 3 would, a request that lost a
// signature the server sent.
func checkSignatures(x *exchange) *StatusError {
	var in generateRequest
	if json.Unmarshal(x.body, &in) != nil {
		return nil
	}
	x.srv.mu.Lock()
	defer x.srv.mu.Unlock()
	issued := x.srv.issued
	refuse := func(format string, args ...any) *StatusError {
		return &StatusError{Status: http.StatusBadRequest, Message: fmt.Sprintf(format, args...)}
	}
	for i, c := range in.Contents {
		first := true
		for j, p := range c.Parts {
			if p.FunctionCall == nil {
				continue
			}
			want, ours := issued[p.FunctionCall.ID]
			got := string(p.ThoughtSignature)
			switch {
			case ours && got != want:
				return refuse("providertest: function call %q (id %s) in contents[%d].parts[%d] is missing its thought_signature: "+
					"the first function call of each model turn must carry the signature it came with (got %q, want %q)",
					p.FunctionCall.Name, p.FunctionCall.ID, i, j, got, want)
			case !ours && strings.HasPrefix(got, "providertest:"):
				return refuse("providertest: contents[%d].parts[%d]: the thought_signature %q is on function call %s, not on the call it came with", i, j, got, p.FunctionCall.ID)
			case first && !ours && callsOurs(issued, c.Parts):
				return refuse("providertest: contents[%d]: the first function call, %s, is not the first call the server sent in that turn", i, p.FunctionCall.ID)
			}
			first = false
		}
	}
	return nil
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

// decodeGenerate converts a generateContent request body to the llm
// request.
func decodeGenerate(body []byte) (*llm.Request, error) {
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
					results = append(results, llm.ToolResult{ToolCallID: id, ToolName: fr.Name, Output: functionOutput(fr.Response)})
					continue
				}
				if mp, ok := userPart(p); ok {
					user.Parts = append(user.Parts, mp)
				}
			}
			req.Messages = appendTurn(req.Messages, user, results)
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

// functionOutput converts a functionResponse's response: {"error": text}
// is an error, {"output": "text"} a text, anything else JSON (the output
// alone when the response has only that key).
func functionOutput(resp map[string]json.RawMessage) llm.ModelOutput {
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
