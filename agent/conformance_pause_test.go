package agent_test

// Conformance of pausing and resuming a run with Mastra 1.71 (issue 18).
//
// Each test runs a scenario on package scripted and asserts what Mastra's
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

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// shape renders the events of a run as "type tool", a subagent's events
// with "[agent] " in front, leaving out argument deltas and merging each
// run of text deltas into one.
func shape(evs []agent.Event) []string {
	var out []string
	for _, ev := range evs {
		if ev.Type == agent.EventToolCallDelta {
			continue
		}
		s := string(ev.Type)
		if ev.ToolName != "" {
			s += " " + ev.ToolName
		}
		if ev.ParentToolCallID != "" {
			s = "[" + ev.AgentID + "] " + s
		}
		if ev.Type == agent.EventTextDelta && len(out) > 0 && out[len(out)-1] == s {
			continue
		}
		out = append(out, s)
	}
	return out
}

// count counts the events of type typ.
func count(evs []agent.Event, typ agent.EventType) int {
	n := 0
	for _, ev := range evs {
		if ev.Type == typ {
			n++
		}
	}
	return n
}

// final returns the Result of the finish event that ends evs.
func final(t *testing.T, evs []agent.Event) *agent.Result {
	t.Helper()
	require.NotEmpty(t, evs)
	last := evs[len(evs)-1]
	require.Equal(t, agent.EventFinish, last.Type)
	require.NotNil(t, last.Result)
	return last.Result
}

// acrossProcesses marshals state and unmarshals it, as a run state stored
// by one process and read by another.
func acrossProcesses(t *testing.T, state *agent.RunState) *agent.RunState {
	t.Helper()
	require.NotNil(t, state)
	data, err := json.Marshal(state)
	require.NoError(t, err)
	var out agent.RunState
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
	a := bank(scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`))), &ran)
	first := collect(t, a.Stream(t.Context(), "pay bob"))
	assert.Equal(t, []string{"tool-call transfer", "tool-call-approval transfer", "finish"}, shape(first))
	paused := final(t, first)
	assert.Equal(t, agent.FinishApproval, paused.FinishReason)
	assert.Empty(t, paused.Steps, "the step whose call waits has not finished")
	require.Len(t, paused.Pending, 1)
	assert.Equal(t, agent.PendingApproval, paused.Pending[0].Kind)
	assert.Equal(t, "bank", paused.Pending[0].AgentID)
	assert.Empty(t, paused.Pending[0].Path)
	assert.EqualValues(t, 0, ran.Load())

	// Another process: the state from JSON, new Agent and model values.
	model := scripted.New(scripted.Text("Sent 500 to bob."))
	second := collect(t, bank(model, &ran).ResumeStream(t.Context(), acrossProcesses(t, paused.State),
		[]agent.Answer{paused.Pending[0].Approve()}))
	assert.Equal(t, []string{"tool-result transfer", "step-finish", "text-delta", "step-finish", "finish"}, shape(second))
	assert.Equal(t, 1, count(first, agent.EventToolCall)+count(second, agent.EventToolCall), "one tool-call event in all")
	assert.Equal(t, 2, count(first, agent.EventStepFinish)+count(second, agent.EventStepFinish), "two steps in all")
	resumed := final(t, second)
	require.Len(t, resumed.Steps, 2)
	assert.Equal(t, 1, resumed.Steps[0].Number)
	assert.Equal(t, 2, resumed.Steps[1].Number)
	require.Len(t, resumed.Steps[0].Outcomes, 1)
	assert.Equal(t, "sent", resumed.Steps[0].Outcomes[0].Output)
	assert.Equal(t, "Sent 500 to bob.", resumed.Text)
	assert.Equal(t, llm.FinishStop, resumed.FinishReason)
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
	a := bank(scripted.New(scripted.Calls(
		scripted.Call("transfer", `{"to":"amy","amount":5}`),
		scripted.Call("transfer", `{"to":"bob","amount":500}`),
		scripted.Call("nope", `{}`),
	)), &ran)
	var finished []agent.Step
	onStep := agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error { finished = append(finished, st); return nil })
	first := collect(t, a.Stream(t.Context(), "pay", onStep))
	assert.Equal(t, []string{"tool-call transfer", "tool-call transfer", "tool-call-approval transfer", "tool-call nope", "tool-error nope",
		"tool-result transfer", "finish"}, shape(first))
	assert.Empty(t, finished)
	paused := final(t, first)

	model := scripted.New(scripted.Text("Done."))
	second := collect(t, bank(model, &ran).ResumeStream(t.Context(), acrossProcesses(t, paused.State),
		[]agent.Answer{agent.Approve("call_2")}, onStep))
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
	assert.Equal(t, toolexec.KindUnknownTool, st.Outcomes[2].Err.Kind)
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
		{"", agent.DefaultDeclineReason},
		{"  ", agent.DefaultDeclineReason},
		{"over the daily limit", "over the daily limit"},
	} {
		t.Run(tc.told, func(t *testing.T) {
			var ran atomic.Int32
			a := bank(scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`))), &ran)
			paused, err := a.Generate(t.Context(), "pay bob")
			require.NoError(t, err)
			model := scripted.New(scripted.Text("Not sent."))
			evs := collect(t, bank(model, &ran).ResumeStream(t.Context(), acrossProcesses(t, paused.State),
				[]agent.Answer{paused.Pending[0].Decline(tc.reason)}))
			assert.Equal(t, []string{"tool-output-denied transfer", "step-finish", "text-delta", "step-finish", "finish"}, shape(evs))
			assert.JSONEq(t, fmt.Sprintf(`{"approved":false,"reason":%q}`, tc.told), string(evs[0].Payload))
			res := final(t, evs)
			assert.Equal(t, "Not sent.", res.Text)
			require.Len(t, res.Steps, 2)
			assert.Equal(t, toolexec.KindDeclined, res.Steps[0].Outcomes[0].Err.Kind)
			assert.Equal(t, tc.told, res.Steps[0].Outcomes[0].Err.Message)
			results := toolResults(t, model, 0)
			require.Len(t, results, 1)
			assert.Equal(t, llm.TextOutput(tc.told), results[0].Output)
			assert.False(t, results[0].IsError())
			assert.EqualValues(t, 0, ran.Load())
		})
	}
}

