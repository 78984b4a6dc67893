package genkit

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"

	"github.com/firebase/genkit/go/ai"

	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// A call that needs approval and has no Options.Approve interrupts the
// run: Genkit's Generate returns with FinishReason "interrupted" and the
// call among the response's Interrupts, marked as an approval request. The
// application restarts it with ai.WithToolRestarts and the part [Approve]
// or [Decline] makes; the restarted call reads the answer from Genkit's
// resumed metadata.

// The metadata of an approval request (the interrupt) and of its answer
// (the restart's resumed metadata).
const (
	interruptKey      = "toolgen"
	interruptApproval = "approval"
	approvedKey       = "approved"
)

// IsApprovalRequest reports whether p, one of a response's Interrupts, is
// a call of a toolgen tool that waits for approval. Its ToolRequest says
// which tool (Name) and with which arguments (Input).
func IsApprovalRequest(p *ai.Part) bool {
	if !p.IsInterrupt() {
		return false
	}
	meta, ok := p.Metadata["interrupt"].(map[string]any)
	return ok && meta[interruptKey] == interruptApproval
}

// Approve returns the restart of p, an approval request
// ([IsApprovalRequest]), that runs the call: pass it to
// ai.WithToolRestarts, with the response's History as the messages.
func Approve(p *ai.Part) (*ai.Part, error) { return answer(p, true) }

// Decline returns the restart of p, an approval request
// ([IsApprovalRequest]), that does not run the call: the model is told that
// the call was not approved, and the run goes on. Pass it to
// ai.WithToolRestarts, with the response's History as the messages.
func Decline(p *ai.Part) (*ai.Part, error) { return answer(p, false) }

// answer is the restart of the approval request p with the answer approved.
func answer(p *ai.Part, approved bool) (*ai.Part, error) {
	if !IsApprovalRequest(p) {
		return nil, errors.New("answer an approval request: the part is not an interrupted call of a toolgen tool that needs approval")
	}
	return restart(p, nil, map[string]any{approvedKey: approved}), nil
}

// approver decides on the calls that need approval, for the tools of one
// set.
type approver struct {
	// decide is Options.Approve.
	decide func(ctx context.Context, req toolexec.ApprovalRequest) (bool, error)
	// reader is made on the first decision: see [approver.resumed].
	reader func() ai.Tool
}

// resumedKey is the key of the *map[string]any through which the reader
// tool returns the resumed metadata of the call.
type resumedKey struct{}

// approve decides on one call: by its restart when it is one, else by
// decide, else by interrupting the run.
func (a *approver) approve(ctx context.Context, req toolexec.ApprovalRequest) (bool, error) {
	resumed, err := a.resumed(ctx)
	if err != nil {
		return false, err
	}
	if resumed != nil {
		approved, _ := resumed[approvedKey].(bool)
		return approved, nil
	}
	if a.decide != nil {
		return a.decide(ctx, req)
	}
	tc := &ai.ToolContext{Context: ctx}
	return false, tc.Interrupt(&ai.InterruptOptions{Metadata: map[string]any{interruptKey: interruptApproval}})
}

// resumed returns the resumed metadata of the call of ctx, nil when the
// call is not a restart. Genkit passes it in ctx under a key of its own,
// which only the ai.ToolContext of a tool made by ai.NewTool exposes: so a
// tool of that kind, made once per set, reads it. It costs a span and
// Genkit's checks of an empty input, for the calls that need approval only.
func (a *approver) resumed(ctx context.Context) (map[string]any, error) {
	var resumed map[string]any
	if _, err := a.reader().RunRaw(context.WithValue(ctx, resumedKey{}, &resumed), nil); err != nil {
		return nil, fmt.Errorf("read the restart of the call: %w", err)
	}
	return resumed, nil
}

// newApprover returns the approver of a set, with Options.Approve decide.
func newApprover(decide func(ctx context.Context, req toolexec.ApprovalRequest) (bool, error)) *approver {
	return &approver{
		decide: decide,
		reader: sync.OnceValue(func() ai.Tool {
			return ai.NewTool("toolgen-approval", "Reads whether a restarted call was approved.",
				func(tc *ai.ToolContext, _ any) (any, error) {
					if out, ok := tc.Value(resumedKey{}).(*map[string]any); ok {
						*out = tc.Resumed
					}
					return nil, nil
				})
		}),
	}
}

// restart is Genkit's restart of the interrupted call p: the same request,
// with input in place of its arguments when not nil, and resumed as the
// metadata the call reads in its ai.ToolContext.
func restart(p *ai.Part, input, resumed any) *ai.Part {
	meta := maps.Clone(p.Metadata)
	if meta == nil {
		meta = map[string]any{}
	}
	delete(meta, "interrupt")
	meta["resumed"] = resumed
	args := p.ToolRequest.Input
	if input != nil {
		meta["replacedInput"] = args
		args = input
	}
	r := ai.NewToolRequestPart(&ai.ToolRequest{Name: p.ToolRequest.Name, Ref: p.ToolRequest.Ref, Input: args})
	r.Metadata = meta
	return r
}

// Restart returns the restart of toolReq, an interrupted call of the tool,
// for ai.WithToolRestarts, as Genkit's own tools do. For an approval
// request use [Approve] or [Decline]: a restart without their answer is
// declined. It returns nil when toolReq is not a tool request.
func (t *Tool) Restart(toolReq *ai.Part, opts *ai.RestartOptions) *ai.Part {
	if !toolReq.IsToolRequest() {
		return nil
	}
	if opts == nil {
		opts = &ai.RestartOptions{}
	}
	var resumed any = true
	if opts.ResumedMetadata != nil {
		resumed = opts.ResumedMetadata
	}
	return restart(toolReq, opts.ReplaceInput, resumed)
}

// Respond returns a response to toolReq, an interrupted call of the tool,
// for ai.WithToolResponses, as Genkit's own tools do: the model reads
// output as the call's output, and the tool does not run. It returns nil
// when toolReq is not a tool request.
func (t *Tool) Respond(toolReq *ai.Part, output any, opts *ai.RespondOptions) *ai.Part {
	if !toolReq.IsToolRequest() {
		return nil
	}
	p := ai.NewResponseForToolRequest(toolReq, output)
	var meta any = true
	if opts != nil && opts.Metadata != nil {
		meta = opts.Metadata
	}
	p.Metadata = map[string]any{"interruptResponse": meta}
	return p
}
