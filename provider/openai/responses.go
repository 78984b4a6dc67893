package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// ResponsesModel is a [llm.Model] on the Responses API. It is safe for
// concurrent use.
//
// It is stateless: every request carries the whole conversation as input
// items (no previous_response_id). Every output item comes back as parts
// that send it back as the same item, with its id (see the package
// documentation): reasoning, messages, function calls, and items of other
// types verbatim. Tool results are function_call_output items, whose
// output is a list of input_text, input_image and input_file items for
// content results, so images reach the model directly.
type ResponsesModel struct {
	id     string
	cfg    config
	client oai.Client
	err    error
}

var _ llm.Model = (*ResponsesModel)(nil)

// NewResponses returns the Responses API model id (such as "gpt-5.4"), or
// [ErrNoAPIKey] when it would call api.openai.com without a key.
func NewResponses(id string, opts ...Option) (*ResponsesModel, error) {
	m := Responses(id, opts...)
	return m, m.err
}

// Responses returns the Responses API model id. It never fails: a
// configuration error (see [NewResponses]) is returned by every call.
func Responses(id string, opts ...Option) *ResponsesModel {
	cfg, ro, err := resolve(opts)
	return &ResponsesModel{id: id, cfg: cfg, client: oai.NewClient(ro...), err: err}
}

// ID returns the model's id, as given to [Responses].
func (m *ResponsesModel) ID() string { return m.id }

// Capabilities implements [llm.CapabilityReporter]: the Responses API
// takes text.format together with tools.
func (m *ResponsesModel) Capabilities() llm.Capabilities {
	return llm.Capabilities{OutputWithTools: true}
}

// itemMeta is what a part carries in ProviderMetadata["openai"] to be sent
// back as (part of) the output item it came from. Parts of one item (the
// texts of a message, the summaries of a reasoning item) carry its id;
// consecutive parts with the same id go back as that one item.
type itemMeta struct {
	// ItemID is the output item's id: rs_…, msg_…, fc_….
	ItemID string `json:"itemId,omitempty"`
	// EncryptedContent is a reasoning item's, on its first part.
	EncryptedContent string `json:"encryptedContent,omitempty"`
	// ReasoningText marks a reasoning part that came from the item's
	// content (reasoning_text) rather than its summary.
	ReasoningText bool `json:"reasoningText,omitempty"`
	// Phase is a message item's phase ("commentary", "final_answer"),
	// which the API asks to have sent back.
	Phase string `json:"phase,omitempty"`
	// Annotations are an output_text's annotations (citations…), when it
	// has some.
	Annotations json.RawMessage `json:"annotations,omitempty"`
	// Item is an output item of a type this package does not model, as
	// the API sent it, on a [llm.PartProviderItem] part.
	Item json.RawMessage `json:"item,omitempty"`
	// Field is, on a reasoning part from Chat Completions, the message
	// field it came from: "reasoning_content".
	Field string `json:"field,omitempty"`
}

func (im itemMeta) metadata() map[string]json.RawMessage {
	data, _ := json.Marshal(im)
	return map[string]json.RawMessage{ProviderName: data}
}

func readMeta(md map[string]json.RawMessage) itemMeta {
	var im itemMeta
	if raw, ok := md[ProviderName]; ok {
		_ = json.Unmarshal(raw, &im)
	}
	return im
}

// Generate implements [llm.Model].
func (m *ResponsesModel) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if m.err != nil {
		return nil, m.err
	}
	params, err := m.params(req)
	if err != nil {
		return nil, err
	}
	res, err := m.client.Responses.New(ctx, params)
	if err != nil {
		return nil, apiError("response", err)
	}
	return convertResponse(res)
}

// convertResponse converts a finished response; a failed one is an error.
func convertResponse(res *responses.Response) (*llm.Response, error) {
	if res.Status == "failed" {
		return nil, fmt.Errorf("openai: response %s failed: %s: %s", res.ID, res.Error.Code, res.Error.Message)
	}
	msg := llm.Message{Role: llm.RoleAssistant}
	for _, item := range res.Output {
		msg.Parts = append(msg.Parts, outputParts(item)...)
	}
	raw := string(res.Status)
	reason := llm.FinishStop
	switch {
	case res.Status == "incomplete":
		raw = res.IncompleteDetails.Reason
		switch raw {
		case "max_output_tokens":
			reason = llm.FinishLength
		case "content_filter":
			reason = llm.FinishContentFilter
		default:
			reason = llm.FinishOther
		}
	case len(msg.ToolCalls()) > 0:
		reason = llm.FinishToolCalls
	case msg.Refusal() != "":
		reason = llm.FinishRefusal
	}
	u := res.Usage
	return &llm.Response{
		Message:         msg,
		FinishReason:    reason,
		RawFinishReason: raw,
		Usage: llm.Usage{
			InputTokens:       int(u.InputTokens),
			OutputTokens:      int(u.OutputTokens),
			TotalTokens:       int(u.TotalTokens),
			ReasoningTokens:   int(u.OutputTokensDetails.ReasoningTokens),
			CachedInputTokens: int(u.InputTokensDetails.CachedTokens),
		},
		ID:      res.ID,
		ModelID: res.Model,
	}, nil
}

