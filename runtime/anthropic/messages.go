package anthropic

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-go/toolgen/runtime"
)

// MessagesModel is a [runtime.Model] on the Messages API. It is safe for
// concurrent use.
type MessagesModel struct {
	id     string
	cfg    config
	client sdk.Client
	err    error
}

var _ runtime.Model = (*MessagesModel)(nil)

// New returns the Messages model id (such as "claude-sonnet-4-5"), or
// [ErrNoAPIKey] when no key is configured.
func New(id string, opts ...Option) (*MessagesModel, error) {
	m := Model(id, opts...)
	return m, m.err
}

// Model returns the Messages model id, such as "claude-sonnet-4-5". It
// never fails: a configuration error (see [New]) is returned by every call.
func Model(id string, opts ...Option) *MessagesModel {
	cfg, ro, err := resolve(opts)
	return &MessagesModel{id: id, cfg: cfg, client: sdk.NewClient(ro...), err: err}
}

// ID returns the model's id, as given to [Model].
func (m *MessagesModel) ID() string { return m.id }

// reasoningMeta is what a reasoning part carries in
// ProviderMetadata["anthropic"] to be sent back.
type reasoningMeta struct {
	Signature    string `json:"signature,omitempty"`
	RedactedData string `json:"redactedData,omitempty"`
}

// Generate implements [runtime.Model].
func (m *MessagesModel) Generate(ctx context.Context, req *runtime.Request) (*runtime.Response, error) {
	if m.err != nil {
		return nil, m.err
	}
	params, err := m.params(req)
	if err != nil {
		return nil, err
	}
	if _, err := sdk.CalculateNonStreamingTimeout(int(params.MaxTokens), params.Model, nil); err != nil {
		// The SDK refuses non-streaming requests that may outlast its
		// timeout (a large max_tokens): stream and collect instead.
		return runtime.CollectStream(m.Stream(ctx, req), nil)
	}
	res, err := m.client.Messages.New(ctx, params)
	if err != nil {
		return nil, apiError("messages", err)
	}
	msg := runtime.Message{Role: runtime.RoleAssistant}
	for _, b := range res.Content {
		switch b.Type {
		case "text":
			msg.Parts = append(msg.Parts, runtime.TextPart(b.Text))
		case "thinking":
			msg.Parts = append(msg.Parts, reasoningPart(b.Thinking, reasoningMeta{Signature: b.Signature}))
		case "redacted_thinking":
			msg.Parts = append(msg.Parts, reasoningPart("", reasoningMeta{RedactedData: b.Data}))
		case "tool_use":
			call := runtime.ToolCall{ID: b.ID, Name: b.Name, Arguments: string(b.Input)}
			msg.Parts = append(msg.Parts, runtime.Part{Type: runtime.PartToolCall, ToolCall: &call})
		}
	}
	return &runtime.Response{
		Message:         msg,
		FinishReason:    finishReason(string(res.StopReason)),
		RawFinishReason: string(res.StopReason),
		Usage:           usage(res.Usage.InputTokens, res.Usage.OutputTokens, res.Usage.CacheReadInputTokens, res.Usage.CacheCreationInputTokens),
		ID:              res.ID,
		ModelID:         res.Model,
	}, nil
}

func reasoningPart(text string, meta reasoningMeta) runtime.Part {
	data, _ := json.Marshal(meta)
	return runtime.Part{Type: runtime.PartReasoning, Text: text, ProviderMetadata: map[string]json.RawMessage{ProviderName: data}}
}

// streamBlock is a content block being received.
type streamBlock struct {
	kind                     string
	text                     string
	id, name, input          string
	thinking, sig, redaction string
}

