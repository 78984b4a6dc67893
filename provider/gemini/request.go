package gemini

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"path"
	"strings"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// params converts req to the SDK's contents and configuration.
func (m *GenerativeModel) params(req *llm.Request) ([]*genai.Content, *genai.GenerateContentConfig, error) {
	gc := &genai.GenerateContentConfig{}
	var (
		contents []*genai.Content
		sent     = map[string]string{} // the id sent back for each call id
		system   []*genai.Part
	)
	for i, msg := range req.Messages {
		switch msg.Role {
		case llm.RoleSystem:
			if text := msg.Text(); text != "" {
				system = append(system, &genai.Part{Text: text})
			}
		case llm.RoleUser:
			parts, err := mediaParts(msg.Parts)
			if err != nil {
				return nil, nil, fmt.Errorf("gemini: message %d (user): %w", i, err)
			}
			contents = appendContent(contents, genai.RoleUser, parts)
		case llm.RoleAssistant:
			parts, err := m.modelParts(msg.Parts, sent)
			if err != nil {
				return nil, nil, fmt.Errorf("gemini: message %d (assistant): %w", i, err)
			}
			contents = appendContent(contents, genai.RoleModel, parts)
		case llm.RoleTool:
			results, media, err := resultParts(msg.ToolResults(), sent)
			if err != nil {
				return nil, nil, fmt.Errorf("gemini: message %d (tool): %w", i, err)
			}
			contents = appendContent(contents, genai.RoleUser, results)
			contents = appendContent(contents, genai.RoleUser, media)
		default:
			return nil, nil, fmt.Errorf("gemini: message %d: unknown role %q", i, msg.Role)
		}
	}
	if len(system) > 0 {
		gc.SystemInstruction = &genai.Content{Parts: system}
	}

	if len(req.Tools) > 0 {
		ft, err := functionTool(req.Tools)
		if err != nil {
			return nil, nil, err
		}
		gc.Tools = []*genai.Tool{ft}
		var fc *genai.FunctionCallingConfig
		switch req.ToolChoice.Mode {
		case "":
		case llm.ToolChoiceAuto:
			fc = &genai.FunctionCallingConfig{Mode: genai.FunctionCallingConfigModeAuto}
		case llm.ToolChoiceNone:
			fc = &genai.FunctionCallingConfig{Mode: genai.FunctionCallingConfigModeNone}
		case llm.ToolChoiceRequired:
			fc = &genai.FunctionCallingConfig{Mode: genai.FunctionCallingConfigModeAny}
		case llm.ToolChoiceTool:
			fc = &genai.FunctionCallingConfig{Mode: genai.FunctionCallingConfigModeAny, AllowedFunctionNames: []string{req.ToolChoice.Name}}
		default:
			return nil, nil, fmt.Errorf("gemini: unknown tool choice mode %q", req.ToolChoice.Mode)
		}
		if fc != nil {
			gc.ToolConfig = &genai.ToolConfig{FunctionCallingConfig: fc}
		}
	}

	if f := req.ResponseFormat; f != nil {
		sch, err := schema.Convert(f.Schema, schema.DialectStandard)
		if err != nil {
			return nil, nil, fmt.Errorf("gemini: response format %s: %w", f.Name, err)
		}
		gc.ResponseMIMEType = "application/json"
		gc.ResponseJsonSchema = sch
	}
	if req.Temperature != nil {
		gc.Temperature = new(float32(*req.Temperature))
	}
	if req.MaxOutputTokens > 0 {
		gc.MaxOutputTokens = int32(req.MaxOutputTokens)
	}
	if raw, ok := req.ProviderOptions[ProviderName]; ok {
		var extra map[string]any
		if err := json.Unmarshal(raw, &extra); err != nil || extra == nil {
			return nil, nil, fmt.Errorf("gemini: provider options: want a JSON object: %s", strings.TrimSpace(string(raw)))
		}
		gc.HTTPOptions = &genai.HTTPOptions{ExtraBody: extra}
	}
	return contents, gc, nil
}

