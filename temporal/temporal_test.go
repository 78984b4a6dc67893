package temporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/converter"
	temporalsdk "go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/temporal"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

type weatherIn struct {
	Location string `json:"location"`
}

type weatherOut struct {
	Location string  `json:"location"`
	TempC    float64 `json:"tempC"`
}

const weatherSchema = `{"type":"object","properties":{"location":{"type":"string"}},"required":["location"],"additionalProperties":false}`

// weatherTool is the weather tool; calls counts its runs, and fail, when
// set, fails the run of that number (from 1).
func weatherTool(calls *atomic.Int32, spec tool.Spec, fail ...int32) *tool.Func[weatherIn, weatherOut] {
	spec.ID = "weather-tool"
	spec.Description = "Fetches the current weather for a location."
	spec.InputSchema = json.RawMessage(weatherSchema)
	return tool.NewFunc(&spec, func(ctx context.Context, in weatherIn) (weatherOut, error) {
		n := calls.Add(1)
		for _, f := range fail {
			if n == f {
				return weatherOut{}, errors.New("weather service unavailable")
			}
		}
		return weatherOut{Location: in.Location, TempC: 21.5}, nil
	})
}

func newEnv(t *testing.T) *testsuite.TestWorkflowEnvironment {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	t.Cleanup(func() { env.AssertExpectations(t) })
	return env
}

func result(t *testing.T, env *testsuite.TestWorkflowEnvironment) *temporal.Result {
	t.Helper()
	require.True(t, env.IsWorkflowCompleted())
	require.NoError(t, env.GetWorkflowError())
	var res temporal.Result
	require.NoError(t, env.GetWorkflowResult(&res))
	return &res
}