// Stream implements [runtime.Model].
func (m *MessagesModel) Stream(ctx context.Context, req *runtime.Request) iter.Seq2[runtime.StreamPart, error] {
	return func(yield func(runtime.StreamPart, error) bool) {
		if m.err != nil {
			yield(runtime.StreamPart{}, m.err)
			return
		}
		params, err := m.params(req)
		if err != nil {
			yield(runtime.StreamPart{}, err)
			return
		}
		stream := m.client.Messages.NewStreaming(ctx, params)
		defer stream.Close()

		var (
			blocks  = map[int64]*streamBlock{}
			final   = &runtime.Response{}
			u       sdk.Usage
			stopped bool
		)
		for stream.Next() {
			ev := stream.Current()
			switch ev.Type {
			case "message_start":
				final.ID = ev.Message.ID
				final.ModelID = ev.Message.Model
				u = ev.Message.Usage
			case "content_block_start":
				cb := ev.ContentBlock
				b := &streamBlock{kind: cb.Type}
				blocks[ev.Index] = b
				switch cb.Type {
				case "text":
					b.text = cb.Text
					if cb.Text != "" && !yield(runtime.StreamPart{Type: runtime.StreamTextDelta, Text: cb.Text}, nil) {
						return
					}
				case "thinking":
					b.thinking, b.sig = cb.Thinking, cb.Signature
					if cb.Thinking != "" && !yield(runtime.StreamPart{Type: runtime.StreamReasoningDelta, Text: cb.Thinking}, nil) {
						return
					}
				case "redacted_thinking":
					b.redaction = cb.Data
				case "tool_use":
					b.id, b.name = cb.ID, cb.Name
					if !yield(runtime.StreamPart{Type: runtime.StreamToolCallStart, ToolCallID: b.id, ToolName: b.name}, nil) {
						return
					}
				}
			case "content_block_delta":
				b := blocks[ev.Index]
				if b == nil {
					yield(runtime.StreamPart{}, fmt.Errorf("anthropic: messages stream: delta for unknown content block %d", ev.Index))
					return
				}
				d := ev.Delta
				var part runtime.StreamPart
				switch d.Type {
				case "text_delta":
					b.text += d.Text
					part = runtime.StreamPart{Type: runtime.StreamTextDelta, Text: d.Text}
				case "thinking_delta":
					b.thinking += d.Thinking
					part = runtime.StreamPart{Type: runtime.StreamReasoningDelta, Text: d.Thinking}
				case "signature_delta":
					b.sig += d.Signature
					continue
				case "input_json_delta":
					b.input += d.PartialJSON
					part = runtime.StreamPart{Type: runtime.StreamToolCallDelta, ToolCallID: b.id, ToolName: b.name, Text: d.PartialJSON}
				default:
					continue
				}
				if part.Text != "" && !yield(part, nil) {
					return
				}
			case "content_block_stop":
				b := blocks[ev.Index]
				if b == nil || b.kind != "tool_use" {
					continue
				}
				args := b.input
				if args == "" {
					args = "{}" // a call without arguments streams no delta
				}
				if !yield(runtime.StreamPart{Type: runtime.StreamToolCall, ToolCall: &runtime.ToolCall{ID: b.id, Name: b.name, Arguments: args}}, nil) {
					return
				}
			case "message_delta":
				final.RawFinishReason = string(ev.Delta.StopReason)
				final.FinishReason = finishReason(final.RawFinishReason)
				// Counts in message_delta are cumulative.
				u.OutputTokens = ev.Usage.OutputTokens
				if ev.Usage.InputTokens > 0 {
					u.InputTokens = ev.Usage.InputTokens
				}
				if ev.Usage.CacheReadInputTokens > 0 {
					u.CacheReadInputTokens = ev.Usage.CacheReadInputTokens
				}
				if ev.Usage.CacheCreationInputTokens > 0 {
					u.CacheCreationInputTokens = ev.Usage.CacheCreationInputTokens
				}
			case "message_stop":
				stopped = true
			}
		}
		if err := stream.Err(); err != nil {
			yield(runtime.StreamPart{}, apiError("messages stream", err))
			return
		}
		if !stopped {
			yield(runtime.StreamPart{}, errors.New("anthropic: messages stream: the stream ended before message_stop"))
			return
		}
		final.Usage = usage(u.InputTokens, u.OutputTokens, u.CacheReadInputTokens, u.CacheCreationInputTokens)
		// Reasoning needs its signature to be sent back: the finish part
		// carries the whole message, in block order.
		final.Message = streamedMessage(blocks)
		yield(runtime.StreamPart{Type: runtime.StreamFinish, Response: final}, nil)
	}
}

