package runtime_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

type transferIn struct {
	To     string `json:"to"`
	Amount int    `json:"amount"`
}

const transferSchema = `{"type":"object","properties":{"to":{"type":"string"},"amount":{"type":"integer"}},` +
	`"required":["to","amount"],"additionalProperties":false}`

// bank builds a fresh agent, as a new process would, around a model.
func bank(model runtime.Model, ran *atomic.Int32) *runtime.Agent {
	transfer := runtime.NewFunc(&runtime.Spec{ID: "transfer", Description: "Sends money.", InputSchema: json.RawMessage(transferSchema)},
		func(ctx context.Context, in transferIn) (string, error) {
			ran.Add(1)
			return "sent", nil
		}).WithApproval(func(ctx context.Context, in transferIn) (bool, error) { return in.Amount > 100, nil })
	return &runtime.Agent{ID: "bank", Model: model, Tools: runtime.Toolset{"transfer": transfer, "weather": weatherTool()}}
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
	require.Equal(t, runtime.EventFinish, fin.Type)
	res := fin.Result
	assert.Equal(t, runtime.FinishApproval, res.FinishReason)
	require.Len(t, res.Pending, 1)
	assert.Equal(t, "call_1", res.Pending[0].ToolCallID)
	assert.Equal(t, "transfer", res.Pending[0].ToolName)
	assert.JSONEq(t, `{"to":"bob","amount":500}`, string(res.Pending[0].Payload))
	assert.EqualValues(t, 1, ran.Load(), "the small transfer ran, the large one waits")
	var approvals int
	for _, ev := range evs {
		if ev.Type == runtime.EventToolCallApproval {
			approvals++
			assert.Equal(t, "transfer", ev.ToolName)
			assert.Equal(t, "call_1", ev.ToolCallID)
		}
	}
	assert.Equal(t, 1, approvals)

	data, err := json.Marshal(res.State)
	require.NoError(t, err)
	var state runtime.RunState
	require.NoError(t, json.Unmarshal(data, &state))

	second := scripted.New(scripted.Text("Sent 500 to bob."))
	fresh := bank(second, &ran)
	resumed, err := fresh.Resume(t.Context(), &state, []runtime.Decision{runtime.Approve("call_1")})
	require.NoError(t, err)
	assert.Equal(t, "Sent 500 to bob.", resumed.Text)
	assert.Equal(t, runtime.FinishStop, resumed.FinishReason)
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
	agent := bank(model, &ran)
	res, err := agent.Generate(t.Context(), "pay bob")
	require.NoError(t, err)
	require.Equal(t, runtime.FinishApproval, res.FinishReason)

	res, err = agent.Resume(t.Context(), res.State, []runtime.Decision{runtime.Decline("call_1", "over the daily limit")})
	require.NoError(t, err)
	assert.EqualValues(t, 0, ran.Load())
	assert.Equal(t, "Not sent.", res.Text)
	results := toolResults(t, model, 1)
	require.Len(t, results, 1)
	// As Mastra tells the model: a plain result, the reason in place of
	// its default text.
	assert.False(t, results[0].IsError())
	assert.Equal(t, runtime.TextOutput("over the daily limit"), results[0].Output)
	assert.Equal(t, runtime.KindDeclined, res.Steps[0].Outcomes[0].Err.Kind)
}

func TestApprovalPolicyAndSpec(t *testing.T) {
	var ran atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
	res, err := bank(model, &ran).Generate(t.Context(), "go", runtime.RequireApproval())
	require.NoError(t, err)
	assert.Equal(t, runtime.FinishApproval, res.FinishReason)

	spec := weatherTool()
	spec.Spec().NeedsApproval = true
	agent := &runtime.Agent{ID: "a", Model: scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`))),
		Tools: runtime.Toolset{"weather": spec}}
	res, err = agent.Generate(t.Context(), "go")
	require.NoError(t, err)
	assert.Equal(t, runtime.FinishApproval, res.FinishReason)
}

func TestResumeNeedsEveryDecision(t *testing.T) {
	var ran atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`)))
	agent := bank(model, &ran)
	res, err := agent.Generate(t.Context(), "pay bob")
	require.NoError(t, err)
	_, err = agent.Resume(t.Context(), res.State, nil)
	assert.ErrorIs(t, err, runtime.ErrInvalidAnswer)
	assert.ErrorContains(t, err, `no answer for call call_1 of "transfer"`)

	other := &runtime.Agent{ID: "other", Model: scripted.New()}
	_, err = other.Resume(t.Context(), res.State, []runtime.Decision{runtime.Approve("call_1")})
	assert.ErrorContains(t, err, `belongs to agent "bank"`)
}

func TestResumeStreamAndHistory(t *testing.T) {
	var ran atomic.Int32
	model := scripted.New(scripted.Calls(scripted.Call("transfer", `{"to":"bob","amount":500}`)), scripted.Text("Sent."))
	agent := bank(model, &ran)
	res, err := agent.Generate(t.Context(), "pay bob", runtime.WithHistory(runtime.UserMessage("earlier"), runtime.AssistantMessage("ok")))
	require.NoError(t, err)
	assert.Equal(t, "earlier", model.Requests()[0].Messages[0].Text())

	var types []string
	for _, ev := range collect(t, agent.ResumeStream(t.Context(), res.State, []runtime.Decision{runtime.Approve("call_1")})) {
		types = append(types, string(ev.Type)+":"+ev.ToolName)
	}
	assert.Equal(t, []string{"tool-result:transfer", "step-finish:",
		"text-delta:", "step-finish:", "finish:"}, types)
	assert.EqualValues(t, 1, ran.Load())
}