func TestRunToCompletion(t *testing.T) {
	var calls atomic.Int32
	model := scripted.New(
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`), scripted.Call("weather", `{"location":"Oslo"}`), scripted.Call("weather", `{"location":7}`)),
		scripted.Text("Paris and Oslo are at 21.5°C."))
	a := &agent.Agent{ID: "weather-agent", Instructions: "Use the weather tool.", Model: model,
		Tools: tool.Toolset{"weather": weatherTool(&calls, tool.Spec{})}}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a))
	env.ExecuteWorkflow(temporal.WorkflowName("weather-agent"), temporal.Input{Prompt: "Weather in Paris and Oslo?"})
	res := result(t, env)

	assert.Equal(t, "Paris and Oslo are at 21.5°C.", res.Text)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	assert.Equal(t, int32(2), calls.Load(), "each valid call runs once; the invalid one never reaches its activity")
	require.Len(t, res.Steps, 2)
	outs := res.Steps[0].Outcomes
	require.Len(t, outs, 3)
	assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(outs[0].Output))
	assert.JSONEq(t, `{"location":"Oslo","tempC":21.5}`, string(outs[1].Output))
	require.NotNil(t, outs[2].Error)
	assert.Equal(t, toolexec.KindInvalidArguments, outs[2].Error.Kind)
	assert.Len(t, model.Requests(), 2)
	assert.Len(t, res.Messages, 5, "system, user, assistant, tool results, assistant")

	st := queryStatus(t, env)
	assert.True(t, st.Done)
	var types []agent.EventType
	for _, ev := range st.Events {
		types = append(types, ev.Type)
	}
	assert.Equal(t, []agent.EventType{
		agent.EventToolCall, agent.EventToolCall, agent.EventToolCall, agent.EventToolError,
		agent.EventToolResult, agent.EventToolResult, agent.EventStepFinish,
		agent.EventTextDelta, agent.EventStepFinish, agent.EventFinish}, types)

	v, err := env.QueryWorkflow(temporal.QueryEvents, 8)
	require.NoError(t, err)
	var tail []agent.Event
	require.NoError(t, v.Get(&tail))
	assert.Equal(t, st.Events[8:], tail)
	_, err = env.QueryWorkflow(temporal.QueryEvents, 11)
	assert.Error(t, err)
}

func queryStatus(t *testing.T, env *testsuite.TestWorkflowEnvironment) *temporal.Status {
	t.Helper()
	v, err := env.QueryWorkflow(temporal.QueryStatus)
	require.NoError(t, err)
	var st temporal.Status
	require.NoError(t, v.Get(&st))
	return &st
}

func TestToolFailureIsAResultAndTheRunGoesOn(t *testing.T) {
	var calls atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("The service is down."))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool(&calls, tool.Spec{}, 1)}}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a))
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Paris?"})
	res := result(t, env)

	assert.Equal(t, int32(1), calls.Load(), "a tool that is not idempotent is tried once")
	assert.Equal(t, "The service is down.", res.Text)
	o := res.Steps[0].Outcomes[0]
	require.NotNil(t, o.Error)
	assert.Equal(t, toolexec.KindToolFailed, o.Error.Kind)
	assert.Equal(t, `tool "weather" failed: weather service unavailable`, o.Error.Message, "the message of a run in process")
	got := model.Requests()[1].Messages
	res0 := got[len(got)-1].ToolResults()[0]
	assert.True(t, res0.IsError())
	assert.Equal(t, o.Error.Message, res0.Output.Text)
}

func TestIdempotentToolIsRetried(t *testing.T) {
	var calls atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("21.5°C."))
	tl := weatherTool(&calls, tool.Spec{Annotations: tool.Annotations{Idempotent: new(true)}}, 1)
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": tl}}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a))
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Paris?"})
	res := result(t, env)

	assert.Equal(t, int32(2), calls.Load(), "the first attempt failed, the second succeeded")
	o := res.Steps[0].Outcomes[0]
	assert.Nil(t, o.Error)
	assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(o.Output))
}

func TestIdempotentToolGivesUpAfterItsAttempts(t *testing.T) {
	var calls atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("Down."))
	tl := weatherTool(&calls, tool.Spec{Annotations: tool.Annotations{Idempotent: new(true)}}, 1, 2, 3, 4)
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": tl}}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a))
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Paris?"})
	res := result(t, env)

	assert.Equal(t, int32(temporal.DefaultIdempotentAttempts), calls.Load())
	require.NotNil(t, res.Steps[0].Outcomes[0].Error)
	assert.Equal(t, toolexec.KindToolFailed, res.Steps[0].Outcomes[0].Error.Kind)
}

func TestApprovalWaitsForTheAnswer(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer agent.Answer
		runs   int32
		want   string
	}{
		{"approved", agent.Approve("c1"), 1, `{"location":"Paris","tempC":21.5}`},
		{"declined", agent.Decline("c1", "not now"), 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls atomic.Int32
			model := scripted.New(scripted.Calls(llm.ToolCall{ID: "c1", Name: "weather", Arguments: `{"location":"Paris"}`}), scripted.Text("Done."))
			tl := weatherTool(&calls, tool.Spec{NeedsApproval: true})
			a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": tl}}
			env := newEnv(t)
			require.NoError(t, temporal.Register(env, a))
			var waiting *temporal.Status
			env.RegisterDelayedCallback(func() {
				waiting = queryStatus(t, env)
				env.SignalWorkflow(temporal.SignalAnswers, []agent.Answer{agent.Approve("nope")})
			}, time.Hour)
			var refused *temporal.Status
			env.RegisterDelayedCallback(func() {
				refused = queryStatus(t, env)
				env.SignalWorkflow(temporal.SignalAnswers, []agent.Answer{tc.answer})
			}, 72*time.Hour)
			env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Paris?"})
			res := result(t, env)

			require.NotNil(t, waiting)
			assert.False(t, waiting.Done)
			require.Len(t, waiting.Pending, 1)
			assert.Equal(t, agent.PendingApproval, waiting.Pending[0].Kind)
			assert.Equal(t, "c1", waiting.Pending[0].ToolCallID)
			assert.Equal(t, agent.EventToolCallApproval, waiting.Events[len(waiting.Events)-2].Type)
			require.NotNil(t, refused)
			assert.Contains(t, refused.AnswerError, "invalid answer")
			assert.Len(t, refused.Pending, 1, "a refused answer leaves the run waiting")

			assert.Equal(t, tc.runs, calls.Load())
			assert.Equal(t, "Done.", res.Text)
			require.Len(t, res.Steps, 2, "the paused step finishes on resume")
			o := res.Steps[0].Outcomes[0]
			if tc.want != "" {
				assert.JSONEq(t, tc.want, string(o.Output))
			} else {
				require.NotNil(t, o.Error)
				assert.Equal(t, toolexec.KindDeclined, o.Error.Kind)
				assert.Equal(t, "not now", o.ModelOutput.Text)
			}
		})
	}
}

func TestClientToolWaitsForItsResult(t *testing.T) {
	model := scripted.New(scripted.Calls(llm.ToolCall{ID: "g1", Name: "geo", Arguments: `{}`}), scripted.Text("You are in Paris."))
	a := &agent.Agent{ID: "a", Model: model}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a, temporal.WithRunOptions(agent.WithClientTools(map[string]agent.ClientTool{
		"geo": {Description: "The user's location.", InputSchema: json.RawMessage(`{"type":"object"}`)},
	}))))
	env.RegisterDelayedCallback(func() {
		st := queryStatus(t, env)
		if assert.Len(t, st.Pending, 1) {
			assert.Equal(t, agent.PendingClient, st.Pending[0].Kind)
		}
		env.SignalWorkflow(temporal.SignalAnswers, []agent.Answer{agent.ClientResult("g1", map[string]string{"city": "Paris"})})
	}, time.Minute)
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Where am I?"})
	res := result(t, env)
	assert.Equal(t, "You are in Paris.", res.Text)
	assert.JSONEq(t, `{"city":"Paris"}`, string(res.Steps[0].Outcomes[0].ModelOutput.JSON))
	got := model.Requests()[1].Messages
	assert.JSONEq(t, `{"city":"Paris"}`, string(got[len(got)-1].ToolResults()[0].Output.JSON))
}

func TestRegisterRefuses(t *testing.T) {
	model := scripted.New()
	var calls atomic.Int32
	for name, tc := range map[string]struct {
		agent *agent.Agent
		opts  []temporal.Option
		want  string
	}{
		"nil agent":    {nil, nil, "nil agent"},
		"no model":     {&agent.Agent{ID: "a"}, nil, "no model"},
		"unknown tool": {&agent.Agent{ID: "a", Model: model}, []temporal.Option{temporal.WithToolOptions("nope", workflowOpts())}, `"nope" is not a tool`},
		"bad key":      {&agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"a b": weatherTool(&calls, tool.Spec{})}}, nil, "a b"},
		"tool search":  {&agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"w": weatherTool(&calls, tool.Spec{})}, ToolSearch: &agent.ToolSearch{Tools: tool.Toolset{"w": weatherTool(&calls, tool.Spec{})}}}, nil, `library tool key "w"`},
	} {
		t.Run(name, func(t *testing.T) {
			err := temporal.Register(newEnv(t), tc.agent, tc.opts...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestToolOptionsReplaceTheDefaults(t *testing.T) {
	var calls atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("ok"))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool(&calls, tool.Spec{}, 1)}}
	env := newEnv(t)
	o := workflowOpts()
	o.RetryPolicy = &temporalsdk.RetryPolicy{MaximumAttempts: 2}
	require.NoError(t, temporal.Register(env, a, temporal.WithToolOptions("weather", o)))
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Paris?"})
	res := result(t, env)
	assert.Equal(t, int32(2), calls.Load(), "a tool that is not idempotent, retried by its options")
	assert.Nil(t, res.Steps[0].Outcomes[0].Error)
}

func workflowOpts() workflow.ActivityOptions {
	return workflow.ActivityOptions{StartToCloseTimeout: time.Minute}
}

func TestSubagentRunsAsAChildWorkflow(t *testing.T) {
	var calls atomic.Int32
	subModel := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("Paris: 21.5°C."))
	sub := &agent.Agent{ID: "forecaster", Description: "Knows the weather.", Model: subModel,
		Tools: tool.Toolset{"weather": weatherTool(&calls, tool.Spec{})}}
	model := scripted.New(
		scripted.Calls(llm.ToolCall{ID: "s1", Name: "agent-forecaster", Arguments: `{"prompt":"Weather in Paris?","maxSteps":9}`}),
		scripted.Text("The forecaster says 21.5°C."))
	a := &agent.Agent{ID: "supervisor", Model: model, Agents: map[string]*agent.Agent{"forecaster": sub}}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a))
	var children []string
	env.SetOnChildWorkflowStartedListener(func(info *workflow.Info, _ workflow.Context, _ converter.EncodedValues) {
		children = append(children, info.WorkflowType.Name+" "+info.WorkflowExecution.ID)
	})
	env.ExecuteWorkflow(temporal.WorkflowName("supervisor"), temporal.Input{Prompt: "Ask the forecaster."})
	res := result(t, env)

	assert.Equal(t, "The forecaster says 21.5°C.", res.Text)
	assert.Equal(t, int32(1), calls.Load())
	require.Len(t, children, 1)
	assert.Regexp(t, `^toolgen.agent:forecaster .+/1/s1$`, children[0])
	st := queryStatus(t, env)
	require.Len(t, st.Children, 1)
	assert.Regexp(t, `/1/s1$`, st.Children[0])
	o := res.Steps[0].Outcomes[0]
	require.Nil(t, o.Error)
	assert.Equal(t, llm.TextOutput("Paris: 21.5°C."), o.ModelOutput, "the model reads the subagent's text")
	var out agent.AgentToolOutput
	require.NoError(t, json.Unmarshal(o.Output, &out))
	assert.Equal(t, "forecaster", out.AgentID)
	assert.Equal(t, "Paris: 21.5°C.", out.Text)
	require.Len(t, subModel.Requests(), 2)
	assert.Equal(t, "Weather in Paris?", subModel.Requests()[0].Messages[0].Text())
}

type planIn struct {
	City string `json:"city"`
}

type planOut struct {
	Plan string `json:"plan"`
}

func planWorkflow(runs *atomic.Int32) *agent.TypedWorkflow[planIn, struct{}, planOut] {
	return agent.NewWorkflow(agent.WorkflowSpec{ID: "plan", Description: "Plans a visit.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`)},
		func(ctx context.Context, in planIn, _ *struct{}) (planOut, error) {
			runs.Add(1)
			return planOut{Plan: "visit " + in.City}, nil
		})
}

