package openai

import (
	"context"
	"encoding/json"
	"fmt"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// This file is for programs that call openai-go themselves, in a loop of
// their own: the tools of a set as the SDK's tool parameters, and the
// model's tool calls run against the set, their results as the SDK's
// messages or input items. Both go through the code the models of this
// package use, so a loop of one's own sends what toolgen's agent loop
// would.

// ChatTools returns the tools of set as Chat Completions function tools,
// sorted by key, as [ChatModel] sends them: each key is a function's name,
// its Spec's description and input schema the function's, property order
// kept; a strict tool has "strict": true and its schema in
// [schema.DialectOpenAIStrict]. A set that the agent loop refuses (a key
// no provider takes, a nil tool), or a strict tool whose schema that
// dialect cannot express (which toolgen reports at generate time), is an
// error.
//
//	params.Tools, err = openai.ChatTools(weather.Tools())
func ChatTools(set tool.Toolset) ([]oai.ChatCompletionToolUnionParam, error) {
	return toolParams(set, chatTool)
}

// ResponsesTools returns the tools of set as Responses API function tools,
// sorted by key, as [ResponsesModel] sends them: as [ChatTools] says, with
// "strict" always set, since the API makes a function tool strict when it
// is left out.
//
//	params.Tools, err = openai.ResponsesTools(weather.Tools())
func ResponsesTools(set tool.Toolset) ([]responses.ToolUnionParam, error) {
	return toolParams(set, responsesTool)
}

// toolParams converts the definitions of set with convert, one of the
// conversions the models of this package send.
func toolParams[T any](set tool.Toolset, convert func(llm.ToolDefinition) (T, error)) ([]T, error) {
	defs, err := toolexec.Definitions(set)
	if err != nil {
		return nil, fmt.Errorf("openai: %w", err)
	}
	out := make([]T, 0, len(defs))
	for _, d := range defs {
		t, err := convert(d)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// RunChatToolCalls runs the function calls of msg, the message of a Chat
// Completions answer (completion.Choices[0].Message), against set, and
// returns the messages that answer them, to send after msg.ToParam(): a
// "tool" message per call, its tool_call_id the call's id, in call order,
// as [ChatModel] sends results. Calls of other types (custom tools) are
// not toolgen's: they are left to the caller, who answers them too.
//
// Each call goes through [toolexec.Execute], one after another in call
// order: an unknown tool, invalid arguments, a declined approval (opts'
// Approve; without it a call that needs approval is declined), a failing or
// panicking tool each become a tool message holding the error's message,
// which the model reads (Chat Completions has no error flag). The outcomes,
// in call order, give the application the tools' typed outputs and the
// failures. A model output of content parts is its text in the tool
// message, and its images and files follow the tool messages in one user
// message, introduced by a text naming the call, as [ChatModel] sends them.
//
// The error is the host's, not the model's: Approve failed, ctx ended, or
// a content output holds media that Chat Completions cannot take. The
// outcomes of the calls run before it are returned with it.
func RunChatToolCalls(ctx context.Context, set tool.Toolset, msg oai.ChatCompletionMessage, opts *toolexec.ExecuteOptions) ([]oai.ChatCompletionMessageParamUnion, []toolexec.Outcome, error) {
	var calls []toolexec.ToolCall
	for _, c := range msg.ToolCalls {
		if c.Type != "" && c.Type != "function" {
			continue
		}
		calls = append(calls, toolexec.ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: json.RawMessage(c.Function.Arguments)})
	}
	outcomes, results, err := run(ctx, set, calls, opts)
	if err != nil || len(results) == 0 {
		return nil, outcomes, err
	}
	out, err := chatMessages(llm.ToolMessage(results...), false)
	if err != nil {
		return nil, outcomes, fmt.Errorf("openai: tool results: %w", err)
	}
	return out, outcomes, nil
}

// RunResponsesToolCalls runs the function calls of res, a Responses API
// response, against set, and returns the function_call_output items that
// answer them, in call order, each with its call's call_id, as
// [ResponsesModel] sends results: to send as the input of the next
// request, with PreviousResponseID set to res.ID (or after res's output
// items, for a stateless conversation). Other output items are not
// toolgen's.
//
// Calls are run as [RunChatToolCalls] says, and errors are the same. An
// error result is its message as the output; a model output of content
// parts is a list of input_text, input_image and input_file items.
func RunResponsesToolCalls(ctx context.Context, set tool.Toolset, res *responses.Response, opts *toolexec.ExecuteOptions) ([]responses.ResponseInputItemUnionParam, []toolexec.Outcome, error) {
	var calls []toolexec.ToolCall
	if res != nil {
		for _, item := range res.Output {
			if item.Type != "function_call" {
				continue
			}
			c := item.AsFunctionCall()
			calls = append(calls, toolexec.ToolCall{ID: c.CallID, Name: c.Name, Arguments: json.RawMessage(c.Arguments)})
		}
	}
	outcomes, results, err := run(ctx, set, calls, opts)
	if err != nil || len(results) == 0 {
		return nil, outcomes, err
	}
	out, err := inputItems(llm.ToolMessage(results...))
	if err != nil {
		return nil, outcomes, fmt.Errorf("openai: tool results: %w", err)
	}
	return out, outcomes, nil
}

// run executes calls against set, in order, and returns their outcomes and
// the results the model is to read.
func run(ctx context.Context, set tool.Toolset, calls []toolexec.ToolCall, opts *toolexec.ExecuteOptions) ([]toolexec.Outcome, []llm.ToolResult, error) {
	outcomes, err := toolexec.ExecuteAll(ctx, set, calls, opts)
	if err != nil {
		return outcomes, nil, fmt.Errorf("openai: run tool calls: %w", err)
	}
	results := make([]llm.ToolResult, len(outcomes))
	for i, o := range outcomes {
		results[i] = o.Result()
	}
	return outcomes, results, nil
}
