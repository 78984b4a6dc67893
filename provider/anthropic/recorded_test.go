package anthropic

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
)

// The tests in this file replay exchanges recorded from the real API by
// other projects; testdata/RECORDED.md says where each comes from. Those
// recordings are third-party data, so they are not in this repository:
// they live in the steering repository's shared/recorded/anthropic/, beside
// the repository's root, or in $TOOLGEN_RECORDED_ANTHROPIC. The tests that
// need them skip, saying so, where they are missing. The model talks to
// them through the SDK, as in production, and each test checks both what
// the adapter makes of the answers and what it sends next.

// recordedFile returns the recording name (see providertest.Recorded),
// decompressed when it ends in .gz.
func recordedFile(t *testing.T, name string) []byte {
	t.Helper()
	return providertest.Recorded(t, "anthropic", name)
}

// wireBody is a request body as far as these tests read it.
type wireBody struct {
	System   []json.RawMessage `json:"system"`
	Tools    []json.RawMessage `json:"tools"`
	Messages []struct {
		Role    string            `json:"role"`
		Content []json.RawMessage `json:"content"`
	} `json:"messages"`
}

func decodeBody(t *testing.T, body []byte) wireBody {
	t.Helper()
	var w wireBody
	require.NoError(t, json.Unmarshal(body, &w))
	return w
}

// marked reports whether the JSON object raw has a cache_control.
func marked(t *testing.T, raw json.RawMessage) bool {
	t.Helper()
	var fields map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &fields))
	_, ok := fields["cache_control"]
	return ok
}

// marks returns where the body's cache_control marks are: "tool 1",
// "system 0", "message 2 block 0"…
func marks(t *testing.T, body []byte) []string {
	t.Helper()
	w := decodeBody(t, body)
	var out []string
	for i, b := range w.Tools {
		if marked(t, b) {
			out = append(out, "tool "+itoa(i))
		}
	}
	for i, b := range w.System {
		if marked(t, b) {
			out = append(out, "system "+itoa(i))
		}
	}
	for i, m := range w.Messages {
		for j, b := range m.Content {
			if marked(t, b) {
				out = append(out, "message "+itoa(i)+" block "+itoa(j))
			}
		}
	}
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// normalized returns the content block raw as a value to compare: without
// its cache_control, and without citations when it has none (a text
// block's "citations": null or []).
func normalized(t *testing.T, raw json.RawMessage) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(raw, &m), "%s", raw)
	delete(m, "cache_control")
	if c, ok := m["citations"]; ok {
		if list, _ := c.([]any); len(list) == 0 {
			delete(m, "citations")
		}
	}
	return m
}

// assertBlocks checks that got, blocks of a request, are want, blocks of
// responses, one for one.
func assertBlocks(t *testing.T, want, got []json.RawMessage) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		assert.Equal(t, normalized(t, want[i]), normalized(t, got[i]), "block %d", i)
	}
}