// outputParts converts one output item to parts that send it back whole:
// a message's output_text and refusal contents become text and refusal
// parts carrying the item's id, a reasoning item a reasoning part per
// summary (or reasoning_text content), a function call a tool call part,
// and any other item (web_search_call, mcp_call, a message with other
// contents…) a provider-item part holding it verbatim.
func outputParts(item responses.ResponseOutputItemUnion) []llm.Part {
	var parts []llm.Part
	switch item.Type {
	case "message":
		for _, c := range item.Content {
			im := itemMeta{ItemID: item.ID, Phase: string(item.Phase)}
			switch c.Type {
			case "output_text":
				if raw := c.JSON.Annotations.Raw(); c.JSON.Annotations.Valid() && len(c.Annotations) > 0 {
					im.Annotations = json.RawMessage(raw)
				}
				parts = append(parts, llm.Part{Type: llm.PartText, Text: c.Text, ProviderMetadata: im.metadata()})
			case "refusal":
				parts = append(parts, llm.Part{Type: llm.PartRefusal, Text: c.Refusal, ProviderMetadata: im.metadata()})
			default:
				return []llm.Part{providerItem(item)}
			}
		}
		if len(parts) == 0 {
			return []llm.Part{providerItem(item)}
		}
	case "reasoning":
		for _, s := range item.Summary {
			parts = append(parts, llm.Part{Type: llm.PartReasoning, Text: s.Text})
		}
		for _, c := range item.Content {
			if c.Type != "reasoning_text" {
				return []llm.Part{providerItem(item)}
			}
			parts = append(parts, llm.Part{Type: llm.PartReasoning, Text: c.Text, ProviderMetadata: itemMeta{ItemID: item.ID, ReasoningText: true}.metadata()})
		}
		if len(parts) == 0 {
			parts = append(parts, llm.Part{Type: llm.PartReasoning})
		}
		for i := range parts {
			if parts[i].ProviderMetadata == nil {
				parts[i].ProviderMetadata = itemMeta{ItemID: item.ID}.metadata()
			}
		}
		// The encrypted content goes on the first part only.
		im := readMeta(parts[0].ProviderMetadata)
		im.EncryptedContent = item.EncryptedContent
		parts[0].ProviderMetadata = im.metadata()
	case "function_call":
		call := llm.ToolCall{ID: item.CallID, Name: item.Name, Arguments: item.Arguments.OfString,
			ProviderMetadata: itemMeta{ItemID: item.ID}.metadata()}
		parts = append(parts, llm.Part{Type: llm.PartToolCall, ToolCall: &call})
	default:
		parts = append(parts, providerItem(item))
	}
	return parts
}

// providerItem keeps an output item verbatim.
func providerItem(item responses.ResponseOutputItemUnion) llm.Part {
	return llm.Part{Type: llm.PartProviderItem, ProviderMetadata: itemMeta{Item: json.RawMessage(item.RawJSON())}.metadata()}
}