// functionTool converts tool definitions to one tool of function
// declarations.
func functionTool(defs []llm.ToolDefinition) (*genai.Tool, error) {
	decls := make([]*genai.FunctionDeclaration, 0, len(defs))
	for _, t := range defs {
		params, err := parameters(t.InputSchema)
		if err != nil {
			return nil, fmt.Errorf("gemini: tool %s: %w", t.Name, err)
		}
		decls = append(decls, &genai.FunctionDeclaration{Name: t.Name, Description: t.Description, Parameters: params})
	}
	return &genai.Tool{FunctionDeclarations: decls}, nil
}

// skipSignature is the thought signature Google documents for function
// calls that did not come from a Gemini model ("skip_thought_signature_
// validator"), decoded: its JSON form is base64 and the API takes either
// alphabet.
var skipSignature, _ = base64.RawURLEncoding.DecodeString("skip_thought_signature_validator")

// appendContent appends a content of role holding parts, unless parts is
// empty: the API rejects a content without parts.
func appendContent(contents []*genai.Content, role genai.Role, parts []*genai.Part) []*genai.Content {
	if len(parts) == 0 {
		return contents
	}
	return append(contents, &genai.Content{Role: string(role), Parts: parts})
}

// modelParts converts the parts of an assistant message, noting in sent the
// id to send back with the result of each call.
func (m *GenerativeModel) modelParts(parts []llm.Part, sent map[string]string) ([]*genai.Part, error) {
	var (
		out    []*genai.Part
		signed bool
		first  *genai.Part // the first function call
	)
	for _, p := range parts {
		pm, ours := readMeta(p.ProviderMetadata)
		signed = signed || len(pm.ThoughtSignature) > 0
		switch p.Type {
		case llm.PartText:
			if p.Text != "" || len(pm.ThoughtSignature) > 0 {
				out = append(out, &genai.Part{Text: p.Text, ThoughtSignature: pm.ThoughtSignature})
			}
		case llm.PartReasoning:
			if ours { // reasoning from another provider means nothing here
				out = append(out, &genai.Part{Text: p.Text, Thought: true, ThoughtSignature: pm.ThoughtSignature})
			}
		case llm.PartImageURL, llm.PartMedia:
			mp, err := mediaPart(p)
			if err != nil {
				return nil, err
			}
			mp.ThoughtSignature = pm.ThoughtSignature
			out = append(out, mp)
		case llm.PartToolCall:
			c := p.ToolCall
			cm, _ := readMeta(c.ProviderMetadata)
			signed = signed || len(cm.ThoughtSignature) > 0
			sent[c.ID] = cm.ID
			fp := &genai.Part{
				FunctionCall:     &genai.FunctionCall{ID: cm.ID, Name: c.Name, Args: decodeArgs(c.Arguments)},
				ThoughtSignature: cm.ThoughtSignature,
			}
			if first == nil {
				first = fp
			}
			out = append(out, fp)
		case llm.PartRefusal:
			// Another provider's refusal: Gemini has no refusal part, and
			// the model should know what it said.
			if p.Text != "" {
				out = append(out, &genai.Part{Text: p.Text})
			}
		case llm.PartProviderItem:
			// Content only another provider understands.
		case llm.PartToolResult:
			return nil, fmt.Errorf("a tool result in an assistant message")
		default:
			return nil, fmt.Errorf("unknown part type %q", p.Type)
		}
	}
	if first != nil && !signed && gemini3OrLater(m.id) {
		first.ThoughtSignature = skipSignature
	}
	return out, nil
}

// decodeArgs returns a call's arguments as the API takes them: a JSON
// object, or an empty one when the model produced something else (the loop
// has told it so in the call's result).
func decodeArgs(args string) map[string]any {
	dec := json.NewDecoder(strings.NewReader(args))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil || obj == nil || dec.More() {
		return map[string]any{}
	}
	return obj
}

