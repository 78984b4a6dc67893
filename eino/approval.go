package eino

import (
	"context"
	"fmt"

	einotool "github.com/cloudwego/eino/components/tool"

	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// Decision is what an application resumes an interrupted call with, when
// no [Options.Approve] is set and a tool needs approval:
//
//	info, _ := compose.ExtractInterruptInfo(err)
//	decisions := map[string]any{}
//	for _, ic := range info.InterruptContexts {
//		if req, ok := ic.Info.(toolexec.ApprovalRequest); ok { // the call: key, call id, decoded input
//			decisions[ic.ID] = eino.Decision(ask(req))
//		}
//	}
//	// run the graph again with compose.BatchResumeWithData(ctx, decisions)
//	// and the same checkpoint id
//
// A plain bool is taken as a Decision too. Resuming a call with no data
// ([compose.Resume]) approves it: the application targeted that call.
type Decision bool

// The two decisions.
const (
	// Approved lets the call run.
	Approved Decision = true
	// Declined tells the model the call was not approved; the run goes on.
	Declined Decision = false
)

// decide is the approval of a call by Eino's interrupt and resume. On the
// call's first run it returns the interrupt signal, whose Info is req. On a
// rerun that resumes this call it returns the decision; on a rerun that
// resumes another call it interrupts again, as Eino asks of a component
// that is not the target. The error is the application's: resume data of
// the wrong type.
func decide(ctx context.Context, req toolexec.ApprovalRequest) (approved bool, signal, err error) {
	if interrupted, _, _ := einotool.GetInterruptState[any](ctx); !interrupted {
		return false, einotool.Interrupt(ctx, req), nil
	}
	target, hasData, data := einotool.GetResumeContext[any](ctx)
	if !target {
		return false, einotool.Interrupt(ctx, req), nil
	}
	if !hasData {
		return true, nil, nil
	}
	switch d := data.(type) {
	case Decision:
		return bool(d), nil, nil
	case bool:
		return d, nil, nil
	}
	return false, nil, fmt.Errorf("the resume data is a %T, want an eino.Decision", data)
}
