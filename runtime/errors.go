package runtime

import (
	"errors"
	"fmt"
)

// ErrInvalidArguments is wrapped by every error that [Tool.Prepare] (and
// [Func.Decode], [Func.Call]) returns because the arguments could not be
// used, as opposed to the tool failing.
var ErrInvalidArguments = errors.New("invalid arguments")

// PanicError is a panic that the runtime recovered and turned into an
// error: in a tool's function or hooks, or below [Func.Prepare] (in the
// validator, in a type's UnmarshalJSON), where it is the tool's fault, not
// the arguments'. The agent loop and the MCP server report it as a
// [ToolError] of kind [KindPanic].
type PanicError struct {
	// Value is the value the code panicked with.
	Value any
}

// Error implements error.
func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// ToolErrorKind classifies a [ToolError].
type ToolErrorKind string

// The ways a tool call can fail. Each becomes an error result for the model
// and the run continues.
const (
	// KindUnknownTool: the model named a tool that does not exist or is
	// not active in this step.
	KindUnknownTool ToolErrorKind = "unknown-tool"
	// KindInvalidArguments: the arguments were too large, too deep, not
	// JSON, or did not match the input schema or the Go type.
	KindInvalidArguments ToolErrorKind = "invalid-arguments"
	// KindToolFailed: the tool returned an error.
	KindToolFailed ToolErrorKind = "tool-failed"
	// KindPanic: the tool, or the runtime reading its arguments, panicked;
	// the panic was recovered.
	KindPanic ToolErrorKind = "panic"
	// KindTimeout: the tool ran past its per-call timeout.
	KindTimeout ToolErrorKind = "timeout"
	// KindCancelled: the run's context ended while the tool ran.
	KindCancelled ToolErrorKind = "cancelled"
	// KindDeclined: the call needed approval and was declined.
	KindDeclined ToolErrorKind = "declined"
	// KindOutput: the tool's output could not be encoded or turned into a
	// model output.
	KindOutput ToolErrorKind = "output"
	// KindInvalidOutput: output validation is on ([WithOutputValidation])
	// and the tool's output does not match its output schema.
	KindInvalidOutput ToolErrorKind = "invalid-output"
)

// ToolError is a failed tool call. Message is what the model is told: it
// names the tool, says what went wrong and, for bad arguments, where and what
// was expected. It never holds a stack trace or the raw arguments.
type ToolError struct {
	// Kind classifies the failure.
	Kind ToolErrorKind `json:"kind"`
	// ToolName is the key the model called. In an error from [Call], which
	// is given no key, it is the tool's Spec ID.
	ToolName string `json:"toolName"`
	// ToolCallID is the id of the call; empty in an error from [Call].
	ToolCallID string `json:"toolCallId"`
	// Message is the sanitized text sent to the model.
	Message string `json:"message"`
	// Err is the underlying error, for the application only; it is never
	// sent to the model or a display target.
	Err error `json:"-"`
}

// Error implements error: "tool NAME (call ID): MESSAGE", leaving out
// the name and the call id when they are empty.
func (e *ToolError) Error() string {
	switch {
	case e.ToolName != "" && e.ToolCallID != "":
		return fmt.Sprintf("tool %s (call %s): %s", e.ToolName, e.ToolCallID, e.Message)
	case e.ToolName != "":
		return fmt.Sprintf("tool %s: %s", e.ToolName, e.Message)
	case e.ToolCallID != "":
		return fmt.Sprintf("tool call %s: %s", e.ToolCallID, e.Message)
	}
	return e.Message
}

// Unwrap returns the underlying error.
func (e *ToolError) Unwrap() error { return e.Err }
