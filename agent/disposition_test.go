package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

const otterHandle = `Background task started. Task ID: task-1. The tool "report" is running in the background. You will be notified when it completes.`

// TestDispositions runs one call of a background tool per disposition
// the model may ask for: what the model reads of the call in the next
// request, the events, whether the run waits, and the requests.
func TestDispositions(t *testing.T) {
	cases := []struct {
		name        string
		background  string // the call's "_background", "" for none
		events      []string
		result      llm.ModelOutput // what the model reads at request 2
		requests    int
		background1 int // len(Result.Background) of the run
	}{
		{name: "default is deferred", events: []string{"tool-call", "background-task-started", "tool-result", "step-finish", "step-finish", "finish"},
			result: llm.TextOutput(otterHandle), requests: 2},
		{name: "deferred", background: `{"disposition":"deferred"}`, events: []string{"tool-call", "background-task-started", "tool-result", "step-finish", "step-finish", "finish"},
			result: llm.TextOutput(otterHandle), requests: 2},
		{name: "enabled true is deferred", background: `{"enabled":true}`, events: []string{"tool-call", "background-task-started", "tool-result", "step-finish", "step-finish", "finish"},
			result: llm.TextOutput(otterHandle), requests: 2},
		{name: "awaited waits", background: `{"disposition":"awaited"}`, events: []string{"tool-call", "background-task-started", "tool-result", "step-finish", "step-finish", "tool-result", "step-finish", "finish"},
			result: llm.TextOutput(otterHandle), requests: 3, background1: 1},
		{name: "foreground", background: `{"disposition":"foreground"}`, events: []string{"tool-call", "tool-result", "step-finish", "step-finish", "finish"},
			result: llm.JSONOutput(json.RawMessage(`{"summary":"all about otters"}`)), requests: 2},
		{name: "enabled false is foreground", background: `{"enabled":false}`, events: []string{"tool-call", "tool-result", "step-finish", "step-finish", "finish"},
			result: llm.JSONOutput(json.RawMessage(`{"summary":"all about otters"}`)), requests: 2},
		{name: "null is the default", background: `null`, events: []string{"tool-call", "background-task-started", "tool-result", "step-finish", "step-finish", "finish"},
			result: llm.TextOutput(otterHandle), requests: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			release := make(chan struct{})
			var got atomic.Value
			tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) {
				got.Store(in)
				select {
				case <-release:
				case <-ctx.Done():
					return reportOut{}, ctx.Err()
				}
				return reportOut{Summary: "all about " + in.Topic}, nil
			})
			awaited := c.background == `{"disposition":"awaited"}`
			if strings.Contains(c.background, "foreground") || c.background == `{"enabled":false}` {
				close(release)
			}
			waiting := scripted.Text("waiting")
			if awaited {
				// The awaited call finishes once the run has sent the
				// handle, whatever the scheduling.
				waiting = scripted.Turn{Respond: func(*llm.Request) scripted.Turn {
					close(release)
					return scripted.Text("waiting")
				}}
			}
			args := `{"topic":"otters"}`
			if c.background != "" {
				args = `{"topic":"otters","_background":` + c.background + `}`
			}
			m := scripted.New(scripted.Calls(scripted.Call("report", args)), waiting, scripted.Text("done"))
			a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
			evs := collect(t, a.Stream(t.Context(), "go"))
			var kinds []string
			for _, ev := range evs {
				if ev.Type != agent.EventTextDelta && ev.Type != agent.EventToolCallDelta {
					kinds = append(kinds, string(ev.Type))
				}
			}
			assert.Equal(t, c.events, kinds)
			assert.Len(t, m.Requests(), c.requests)
			assert.Equal(t, c.result, toolResults(t, m, 1)[0].Output)
			res := evs[len(evs)-1].Result
			assert.Len(t, res.Background, c.background1)
			select {
			case <-release:
			default:
				close(release)
			}
			require.NoError(t, res.Tasks.Wait(t.Context()))
			assert.Equal(t, reportIn{Topic: "otters"}, got.Load(), "the tool never sees _background")
		})
	}
}