// resultParts converts the results of a tool message to functionResponse
// parts, and the media of content results to the parts of a user content
// that follows them.
func resultParts(results []llm.ToolResult, sent map[string]string) (responses, media []*genai.Part, err error) {
	for _, r := range results {
		fr := &genai.FunctionResponse{ID: sent[r.ToolCallID], Name: r.ToolName}
		var extra []llm.Part
		switch r.Output.Type {
		case llm.OutputErrorText:
			fr.Response = map[string]any{"error": r.Output.Text}
		case llm.OutputJSON:
			var v any
			dec := json.NewDecoder(bytes.NewReader(r.Output.JSON))
			dec.UseNumber()
			if err := dec.Decode(&v); err != nil {
				v = string(r.Output.JSON)
			}
			fr.Response = map[string]any{"output": v}
		case llm.OutputContent:
			for _, p := range r.Output.Parts {
				if p.Type != llm.PartText {
					extra = append(extra, p)
				}
			}
			text := r.Output.String()
			if text == "" && len(extra) > 0 {
				text = "The result is the media in the next message."
			}
			fr.Response = map[string]any{"output": text}
		default:
			fr.Response = map[string]any{"output": r.Output.String()}
		}
		responses = append(responses, &genai.Part{FunctionResponse: fr})
		if len(extra) == 0 {
			continue
		}
		conv, err := mediaParts(extra)
		if err != nil {
			return nil, nil, fmt.Errorf("result of call %s: %w", r.ToolCallID, err)
		}
		media = append(media, &genai.Part{Text: fmt.Sprintf("Media returned by tool call %s (%s):", r.ToolCallID, r.ToolName)})
		media = append(media, conv...)
	}
	return responses, media, nil
}

// mediaParts converts user content: text and media.
func mediaParts(parts []llm.Part) ([]*genai.Part, error) {
	var out []*genai.Part
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			if p.Text != "" {
				out = append(out, &genai.Part{Text: p.Text})
			}
		case llm.PartImageURL, llm.PartMedia:
			mp, err := mediaPart(p)
			if err != nil {
				return nil, err
			}
			out = append(out, mp)
		case llm.PartReasoning:
			// not the user's to send
		default:
			return nil, fmt.Errorf("a %s part cannot be sent as user content", p.Type)
		}
	}
	return out, nil
}

// mediaPart converts an image or other media: inline data, or file data
// for a URL, whose MIME type is guessed from its extension when the part
// does not say it.
func mediaPart(p llm.Part) (*genai.Part, error) {
	if len(p.Data) > 0 {
		if p.MediaType == "" {
			return nil, fmt.Errorf("inline media without a media type")
		}
		return &genai.Part{InlineData: &genai.Blob{MIMEType: p.MediaType, Data: p.Data}}, nil
	}
	if p.URL == "" {
		return nil, fmt.Errorf("a %s part without data or URL", p.Type)
	}
	mt := p.MediaType
	if mt == "" {
		if ext := path.Ext(strings.SplitN(strings.SplitN(p.URL, "?", 2)[0], "#", 2)[0]); ext != "" {
			mt, _, _ = strings.Cut(mime.TypeByExtension(ext), ";")
		}
	}
	return &genai.Part{FileData: &genai.FileData{FileURI: p.URL, MIMEType: mt}}, nil
}

// parameters converts a tool's input schema to Gemini's dialect and the
// SDK's Schema; nil for a tool without input properties, which Gemini
// wants declared without parameters.
func parameters(sch json.RawMessage) (*genai.Schema, error) {
	if len(sch) == 0 {
		return nil, nil
	}
	conv, err := schema.Convert(sch, schema.DialectGemini)
	if err != nil {
		return nil, err
	}
	var s genai.Schema
	dec := json.NewDecoder(bytes.NewReader(conv))
	dec.DisallowUnknownFields() // a keyword the SDK's Schema would drop
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("gemini schema: %w", err)
	}
	if strings.EqualFold(string(s.Type), string(genai.TypeObject)) && len(s.Properties) == 0 && len(s.AnyOf) == 0 {
		return nil, nil
	}
	return &s, nil
}
