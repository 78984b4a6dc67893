package anthropic

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// params converts req to the SDK's request parameters.
func (m *MessagesModel) params(req *llm.Request) (sdk.MessageNewParams, error) {
	p := sdk.MessageNewParams{Model: m.id, MaxTokens: int64(m.cfg.maxTokens)}
	if req.MaxOutputTokens > 0 {
		p.MaxTokens = int64(req.MaxOutputTokens)
	}
	var turns []llm.Message // llm roles, consecutive ones merged
	for _, msg := range req.Messages {
		if msg.Role == llm.RoleSystem {
			if text := msg.Text(); text != "" {
				p.System = append(p.System, sdk.TextBlockParam{Text: text})
			}
			continue
		}
		role := msg.Role
		if role == llm.RoleTool {
			role = llm.RoleUser
		}
		if n := len(turns); n > 0 && turns[n-1].Role == role {
			turns[n-1].Parts = append(turns[n-1].Parts, msg.Parts...)
			continue
		}
		turns = append(turns, llm.Message{Role: role, Parts: append([]llm.Part(nil), msg.Parts...)})
	}
	var built []turn
	for i, t := range turns {
		blocks, err := contentBlocks(t.Parts)
		if err != nil {
			return p, fmt.Errorf("anthropic: turn %d (%s): %w", i, t.Role, err)
		}
		if len(blocks) == 0 {
			continue // the API rejects empty turns (say, only unsigned reasoning)
		}
		built = append(built, turn{user: t.Role != llm.RoleAssistant, blocks: blocks})
	}
	for _, t := range req.Tools {
		tool, err := toolParam(t)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, tool)
	}
	choice := req.ToolChoice
	if name := m.formatTool(req); name != "" {
		tool, err := formatToolParam(req.ResponseFormat, p.Tools)
		if err != nil {
			return p, err
		}
		p.Tools = append(p.Tools, tool)
		choice = m.formatChoice(req, name)
	}
	serverTools := slices.Clone(m.cfg.serverTools)
	if len(p.Tools)+len(serverTools) > 0 {
		var disable = m.cfg.parallel != nil && !*m.cfg.parallel
		switch choice.Mode {
		case "", llm.ToolChoiceAuto:
			if choice.Mode != "" || disable {
				p.ToolChoice.OfAuto = &sdk.ToolChoiceAutoParam{}
			}
		case llm.ToolChoiceNone:
			p.ToolChoice.OfNone = &sdk.ToolChoiceNoneParam{}
		case llm.ToolChoiceRequired:
			p.ToolChoice.OfAny = &sdk.ToolChoiceAnyParam{}
		case llm.ToolChoiceTool:
			p.ToolChoice.OfTool = &sdk.ToolChoiceToolParam{Name: choice.Name}
		default:
			return p, fmt.Errorf("anthropic: unknown tool choice mode %q", choice.Mode)
		}
		if disable {
			switch {
			case p.ToolChoice.OfAuto != nil:
				p.ToolChoice.OfAuto.DisableParallelToolUse = sdk.Bool(true)
			case p.ToolChoice.OfAny != nil:
				p.ToolChoice.OfAny.DisableParallelToolUse = sdk.Bool(true)
			case p.ToolChoice.OfTool != nil:
				p.ToolChoice.OfTool.DisableParallelToolUse = sdk.Bool(true)
			}
		}
	}
	// This SDK version has no temperature field; the API still takes one.
	extra := map[string]any{}
	if req.Temperature != nil {
		extra["temperature"] = *req.Temperature
	}
	caching := !m.cfg.noCache
	if raw, ok := req.ProviderOptions[ProviderName]; ok {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return p, fmt.Errorf("anthropic: provider options: want a JSON object: %w", err)
		}
		for k, v := range fields {
			extra[k] = v
		}
		if cc, ok := fields["cache_control"]; ok {
			// The request's own caching: the API's automatic caching, or
			// none (null, not sent).
			caching = false
			if string(bytes.TrimSpace(cc)) == "null" {
				delete(extra, "cache_control")
			}
		}
	}
	if f := req.ResponseFormat; f != nil && m.sendsNative(f) {
		format, err := outputFormat(f)
		if err != nil {
			return p, err
		}
		if own, ok := extra["output_config"].(json.RawMessage); ok {
			// The provider options' output_config (effort…) keeps its
			// fields and gets the format.
			merged, err := withFormat(own, format)
			if err != nil {
				return p, err
			}
			extra["output_config"] = merged
		} else {
			p.OutputConfig.Format = format
		}
	}
	if caching {
		placeBreakpoints(p.Tools, serverTools, p.System, built)
	}
	for _, t := range serverTools {
		p.Tools = append(p.Tools, param.Override[sdk.ToolUnionParam](t))
	}
	for _, t := range built {
		content := make([]sdk.ContentBlockParamUnion, len(t.blocks))
		for i, b := range t.blocks {
			content[i] = b.union()
		}
		if t.user {
			p.Messages = append(p.Messages, sdk.NewUserMessage(content...))
		} else {
			p.Messages = append(p.Messages, sdk.NewAssistantMessage(content...))
		}
	}
	if len(extra) > 0 {
		p.SetExtraFields(extra)
	}
	return p, nil
}

