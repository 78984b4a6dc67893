package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

type rowsIn struct {
	Table string `json:"table"`
}

type rowsOut struct {
	Rows  int    `json:"rows"`
	Owner string `json:"owner"`
}

type partial struct {
	Done  int    `json:"done"`
	Owner string `json:"owner"`
}

// rowsTool reports progress twice and emits a partial result (with a
// secret owner) before it returns.
func rowsTool() *tool.Func[rowsIn, rowsOut] {
	return tool.NewFunc(&tool.Spec{
		ID:          "rows",
		Description: "Counts rows.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"table":{"type":"string"}},"required":["table"],"additionalProperties":false}`),
	}, func(ctx context.Context, in rowsIn) (rowsOut, error) {
		tool.Progress(ctx, 1, 2, "reading "+in.Table)
		if err := tool.Emit(ctx, partial{Done: 1, Owner: "alice@example.com"}); err != nil {
			return rowsOut{}, err
		}
		tool.Progress(ctx, 2, 2, "")
		return rowsOut{Rows: 2, Owner: "alice@example.com"}, nil
	})
}

func streamRows(t *testing.T, a *agent.Agent) []agent.Event {
	t.Helper()
	a.Model = callThenAnswer(scripted.Call("rows", `{"table":"users"}`))
	return collect(t, a.Stream(t.Context(), "count"))
}

func toolEvents(evs []agent.Event) []agent.Event {
	var out []agent.Event
	for _, ev := range evs {
		if ev.ToolName != "" && ev.Type != agent.EventToolCallDelta {
			out = append(out, ev)
		}
	}
	return out
}

func TestProgressAndDataAreStreamEvents(t *testing.T) {
	a := &agent.Agent{ID: "a", Tools: tool.Toolset{"rows": rowsTool()}}
	evs := toolEvents(streamRows(t, a))

	var types []agent.EventType
	for _, ev := range evs {
		types = append(types, ev.Type)
		assert.Equal(t, "rows", ev.ToolName)
		assert.Equal(t, "call_1", ev.ToolCallID)
		assert.Equal(t, "a", ev.AgentID)
		assert.Equal(t, 1, ev.Step)
	}
	require.Equal(t, []agent.EventType{
		agent.EventToolCall, agent.EventToolProgress, agent.EventToolOutput,
		agent.EventToolProgress, agent.EventToolResult,
	}, types, "reports arrive in order, between the call and its result")
	assert.JSONEq(t, `{"progress":1,"total":2,"message":"reading users"}`, string(evs[1].Payload))
	assert.JSONEq(t, `{"done":1,"owner":"alice@example.com"}`, string(evs[2].Payload))
	assert.JSONEq(t, `{"progress":2,"total":2}`, string(evs[3].Payload))
}

func TestReportsAreNotInTheTranscriptNorInGenerate(t *testing.T) {
	a := &agent.Agent{ID: "a", Tools: tool.Toolset{"rows": rowsTool()}}
	var fin *agent.Result
	for _, ev := range streamRows(t, a) {
		if ev.Result != nil {
			fin = ev.Result
		}
	}
	require.NotNil(t, fin)
	for _, ev := range fin.Transcript {
		assert.NotContains(t, []agent.EventType{agent.EventToolProgress, agent.EventToolOutput}, ev.Type)
	}

	a.Model = callThenAnswer(scripted.Call("rows", `{"table":"users"}`))
	res, err := a.Generate(t.Context(), "count")
	require.NoError(t, err)
	require.Len(t, res.Steps, 2)
	assert.Nil(t, res.Steps[0].Outcomes[0].Err, "reporting without a stream is harmless")
}