// payer is a subagent whose transfer tool needs approval above 100; sup a
// supervisor that delegates to it. Each call builds new values, as another
// process would.
func payer(model llm.Model, ran *atomic.Int32) *agent.Agent {
	a := bank(model, ran)
	a.ID, a.Description = "payer", "Pays people."
	return a
}

func sup(model llm.Model, sub *agent.Agent) *agent.Agent {
	return &agent.Agent{ID: "sup", Instructions: "You delegate.", Model: model, Agents: map[string]*agent.Agent{"payer": sub}}
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
			subCall := llm.ToolCall{ID: "sub_1", Name: "transfer", Arguments: `{"to":"bob","amount":500}`}
			supCall := llm.ToolCall{ID: "sup_1", Name: "agent-payer", Arguments: `{"prompt":"pay bob 500"}`}
			a := sup(scripted.New(scripted.Calls(supCall)), payer(scripted.New(scripted.Calls(subCall)), &ran))
			first := collect(t, a.Stream(t.Context(), "pay bob"))
			assert.Equal(t, []string{"tool-call agent-payer", "[payer] tool-call transfer", "[payer] tool-call-approval transfer",
				"[payer] finish", "finish"}, shape(first))
			paused := final(t, first)
			assert.Equal(t, agent.FinishApproval, paused.FinishReason)
			assert.Empty(t, paused.Steps)
			require.Len(t, paused.Pending, 1)
			p := paused.Pending[0]
			assert.Equal(t, agent.PendingCall{Kind: agent.PendingApproval, ToolCallID: "sub_1", ToolName: "transfer", AgentID: "payer",
				Path: []string{"sup_1"}, Arguments: subCall.Arguments, Payload: json.RawMessage(`{"to":"bob","amount":500}`)}, p)
			approval := first[slices.IndexFunc(first, func(ev agent.Event) bool { return ev.Type == agent.EventToolCallApproval })]
			assert.Equal(t, "sup_1", approval.ParentToolCallID, "the event names the path as the pending call does")
			assert.Equal(t, "payer", approval.AgentID)

			subModel := scripted.New(scripted.Text("Paid bob."))
			supModel := scripted.New(scripted.Text("Done."))
			answer := p.Approve()
			if !approve {
				answer = p.Decline("")
			}
			second := collect(t, sup(supModel, payer(subModel, &ran)).ResumeStream(t.Context(), acrossProcesses(t, paused.State), []agent.Answer{answer}))
			outcome := "[payer] tool-result transfer"
			if !approve {
				outcome = "[payer] tool-output-denied transfer"
			}
			assert.Equal(t, []string{outcome, "[payer] step-finish", "[payer] text-delta", "[payer] step-finish", "[payer] finish",
				"tool-result agent-payer", "step-finish", "text-delta", "step-finish", "finish"}, shape(second))
			assert.Equal(t, 2, count(first, agent.EventToolCall))
			assert.Zero(t, count(second, agent.EventToolCall), "neither tool-call comes again")
			res := final(t, second)
			assert.Equal(t, "Done.", res.Text)
			require.Len(t, res.Steps, 2)

			subResults := toolResults(t, subModel, 0)
			require.Len(t, subResults, 1)
			if approve {
				assert.JSONEq(t, `"sent"`, string(subResults[0].Output.JSON))
				assert.EqualValues(t, 1, ran.Load())
			} else {
				assert.Equal(t, llm.TextOutput(agent.DefaultDeclineReason), subResults[0].Output)
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
	two := func(first, second llm.Model) *agent.Agent {
		a := sup(scripted.New(scripted.Calls(
			llm.ToolCall{ID: "s1", Name: "agent-payer", Arguments: `{"prompt":"pay bob"}`},
			llm.ToolCall{ID: "s2", Name: "agent-other", Arguments: `{"prompt":"pay amy"}`},
		), scripted.Text("Both paid.")), payer(first, &ran))
		other := payer(second, &ran)
		other.ID = "other"
		a.Agents["other"] = other
		return a
	}
	call := func(to string) scripted.Turn {
		return scripted.Calls(llm.ToolCall{ID: "call_1", Name: "transfer", Arguments: `{"to":"` + to + `","amount":500}`})
	}
	ag := two(scripted.New(call("bob"), scripted.Text("Paid bob.")), scripted.New(call("amy"), scripted.Text("Paid amy.")))
	paused, err := ag.Generate(t.Context(), "pay both")
	require.NoError(t, err)
	require.Len(t, paused.Pending, 2)
	assert.Equal(t, []string{"s1"}, paused.Pending[0].Path)
	assert.Equal(t, []string{"s2"}, paused.Pending[1].Path)

	_, err = ag.Resume(t.Context(), paused.State, []agent.Answer{agent.Approve("call_1"), agent.Approve("call_1")})
	assert.ErrorIs(t, err, agent.ErrInvalidAnswer)
	assert.ErrorContains(t, err, "calls of 2 agents have the id call_1")
	assert.EqualValues(t, 0, ran.Load())

	res, err := ag.Resume(t.Context(), acrossProcesses(t, paused.State),
		[]agent.Answer{paused.Pending[0].Approve(), paused.Pending[1].Decline("not amy")})
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
	var state agent.RunState
	require.NoError(t, json.Unmarshal([]byte(v1), &state))
	var ran atomic.Int32
	model := scripted.New(scripted.Text("Sent."))
	res, err := bank(model, &ran).Resume(t.Context(), &state, []agent.Answer{agent.Approve("call_1")})
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
		answers []agent.Answer
		want    string
	}{
		{"none", nil, `no answer for call call_1 of "transfer", which waits for approval`},
		{"unknown id", []agent.Answer{agent.Approve("call_1"), agent.Approve("call_9")}, "no call call_9 waits"},
		{"twice", []agent.Answer{agent.Approve("call_1"), agent.Decline("call_1", "")}, `two answers for call call_1 of "transfer"`},
		{"wrong kind", []agent.Answer{agent.ResumeWith("call_1", map[string]bool{"ok": true})}, "waits for approval: answer it with Approve or Decline"},
		{"unencodable", []agent.Answer{agent.ResumeWith("call_1", func() {})}, "encode the resume data"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			next := scripted.New(scripted.Text("never"))
			_, err := bank(next, &ran).Resume(t.Context(), acrossProcesses(t, paused.State), tc.answers)
			require.ErrorIs(t, err, agent.ErrInvalidAnswer)
			assert.ErrorContains(t, err, tc.want)
			assert.Empty(t, next.Requests())
			assert.EqualValues(t, 0, ran.Load())
		})
	}
}

