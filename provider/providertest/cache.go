package providertest

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
)

// The limits of the API's prompt cache that [PromptCache] follows, from
// Anthropic's documentation.
const (
	// MaxCacheMarks is the number of blocks with cache_control a request
	// may carry; the API refuses a request with more.
	MaxCacheMarks = 4
	// CacheLookback is how many blocks before a mark the API looks for a
	// prefix it has cached, when the mark's own prefix is not.
	CacheLookback = 20
	// MinCacheTokensSonnet is the shortest prefix the cache takes for
	// Claude Sonnet 4.5 (and the other Sonnet 4 models, Opus 4 and 4.1);
	// Opus 4.5 and Haiku 4.5 take 4,096, the Haiku 3 models 2,048.
	MinCacheTokensSonnet = 1024
	// ToolPromptTokens is the size of the system prompt the API adds to a
	// request with tools, for Claude Sonnet 4.5 with tool_choice auto or
	// none (313 with any or tool); it is the start of the prefix.
	ToolPromptTokens = 346
)

// Tokens estimates the number of tokens of the JSON text b: a quarter of
// its bytes, rounded up. Anthropic's tokenizer is not public; against
// recorded usage (pydantic-ai's cassettes of claude-sonnet-4-5 requests
// with tools) this estimate is within about 25% of the input tokens the
// API billed, message JSON being cheaper (about 5 bytes a token) and tool
// schemas dearer (about 3.5).
func Tokens(b []byte) int { return (len(b) + 3) / 4 }

// CacheUsage is what a request cost, as the API reports it: InputTokens
// excludes the tokens read from and written to the cache.
type CacheUsage struct {
	InputTokens      int `json:"input_tokens"`
	CacheReadTokens  int `json:"cache_read_input_tokens"`
	CacheWriteTokens int `json:"cache_creation_input_tokens"`
	// Marks is the number of blocks with cache_control.
	Marks int `json:"-"`
}

// Total returns the number of input tokens of the request.
func (u CacheUsage) Total() int { return u.InputTokens + u.CacheReadTokens + u.CacheWriteTokens }

// PromptCache simulates the API's prompt cache, so that a fake server
// reports usage the way the Messages API does (see [Server.CachePrompts]). It reads
// a request as the API caches it: the tool system prompt
// ([ToolPromptTokens], when there are tools), each tool, each system
// block, then each content block of each message, in order; a block's
// bytes are its JSON as sent, cache_control left out, and a message's
// blocks are preceded by its role. A block with cache_control (a mark)
// ends a prefix, identified by a hash of all the bytes up to it. Then:
//
//   - The request reads the longest prefix the cache holds that ends at a
//     mark, or at one of the [CacheLookback] blocks before a mark.
//   - It writes the prefix of its last mark, when the cache does not hold
//     it and it has at least MinTokens tokens; the tokens written are
//     those after the prefix read. The prefixes of its other marks of at
//     least MinTokens tokens are cached too, at no cost.
//   - Every other token is input. A request with more than
//     [MaxCacheMarks] marks is an error, as it is for the API.
//
// Entries do not expire: a test runs well within the API's five minutes.
// Token counts are [Tokens] estimates unless Count is set. A PromptCache
// is safe for concurrent use.
type PromptCache struct {
	// MinTokens is the shortest prefix the cache takes, such as
	// [MinCacheTokensSonnet].
	MinTokens int
	// Count, when set, counts the tokens of a block's JSON in place of
	// [Tokens].
	Count func(block []byte) int

	mu      sync.Mutex
	entries map[[32]byte]bool
	log     []CacheUsage
}

// NewPromptCache returns an empty cache that takes prefixes of at least
// minTokens tokens.
func NewPromptCache(minTokens int) *PromptCache {
	return &PromptCache{MinTokens: minTokens, entries: map[[32]byte]bool{}}
}

// Log returns the usage of each request the cache has read, in order.
func (c *PromptCache) Log() []CacheUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]CacheUsage(nil), c.log...)
}

