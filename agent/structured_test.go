package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

type report struct {
	City    string  `json:"city"`
	TempC   float64 `json:"tempC"`
	Summary string  `json:"summary,omitempty"`
}

const reportSchema = `{"type":"object","properties":{` +
	`"city":{"type":"string","minLength":1,"description":"The city."},` +
	`"tempC":{"type":"number","description":"Temperature in Celsius."},` +
	`"summary":{"type":"string"}},` +
	`"required":["city","tempC"],"additionalProperties":false}`

func reportOutput(strict bool) *tool.StructuredOutput[report] {
	return tool.NewOutput[report](tool.OutputSpec{ID: "report", Description: "A weather report.", Schema: json.RawMessage(reportSchema), Strict: strict})
}

var reportFormat = &llm.ResponseFormat{Name: "report", Description: "A weather report.", Schema: json.RawMessage(reportSchema)}

const parisJSON = `{"city":"Paris","tempC":21.5}`

func weatherAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{ID: "reporter", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
}

func native(turns ...scripted.Turn) *scripted.Model {
	return scripted.New(turns...).WithCapabilities(llm.Capabilities{OutputWithTools: true})
}

func TestOutputWithToolsSendsFormatEveryStep(t *testing.T) {
	model := native(
		scripted.Turn{ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)}, Usage: llm.Usage{InputTokens: 3}},
		scripted.Turn{Text: parisJSON, Usage: llm.Usage{InputTokens: 4}},
	)
	res, err := weatherAgent(model).Generate(t.Context(), "Report on Paris.", agent.WithOutput(reportOutput(false)))
	require.NoError(t, err)

	reqs := model.Requests()
	require.Len(t, reqs, 2, "the answer without tool calls is the object: no structuring request")
	for i, req := range reqs {
		assert.Equal(t, reportFormat, req.ResponseFormat, "request %d", i)
		assert.Len(t, req.Tools, 1, "request %d keeps the tools", i)
	}
	got, err := agent.Object[report](res)
	require.NoError(t, err)
	assert.Equal(t, report{City: "Paris", TempC: 21.5}, got)
	assert.JSONEq(t, parisJSON, string(res.ObjectJSON))
	assert.Equal(t, parisJSON, res.Text)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	assert.Len(t, res.Steps, 2)
	assert.Equal(t, 7, res.Usage.InputTokens)
}

func TestOutputStructuringStep(t *testing.T) {
	model := scripted.New(
		scripted.Turn{ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)}, Usage: llm.Usage{InputTokens: 1}},
		scripted.Turn{Text: "It is 21.5 °C in Paris.", Usage: llm.Usage{InputTokens: 2}},
		scripted.Turn{Text: parisJSON, Usage: llm.Usage{InputTokens: 4}},
	)
	var finished []int
	res, err := weatherAgent(model).Generate(t.Context(), "Report on Paris.", agent.WithOutput(reportOutput(false)),
		agent.WithMaxSteps(2), // the structuring step does not count against it
		agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error { finished = append(finished, st.Number); return nil }))
	require.NoError(t, err)

	reqs := model.Requests()
	require.Len(t, reqs, 3)
	for i := range 2 {
		assert.Nil(t, reqs[i].ResponseFormat, "tool step %d has no format", i+1)
		assert.Len(t, reqs[i].Tools, 1)
	}
	last := reqs[2]
	assert.Equal(t, reportFormat, last.ResponseFormat)
	assert.Empty(t, last.Tools, "the structuring request has no tools")
	msgs := last.Messages
	require.GreaterOrEqual(t, len(msgs), 2)
	assert.Equal(t, llm.RoleAssistant, msgs[len(msgs)-2].Role)
	assert.Equal(t, "It is 21.5 °C in Paris.", msgs[len(msgs)-2].Text())
	assert.Equal(t, llm.RoleUser, msgs[len(msgs)-1].Role)
	assert.Contains(t, msgs[len(msgs)-1].Text(), "Extract and structure the key information from the conversation above")

	got, err := agent.Object[report](res)
	require.NoError(t, err)
	assert.Equal(t, report{City: "Paris", TempC: 21.5}, got)
	assert.Equal(t, []int{1, 2, 3}, finished, "the structuring request is step 3, with its step-finish")
	require.Len(t, res.Steps, 3)
	assert.Equal(t, parisJSON, res.Steps[2].Text)
	assert.Equal(t, 7, res.Usage.InputTokens)
	assert.Equal(t, llm.FinishStop, res.FinishReason)
	assert.Len(t, res.Messages, len(msgs)+1, "the conversation keeps the request and the object")
}