// A tool that suspends itself for a confirmation, as in
// testdata/mastra/suspend.mjs.
type bookIn struct {
	What string `json:"what"`
}

type askRequest struct {
	Question string `json:"question"`
}

type askReply struct {
	OK bool `json:"ok"`
}

type bookOut struct {
	Booked bool   `json:"booked"`
	Asked  string `json:"asked,omitempty"` // the question, from tool.SuspendPayload
}

const (
	bookSchema     = `{"type":"object","properties":{"what":{"type":"string"}},"required":["what"],"additionalProperties":false}`
	askSchema      = `{"type":"object","properties":{"question":{"type":"string"}},"required":["question"],"additionalProperties":false}`
	askReplySchema = `{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"],"additionalProperties":false}`
)

func confirmTool(runs *atomic.Int32) *tool.Func[bookIn, bookOut] {
	spec := &tool.Spec{ID: "confirm", Description: "Books after confirmation.", InputSchema: json.RawMessage(bookSchema),
		SuspendSchema: json.RawMessage(askSchema), ResumeSchema: json.RawMessage(askReplySchema)}
	return tool.WithSuspend[askRequest, askReply](tool.NewFunc(spec, func(ctx context.Context, in bookIn) (bookOut, error) {
		runs.Add(1)
		reply, resumed := tool.ResumeData[askReply](ctx)
		if !resumed {
			return bookOut{}, tool.Suspend(ctx, askRequest{Question: "Book " + in.What + "?"})
		}
		asked, _ := tool.SuspendPayload[askRequest](ctx)
		return bookOut{Booked: reply.OK, Asked: asked.Question}, nil
	}))
}

