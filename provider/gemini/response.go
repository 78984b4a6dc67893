package gemini

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/llm"
)

// Generate implements [llm.Model].
func (m *GenerativeModel) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if m.err != nil {
		return nil, m.err
	}
	contents, gc, err := m.params(req)
	if err != nil {
		return nil, err
	}
	res, err := m.client.Models.GenerateContent(ctx, m.id, contents, gc)
	if err != nil {
		return nil, apiError("generate content", err)
	}
	a := assembler{responseID: res.ResponseID}
	var raw genai.FinishReason
	if c := firstCandidate(res); c != nil {
		raw = c.FinishReason
		if c.Content != nil {
			a.add(c.Content.Parts)
		}
	}
	out := &llm.Response{Message: a.msg, ID: res.ResponseID, ModelID: res.ModelVersion, Usage: usage(res.UsageMetadata)}
	out.Message.Role = llm.RoleAssistant
	out.FinishReason, out.RawFinishReason = finish(raw, blockReason(res), a.calls > 0)
	return out, nil
}

func firstCandidate(res *genai.GenerateContentResponse) *genai.Candidate {
	if res == nil || len(res.Candidates) == 0 {
		return nil
	}
	return res.Candidates[0]
}

func blockReason(res *genai.GenerateContentResponse) genai.BlockedReason {
	if res == nil || res.PromptFeedback == nil {
		return ""
	}
	return res.PromptFeedback.BlockReason
}

// assembler builds the assistant message from the parts of a response, or
// of the chunks of a stream in order, and says what each adds as stream
// parts.
type assembler struct {
	responseID string
	msg        llm.Message
	calls      int
}

// add converts parts, appending them to the message, and returns the
// stream parts they make.
func (a *assembler) add(parts []*genai.Part) []llm.StreamPart {
	var out []llm.StreamPart
	for _, p := range parts {
		if p == nil {
			continue
		}
		switch {
		case p.FunctionCall != nil:
			fc := p.FunctionCall
			a.calls++
			id := fc.ID
			if id == "" {
				id = a.callID()
			}
			call := &llm.ToolCall{ID: id, Name: fc.Name, Arguments: encodeArgs(fc.Args),
				ProviderMetadata: partMeta{ThoughtSignature: p.ThoughtSignature, ID: fc.ID}.metadata(false)}
			a.msg.Parts = append(a.msg.Parts, llm.Part{Type: llm.PartToolCall, ToolCall: call})
			done := *call
			out = append(out,
				llm.StreamPart{Type: llm.StreamToolCallStart, ToolCallID: id, ToolName: fc.Name},
				llm.StreamPart{Type: llm.StreamToolCallDelta, ToolCallID: id, ToolName: fc.Name, Text: call.Arguments},
				llm.StreamPart{Type: llm.StreamToolCall, ToolCall: &done})
		case p.InlineData != nil:
			mp := llm.MediaPart(p.InlineData.MIMEType, p.InlineData.Data)
			mp.ProviderMetadata = partMeta{ThoughtSignature: p.ThoughtSignature}.metadata(false)
			a.msg.Parts = append(a.msg.Parts, mp)
		case p.FileData != nil:
			fp := llm.Part{Type: llm.PartMedia, MediaType: p.FileData.MIMEType, URL: p.FileData.FileURI,
				ProviderMetadata: partMeta{ThoughtSignature: p.ThoughtSignature}.metadata(false)}
			a.msg.Parts = append(a.msg.Parts, fp)
		case p.Text != "" || len(p.ThoughtSignature) > 0:
			kind, delta := llm.PartText, llm.StreamTextDelta
			if p.Thought {
				kind, delta = llm.PartReasoning, llm.StreamReasoningDelta
			}
			a.text(kind, p.Text, p.ThoughtSignature)
			if p.Text != "" {
				out = append(out, llm.StreamPart{Type: delta, Text: p.Text})
			}
		}
		// Other parts (executable code, code execution results of built-in
		// tools this package does not declare) are not kept.
	}
	return out
}