func TestOutputMaxStepsGetsStructuringRequest(t *testing.T) {
	for _, caps := range []bool{true, false} {
		model := scripted.New(
			scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
			scripted.Text(parisJSON),
		).WithCapabilities(llm.Capabilities{OutputWithTools: caps})
		res, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)), agent.WithMaxSteps(1))
		require.NoError(t, err)
		reqs := model.Requests()
		require.Len(t, reqs, 2)
		assert.Equal(t, caps, reqs[0].ResponseFormat != nil, "OutputWithTools=%v: step 1", caps)
		assert.Equal(t, reportFormat, reqs[1].ResponseFormat)
		assert.Empty(t, reqs[1].Tools)
		assert.Equal(t, llm.RoleTool, reqs[1].Messages[len(reqs[1].Messages)-2].Role, "the tool results precede the request")
		assert.Equal(t, agent.FinishMaxSteps, res.FinishReason, "the run says its tool loop was cut short")
		got, err := agent.Object[report](res)
		require.NoError(t, err)
		assert.Equal(t, "Paris", got.City)
	}
}

func TestOutputRetriesOnceWithTheValidationMessage(t *testing.T) {
	model := native(scripted.Text(`{"city":"Paris","tempC":"warm-and-sunny"}`), scripted.Text(parisJSON))
	res, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)))
	require.NoError(t, err)

	reqs := model.Requests()
	require.Len(t, reqs, 2)
	retry := reqs[1]
	assert.Equal(t, reportFormat, retry.ResponseFormat)
	assert.Empty(t, retry.Tools, "the retry has no tools")
	msg := retry.Messages[len(retry.Messages)-1]
	assert.Equal(t, llm.RoleUser, msg.Role)
	assert.Contains(t, msg.Text(), "at /tempC: expected number, got string")
	assert.NotContains(t, msg.Text(), "warm-and-sunny", "the message never quotes the answer")
	assert.LessOrEqual(t, len(msg.Text()), 1024, "at most 1 KB")
	assert.Equal(t, `{"city":"Paris","tempC":"warm-and-sunny"}`, retry.Messages[len(retry.Messages)-2].Text())

	got, err := agent.Object[report](res)
	require.NoError(t, err)
	assert.Equal(t, 21.5, got.TempC)
	assert.Len(t, res.Steps, 2)
}

func TestOutputFailsAfterRetry(t *testing.T) {
	model := native(
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
		scripted.Text(`{"city":""}`),
		scripted.Text(`{"city":"Paris","tempC":1,"humidity":"secret-value"}`),
	)
	res, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)))
	assert.Nil(t, res)
	var oe *agent.OutputError
	require.ErrorAs(t, err, &oe)
	assert.ErrorIs(t, err, schema.ErrInvalidArguments)
	assert.Contains(t, oe.Message, `"humidity"`)
	assert.NotContains(t, oe.Message, "secret-value")
	assert.Equal(t, `{"city":"Paris","tempC":1,"humidity":"secret-value"}`, oe.Text)
	require.NotNil(t, oe.Result)
	assert.Nil(t, oe.Result.Object)
	assert.Len(t, oe.Result.Steps, 3, "the tool step, the answer and the retry")
	assert.Equal(t, oe.Text, oe.Result.Messages[len(oe.Result.Messages)-1].Text())
	first := model.Requests()[2].Messages
	assert.Contains(t, first[len(first)-1].Text(), "at /city: ", "the first failure named its path")
	assert.Equal(t, 0, model.Remaining())
}

func TestOutputErrorFromStream(t *testing.T) {
	model := native(scripted.Text("not json"), scripted.Text("still not json"))
	var last error
	for _, err := range weatherAgent(model).Stream(t.Context(), "Report.", agent.WithOutput(reportOutput(false))) {
		if err != nil {
			last = err
		}
	}
	var oe *agent.OutputError
	require.ErrorAs(t, last, &oe)
	assert.Contains(t, oe.Message, "not valid JSON")
	assert.Equal(t, "still not json", oe.Text)
}