func booker(model llm.Model, runs *atomic.Int32) *agent.Agent {
	return &agent.Agent{ID: "booker", Model: model, Tools: tool.Toolset{"confirm": confirmTool(runs)}}
}

// Mastra 1.71 (testdata/mastra/suspend.mjs, out/out-suspend*.txt;
// raiseToolSuspension in dist/agent-BOxKOk3n.js): a tool that calls
// suspend(payload) pauses the run with a tool-call-suspended chunk
// (suspendPayload, resumeSchema), finishReason "suspended" and 0 steps;
// resumeStream(resumeData) runs the tool again with resumeData, and the
// stream has tool-result, step-finish, the text, step-finish and finish:
// 2 steps, the tool run twice (the second time with suspendPayload too,
// which tool.SuspendPayload gives), the model given its output. Go adds a
// tool-call-resumed event before the run (see the file comment), and
// refuses resume data that the resume schema refuses, where Mastra's
// model got a validation error as the result.
func TestPauseToolSuspends(t *testing.T) {
	var runs atomic.Int32
	first := collect(t, booker(scripted.New(scripted.Calls(scripted.Call("confirm", `{"what":"a table"}`))), &runs).Stream(t.Context(), "book a table"))
	assert.Equal(t, []string{"tool-call confirm", "tool-call-suspended confirm", "finish"}, shape(first))
	assert.JSONEq(t, `{"question":"Book a table?"}`, string(first[len(first)-2].Payload))
	paused := final(t, first)
	assert.Equal(t, agent.FinishSuspended, paused.FinishReason)
	assert.Empty(t, paused.Steps)
	require.Len(t, paused.Pending, 1)
	p := paused.Pending[0]
	assert.Equal(t, agent.PendingSuspended, p.Kind)
	assert.JSONEq(t, `{"question":"Book a table?"}`, string(p.Payload))
	assert.JSONEq(t, askReplySchema, string(p.ResumeSchema))
	assert.EqualValues(t, 1, runs.Load())

	// Resume data the schema refuses is the caller's error; the tool does
	// not run.
	state := acrossProcesses(t, paused.State)
	next := scripted.New(scripted.Text("Booked."))
	_, err := booker(next, &runs).Resume(t.Context(), state, []agent.Answer{p.Resume(map[string]string{"ok": "yes"})})
	require.ErrorIs(t, err, agent.ErrInvalidAnswer)
	assert.ErrorContains(t, err, `call call_1 of "confirm": invalid resume data: at /ok: `)
	assert.ErrorContains(t, err, "expected boolean")
	_, err = booker(next, &runs).Resume(t.Context(), state, []agent.Answer{p.Approve()})
	assert.ErrorContains(t, err, "suspended itself: answer it with its resume data")
	assert.EqualValues(t, 1, runs.Load())
	assert.Empty(t, next.Requests())

	second := collect(t, booker(next, &runs).ResumeStream(t.Context(), state, []agent.Answer{p.Resume(askReply{OK: true})}))
	assert.Equal(t, []string{"tool-call-resumed confirm", "tool-result confirm", "step-finish", "text-delta", "step-finish", "finish"}, shape(second))
	assert.JSONEq(t, `{"ok":true}`, string(second[0].Payload))
	res := final(t, second)
	assert.Equal(t, "Booked.", res.Text)
	require.Len(t, res.Steps, 2)
	assert.Equal(t, bookOut{Booked: true, Asked: "Book a table?"}, res.Steps[0].Outcomes[0].Output)
	assert.EqualValues(t, 2, runs.Load())
	results := toolResults(t, next, 0)
	require.Len(t, results, 1)
	assert.JSONEq(t, `{"booked":true,"asked":"Book a table?"}`, string(results[0].Output.JSON))
}

