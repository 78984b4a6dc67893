package runtime_test

// Conformance of pausing and resuming a run with Mastra 1.71 (issue 18).
//
// Each test runs a scenario on runtime/scripted and asserts what Mastra's
// agent loop does in the same scenario: the events with their counts, the
// steps, what the model receives after the call, the final text. The
// Mastra behaviour was observed by running the scripts of
// testdata/mastra/ against @mastra/core 1.71.0 with a scripted
// LanguageModelV2 (their output is in testdata/mastra/out/), and read in
// its source (dist/agent-BOxKOk3n.js, dist/message-list-DxPv9dgd.js).
//
// Deliberate departures from Mastra, each explained where it is tested:
//
//   - A paused Go run ends with a finish event (reason approval-required,
//     suspended, or tool-calls for client tools) that carries the Result
//     and its RunState; Mastra's paused stream ends after the
//     tool-call-approval / tool-call-suspended chunk, with finishReason
//     "suspended" and no finish chunk. Go needs the event to hand over the
//     state; it is not a step.
//   - A subagent's waiting call is reported once, as the subagent's own
//     event in the caller's stream ([payer] tool-call-approval, with
//     ParentToolCallID), and the RunState names it with its Path; Mastra
//     also emits a second tool-call-approval on the caller's agent-<key>
//     call (the caller's call id with the inner tool's name), so a display
//     counting approvals there sees two.
//   - A suspended call that resumes gets a tool-call-resumed event (the
//     display form of its resume data, phase resume); Mastra runs the
//     tool again without an event, though it defines the resume phase.
//   - Resume data that the resume schema refuses is an error of Resume
//     (ErrInvalidAnswer), before anything runs; Mastra runs on and gives
//     the model a validation error as the call's result.
//   - A client tool's call pauses the run with a RunState, and Resume
//     continues the same step with the client's result: one step-finish
//     for the step, on resume, and two in all, as in Mastra, where the
//     first run finishes its step with finish reason tool-calls and the
//     client starts a new run with the result in its messages.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

// shape renders the events of a run as "type tool", a subagent's events
// with "[agent] " in front, leaving out argument deltas and merging each
// run of text deltas into one.
func shape(evs []runtime.Event) []string {
	var out []string
	for _, ev := range evs {
		if ev.Type == runtime.EventToolCallDelta {
			continue
		}
		s := string(ev.Type)
		if ev.ToolName != "" {
			s += " " + ev.ToolName
		}
		if ev.ParentToolCallID != "" {
			s = "[" + ev.AgentID + "] " + s
		}
		if ev.Type == runtime.EventTextDelta && len(out) > 0 && out[len(out)-1] == s {
			continue
		}
		out = append(out, s)
	}
	return out
}

// count counts the events of type typ.
func count(evs []runtime.Event, typ runtime.EventType) int {
	n := 0
	for _, ev := range evs {
		if ev.Type == typ {
			n++
		}
	}
	return n
}

// final returns the Result of the finish event that ends evs.
func final(t *testing.T, evs []runtime.Event) *runtime.Result {
	t.Helper()
	require.NotEmpty(t, evs)
	last := evs[len(evs)-1]
	require.Equal(t, runtime.EventFinish, last.Type)
	require.NotNil(t, last.Result)
	return last.Result
}

// acrossProcesses marshals state and unmarshals it, as a run state stored
// by one process and read by another.
func acrossProcesses(t *testing.T, state *runtime.RunState) *runtime.RunState {
	t.Helper()
	require.NotNil(t, state)
	data, err := json.Marshal(state)
	require.NoError(t, err)
	var out runtime.RunState
	require.NoError(t, json.Unmarshal(data, &out))
	return &out
}

