package openai

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// params converts req to the SDK's request parameters.
func (m *ChatModel) params(req *llm.Request, stream bool) (oai.ChatCompletionNewParams, error) {
	p := oai.ChatCompletionNewParams{Model: shared.ChatModel(m.id)}
	for i, msg := range req.Messages {
		conv, err := chatMessages(msg, m.reasoningBack)
		if err != nil {
			return p, fmt.Errorf("openai: message %d (%s): %w", i, msg.Role, err)
		}
		p.Messages = append(p.Messages, conv...)
	}
	for _, t := range req.Tools {
		ct, err := chatTool(t)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, ct)
	}
	if len(p.Tools) > 0 {
		switch req.ToolChoice.Mode {
		case "":
		case llm.ToolChoiceAuto, llm.ToolChoiceNone, llm.ToolChoiceRequired:
			p.ToolChoice.OfAuto = oai.String(string(req.ToolChoice.Mode))
		case llm.ToolChoiceTool:
			p.ToolChoice = oai.ToolChoiceOptionFunctionToolChoice(oai.ChatCompletionNamedToolChoiceFunctionParam{Name: req.ToolChoice.Name})
		default:
			return p, fmt.Errorf("openai: unknown tool choice mode %q", req.ToolChoice.Mode)
		}
		p.ParallelToolCalls = m.cfg.parallelToolCalls()
	}
	if f := req.ResponseFormat; f != nil {
		sch, strict, err := formatSchema(f)
		if err != nil {
			return p, err
		}
		js := shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: f.Name, Schema: sch, Strict: oai.Bool(strict)}
		if f.Description != "" {
			js.Description = oai.String(f.Description)
		}
		p.ResponseFormat.OfJSONSchema = &shared.ResponseFormatJSONSchemaParam{JSONSchema: js}
	}
	if req.Temperature != nil {
		p.Temperature = oai.Float(*req.Temperature)
	}
	if req.MaxOutputTokens > 0 {
		if m.cfg.legacyMax {
			p.MaxTokens = oai.Int(int64(req.MaxOutputTokens))
		} else {
			p.MaxCompletionTokens = oai.Int(int64(req.MaxOutputTokens))
		}
	}
	if stream {
		p.StreamOptions.IncludeUsage = oai.Bool(true)
	}
	return p, setProviderOptions(&p, req.ProviderOptions)
}