// The display and transcript targets shape the suspend payload and the
// resume data with the tool's Suspend and Resume transforms; a failing one
// shows the placeholder.
func TestPauseSuspendTransforms(t *testing.T) {
	var runs atomic.Int32
	tl := confirmTool(&runs).
		WithTransform(tool.TargetDisplay, tool.Transforms[bookIn, bookOut]{
			Suspend: tool.SuspendTransform(func(_ context.Context, in bookIn, p askRequest) (any, error) {
				return map[string]string{"ask": p.Question}, nil
			}),
			Resume: tool.ResumeTransform(func(_ context.Context, in bookIn, r askReply) (any, error) {
				return map[string]bool{"confirmed": r.OK}, nil
			}),
		}).
		WithTransform(tool.TargetTranscript, tool.Transforms[bookIn, bookOut]{
			Suspend: func(context.Context, bookIn, any) (any, error) { return nil, errBoom },
			Resume:  func(_ context.Context, _ bookIn, data any) (any, error) { return fmt.Sprintf("%T", data), nil },
		})
	a := &agent.Agent{ID: "booker", Model: scripted.New(scripted.Calls(scripted.Call("confirm", `{"what":"x"}`)), scripted.Text("ok")),
		Tools: tool.Toolset{"confirm": tl}}
	first := collect(t, a.Stream(t.Context(), "book"))
	paused := final(t, first)
	assert.JSONEq(t, `{"ask":"Book x?"}`, string(first[len(first)-2].Payload))
	assert.JSONEq(t, `{"ask":"Book x?"}`, string(paused.Pending[0].Payload), "the pending call has the display payload")
	tr := paused.Transcript[slices.IndexFunc(paused.Transcript, func(ev agent.Event) bool { return ev.Type == agent.EventToolCallSuspended })]
	assert.JSONEq(t, toolexec.Placeholder, string(tr.Payload))

	second := collect(t, a.ResumeStream(t.Context(), paused.State, []agent.Answer{agent.ResumeWith("call_1", askReply{OK: true})}))
	assert.JSONEq(t, `{"confirmed":true}`, string(second[0].Payload))
	res := final(t, second)
	assert.Equal(t, agent.EventToolCallResumed, res.Transcript[0].Type)
	assert.JSONEq(t, `"agent_test.askReply"`, string(res.Transcript[0].Payload))
}