func TestDataGoesThroughDisplayTransforms(t *testing.T) {
	redact := func(_ context.Context, _ rowsIn, out rowsOut) (any, error) {
		return map[string]int{"rows": out.Rows}, nil
	}
	t.Run("a target with transforms but no Data or Progress gets the placeholder", func(t *testing.T) {
		tl := rowsTool().WithTransform(tool.TargetDisplay, tool.Transforms[rowsIn, rowsOut]{Output: redact})
		evs := toolEvents(streamRows(t, &agent.Agent{ID: "a", Tools: tool.Toolset{"rows": tl}}))
		for _, ev := range evs {
			assert.NotContains(t, string(ev.Payload), "alice", "%s leaks the raw payload", ev.Type)
			assert.NotContains(t, string(ev.Payload), "users", "%s leaks the raw payload", ev.Type)
		}
		assert.Equal(t, toolexec.Placeholder, string(evs[2].Payload))
		assert.Equal(t, toolexec.Placeholder, string(evs[1].Payload), "progress follows the rule of every phase")
	})
	t.Run("the tool's Data and Progress transforms", func(t *testing.T) {
		tool1 := rowsTool().WithTransform(tool.TargetDisplay, tool.Transforms[rowsIn, rowsOut]{
			Output: redact,
			Data: func(_ context.Context, in rowsIn, data any) (any, error) {
				return map[string]any{"table": in.Table, "done": data.(partial).Done}, nil
			},
			Progress: func(_ context.Context, _ rowsIn, p tool.ProgressReport) (any, error) {
				return math.Round(100 * p.Progress / p.Total), nil
			},
		})
		evs := toolEvents(streamRows(t, &agent.Agent{ID: "a", Tools: tool.Toolset{"rows": tool1}}))
		assert.Equal(t, "50", string(evs[1].Payload))
		assert.JSONEq(t, `{"table":"users","done":1}`, string(evs[2].Payload))
		assert.Equal(t, "100", string(evs[3].Payload))
	})
	t.Run("a failing Data transform gives the placeholder", func(t *testing.T) {
		tool2 := rowsTool().WithTransform(tool.TargetDisplay, tool.Transforms[rowsIn, rowsOut]{
			Data: func(context.Context, rowsIn, any) (any, error) { return nil, errBoom },
		})
		evs := toolEvents(streamRows(t, &agent.Agent{ID: "a", Tools: tool.Toolset{"rows": tool2}}))
		assert.Equal(t, toolexec.Placeholder, string(evs[2].Payload))
		assert.Equal(t, toolexec.Placeholder, string(evs[4].Payload), "the display is configured: the output phase, which has no transform, is hidden")
	})
	t.Run("the agent's policy", func(t *testing.T) {
		var seen []toolexec.TransformInput
		var mu sync.Mutex
		a := &agent.Agent{ID: "a", Tools: tool.Toolset{"rows": rowsTool()},
			Transform: toolexec.TransformPolicy{Func: func(_ context.Context, in toolexec.TransformInput) (any, error) {
				mu.Lock()
				seen = append(seen, in)
				mu.Unlock()
				if in.Phase == toolexec.PhaseData {
					return "hidden", nil
				}
				return in.Raw, nil
			}}}
		evs := toolEvents(streamRows(t, a))
		assert.Equal(t, `"hidden"`, string(evs[2].Payload))
		var data *toolexec.TransformInput
		for i := range seen {
			if seen[i].Phase == toolexec.PhaseData && seen[i].Target == tool.TargetDisplay {
				data = &seen[i]
			}
		}
		require.NotNil(t, data)
		assert.Equal(t, partial{Done: 1, Owner: "alice@example.com"}, data.Output)
		assert.Equal(t, rowsIn{Table: "users"}, data.Input)
		assert.Equal(t, "call_1", data.ToolCallID)
	})
}

func TestSubagentToolReportsReachTheSupervisorStream(t *testing.T) {
	worker := &agent.Agent{ID: "worker", Description: "Counts.", Tools: tool.Toolset{"rows": rowsTool()},
		Model: callThenAnswer(scripted.Call("rows", `{"table":"users"}`))}
	sup := &agent.Agent{ID: "sup", Agents: map[string]*agent.Agent{"worker": worker},
		Model: callThenAnswer(scripted.Call("agent-worker", `{"prompt":"count"}`))}
	var progress []agent.Event
	for _, ev := range collect(t, sup.Stream(t.Context(), "go")) {
		if ev.Type == agent.EventToolProgress {
			progress = append(progress, ev)
		}
	}
	require.Len(t, progress, 2)
	for _, ev := range progress {
		assert.Equal(t, "worker", ev.AgentID)
		assert.Equal(t, "rows", ev.ToolName)
		assert.Equal(t, "call_1", ev.ParentToolCallID)
	}
}