// chatMessages converts one llm message; a tool message whose results
// hold media becomes tool messages followed by a user message. With
// reasoningBack, an assistant message with tool calls carries its
// reasoning_content parts back in that field.
func chatMessages(msg llm.Message, reasoningBack bool) ([]oai.ChatCompletionMessageParamUnion, error) {
	switch msg.Role {
	case llm.RoleSystem:
		return []oai.ChatCompletionMessageParamUnion{oai.SystemMessage(msg.Text())}, nil
	case llm.RoleUser:
		if len(msg.Parts) == 1 && msg.Parts[0].Type == llm.PartText {
			return []oai.ChatCompletionMessageParamUnion{oai.UserMessage(msg.Parts[0].Text)}, nil
		}
		parts, err := contentParts(msg.Parts)
		if err != nil {
			return nil, err
		}
		return []oai.ChatCompletionMessageParamUnion{oai.UserMessage(parts)}, nil
	case llm.RoleAssistant:
		a := oai.ChatCompletionAssistantMessageParam{}
		if msg.Refusal() != "" {
			// A refusal goes back as a refusal content part, in order
			// with the text.
			for _, p := range msg.Parts {
				switch {
				case p.Type == llm.PartText && p.Text != "":
					a.Content.OfArrayOfContentParts = append(a.Content.OfArrayOfContentParts, oai.ChatCompletionAssistantMessageParamContentArrayOfContentPartUnion{
						OfText: &oai.ChatCompletionContentPartTextParam{Text: p.Text}})
				case p.Type == llm.PartRefusal && p.Text != "":
					a.Content.OfArrayOfContentParts = append(a.Content.OfArrayOfContentParts, oai.ChatCompletionAssistantMessageParamContentArrayOfContentPartUnion{
						OfRefusal: &oai.ChatCompletionContentPartRefusalParam{Refusal: p.Text}})
				}
			}
		} else if text := msg.Text(); text != "" {
			a.Content.OfString = oai.String(text)
		}
		for _, c := range msg.ToolCalls() {
			a.ToolCalls = append(a.ToolCalls, oai.ChatCompletionMessageToolCallUnionParam{
				OfFunction: &oai.ChatCompletionMessageFunctionToolCallParam{
					ID:       c.ID,
					Function: oai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.Name, Arguments: c.Arguments},
				},
			})
		}
		if reasoningBack && len(a.ToolCalls) > 0 {
			if r, ok := sentReasoning(msg); ok {
				a.SetExtraFields(map[string]any{reasoningContentField: r})
			}
		}
		if a.Content.OfString.Valid() || len(a.Content.OfArrayOfContentParts) > 0 || len(a.ToolCalls) > 0 {
			return []oai.ChatCompletionMessageParamUnion{{OfAssistant: &a}}, nil
		}
		return nil, nil // nothing the API can take (reasoning only)
	case llm.RoleTool:
		var (
			out   []oai.ChatCompletionMessageParamUnion
			media []oai.ChatCompletionContentPartUnionParam
		)
		for _, r := range msg.ToolResults() {
			var parts []llm.Part
			if r.Output.Type == llm.OutputContent {
				for _, p := range r.Output.Parts {
					if p.Type != llm.PartText {
						parts = append(parts, p)
					}
				}
			}
			text := r.Output.String()
			if text == "" && len(parts) > 0 {
				text = "The result is the media in the next message."
			}
			out = append(out, oai.ToolMessage(text, r.ToolCallID))
			if len(parts) == 0 {
				continue
			}
			conv, err := contentParts(parts)
			if err != nil {
				return nil, fmt.Errorf("result of call %s: %w", r.ToolCallID, err)
			}
			media = append(media, oai.TextContentPart(fmt.Sprintf("Media returned by tool call %s (%s):", r.ToolCallID, r.ToolName)))
			media = append(media, conv...)
		}
		if len(media) > 0 {
			out = append(out, oai.UserMessage(media))
		}
		return out, nil
	}
	return nil, fmt.Errorf("unknown role %q", msg.Role)
}

// sentReasoning returns the reasoning of msg that came in the
// reasoning_content field, and whether it has any (even empty).
func sentReasoning(msg llm.Message) (string, bool) {
	var (
		b  strings.Builder
		ok bool
	)
	for _, p := range msg.Parts {
		if p.Type == llm.PartReasoning && readMeta(p.ProviderMetadata).Field == reasoningContentField {
			b.WriteString(p.Text)
			ok = true
		}
	}
	return b.String(), ok
}

// contentParts converts user content: text, images, PDFs and audio.
func contentParts(parts []llm.Part) ([]oai.ChatCompletionContentPartUnionParam, error) {
	var out []oai.ChatCompletionContentPartUnionParam
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			out = append(out, oai.TextContentPart(p.Text))
		case llm.PartImageURL:
			out = append(out, oai.ImageContentPart(oai.ChatCompletionContentPartImageImageURLParam{URL: p.URL}))
		case llm.PartMedia:
			part, err := mediaPart(p)
			if err != nil {
				return nil, err
			}
			out = append(out, part)
		case llm.PartReasoning:
			// Reasoning is the model's; it has no place in user content.
		default:
			return nil, fmt.Errorf("a %s part cannot be sent as content", p.Type)
		}
	}
	return out, nil
}