// cacheRequest is a Messages request as the cache reads it.
type cacheRequest struct {
	Tools    []json.RawMessage `json:"tools"`
	System   json.RawMessage   `json:"system"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// prefixEnd is the end of a block: the hash of the prefix up to and
// including it, its tokens, and whether the block is a mark.
type prefixEnd struct {
	hash   [32]byte
	tokens int
	mark   bool
}

// Usage reads the request body, records what it writes to the cache, and
// returns its usage.
func (c *PromptCache) Usage(body []byte) (CacheUsage, error) {
	count := c.Count
	if count == nil {
		count = Tokens
	}
	ends, err := prefixes(body, count)
	if err != nil {
		return CacheUsage{}, err
	}
	var u CacheUsage
	last := -1
	for i, e := range ends {
		if e.mark {
			u.Marks++
			last = i
		}
	}
	if u.Marks > MaxCacheMarks {
		return u, fmt.Errorf("A maximum of %d blocks with cache_control may be provided. Found %d.", MaxCacheMarks, u.Marks)
	}
	total := 0
	if len(ends) > 0 {
		total = ends[len(ends)-1].tokens
	}

	c.mu.Lock()
	defer c.mu.Unlock()
	read := 0
	for i, e := range ends {
		if !e.mark {
			continue
		}
		for j := i; j >= 0 && j >= i-CacheLookback; j-- {
			if c.entries[ends[j].hash] {
				read = max(read, ends[j].tokens)
				break
			}
		}
	}
	write := 0
	if last >= 0 && ends[last].tokens >= c.MinTokens && ends[last].tokens > read {
		write = ends[last].tokens - read
	}
	for _, e := range ends {
		if e.mark && e.tokens >= c.MinTokens {
			c.entries[e.hash] = true
		}
	}
	u.CacheReadTokens, u.CacheWriteTokens = read, write
	u.InputTokens = total - read - write
	c.log = append(c.log, u)
	return u, nil
}

// prefixes returns the end of each block of the request, in the order the
// API caches them.
func prefixes(body []byte, count func([]byte) int) ([]prefixEnd, error) {
	var req cacheRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, err
	}
	var (
		out    []prefixEnd
		h      = sha256.New()
		tokens int
	)
	add := func(kind string, raw json.RawMessage) error {
		block, mark, err := withoutCacheControl(raw)
		if err != nil {
			return err
		}
		h.Write([]byte(kind))
		h.Write([]byte{0})
		h.Write(block)
		h.Write([]byte{0})
		tokens += count(block)
		var e prefixEnd
		h.Sum(e.hash[:0])
		e.tokens, e.mark = tokens, mark
		out = append(out, e)
		return nil
	}
	if len(req.Tools) > 0 {
		tokens += ToolPromptTokens
	}
	for _, t := range req.Tools {
		if err := add("tool", t); err != nil {
			return nil, fmt.Errorf("tools: %w", err)
		}
	}
	system, err := contentList(req.System)
	if err != nil {
		return nil, fmt.Errorf("system: %w", err)
	}
	for _, b := range system {
		if err := add("system", b); err != nil {
			return nil, fmt.Errorf("system: %w", err)
		}
	}
	for i, m := range req.Messages {
		content, err := contentList(m.Content)
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
		for j, b := range content {
			kind := "block"
			if j == 0 {
				kind = "message:" + m.Role
			}
			if err := add(kind, b); err != nil {
				return nil, fmt.Errorf("message %d: %w", i, err)
			}
		}
	}
	return out, nil
}

// contentList returns the blocks of content: a list, or a string as one
// text block.
func contentList(raw json.RawMessage) ([]json.RawMessage, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '"' {
		var text string
		if err := json.Unmarshal(raw, &text); err != nil {
			return nil, err
		}
		block, _ := json.Marshal(map[string]string{"type": "text", "text": text})
		return []json.RawMessage{block}, nil
	}
	var list []json.RawMessage
	return list, json.Unmarshal(raw, &list)
}

// withoutCacheControl returns the JSON object raw without its top-level
// cache_control member, the other members' bytes and order kept, and
// whether it had one.
func withoutCacheControl(raw json.RawMessage) ([]byte, bool, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, false, fmt.Errorf("want a JSON object, got %.40s", raw)
	}
	var (
		out  = []byte{'{'}
		mark bool
	)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, false, err
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, false, err
		}
		key := tok.(string)
		if key == "cache_control" {
			mark = true
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		k, _ := json.Marshal(key)
		out = append(out, k...)
		out = append(out, ':')
		out = append(out, val...)
	}
	out = append(out, '}')
	return out, mark, nil
}

// CachePrompts makes the server report input usage on the Messages API
// from c, as the API does with prompt caching: each request's
// input_tokens, cache_read_input_tokens and cache_creation_input_tokens are
// c's, in the message (and in both message_start and message_delta of a
// stream); a turn's OutputTokens are kept, and estimated with [Tokens]
// from its text and calls when zero. A request with too many marks gets the
// API's 400 error, and consumes no turn. Call it before the first request.
func (s *Server) CachePrompts(c *PromptCache) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache = c
}

// checkCache reads a Messages request with the server's prompt cache, if
// it has one, noting the usage for the answer; a request the API would
// refuse is the API's error.
func checkCache(x *exchange) *StatusError {
	x.srv.mu.Lock()
	c := x.srv.cache
	x.srv.mu.Unlock()
	if c == nil {
		return nil
	}
	u, err := c.Usage(x.body)
	if err != nil {
		return &StatusError{Status: http.StatusBadRequest, Message: err.Error()}
	}
	x.cached = &u
	return nil
}
