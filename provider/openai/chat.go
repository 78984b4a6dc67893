package openai

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/url"
	"slices"
	"strings"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/respjson"
	"github.com/openai/openai-go/v3/shared"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// ChatModel is a [llm.Model] on the Chat Completions API. It is safe
// for concurrent use.
type ChatModel struct {
	id     string
	cfg    config
	client oai.Client
	err    error
	// reasoningBack: send reasoning_content back (see WithReasoningContent).
	reasoningBack bool
}

var _ llm.Model = (*ChatModel)(nil)

// New returns the Chat Completions model id (such as "gpt-5.4"), or
// [ErrNoAPIKey] when it would call api.openai.com without a key.
func New(id string, opts ...Option) (*ChatModel, error) {
	m := Model(id, opts...)
	return m, m.err
}

// Model returns the Chat Completions model id, such as "gpt-5.4". It never
// fails: a configuration error (see [New]) is returned by every call.
func Model(id string, opts ...Option) *ChatModel {
	cfg, ro, err := resolve(opts)
	back := isDeepSeek(cfg.base)
	if cfg.reasoningContent != nil {
		back = *cfg.reasoningContent
	}
	return &ChatModel{id: id, cfg: cfg, client: oai.NewClient(ro...), err: err, reasoningBack: back}
}

// ID returns the model's id, as given to [Model].
func (m *ChatModel) ID() string { return m.id }

// Capabilities implements [llm.CapabilityReporter]: Chat Completions
// takes response_format together with tools.
func (m *ChatModel) Capabilities() llm.Capabilities {
	return llm.Capabilities{OutputWithTools: true}
}

// Generate implements [llm.Model].
func (m *ChatModel) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if m.err != nil {
		return nil, m.err
	}
	params, err := m.params(req, false)
	if err != nil {
		return nil, err
	}
	res, err := m.client.Chat.Completions.New(ctx, params)
	if err != nil {
		return nil, apiError("chat completion", err)
	}
	if len(res.Choices) == 0 {
		return nil, errors.New("openai: chat completion: the response has no choices")
	}
	ch := res.Choices[0]
	msg := llm.Message{Role: llm.RoleAssistant}
	if r, ok := reasoningContent(ch.Message.JSON.ExtraFields); ok && (r != "" || len(ch.Message.ToolCalls) > 0) {
		msg.Parts = append(msg.Parts, reasoningPart(r))
	}
	if ch.Message.Content != "" {
		msg.Parts = append(msg.Parts, llm.TextPart(ch.Message.Content))
	}
	if ch.Message.Refusal != "" {
		msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartRefusal, Text: ch.Message.Refusal})
	}
	for i, tc := range ch.Message.ToolCalls {
		if tc.Type != "" && tc.Type != "function" {
			continue
		}
		call := llm.ToolCall{ID: callID(tc.ID, int64(i)), Name: tc.Function.Name, Arguments: tc.Function.Arguments}
		msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
	}
	return &llm.Response{
		Message:         msg,
		FinishReason:    chatFinish(ch.FinishReason, msg),
		RawFinishReason: ch.FinishReason,
		Usage:           usage(res.Usage),
		ID:              res.ID,
		ModelID:         res.Model,
	}, nil
}

// reasoningContentField is the message field in which OpenAI-compatible
// servers (DeepSeek, xAI, vLLM…) put the model's reasoning; OpenAI's API
// has none.
const reasoningContentField = "reasoning_content"

// reasoningContent returns the reasoning_content field of a message or a
// delta, and whether it is there as a string (null is not).
func reasoningContent(fields map[string]respjson.Field) (string, bool) {
	// The SDK keeps unknown fields raw (and does not call them valid).
	raw := fields[reasoningContentField].Raw()
	var s string
	if raw == "" || raw == "null" || json.Unmarshal([]byte(raw), &s) != nil {
		return "", false
	}
	return s, true
}

// reasoningPart is a reasoning part from the reasoning_content field; its
// metadata marks it as one to send back in that field.
func reasoningPart(text string) llm.Part {
	return llm.Part{Type: llm.PartReasoning, Text: text, ProviderMetadata: itemMeta{Field: reasoningContentField}.metadata()}
}

// chatFinish maps a response's finish reason: a refusal, which the API
// reports as "stop", is [llm.FinishRefusal].
func chatFinish(raw string, msg llm.Message) llm.FinishReason {
	reason := finishReason(raw, len(msg.ToolCalls()) > 0)
	if reason == llm.FinishStop && msg.Refusal() != "" {
		return llm.FinishRefusal
	}
	return reason
}