// streamedMessage assembles the blocks of a stream into a message.
func streamedMessage(blocks map[int64]*streamBlock) runtime.Message {
	msg := runtime.Message{Role: runtime.RoleAssistant}
	for _, i := range slices.Sorted(maps.Keys(blocks)) {
		b := blocks[i]
		switch b.kind {
		case "text":
			if b.text != "" {
				msg.Parts = append(msg.Parts, runtime.TextPart(b.text))
			}
		case "thinking":
			msg.Parts = append(msg.Parts, reasoningPart(b.thinking, reasoningMeta{Signature: b.sig}))
		case "redacted_thinking":
			msg.Parts = append(msg.Parts, reasoningPart("", reasoningMeta{RedactedData: b.redaction}))
		case "tool_use":
			args := b.input
			if args == "" {
				args = "{}"
			}
			msg.Parts = append(msg.Parts, runtime.Part{Type: runtime.PartToolCall, ToolCall: &runtime.ToolCall{ID: b.id, Name: b.name, Arguments: args}})
		}
	}
	return msg
}

func finishReason(raw string) runtime.FinishReason {
	switch raw {
	case "end_turn", "stop_sequence":
		return runtime.FinishStop
	case "max_tokens", "model_context_window_exceeded":
		return runtime.FinishLength
	case "tool_use":
		return runtime.FinishToolCalls
	case "refusal":
		return runtime.FinishContentFilter
	}
	return runtime.FinishOther
}

// usage converts Anthropic's counts, where input_tokens excludes the
// tokens read from and written to the cache.
func usage(input, output, cacheRead, cacheWrite int64) runtime.Usage {
	in := int(input + cacheRead + cacheWrite)
	return runtime.Usage{
		InputTokens:       in,
		OutputTokens:      int(output),
		TotalTokens:       in + int(output),
		CachedInputTokens: int(cacheRead),
		CacheWriteTokens:  int(cacheWrite),
	}
}