func mediaPart(p llm.Part) (oai.ChatCompletionContentPartUnionParam, error) {
	mt := p.MediaType
	switch {
	case strings.HasPrefix(mt, "image/"):
		url := p.URL
		if len(p.Data) > 0 {
			url = dataURL(mt, p.Data)
		}
		return oai.ImageContentPart(oai.ChatCompletionContentPartImageImageURLParam{URL: url}), nil
	case mt == "application/pdf" && len(p.Data) > 0:
		f := oai.ChatCompletionContentPartFileFileParam{FileData: oai.String(dataURL(mt, p.Data))}
		name := p.Filename
		if name == "" {
			name = "document.pdf"
		}
		f.Filename = oai.String(name)
		return oai.FileContentPart(f), nil
	case (mt == "audio/wav" || mt == "audio/mpeg" || mt == "audio/mp3") && len(p.Data) > 0:
		format := "mp3"
		if mt == "audio/wav" {
			format = "wav"
		}
		return oai.InputAudioContentPart(oai.ChatCompletionContentPartInputAudioInputAudioParam{
			Data: base64.StdEncoding.EncodeToString(p.Data), Format: format,
		}), nil
	}
	return oai.ChatCompletionContentPartUnionParam{}, fmt.Errorf("media of type %q cannot be sent to Chat Completions", mt)
}

// params converts req to the SDK's request parameters.
func (m *ResponsesModel) params(req *llm.Request) (responses.ResponseNewParams, error) {
	p := responses.ResponseNewParams{Model: shared.ResponsesModel(m.id)}
	var input responses.ResponseInputParam
	for i, msg := range req.Messages {
		items, err := inputItems(msg)
		if err != nil {
			return p, fmt.Errorf("openai: message %d (%s): %w", i, msg.Role, err)
		}
		input = append(input, items...)
	}
	p.Input.OfInputItemList = input
	for _, t := range req.Tools {
		rt, err := responsesTool(t)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, rt)
	}
	if len(p.Tools) > 0 {
		switch req.ToolChoice.Mode {
		case "":
		case llm.ToolChoiceAuto, llm.ToolChoiceNone, llm.ToolChoiceRequired:
			p.ToolChoice.OfToolChoiceMode = oai.Opt(responses.ToolChoiceOptions(req.ToolChoice.Mode))
		case llm.ToolChoiceTool:
			p.ToolChoice.OfFunctionTool = &responses.ToolChoiceFunctionParam{Name: req.ToolChoice.Name}
		default:
			return p, fmt.Errorf("openai: unknown tool choice mode %q", req.ToolChoice.Mode)
		}
		p.ParallelToolCalls = m.cfg.parallelToolCalls()
	}
	if f := req.ResponseFormat; f != nil {
		sch, strict, err := formatSchema(f)
		if err != nil {
			return p, err
		}
		js := &responses.ResponseFormatTextJSONSchemaConfigParam{Name: f.Name, Schema: sch, Strict: oai.Bool(strict)}
		if f.Description != "" {
			js.Description = oai.String(f.Description)
		}
		p.Text.Format.OfJSONSchema = js
	}
	if req.Temperature != nil {
		p.Temperature = oai.Float(*req.Temperature)
	}
	if req.MaxOutputTokens > 0 {
		p.MaxOutputTokens = oai.Int(int64(req.MaxOutputTokens))
	}
	return p, setProviderOptions(&p, req.ProviderOptions)
}

// inputItems converts one llm message to input items.
func inputItems(msg llm.Message) (responses.ResponseInputParam, error) {
	var out responses.ResponseInputParam
	switch msg.Role {
	case llm.RoleSystem:
		out = append(out, responses.ResponseInputItemParamOfMessage(msg.Text(), responses.EasyInputMessageRoleSystem))
	case llm.RoleUser:
		if len(msg.Parts) == 1 && msg.Parts[0].Type == llm.PartText {
			return append(out, responses.ResponseInputItemParamOfMessage(msg.Parts[0].Text, responses.EasyInputMessageRoleUser)), nil
		}
		content, err := inputContent(msg.Parts)
		if err != nil {
			return nil, err
		}
		out = append(out, responses.ResponseInputItemParamOfMessage(content, responses.EasyInputMessageRoleUser))
	case llm.RoleAssistant:
		out = append(out, assistantItems(msg.Parts)...)
	case llm.RoleTool:
		for _, r := range msg.ToolResults() {
			var item responses.ResponseInputItemUnionParam
			if r.Output.Type == llm.OutputContent {
				list, err := outputContent(r.Output.Parts)
				if err != nil {
					return nil, fmt.Errorf("result of call %s: %w", r.ToolCallID, err)
				}
				item = responses.ResponseInputItemParamOfFunctionCallOutput(list)
			} else {
				item = responses.ResponseInputItemParamOfFunctionCallOutput(r.Output.String())
			}
			item.OfFunctionCallOutput.CallID = oai.String(r.ToolCallID)
			out = append(out, item)
		}
	default:
		return nil, fmt.Errorf("unknown role %q", msg.Role)
	}
	return out, nil
}