// continuation is req followed by the paused assistant turn so far, which
// the API continues.
func continuation(req *llm.Request, paused llm.Message) *llm.Request {
	next := *req
	next.Messages = append(slices.Clip(req.Messages), paused)
	return &next
}

// toolParam converts a tool definition to a client tool, its input schema
// in the Anthropic dialect.
func toolParam(t llm.ToolDefinition) (sdk.ToolUnionParam, error) {
	sch, err := inputSchema(t.InputSchema)
	if err != nil {
		return sdk.ToolUnionParam{}, fmt.Errorf("anthropic: tool %s: %w", t.Name, err)
	}
	tool := sdk.ToolParam{Name: t.Name, InputSchema: sch}
	if t.Description != "" {
		tool.Description = sdk.String(t.Description)
	}
	return sdk.ToolUnionParam{OfTool: &tool}, nil
}

// inputSchema converts a tool's input schema to the Anthropic dialect. The
// converted schema is sent as it is: its bytes, and so the order of its
// properties, are the same at every step, as the cached prefix needs.
func inputSchema(sch json.RawMessage) (sdk.ToolInputSchemaParam, error) {
	if len(sch) == 0 {
		return sdk.ToolInputSchemaParam{Properties: map[string]any{}}, nil
	}
	conv, err := schema.Convert(sch, schema.DialectAnthropic)
	if err != nil {
		return sdk.ToolInputSchemaParam{}, err
	}
	return param.Override[sdk.ToolInputSchemaParam](conv), nil
}

// contentBlocks converts the parts of one turn.
func contentBlocks(parts []llm.Part) ([]block, error) {
	var out []block
	add := func(u sdk.ContentBlockParamUnion) { out = append(out, block{param: u}) }
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			if p.Text == "" { // the API rejects empty text blocks
				continue
			}
			var meta providerMeta
			if raw, ok := p.ProviderMetadata[ProviderName]; ok {
				_ = json.Unmarshal(raw, &meta)
			}
			if !hasItems(meta.Citations) {
				add(sdk.NewTextBlock(p.Text))
				continue
			}
			// Cited text goes back with its citations as the API gave them.
			raw, err := json.Marshal(struct {
				Type      string          `json:"type"`
				Text      string          `json:"text"`
				Citations json.RawMessage `json:"citations"`
			}{"text", p.Text, meta.Citations})
			if err != nil {
				return nil, err
			}
			out = append(out, block{raw: raw, typ: "text"})
		case llm.PartReasoning:
			var meta reasoningMeta
			if raw, ok := p.ProviderMetadata[ProviderName]; ok {
				_ = json.Unmarshal(raw, &meta)
			}
			switch {
			case meta.RedactedData != "":
				add(sdk.NewRedactedThinkingBlock(meta.RedactedData))
			case meta.Signature != "":
				add(sdk.NewThinkingBlock(meta.Signature, p.Text))
			}
		case llm.PartProviderItem:
			raw, ok := p.ProviderMetadata[ProviderName]
			if !ok {
				continue // another provider's
			}
			var head struct {
				Type string `json:"type"`
			}
			if err := json.Unmarshal(raw, &head); err != nil || head.Type == "" {
				return nil, fmt.Errorf("a provider part's %s metadata is not a content block: %s", ProviderName, truncate(raw))
			}
			out = append(out, block{raw: raw, typ: head.Type})
		case llm.PartRefusal:
			// Another provider's refusal: Anthropic has no refusal block,
			// and the model should know what it said.
			if p.Text != "" {
				add(sdk.NewTextBlock(p.Text))
			}
		case llm.PartImageURL, llm.PartMedia:
			b, err := mediaBlock(p)
			if err != nil {
				return nil, err
			}
			add(b)
		case llm.PartToolCall:
			c := p.ToolCall
			add(sdk.NewToolUseBlock(c.ID, toolInput(c.Arguments), c.Name))
		case llm.PartToolResult:
			b, err := toolResultBlock(*p.ToolResult)
			if err != nil {
				return nil, err
			}
			add(b)
		default:
			return nil, fmt.Errorf("unknown part type %q", p.Type)
		}
	}
	return out, nil
}

