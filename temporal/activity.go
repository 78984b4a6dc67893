package temporal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// ToolInput is the input of a tool activity: one call, its arguments
// already checked by the workflow (the activity checks them again, since
// it runs the tool's own Prepare).
type ToolInput struct {
	// Call identifies the call; the tool reads it with
	// tool.CallInfoFrom.
	Call tool.CallInfo `json:"call"`
	// Arguments are the call's arguments.
	Arguments json.RawMessage `json:"arguments"`
	// Resume is set when the call runs again after suspending itself.
	Resume agent.RemoteCall `json:"resume"`
}

// ToolOutput is the output of a tool activity that succeeded.
type ToolOutput struct {
	// Output is the JSON of the tool's output.
	Output json.RawMessage `json:"output"`
	// ModelOutput is what the model is told of it (the tool's
	// ToModelOutput hook runs in the activity).
	ModelOutput llm.ModelOutput `json:"modelOutput"`
	// Suspended is set, in place of the others, when the call suspended
	// itself (tool.Suspend): the payload's JSON.
	Suspended json.RawMessage `json:"suspended,omitempty"`
}

// toolErrorType is the type of the application errors of tool activities
// whose details are a [toolFailure].
const toolErrorType = "toolgen.tool-error"

// toolFailure is what a failed tool call tells the workflow: the kind and
// the sanitized message of its toolexec.Error.
type toolFailure struct {
	Kind    toolexec.Kind `json:"kind"`
	Message string        `json:"message"`
}

// toolActivity runs the calls of one tool.
type toolActivity struct {
	key      string
	tool     tool.Tool
	limits   schema.Limits
	validate bool
}

// run is the tool's activity. A failure of the call is an application
// error with the call's toolexec.Error as details; failures that another
// attempt cannot fix (invalid arguments, a panic, an output that cannot be
// encoded) are not retryable.
func (t *toolActivity) run(ctx context.Context, in ToolInput) (*ToolOutput, error) {
	defer heartbeat(ctx)()
	ctx = toolexec.WithLimits(toolexec.WithCallInfo(ctx, in.Call), t.limits)
	if t.validate {
		ctx = toolexec.ValidatingOutputs(ctx)
	}
	args := in.Arguments
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	inv, terr := toolexec.Prepare(ctx, t.key, t.tool, args)
	if terr != nil {
		return nil, toolError(terr)
	}
	res, out, suspended, terr := agent.RunRemoteCall(ctx, t.key, inv, in.Resume)
	switch {
	case suspended != nil:
		return &ToolOutput{Suspended: suspended}, nil
	case terr != nil:
		return nil, toolError(terr)
	}
	return &ToolOutput{Output: res.JSON, ModelOutput: out}, nil
}

// heartbeat records heartbeats of the activity running under ctx, when
// its options set a HeartbeatTimeout, three times per timeout until the
// returned function is called: a worker that dies in the middle of a
// long call is then noticed within the HeartbeatTimeout rather than the
// StartToCloseTimeout.
func heartbeat(ctx context.Context) (stop func()) {
	every := activity.GetInfo(ctx).HeartbeatTimeout / 3
	if every <= 0 {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				activity.RecordHeartbeat(ctx)
			case <-done:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	return func() { close(done) }
}

// toolError is the activity error of a failed call.
func toolError(e *toolexec.Error) error {
	f := toolFailure{Kind: e.Kind, Message: e.Message}
	switch e.Kind {
	case toolexec.KindInvalidArguments, toolexec.KindPanic, toolexec.KindOutput, toolexec.KindInvalidOutput:
		return temporal.NewNonRetryableApplicationError(e.Message, toolErrorType, nil, f)
	}
	return temporal.NewApplicationError(e.Message, toolErrorType, f)
}

// callError is the failure of a call of the tool called name whose
// activity failed with err, as the workflow tells the model of it: the
// tool's own error when the activity ran it, else a message that says
// what happened to the activity without its details.
func callError(name string, err error) *toolexec.Error {
	var app *temporal.ApplicationError
	if errors.As(err, &app) && app.Type() == toolErrorType && app.HasDetails() {
		var f toolFailure
		if app.Details(&f) == nil && f.Kind != "" {
			return &toolexec.Error{Kind: f.Kind, Message: f.Message, Err: err}
		}
	}
	var timeout *temporal.TimeoutError
	var cancelled *temporal.CanceledError
	switch {
	case errors.As(err, &timeout):
		return &toolexec.Error{Kind: toolexec.KindTimeout, Message: fmt.Sprintf("tool %q did not finish in time", name), Err: err}
	case errors.As(err, &cancelled):
		return &toolexec.Error{Kind: toolexec.KindCancelled, Message: fmt.Sprintf("the call of %q was cancelled", name), Err: err}
	}
	return &toolexec.Error{Kind: toolexec.KindToolFailed, Message: fmt.Sprintf("tool %q failed: its activity did not complete", name), Err: err}
}