func TestReporter(t *testing.T) {
	t.Run("non-finite progress is dropped", func(t *testing.T) {
		var got []tool.ProgressReport
		ctx, stop := toolexec.WithReporter(t.Context(), toolexec.Reporter{Progress: func(p tool.ProgressReport) { got = append(got, p) }})
		defer stop()
		tool.Progress(ctx, math.NaN(), 1, "")
		tool.Progress(ctx, 1, math.Inf(1), "")
		tool.Progress(ctx, 0.5, 1, "half")
		assert.Equal(t, []tool.ProgressReport{{Progress: 0.5, Total: 1, Message: "half"}}, got)
	})
	t.Run("nothing is delivered after stop", func(t *testing.T) {
		n := 0
		ctx, stop := toolexec.WithReporter(t.Context(), toolexec.Reporter{
			Progress: func(tool.ProgressReport) { n++ },
			Data:     func(any, json.RawMessage) { n++ },
		})
		tool.Progress(ctx, 1, 0, "")
		stop()
		tool.Progress(ctx, 2, 0, "")
		require.NoError(t, tool.Emit(ctx, 1))
		assert.Equal(t, 1, n)
	})
	t.Run("Emit reports data it cannot encode", func(t *testing.T) {
		err := tool.Emit(t.Context(), map[string]any{"f": func() {}})
		require.Error(t, err)
		assert.True(t, strings.HasPrefix(err.Error(), "emit tool data: "), err.Error())
		assert.NoError(t, tool.Emit(t.Context(), "fine"), "no reporter: nothing to do")
	})
	t.Run("a report of an abandoned call does not follow its error", func(t *testing.T) {
		release := make(chan struct{})
		finished := make(chan struct{})
		slow := fnTool("slow", func(ctx context.Context) (string, error) {
			<-release
			tool.Progress(ctx, 1, 1, "too late")
			close(finished)
			return "", nil
		})
		a := &agent.Agent{ID: "a", Tools: tool.Toolset{"slow": slow}, Model: callThenAnswer(scripted.Call("slow", `{}`))}
		var types []agent.EventType
		for ev, err := range a.Stream(t.Context(), "go", agent.WithToolTimeout(10*time.Millisecond)) {
			require.NoError(t, err)
			if ev.ToolName == "slow" && ev.Type != agent.EventToolCallDelta {
				types = append(types, ev.Type)
			}
			if ev.Type == agent.EventToolError {
				close(release)
				select {
				case <-finished:
				case <-time.After(5 * time.Second):
					t.Error("the late report was not dropped: it blocked the abandoned tool")
				}
			}
		}
		assert.Equal(t, []agent.EventType{agent.EventToolCall, agent.EventToolError}, types)
	})
}

func TestEmitIsSafeForConcurrentUse(t *testing.T) {
	var mu sync.Mutex
	inFlight, maxInFlight, n := 0, 0, 0
	ctx, stop := toolexec.WithReporter(t.Context(), toolexec.Reporter{Data: func(any, json.RawMessage) {
		mu.Lock()
		inFlight++
		maxInFlight = max(maxInFlight, inFlight)
		n++
		mu.Unlock()
		time.Sleep(time.Microsecond)
		mu.Lock()
		inFlight--
		mu.Unlock()
	}})
	defer stop()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for i := range 50 {
				if err := tool.Emit(ctx, i); err != nil {
					panic(errors.Join(err))
				}
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 400, n)
	assert.Equal(t, 1, maxInFlight, "reports of one call are delivered one at a time")
}

func TestEmptyTransformsLeaveDataToThePolicy(t *testing.T) {
	tl := rowsTool().WithTransform(tool.TargetDisplay, tool.Transforms[rowsIn, rowsOut]{})
	evs := toolEvents(streamRows(t, &agent.Agent{ID: "a", Tools: tool.Toolset{"rows": tl}}))
	assert.JSONEq(t, `{"done":1,"owner":"alice@example.com"}`, string(evs[2].Payload), "a generated stub changes nothing")
}