// assistantItems converts the parts of an assistant message to input
// items, giving back each output item it came from: consecutive parts of
// one item (by id) make one item again, so a reasoning item is followed by
// the message, call or other item that followed it. Text without an item
// id (from another provider, or written by hand) is sent as an assistant
// message, a refusal without one as its text; reasoning without one has no
// item to go back as, nor have other providers' items.
func assistantItems(parts []llm.Part) responses.ResponseInputParam {
	var (
		out       responses.ResponseInputParam
		text      strings.Builder
		message   *responses.ResponseOutputMessageParam
		reasoning *responses.ResponseReasoningItemParam
	)
	flush := func() {
		if text.Len() > 0 {
			out = append(out, responses.ResponseInputItemParamOfMessage(text.String(), responses.EasyInputMessageRoleAssistant))
			text.Reset()
		}
		if message != nil {
			out = append(out, responses.ResponseInputItemUnionParam{OfOutputMessage: message})
			message = nil
		}
		if reasoning != nil {
			out = append(out, responses.ResponseInputItemUnionParam{OfReasoning: reasoning})
			reasoning = nil
		}
	}
	for _, p := range parts {
		im := readMeta(p.ProviderMetadata)
		switch p.Type {
		case llm.PartText, llm.PartRefusal:
			if im.ItemID == "" {
				if message != nil || reasoning != nil {
					flush()
				}
				text.WriteString(p.Text)
				continue
			}
			if message == nil || message.ID != im.ItemID {
				flush()
				message = &responses.ResponseOutputMessageParam{ID: im.ItemID, Status: responses.ResponseOutputMessageStatusCompleted,
					Phase: responses.ResponseOutputMessagePhase(im.Phase)}
			}
			var c responses.ResponseOutputMessageContentUnionParam
			if p.Type == llm.PartRefusal {
				c.OfRefusal = &responses.ResponseOutputRefusalParam{Refusal: p.Text}
			} else {
				t := &responses.ResponseOutputTextParam{Text: p.Text, Annotations: []responses.ResponseOutputTextAnnotationUnionParam{}}
				if len(im.Annotations) > 0 {
					_ = json.Unmarshal(im.Annotations, &t.Annotations)
				}
				c.OfOutputText = t
			}
			message.Content = append(message.Content, c)
		case llm.PartReasoning:
			if im.ItemID == "" {
				continue // reasoning from elsewhere: no item to send back
			}
			if reasoning == nil || reasoning.ID != im.ItemID {
				flush()
				reasoning = &responses.ResponseReasoningItemParam{ID: im.ItemID, Summary: []responses.ResponseReasoningItemSummaryParam{}}
			}
			switch {
			case im.ReasoningText:
				reasoning.Content = append(reasoning.Content, responses.ResponseReasoningItemContentParam{Text: p.Text})
			case p.Text != "":
				reasoning.Summary = append(reasoning.Summary, responses.ResponseReasoningItemSummaryParam{Text: p.Text})
			}
			if im.EncryptedContent != "" {
				reasoning.EncryptedContent = oai.String(im.EncryptedContent)
			}
		case llm.PartToolCall:
			flush()
			c := p.ToolCall
			item := responses.ResponseInputItemParamOfFunctionCall(c.Arguments, c.ID, c.Name)
			if im := readMeta(c.ProviderMetadata); im.ItemID != "" {
				item.OfFunctionCall.ID = oai.String(im.ItemID)
			}
			out = append(out, item)
		case llm.PartProviderItem:
			if len(im.Item) == 0 {
				continue // another provider's
			}
			flush()
			out = append(out, param.Override[responses.ResponseInputItemUnionParam](im.Item))
		}
	}
	flush()
	return out
}

