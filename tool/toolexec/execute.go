package toolexec

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
)

// ToolCall is one tool call of a model's response, as a loop that is not
// toolgen's own reads it from its SDK.
type ToolCall struct {
	// ID is the provider's id of the call, if it has one.
	ID string
	// Name is the name the model called: a key of the tool set.
	Name string
	// Arguments is the model's JSON arguments; empty means {}.
	Arguments json.RawMessage
}

// ExecuteOptions are the options of [Execute]. The zero value declines
// every call that needs approval and sets no timeout.
type ExecuteOptions struct {
	// Approve decides on a call that needs approval (the tool's Spec says
	// so, or its NeedsApproval hook does). Without it such a call is
	// declined, and the model is told so. An error from Approve is the
	// host's, not the model's: Execute returns it.
	Approve func(ctx context.Context, req ApprovalRequest) (bool, error)
	// Timeout bounds each call when positive.
	Timeout time.Duration
	// Telemetry configures the execute_tool span and the duration metric
	// of each call. nil means the configuration of the agent run that ctx
	// belongs to, if any, else OpenTelemetry's global providers; see
	// package telemetry. With content capture on, the span records the
	// arguments and the result as the tool's display transforms show
	// them.
	Telemetry *telemetry.Config
}

// Outcome is what one call gave.
type Outcome struct {
	// Call is the call.
	Call ToolCall
	// Output is the tool's typed output and its JSON, for the application;
	// zero when the call failed.
	Output tool.Output
	// Model is what the model is to read: the tool's ModelOutput, or an
	// error output with Err's message.
	Model llm.ModelOutput
	// Err is the failure, nil when the call succeeded. Its Message is what
	// Model says; its Err is for the application only.
	Err *Error
}

// Execute runs one tool call of set for a host that keeps a loop of its own
// (an SDK's, Genkit's, Eino's): an unknown name, invalid arguments, a
// declined approval, a failing or panicking tool each become an error
// result the model reads, as in toolgen's agent loop. The returned error is
// not the model's to read: it is set only when Approve fails or ctx has
// ended before the call starts.
//
// The tool finds its call through [tool.CallInfoFrom]. A call cannot
// suspend itself ([tool.Suspend]) here: that needs the agent loop, which
// keeps the paused run.
func Execute(ctx context.Context, set tool.Toolset, call ToolCall, opts *ExecuteOptions) (Outcome, error) {
	if opts == nil {
		opts = &ExecuteOptions{}
	}
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	t := set[call.Name]
	tel := genaitrace.Resolve(ctx, opts.Telemetry)
	ctx = tel.Bind(ctx)
	span := tel.StartTool(ctx, genaitrace.ToolInfo{Name: call.Name, CallID: call.ID, Description: description(t)})
	o, err := execute(span.In(ctx), set, call, opts, t, span)
	switch {
	case err != nil:
		span.End(genaitrace.ErrorType(err))
	case o.Err != nil:
		span.End(string(o.Err.Kind))
	default:
		span.End("")
	}
	return o, err
}

// execute is Execute within span, the call's: t is the tool, nil when the
// set has none of that name.
func execute(ctx context.Context, set tool.Toolset, call ToolCall, opts *ExecuteOptions, t tool.Tool, span *genaitrace.Tool) (Outcome, error) {
	o := Outcome{Call: call}
	fail := func(e *Error) (Outcome, error) {
		e.ToolName, e.ToolCallID = call.Name, call.ID
		o.Err, o.Model = e, llm.ErrorOutput(e.Message)
		return o, nil
	}
	if t == nil {
		return fail(&Error{Kind: KindUnknownTool, Message: wording.UnknownTool(call.Name, set.Keys(), false)})
	}
	args := call.Arguments
	if strings.TrimSpace(string(args)) == "" {
		args = json.RawMessage("{}")
	}
	ctx = WithCallInfo(ctx, tool.CallInfo{ToolName: call.Name, ToolCallID: call.ID})
	inv, terr := Prepare(ctx, call.Name, t, args)
	if span.CapturesContent() {
		span.Arguments(shown(ctx, t, inv, call, PhaseInput, nil, args))
	}
	if terr != nil {
		return fail(terr)
	}
	if terr, err := approve(ctx, call, t, inv, opts.Approve, span); err != nil || terr != nil {
		if err != nil {
			return Outcome{}, err
		}
		return fail(terr)
	}
	res, out, terr := Run(ctx, call.Name, inv, opts.Timeout)
	if terr != nil {
		return fail(terr)
	}
	if span.CapturesContent() {
		span.Result(shown(ctx, t, inv, call, PhaseOutput, res.Value, res.JSON))
	}
	o.Output, o.Model = res, out
	return o, nil
}