// TestBackgroundFieldInvalid: a malformed "_background" is an
// invalid-arguments result for the model, and nothing runs.
func TestBackgroundFieldInvalid(t *testing.T) {
	cases := []struct{ name, background, want string }{
		{"not an object", `"later"`, `the "_background" field must be an object`},
		{"unknown disposition", `{"disposition":"later"}`, `disposition must be "foreground", "deferred" or "awaited", not "later"`},
		{"unknown field", `{"when":"later"}`, `unknown field "when"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ran atomic.Bool
			tl := reportTool(func(context.Context, reportIn) (reportOut, error) { ran.Store(true); return reportOut{}, nil })
			m := callThenAnswer(scripted.Call("report", `{"topic":"x","_background":`+c.background+`}`))
			res, err := (&agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}).Generate(t.Context(), "go")
			require.NoError(t, err)
			o := res.Steps[0].Outcomes[0]
			require.NotNil(t, o.Err)
			assert.Equal(t, toolexec.KindInvalidArguments, o.Err.Kind)
			assert.Contains(t, o.Err.Message, c.want)
			assert.False(t, ran.Load())
			assert.Equal(t, 0, res.Tasks.Running())
		})
	}
}

// TestBackgroundStrippedForEveryTool: Mastra takes "_background" out of
// every call's arguments; an ordinary tool whose schema refuses unknown
// properties still validates.
func TestBackgroundStrippedForEveryTool(t *testing.T) {
	var got reportIn
	tl := tool.NewFunc(&tool.Spec{ID: "plain", Description: "Plain.", InputSchema: json.RawMessage(researchSchema)},
		func(_ context.Context, in reportIn) (reportOut, error) {
			got = in
			return reportOut{Summary: in.Topic}, nil
		})
	m := callThenAnswer(scripted.Call("plain", `{"topic":"x","_background":{"disposition":"deferred"}}`))
	res, err := (&agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"plain": tl}}).Generate(t.Context(), "go")
	require.NoError(t, err)
	assert.Nil(t, res.Steps[0].Outcomes[0].Err)
	assert.Equal(t, reportIn{Topic: "x"}, got)
	assert.Empty(t, res.Steps[0].Outcomes[0].TaskID, "not a background tool: it runs in the foreground")
}

// TestBackgroundAdvertised: the system message lists the background tools
// in Mastra's words, after the instructions, and their input schemas get
// the "_background" property; other tools, and runs without background
// tools, are left as they are.
func TestBackgroundAdvertised(t *testing.T) {
	plain := tool.NewFunc(&tool.Spec{ID: "plain", Description: "Plain.", InputSchema: json.RawMessage(researchSchema)},
		func(_ context.Context, in reportIn) (reportOut, error) { return reportOut{}, nil })
	report := reportTool(func(context.Context, reportIn) (reportOut, error) { return reportOut{}, nil })
	t.Run("with a background tool", func(t *testing.T) {
		m := scripted.New(scripted.Text("hi"))
		_, err := (&agent.Agent{ID: "a", Instructions: "Be brief.", Model: m, Tools: tool.Toolset{"plain": plain, "report": report}}).Generate(t.Context(), "go")
		require.NoError(t, err)
		req := m.LastRequest()
		sys := req.Messages[0].Text()
		assert.True(t, strings.HasPrefix(sys, "Be brief.\n\nYou have the ability to run certain tools in the background while continuing the conversation. The following tools support background execution:\n- report (default: background)\n\nFor any of these tools,"), sys)
		assert.Contains(t, sys, `IMPORTANT: "_background" field is always an object.`)
		assert.NotContains(t, sys, "- plain")
		require.Len(t, req.Tools, 2)
		assert.JSONEq(t, researchSchema, string(req.Tools[0].InputSchema), "plain")
		var sch struct {
			Properties map[string]struct {
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"properties"`
			Required []string `json:"required"`
		}
		require.NoError(t, json.Unmarshal(req.Tools[1].InputSchema, &sch))
		require.Contains(t, sch.Properties, "_background")
		assert.Len(t, sch.Properties["_background"].Properties, 4)
		assert.Equal(t, []string{"topic"}, sch.Required, "_background is optional")
	})
	t.Run("without", func(t *testing.T) {
		m := scripted.New(scripted.Text("hi"))
		_, err := (&agent.Agent{ID: "a", Instructions: "Be brief.", Model: m, Tools: tool.Toolset{"plain": plain}}).Generate(t.Context(), "go")
		require.NoError(t, err)
		assert.Equal(t, "Be brief.", m.LastRequest().Messages[0].Text())
	})
}