// Mastra 1.71 (testdata/mastra/approval.mjs, out/out-approval.txt): the
// first stream has tool-call and tool-call-approval, finishReason
// "suspended", 0 steps and no step-finish; approveToolCall's stream has
// tool-result (no second tool-call), step-finish for the resumed step,
// the text, step-finish and finish, and 2 steps. The tool runs once, and
// the model's next request holds its result.
func TestPauseApprovalResumesOnce(t *testing.T) {
	var ran atomic.Int32
	agent := bank(scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`))), &ran)
	first := collect(t, agent.Stream(t.Context(), "pay bob"))
	assert.Equal(t, []string{"tool-call transfer", "tool-call-approval transfer", "finish"}, shape(first))
	paused := final(t, first)
	assert.Equal(t, runtime.FinishApproval, paused.FinishReason)
	assert.Empty(t, paused.Steps, "the step whose call waits has not finished")
	require.Len(t, paused.Pending, 1)
	assert.Equal(t, runtime.PendingApproval, paused.Pending[0].Kind)
	assert.Equal(t, "bank", paused.Pending[0].AgentID)
	assert.Empty(t, paused.Pending[0].Path)
	assert.EqualValues(t, 0, ran.Load())

	// Another process: the state from JSON, new Agent and model values.
	model := scripted.New(scripted.Text("Sent 500 to bob."))
	second := collect(t, bank(model, &ran).ResumeStream(t.Context(), acrossProcesses(t, paused.State),
		[]runtime.Answer{paused.Pending[0].Approve()}))
	assert.Equal(t, []string{"tool-result transfer", "step-finish", "text-delta", "step-finish", "finish"}, shape(second))
	assert.Equal(t, 1, count(first, runtime.EventToolCall)+count(second, runtime.EventToolCall), "one tool-call event in all")
	assert.Equal(t, 2, count(first, runtime.EventStepFinish)+count(second, runtime.EventStepFinish), "two steps in all")
	resumed := final(t, second)
	require.Len(t, resumed.Steps, 2)
	assert.Equal(t, 1, resumed.Steps[0].Number)
	assert.Equal(t, 2, resumed.Steps[1].Number)
	require.Len(t, resumed.Steps[0].Outcomes, 1)
	assert.Equal(t, "sent", resumed.Steps[0].Outcomes[0].Output)
	assert.Equal(t, "Sent 500 to bob.", resumed.Text)
	assert.Equal(t, runtime.FinishStop, resumed.FinishReason)
	assert.EqualValues(t, 1, ran.Load())
	results := toolResults(t, model, 0)
	require.Len(t, results, 1)
	assert.JSONEq(t, `"sent"`, string(results[0].Output.JSON))
}

// The step's calls that settled before the pause stay settled: the step
// finishes on resume with every outcome, in call order, and each call's
// events come once.
func TestPauseStepFinishesWithEveryOutcome(t *testing.T) {
	var ran atomic.Int32
	agent := bank(scripted.New(scripted.Calls(
		scripted.Call("transfer", `{"to":"amy","amount":5}`),
		scripted.Call("transfer", `{"to":"bob","amount":500}`),
		scripted.Call("nope", `{}`),
	)), &ran)
	var finished []runtime.Step
	onStep := runtime.WithOnStepFinish(func(_ context.Context, st runtime.Step) error { finished = append(finished, st); return nil })
	first := collect(t, agent.Stream(t.Context(), "pay", onStep))
	assert.Equal(t, []string{"tool-call transfer", "tool-call transfer", "tool-call-approval transfer", "tool-call nope", "tool-error nope",
		"tool-result transfer", "finish"}, shape(first))
	assert.Empty(t, finished)
	paused := final(t, first)

	model := scripted.New(scripted.Text("Done."))
	second := collect(t, bank(model, &ran).ResumeStream(t.Context(), acrossProcesses(t, paused.State),
		[]runtime.Answer{runtime.Approve("call_2")}, onStep))
	assert.Equal(t, []string{"tool-result transfer", "step-finish", "text-delta", "step-finish", "finish"}, shape(second))
	require.Len(t, finished, 2, "the hook sees each step once")
	st := finished[0]
	assert.Equal(t, 1, st.Number)
	require.Len(t, st.ToolCalls, 3)
	require.Len(t, st.Outcomes, 3)
	for i, id := range []string{"call_1", "call_2", "call_3"} {
		assert.Equal(t, id, st.Outcomes[i].ToolCallID)
	}
	assert.Equal(t, "sent", st.Outcomes[1].Output)
	require.NotNil(t, st.Outcomes[2].Err)
	assert.Equal(t, runtime.KindUnknownTool, st.Outcomes[2].Err.Kind)
	results := toolResults(t, model, 0)
	require.Len(t, results, 3)
	assert.True(t, results[2].IsError())
	assert.EqualValues(t, 2, ran.Load())
}

// Mastra 1.71 (testdata/mastra/approval.mjs decline, out/out-approval-
// decline*.txt; resolveDeclineReason and DEFAULT_TOOL_DECLINE_REASON in
// dist/agent-BOxKOk3n.js, the output-denied part in
// dist/message-list-DxPv9dgd.js): a declined call's stream has
// tool-output-denied (approval {approved: false, reason}), step-finish,
// the text, step-finish and finish; the model receives a plain text result
// (not an error): the decline reason when one was given, else "Tool call
// was not approved by the user".
func TestPauseDeclineTellsModelPlainText(t *testing.T) {
	for _, tc := range []struct{ reason, told string }{
		{"", runtime.DefaultDeclineReason},
		{"  ", runtime.DefaultDeclineReason},
		{"over the daily limit", "over the daily limit"},
	} {
		t.Run(tc.told, func(t *testing.T) {
			var ran atomic.Int32
			agent := bank(scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`))), &ran)
			paused, err := agent.Generate(t.Context(), "pay bob")
			require.NoError(t, err)
			model := scripted.New(scripted.Text("Not sent."))
			evs := collect(t, bank(model, &ran).ResumeStream(t.Context(), acrossProcesses(t, paused.State),
				[]runtime.Answer{paused.Pending[0].Decline(tc.reason)}))
			assert.Equal(t, []string{"tool-output-denied transfer", "step-finish", "text-delta", "step-finish", "finish"}, shape(evs))
			assert.JSONEq(t, fmt.Sprintf(`{"approved":false,"reason":%q}`, tc.told), string(evs[0].Payload))
			res := final(t, evs)
			assert.Equal(t, "Not sent.", res.Text)
			require.Len(t, res.Steps, 2)
			assert.Equal(t, runtime.KindDeclined, res.Steps[0].Outcomes[0].Err.Kind)
			assert.Equal(t, tc.told, res.Steps[0].Outcomes[0].Err.Message)
			results := toolResults(t, model, 0)
			require.Len(t, results, 1)
			assert.Equal(t, runtime.TextOutput(tc.told), results[0].Output)
			assert.False(t, results[0].IsError())
			assert.EqualValues(t, 0, ran.Load())
		})
	}
}