// text appends a piece of text or reasoning: to the last part when it is of
// the same kind (a stream's deltas make one part) and does not hold another
// signature, else as a new part. A reasoning part always carries Gemini
// metadata, so that it is sent back as a thought.
func (a *assembler) text(kind llm.PartType, text string, sig []byte) {
	if n := len(a.msg.Parts); n > 0 && a.msg.Parts[n-1].Type == kind {
		last := &a.msg.Parts[n-1]
		pm, _ := readMeta(last.ProviderMetadata)
		if len(sig) == 0 || len(pm.ThoughtSignature) == 0 {
			last.Text += text
			if len(sig) > 0 {
				pm.ThoughtSignature = sig
				last.ProviderMetadata = pm.metadata(kind == llm.PartReasoning)
			}
			return
		}
	}
	a.msg.Parts = append(a.msg.Parts, llm.Part{Type: kind, Text: text,
		ProviderMetadata: partMeta{ThoughtSignature: sig}.metadata(kind == llm.PartReasoning)})
}

// callID returns an id for a function call that came without one: the
// response id and the call's number in the response, or a random id when
// the response has no id.
func (a *assembler) callID() string {
	if a.responseID != "" {
		return fmt.Sprintf("%s-%d", a.responseID, a.calls)
	}
	var b [8]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("call-%s-%d", hex.EncodeToString(b[:]), a.calls)
}

// partMeta is what a part carries in ProviderMetadata["google"] (a tool
// call's in ToolCall.ProviderMetadata) to be sent back as it came.
type partMeta struct {
	// ThoughtSignature is the part's thoughtSignature.
	ThoughtSignature []byte `json:"thoughtSignature,omitempty"`
	// ID is the id Gemini gave a function call; calls without one get an
	// id from this package, which is not sent back.
	ID string `json:"id,omitempty"`
}

// metadata returns pm as ProviderMetadata; with always, a metadata entry
// is returned even when pm is empty, to mark the part as Gemini's.
func (pm partMeta) metadata(always bool) map[string]json.RawMessage {
	if !always && len(pm.ThoughtSignature) == 0 && pm.ID == "" {
		return nil
	}
	data, _ := json.Marshal(pm)
	return map[string]json.RawMessage{ProviderName: data}
}

// readMeta returns the Gemini metadata in md, and whether there is any.
func readMeta(md map[string]json.RawMessage) (partMeta, bool) {
	var pm partMeta
	raw, ok := md[ProviderName]
	if ok {
		_ = json.Unmarshal(raw, &pm)
	}
	return pm, ok
}

// encodeArgs returns a function call's arguments as JSON text: {} for none.
func encodeArgs(args map[string]any) string {
	if args == nil {
		return "{}"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(args); err != nil {
		return "{}"
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// finish maps Gemini's finish reason, or the reason a prompt was blocked,
// to the llm's, with the raw value.
func finish(raw genai.FinishReason, blocked genai.BlockedReason, calls bool) (llm.FinishReason, string) {
	if raw == "" && blocked != "" {
		return llm.FinishContentFilter, string(blocked)
	}
	switch raw {
	case genai.FinishReasonStop:
		if calls {
			return llm.FinishToolCalls, string(raw)
		}
		return llm.FinishStop, string(raw)
	case genai.FinishReasonMaxTokens:
		return llm.FinishLength, string(raw)
	case genai.FinishReasonSafety, genai.FinishReasonRecitation, genai.FinishReasonBlocklist,
		genai.FinishReasonProhibitedContent, genai.FinishReasonSPII, genai.FinishReasonImageSafety,
		genai.FinishReasonImageProhibitedContent, genai.FinishReasonImageRecitation, genai.FinishReasonModelArmor:
		return llm.FinishContentFilter, string(raw)
	case genai.FinishReasonMalformedFunctionCall, genai.FinishReasonUnexpectedToolCall,
		genai.FinishReasonTooManyToolCalls, genai.FinishReasonMissingThoughtSignature, genai.FinishReasonMalformedResponse:
		return llm.FinishError, string(raw)
	}
	return llm.FinishOther, string(raw)
}

// usage converts Gemini's counts, where promptTokenCount includes the
// cached tokens and candidatesTokenCount excludes the thoughts.
func usage(u *genai.GenerateContentResponseUsageMetadata) llm.Usage {
	if u == nil {
		return llm.Usage{}
	}
	in := int(u.PromptTokenCount + u.ToolUsePromptTokenCount)
	out := int(u.CandidatesTokenCount + u.ThoughtsTokenCount)
	total := int(u.TotalTokenCount)
	if total == 0 {
		total = in + out
	}
	return llm.Usage{
		InputTokens:       in,
		OutputTokens:      out,
		TotalTokens:       total,
		ReasoningTokens:   int(u.ThoughtsTokenCount),
		CachedInputTokens: int(u.CachedContentTokenCount),
	}
}
