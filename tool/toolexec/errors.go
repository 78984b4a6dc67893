package toolexec

import (
	"fmt"
)

// Kind classifies an [Error].
type Kind string

// The ways a tool call can fail. Each becomes an error result for the model
// and the run continues.
const (
	// KindUnknownTool: the model named a tool that does not exist or is
	// not active in this step.
	KindUnknownTool Kind = "unknown-tool"
	// KindInvalidArguments: the arguments were too large, too deep, not
	// JSON, or did not match the input schema or the Go type.
	KindInvalidArguments Kind = "invalid-arguments"
	// KindToolFailed: the tool returned an error.
	KindToolFailed Kind = "tool-failed"
	// KindPanic: the tool, or the code reading its arguments, panicked;
	// the panic was recovered.
	KindPanic Kind = "panic"
	// KindTimeout: the tool ran past its per-call timeout.
	KindTimeout Kind = "timeout"
	// KindCancelled: the run's context ended while the tool ran.
	KindCancelled Kind = "cancelled"
	// KindDeclined: the call needed approval and was declined.
	KindDeclined Kind = "declined"
	// KindOutput: the tool's output could not be encoded or turned into a
	// model output.
	KindOutput Kind = "output"
	// KindInvalidOutput: output validation is on ([github.com/toolgen-go/toolgen/agent.WithOutputValidation])
	// and the tool's output does not match its output schema.
	KindInvalidOutput Kind = "invalid-output"
)

// Error is a failed tool call. Message is what the model is told: it
// names the tool, says what went wrong and, for bad arguments, where and what
// was expected. It never holds a stack trace or the raw arguments.
type Error struct {
	// Kind classifies the failure.
	Kind Kind `json:"kind"`
	// ToolName is the key the model called. In an error from [tool.Call], which
	// is given no key, it is the tool's Spec ID.
	ToolName string `json:"toolName"`
	// ToolCallID is the id of the call; empty in an error from [tool.Call].
	ToolCallID string `json:"toolCallId"`
	// Message is the sanitized text sent to the model.
	Message string `json:"message"`
	// Err is the underlying error, for the application only; it is never
	// sent to the model or a display target.
	Err error `json:"-"`
}

// Error implements error: "tool NAME (call ID): MESSAGE", leaving out
// the name and the call id when they are empty.
func (e *Error) Error() string {
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
func (e *Error) Unwrap() error { return e.Err }