// shown is what the display target sees of a payload of call, for its
// span: the tool's transforms decide, as no host policy applies here.
func shown(ctx context.Context, t tool.Tool, inv tool.Invocation, call ToolCall, phase Phase, v any, raw json.RawMessage) json.RawMessage {
	if inv == nil {
		raw = json.RawMessage("null")
	}
	return Present(ctx, TransformPolicy{}, t, inv, TransformInput{Target: tool.TargetDisplay, Phase: phase, ToolName: call.Name, ToolCallID: call.ID, Output: v, Raw: raw})
}

// description is t's description, "" for a missing tool.
func description(t tool.Tool) string {
	if t == nil {
		return ""
	}
	return t.Spec().Description
}

// ExecuteAll runs calls one after another, in order, with [Execute], and
// returns their outcomes in call order. An error of Execute (Approve
// failed, or ctx ended) stops it: the outcomes of the calls before are
// returned with it, and the calls after are not run.
func ExecuteAll(ctx context.Context, set tool.Toolset, calls []ToolCall, opts *ExecuteOptions) ([]Outcome, error) {
	out := make([]Outcome, 0, len(calls))
	for i, c := range calls {
		o, err := Execute(ctx, set, c, opts)
		if err != nil {
			return out, fmt.Errorf("tool call %d (%s): %w", i, c.Name, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// Result is the outcome as a tool result for the model: the call's id and
// name, and Model.
func (o Outcome) Result() llm.ToolResult {
	return llm.ToolResult{ToolCallID: o.Call.ID, ToolName: o.Call.Name, Output: o.Model}
}

// approve asks approveFn about a call that needs approval. The *Error is
// the model's to read; the error is the host's.
func approve(ctx context.Context, call ToolCall, t tool.Tool, inv tool.Invocation, approveFn func(context.Context, ApprovalRequest) (bool, error), span *genaitrace.Tool) (*Error, error) {
	needs, err := needsApproval(ctx, inv)
	if err != nil {
		return &Error{Kind: KindToolFailed, Message: wording.Clip(fmt.Sprintf("the approval check of %s failed: %v", wording.Quote(call.Name), err)), Err: err}, nil
	}
	if !needs {
		return nil, nil
	}
	if approveFn == nil {
		return &Error{Kind: KindDeclined, Message: fmt.Sprintf("the call of %s needs approval, which this host cannot obtain", wording.Quote(call.Name))}, nil
	}
	ok, err := approveFn(ctx, ApprovalRequest{ToolName: call.Name, ToolCallID: call.ID, Spec: t.Spec(), Input: inv.Input()})
	if err != nil {
		return nil, fmt.Errorf("approve the call of %q: %w", call.Name, err)
	}
	span.Approval(ok)
	if !ok {
		return &Error{Kind: KindDeclined, Message: fmt.Sprintf("the call of %s was not approved", wording.Quote(call.Name))}, nil
	}
	return nil, nil
}

// needsApproval is inv.NeedsApproval with a panic in the tool's hook
// reported as an error.
func needsApproval(ctx context.Context, inv tool.Invocation) (needs bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			needs, err = false, fmt.Errorf("panic: %s", wording.Clip(fmt.Sprint(p)))
		}
	}()
	return inv.NeedsApproval(ctx)
}