// TestRecordedPromptCachingMultiTurn replays a real two-turn conversation
// whose answers report a cache write, then a read of it and a write of the
// rest (pydantic-ai's test_anthropic_cache_messages_real_api): the usage
// is read from the JSON answers, and the requests carry the marks of
// placeBreakpoints, the second one's prefix byte for byte the first one's.
func TestRecordedPromptCachingMultiTurn(t *testing.T) {
	var rec struct {
		Interactions []struct {
			Request struct {
				System   string `json:"system"`
				Messages []struct {
					Role    string `json:"role"`
					Content []struct {
						Text string `json:"text"`
					} `json:"content"`
				} `json:"messages"`
			} `json:"request"`
			Response json.RawMessage `json:"response"`
		} `json:"interactions"`
	}
	require.NoError(t, json.Unmarshal(recordedFile(t, "pydantic_cache_messages.json"), &rec))
	require.Len(t, rec.Interactions, 2)
	first, second := rec.Interactions[0], rec.Interactions[1]
	srv := newFakeServer(t, reply{Body: string(first.Response)}, reply{Body: string(second.Response)})
	m := messagesModel(t, srv)

	messages := []llm.Message{
		llm.SystemMessage(first.Request.System),
		llm.UserMessage(first.Request.Messages[0].Content[0].Text),
	}
	res1, err := m.Generate(context.Background(), &llm.Request{Messages: messages})
	require.NoError(t, err)
	assert.Equal(t, llm.Usage{InputTokens: 3 + 1111, OutputTokens: 391, TotalTokens: 3 + 1111 + 391, CacheWriteTokens: 1111}, res1.Usage)

	messages = append(messages, res1.Message, llm.UserMessage(second.Request.Messages[2].Content[0].Text))
	res2, err := m.Generate(context.Background(), &llm.Request{Messages: messages})
	require.NoError(t, err)
	assert.Equal(t, llm.Usage{InputTokens: 3 + 1111 + 403, OutputTokens: 33, TotalTokens: 3 + 1111 + 403 + 33, CachedInputTokens: 1111, CacheWriteTokens: 403}, res2.Usage)

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	// The conversation is the recorded one: the second request sends back
	// the recorded answer.
	body2 := decodeBody(t, reqs[1].Body)
	require.Len(t, body2.Messages, 3)
	for i, want := range second.Request.Messages {
		var b struct{ Text string }
		require.NoError(t, json.Unmarshal(body2.Messages[i].Content[0], &b))
		assert.Equal(t, want.Content[0].Text, b.Text, "message %d", i)
		assert.Equal(t, want.Role, body2.Messages[i].Role)
	}
	assert.Equal(t, []string{"system 0", "message 0 block 0"}, marks(t, reqs[0].Body))
	assert.Equal(t, []string{"system 0", "message 0 block 0", "message 2 block 0"}, marks(t, reqs[1].Body),
		"the first request's last turn is marked again, where its entry was written; the new last turn is marked to be written")
	// What the first request wrote is the start of the second, byte for
	// byte: the system block and the first message.
	body1 := decodeBody(t, reqs[0].Body)
	assert.Equal(t, string(body1.System[0]), string(body2.System[0]))
	assert.Equal(t, string(mustJSON(body1.Messages[0])), string(mustJSON(body2.Messages[0])))
}

// sseEvents splits a recorded stream into the JSON data of its events.
func sseEvents(t *testing.T, stream string) []json.RawMessage {
	t.Helper()
	var out []json.RawMessage
	for ev := range strings.SplitSeq(stream, "\n\n") {
		for line := range strings.SplitSeq(ev, "\n") {
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				out = append(out, json.RawMessage(data))
			}
		}
	}
	return out
}

// streamedBlocks rebuilds the content blocks of a recorded stream, apart
// from the adapter and the SDK: each block of content_block_start with its
// deltas applied.
func streamedBlocks(t *testing.T, stream string) []json.RawMessage {
	t.Helper()
	var (
		blocks []map[string]any
		inputs = map[int]string{}
	)
	for _, data := range sseEvents(t, stream) {
		var ev struct {
			Type         string         `json:"type"`
			Index        int            `json:"index"`
			ContentBlock map[string]any `json:"content_block"`
			Delta        struct {
				Type        string         `json:"type"`
				Text        string         `json:"text"`
				Thinking    string         `json:"thinking"`
				Signature   string         `json:"signature"`
				PartialJSON string         `json:"partial_json"`
				Citation    map[string]any `json:"citation"`
			} `json:"delta"`
		}
		require.NoError(t, json.Unmarshal(data, &ev))
		switch ev.Type {
		case "content_block_start":
			require.Equal(t, len(blocks), ev.Index)
			blocks = append(blocks, ev.ContentBlock)
		case "content_block_delta":
			b := blocks[ev.Index]
			switch d := ev.Delta; d.Type {
			case "text_delta":
				b["text"] = b["text"].(string) + d.Text
			case "thinking_delta":
				b["thinking"] = b["thinking"].(string) + d.Thinking
			case "signature_delta":
				b["signature"] = b["signature"].(string) + d.Signature
			case "input_json_delta":
				inputs[ev.Index] += d.PartialJSON
			case "citations_delta":
				list, _ := b["citations"].([]any)
				b["citations"] = append(list, d.Citation)
			}
		}
	}
	out := make([]json.RawMessage, len(blocks))
	for i, b := range blocks {
		if in := inputs[i]; in != "" {
			var v any
			require.NoError(t, json.Unmarshal([]byte(in), &v))
			b["input"] = v
		}
		out[i] = mustJSON(b)
	}
	return out
}

// partTypes counts the parts of msg by type.
func partTypes(msg llm.Message) map[llm.PartType]int {
	n := map[llm.PartType]int{}
	for _, p := range msg.Parts {
		n[p.Type]++
	}
	return n
}

