// Package callctx carries what a tool call shares, through its context,
// with the code that runs it: the tool package reads it (CallInfoFrom,
// Progress, Suspend…), and the hosts that run calls (toolexec, the agent
// loop, the MCP server) set it. It is not API: each value is reached
// through the exported functions of those packages.
package callctx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"
)

// Key is the type of the context keys of a call.
type Key int

// The keys of what a call's context carries.
const (
	// CallInfoKey: a tool.CallInfo.
	CallInfoKey Key = iota
	// RequestContextKey: a tool.RequestContext.
	RequestContextKey
	// LimitsKey: the schema.Limits of arguments.
	LimitsKey
	// ReporterKey: what receives a call's progress reports and data
	// (toolexec's reporter).
	ReporterKey
	// OutputValidationKey: true when a tool checks its output against its
	// output schema.
	OutputValidationKey
	// ControlKey: the call's *Control.
	ControlKey
)

// PanicError is a panic that was recovered and turned into an error: in a
// tool's function or hooks, or while its arguments were read (in the
// validator, in a type's UnmarshalJSON), where it is the tool's fault, not
// the arguments'. Hosts report it as a failure of kind panic.
type PanicError struct {
	// Value is the value the code panicked with.
	Value any
}

// Error implements error.
func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// OutputError is a tool's output that could not be encoded (Invalid
// false) or that does not match its output schema (Invalid true). Message
// is what a model may be told.
type OutputError struct {
	Invalid bool
	Message string
	Err     error
}

// Error implements error: the Message.
func (e *OutputError) Error() string { return e.Message }

// Unwrap returns the underlying error.
func (e *OutputError) Unwrap() error { return e.Err }

// SuspendTypes are the suspend and resume types of a tool whose calls may
// suspend (tool.WithSuspend).
type SuspendTypes struct {
	// Payload and Resume are the types S and R.
	Payload, Resume reflect.Type
	// Decode takes resume data through the argument path into an R.
	Decode func(ctx context.Context, raw []byte) (any, error)
}

// SuspendTyped is implemented by the invocations of tools whose calls may
// suspend.
type SuspendTyped interface {
	SuspendTypes() *SuspendTypes
}

// ErrSuspended is what tool.Suspend returns for the tool to return.
var ErrSuspended = errors.New("the call suspended itself and waits for resume data")

// Control is what a call that may suspend shares with the run that runs
// it. The run sets the exported fields before the call starts; the call
// records its suspension with Suspend or SuspendJSON, and the run reads it
// with Finish once the call has returned.
type Control struct {
	// Tool is the name the model called the tool by.
	Tool string
	// Types are the tool's suspend types, nil if it has none.
	Types *SuspendTypes
	// Background is set for a background call, which cannot suspend.
	Background bool
	// Resumed is set when the call runs again with resume data:
	// ResumeValue decoded into the resume type, ResumeRaw as JSON, and
	// SuspendedWith the payload it had suspended with, as JSON.
	Resumed       bool
	ResumeValue   any
	ResumeRaw     json.RawMessage
	SuspendedWith json.RawMessage

	mu        sync.Mutex
	done      bool
	suspended bool
	payload   any
	raw       json.RawMessage
}

// With returns a ctx that carries c.
func With(ctx context.Context, c *Control) context.Context {
	return context.WithValue(ctx, ControlKey, c)
}

// From returns the Control of the call running under ctx, or nil.
func From(ctx context.Context) *Control {
	c, _ := ctx.Value(ControlKey).(*Control)
	return c
}

// Suspend records that the call suspended itself with payload, of type t,
// whose JSON is raw (or which did not encode, with encErr). It returns
// the error the tool returns: ErrSuspended, or why the call cannot
// suspend with it. fn names the caller in the error texts.
func (c *Control) Suspend(fn string, t reflect.Type, payload any, raw json.RawMessage, encErr error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch st := c.Types; {
	case c.done:
		return errors.New(fn + ": the call is over")
	case c.Background:
		return fmt.Errorf("%s: tool %q runs in the background, where a call cannot suspend", fn, c.Tool)
	case st == nil:
		return fmt.Errorf("%s: tool %q cannot suspend: it declares no suspend and resume types (toolgen's suspend= and resume= options, or tool.WithSuspend)", fn, c.Tool)
	case t != st.Payload:
		return fmt.Errorf("%s: tool %q suspends with a %s, not a %s", fn, c.Tool, st.Payload, t)
	case encErr != nil:
		return fmt.Errorf("%s: encode the payload of tool %q: %w", fn, c.Tool, encErr)
	}
	c.suspended, c.payload, c.raw = true, payload, raw
	return ErrSuspended
}

// SuspendJSON records that the call suspended itself in another process
// with raw, the JSON of a payload of its suspend type, as Suspend does.
func (c *Control) SuspendJSON(fn string, raw json.RawMessage) error {
	if c.Types == nil {
		return fmt.Errorf("%s: tool %q cannot suspend: it declares no suspend and resume types", fn, c.Tool)
	}
	v := reflect.New(c.Types.Payload)
	if err := json.Unmarshal(raw, v.Interface()); err != nil {
		return fmt.Errorf("%s: read the payload of tool %q: %w", fn, c.Tool, err)
	}
	return c.Suspend(fn, c.Types.Payload, v.Elem().Interface(), raw, nil)
}

// Finish marks the call over, so that a later Suspend fails, and returns
// what it suspended with, if it did.
func (c *Control) Finish() (suspended bool, payload any, raw json.RawMessage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done = true
	return c.suspended, c.payload, c.raw
}