// Suspend works only in an agent run, for a tool that declares its types,
// with a payload of its suspend type; otherwise the call fails with the
// reason, and the run goes on.
func TestPauseSuspendMisuse(t *testing.T) {
	untyped := tool.NewFunc(&tool.Spec{ID: "untyped", Description: "d", InputSchema: json.RawMessage(bookSchema)},
		func(ctx context.Context, in bookIn) (bookOut, error) {
			return bookOut{}, tool.Suspend(ctx, askRequest{})
		})
	wrong := tool.WithSuspend[askRequest, askReply](tool.NewFunc(&tool.Spec{ID: "wrong", Description: "d", InputSchema: json.RawMessage(bookSchema)},
		func(ctx context.Context, in bookIn) (bookOut, error) {
			return bookOut{}, tool.Suspend(ctx, "a string")
		}))
	model := scripted.New(scripted.Calls(scripted.Call("untyped", `{"what":"x"}`), scripted.Call("wrong", `{"what":"x"}`)), scripted.Text("ok"))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"untyped": untyped, "wrong": wrong}}
	res, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	results := toolResults(t, model, 1)
	require.Len(t, results, 2)
	assert.Contains(t, results[0].Output.Text, `tool "untyped" cannot suspend: it declares no suspend and resume types`)
	assert.Contains(t, results[1].Output.Text, `tool "wrong" suspends with a agent_test.askRequest, not a string`)

	_, err = tool.Call(t.Context(), confirmTool(new(atomic.Int32)), json.RawMessage(`{"what":"x"}`))
	assert.ErrorContains(t, err, "only an agent run can pause and resume it")
}

// A subagent's tool that suspends pauses the supervisor's run; one Resume
// with the resume data continues both.
func TestPauseSubagentSuspends(t *testing.T) {
	var runs atomic.Int32
	sub := func(m llm.Model) *agent.Agent { a := booker(m, &runs); a.ID = "booker"; return a }
	supCall := llm.ToolCall{ID: "s1", Name: "agent-booker", Arguments: `{"prompt":"book a table"}`}
	ag := sup(scripted.New(scripted.Calls(supCall)), sub(scripted.New(scripted.Calls(scripted.Call("confirm", `{"what":"a table"}`)))))
	ag.Agents = map[string]*agent.Agent{"booker": ag.Agents["payer"]}
	paused, err := ag.Generate(t.Context(), "book")
	require.NoError(t, err)
	assert.Equal(t, agent.FinishSuspended, paused.FinishReason)
	require.Len(t, paused.Pending, 1)
	p := paused.Pending[0]
	assert.Equal(t, agent.PendingSuspended, p.Kind)
	assert.Equal(t, "booker", p.AgentID)
	assert.Equal(t, []string{"s1"}, p.Path)
	assert.JSONEq(t, askReplySchema, string(p.ResumeSchema))

	supModel := scripted.New(scripted.Text("Your table is booked."))
	fresh := sup(supModel, sub(scripted.New(scripted.Text("Booked."))))
	fresh.Agents = map[string]*agent.Agent{"booker": fresh.Agents["payer"]}
	state := acrossProcesses(t, paused.State)
	_, err = fresh.Resume(t.Context(), state, []agent.Answer{p.Resume(map[string]int{"ok": 1})})
	require.ErrorIs(t, err, agent.ErrInvalidAnswer, "the subagent's resume data is checked before anything runs")
	res, err := fresh.Resume(t.Context(), state, []agent.Answer{p.Resume(askReply{OK: true})})
	require.NoError(t, err)
	assert.Equal(t, "Your table is booked.", res.Text)
	assert.EqualValues(t, 2, runs.Load())
	assert.Contains(t, toolResults(t, supModel, 0)[0].Output.String(), "Booked.")
}

