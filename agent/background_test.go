package agent_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
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

type reportIn struct {
	Topic string `json:"topic"`
}

type reportOut struct {
	Summary string `json:"summary"`
	Secret  string `json:"secret,omitempty"`
}

const researchSchema = `{"type":"object","properties":{"topic":{"type":"string"}},"required":["topic"],"additionalProperties":false}`

// reportTool is a background tool (Spec.Background) that runs fn.
func reportTool(fn func(ctx context.Context, in reportIn) (reportOut, error)) *tool.Func[reportIn, reportOut] {
	return tool.NewFunc(&tool.Spec{
		ID:          "report",
		Description: "Writes a report on a topic.",
		InputSchema: json.RawMessage(researchSchema),
		Background:  true,
	}, fn)
}

// gate is a background tool's body that says when it starts and waits to
// be released (or for its ctx to end).
type gate struct {
	started, release chan struct{}
	ran              atomic.Bool // the call returned its output
}

func newGate() *gate { return &gate{started: make(chan struct{}), release: make(chan struct{})} }

func (g *gate) run(ctx context.Context, in reportIn) (reportOut, error) {
	close(g.started)
	select {
	case <-g.release:
	case <-ctx.Done():
		return reportOut{}, ctx.Err()
	}
	g.ran.Store(true)
	return reportOut{Summary: "all about " + in.Topic, Secret: "s3cret"}, nil
}

// userText returns the text of the last message of request i, which must
// be a user message.
func userText(t *testing.T, m *scripted.Model, i int) string {
	t.Helper()
	reqs := m.Requests()
	require.Greater(t, len(reqs), i)
	msgs := reqs[i].Messages
	last := msgs[len(msgs)-1]
	require.Equal(t, llm.RoleUser, last.Role, "request %d ends with a %s message", i, last.Role)
	return last.Text()
}

// delivered returns the text of the messages that told the model of
// background results, in the conversation of the last request.
func delivered(t *testing.T, m *scripted.Model) []llm.Message {
	t.Helper()
	req := m.LastRequest()
	require.NotNil(t, req)
	var out []llm.Message
	for _, msg := range req.Messages {
		if msg.Role == llm.RoleUser && strings.HasPrefix(msg.Text(), "Background task ") {
			out = append(out, msg)
		}
	}
	return out
}

// TestBackgroundHandleAtOnce: the model gets the task's handle as the
// call's result while the tool still runs, the step's other call runs as
// usual, the run waits for the task after the model's final answer, and
// the result reaches the model in a user message at the next step.
func TestBackgroundHandleAtOnce(t *testing.T) {
	g := newGate()
	var stillRunning bool
	m := scripted.New(
		scripted.Calls(scripted.Call("report", `{"topic":"otters","_background":{"disposition":"awaited"}}`), scripted.Call("weather", `{"location":"Paris"}`)),
		scripted.Turn{Respond: func(*llm.Request) scripted.Turn {
			<-g.started
			stillRunning = !g.ran.Load()
			return scripted.Text("The report is being written.")
		}},
		scripted.Text("Otters are great."),
	)
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": reportTool(g.run), "weather": weatherTool()}}
	// The release comes once the model has answered without tool calls:
	// the run must wait for the task then.
	release := agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error {
		if st.Number == 2 {
			close(g.release)
		}
		return nil
	})
	evs := collect(t, a.Stream(context.Background(), "Report on otters", release))
	require.True(t, stillRunning, "the second step ran while the task was still running")

	res := evs[len(evs)-1].Result
	require.NotNil(t, res)
	assert.Equal(t, "Otters are great.", res.Text)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	require.Len(t, m.Requests(), 3)

	results := toolResults(t, m, 1)
	require.Len(t, results, 2)
	assert.Equal(t, llm.TextOutput(`Background task started. Task ID: task-1. The tool "report" is running in the background. You will be notified when it completes.`), results[0].Output)
	assert.Equal(t, "call_1", results[0].ToolCallID)
	assert.Contains(t, string(results[1].Output.JSON), `"tempC":21.5`)

	assert.Equal(t, "Background task task-1 (tool \"report\", call call_1) completed. Its result:\n"+
		`{"summary":"all about otters","secret":"s3cret"}`, userText(t, m, 2))

	var kinds []string
	for _, ev := range evs {
		if ev.Type != agent.EventTextDelta && ev.Type != agent.EventToolCallDelta {
			kinds = append(kinds, ev.String())
		}
	}
	assert.Equal(t, []string{
		`tool-call report {"topic":"otters","_background":{"disposition":"awaited"}}`,
		`tool-call weather {"location":"Paris"}`,
		`background-task-started report [task-1]`,
		`tool-result report "Background task started. Task ID: task-1. The tool \"report\" is running in the background. You will be notified when it completes."`,
		`tool-result weather {"location":"Paris","tempC":21.5}`,
		`step-finish (tool-calls)`,
		`step-finish (stop)`,
		`tool-result report [task-1] {"summary":"all about otters","secret":"s3cret"}`,
		`step-finish (stop)`,
		`finish (stop)`,
	}, kinds)

	require.Len(t, res.Steps, 3)
	o := res.Steps[0].Outcomes[0]
	assert.Equal(t, "task-1", o.TaskID)
	assert.Nil(t, o.Output)
	require.Len(t, res.Background, 1)
	assert.Equal(t, "task-1", res.Background[0].TaskID)
	assert.Equal(t, reportOut{Summary: "all about otters", Secret: "s3cret"}, res.Background[0].Output)
	assert.Equal(t, reportIn{Topic: "otters"}, res.Background[0].Input)
	assert.Nil(t, res.Background[0].Err)
}

