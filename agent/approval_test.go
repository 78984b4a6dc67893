package agent_test

import (
	"context"
	"encoding/json"
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

type transferIn struct {
	To     string `json:"to"`
	Amount int    `json:"amount"`
}

const transferSchema = `{"type":"object","properties":{"to":{"type":"string"},"amount":{"type":"integer"}},` +
	`"required":["to","amount"],"additionalProperties":false}`

// bank builds a fresh agent, as a new process would, around a model.
func bank(model llm.Model, ran *atomic.Int32) *agent.Agent {
	transfer := tool.NewFunc(&tool.Spec{ID: "transfer", Description: "Sends money.", InputSchema: json.RawMessage(transferSchema)},
		func(ctx context.Context, in transferIn) (string, error) {
			ran.Add(1)
			return "sent", nil
		}).WithApproval(func(ctx context.Context, in transferIn) (bool, error) { return in.Amount > 100, nil })
	return &agent.Agent{ID: "bank", Model: model, Tools: tool.Toolset{"transfer": transfer, "weather": weatherTool()}}
}

func TestApprovalResumedAfterJSONRoundTrip(t *testing.T) {
	var ran atomic.Int32
	first := scripted.New(scripted.Calls(
		scripted.Call("transfer", `{"to":"bob","amount":500}`),
		scripted.Call("transfer", `{"to":"amy","amount":5}`),
		scripted.Call("weather", `{"location":"Paris"}`),
	))
	evs := collect(t, bank(first, &ran).Stream(t.Context(), "pay bob"))
	fin := evs[len(evs)-1]
	require.Equal(t, agent.EventFinish, fin.Type)
	res := fin.Result
	assert.Equal(t, agent.FinishApproval, res.FinishReason)
	require.Len(t, res.Pending, 1)
	assert.Equal(t, "call_1", res.Pending[0].ToolCallID)
	assert.Equal(t, "transfer", res.Pending[0].ToolName)
	assert.JSONEq(t, `{"to":"bob","amount":500}`, string(res.Pending[0].Payload))
	assert.EqualValues(t, 1, ran.Load(), "the small transfer ran, the large one waits")
	var approvals int
	for _, ev := range evs {
		if ev.Type == agent.EventToolCallApproval {
			approvals++
			assert.Equal(t, "transfer", ev.ToolName)
			assert.Equal(t, "call_1", ev.ToolCallID)
		}
	}
	assert.Equal(t, 1, approvals)

	data, err := json.Marshal(res.State)
	require.NoError(t, err)
	var state agent.RunState
	require.NoError(t, json.Unmarshal(data, &state))

	second := scripted.New(scripted.Text("Sent 500 to bob."))
	fresh := bank(second, &ran)
	resumed, err := fresh.Resume(t.Context(), &state, []agent.Answer{agent.Approve("call_1")})
	require.NoError(t, err)
	assert.Equal(t, "Sent 500 to bob.", resumed.Text)
	assert.Equal(t, llm.FinishStop, resumed.FinishReason)
	assert.EqualValues(t, 2, ran.Load())

	results := toolResults(t, second, 0)
	require.Len(t, results, 3)
	for i, id := range []string{"call_1", "call_2", "call_3"} {
		assert.Equal(t, id, results[i].ToolCallID)
		assert.False(t, results[i].IsError())
	}
	assert.JSONEq(t, `"sent"`, string(results[0].Output.JSON))
}

func TestApprovalDeclined(t *testing.T) {
	var ran atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`)), scripted.Text("Not sent."))
	a := bank(model, &ran)
	res, err := a.Generate(t.Context(), "pay bob")
	require.NoError(t, err)
	require.Equal(t, agent.FinishApproval, res.FinishReason)

	res, err = a.Resume(t.Context(), res.State, []agent.Answer{agent.Decline("call_1", "over the daily limit")})
	require.NoError(t, err)
	assert.EqualValues(t, 0, ran.Load())
	assert.Equal(t, "Not sent.", res.Text)
	results := toolResults(t, model, 1)
	require.Len(t, results, 1)
	// As Mastra tells the model: a plain result, the reason in place of
	// its default text.
	assert.False(t, results[0].IsError())
	assert.Equal(t, llm.TextOutput("over the daily limit"), results[0].Output)
	assert.Equal(t, toolexec.KindDeclined, res.Steps[0].Outcomes[0].Err.Kind)
}

func TestApprovalPolicyAndSpec(t *testing.T) {
	var ran atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
	res, err := bank(model, &ran).Generate(t.Context(), "go", agent.RequireApproval())
	require.NoError(t, err)
	assert.Equal(t, agent.FinishApproval, res.FinishReason)

	spec := weatherTool()
	spec.Spec().NeedsApproval = true
	a := &agent.Agent{ID: "a", Model: scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`))),
		Tools: tool.Toolset{"weather": spec}}
	res, err = a.Generate(t.Context(), "go")
	require.NoError(t, err)
	assert.Equal(t, agent.FinishApproval, res.FinishReason)
}

func TestResumeNeedsEveryDecision(t *testing.T) {
	var ran atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`)))
	a := bank(model, &ran)
	res, err := a.Generate(t.Context(), "pay bob")
	require.NoError(t, err)
	_, err = a.Resume(t.Context(), res.State, nil)
	assert.ErrorIs(t, err, agent.ErrInvalidAnswer)
	assert.ErrorContains(t, err, `no answer for call call_1 of "transfer"`)

	other := &agent.Agent{ID: "other", Model: scripted.New()}
	_, err = other.Resume(t.Context(), res.State, []agent.Answer{agent.Approve("call_1")})
	assert.ErrorContains(t, err, `belongs to agent "bank"`)
}

func TestResumeStreamAndHistory(t *testing.T) {
	var ran atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`)), scripted.Text("Sent."))
	a := bank(model, &ran)
	res, err := a.Generate(t.Context(), "pay bob", agent.WithHistory(llm.UserMessage("earlier"), llm.AssistantMessage("ok")))
	require.NoError(t, err)
	assert.Equal(t, "earlier", model.Requests()[0].Messages[0].Text())

	var types []string
	for _, ev := range collect(t, a.ResumeStream(t.Context(), res.State, []agent.Answer{agent.Approve("call_1")})) {
		types = append(types, string(ev.Type)+":"+ev.ToolName)
	}
	assert.Equal(t, []string{"tool-result:transfer", "step-finish:",
		"text-delta:", "step-finish:", "finish:"}, types)
	assert.EqualValues(t, 1, ran.Load())
}