// payer is a subagent whose transfer tool needs approval above 100; sup a
// supervisor that delegates to it. Each call builds new values, as another
// process would.
func payer(model runtime.Model, ran *atomic.Int32) *runtime.Agent {
	a := bank(model, ran)
	a.ID, a.Description = "payer", "Pays people."
	return a
}

func sup(model runtime.Model, sub *runtime.Agent) *runtime.Agent {
	return &runtime.Agent{ID: "sup", Instructions: "You delegate.", Model: model, Agents: map[string]*runtime.Agent{"payer": sub}}
}

// Mastra 1.71 (testdata/mastra/subagent.mjs, out/out-subagent*.txt; the
// agent tool's execute in dist/agent-BOxKOk3n.js suspends with the
// subagent's requireToolApproval and runId, and raiseToolSuspension
// emits the approval): a subagent's call that needs approval pauses the
// supervisor's run (finishReason "suspended", 0 steps); one
// approveToolCall of the supervisor's run resumes the subagent from its
// own snapshot (its model is asked once more, with the tool's result),
// the agent tool returns the subagent's text, and the supervisor goes on:
// its stream has the subagent's events (tool-result, step-finish, text,
// step-finish, finish), then tool-result of agent-payer, step-finish,
// the text, step-finish and finish; 2 steps. Declined, the subagent's
// model is told "Tool call was not approved by the user". Go reports the
// waiting call once, as the subagent's event (see the file comment).
func TestPauseSubagentApproval(t *testing.T) {
	for _, approve := range []bool{true, false} {
		t.Run(fmt.Sprint("approve=", approve), func(t *testing.T) {
			var ran atomic.Int32
			subCall := runtime.ToolCall{ID: "sub_1", Name: "transfer", Arguments: `{"to":"bob","amount":500}`}
			supCall := runtime.ToolCall{ID: "sup_1", Name: "agent-payer", Arguments: `{"prompt":"pay bob 500"}`}
			agent := sup(scripted.New(scripted.Calls(supCall)), payer(scripted.New(scripted.Calls(subCall)), &ran))
			first := collect(t, agent.Stream(t.Context(), "pay bob"))
			assert.Equal(t, []string{"tool-call agent-payer", "[payer] tool-call transfer", "[payer] tool-call-approval transfer",
				"[payer] finish", "finish"}, shape(first))
			paused := final(t, first)
			assert.Equal(t, runtime.FinishApproval, paused.FinishReason)
			assert.Empty(t, paused.Steps)
			require.Len(t, paused.Pending, 1)
			p := paused.Pending[0]
			assert.Equal(t, runtime.PendingCall{Kind: runtime.PendingApproval, ToolCallID: "sub_1", ToolName: "transfer", AgentID: "payer",
				Path: []string{"sup_1"}, Arguments: subCall.Arguments, Payload: json.RawMessage(`{"to":"bob","amount":500}`)}, p)
			approval := first[slices.IndexFunc(first, func(ev runtime.Event) bool { return ev.Type == runtime.EventToolCallApproval })]
			assert.Equal(t, "sup_1", approval.ParentToolCallID, "the event names the path as the pending call does")
			assert.Equal(t, "payer", approval.AgentID)

			subModel := scripted.New(scripted.Text("Paid bob."))
			supModel := scripted.New(scripted.Text("Done."))
			answer := p.Approve()
			if !approve {
				answer = p.Decline("")
			}
			second := collect(t, sup(supModel, payer(subModel, &ran)).ResumeStream(t.Context(), acrossProcesses(t, paused.State), []runtime.Answer{answer}))
			outcome := "[payer] tool-result transfer"
			if !approve {
				outcome = "[payer] tool-output-denied transfer"
			}
			assert.Equal(t, []string{outcome, "[payer] step-finish", "[payer] text-delta", "[payer] step-finish", "[payer] finish",
				"tool-result agent-payer", "step-finish", "text-delta", "step-finish", "finish"}, shape(second))
			assert.Equal(t, 2, count(first, runtime.EventToolCall))
			assert.Zero(t, count(second, runtime.EventToolCall), "neither tool-call comes again")
			res := final(t, second)
			assert.Equal(t, "Done.", res.Text)
			require.Len(t, res.Steps, 2)

			subResults := toolResults(t, subModel, 0)
			require.Len(t, subResults, 1)
			if approve {
				assert.JSONEq(t, `"sent"`, string(subResults[0].Output.JSON))
				assert.EqualValues(t, 1, ran.Load())
			} else {
				assert.Equal(t, runtime.TextOutput(runtime.DefaultDeclineReason), subResults[0].Output)
				assert.EqualValues(t, 0, ran.Load())
			}
			supResults := toolResults(t, supModel, 0)
			require.Len(t, supResults, 1)
			assert.Equal(t, "sup_1", supResults[0].ToolCallID)
			assert.Contains(t, supResults[0].Output.String(), "Paid bob.")
		})
	}
}