func TestWorkflowTool(t *testing.T) {
	for _, child := range []bool{false, true} {
		name := "activity"
		if child {
			name = "child workflow"
		}
		t.Run(name, func(t *testing.T) {
			var runs, childRuns atomic.Int32
			model := scripted.New(scripted.Calls(llm.ToolCall{ID: "w1", Name: "workflow-plan", Arguments: `{"inputData":{"city":"Paris"}}`}), scripted.Text("Planned."))
			a := &agent.Agent{ID: "a", Model: model, Workflows: map[string]agent.Workflow{"plan": planWorkflow(&runs)}}
			env := newEnv(t)
			var opts []temporal.Option
			if child {
				env.RegisterWorkflowWithOptions(func(ctx workflow.Context, in agent.WorkflowToolInput) (json.RawMessage, error) {
					childRuns.Add(1)
					var p planIn
					if err := json.Unmarshal(in.InputData, &p); err != nil {
						return nil, err
					}
					return json.Marshal(planOut{Plan: "durably visit " + p.City})
				}, workflow.RegisterOptions{Name: "plan-wf"})
				opts = append(opts, temporal.WithChildWorkflow("plan", "plan-wf"))
			}
			require.NoError(t, temporal.Register(env, a, opts...))
			env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Plan Paris."})
			res := result(t, env)

			o := res.Steps[0].Outcomes[0]
			require.Nil(t, o.Error)
			var out agent.WorkflowToolOutput
			require.NoError(t, json.Unmarshal(o.Output, &out))
			assert.NotEmpty(t, out.RunID)
			if child {
				assert.Equal(t, int32(0), runs.Load(), "the Workflow's Start does not run")
				assert.Equal(t, int32(1), childRuns.Load())
				assert.JSONEq(t, `{"plan":"durably visit Paris"}`, string(out.Result))
			} else {
				assert.Equal(t, int32(1), runs.Load())
				assert.JSONEq(t, `{"plan":"visit Paris"}`, string(out.Result))
			}
			assert.Equal(t, llm.OutputJSON, o.ModelOutput.Type, "the model gets {result, runId}")
		})
	}
}