// streamCall is a tool call being assembled from stream chunks.
type streamCall struct {
	id, name, args string
	started        bool
}

// Stream implements [llm.Model].
func (m *ChatModel) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		if m.err != nil {
			yield(llm.StreamPart{}, m.err)
			return
		}
		params, err := m.params(req, true)
		if err != nil {
			yield(llm.StreamPart{}, err)
			return
		}
		stream := m.client.Chat.Completions.NewStreaming(ctx, params)
		defer stream.Close()

		var (
			calls   = map[int64]*streamCall{} // by key: the index, or an alias
			alias   = map[int64]int64{}       // index → key of its latest call
			order   []int64
			final   = &llm.Response{}
			rawStop string
			msg     = llm.Message{Role: llm.RoleAssistant}
		)
		// add appends a delta to the message being assembled, so that the
		// finish part carries it whole (reasoning with its metadata).
		add := func(t llm.PartType, s string) {
			if n := len(msg.Parts); n > 0 && msg.Parts[n-1].Type == t {
				msg.Parts[n-1].Text += s
				return
			}
			p := llm.Part{Type: t, Text: s}
			if t == llm.PartReasoning {
				p = reasoningPart(s)
			}
			msg.Parts = append(msg.Parts, p)
		}
		for stream.Next() {
			chunk := stream.Current()
			if chunk.ID != "" {
				final.ID = chunk.ID
			}
			if chunk.Model != "" {
				final.ModelID = chunk.Model
			}
			if chunk.JSON.Usage.Valid() {
				final.Usage = usage(chunk.Usage)
			}
			for _, ch := range chunk.Choices {
				if ch.Index != 0 {
					continue
				}
				if d, ok := reasoningContent(ch.Delta.JSON.ExtraFields); ok {
					// An empty first delta still opens the part: DeepSeek
					// wants it back with tool calls even when empty.
					add(llm.PartReasoning, d)
					if d != "" && !yield(llm.StreamPart{Type: llm.StreamReasoningDelta, Text: d}, nil) {
						return
					}
				}
				if d := ch.Delta.Content; d != "" {
					add(llm.PartText, d)
					if !yield(llm.StreamPart{Type: llm.StreamTextDelta, Text: d}, nil) {
						return
					}
				}
				if d := ch.Delta.Refusal; d != "" {
					add(llm.PartRefusal, d)
					if !yield(llm.StreamPart{Type: llm.StreamRefusalDelta, Text: d}, nil) {
						return
					}
				}
				for _, tc := range ch.Delta.ToolCalls {
					key, ok := alias[tc.Index]
					if !ok {
						key = tc.Index
					}
					c := calls[key]
					if c != nil && tc.ID != "" && c.id != "" && tc.ID != c.id {
						// Some compatible servers give every call index 0;
						// a new id is a new call.
						key = 1<<32 + int64(len(order))
						alias[tc.Index] = key
						c = nil
					}
					if c == nil {
						c = &streamCall{}
						calls[key] = c
						order = append(order, key)
					}
					if c.id == "" {
						c.id = tc.ID
					}
					if c.name == "" {
						c.name = tc.Function.Name
					}
					c.args += tc.Function.Arguments
					if !c.started && c.id != "" && c.name != "" {
						// Arguments that came before the call's id and name
						// are sent in the first delta.
						c.started = true
						if !yield(llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: c.id, ToolName: c.name}, nil) {
							return
						}
						if c.args != "" && !yield(llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: c.id, ToolName: c.name, Text: c.args}, nil) {
							return
						}
						continue
					}
					if c.started && tc.Function.Arguments != "" {
						if !yield(llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: c.id, ToolName: c.name, Text: tc.Function.Arguments}, nil) {
							return
						}
					}
				}
				if ch.FinishReason != "" {
					rawStop = ch.FinishReason
				}
			}
		}
		if err := stream.Err(); err != nil {
			yield(llm.StreamPart{}, apiError("chat completion stream", err))
			return
		}
		if rawStop == "" {
			yield(llm.StreamPart{}, errors.New("openai: chat completion stream: the stream ended before a finish reason"))
			return
		}
		for _, idx := range order {
			c := calls[idx]
			c.id = callID(c.id, idx)
			if !c.started {
				if !yield(llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: c.id, ToolName: c.name}, nil) {
					return
				}
			}
			call := &llm.ToolCall{ID: c.id, Name: c.name, Arguments: c.args}
			if !yield(llm.StreamPart{Type: llm.StreamToolCall, ToolCall: call}, nil) {
				return
			}
			msg.Parts = append(msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: call})
		}
		if len(order) == 0 {
			// Empty reasoning is kept only for a message with tool calls.
			msg.Parts = slices.DeleteFunc(msg.Parts, func(p llm.Part) bool { return p.Type == llm.PartReasoning && p.Text == "" })
		}
		final.Message = msg
		final.FinishReason = chatFinish(rawStop, msg)
		final.RawFinishReason = rawStop
		yield(llm.StreamPart{Type: llm.StreamFinish, Response: final}, nil)
	}
}