// TestBackgroundWithFuncOption: Func.WithBackground marks a tool built on
// a Spec without the flag; invalid arguments fail before any task starts.
func TestBackgroundWithFuncOption(t *testing.T) {
	tl := tool.NewFunc(&tool.Spec{ID: "report", Description: "Writes a report.", InputSchema: json.RawMessage(researchSchema)},
		func(_ context.Context, in reportIn) (reportOut, error) { return reportOut{Summary: in.Topic}, nil }).WithBackground()
	m := scripted.New(
		scripted.Calls(scripted.Call("report", `{"topic":"otters","_background":{"disposition":"awaited"}}`), scripted.Call("report", `{"topic":1,"_background":{"disposition":"awaited"}}`)),
		scripted.Text("waiting"),
		scripted.Text("done"),
	)
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
	res, err := a.Generate(context.Background(), "go")
	require.NoError(t, err)
	msgs := m.Requests()[1].Messages
	require.Equal(t, llm.RoleTool, msgs[3].Role, "the background prompt, user, assistant, tool")
	results := msgs[3].ToolResults()
	require.Len(t, results, 2)
	assert.Contains(t, results[0].Output.Text, "Task ID: task-1.")
	assert.True(t, results[1].IsError(), "invalid arguments are an error result at once")
	require.Len(t, res.Background, 1)
	assert.Equal(t, reportOut{Summary: "otters"}, res.Background[0].Output)
	msgs = delivered(t, m)
	require.Len(t, msgs, 1)
	assert.Equal(t, "Background task task-1 (tool \"report\", call call_1) completed. Its result:\n{\"summary\":\"otters\"}", msgs[0].Text())
}