// TestRecordedStreamCacheUsage replays a real stream (Vercel AI SDK's
// anthropic-code-execution-20260120-prompt-cache fixture) whose
// message_start reports a cache write of 3,068 tokens and whose
// message_delta reports, once the server tool has run, 6 input tokens, a
// write of 3,337 and a read of 6,289: the usage is message_delta's. The
// server tool's blocks (two bash_code_execution calls and their results)
// are kept verbatim and sent back as they came in the next request, and
// they yield no tool-call parts: the loop must not run them.
func TestRecordedStreamCacheUsage(t *testing.T) {
	stream := string(recordedFile(t, "vercel_code_execution_prompt_cache.sse"))
	srv := newFakeServer(t, reply{SSE: true, Body: stream}, reply{Body: textResponse})
	m := messagesModel(t, srv, WithServerTools(json.RawMessage(`{"type":"code_execution_20260120","name":"code_execution"}`)))
	messages := []llm.Message{llm.UserMessage("What is the sum of the squares of 1 to 12? Use bash.")}

	var parts []llm.StreamPart
	res, err := llm.CollectStream(m.Stream(context.Background(), &llm.Request{Messages: messages}), func(p llm.StreamPart) { parts = append(parts, p) })
	require.NoError(t, err)
	assert.Equal(t, llm.Usage{InputTokens: 6 + 3337 + 6289, OutputTokens: 198, TotalTokens: 6 + 3337 + 6289 + 198, CachedInputTokens: 6289, CacheWriteTokens: 3337}, res.Usage)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	for _, p := range parts[:len(parts)-1] {
		assert.Equal(t, llm.StreamTextDelta, p.Type, "server tools stream no tool-call parts")
	}
	assert.Equal(t, "The sum of the squares of the numbers 1 through 12 is **650**.", res.Message.Text())
	assert.Equal(t, map[llm.PartType]int{llm.PartProviderItem: 4, llm.PartText: 1}, partTypes(res.Message))
	assert.Empty(t, res.Message.ToolCalls())

	// The tools: the server tool last, marked.
	body1 := decodeBody(t, srv.Requests()[0].Body)
	require.Len(t, body1.Tools, 1)
	assert.JSONEq(t, `{"type":"code_execution_20260120","name":"code_execution","cache_control":{"type":"ephemeral"}}`, string(body1.Tools[0]))

	messages = append(messages, res.Message, llm.UserMessage("And of 1 to 20?"))
	_, err = m.Generate(context.Background(), &llm.Request{Messages: messages})
	require.NoError(t, err)
	body2 := decodeBody(t, srv.Requests()[1].Body)
	require.Len(t, body2.Messages, 3)
	assertBlocks(t, streamedBlocks(t, stream), body2.Messages[1].Content)
	assert.Equal(t, []string{"tool 0", "message 0 block 0", "message 2 block 0"}, marks(t, srv.Requests()[1].Body))
}