// inputContent converts user content.
func inputContent(parts []llm.Part) (responses.ResponseInputMessageContentListParam, error) {
	var out responses.ResponseInputMessageContentListParam
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			out = append(out, responses.ResponseInputContentParamOfInputText(p.Text))
		case llm.PartImageURL, llm.PartMedia:
			m, err := mediaSource(p)
			switch {
			case err != nil:
				return nil, err
			case m.image:
				out = append(out, responses.ResponseInputContentUnionParam{OfInputImage: &responses.ResponseInputImageParam{
					Detail: responses.ResponseInputImageDetailAuto, ImageURL: oai.String(m.url)}})
			default:
				out = append(out, responses.ResponseInputContentUnionParam{OfInputFile: &responses.ResponseInputFileParam{
					Filename: oai.String(m.filename), FileData: m.data(), FileURL: m.link()}})
			}
		case llm.PartReasoning:
		default:
			return nil, fmt.Errorf("a %s part cannot be sent as content", p.Type)
		}
	}
	return out, nil
}

// outputContent converts the parts of a content tool result.
func outputContent(parts []llm.Part) (responses.ResponseFunctionCallOutputItemListParam, error) {
	var out responses.ResponseFunctionCallOutputItemListParam
	for _, p := range parts {
		if p.Type == llm.PartText {
			out = append(out, responses.ResponseFunctionCallOutputItemParamOfInputText(p.Text))
			continue
		}
		if p.Type != llm.PartImageURL && p.Type != llm.PartMedia {
			return nil, fmt.Errorf("a %s part cannot be a tool result", p.Type)
		}
		m, err := mediaSource(p)
		switch {
		case err != nil:
			return nil, err
		case m.image:
			out = append(out, responses.ResponseFunctionCallOutputItemUnionParam{OfInputImage: &responses.ResponseInputImageContentParam{ImageURL: oai.String(m.url)}})
		default:
			out = append(out, responses.ResponseFunctionCallOutputItemUnionParam{OfInputFile: &responses.ResponseInputFileContentParam{
				Filename: oai.String(m.filename), FileData: m.data(), FileURL: m.link()}})
		}
	}
	return out, nil
}

// media is an image or a PDF as the Responses API takes it.
type media struct {
	url      string // a data URL for inline bytes
	image    bool   // an image, else a file
	inline   bool
	filename string // of a file: the part's, else "document.pdf"
}

// data is the file's file_data: its data URL, for inline bytes.
func (m media) data() param.Opt[string] {
	if m.inline {
		return oai.String(m.url)
	}
	return param.Opt[string]{}
}

// link is the file's file_url, for a file by URL.
func (m media) link() param.Opt[string] {
	if m.inline {
		return param.Opt[string]{}
	}
	return oai.String(m.url)
}

// mediaSource returns an image or a PDF as the Responses API takes it.
func mediaSource(p llm.Part) (media, error) {
	m := media{url: p.URL, inline: len(p.Data) > 0, filename: p.Filename}
	if m.inline {
		m.url = dataURL(p.MediaType, p.Data)
	}
	if m.filename == "" {
		m.filename = "document.pdf"
	}
	switch {
	case p.Type == llm.PartImageURL || strings.HasPrefix(p.MediaType, "image/"):
		m.image = true
		return m, nil
	case p.MediaType == "application/pdf":
		return m, nil
	}
	return media{}, fmt.Errorf("media of type %q cannot be sent to the Responses API", p.MediaType)
}

// parallelToolCalls is parallel_tool_calls for a request with tools: the
// option's, or nothing for the server's default.
func (c config) parallelToolCalls() param.Opt[bool] {
	if c.parallel == nil {
		return param.Opt[bool]{}
	}
	return oai.Bool(*c.parallel)
}