// truncate returns raw as text, cut to 80 bytes.
func truncate(raw json.RawMessage) string {
	if len(raw) > 80 {
		return string(raw[:77]) + "..."
	}
	return string(raw)
}

// toolInput returns a call's arguments as the API takes them: a JSON
// object, or {} when the model produced something else.
func toolInput(args string) json.RawMessage {
	trimmed := strings.TrimSpace(args)
	if strings.HasPrefix(trimmed, "{") && json.Valid([]byte(trimmed)) {
		return json.RawMessage(trimmed)
	}
	return json.RawMessage("{}")
}

func toolResultBlock(r llm.ToolResult) (sdk.ContentBlockParamUnion, error) {
	b := sdk.ToolResultBlockParam{ToolUseID: r.ToolCallID}
	if r.IsError() {
		b.IsError = sdk.Bool(true)
	}
	text := func(s string) {
		if s != "" {
			b.Content = append(b.Content, sdk.ToolResultBlockParamContentUnion{OfText: &sdk.TextBlockParam{Text: s}})
		}
	}
	switch r.Output.Type {
	case llm.OutputContent:
		for _, p := range r.Output.Parts {
			switch p.Type {
			case llm.PartText:
				text(p.Text)
			case llm.PartImageURL, llm.PartMedia:
				mb, err := mediaBlock(p)
				if err != nil {
					return sdk.ContentBlockParamUnion{}, fmt.Errorf("result of call %s: %w", r.ToolCallID, err)
				}
				switch {
				case mb.OfImage != nil:
					b.Content = append(b.Content, sdk.ToolResultBlockParamContentUnion{OfImage: mb.OfImage})
				case mb.OfDocument != nil:
					b.Content = append(b.Content, sdk.ToolResultBlockParamContentUnion{OfDocument: mb.OfDocument})
				}
			}
		}
	default:
		text(r.Output.String())
	}
	return sdk.ContentBlockParamUnion{OfToolResult: &b}, nil
}

// mediaBlock converts an image or a PDF, inline or by URL.
func mediaBlock(p llm.Part) (sdk.ContentBlockParamUnion, error) {
	mt := p.MediaType
	switch {
	case p.Type == llm.PartImageURL || (strings.HasPrefix(mt, "image/") && len(p.Data) == 0 && p.URL != ""):
		return sdk.NewImageBlock(sdk.URLImageSourceParam{URL: p.URL}), nil
	case strings.HasPrefix(mt, "image/"):
		switch mt {
		case "image/jpeg", "image/png", "image/gif", "image/webp":
		default:
			return sdk.ContentBlockParamUnion{}, fmt.Errorf("image type %q: the Messages API takes jpeg, png, gif and webp", mt)
		}
		return sdk.NewImageBlockBase64(mt, base64.StdEncoding.EncodeToString(p.Data)), nil
	case mt == "application/pdf" && len(p.Data) > 0:
		return sdk.NewDocumentBlock(sdk.Base64PDFSourceParam{Data: base64.StdEncoding.EncodeToString(p.Data)}), nil
	case mt == "application/pdf" && p.URL != "":
		return sdk.NewDocumentBlock(sdk.URLPDFSourceParam{URL: p.URL}), nil
	}
	return sdk.ContentBlockParamUnion{}, fmt.Errorf("media of type %q cannot be sent to the Messages API", mt)
}