func TestModelRequestIsRetried(t *testing.T) {
	model := scripted.New(scripted.Fail(errors.New("503 from the provider")), scripted.Text("ok"))
	a := &agent.Agent{ID: "a", Model: model}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a))
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "hi"})
	res := result(t, env)
	assert.Equal(t, "ok", res.Text)
	assert.Len(t, model.Requests(), 2)
}

func TestConcurrencyLimit(t *testing.T) {
	for _, tc := range []struct {
		limit, want int32
	}{{1, 1}, {3, 3}} {
		var inflight, peak atomic.Int32
		slow := tool.NewFunc(&tool.Spec{ID: "slow", Description: "Takes a while.", InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(ctx context.Context, _ struct{}) (string, error) {
				n := inflight.Add(1)
				for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
				}
				time.Sleep(200 * time.Millisecond)
				inflight.Add(-1)
				return "done", nil
			})
		model := scripted.New(scripted.Calls(scripted.Call("slow", `{}`), scripted.Call("slow", `{}`), scripted.Call("slow", `{}`)), scripted.Text("ok"))
		a := &agent.Agent{ID: "a", Model: model, Concurrency: int(tc.limit), Tools: tool.Toolset{"slow": slow}}
		env := newEnv(t)
		require.NoError(t, temporal.Register(env, a))
		env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "go"})
		res := result(t, env)
		require.Len(t, res.Steps[0].Outcomes, 3)
		assert.Equal(t, tc.want, peak.Load(), "limit %d", tc.limit)
	}
}