// TestBackgroundFailures: a timeout, a panic, an error and a suspension
// attempt become error results of their tasks, sanitized as elsewhere.
func TestBackgroundFailures(t *testing.T) {
	cases := []struct {
		name   string
		fn     func(ctx context.Context, in reportIn) (reportOut, error)
		kind   toolexec.Kind
		status string
		text   string
	}{
		{"timeout", func(ctx context.Context, _ reportIn) (reportOut, error) {
			<-ctx.Done()
			return reportOut{}, ctx.Err()
		}, toolexec.KindTimeout, "timed out", `tool "report" did not finish within 20ms`},
		{"panic", func(context.Context, reportIn) (reportOut, error) { panic("kaboom") },
			toolexec.KindPanic, "failed", `tool "report" failed unexpectedly (panic: kaboom)`},
		{"error", func(context.Context, reportIn) (reportOut, error) { return reportOut{}, errBoom },
			toolexec.KindToolFailed, "failed", `tool "report" failed: boom: the backend is down`},
		{"suspend", func(ctx context.Context, _ reportIn) (reportOut, error) {
			return reportOut{}, tool.Suspend(ctx, struct{}{})
		}, toolexec.KindToolFailed, "failed", `cannot suspend`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"x","_background":{"disposition":"awaited"}}`)), scripted.Text("waiting"), scripted.Text("sorry"))
			a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": reportTool(c.fn)}, ToolTimeout: 20 * time.Millisecond}
			res, err := a.Generate(context.Background(), "go")
			require.NoError(t, err)
			require.Len(t, res.Background, 1)
			e := res.Background[0].Err
			require.NotNil(t, e)
			assert.Equal(t, c.kind, e.Kind)
			msgs := delivered(t, m)
			require.Len(t, msgs, 1)
			text := msgs[0].Text()
			assert.True(t, strings.HasPrefix(text, `Background task task-1 (tool "report", call call_1) `+c.status+": "), text)
			assert.Contains(t, text, c.text)
			assert.NotContains(t, text, "goroutine", "no stack trace reaches the model")
			var ev *agent.Event
			for i := range res.Transcript {
				if res.Transcript[i].TaskID != "" && res.Transcript[i].Type == agent.EventToolError {
					ev = &res.Transcript[i]
				}
			}
			require.NotNil(t, ev, "a tool-error event with the task id")
			assert.Equal(t, 1, ev.Step, "the event carries the call's step")
		})
	}
}

// TestBackgroundCancelledAtMaxSteps: a run that reaches max steps with a
// task running cancels it, reports it and ends with max-steps.
func TestBackgroundCancelledAtMaxSteps(t *testing.T) {
	g := newGate()
	m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"x","_background":{"disposition":"awaited"}}`)), scripted.Text("waiting"))
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": reportTool(g.run)}}
	res, err := a.Generate(context.Background(), "go", agent.WithMaxSteps(2))
	require.NoError(t, err)
	assert.Equal(t, agent.FinishMaxSteps, res.FinishReason)
	require.Len(t, res.Background, 1)
	require.NotNil(t, res.Background[0].Err)
	assert.Equal(t, toolexec.KindCancelled, res.Background[0].Err.Kind)
	assert.False(t, g.ran.Load())
	last := res.Transcript[len(res.Transcript)-2]
	assert.Equal(t, agent.EventToolError, last.Type, "the cancellation is recorded before the finish")
	assert.Equal(t, "task-1", last.TaskID)
	assert.Len(t, m.Requests(), 2)
}

// TestBackgroundRunCancelled: cancelling the run's ctx while it waits for
// a task ends the run with the ctx's error and cancels the task's ctx.
func TestBackgroundRunCancelled(t *testing.T) {
	g := newGate()
	ctx, cancel := context.WithCancel(context.Background())
	m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"x","_background":{"disposition":"awaited"}}`)), scripted.Text("waiting"))
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": reportTool(func(ctx context.Context, in reportIn) (reportOut, error) {
		out, err := g.run(ctx, in)
		return out, err
	})}}
	cancelled := agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error {
		if st.Number == 2 {
			<-g.started
			cancel()
		}
		return nil
	})
	_, err := a.Generate(ctx, "go", cancelled)
	require.ErrorIs(t, err, context.Canceled)
	assert.False(t, g.ran.Load())
	assert.Len(t, m.Requests(), 2, "no model call after the cancellation")
}

// TestBackgroundConcurrency: background calls take slots of the run's
// concurrency limit: with 1, two tasks never run at once.
func TestBackgroundConcurrency(t *testing.T) {
	var active, peak atomic.Int32
	started := make(chan struct{})
	release := make(chan struct{})
	tl := reportTool(func(_ context.Context, in reportIn) (reportOut, error) {
		n := active.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		started <- struct{}{}
		<-release
		active.Add(-1)
		return reportOut{Summary: in.Topic}, nil
	})
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 2 {
			<-started
			release <- struct{}{}
		}
	})
	m := scripted.New(
		scripted.Calls(scripted.Call("report", `{"topic":"a","_background":{"disposition":"awaited"}}`), scripted.Call("report", `{"topic":"b","_background":{"disposition":"awaited"}}`)),
		scripted.Text("waiting"), scripted.Text("done"))
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
	res, err := a.Generate(context.Background(), "go", agent.WithConcurrency(1))
	require.NoError(t, err)
	wg.Wait()
	assert.Equal(t, int32(1), peak.Load())
	require.Len(t, res.Background, 2)
	var text string
	for _, msg := range delivered(t, m) {
		text += msg.Text()
	}
	assert.Contains(t, text, "Background task task-1")
	assert.Contains(t, text, "Background task task-2")
}

// TestBackgroundTransforms: the result event of a task goes through the
// tool's transforms like any result: a configured display sees the
// transform's form or the placeholder, never the raw output.
func TestBackgroundTransforms(t *testing.T) {
	run := func(context.Context, reportIn) (reportOut, error) {
		return reportOut{Summary: "ok", Secret: "s3cret"}, nil
	}
	cases := []struct {
		name string
		tf   tool.Transforms[reportIn, reportOut]
		want string
	}{
		{"output transform", tool.Transforms[reportIn, reportOut]{
			Output: func(_ context.Context, _ reportIn, out reportOut) (any, error) {
				return map[string]string{"summary": out.Summary}, nil
			},
		}, `{"summary":"ok"}`},
		{"no output transform", tool.Transforms[reportIn, reportOut]{
			Input: func(_ context.Context, in reportIn) (any, error) { return in.Topic, nil },
		}, string(toolexec.Placeholder)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tl := reportTool(run).WithTransform(tool.TargetDisplay, c.tf)
			m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"x","_background":{"disposition":"awaited"}}`)), scripted.Text("waiting"), scripted.Text("done"))
			a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
			evs := collect(t, a.Stream(context.Background(), "go"))
			var found bool
			for _, ev := range evs {
				assert.NotContains(t, string(ev.Payload), "s3cret", "event %s", ev)
				if ev.Type == agent.EventToolResult && ev.TaskID == "task-1" && ev.Payload[0] != '"' { // not the handle
					found = true
					assert.JSONEq(t, c.want, string(ev.Payload))
				}
			}
			require.True(t, found)
			res := evs[len(evs)-1].Result
			var tr *agent.Event
			for i := range res.Transcript {
				if res.Transcript[i].Type == agent.EventToolResult {
					tr = &res.Transcript[i]
				}
			}
			require.NotNil(t, tr)
			assert.Contains(t, string(tr.Payload), "s3cret", "the transcript target is not configured")
		})
	}
}

