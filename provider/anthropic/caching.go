package anthropic

import (
	"bytes"
	"encoding/json"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"
)

// Prompt caching.
//
// The API caches the prefix of a request (tools, then system, then
// messages) up to each content block marked with cache_control, for five
// minutes; a later request that starts with the same bytes reads that
// prefix from the cache at a tenth of the base input price, and the part
// that is new up to its last mark is written at 1.25 times the base price.
// A request may carry at most four marks. An agent resends its
// instructions, every tool definition and the whole conversation at each
// step, so almost all of a step's input is the previous step's request.
//
// placeBreakpoints marks, in this order:
//
//  1. The last tool. The tool definitions change least: they are the same
//     for every run of an agent, even when its instructions are not (a
//     run's WithInstructions, or instructions that carry a date).
//  2. The last system block: tools and instructions, the prefix that every
//     run of the agent starts with, so that a new run (a new conversation)
//     reads it too. Without this mark only the end of each conversation is
//     ever written, and nothing of it is shared between conversations.
//  3. The last block of the last user turn before the final turn: the end
//     of the previous step's request, where mark 4 wrote the cache one
//     step ago. In an agent's step the request ends [… U, A, U'] (U' the
//     tool results of the calls in A), and in a continuation of a paused
//     turn [… U, A]; U is the previous request's last turn either way. The
//     API would also find that entry by itself, looking back from mark 4,
//     but only over the 20 blocks before it: a step with ten parallel
//     calls adds 20 (each call and its result) and would miss. This mark
//     makes the read explicit.
//  4. The last block of the final turn, so that the next step reads all of
//     this one.
//
// Each mark goes on the last block of its turn that takes one (thinking
// blocks do not; text, images, tool calls and results, and server tool
// blocks do). A mark whose prefix is shorter than the model's minimum
// (per Anthropic's documentation: 1,024 tokens for the Sonnet 4 models
// and Opus 4 and 4.1; 4,096 for Opus 4.5 and later and Haiku 4.5; 2,048
// for Haiku 3 and 3.5) is ignored by the API, silently and at no cost: a
// small agent's first steps are not cached until its conversation outgrows
// the minimum. Marks cost nothing by themselves; only the tokens
// written are billed at 1.25 times, and each prefix is written once.
//
// WithoutPromptCaching sends no marks. A request whose provider options
// set a top-level "cache_control" gets none either: an object there asks
// for the API's automatic caching (one mark, placed by the API on the last
// block), and null sends nothing, turning caching off for that request.

// ephemeral is the cache_control of every mark: the default five minutes.
func ephemeral() sdk.CacheControlEphemeralParam { return sdk.NewCacheControlEphemeralParam() }

// cacheControlJSON is ephemeral as JSON, for verbatim blocks.
const cacheControlJSON = `{"type":"ephemeral"}`

// block is a content block of a request being built: the SDK's, or a block
// kept verbatim from a response (raw).
type block struct {
	param sdk.ContentBlockParamUnion
	raw   json.RawMessage
	typ   string // the type of a raw block
}

// cacheableRaw lists the types of verbatim blocks that take cache_control.
var cacheableRaw = map[string]bool{
	"text": true, "image": true, "document": true, "search_result": true,
	"tool_use": true, "tool_result": true, "server_tool_use": true,
	"web_search_tool_result": true, "web_fetch_tool_result": true,
	"code_execution_tool_result": true, "bash_code_execution_tool_result": true,
	"text_editor_code_execution_tool_result": true, "tool_search_tool_result": true,
	"container_upload": true,
}

// mark sets cache_control on b, reporting false when b takes none.
func (b *block) mark() bool {
	if b.raw != nil {
		if !cacheableRaw[b.typ] {
			return false
		}
		raw, ok := withCacheControl(b.raw)
		if ok {
			b.raw = raw
		}
		return ok
	}
	cc := b.param.GetCacheControl()
	if cc == nil {
		return false
	}
	*cc = ephemeral()
	return true
}

// union returns the block as the SDK sends it.
func (b block) union() sdk.ContentBlockParamUnion {
	if b.raw != nil {
		return param.Override[sdk.ContentBlockParamUnion](b.raw)
	}
	return b.param
}

// withCacheControl adds cache_control to the JSON object raw, keeping the
// rest of its bytes. It reports false when raw is not an object or has a
// cache_control already.
func withCacheControl(raw json.RawMessage) (json.RawMessage, bool) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return raw, false
	}
	if _, ok := fields["cache_control"]; ok {
		return raw, false
	}
	trimmed := bytes.TrimRight(raw, " \t\r\n")
	out := make([]byte, 0, len(trimmed)+len(cacheControlJSON)+20)
	out = append(out, trimmed[:len(trimmed)-1]...)
	if len(fields) > 0 {
		out = append(out, ',')
	}
	out = append(out, `"cache_control":`+cacheControlJSON+`}`...)
	return out, true
}

// turn is a message of a request being built.
type turn struct {
	user   bool
	blocks []block
}

// markTurn marks the last block of t that takes a mark.
func markTurn(t *turn) {
	for i := len(t.blocks) - 1; i >= 0; i-- {
		if t.blocks[i].mark() {
			return
		}
	}
}

// placeBreakpoints marks the request's cache breakpoints, as the comment
// at the top of this file explains. Server tools, which come last, are
// raw.
func placeBreakpoints(tools []sdk.ToolUnionParam, serverTools []json.RawMessage, system []sdk.TextBlockParam, turns []turn) {
	switch {
	case len(serverTools) > 0:
		if raw, ok := withCacheControl(serverTools[len(serverTools)-1]); ok {
			serverTools[len(serverTools)-1] = raw
		}
	case len(tools) > 0:
		if cc := tools[len(tools)-1].GetCacheControl(); cc != nil {
			*cc = ephemeral()
		}
	}
	if n := len(system); n > 0 {
		system[n-1].CacheControl = ephemeral()
	}
	last := len(turns) - 1
	if last < 0 {
		return
	}
	markTurn(&turns[last])
	for i := last - 1; i >= 0; i-- {
		if turns[i].user {
			markTurn(&turns[i])
			break
		}
	}
}