// Two subagents that pause in one step, each with a call of the same id:
// an answer by id alone is ambiguous, the PendingCall's methods give the
// Path. A subagent that pauses again after resuming pauses the run again.
func TestPauseNestedAnswersByPath(t *testing.T) {
	var ran atomic.Int32
	two := func(first, second runtime.Model) *runtime.Agent {
		a := sup(scripted.New(scripted.Calls(
			runtime.ToolCall{ID: "s1", Name: "agent-payer", Arguments: `{"prompt":"pay bob"}`},
			runtime.ToolCall{ID: "s2", Name: "agent-other", Arguments: `{"prompt":"pay amy"}`},
		), scripted.Text("Both paid.")), payer(first, &ran))
		other := payer(second, &ran)
		other.ID = "other"
		a.Agents["other"] = other
		return a
	}
	call := func(to string) scripted.Turn {
		return scripted.Calls(runtime.ToolCall{ID: "call_1", Name: "transfer", Arguments: `{"to":"` + to + `","amount":500}`})
	}
	agent := two(scripted.New(call("bob"), scripted.Text("Paid bob.")), scripted.New(call("amy"), scripted.Text("Paid amy.")))
	paused, err := agent.Generate(t.Context(), "pay both")
	require.NoError(t, err)
	require.Len(t, paused.Pending, 2)
	assert.Equal(t, []string{"s1"}, paused.Pending[0].Path)
	assert.Equal(t, []string{"s2"}, paused.Pending[1].Path)

	_, err = agent.Resume(t.Context(), paused.State, []runtime.Answer{runtime.Approve("call_1"), runtime.Approve("call_1")})
	assert.ErrorIs(t, err, runtime.ErrInvalidAnswer)
	assert.ErrorContains(t, err, "calls of 2 agents have the id call_1")
	assert.EqualValues(t, 0, ran.Load())

	res, err := agent.Resume(t.Context(), acrossProcesses(t, paused.State),
		[]runtime.Answer{paused.Pending[0].Approve(), paused.Pending[1].Decline("not amy")})
	require.NoError(t, err)
	assert.Equal(t, "Both paid.", res.Text)
	assert.EqualValues(t, 1, ran.Load())
}

