package anthropic

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// MessagesModel is a [llm.Model] on the Messages API. It is safe for
// concurrent use.
type MessagesModel struct {
	id     string
	cfg    config
	client sdk.Client
	err    error
}

var _ llm.Model = (*MessagesModel)(nil)

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

// providerMeta is what a text part with citations carries in
// ProviderMetadata["anthropic"]: the citations as the API gave them.
type providerMeta struct {
	Citations json.RawMessage `json:"citations,omitempty"`
}

// Generate implements [llm.Model]. A turn the API pauses is continued
// (see "Paused turns" in the package documentation): the response is then
// the whole turn, its usage that of all the requests.
func (m *MessagesModel) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
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
		return llm.CollectStream(m.Stream(ctx, req), nil)
	}
	var total *llm.Response
	for pauses := 0; ; pauses++ {
		if pauses > 0 {
			if params, err = m.params(continuation(req, total.Message)); err != nil {
				return nil, err
			}
		}
		res, err := m.client.Messages.New(ctx, params)
		if err != nil {
			return nil, apiError("messages", err)
		}
		msg, answered := assistantMessage(res.Content, nil, m.formatTool(req))
		total = merge(total, &llm.Response{
			Message:         msg,
			FinishReason:    answerFinish(finishReason(string(res.StopReason)), msg, answered),
			RawFinishReason: string(res.StopReason),
			Usage:           usage(res.Usage),
			ID:              res.ID,
			ModelID:         res.Model,
		})
		if res.StopReason != sdk.StopReasonPauseTurn || pauses >= m.cfg.pauses {
			return total, nil
		}
	}
}

// continuation is req followed by the paused assistant turn so far, which
// the API continues.
func continuation(req *llm.Request, paused llm.Message) *llm.Request {
	next := *req
	next.Messages = append(slices.Clip(req.Messages), paused)
	return &next
}

// merge adds the response r, which continues total (nil at first), to it.
func merge(total, r *llm.Response) *llm.Response {
	if total == nil {
		return r
	}
	total.Message.Parts = append(total.Message.Parts, r.Message.Parts...)
	total.Usage = total.Usage.Add(r.Usage)
	total.FinishReason, total.RawFinishReason = r.FinishReason, r.RawFinishReason
	total.ID, total.ModelID = r.ID, r.ModelID
	return total
}

func reasoningPart(text string, meta reasoningMeta) llm.Part {
	data, _ := json.Marshal(meta)
	return llm.Part{Type: llm.PartReasoning, Text: text, ProviderMetadata: map[string]json.RawMessage{ProviderName: data}}
}

// assistantMessage converts the content blocks of a response. Text,
// thinking and tool_use blocks become parts of their kind (a text block's
// citations kept in its ProviderMetadata); every other block (server tool
// calls and their results…) becomes a [llm.PartProviderItem] part holding
// the block verbatim. args, when not nil, holds the arguments of streamed
// tool_use blocks by index, as they came. The input of a call of
// formatTool, when not "", is the answer: a text part; answered reports
// whether there was one.
func assistantMessage(content []sdk.ContentBlockUnion, args map[int]string, formatTool string) (msg llm.Message, answered bool) {
	msg = llm.Message{Role: llm.RoleAssistant}
	for i, b := range content {
		switch b.Type {
		case "text":
			var meta providerMeta
			_ = json.Unmarshal([]byte(b.RawJSON()), &meta)
			if !hasItems(meta.Citations) {
				if b.Text != "" {
					msg.Parts = append(msg.Parts, llm.TextPart(b.Text))
				}
				continue
			}
			data, _ := json.Marshal(providerMeta{Citations: meta.Citations})
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartText, Text: b.Text, ProviderMetadata: map[string]json.RawMessage{ProviderName: data}})
		case "thinking":
			msg.Parts = append(msg.Parts, reasoningPart(b.Thinking, reasoningMeta{Signature: b.Signature}))
		case "redacted_thinking":
			msg.Parts = append(msg.Parts, reasoningPart("", reasoningMeta{RedactedData: b.Data}))
		case "tool_use":
			arguments := string(b.Input)
			if a, ok := args[i]; ok {
				arguments = a
			}
			if formatTool != "" && b.Name == formatTool {
				msg.Parts = append(msg.Parts, answerPart(arguments))
				answered = true
				continue
			}
			if arguments == "" {
				arguments = "{}" // a call without arguments streams no delta
			}
			call := llm.ToolCall{ID: b.ID, Name: b.Name, Arguments: arguments}
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
		default:
			raw := b.RawJSON()
			if raw == "" {
				continue
			}
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartProviderItem, ProviderMetadata: map[string]json.RawMessage{ProviderName: json.RawMessage(raw)}})
		}
	}
	return msg, answered
}