// callID returns id, or an id made from the call's index for servers that
// send none (the loop needs one to match results to calls).
func callID(id string, index int64) string {
	if id != "" {
		return id
	}
	return fmt.Sprintf("call_%d", index)
}

// finishReason maps a Chat Completions finish reason. Some compatible
// servers say "stop" after tool calls; the calls decide.
func finishReason(raw string, hasCalls bool) llm.FinishReason {
	switch raw {
	case "tool_calls", "function_call":
		return llm.FinishToolCalls
	case "stop":
		if hasCalls {
			return llm.FinishToolCalls
		}
		return llm.FinishStop
	case "length":
		return llm.FinishLength
	case "content_filter":
		return llm.FinishContentFilter
	}
	return llm.FinishOther
}

func usage(u oai.CompletionUsage) llm.Usage {
	out := llm.Usage{
		InputTokens:       int(u.PromptTokens),
		OutputTokens:      int(u.CompletionTokens),
		TotalTokens:       int(u.TotalTokens),
		ReasoningTokens:   int(u.CompletionTokensDetails.ReasoningTokens),
		CachedInputTokens: int(u.PromptTokensDetails.CachedTokens),
		CacheWriteTokens:  int(u.PromptTokensDetails.CacheWriteTokens),
	}
	if out.TotalTokens == 0 {
		out.TotalTokens = out.InputTokens + out.OutputTokens
	}
	return out
}

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
		sch := t.InputSchema
		if t.Strict {
			strict, err := schema.Convert(sch, schema.DialectOpenAIStrict)
			if err != nil {
				return p, fmt.Errorf("openai: tool %s: %w", t.Name, err)
			}
			sch = strict
		}
		params, err := parameters(sch)
		if err != nil {
			return p, fmt.Errorf("openai: tool %s: %w", t.Name, err)
		}
		fn := shared.FunctionDefinitionParam{Name: t.Name, Parameters: params}
		if t.Description != "" {
			fn.Description = oai.String(t.Description)
		}
		if t.Strict {
			fn.Strict = oai.Bool(true)
		}
		p.Tools = append(p.Tools, oai.ChatCompletionFunctionTool(fn))
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
		if m.cfg.parallel != nil {
			p.ParallelToolCalls = oai.Bool(*m.cfg.parallel)
		}
	}
	if f := req.ResponseFormat; f != nil {
		schema1, strict, err := formatSchema(f)
		if err != nil {
			return p, err
		}
		js := shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: f.Name, Schema: schema1, Strict: oai.Bool(strict)}
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
	extra, err := providerOptions(req.ProviderOptions)
	if err != nil {
		return p, err
	}
	if len(extra) > 0 {
		p.SetExtraFields(extra)
	}
	return p, nil
}

// providerOptions returns the fields of ProviderOptions["openai"].
func providerOptions(po map[string]json.RawMessage) (map[string]any, error) {
	raw, ok := po[ProviderName]
	if !ok {
		return nil, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, fmt.Errorf("openai: provider options: want a JSON object: %w", err)
	}
	out := make(map[string]any, len(fields))
	for k, v := range fields {
		out[k] = v
	}
	return out, nil
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

// chatMessages converts one runtime message; a tool message whose results
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

// isDeepSeek reports whether base is DeepSeek's API (a host on
// deepseek.com).
func isDeepSeek(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	return host == "deepseek.com" || strings.HasSuffix(host, ".deepseek.com")
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

func dataURL(mediaType string, data []byte) string {
	return "data:" + mediaType + ";base64," + base64.StdEncoding.EncodeToString(data)
}