// setProviderOptions sets the fields of ProviderOptions["openai"] in the
// request body of p.
func setProviderOptions(p interface{ SetExtraFields(map[string]any) }, po map[string]json.RawMessage) error {
	raw, ok := po[ProviderName]
	if !ok {
		return nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return fmt.Errorf("openai: provider options: want a JSON object: %w", err)
	}
	extra := make(map[string]any, len(fields))
	for k, v := range fields {
		extra[k] = v
	}
	if len(extra) > 0 {
		p.SetExtraFields(extra)
	}
	return nil
}

// chatTool converts a tool definition to a Chat Completions function
// tool, "strict": true for a strict tool and left out otherwise.
func chatTool(t llm.ToolDefinition) (oai.ChatCompletionToolUnionParam, error) {
	params, err := toolParameters(t)
	if err != nil {
		return oai.ChatCompletionToolUnionParam{}, err
	}
	fn := shared.FunctionDefinitionParam{Name: t.Name, Parameters: params}
	if t.Description != "" {
		fn.Description = oai.String(t.Description)
	}
	if t.Strict {
		fn.Strict = oai.Bool(true)
	}
	return oai.ChatCompletionFunctionTool(fn), nil
}

// responsesTool converts a tool definition to a Responses API function
// tool, "strict" always set: the API makes function tools strict unless
// told not to.
func responsesTool(t llm.ToolDefinition) (responses.ToolUnionParam, error) {
	params, err := toolParameters(t)
	if err != nil {
		return responses.ToolUnionParam{}, err
	}
	fn := responses.FunctionToolParam{Name: t.Name, Parameters: params, Strict: oai.Bool(t.Strict)}
	if t.Description != "" {
		fn.Description = oai.String(t.Description)
	}
	return responses.ToolUnionParam{OfFunction: &fn}, nil
}

// toolParameters returns the parameters of a function tool: its input
// schema, in [schema.DialectOpenAIStrict] for a strict tool.
func toolParameters(t llm.ToolDefinition) (shared.FunctionParameters, error) {
	sch := t.InputSchema
	if t.Strict {
		strict, err := schema.Convert(sch, schema.DialectOpenAIStrict)
		if err != nil {
			return nil, fmt.Errorf("openai: tool %s: %w", t.Name, err)
		}
		sch = strict
	}
	params, err := parameters(sch)
	if err != nil {
		return nil, fmt.Errorf("openai: tool %s: %w", t.Name, err)
	}
	return params, nil
}

// formatSchema returns the schema to send for a response format, and
// whether to send it strict: a strict format's schema in
// [schema.DialectOpenAIStrict], or, when that dialect cannot express it,
// the schema as it is, not strict (as [llm.ResponseFormat] asks; a
// strict tool's schema that cannot be converted is an error instead, which
// toolgen reports at generate time).
func formatSchema(f *llm.ResponseFormat) (map[string]any, bool, error) {
	schema2, strict := f.Schema, f.Strict
	if strict {
		if conv, err := schema.Convert(schema2, schema.DialectOpenAIStrict); err == nil {
			schema2 = conv
		} else {
			strict = false
		}
	}
	params, err := parameters(schema2)
	if err != nil {
		return nil, false, fmt.Errorf("openai: response format %s: %w", f.Name, err)
	}
	return params, strict, nil
}

// parameters turns a JSON Schema into function parameters. Its top-level
// values stay raw, so that the order of properties, which models follow,
// is kept.
func parameters(schema3 json.RawMessage) (shared.FunctionParameters, error) {
	if len(schema3) == 0 {
		return shared.FunctionParameters{"type": "object", "properties": map[string]any{}}, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(schema3, &top); err != nil {
		return nil, fmt.Errorf("input schema: want a JSON object: %w", err)
	}
	out := make(shared.FunctionParameters, len(top))
	for k, v := range top {
		out[k] = v
	}
	return out, nil
}

func dataURL(mediaType string, data []byte) string {
	return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(data)
}