// hasItems reports whether raw is a non-empty JSON array.
func hasItems(raw json.RawMessage) bool {
	var items []json.RawMessage
	return json.Unmarshal(raw, &items) == nil && len(items) > 0
}

// Stream implements [llm.Model]. A turn the API pauses is continued
// (see "Paused turns" in the package documentation) within the stream: the
// deltas of every request follow one another, and the finish part holds
// the whole turn and the usage of all the requests.
func (m *MessagesModel) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		if m.err != nil {
			yield(llm.StreamPart{}, m.err)
			return
		}
		var total *llm.Response
		for pauses := 0; ; pauses++ {
			r := req
			if pauses > 0 {
				r = continuation(req, total.Message)
			}
			params, err := m.params(r)
			if err != nil {
				yield(llm.StreamPart{}, err)
				return
			}
			res, ok := m.streamOnce(ctx, params, m.formatTool(req), yield)
			if !ok {
				return
			}
			total = merge(total, res)
			if res.RawFinishReason != string(sdk.StopReasonPauseTurn) || pauses >= m.cfg.pauses {
				break
			}
		}
		yield(llm.StreamPart{Type: llm.StreamFinish, Response: total}, nil)
	}
}

// streamOnce streams one request, yielding its deltas and calls, and
// returns its response. The input of a call of formatTool, when not "",
// streams as text deltas: it is the answer. It reports false when it
// yielded an error or the consumer stopped.
func (m *MessagesModel) streamOnce(ctx context.Context, params sdk.MessageNewParams, formatTool string, yield func(llm.StreamPart, error) bool) (*llm.Response, bool) {
	stream := m.client.Messages.NewStreaming(ctx, params)
	defer stream.Close()

	var (
		acc     sdk.Message        // the message so far, each block's JSON as the API sent it
		args    = map[int]string{} // tool_use arguments as they came, valid JSON or not
		answers = map[int]bool{}   // the indexes of the format tool's calls
		stopped bool
	)
	for stream.Next() {
		ev := stream.Current()
		if err := acc.Accumulate(ev); err != nil {
			yield(llm.StreamPart{}, fmt.Errorf("anthropic: messages stream: %w", err))
			return nil, false
		}
		var part llm.StreamPart
		switch ev.Type {
		case "content_block_start":
			cb := ev.ContentBlock
			switch cb.Type {
			case "text":
				part = llm.StreamPart{Type: llm.StreamTextDelta, Text: cb.Text}
			case "thinking":
				part = llm.StreamPart{Type: llm.StreamReasoningDelta, Text: cb.Thinking}
			case "tool_use":
				args[int(ev.Index)] = ""
				if formatTool != "" && cb.Name == formatTool {
					answers[int(ev.Index)] = true
					continue
				}
				if !yield(llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: cb.ID, ToolName: cb.Name}, nil) {
					return nil, false
				}
			}
		case "content_block_delta":
			i := int(ev.Index)
			d := ev.Delta
			switch d.Type {
			case "text_delta":
				part = llm.StreamPart{Type: llm.StreamTextDelta, Text: d.Text}
			case "thinking_delta":
				part = llm.StreamPart{Type: llm.StreamReasoningDelta, Text: d.Thinking}
			case "input_json_delta":
				if _, ok := args[i]; !ok {
					continue // a server tool's input: not a call of ours
				}
				args[i] += d.PartialJSON
				b := acc.Content[i]
				part = llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: b.ID, ToolName: b.Name, Text: d.PartialJSON}
				if answers[i] {
					part = llm.StreamPart{Type: llm.StreamTextDelta, Text: d.PartialJSON}
				}
			}
		case "content_block_stop":
			i := int(ev.Index)
			a, ok := args[i]
			if !ok {
				continue
			}
			if answers[i] {
				if a == "" {
					part = llm.StreamPart{Type: llm.StreamTextDelta, Text: answerPart(a).Text}
				}
				break
			}
			if a == "" {
				a = "{}" // a call without arguments streams no delta
			}
			b := acc.Content[i]
			if !yield(llm.StreamPart{Type: llm.StreamToolCall, ToolCall: &llm.ToolCall{ID: b.ID, Name: b.Name, Arguments: a}}, nil) {
				return nil, false
			}
		case "message_stop":
			stopped = true
		}
		if part.Text != "" && !yield(part, nil) {
			return nil, false
		}
	}
	if err := stream.Err(); err != nil {
		yield(llm.StreamPart{}, apiError("messages stream", err))
		return nil, false
	}
	if !stopped {
		yield(llm.StreamPart{}, errors.New("anthropic: messages stream: the stream ended before message_stop"))
		return nil, false
	}
	// Reasoning needs its signature to be sent back, server tool blocks
	// and citations their JSON: the response carries the whole message, in
	// block order.
	msg, answered := assistantMessage(acc.Content, args, formatTool)
	return &llm.Response{
		Message:         msg,
		FinishReason:    answerFinish(finishReason(string(acc.StopReason)), msg, answered),
		RawFinishReason: string(acc.StopReason),
		Usage:           usage(acc.Usage),
		ID:              acc.ID,
		ModelID:         acc.Model,
	}, true
}