// params converts req to the SDK's request parameters.
func (m *MessagesModel) params(req *runtime.Request) (sdk.MessageNewParams, error) {
	p := sdk.MessageNewParams{Model: m.id, MaxTokens: int64(m.cfg.maxTokens)}
	if req.MaxOutputTokens > 0 {
		p.MaxTokens = int64(req.MaxOutputTokens)
	}
	var turns []runtime.Message // runtime roles, consecutive ones merged
	for _, msg := range req.Messages {
		if msg.Role == runtime.RoleSystem {
			if text := msg.Text(); text != "" {
				p.System = append(p.System, sdk.TextBlockParam{Text: text})
			}
			continue
		}
		role := msg.Role
		if role == runtime.RoleTool {
			role = runtime.RoleUser
		}
		if n := len(turns); n > 0 && turns[n-1].Role == role {
			turns[n-1].Parts = append(turns[n-1].Parts, msg.Parts...)
			continue
		}
		turns = append(turns, runtime.Message{Role: role, Parts: append([]runtime.Part(nil), msg.Parts...)})
	}
	for i, t := range turns {
		blocks, err := contentBlocks(t.Parts)
		if err != nil {
			return p, fmt.Errorf("anthropic: turn %d (%s): %w", i, t.Role, err)
		}
		if len(blocks) == 0 {
			continue // the API rejects empty turns (say, only unsigned reasoning)
		}
		if t.Role == runtime.RoleAssistant {
			p.Messages = append(p.Messages, sdk.NewAssistantMessage(blocks...))
		} else {
			p.Messages = append(p.Messages, sdk.NewUserMessage(blocks...))
		}
	}
	for _, t := range req.Tools {
		schema, err := inputSchema(t.InputSchema)
		if err != nil {
			return p, fmt.Errorf("anthropic: tool %s: %w", t.Name, err)
		}
		tool := sdk.ToolParam{Name: t.Name, InputSchema: schema}
		if t.Description != "" {
			tool.Description = sdk.String(t.Description)
		}
		p.Tools = append(p.Tools, sdk.ToolUnionParam{OfTool: &tool})
	}
	if len(p.Tools) > 0 {
		var disable = m.cfg.parallel != nil && !*m.cfg.parallel
		switch req.ToolChoice.Mode {
		case "", runtime.ToolChoiceAuto:
			if req.ToolChoice.Mode != "" || disable {
				p.ToolChoice.OfAuto = &sdk.ToolChoiceAutoParam{}
			}
		case runtime.ToolChoiceNone:
			p.ToolChoice.OfNone = &sdk.ToolChoiceNoneParam{}
		case runtime.ToolChoiceRequired:
			p.ToolChoice.OfAny = &sdk.ToolChoiceAnyParam{}
		case runtime.ToolChoiceTool:
			p.ToolChoice.OfTool = &sdk.ToolChoiceToolParam{Name: req.ToolChoice.Name}
		default:
			return p, fmt.Errorf("anthropic: unknown tool choice mode %q", req.ToolChoice.Mode)
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
	if raw, ok := req.ProviderOptions[ProviderName]; ok {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(raw, &fields); err != nil {
			return p, fmt.Errorf("anthropic: provider options: want a JSON object: %w", err)
		}
		for k, v := range fields {
			extra[k] = v
		}
	}
	if len(extra) > 0 {
		p.SetExtraFields(extra)
	}
	return p, nil
}

// inputSchema converts a tool's input schema to the Anthropic dialect, the
// values kept raw so that the order of properties survives.
func inputSchema(schema json.RawMessage) (sdk.ToolInputSchemaParam, error) {
	var out sdk.ToolInputSchemaParam
	if len(schema) == 0 {
		out.Properties = map[string]any{}
		return out, nil
	}
	conv, err := runtime.ConvertSchema(schema, runtime.DialectAnthropic)
	if err != nil {
		return out, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(conv, &top); err != nil {
		return out, fmt.Errorf("input schema: %w", err)
	}
	for k, v := range top {
		switch k {
		case "type":
		case "properties":
			out.Properties = v
		case "required":
			if err := json.Unmarshal(v, &out.Required); err != nil {
				return out, fmt.Errorf("input schema: required: %w", err)
			}
		default:
			if out.ExtraFields == nil {
				out.ExtraFields = map[string]any{}
			}
			out.ExtraFields[k] = v
		}
	}
	return out, nil
}

// contentBlocks converts the parts of one turn.
func contentBlocks(parts []runtime.Part) ([]sdk.ContentBlockParamUnion, error) {
	var out []sdk.ContentBlockParamUnion
	for _, p := range parts {
		switch p.Type {
		case runtime.PartText:
			if p.Text != "" { // the API rejects empty text blocks
				out = append(out, sdk.NewTextBlock(p.Text))
			}
		case runtime.PartReasoning:
			var meta reasoningMeta
			if raw, ok := p.ProviderMetadata[ProviderName]; ok {
				_ = json.Unmarshal(raw, &meta)
			}
			switch {
			case meta.RedactedData != "":
				out = append(out, sdk.NewRedactedThinkingBlock(meta.RedactedData))
			case meta.Signature != "":
				out = append(out, sdk.NewThinkingBlock(meta.Signature, p.Text))
			}
		case runtime.PartImageURL, runtime.PartMedia:
			b, err := mediaBlock(p)
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		case runtime.PartToolCall:
			c := p.ToolCall
			out = append(out, sdk.NewToolUseBlock(c.ID, toolInput(c.Arguments), c.Name))
		case runtime.PartToolResult:
			b, err := toolResultBlock(*p.ToolResult)
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		default:
			return nil, fmt.Errorf("unknown part type %q", p.Type)
		}
	}
	return out, nil
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

func toolResultBlock(r runtime.ToolResult) (sdk.ContentBlockParamUnion, error) {
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
	case runtime.OutputContent:
		for _, p := range r.Output.Parts {
			switch p.Type {
			case runtime.PartText:
				text(p.Text)
			case runtime.PartImageURL, runtime.PartMedia:
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
func mediaBlock(p runtime.Part) (sdk.ContentBlockParamUnion, error) {
	mt := p.MediaType
	switch {
	case p.Type == runtime.PartImageURL || (strings.HasPrefix(mt, "image/") && len(p.Data) == 0 && p.URL != ""):
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