// A RunState of version 1, as the runtime wrote before issue 18 (its step
// had finished already), still resumes.
func TestPauseRunStateVersion1(t *testing.T) {
	const v1 = `{"version":1,"agentId":"bank","step":1,
		"messages":[{"role":"user","parts":[{"type":"text","text":"pay bob"}]},
			{"role":"assistant","parts":[{"type":"tool-call","toolCall":{"id":"call_1","name":"transfer","arguments":"{\"to\":\"bob\",\"amount\":500}"}}]}],
		"pending":[{"toolCallId":"call_1","toolName":"transfer","arguments":"{\"to\":\"bob\",\"amount\":500}","payload":{"to":"bob","amount":500}}],
		"usage":{"inputTokens":0,"outputTokens":0,"totalTokens":0},"maxSteps":5,"toolChoice":{}}`
	var state runtime.RunState
	require.NoError(t, json.Unmarshal([]byte(v1), &state))
	var ran atomic.Int32
	model := scripted.New(scripted.Text("Sent."))
	res, err := bank(model, &ran).Resume(t.Context(), &state, []runtime.Decision{runtime.Approve("call_1")})
	require.NoError(t, err)
	assert.Equal(t, "Sent.", res.Text)
	assert.EqualValues(t, 1, ran.Load())
}

// Wrong answers are the caller's errors, reported before anything runs.
func TestPauseAnswerErrors(t *testing.T) {
	var ran atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`)))
	paused, err := bank(model, &ran).Generate(t.Context(), "pay bob")
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		answers []runtime.Answer
		want    string
	}{
		{"none", nil, `no answer for call call_1 of "transfer", which waits for approval`},
		{"unknown id", []runtime.Answer{runtime.Approve("call_1"), runtime.Approve("call_9")}, "no call call_9 waits"},
		{"twice", []runtime.Answer{runtime.Approve("call_1"), runtime.Decline("call_1", "")}, `two answers for call call_1 of "transfer"`},
		{"wrong kind", []runtime.Answer{runtime.ResumeWith("call_1", map[string]bool{"ok": true})}, "waits for approval: answer it with Approve or Decline"},
		{"unencodable", []runtime.Answer{runtime.ResumeWith("call_1", func() {})}, "encode the resume data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			next := scripted.New(scripted.Text("never"))
			_, err := bank(next, &ran).Resume(t.Context(), acrossProcesses(t, paused.State), tc.answers)
			require.ErrorIs(t, err, runtime.ErrInvalidAnswer)
			assert.ErrorContains(t, err, tc.want)
			assert.Empty(t, next.Requests())
			assert.EqualValues(t, 0, ran.Load())
		})
	}
}
