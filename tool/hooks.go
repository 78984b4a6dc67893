package tool

import (
	"github.com/toolgen-go/toolgen/llm"
)

// HookCall is what a tool's lifecycle hooks are told of the call they are
// called for, as Mastra's hooks are given ToolCallOptions. The agent loop
// calls the hooks of a [Func] ([Func.WithOnInputStart],
// [Func.WithOnInputDelta], [Func.WithOnInputAvailable],
// [Func.WithOnOutput]) at these moments of a call, in this order:
//
//   - input start: the model has started sending the call's arguments
//     (with Generate, whose model answers at once, when the answer
//     arrives);
//   - input delta: once per piece of the arguments' text, as the model
//     streams it (with Generate, or a model that streams a call whole,
//     once with all of it);
//   - input available: the arguments are complete and valid, with the
//     typed input, before the approval check and the run (not again when
//     a resumed run runs an approved call);
//   - output: the call succeeded (and, with output validation, its output
//     is valid), with the typed output, before its tool-result event.
//
// The input hooks of a step's calls run as the model's answer arrives, in
// the order of its parts; input available runs for each call in call order
// once the answer is complete; output runs in the call's goroutine as it
// ends. Input start and delta run only for tools the step has active;
// input available and output only for calls that got that far. Only the
// agent loop calls them: [Call] and the MCP server do not.
//
// A hook's ctx is the call's: [CallInfoFrom] and [RequestContextFrom] read
// it, and it ends with the run. A hook cannot change or stop the run: an
// error it returns, and a panic, are logged to the agent's Logger (as Mastra
// logs "Error calling onInputStart" and goes on). A hook blocks what
// follows it, as Mastra awaits its hooks: keep hooks short.
type HookCall struct {
	// CallInfo identifies the call: the agent whose model made it, the
	// tool's key, the call's id and the step.
	CallInfo
	// Messages are the messages of the request whose answer holds the call,
	// without the system message, for the input hooks; nil for output (as
	// Mastra's onOutput has none). Do not modify them.
	Messages []llm.Message
}
