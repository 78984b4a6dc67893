package runtime_test

// Conformance with Mastra (@mastra/core 1.71.0) for issue 18: what the
// model reads of subagent and workflow results, per-call toolsets and
// system, tool lifecycle hooks, and output validation.
//
// Each test says what Mastra does and where that was checked: a function of
// node_modules/@mastra/core/dist (agent-BOxKOk3n.js, tool-D87M4CXT.js), or
// a side-by-side script of runtime/testdata/mastra, run on a scripted
// LanguageModelV2 (testdata/mastra/README.md says how). Deliberate
// departures are marked "Departure:".

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/scripted"
)

// TestConformanceSubagentResultIsText: Mastra's agent-<key> tool has a
// toModelOutput that gives the model {type: "text", value: output.text}
// (Agent.listAgentTools, unless delegation.includeSubAgentToolResultsInModelContext),
// while the tool's result, which the application gets, is the whole object
// (text, subAgentThreadId, subAgentToolResults, usage…). delegation.mjs
// prints the supervisor's second prompt: the agent-writer result is
// {"type":"text","value":"A sunny poem."}. Its outputSchema describes the
// whole object (createSubAgentOutputSchema), not the text.
//
// Departure: the subagent gets only its prompt (and its own instructions
// with the call's appended), where Mastra also sends it the supervisor's
// conversation as context messages (delegation.mjs prints the writer's
// prompt with the supervisor's system message and user message in it).
func TestConformanceSubagentResultIsText(t *testing.T) {
	writer := &runtime.Agent{ID: "writer-agent", Instructions: "Write poems."}
	sup := &runtime.Agent{ID: "supervisor", Agents: map[string]*runtime.Agent{"writer": writer}}

	for _, streamed := range []bool{false, true} {
		supModel := callThenAnswer(scripted.Call("agent-writer", `{"prompt":"a poem","instructions":"Rhyme."}`))
		writer.Model = scripted.New(scripted.Text("A sunny poem."))
		sup.Model = supModel
		var res *runtime.Result
		if streamed {
			for ev, err := range sup.Stream(t.Context(), "go") {
				require.NoError(t, err)
				if ev.Type == runtime.EventFinish && ev.AgentID == "supervisor" {
					res = ev.Result
				}
				if ev.Type == runtime.EventToolResult && ev.ToolName == "agent-writer" {
					assert.JSONEq(t, `{"text":"A sunny poem.","agentId":"writer-agent","finishReason":"stop","usage":{"inputTokens":0,"outputTokens":0,"totalTokens":0}}`,
						string(ev.Payload), "the display sees the whole output")
				}
			}
		} else {
			var err error
			res, err = sup.Generate(t.Context(), "go")
			require.NoError(t, err)
		}
		require.NotNil(t, res)
		got := toolResults(t, supModel, 1)[0].Output
		assert.Equal(t, runtime.TextOutput("A sunny poem."), got, "the model reads the subagent's text")
		out := res.Steps[0].Outcomes[0]
		assert.Equal(t, runtime.AgentToolOutput{Text: "A sunny poem.", AgentID: "writer-agent", FinishReason: runtime.FinishStop}, out.Output,
			"the application keeps the whole output")
		assert.Equal(t, got, out.ModelOutput)
	}

	// The schema advertised is the output's, with the text described as
	// Mastra's is.
	tools, err := runtime.AgentTools(sup)
	require.NoError(t, err)
	var schema struct {
		Properties map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	require.NoError(t, json.Unmarshal(tools["agent-writer"].Spec().OutputSchema, &schema))
	assert.Equal(t, "The response from the agent.", schema.Properties["text"].Description)
	assert.ElementsMatch(t, []string{"text", "agentId", "finishReason", "usage"}, schema.Required)
}

// TestConformanceWorkflowResultAndRunID: Mastra's workflow-<key> tool
// returns {result: <the run's result>, runId: <a random UUID>} on success
// (Agent.listWorkflowTools), and that object is what the model reads as
// JSON: delegation.mjs prints {"type":"json","value":{"result":
// {"summary":"GO"},"runId":"090f7e0c-…"}} in the supervisor's second prompt,
// and the same object among the application's tool results. Its
// outputSchema is anyOf [{runId, result}, {runId, error}].
//
// Departures: a failed workflow is a tool error (the application gets it in
// ToolOutcome.Err and the model its message), where Mastra returns
// {error, runId} as a successful result; so the schema has only the
// success branch, with both properties required. Mastra gives the whole run
// state instead of a falsy result (result?.result || result); the runtime
// gives the result as it is.
func TestConformanceWorkflowResultAndRunID(t *testing.T) {
	model := callThenAnswer(scripted.Call("workflow-research", `{"inputData":{"topic":"go"}}`))
	agent := &runtime.Agent{ID: "a", Model: model, Workflows: map[string]runtime.Workflow{"research": researchWorkflow()}}
	res, err := agent.Generate(t.Context(), "research go")
	require.NoError(t, err)

	got := toolResults(t, model, 1)[0].Output
	require.Equal(t, runtime.OutputJSON, got.Type)
	var seen map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(got.JSON, &seen))
	assert.Len(t, seen, 2, "the model reads {result, runId}: %s", got.JSON)
	assert.JSONEq(t, `{"summary":"GO","notes":["searched go","summarized"]}`, string(seen["result"]))

	out, ok := res.Steps[0].Outcomes[0].Output.(runtime.WorkflowToolOutput)
	require.True(t, ok, "the application keeps a WorkflowToolOutput, got %T", res.Steps[0].Outcomes[0].Output)
	assert.JSONEq(t, string(seen["result"]), string(out.Result))
	assert.JSONEq(t, `"`+out.RunID+`"`, string(seen["runId"]), "the application knows the run id the model saw")

	// Each call is a run of its own.
	model = callThenAnswer(scripted.Call("workflow-research", `{"inputData":{"topic":"a"}}`), scripted.Call("workflow-research", `{"inputData":{"topic":"b"}}`))
	agent.Model = model
	res, err = agent.Generate(t.Context(), "research")
	require.NoError(t, err)
	first := res.Steps[0].Outcomes[0].Output.(runtime.WorkflowToolOutput)
	second := res.Steps[0].Outcomes[1].Output.(runtime.WorkflowToolOutput)
	assert.NotEqual(t, first.RunID, second.RunID)

	// The schema: {result: the workflow's output schema, runId}, its $defs
	// hoisted as the input's are.
	w := runtime.NewWorkflow(runtime.WorkflowSpec{
		ID:           "w",
		InputSchema:  json.RawMessage(`{"type":"object"}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`),
	}, func(context.Context, struct{}, *struct{}) (struct{}, error) { return struct{}{}, nil })
	tools, err := runtime.AgentTools(&runtime.Agent{ID: "a", Model: model, Workflows: map[string]runtime.Workflow{"w": w}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"object","required":["result","runId"],
		"properties":{
			"result":{"type":"object","properties":{"s":{"$ref":"#/$defs/output.S"}}},
			"runId":{"type":"string","description":"Unique identifier for the workflow run"}},
		"$defs":{"output.S":{"type":"string"}}}`, string(tools["workflow-w"].Spec().OutputSchema))
}

// TestConformanceWorkflowFailure: the departure above, pinned.
func TestConformanceWorkflowFailure(t *testing.T) {
	w := runtime.NewWorkflow(runtime.WorkflowSpec{ID: "w", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, struct{}, *struct{}) (struct{}, error) { return struct{}{}, errBoom })
	model := callThenAnswer(scripted.Call("workflow-w", `{"inputData":{}}`))
	agent := &runtime.Agent{ID: "a", Model: model, Workflows: map[string]runtime.Workflow{"w": w}}
	res, err := agent.Generate(t.Context(), "go")
	require.NoError(t, err)
	got := toolResults(t, model, 1)[0]
	assert.True(t, got.IsError())
	assert.Contains(t, got.Output.Text, errBoom.Error())
	require.NotNil(t, res.Steps[0].Outcomes[0].Err)
	assert.Equal(t, runtime.KindToolFailed, res.Steps[0].Outcomes[0].Err.Kind)
}

// TestConformanceSystemAndInstructions: Mastra's per-call `instructions`
// replace the agent's (Agent's stream/generate: options.instructions ||
// this.getInstructions()), and `system` adds a system message after them
// (createPrepareMemoryStep: addSystemMessage(messageList, options.system,
// "user-provided")). percall.mjs prints the system messages sent:
//
//	none:          ["Agent instructions."]
//	instructions:  ["Per-call instructions."]
//	system:        ["Agent instructions.","Per-call system."]
//	both:          ["Per-call instructions.","Per-call system."]
//	empty instructions: ["Agent instructions."]
//
// WithSystem is Mastra's instructions; WithInstructions is Mastra's system,
// joined to the instructions by a blank line in one system message (the
// runtime sends one, which every provider takes).
//
// Departure: WithSystem("") sends no system message, where Mastra's empty
// instructions leave the agent's: an option given is an option honoured.
func TestConformanceSystemAndInstructions(t *testing.T) {
	tests := []struct {
		name string
		opts []runtime.Option
		want []string // the system messages sent
	}{
		{"none", nil, []string{"Agent instructions."}},
		{"system", []runtime.Option{runtime.WithSystem("Per-call instructions.")}, []string{"Per-call instructions."}},
		{"instructions", []runtime.Option{runtime.WithInstructions("Per-call system.")}, []string{"Agent instructions.\n\nPer-call system."}},
		{"both", []runtime.Option{runtime.WithInstructions("Per-call system."), runtime.WithSystem("Per-call instructions.")},
			[]string{"Per-call instructions.\n\nPer-call system."}},
		{"empty system", []runtime.Option{runtime.WithSystem("")}, nil},
		{"empty system and instructions", []runtime.Option{runtime.WithSystem(""), runtime.WithInstructions("Only this.")}, []string{"Only this."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model := scripted.New(scripted.Text("ok"))
			agent := &runtime.Agent{ID: "a", Instructions: "Agent instructions.", Model: model}
			_, err := agent.Generate(t.Context(), "hi", tt.opts...)
			require.NoError(t, err)
			var got []string
			for _, m := range model.LastRequest().Messages {
				if m.Role == runtime.RoleSystem {
					got = append(got, m.Text())
				}
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, "Agent instructions.", agent.Instructions, "the agent is not changed")
		})
	}
}

// TestConformanceToolsets: Mastra's per-call `toolsets` add tools for the
// call (Agent.listToolsets, merged in Agent.convertTools). percall.mjs:
// the model is sent the agent's tool and the toolset's ("tools sent:
// ["shared","lookup"]"), and the toolset's tool runs.
//
// Departure: a key that the agent already has, or that two sets define, is
// an error of the call; Mastra spreads the toolsets over the agent's tools,
// so the toolset's tool replaces the agent's silently (percall.mjs: "clash
// result: from the toolset"), and a later toolset's a former's.
func TestConformanceToolsets(t *testing.T) {
	lookup := fnTool("lookup", func(context.Context) (string, error) { return "looked up", nil })
	model := callThenAnswer(scripted.Call("lookup", `{}`), scripted.Call("weather", `{"location":"Paris"}`))
	agent := &runtime.Agent{ID: "a", Model: model, Tools: runtime.Toolset{"weather": weatherTool()}}
	res, err := agent.Generate(t.Context(), "hi", runtime.WithToolsets(runtime.Toolset{"lookup": lookup}))
	require.NoError(t, err)
	var names []string
	for _, d := range model.Requests()[0].Tools {
		names = append(names, d.Name)
	}
	assert.Equal(t, []string{"lookup", "weather"}, names)
	results := toolResults(t, model, 1)
	assert.JSONEq(t, `"looked up"`, string(results[0].Output.JSON))
	assert.False(t, results[1].IsError())
	assert.Equal(t, "looked up", res.Steps[0].Outcomes[0].Output)
	assert.Len(t, agent.Tools, 1, "the agent's toolset is not changed")

	// The next call does not have them.
	model = callThenAnswer(scripted.Call("lookup", `{}`))
	agent.Model = model
	_, err = agent.Generate(t.Context(), "hi")
	require.NoError(t, err)
	assert.True(t, toolResults(t, model, 1)[0].IsError())

	// Active tools and tool choice see them.
	model = scripted.New(scripted.Text("ok"))
	agent.Model = model
	_, err = agent.Generate(t.Context(), "hi", runtime.WithToolsets(runtime.Toolset{"lookup": lookup}),
		runtime.WithActiveTools("lookup"), runtime.WithToolChoice(runtime.ChoiceTool("lookup")))
	require.NoError(t, err)
	require.Len(t, model.LastRequest().Tools, 1)
	assert.Equal(t, "lookup", model.LastRequest().Tools[0].Name)

	// Clashes.
	sub := &runtime.Agent{ID: "sub", Model: scripted.New()}
	agent.Agents = map[string]*runtime.Agent{"sub": sub}
	for _, tt := range []struct {
		name string
		sets []runtime.Toolset
		want string
	}{
		{"agent tool", []runtime.Toolset{{"weather": lookup}}, `agent a: WithToolsets: tool key "weather" of set 1 is already a tool of the agent`},
		{"subagent tool", []runtime.Toolset{{"agent-sub": lookup}}, `tool key "agent-sub" of set 1 is already a tool of the agent`},
		{"two sets", []runtime.Toolset{{"lookup": lookup}, {"x": lookup}, {"lookup": lookup}}, `tool key "lookup" is in sets 1 and 3`},
		{"bad key", []runtime.Toolset{{"a b": lookup}}, `set 1: tool key "a b": must match`},
		{"nil tool", []runtime.Toolset{{"x": nil}}, `set 1: tool key "x": nil tool`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := agent.Generate(t.Context(), "hi", runtime.WithToolsets(tt.sets...))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			for range agent.Stream(t.Context(), "hi", runtime.WithToolsets(tt.sets...)) {
			}
		})
	}
	// Several options add up.
	model = scripted.New(scripted.Text("ok"))
	agent.Model = model
	_, err = agent.Generate(t.Context(), "hi", runtime.WithToolsets(runtime.Toolset{"lookup": lookup}), runtime.WithToolsets(runtime.Toolset{"other": lookup}))
	require.NoError(t, err)
	var keys []string
	for _, d := range model.LastRequest().Tools {
		keys = append(keys, d.Name)
	}
	assert.Equal(t, "agent-sub,lookup,other,weather", strings.Join(keys, ","))
}
