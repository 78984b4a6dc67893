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
	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/telemetry"
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
	// telemetry, transform and agent are the agent's configuration,
	// transform policy and name, for the calls' spans.
	telemetry *telemetry.Config
	transform toolexec.TransformPolicy
	agent     string
}

// run is the tool's activity. A failure of the call is an application
// error with the call's toolexec.Error as details; failures that another
// attempt cannot fix (invalid arguments, a panic, an output that cannot be
// encoded) are not retryable. Each attempt is an execute_tool span, a
// child of the activity's span.
func (t *toolActivity) run(ctx context.Context, in ToolInput) (*ToolOutput, error) {
	defer heartbeat(ctx)()
	tel := genaitrace.Resolve(ctx, t.telemetry)
	ctx = tel.Bind(ctx)
	span := tel.StartTool(ctx, genaitrace.ToolInfo{Name: t.key, CallID: in.Call.ToolCallID, Description: t.tool.Spec().Description, Agent: t.agent})
	if in.Resume.SuspendedWith != nil {
		span.Resumed("suspended", false)
	}
	out, terr := t.call(span.In(ctx), in, span)
	switch {
	case terr != nil:
		span.End(string(terr.Kind))
		return nil, toolError(terr)
	case out.Suspended != nil:
		span.Waiting("suspended")
	default:
		span.End("")
	}
	return out, nil
}

// call runs the call in within span.
func (t *toolActivity) call(ctx context.Context, in ToolInput, span *genaitrace.Tool) (*ToolOutput, *toolexec.Error) {
	ctx = toolexec.WithLimits(toolexec.WithCallInfo(ctx, in.Call), t.limits)
	if t.validate {
		ctx = toolexec.ValidatingOutputs(ctx)
	}
	args := in.Arguments
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	inv, terr := toolexec.Prepare(ctx, t.key, t.tool, args)
	if span.CapturesContent() {
		span.Arguments(t.shown(ctx, in, inv, toolexec.PhaseInput, nil, args))
	}
	if terr != nil {
		return nil, terr
	}
	res, out, suspended, terr := agent.RunRemoteCall(ctx, t.key, inv, in.Resume)
	switch {
	case suspended != nil:
		return &ToolOutput{Suspended: suspended}, nil
	case terr != nil:
		return nil, terr
	}
	if span.CapturesContent() {
		span.Result(t.shown(ctx, in, inv, toolexec.PhaseOutput, res.Value, res.JSON))
	}
	return &ToolOutput{Output: res.JSON, ModelOutput: out}, nil
}

// shown is what the display target sees of a payload of the call in, for
// its span, with the agent's transform policy, as the agent loop records
// it; arguments that could not be prepared are not shown.
func (t *toolActivity) shown(ctx context.Context, in ToolInput, inv tool.Invocation, phase toolexec.Phase, v any, raw json.RawMessage) json.RawMessage {
	if inv == nil {
		raw = json.RawMessage("null")
	}
	return toolexec.Present(ctx, t.transform, t.tool, inv, toolexec.TransformInput{Target: tool.TargetDisplay, Phase: phase,
		ToolName: t.key, ToolCallID: in.Call.ToolCallID, Output: v, Raw: raw})
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