// TestBackgroundPause: a run that pauses for approval while a task runs
// waits for the task, keeps its result in the RunState, and Resume (after
// a JSON round trip) delivers it to the model at the next step.
func TestBackgroundPause(t *testing.T) {
	g := newGate()
	approved := weatherTool()
	m := scripted.New(
		scripted.Calls(scripted.Call("report", `{"topic":"otters","_background":{"disposition":"awaited"}}`), scripted.Call("weather", `{"location":"Paris"}`)),
		scripted.Calls(scripted.Call("report", `{"topic":"seals","_background":{"disposition":"awaited"}}`)),
		scripted.Text("waiting"),
		scripted.Text("done"),
	)
	tools := func(fn func(context.Context, reportIn) (reportOut, error)) tool.Toolset {
		return tool.Toolset{"report": reportTool(fn), "weather": approved}
	}
	a := &agent.Agent{ID: "bg", Model: m, Tools: tools(g.run)}
	policy := agent.WithApprovalPolicy(func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
		return req.ToolName == "weather", nil
	})
	var evs []agent.Event
	for ev, err := range a.Stream(context.Background(), "go", policy) {
		require.NoError(t, err)
		evs = append(evs, ev)
		if ev.Type == agent.EventBackgroundTaskStarted {
			close(g.release) // the pause must wait for the task
		}
	}
	res := evs[len(evs)-1].Result
	require.NotNil(t, res.State)
	assert.Equal(t, agent.FinishApproval, res.FinishReason)
	require.Len(t, res.Background, 1)
	assert.Equal(t, reportOut{Summary: "all about otters", Secret: "s3cret"}, res.Background[0].Output)
	require.Len(t, res.State.Background, 1)
	assert.Equal(t, 1, res.State.TaskCount)

	data, err := json.Marshal(res.State)
	require.NoError(t, err)
	var state agent.RunState
	require.NoError(t, json.Unmarshal(data, &state))

	// Another process: the same agent, whose tool returns once the model
	// has answered at step 3.
	release := make(chan struct{})
	b := &agent.Agent{ID: "bg", Model: m, Tools: tools(func(_ context.Context, in reportIn) (reportOut, error) {
		<-release
		return reportOut{Summary: "more on " + in.Topic}, nil
	})}
	after3 := agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error {
		if st.Number == 3 {
			close(release)
		}
		return nil
	})
	res2, err := b.Resume(context.Background(), &state, []agent.Answer{res.Pending[0].Approve()}, after3)
	require.NoError(t, err)
	assert.Equal(t, "done", res2.Text)

	reqs := m.Requests()
	require.Len(t, reqs, 4)
	msgs := reqs[1].Messages
	require.GreaterOrEqual(t, len(msgs), 2)
	tl, user := msgs[len(msgs)-2], msgs[len(msgs)-1]
	require.Equal(t, llm.RoleTool, tl.Role)
	assert.Contains(t, tl.ToolResults()[0].Output.Text, "Task ID: task-1.")
	assert.Contains(t, string(tl.ToolResults()[1].Output.JSON), `"tempC":21.5`)
	assert.Equal(t, "Background task task-1 (tool \"report\", call call_1) completed. Its result:\n"+
		`{"summary":"all about otters","secret":"s3cret"}`, user.Text())
	// The second step's task continues the numbering after the resume.
	assert.Contains(t, toolResults(t, m, 2)[0].Output.Text, "Task ID: task-2.")
	assert.Contains(t, userText(t, m, 3), "Background task task-2")
	require.Len(t, res2.Background, 1)
	assert.Equal(t, "task-2", res2.Background[0].TaskID)
}