func TestLongCallsHeartbeat(t *testing.T) {
	var calls atomic.Int32
	slow := tool.NewFunc(&tool.Spec{ID: "slow", Description: "Takes a while.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, _ struct{}) (string, error) {
			calls.Add(1)
			select {
			case <-time.After(time.Second):
				return "done", nil
			case <-ctx.Done():
				return "", ctx.Err()
			}
		})
	model := scripted.New(scripted.Calls(scripted.Call("slow", `{}`)), scripted.Text("ok"))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"slow": slow}}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a, temporal.WithToolOptions("slow", workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute, HeartbeatTimeout: 300 * time.Millisecond})))
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "go"})
	res := result(t, env)
	assert.Nil(t, res.Steps[0].Outcomes[0].Error, "the call outlived its heartbeat timeout, heartbeating")
	assert.Equal(t, int32(1), calls.Load())
}

// TestSameRunAsInProcess runs one script in process and durably: the
// conversation and the transcript are the same, since the loop is.
func TestSameRunAsInProcess(t *testing.T) {
	script := func() *scripted.Model {
		return scripted.New(
			scripted.Calls(llm.ToolCall{ID: "c1", Name: "weather", Arguments: `{"location":"Paris"}`}),
			scripted.Calls(llm.ToolCall{ID: "c2", Name: "weather", Arguments: `{"location":"Oslo"}`}, llm.ToolCall{ID: "c3", Name: "nope", Arguments: `{}`}),
			scripted.Text("Warm in both."))
	}
	newAgent := func(m llm.Model) *agent.Agent {
		var calls atomic.Int32
		return &agent.Agent{ID: "a", Instructions: "Be brief.", Model: m,
			Tools: tool.Toolset{"weather": weatherTool(&calls, tool.Spec{})}}
	}
	local, err := newAgent(script()).Generate(t.Context(), "Paris and Oslo?")
	require.NoError(t, err)

	env := newEnv(t)
	require.NoError(t, temporal.Register(env, newAgent(script())))
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Paris and Oslo?"})
	res := result(t, env)

	assert.Equal(t, local.Text, res.Text)
	assert.Equal(t, local.Usage, res.Usage)
	want, err := json.Marshal(local.Messages)
	require.NoError(t, err)
	got, err := json.Marshal(res.Messages)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(got))
	want, err = json.Marshal(local.Transcript)
	require.NoError(t, err)
	got, err = json.Marshal(res.Transcript)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(got))
}

