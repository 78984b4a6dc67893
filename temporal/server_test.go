package temporal_test

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/temporal"
	"github.com/toolgen-go/toolgen/temporal/internal/devserver"
	"github.com/toolgen-go/toolgen/tool"
)

// TestOnTheDevServer runs an agent with two parallel calls, one waiting for
// approval, on a real server through the client API; the worker is
// replaced while the run waits; then the run's history replays against
// the agent, and fails to replay against an agent whose rules changed.
func TestOnTheDevServer(t *testing.T) {
	srv := devserver.Start(t)
	c, err := srv.Dial()
	require.NoError(t, err)
	defer c.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()

	var weatherRuns, bookRuns atomic.Int32
	newAgent := func(m llm.Model, bookSpec tool.Spec) *agent.Agent {
		return &agent.Agent{ID: "trip-agent", Instructions: "Plan trips.", Model: m, Tools: tool.Toolset{
			"weather": weatherTool(&weatherRuns, tool.Spec{Annotations: tool.Annotations{Idempotent: new(true)}}),
			"book":    weatherTool(&bookRuns, bookSpec),
		}}
	}
	model := scripted.New(
		scripted.Calls(llm.ToolCall{ID: "c1", Name: "weather", Arguments: `{"location":"Paris"}`},
			llm.ToolCall{ID: "c2", Name: "book", Arguments: `{"location":"Paris"}`}),
		scripted.Text("Booked; 21.5°C in Paris."))
	ag := newAgent(model, tool.Spec{NeedsApproval: true})

	queue := "toolgen-t1-" + time.Now().Format("150405.000000")
	w1 := worker.New(c, queue, worker.Options{})
	require.NoError(t, temporal.Register(w1, ag))
	require.NoError(t, w1.Start())

	run, err := temporal.Start(ctx, c, client.StartWorkflowOptions{ID: "trip-" + queue, TaskQueue: queue}, "trip-agent", "Book Paris if it is warm.")
	require.NoError(t, err)
	var st *temporal.Status
	require.Eventually(t, func() bool {
		st, err = run.Status(ctx)
		return err == nil && len(st.Pending) == 1
	}, time.Minute, 100*time.Millisecond, "the run waits for the approval")
	assert.Equal(t, "c2", st.Pending[0].ToolCallID)
	evs, err := run.Events(ctx, 0)
	require.NoError(t, err)
	assert.Equal(t, st.Events, evs)
	assert.Equal(t, int32(1), weatherRuns.Load(), "the call that needs no approval ran")

	// Another worker takes over while the run waits.
	w1.Stop()
	w2 := worker.New(c, queue, worker.Options{})
	require.NoError(t, temporal.Register(w2, ag))
	require.NoError(t, w2.Start())
	defer w2.Stop()
	require.NoError(t, run.Answer(ctx, agent.Approve("c2")))
	res, err := run.Result(ctx)
	require.NoError(t, err)
	assert.Equal(t, "Booked; 21.5°C in Paris.", res.Text)
	assert.Equal(t, int32(1), weatherRuns.Load(), "no tool runs twice")
	assert.Equal(t, int32(1), bookRuns.Load())
	require.Len(t, res.Steps, 2)
	assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(res.Steps[0].Outcomes[1].Output))

	var hist historypb.History
	it := c.GetWorkflowHistory(ctx, run.ID(), run.RunID(), false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(t, err)
		hist.Events = append(hist.Events, ev)
	}
	replay := func(a *agent.Agent) error {
		r := worker.NewWorkflowReplayer()
		require.NoError(t, temporal.RegisterWorkflow(r, a))
		return r.ReplayWorkflowHistory(log.NewStructuredLogger(slog.New(slog.DiscardHandler)), &hist)
	}
	assert.NoError(t, replay(newAgent(scripted.New(), tool.Spec{NeedsApproval: true})), "the run's history replays")
	assert.Error(t, replay(newAgent(scripted.New(), tool.Spec{})), "a run whose approval rule changed does not replay")
}
