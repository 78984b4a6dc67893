package anthropic

import (
	"context"
	"fmt"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// This file is for programs that call anthropic-sdk-go themselves, in a
// loop of their own: the tools of a set as the SDK's tool parameters, and
// the model's tool_use blocks run against the set, their results as the
// SDK's user message. Both go through the code [MessagesModel] uses, so a
// loop of one's own sends what toolgen's agent loop would.

// Tools returns the tools of set as client tools of the Messages API,
// sorted by key, as [MessagesModel] declares them: each key is a tool's
// name, its Spec's description the tool's, and its input schema in
// [schema.DialectAnthropic]. Spec.Strict is OpenAI's and is not sent. No
// prompt-cache mark is set: where the cached prefix ends is the caller's
// choice (set CacheControl on the last tool to cache them). A set that the
// agent loop refuses (a key no provider takes, a nil tool), or a schema
// that dialect cannot express, is an error.
//
//	params.Tools, err = anthropic.Tools(weather.Tools())
func Tools(set tool.Toolset) ([]sdk.ToolUnionParam, error) {
	defs, err := toolexec.Definitions(set)
	if err != nil {
		return nil, fmt.Errorf("anthropic: %w", err)
	}
	out := make([]sdk.ToolUnionParam, 0, len(defs))
	for _, d := range defs {
		t, err := toolParam(d)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// RunToolCalls runs the tool_use blocks of msg, a Messages API answer,
// against set, and returns the user message that answers them, to send
// after msg.ToParam(): a tool_result block per call, in call order, its
// tool_use_id the call's id, its content the tool's output as JSON text
// (or the text, images and documents of its model output), and is_error
// set on an error result, as [MessagesModel] sends results. The message is
// the zero MessageParam when msg has no tool_use block. Server tools'
// blocks (server_tool_use, mcp_tool_use) are the API's, not toolgen's.
//
// Each call goes through [toolexec.Execute], one after another in call
// order: an unknown tool, invalid arguments, a declined approval (opts'
// Approve; without it a call that needs approval is declined), a failing or
// panicking tool each become an error result holding the error's message,
// which the model reads. The outcomes, in call order, give the
// application the tools' typed outputs and the failures.
//
// The error is the host's, not the model's: Approve failed, ctx ended, or
// a model output holds media the Messages API cannot take. The outcomes of
// the calls run before it are returned with it.
func RunToolCalls(ctx context.Context, set tool.Toolset, msg *sdk.Message, opts *toolexec.ExecuteOptions) (sdk.MessageParam, []toolexec.Outcome, error) {
	var calls []toolexec.ToolCall
	if msg != nil {
		for _, b := range msg.Content {
			if b.Type == "tool_use" {
				calls = append(calls, toolexec.ToolCall{ID: b.ID, Name: b.Name, Arguments: b.Input})
			}
		}
	}
	if len(calls) == 0 {
		return sdk.MessageParam{}, nil, nil
	}
	outcomes, err := toolexec.ExecuteAll(ctx, set, calls, opts)
	if err != nil {
		return sdk.MessageParam{}, outcomes, fmt.Errorf("anthropic: run tool calls: %w", err)
	}
	blocks := make([]sdk.ContentBlockParamUnion, len(outcomes))
	for i, o := range outcomes {
		if blocks[i], err = toolResultBlock(o.Result()); err != nil {
			return sdk.MessageParam{}, outcomes, fmt.Errorf("anthropic: tool results: %w", err)
		}
	}
	return sdk.NewUserMessage(blocks...), outcomes, nil
}