func finishReason(raw string) llm.FinishReason {
	switch raw {
	case "end_turn", "stop_sequence":
		return llm.FinishStop
	case "max_tokens", "model_context_window_exceeded":
		return llm.FinishLength
	case "tool_use":
		return llm.FinishToolCalls
	case "refusal":
		return llm.FinishContentFilter
	}
	return llm.FinishOther
}

// usage converts Anthropic's counts, where input_tokens excludes the
// tokens read from and written to the cache. In a stream, these are the
// counts of message_start as message_delta updates them: the SDK's
// accumulation keeps each count message_delta sends (they are running
// totals, which grow when server tools run) and message_start's for those
// it leaves out.
func usage(u sdk.Usage) llm.Usage {
	in := int(u.InputTokens + u.CacheReadInputTokens + u.CacheCreationInputTokens)
	return llm.Usage{
		InputTokens:       in,
		OutputTokens:      int(u.OutputTokens),
		TotalTokens:       in + int(u.OutputTokens),
		CachedInputTokens: int(u.CacheReadInputTokens),
		CacheWriteTokens:  int(u.CacheCreationInputTokens),
	}
}

// params converts req to the SDK's request parameters.
func (m *MessagesModel) params(req *llm.Request) (sdk.MessageNewParams, error) {
	p := sdk.MessageNewParams{Model: m.id, MaxTokens: int64(m.cfg.maxTokens)}
	if req.MaxOutputTokens > 0 {
		p.MaxTokens = int64(req.MaxOutputTokens)
	}
	var turns []llm.Message // runtime roles, consecutive ones merged
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
		sch, err := inputSchema(t.InputSchema)
		if err != nil {
			return p, fmt.Errorf("anthropic: tool %s: %w", t.Name, err)
		}
		tool := sdk.ToolParam{Name: t.Name, InputSchema: sch}
		if t.Description != "" {
			tool.Description = sdk.String(t.Description)
		}
		p.Tools = append(p.Tools, sdk.ToolUnionParam{OfTool: &tool})
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

// inputSchema converts a tool's input schema to the Anthropic dialect. The
// converted schema is sent as it is: its bytes, and so the order of its
// properties, are the same at every step, as the cached prefix needs.
func inputSchema(schema1 json.RawMessage) (sdk.ToolInputSchemaParam, error) {
	if len(schema1) == 0 {
		return sdk.ToolInputSchemaParam{Properties: map[string]any{}}, nil
	}
	conv, err := schema.Convert(schema1, schema.DialectAnthropic)
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
