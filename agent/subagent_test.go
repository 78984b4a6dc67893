package agent_test

import (
	"context"
	"encoding/json"
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

func TestSubagentTool(t *testing.T) {
	writerModel := scripted.New(
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)),
		scripted.Text("A sunny poem."),
	)
	writer := &agent.Agent{ID: "writer-agent", Description: "Writes poems.", Instructions: "Write poems.",
		Model: writerModel, Tools: tool.Toolset{"weather": weatherTool()}}
	supModel := scripted.New(
		scripted.Calls(scripted.Call("agent-writer", `{"prompt":"a poem about Paris weather","instructions":"Rhyme."}`)),
		scripted.Text("Here is your poem."),
	)
	sup := &agent.Agent{ID: "supervisor", Model: supModel, Agents: map[string]*agent.Agent{"writer": writer}}

	evs := collect(t, sup.Stream(t.Context(), "poem please"))
	tools := supModel.Requests()[0].Tools
	require.Len(t, tools, 1)
	assert.Equal(t, "agent-writer", tools[0].Name)
	assert.Equal(t, "Writes poems.", tools[0].Description)
	assert.JSONEq(t, agent.AgentToolInputSchema, string(tools[0].InputSchema))

	var sub, own []string
	for _, ev := range evs {
		if ev.AgentID == "writer-agent" {
			assert.Equal(t, "call_1", ev.ParentToolCallID, "subagent events point at the agent- call")
			sub = append(sub, string(ev.Type)+":"+ev.ToolName)
			continue
		}
		assert.Equal(t, "supervisor", ev.AgentID)
		assert.Empty(t, ev.ParentToolCallID)
		own = append(own, string(ev.Type)+":"+ev.ToolName)
	}
	assert.Contains(t, own, "tool-call:agent-writer")
	assert.Contains(t, own, "tool-result:agent-writer")
	assert.Contains(t, sub, "tool-call:weather")
	assert.Contains(t, sub, "tool-result:weather")
	assert.Contains(t, sub, "finish:")

	// The subagent got its prompt and the extra instructions.
	wreq := writerModel.Requests()[0]
	assert.Equal(t, "Write poems.\n\nRhyme.", wreq.Messages[0].Text())
	assert.Equal(t, "a poem about Paris weather", wreq.Messages[1].Text())

	// The model reads the subagent's text; the application keeps the
	// whole output.
	assert.Equal(t, llm.TextOutput("A sunny poem."), toolResults(t, supModel, 1)[0].Output)
	var res *agent.Result
	for _, ev := range evs {
		if ev.Type == agent.EventFinish && ev.AgentID == "supervisor" {
			res = ev.Result
		}
	}
	require.NotNil(t, res)
	assert.Equal(t, agent.AgentToolOutput{Text: "A sunny poem.", AgentID: "writer-agent", FinishReason: llm.FinishStop}, res.Steps[0].Outcomes[0].Output)
}

func TestSubagentInGenerateAndBadInput(t *testing.T) {
	writer := &agent.Agent{ID: "writer-agent", Model: scripted.New(scripted.Text("poem"))}
	supModel := scripted.New(
		scripted.Calls(scripted.Call("agent-writer", `{"Prompt":"x"}`), scripted.Call("agent-writer", `{"prompt":"x","maxSteps":1}`)),
		scripted.Text("ok"),
	)
	sup := &agent.Agent{ID: "supervisor", Model: supModel, Agents: map[string]*agent.Agent{"writer": writer}}
	_, err := sup.Generate(t.Context(), "go")
	require.NoError(t, err)
	results := toolResults(t, supModel, 1)
	assert.True(t, results[0].IsError())
	assert.Contains(t, results[0].Output.Text, `missing required property "prompt"`)
	assert.False(t, results[1].IsError())
}

type researchIn struct {
	Topic string `json:"topic"`
}

type researchState struct {
	Notes []string `json:"notes"`
}

type researchOut struct {
	Summary string   `json:"summary"`
	Notes   []string `json:"notes"`
}

func researchWorkflow() *agent.TypedWorkflow[researchIn, researchState, researchOut] {
	return agent.NewWorkflow(agent.WorkflowSpec{
		ID:          "research-workflow",
		Description: "Researches a topic.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"topic":{"$ref":"#/$defs/Topic"}},"required":["topic"],` +
			`"additionalProperties":false,"$defs":{"Topic":{"type":"string","minLength":1}}}`),
		StateSchema: json.RawMessage(`{"type":"object","properties":{"notes":{"type":"array","items":{"type":"string"}}},"additionalProperties":false}`),
	}, func(ctx context.Context, in researchIn, st *researchState) (researchOut, error) {
		st.Notes = append(st.Notes, "searched "+in.Topic)
		st.Notes = append(st.Notes, "summarized")
		return researchOut{Summary: strings.ToUpper(in.Topic), Notes: st.Notes}, nil
	})
}

func TestWorkflowTool(t *testing.T) {
	model := scripted.New(
		scripted.Calls(
			scripted.Call("workflow-research", `{"inputData":{"topic":"go"},"initialState":{"notes":["start"]}}`),
			scripted.Call("workflow-research", `{"inputData":{"topic":""}}`),
			scripted.Call("workflow-research", `{"topic":"go"}`),
		),
		scripted.Text("done"),
	)
	a := &agent.Agent{ID: "a", Model: model, Workflows: map[string]agent.Workflow{"research": researchWorkflow()}}
	evs := collect(t, a.Stream(t.Context(), "research go"))
	tools := model.Requests()[0].Tools
	require.Len(t, tools, 1)
	assert.Equal(t, "workflow-research", tools[0].Name)
	assert.Equal(t, "Researches a topic.", tools[0].Description)
	assert.JSONEq(t, `{"type":"object","additionalProperties":false,"required":["inputData"],
		"properties":{
			"inputData":{"type":"object","properties":{"topic":{"$ref":"#/$defs/input.Topic"}},"required":["topic"],"additionalProperties":false},
			"initialState":{"type":"object","properties":{"notes":{"type":"array","items":{"type":"string"}}},"additionalProperties":false}},
		"$defs":{"input.Topic":{"type":"string","minLength":1}}}`, string(tools[0].InputSchema))

	results := toolResults(t, model, 1)
	require.Len(t, results, 3)
	var got agent.WorkflowToolOutput
	require.NoError(t, json.Unmarshal(results[0].Output.JSON, &got))
	assert.JSONEq(t, `{"summary":"GO","notes":["start","searched go","summarized"]}`, string(got.Result))
	assert.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, got.RunID)
	assert.True(t, results[1].IsError())
	assert.Contains(t, results[1].Output.Text, "at /inputData/topic: expected at least 1 characters")
	assert.True(t, results[2].IsError())
	assert.Contains(t, results[2].Output.Text, `missing required property "inputData"`)
	var named int
	for _, ev := range evs {
		if ev.Type == agent.EventToolCall {
			assert.Equal(t, "workflow-research", ev.ToolName)
			named++
		}
	}
	assert.Equal(t, 3, named)
}

func TestTypedWorkflowRun(t *testing.T) {
	w := researchWorkflow()
	out, err := w.Run(t.Context(), researchIn{Topic: "x"}, nil)
	require.NoError(t, err)
	assert.Equal(t, "X", out.Summary)
	_, err = w.Start(t.Context(), json.RawMessage(`{"Topic":"x"}`), nil)
	assert.ErrorIs(t, err, schema.ErrInvalidArguments)
}