func TestOutputStreamFinishCarriesObject(t *testing.T) {
	model := scripted.New(scripted.Text("Paris: 21.5 degrees."), scripted.Text(parisJSON))
	evs := collect(t, weatherAgent(model).Stream(t.Context(), "Report.", agent.WithOutput(reportOutput(false))))
	fin := evs[len(evs)-1]
	require.Equal(t, agent.EventFinish, fin.Type)
	require.NotNil(t, fin.Result)
	got, err := agent.Object[report](fin.Result)
	require.NoError(t, err)
	assert.Equal(t, report{City: "Paris", TempC: 21.5}, got)
	assert.JSONEq(t, parisJSON, string(fin.Result.ObjectJSON))
	var text strings.Builder
	for _, ev := range evs {
		if ev.Type == agent.EventTextDelta && ev.Step == 2 {
			text.WriteString(ev.Text)
		}
	}
	assert.Equal(t, parisJSON, text.String(), "the object's text streams as deltas of the structuring step")
}

func TestOutputStrictDropsOptionalNulls(t *testing.T) {
	answer := `{"city":"Paris","tempC":3,"summary":null}`
	model := native(scripted.Text(answer))
	res, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(true)))
	require.NoError(t, err)
	assert.True(t, model.Requests()[0].ResponseFormat.Strict)
	got, err := agent.Object[report](res)
	require.NoError(t, err)
	assert.Equal(t, report{City: "Paris", TempC: 3}, got)

	// Without Strict the null is a schema violation.
	model = native(scripted.Text(answer), scripted.Text(answer))
	_, err = weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)))
	var oe *agent.OutputError
	require.ErrorAs(t, err, &oe)
	assert.Contains(t, oe.Message, "at /summary")
}

func TestOutputDecodesWithExactNames(t *testing.T) {
	// A schema that allows any property leaves the decoder to reject the
	// unknown and the miscased.
	loose := tool.NewOutput[report](tool.OutputSpec{ID: "loose", Schema: json.RawMessage(`{"type":"object"}`)})
	model := native(scripted.Text(`{"City":"Paris","tempC":1}`), scripted.Text(`{"city":"Paris","tempC":1,"wind":3}`))
	_, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(loose))
	var oe *agent.OutputError
	require.ErrorAs(t, err, &oe)
	assert.Contains(t, oe.Message, `unexpected property "wind"`)
	first := model.Requests()[1].Messages
	assert.Contains(t, first[len(first)-1].Text(), `unexpected property "City" (property names are case-sensitive)`)
}

func TestOutputStripsOneCodeFence(t *testing.T) {
	model := scripted.New(scripted.Text("Paris is warm."), scripted.Text("```json\n"+parisJSON+"\n```"))
	res, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)))
	require.NoError(t, err)
	assert.Equal(t, parisJSON, string(res.ObjectJSON))
	assert.Equal(t, "```json\n"+parisJSON+"\n```", res.Text)

	model = native(scripted.Text("```json\n```json\n"+parisJSON+"\n```\n```"), scripted.Text("x"))
	_, err = weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)))
	assert.ErrorAs(t, err, new(*agent.OutputError), "only one fence is stripped")
}

func TestOutputObeysLimits(t *testing.T) {
	model := native(scripted.Text(parisJSON), scripted.Text(parisJSON))
	_, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)), agent.WithLimits(schema.Limits{MaxBytes: 10}))
	var oe *agent.OutputError
	require.ErrorAs(t, err, &oe)
	assert.Contains(t, oe.Message, "the limit is 10")
}

func TestObjectErrors(t *testing.T) {
	model := native(scripted.Text(parisJSON), scripted.Text("plain"))
	a := weatherAgent(model)
	res, err := a.Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)))
	require.NoError(t, err)
	_, err = agent.Object[weatherOut](res)
	assert.ErrorContains(t, err, "is a agent_test.report, not a agent_test.weatherOut")
	_, err = agent.Object[*report](res)
	assert.Error(t, err)

	plain, err := a.Generate(t.Context(), "Hi.")
	require.NoError(t, err)
	_, err = agent.Object[report](plain)
	assert.ErrorContains(t, err, "has no object")
	_, err = agent.Object[report](nil)
	assert.Error(t, err)
}

func TestOutputSpecCheckedBeforeTheModel(t *testing.T) {
	cases := map[string]tool.OutputSpec{
		"bad id":     {ID: "a report", Schema: json.RawMessage(reportSchema)},
		"bad schema": {ID: "report", Schema: json.RawMessage(`{"type":7}`)},
	}
	for name, spec := range cases {
		t.Run(name, func(t *testing.T) {
			model := scripted.New(scripted.Text(parisJSON))
			_, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(tool.NewOutput[report](spec)))
			assert.ErrorContains(t, err, "WithOutput")
			assert.Empty(t, model.Requests())
		})
	}
}