type bookAsk struct {
	Question string `json:"question"`
}

type bookReply struct {
	OK bool `json:"ok"`
}

func TestSuspendedToolResumesWithItsData(t *testing.T) {
	var runs atomic.Int32
	var sawPayload atomic.Value
	book := tool.WithSuspend[bookAsk, bookReply](tool.NewFunc(&tool.Spec{ID: "book", Description: "Books a trip.",
		InputSchema:  json.RawMessage(weatherSchema),
		ResumeSchema: json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"],"additionalProperties":false}`)},
		func(ctx context.Context, in weatherIn) (string, error) {
			runs.Add(1)
			reply, resumed := tool.ResumeData[bookReply](ctx)
			if !resumed {
				return "", tool.Suspend(ctx, bookAsk{Question: "Book " + in.Location + "?"})
			}
			if ask, ok := tool.SuspendPayload[bookAsk](ctx); ok {
				sawPayload.Store(ask.Question)
			}
			if !reply.OK {
				return "not booked", nil
			}
			return "booked " + in.Location, nil
		}))
	model := scripted.New(scripted.Calls(llm.ToolCall{ID: "b1", Name: "book", Arguments: `{"location":"Paris"}`}), scripted.Text("Done."))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"book": book}}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a))
	var waiting *temporal.Status
	env.RegisterDelayedCallback(func() {
		waiting = queryStatus(t, env)
		env.SignalWorkflow(temporal.SignalAnswers, []agent.Answer{agent.ResumeWith("b1", bookReply{OK: true})})
	}, 24*time.Hour)
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Book Paris."})
	res := result(t, env)

	require.NotNil(t, waiting)
	require.Len(t, waiting.Pending, 1)
	assert.Equal(t, agent.PendingSuspended, waiting.Pending[0].Kind)
	assert.JSONEq(t, `{"question":"Book Paris?"}`, string(waiting.Pending[0].Payload))
	assert.Equal(t, int32(2), runs.Load(), "the call ran, suspended, and ran again with its resume data")
	assert.Equal(t, "Book Paris?", sawPayload.Load())
	assert.JSONEq(t, `"booked Paris"`, string(res.Steps[0].Outcomes[0].Output))
	var types []agent.EventType
	for _, ev := range res.Transcript {
		if ev.ToolName != "" {
			types = append(types, ev.Type)
		}
	}
	assert.Equal(t, []agent.EventType{agent.EventToolCall, agent.EventToolCallSuspended, agent.EventToolCallResumed, agent.EventToolResult}, types)
}

func TestToolSearch(t *testing.T) {
	var calls atomic.Int32
	model := scripted.New(
		scripted.Calls(llm.ToolCall{ID: "s1", Name: agent.SearchToolsKey, Arguments: `{"query":"weather"}`}),
		scripted.Calls(llm.ToolCall{ID: "l1", Name: agent.LoadToolKey, Arguments: `{"toolName":"weather"}`}),
		scripted.Calls(llm.ToolCall{ID: "w1", Name: "weather", Arguments: `{"location":"Paris"}`}),
		scripted.Text("21.5°C."))
	a := &agent.Agent{ID: "a", Model: model, MaxSteps: 5,
		ToolSearch: &agent.ToolSearch{Tools: tool.Toolset{"weather": weatherTool(&calls, tool.Spec{})}}}
	env := newEnv(t)
	require.NoError(t, temporal.Register(env, a))
	var activities []string
	env.SetOnActivityStartedListener(func(info *activity.Info, _ context.Context, _ converter.EncodedValues) {
		activities = append(activities, info.ActivityType.Name)
	})
	env.ExecuteWorkflow(temporal.WorkflowName("a"), temporal.Input{Prompt: "Paris?"})
	res := result(t, env)

	assert.Equal(t, "21.5°C.", res.Text)
	assert.Equal(t, int32(1), calls.Load())
	assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(res.Steps[2].Outcomes[0].Output))
	assert.Equal(t, []string{"toolgen.model:a", "toolgen.model:a", "toolgen.model:a", "toolgen.tool:a:weather", "toolgen.model:a"}, activities,
		"search_tools and load_tool run in the workflow, the library tool as an activity")
}