// Stream implements [llm.Model].
func (m *ResponsesModel) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		if m.err != nil {
			yield(llm.StreamPart{}, m.err)
			return
		}
		params, err := m.params(req)
		if err != nil {
			yield(llm.StreamPart{}, err)
			return
		}
		stream := m.client.Responses.NewStreaming(ctx, params)
		defer stream.Close()

		calls := map[string]*llm.ToolCall{} // by item id
		for stream.Next() {
			ev := stream.Current()
			var part llm.StreamPart
			switch ev.Type {
			case "response.output_text.delta":
				part = llm.StreamPart{Type: llm.StreamTextDelta, Text: ev.Delta}
			case "response.refusal.delta":
				part = llm.StreamPart{Type: llm.StreamRefusalDelta, Text: ev.Delta}
			case "response.reasoning_summary_text.delta":
				part = llm.StreamPart{Type: llm.StreamReasoningDelta, Text: ev.Delta}
			case "response.output_item.added":
				if ev.Item.Type != "function_call" {
					continue
				}
				c := &llm.ToolCall{ID: ev.Item.CallID, Name: ev.Item.Name}
				calls[ev.Item.ID] = c
				part = llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: c.ID, ToolName: c.Name}
			case "response.function_call_arguments.delta":
				c := calls[ev.ItemID]
				if c == nil {
					yield(llm.StreamPart{}, fmt.Errorf("openai: response stream: arguments for unknown item %s", ev.ItemID))
					return
				}
				c.Arguments += ev.Delta
				part = llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: c.ID, ToolName: c.Name, Text: ev.Delta}
			case "response.output_item.done":
				if ev.Item.Type != "function_call" {
					continue
				}
				call := llm.ToolCall{ID: ev.Item.CallID, Name: ev.Item.Name, Arguments: ev.Item.Arguments.OfString,
					ProviderMetadata: itemMeta{ItemID: ev.Item.ID}.metadata()}
				part = llm.StreamPart{Type: llm.StreamToolCall, ToolCall: &call}
			case "response.completed", "response.incomplete", "response.failed":
				res, err := convertResponse(&ev.Response)
				if err != nil {
					yield(llm.StreamPart{}, err)
					return
				}
				yield(llm.StreamPart{Type: llm.StreamFinish, Response: res}, nil)
				return
			case "error":
				yield(llm.StreamPart{}, fmt.Errorf("openai: response stream: %s: %s", ev.Code, ev.Message))
				return
			default:
				continue
			}
			if (part.Type != llm.StreamTextDelta && part.Type != llm.StreamRefusalDelta) || part.Text != "" {
				if !yield(part, nil) {
					return
				}
			}
		}
		if err := stream.Err(); err != nil {
			yield(llm.StreamPart{}, apiError("response stream", err))
			return
		}
		yield(llm.StreamPart{}, errors.New("openai: response stream: the stream ended before the response was complete"))
	}
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
		// The Responses API makes function tools strict unless told not to.
		fn := responses.FunctionToolParam{Name: t.Name, Parameters: params, Strict: oai.Bool(t.Strict)}
		if t.Description != "" {
			fn.Description = oai.String(t.Description)
		}
		p.Tools = append(p.Tools, responses.ToolUnionParam{OfFunction: &fn})
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
		if m.cfg.parallel != nil {
			p.ParallelToolCalls = oai.Bool(*m.cfg.parallel)
		}
	}
	if f := req.ResponseFormat; f != nil {
		schema1, strict, err := formatSchema(f)
		if err != nil {
			return p, err
		}
		js := &responses.ResponseFormatTextJSONSchemaConfigParam{Name: f.Name, Schema: schema1, Strict: oai.Bool(strict)}
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
	extra, err := providerOptions(req.ProviderOptions)
	if err != nil {
		return p, err
	}
	if len(extra) > 0 {
		p.SetExtraFields(extra)
	}
	return p, nil
}

// inputItems converts one runtime message to input items.
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
			url, file, err := mediaSource(p)
			if err != nil {
				return nil, err
			}
			if !file {
				out = append(out, responses.ResponseInputContentUnionParam{OfInputImage: &responses.ResponseInputImageParam{
					Detail: responses.ResponseInputImageDetailAuto, ImageURL: oai.String(url)}})
				continue
			}
			f := responses.ResponseInputFileParam{Filename: oai.String(filename(p))}
			if len(p.Data) > 0 {
				f.FileData = oai.String(url)
			} else {
				f.FileURL = oai.String(url)
			}
			out = append(out, responses.ResponseInputContentUnionParam{OfInputFile: &f})
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
		switch p.Type {
		case llm.PartText:
			out = append(out, responses.ResponseFunctionCallOutputItemParamOfInputText(p.Text))
		case llm.PartImageURL, llm.PartMedia:
			url, file, err := mediaSource(p)
			if err != nil {
				return nil, err
			}
			if !file {
				out = append(out, responses.ResponseFunctionCallOutputItemUnionParam{OfInputImage: &responses.ResponseInputImageContentParam{ImageURL: oai.String(url)}})
				continue
			}
			f := responses.ResponseInputFileContentParam{Filename: oai.String(filename(p))}
			if len(p.Data) > 0 {
				f.FileData = oai.String(url)
			} else {
				f.FileURL = oai.String(url)
			}
			out = append(out, responses.ResponseFunctionCallOutputItemUnionParam{OfInputFile: &f})
		default:
			return nil, fmt.Errorf("a %s part cannot be a tool result", p.Type)
		}
	}
	return out, nil
}

// mediaSource returns the URL (a data URL for inline bytes) of an image or
// a PDF, and whether it is a file rather than an image.
func mediaSource(p llm.Part) (url string, file bool, err error) {
	url = p.URL
	if len(p.Data) > 0 {
		url = dataURL(p.MediaType, p.Data)
	}
	switch {
	case p.Type == llm.PartImageURL || strings.HasPrefix(p.MediaType, "image/"):
		return url, false, nil
	case p.MediaType == "application/pdf":
		return url, true, nil
	}
	return "", false, fmt.Errorf("media of type %q cannot be sent to the Responses API", p.MediaType)
}

func filename(p llm.Part) string {
	if p.Filename != "" {
		return p.Filename
	}
	return "document.pdf"
}