// TestBackgroundContentOutput: a result with content parts reaches the
// model with its parts.
func TestBackgroundContentOutput(t *testing.T) {
	tl := reportTool(func(context.Context, reportIn) (reportOut, error) { return reportOut{Summary: "chart"}, nil }).
		WithModelOutput(func(_ context.Context, _ reportIn, out reportOut) (llm.ModelOutput, error) {
			return llm.ContentOutput(llm.TextPart(out.Summary), llm.ImageURLPart("https://example.com/c.png")), nil
		})
	m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"x","_background":{"disposition":"awaited"}}`)), scripted.Text("waiting"), scripted.Text("done"))
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
	_, err := a.Generate(context.Background(), "go")
	require.NoError(t, err)
	msgs := delivered(t, m)
	require.Len(t, msgs, 1)
	parts := msgs[0].Parts
	require.Len(t, parts, 3)
	assert.Equal(t, `Background task task-1 (tool "report", call call_1) completed. Its result:`, parts[0].Text)
	assert.Equal(t, "chart", parts[1].Text)
	assert.Equal(t, llm.PartImageURL, parts[2].Type)
}

// TestBackgroundAfterApproval: a background call that needs approval
// waits like any call, and starts as a task once Resume approves it.
func TestBackgroundAfterApproval(t *testing.T) {
	release := make(chan struct{})
	tl := reportTool(func(_ context.Context, in reportIn) (reportOut, error) {
		<-release
		return reportOut{Summary: in.Topic}, nil
	})
	m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"otters","_background":{"disposition":"awaited"}}`)), scripted.Text("waiting"), scripted.Text("done"))
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
	paused, err := a.Generate(context.Background(), "go", agent.RequireApproval())
	require.NoError(t, err)
	require.Len(t, paused.Pending, 1)
	assert.Empty(t, paused.Background)
	assert.Zero(t, paused.State.TaskCount, "no task before the approval")

	after2 := agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error {
		if st.Number == 2 {
			close(release)
		}
		return nil
	})
	res, err := a.Resume(context.Background(), paused.State, []agent.Answer{paused.Pending[0].Approve()}, after2)
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)
	require.Len(t, res.Steps, 3)
	assert.Equal(t, "task-1", res.Steps[0].Outcomes[0].TaskID)
	assert.Contains(t, toolResults(t, m, 1)[0].Output.Text, "is running in the background")
	require.Len(t, res.Background, 1)
	assert.Equal(t, reportOut{Summary: "otters"}, res.Background[0].Output)
	assert.Contains(t, userText(t, m, 2), "Background task task-1")
}

// TestBackgroundWithOutput: a run with a structured output that answers
// while a task runs waits for it, gives the model its result, and makes
// its object from the answer after that.
func TestBackgroundWithOutput(t *testing.T) {
	g := newGate()
	model := scripted.New(
		scripted.Calls(scripted.Call("report", `{"topic":"tides","_background":{"disposition":"awaited"}}`)),
		scripted.Turn{Respond: func(*llm.Request) scripted.Turn {
			close(g.release) // the task ends while the model answers
			return scripted.Text("Still researching.")
		}},
		scripted.Text("The research is in."),
		scripted.Text(parisJSON),
	)
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"report": reportTool(g.run)}}
	res, err := a.Generate(t.Context(), "go", agent.WithOutput(reportOutput(false)))
	require.NoError(t, err)
	got, err := agent.Object[report](res)
	require.NoError(t, err)
	assert.Equal(t, "Paris", got.City)
	reqs := model.Requests()
	require.Len(t, reqs, 4)
	assert.Contains(t, userText(t, model, 2), "completed", "the task's result came before the third request")
	assert.Nil(t, reqs[2].ResponseFormat)
	assert.Equal(t, reportFormat, reqs[3].ResponseFormat, "the structuring request follows the answer after the task")
	require.Len(t, res.Background, 1)
	assert.Equal(t, reportOut{Summary: "all about tides", Secret: "s3cret"}, res.Background[0].Output)
}