// getLocation is a client tool: the browser knows where the user is.
var getLocation = agent.ClientTool{
	Description:  "The user's location, from the browser.",
	InputSchema:  json.RawMessage(`{"type":"object","properties":{"precise":{"type":"boolean"}},"required":["precise"],"additionalProperties":false}`),
	OutputSchema: json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}`),
}

func geo(model llm.Model) *agent.Agent {
	return &agent.Agent{ID: "geo", Instructions: "You locate.", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
}

// Mastra 1.71 (testdata/mastra/client.mjs, out/out-client.txt;
// listClientTools in dist/agent-BOxKOk3n.js strips execute, and a tool
// without execute leaves its call without a result, which ends the run):
// the model is offered the client tool with its schema; its call ends the
// stream with tool-call, step-finish and finish, finishReason
// "tool-calls", 1 step; the client runs the tool and streams again with
// the conversation and the tool's result, and the model receives it as a
// JSON result; the second stream has the text, step-finish and finish.
// Go pauses the run instead and Resume continues the step (see the file
// comment): the same two step-finish events in all, the same result for
// the model.
func TestPauseClientTool(t *testing.T) {
	first := scripted.New(scripted.Calls(scripted.Call("getLocation", `{"precise":true}`)))
	clients := agent.WithClientTools(map[string]agent.ClientTool{"getLocation": getLocation})
	evs := collect(t, geo(first).Stream(t.Context(), "where am I?", clients))
	assert.Equal(t, []string{"tool-call getLocation", "finish"}, shape(evs))
	var offered []string
	for _, d := range first.Requests()[0].Tools {
		offered = append(offered, d.Name)
		if d.Name == "getLocation" {
			assert.JSONEq(t, string(getLocation.InputSchema), string(d.InputSchema))
			assert.Equal(t, getLocation.Description, d.Description)
		}
	}
	assert.Equal(t, []string{"getLocation", "weather"}, offered)
	paused := final(t, evs)
	assert.Equal(t, llm.FinishToolCalls, paused.FinishReason)
	require.Len(t, paused.Pending, 1)
	p := paused.Pending[0]
	assert.Equal(t, agent.PendingClient, p.Kind)
	assert.Equal(t, `{"precise":true}`, p.Arguments)
	assert.JSONEq(t, `{"precise":true}`, string(p.Payload))
	assert.JSONEq(t, string(getLocation.OutputSchema), string(p.ResumeSchema))

	// Another process: the client tools come back with the state.
	state := acrossProcesses(t, paused.State)
	model := scripted.New(scripted.Text("You are in Paris."))
	_, err := geo(model).Resume(t.Context(), state, []agent.Answer{p.Result(map[string]int{"city": 1})})
	require.ErrorIs(t, err, agent.ErrInvalidAnswer)
	assert.ErrorContains(t, err, `call call_1 of "getLocation": invalid client result: at /city: `)
	_, err = geo(model).Resume(t.Context(), state, []agent.Answer{p.Approve()})
	assert.ErrorContains(t, err, "waits for its client: answer it with ClientResult or ClientError")
	assert.Empty(t, model.Requests())

	second := collect(t, geo(model).ResumeStream(t.Context(), state, []agent.Answer{p.Result(map[string]string{"city": "Paris"})}))
	assert.Equal(t, []string{"tool-result getLocation", "step-finish", "text-delta", "step-finish", "finish"}, shape(second))
	assert.Equal(t, 2, count(evs, agent.EventStepFinish)+count(second, agent.EventStepFinish))
	res := final(t, second)
	assert.Equal(t, "You are in Paris.", res.Text)
	require.Len(t, res.Steps, 2)
	results := toolResults(t, model, 0)
	require.Len(t, results, 1)
	assert.Equal(t, llm.OutputJSON, results[0].Output.Type)
	assert.JSONEq(t, `{"city":"Paris"}`, string(results[0].Output.JSON))
	var names []string
	for _, d := range model.Requests()[0].Tools {
		names = append(names, d.Name)
	}
	assert.Contains(t, names, "getLocation", "the resumed run still offers the client tool")
}

// A client's failure reaches the model as the call's error; a client tool
// that needs approval asks first; a step whose calls wait for different
// things pauses with FinishSuspended; a client tool may not take a key of
// the agent.
func TestPauseClientToolMore(t *testing.T) {
	model := scripted.New(scripted.Calls(scripted.Call("getLocation", `{"precise":false}`)), scripted.Text("I could not tell."))
	clients := agent.WithClientTools(map[string]agent.ClientTool{"getLocation": getLocation})
	paused, err := geo(model).Generate(t.Context(), "where am I?", clients)
	require.NoError(t, err)
	evs := collect(t, geo(model).ResumeStream(t.Context(), paused.State, []agent.Answer{agent.ClientError("call_1", "the user denied access to the location")}))
	assert.Equal(t, []string{"tool-error getLocation", "step-finish", "text-delta", "step-finish", "finish"}, shape(evs))
	results := toolResults(t, model, 1)
	assert.True(t, results[0].IsError())
	assert.Equal(t, "the user denied access to the location", results[0].Output.Text)

	guarded := getLocation
	guarded.NeedsApproval = true
	var ran atomic.Int32
	model = scripted.New(scripted.Calls(scripted.Call("getLocation", `{"precise":true}`), scripted.Call("transfer", `{"to":"bob","amount":500}`)),
		scripted.Text("Paid, and you are in Paris."))
	a := bank(model, &ran)
	paused, err = a.Generate(t.Context(), "pay bob where I am", agent.WithClientTools(map[string]agent.ClientTool{"getLocation": guarded}))
	require.NoError(t, err)
	assert.Equal(t, agent.FinishApproval, paused.FinishReason)
	require.Len(t, paused.Pending, 2)
	res, err := a.Resume(t.Context(), paused.State, []agent.Answer{agent.Approve("call_1"), agent.Approve("call_2")})
	require.NoError(t, err)
	assert.Equal(t, llm.FinishToolCalls, res.FinishReason, "approved, the client call waits for its client")
	require.Len(t, res.Pending, 1)
	assert.Equal(t, agent.PendingClient, res.Pending[0].Kind)
	assert.Empty(t, res.Steps, "the step still waits")
	assert.EqualValues(t, 1, ran.Load())
	res, err = a.Resume(t.Context(), acrossProcesses(t, res.State), []agent.Answer{res.Pending[0].Result(map[string]string{"city": "Paris"})})
	require.NoError(t, err)
	assert.Equal(t, "Paid, and you are in Paris.", res.Text)
	require.Len(t, res.Steps, 2)
	require.Len(t, res.Steps[0].Outcomes, 2)
	settledBefore := res.Steps[0].Outcomes[1]
	assert.Nil(t, settledBefore.Output, "settled before the last pause: the state keeps what the model was told")
	assert.JSONEq(t, `"sent"`, string(settledBefore.ModelOutput.JSON))
	results = toolResults(t, model, 1)
	require.Len(t, results, 2)
	assert.JSONEq(t, `{"city":"Paris"}`, string(results[0].Output.JSON))
	assert.JSONEq(t, `"sent"`, string(results[1].Output.JSON))

	var runs atomic.Int32
	mixed := booker(scripted.New(scripted.Calls(scripted.Call("confirm", `{"what":"x"}`), scripted.Call("getLocation", `{"precise":true}`))), &runs)
	paused, err = mixed.Generate(t.Context(), "go", clients)
	require.NoError(t, err)
	assert.Equal(t, agent.FinishSuspended, paused.FinishReason)
	assert.Len(t, paused.Pending, 2)

	_, err = geo(scripted.New()).Generate(t.Context(), "go", agent.WithClientTools(map[string]agent.ClientTool{"weather": getLocation}))
	assert.ErrorContains(t, err, `client tool "weather": the agent has a tool of that key`)
}
