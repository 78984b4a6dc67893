package temporal

import (
	"context"
	"fmt"

	"go.temporal.io/sdk/client"

	"github.com/toolgen-go/toolgen/agent"
)

// Run is a durable run of an agent, seen from a client.
type Run struct {
	c     client.Client
	id    string
	runID string
}

// Start starts a durable run of the agent whose ID is agentID on prompt,
// with opts (TaskQueue is required: the queue of the workers that
// registered the agent with [Register]).
func Start(ctx context.Context, c client.Client, opts client.StartWorkflowOptions, agentID, prompt string) (*Run, error) {
	return StartInput(ctx, c, opts, agentID, Input{Prompt: prompt})
}

// StartInput is [Start] with an [Input]: earlier messages, or messages in
// place of a prompt.
func StartInput(ctx context.Context, c client.Client, opts client.StartWorkflowOptions, agentID string, in Input) (*Run, error) {
	wr, err := c.ExecuteWorkflow(ctx, opts, WorkflowName(agentID), in)
	if err != nil {
		return nil, fmt.Errorf("start the run of agent %s: %w", agentID, err)
	}
	return &Run{c: c, id: wr.GetID(), runID: wr.GetRunID()}, nil
}

// GetRun returns the run of workflow id workflowID (and run runID, or the
// latest when it is empty), such as a run started by another process that
// now waits for an approval.
func GetRun(c client.Client, workflowID, runID string) *Run {
	return &Run{c: c, id: workflowID, runID: runID}
}

// ID returns the run's workflow ID.
func (r *Run) ID() string { return r.id }

// RunID returns the run's workflow run ID.
func (r *Run) RunID() string { return r.runID }

// Result waits for the run to end and returns its result.
func (r *Run) Result(ctx context.Context) (*Result, error) {
	var res Result
	if err := r.c.GetWorkflow(ctx, r.id, r.runID).Get(ctx, &res); err != nil {
		return nil, fmt.Errorf("run %s: %w", r.id, err)
	}
	return &res, nil
}

// Status returns the run's events so far and what it waits on.
func (r *Run) Status(ctx context.Context) (*Status, error) {
	v, err := r.c.QueryWorkflow(ctx, r.id, r.runID, QueryStatus)
	if err != nil {
		return nil, fmt.Errorf("run %s: query status: %w", r.id, err)
	}
	var st Status
	if err := v.Get(&st); err != nil {
		return nil, fmt.Errorf("run %s: read status: %w", r.id, err)
	}
	return &st, nil
}

// Events returns the run's events from index from on: 0 for all of them,
// then the number of events already read, to follow the run.
func (r *Run) Events(ctx context.Context, from int) ([]agent.Event, error) {
	v, err := r.c.QueryWorkflow(ctx, r.id, r.runID, QueryEvents, from)
	if err != nil {
		return nil, fmt.Errorf("run %s: query events: %w", r.id, err)
	}
	var evs []agent.Event
	if err := v.Get(&evs); err != nil {
		return nil, fmt.Errorf("run %s: read events: %w", r.id, err)
	}
	return evs, nil
}

// Answer sends the answers to the calls the paused run waits on (its
// Status's Pending), as agent.Agent.Resume takes them: every pending
// call needs one. The run checks them; answers it refuses leave it
// waiting, with the reason in its Status's AnswerError.
func (r *Run) Answer(ctx context.Context, answers ...agent.Answer) error {
	if err := r.c.SignalWorkflow(ctx, r.id, r.runID, SignalAnswers, answers); err != nil {
		return fmt.Errorf("run %s: answer: %w", r.id, err)
	}
	return nil
}