// pauseRecording is a recorded exchange whose first answer pauses the
// turn: the first request's body and the answers, JSON objects or
// streams (as JSON strings).
type pauseRecording struct {
	Request struct {
		MaxTokens int             `json:"max_tokens"`
		Thinking  json.RawMessage `json:"thinking"`
		Messages  []struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"messages"`
	} `json:"request"`
	Responses []json.RawMessage `json:"responses"`
}

// webSearch is the server tool of the recorded exchanges.
const webSearch = `{"type":"web_search_20250305","name":"web_search"}`

// pauseRequest is the recorded first request, as a runtime request.
func (r pauseRecording) request() *llm.Request {
	return &llm.Request{
		Messages:        []llm.Message{llm.UserMessage(r.Request.Messages[0].Content[0].Text)},
		MaxOutputTokens: r.Request.MaxTokens,
		ProviderOptions: map[string]json.RawMessage{ProviderName: json.RawMessage(`{"thinking":` + string(r.Request.Thinking) + `}`)},
	}
}

// contentOf returns the content blocks of a recorded JSON answer.
func contentOf(t *testing.T, answer json.RawMessage) []json.RawMessage {
	t.Helper()
	var msg struct {
		Content []json.RawMessage `json:"content"`
	}
	require.NoError(t, json.Unmarshal(answer, &msg))
	return msg.Content
}

// assertPauseRound checks the requests of a paused turn and its
// continuation, and the request after the turn (third): paused and rest
// are the blocks of the two answers.
func assertPauseRound(t *testing.T, reqs []providertest.Request, paused, rest []json.RawMessage) {
	t.Helper()
	require.Len(t, reqs, 3)
	first, cont, next := decodeBody(t, reqs[0].Body), decodeBody(t, reqs[1].Body), decodeBody(t, reqs[2].Body)

	// The continuation is the first request with the paused turn as it came
	// appended: thinking (with its signature), text, and the server tool
	// blocks verbatim, the last one a search still to run.
	require.Len(t, cont.Messages, 2)
	assert.Equal(t, string(mustJSON(first.Messages[0])), string(mustJSON(cont.Messages[0])), "the cached prefix is the same bytes")
	assert.Equal(t, "assistant", cont.Messages[1].Role)
	assertBlocks(t, paused, cont.Messages[1].Content)
	assert.Contains(t, string(cont.Messages[1].Content[len(paused)-1]), `"type":"server_tool_use"`)
	assert.Equal(t, []string{"tool 0", "message 0 block 0"}, marks(t, reqs[0].Body))
	assert.Equal(t, []string{"tool 0", "message 0 block 0", "message 1 block " + itoa(len(paused)-1)}, marks(t, reqs[1].Body),
		"the previous request's end is read, the paused turn written")

	// The next request sends the whole turn back as one assistant turn:
	// the cited text with its citations, the searches and their results.
	require.Len(t, next.Messages, 3)
	assertBlocks(t, append(append([]json.RawMessage(nil), paused...), rest...), next.Messages[1].Content)
	cited := 0
	for _, b := range next.Messages[1].Content {
		if _, ok := normalized(t, b)["citations"]; ok {
			cited++
		}
	}
	assert.Positive(t, cited, "citations go back")
}

// TestRecordedPauseTurn replays a real web search turn that the API
// paused after ten searches, the thinking, text and search blocks so far
// in its answer, and finished on the continuation with cited text
// (pydantic-ai's test_pause_turn_web_search_vcr). Generate continues the
// paused turn by itself and returns the whole turn.
func TestRecordedPauseTurn(t *testing.T) {
	var rec pauseRecording
	require.NoError(t, json.Unmarshal(recordedFile(t, "pydantic_pause_turn.json.gz"), &rec))
	require.Len(t, rec.Responses, 2)
	paused, rest := contentOf(t, rec.Responses[0]), contentOf(t, rec.Responses[1])
	srv := newFakeServer(t, reply{Body: string(rec.Responses[0])}, reply{Body: string(rec.Responses[1])}, reply{Body: textResponse})
	m := messagesModel(t, srv, WithServerTools(json.RawMessage(webSearch)))

	req := rec.request()
	res, err := m.Generate(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	assert.Equal(t, "end_turn", res.RawFinishReason)
	assert.Equal(t, "msg_01B8TcC6Ns8V46ZRAgLzKenY", res.ID)
	assert.Equal(t, llm.Usage{InputTokens: 401468 + 494549, OutputTokens: 792 + 1245, TotalTokens: 401468 + 494549 + 792 + 1245}, res.Usage,
		"the usage of both requests")
	assert.Len(t, res.Message.Parts, len(paused)+len(rest))
	assert.Empty(t, res.Message.ToolCalls(), "server tools are not the loop's calls")
	types := partTypes(res.Message)
	assert.Equal(t, 1, types[llm.PartReasoning])
	assert.Equal(t, 30, types[llm.PartProviderItem], "15 searches and their results")
	assert.Contains(t, res.Message.Text(), "San Francisco")

	// A part with citations holds them as the API gave them.
	var citedPart *llm.Part
	for i, p := range res.Message.Parts {
		if p.Type == llm.PartText && p.ProviderMetadata != nil {
			citedPart = &res.Message.Parts[i]
			break
		}
	}
	require.NotNil(t, citedPart)
	assert.Contains(t, string(citedPart.ProviderMetadata[ProviderName]), `"cited_text"`)

	// The server tool blocks go back byte for byte.
	_, err = m.Generate(context.Background(), &llm.Request{Messages: append(append(req.Messages, res.Message), llm.UserMessage("Thanks!"))})
	require.NoError(t, err)
	reqs := srv.Requests()
	assertPauseRound(t, reqs, paused, rest)
	// The recording's JSON is spaced; the SDK's encoder sends it compact,
	// with &, < and > escaped (\u0026…), as encoding/json does. Up to
	// that, each block goes back as its bytes came.
	verbatim := 0
	for _, b := range append(append([]json.RawMessage(nil), paused...), rest...) {
		if typ := normalized(t, b)["type"]; typ == "web_search_tool_result" || typ == "server_tool_use" {
			var compact, escaped bytes.Buffer
			require.NoError(t, json.Compact(&compact, b))
			json.HTMLEscape(&escaped, compact.Bytes())
			assert.True(t, bytes.Contains(reqs[2].Body, escaped.Bytes()), "verbatim: %.80s", b)
			verbatim++
		}
	}
	assert.Equal(t, 30, verbatim)
}

// TestRecordedPauseTurnStream replays the same exchange recorded as
// streams (pydantic-ai's test_pause_turn_web_search_streaming_vcr): one
// stream of parts over both requests, one finish part, and the same
// requests.
func TestRecordedPauseTurnStream(t *testing.T) {
	var rec pauseRecording
	require.NoError(t, json.Unmarshal(recordedFile(t, "pydantic_pause_turn_stream.json.gz"), &rec))
	require.Len(t, rec.Responses, 2)
	var streams [2]string
	for i := range streams {
		require.NoError(t, json.Unmarshal(rec.Responses[i], &streams[i]))
	}
	paused, rest := streamedBlocks(t, streams[0]), streamedBlocks(t, streams[1])
	srv := newFakeServer(t, reply{SSE: true, Body: streams[0]}, reply{SSE: true, Body: streams[1]}, reply{Body: textResponse})
	m := messagesModel(t, srv, WithServerTools(json.RawMessage(webSearch)))

	req := rec.request()
	var (
		finishes int
		texts    strings.Builder
	)
	res, err := llm.CollectStream(m.Stream(context.Background(), req), func(p llm.StreamPart) {
		switch p.Type {
		case llm.StreamFinish:
			finishes++
		case llm.StreamTextDelta:
			texts.WriteString(p.Text)
		case llm.StreamToolCallStart, llm.StreamToolCallDelta, llm.StreamToolCall:
			t.Errorf("a server tool streamed a %s part", p.Type)
		}
	})
	require.NoError(t, err)
	assert.Equal(t, 1, finishes)
	assert.Equal(t, res.Message.Text(), texts.String(), "the text of both requests streamed")
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	assert.Equal(t, llm.Usage{InputTokens: 404500 + 482529, OutputTokens: 943 + 1310, TotalTokens: 404500 + 482529 + 943 + 1310}, res.Usage,
		"message_delta's running totals of both streams")
	assert.Len(t, res.Message.Parts, len(paused)+len(rest))

	_, err = m.Generate(context.Background(), &llm.Request{Messages: append(append(req.Messages, res.Message), llm.UserMessage("Thanks!"))})
	require.NoError(t, err)
	assertPauseRound(t, srv.Requests(), paused, rest)
}

// TestPauseContinuations covers the bound on continuations, with the
// recorded paused answer: the paused response is returned as it is, for
// the loop to end the run with.
func TestPauseContinuations(t *testing.T) {
	var rec pauseRecording
	require.NoError(t, json.Unmarshal(recordedFile(t, "pydantic_pause_turn.json.gz"), &rec))
	for _, tc := range []struct {
		name     string
		n        int
		requests int
	}{{"never", 0, 1}, {"once", 1, 2}, {"twice", 2, 3}} {
		t.Run(tc.name, func(t *testing.T) {
			paused := reply{Body: string(rec.Responses[0])}
			srv := newFakeServer(t, paused, paused, paused, paused) // paused every time
			res, err := messagesModel(t, srv, WithServerTools(json.RawMessage(webSearch)), WithPauseContinuations(tc.n)).Generate(context.Background(), rec.request())
			require.NoError(t, err)
			assert.Len(t, srv.Requests(), tc.requests)
			assert.Equal(t, llm.FinishOther, res.FinishReason)
			assert.Equal(t, "pause_turn", res.RawFinishReason)
			assert.Len(t, res.Message.Parts, tc.requests*len(contentOf(t, rec.Responses[0])))
			assert.Equal(t, tc.requests*401468, res.Usage.InputTokens)
		})
	}
}