func TestOutputResumeNeedsTheOutput(t *testing.T) {
	model := native(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text(parisJSON))
	a := weatherAgent(model)
	res, err := a.Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)), agent.RequireApproval())
	require.NoError(t, err)
	require.NotNil(t, res.State)
	assert.Nil(t, res.Object)
	assert.Equal(t, "report", res.State.Output)

	data, err := json.Marshal(res.State)
	require.NoError(t, err)
	var state agent.RunState
	require.NoError(t, json.Unmarshal(data, &state))
	answers := []agent.Answer{agent.Approve("call_1")}

	_, err = a.Resume(t.Context(), &state, answers)
	assert.ErrorContains(t, err, `ends with the structured output "report": give it again with WithOutput`)
	other := tool.NewOutput[report](tool.OutputSpec{ID: "other", Schema: json.RawMessage(reportSchema)})
	_, err = a.Resume(t.Context(), &state, answers, agent.WithOutput(other))
	assert.ErrorContains(t, err, `WithOutput("other") was given, but the paused run ends with the structured output "report"`)
	assert.Equal(t, 1, model.Remaining(), "nothing ran")

	done, err := a.Resume(t.Context(), &state, answers, agent.WithOutput(reportOutput(false)))
	require.NoError(t, err)
	got, err := agent.Object[report](done)
	require.NoError(t, err)
	assert.Equal(t, "Paris", got.City)
	assert.Equal(t, reportFormat, model.LastRequest().ResponseFormat)
}

func TestOutputResumeWithoutOutputInState(t *testing.T) {
	model := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
	a := weatherAgent(model)
	res, err := a.Generate(t.Context(), "Go.", agent.RequireApproval())
	require.NoError(t, err)
	_, err = a.Resume(t.Context(), res.State, []agent.Answer{agent.Approve("call_1")}, agent.WithOutput(reportOutput(false)))
	assert.ErrorContains(t, err, "the paused run has no structured output")
}

func TestOutputErrorUnwraps(t *testing.T) {
	inner := errors.New("inner")
	e := &agent.OutputError{Message: "at /x: expected string", Err: inner}
	assert.ErrorIs(t, e, inner)
	assert.Equal(t, "invalid structured output: at /x: expected string", e.Error())
}

func TestOutputStructuringAnswerWithCallsRunsNoTool(t *testing.T) {
	model := scripted.New(
		scripted.Text("Paris is mild."),
		scripted.Turn{Text: `{"city":"Paris"}`, ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Paris"}`)}},
		scripted.Text(parisJSON),
	)
	res, err := weatherAgent(model).Generate(t.Context(), "Report.", agent.WithOutput(reportOutput(false)))
	require.NoError(t, err)
	require.Len(t, res.Steps, 3)
	assert.Len(t, res.Steps[1].ToolCalls, 1, "the step keeps the stray call")
	assert.Empty(t, res.Steps[1].Outcomes, "which does not run")
	retry := model.Requests()[2].Messages
	answer := retry[len(retry)-2]
	assert.Equal(t, llm.RoleAssistant, answer.Role)
	assert.Empty(t, answer.ToolCalls(), "the conversation holds no call without a result")
	assert.Equal(t, `{"city":"Paris"}`, answer.Text())
	assert.Contains(t, retry[len(retry)-1].Text(), `at /: missing required property "tempC"`)
}

// touchy panics when it decodes, as a buggy UnmarshalJSON might.
type touchy struct{}

func (*touchy) UnmarshalJSON([]byte) error { panic("touchy") }

func TestOutputPanicInDecodingIsNotRetried(t *testing.T) {
	out := tool.NewOutput[touchy](tool.OutputSpec{ID: "touchy", Schema: json.RawMessage(`{"type":"object"}`)})
	model := native(scripted.Text(`{}`), scripted.Text(`{}`))
	_, err := weatherAgent(model).Generate(t.Context(), "Go.", agent.WithOutput(out))
	var oe *agent.OutputError
	require.ErrorAs(t, err, &oe)
	assert.Contains(t, err.Error(), "panic: touchy")
	assert.NotErrorIs(t, err, schema.ErrInvalidArguments, "the application's fault, not the model's")
	assert.Len(t, model.Requests(), 1, "no retry")
	require.NotNil(t, oe.Result)
	assert.Len(t, oe.Result.Steps, 1)
}
