package gemini

import (
	"context"
	"errors"
	"iter"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/llm"
)

// Stream implements [llm.Model].
func (m *GenerativeModel) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		if m.err != nil {
			yield(llm.StreamPart{}, m.err)
			return
		}
		contents, gc, err := m.params(req)
		if err != nil {
			yield(llm.StreamPart{}, err)
			return
		}
		var (
			a       assembler
			final   = &llm.Response{}
			raw     genai.FinishReason
			blocked genai.BlockedReason
			meta    *genai.GenerateContentResponseUsageMetadata
		)
		for chunk, err := range m.client.Models.GenerateContentStream(ctx, m.id, contents, gc) {
			if err != nil {
				yield(llm.StreamPart{}, apiError("stream generate content", err))
				return
			}
			if chunk.ResponseID != "" {
				a.responseID, final.ID = chunk.ResponseID, chunk.ResponseID
			}
			if chunk.ModelVersion != "" {
				final.ModelID = chunk.ModelVersion
			}
			if chunk.UsageMetadata != nil {
				meta = chunk.UsageMetadata // cumulative: the last one counts
			}
			if b := blockReason(chunk); b != "" {
				blocked = b
			}
			c := firstCandidate(chunk)
			if c == nil {
				continue
			}
			if c.Content != nil {
				for _, p := range a.add(c.Content.Parts) {
					if !yield(p, nil) {
						return
					}
				}
			}
			if c.FinishReason != "" {
				raw = c.FinishReason
			}
		}
		if raw == "" && blocked == "" {
			yield(llm.StreamPart{}, errors.New("gemini: stream generate content: the stream ended before a finish reason"))
			return
		}
		final.Usage = usage(meta)
		final.FinishReason, final.RawFinishReason = finish(raw, blocked, a.calls > 0)
		// Signatures ride on parts that the deltas do not carry: the finish
		// part carries the whole message.
		final.Message = a.msg
		final.Message.Role = llm.RoleAssistant
		yield(llm.StreamPart{Type: llm.StreamFinish, Response: final}, nil)
	}
}