// TestDeferredDeliveredToNextRun: a deferred task that settles after its
// run has ended replaces its handle in the next run's history (the
// caller's messages unchanged), with its event and typed outcome there;
// one that fails is told as Mastra's error text; a history that no longer
// holds the handle gets the result in a user message.
func TestDeferredDeliveredToNextRun(t *testing.T) {
	cases := []struct {
		name    string
		fail    bool
		trim    bool
		event   agent.EventType
		want    llm.ModelOutput
		wantMsg string
	}{
		{name: "completed", event: agent.EventToolResult, want: llm.JSONOutput(json.RawMessage(`{"summary":"all about otters"}`))},
		{name: "failed", fail: true, event: agent.EventToolError, want: llm.ErrorOutput(`Background task failed: tool "report" failed: no otters`)},
		{name: "history trimmed", trim: true, event: agent.EventToolResult,
			wantMsg: "Background task task-1 (tool \"report\", call call_1) completed. Its result:\n{\"summary\":\"all about otters\"}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			release := make(chan struct{})
			tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) {
				<-release
				if c.fail {
					return reportOut{}, errNoOtters
				}
				return reportOut{Summary: "all about " + in.Topic}, nil
			})
			m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"otters"}`)), scripted.Text("started"), scripted.Text("here"))
			a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
			first, err := a.Generate(t.Context(), "go")
			require.NoError(t, err)
			assert.Len(t, m.Requests(), 2)
			assert.Empty(t, first.Background)
			assert.Equal(t, 1, first.Tasks.Running(), "the task runs on after its run")
			close(release)
			require.NoError(t, first.Tasks.Wait(t.Context()))
			assert.Equal(t, 1, first.Tasks.Undelivered())

			history := first.Messages[1:]
			if c.trim {
				history = history[:1] // the first user message only
			}
			before, _ := json.Marshal(history)
			var evs []agent.Event
			var res *agent.Result
			for ev, err := range a.Stream(t.Context(), "and?", agent.WithHistory(history...), agent.WithTasks(first.Tasks)) {
				require.NoError(t, err)
				evs = append(evs, ev)
				res = ev.Result
			}
			after, _ := json.Marshal(history)
			assert.JSONEq(t, string(before), string(after), "the caller's messages are not changed")
			assert.Equal(t, c.event, evs[0].Type)
			assert.Equal(t, "task-1", evs[0].TaskID)
			require.Len(t, res.Background, 1)
			assert.Equal(t, "task-1", res.Background[0].TaskID)
			assert.Equal(t, c.fail, res.Background[0].Err != nil)
			assert.Equal(t, 0, first.Tasks.Undelivered())
			msgs := m.LastRequest().Messages
			if c.trim {
				assert.Equal(t, c.wantMsg, msgs[len(msgs)-1].Text())
				return
			}
			var results []llm.ToolResult
			for _, msg := range msgs {
				results = append(results, msg.ToolResults()...)
			}
			require.Len(t, results, 1)
			assert.Equal(t, c.want, results[0].Output)
			assert.Equal(t, "and?", msgs[len(msgs)-1].Text())
		})
	}
}

// TestDeferredAcrossPause: a run that pauses does not wait for its
// deferred task; resuming from its RunState with the same Tasks delivers
// the result, and task ids go on from the state's TaskCount.
func TestDeferredAcrossPause(t *testing.T) {
	release := make(chan struct{})
	tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) {
		<-release
		return reportOut{Summary: "all about " + in.Topic}, nil
	})
	pay := fnTool("pay", func(context.Context) (string, error) { return "paid", nil }).WithApproval(func(context.Context, emptyIn) (bool, error) { return true, nil })
	m := scripted.New(
		scripted.Calls(scripted.Call("report", `{"topic":"otters"}`), scripted.Call("pay", `{}`)),
		scripted.Calls(scripted.Call("report", `{"topic":"seals"}`)),
		scripted.Text("done"),
	)
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl, "pay": pay}}
	paused, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	require.NotNil(t, paused.State)
	assert.Equal(t, 1, paused.Tasks.Running(), "the pause does not wait for a deferred task")
	assert.Equal(t, 1, paused.State.TaskCount)
	close(release)
	require.NoError(t, paused.Tasks.Wait(t.Context()))

	raw, err := json.Marshal(paused.State)
	require.NoError(t, err)
	var state agent.RunState
	require.NoError(t, json.Unmarshal(raw, &state))
	res, err := a.Resume(t.Context(), &state, []agent.Answer{paused.Pending[0].Approve()}, agent.WithTasks(paused.Tasks))
	require.NoError(t, err)
	require.NoError(t, res.Tasks.Wait(t.Context()))
	assert.Equal(t, "done", res.Text)
	require.NotEmpty(t, res.Background)
	assert.Equal(t, "task-1", res.Background[0].TaskID)
	assert.Equal(t, reportOut{Summary: "all about otters"}, res.Background[0].Output)
	assert.Equal(t, "task-2", res.Steps[len(res.Steps)-2].Outcomes[0].TaskID, "ids go on")
	// Request 2 (the resumed step's next) read the otters' result in place of the handle.
	var results []llm.ToolResult
	for _, msg := range m.Requests()[1].Messages {
		results = append(results, msg.ToolResults()...)
	}
	require.Len(t, results, 2)
	assert.Equal(t, llm.JSONOutput(json.RawMessage(`{"summary":"all about otters"}`)), results[0].Output)
}

var errNoOtters = errorString("no otters")

type errorString string

func (e errorString) Error() string { return string(e) }

// TestBackgroundRetriesAndTimeout: an awaited call whose "_background"
// asks for maxRetries is run again after a failure, up to that many times;
// one that asks for timeoutMs fails when its run outlasts it.
func TestBackgroundRetriesAndTimeout(t *testing.T) {
	cases := []struct {
		name       string
		background string
		failures   int           // the tool fails this many times, then succeeds
		sleep      time.Duration // each run takes this long
		attempts   int32
		err        toolexec.Kind // "" for a success
	}{
		{name: "no retries by default", background: `{"disposition":"awaited"}`, failures: 1, attempts: 1, err: toolexec.KindToolFailed},
		{name: "retried until it succeeds", background: `{"disposition":"awaited","maxRetries":2}`, failures: 2, attempts: 3},
		{name: "retries run out", background: `{"disposition":"awaited","maxRetries":1}`, failures: 5, attempts: 2, err: toolexec.KindToolFailed},
		{name: "timeout", background: `{"disposition":"awaited","timeoutMs":20}`, sleep: 5 * time.Second, attempts: 1, err: toolexec.KindTimeout},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var attempts atomic.Int32
			tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) {
				n := attempts.Add(1)
				select {
				case <-time.After(c.sleep):
				case <-ctx.Done():
					return reportOut{}, ctx.Err()
				}
				if int(n) <= c.failures {
					return reportOut{}, errors.New("the archive is busy")
				}
				return reportOut{Summary: "all about " + in.Topic}, nil
			})
			m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"otters","_background":`+c.background+`}`)), scripted.Text("waiting"), scripted.Text("done"))
			res, err := (&agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}).Generate(t.Context(), "go")
			require.NoError(t, err)
			assert.Equal(t, c.attempts, attempts.Load())
			require.Len(t, res.Background, 1)
			o := res.Background[0]
			if c.err == "" {
				require.Nil(t, o.Err)
				assert.Equal(t, reportOut{Summary: "all about otters"}, o.Output)
				return
			}
			require.NotNil(t, o.Err)
			assert.Equal(t, c.err, o.Err.Kind, o.Err.Message)
		})
	}
}

// TestTasksCancel: Cancel ends the conversation's running deferred tasks,
// whose tools see their ctx end; each settles as cancelled, and is then
// delivered like any other result.
func TestTasksCancel(t *testing.T) {
	started := make(chan struct{}, 2)
	tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) {
		started <- struct{}{}
		<-ctx.Done()
		return reportOut{}, ctx.Err()
	})
	m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"otters"}`), scripted.Call("report", `{"topic":"seals"}`)), scripted.Text("waiting"))
	res, err := (&agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}).Generate(t.Context(), "go")
	require.NoError(t, err)
	<-started
	<-started
	assert.Equal(t, 2, res.Tasks.Running())
	res.Tasks.Cancel()
	require.NoError(t, res.Tasks.Wait(t.Context()))
	assert.Equal(t, 0, res.Tasks.Running())
	assert.Equal(t, 2, res.Tasks.Undelivered(), "the cancelled tasks' results wait for the next run")
}
