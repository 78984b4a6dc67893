package agent_test

// Conformance with Mastra (@mastra/core 1.71.0) for issue 18: what the
// model reads of subagent and workflow results, per-call toolsets and
// system, tool lifecycle hooks, and output validation.
//
// Each test says what Mastra does and where that was checked: a function of
// node_modules/@mastra/core/dist (agent-BOxKOk3n.js, tool-D87M4CXT.js), or
// a side-by-side script of agent/testdata/mastra, run on a scripted
// LanguageModelV2 (testdata/mastra/README.md says how). Deliberate
// departures are marked "Departure:".

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
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
	writer := &agent.Agent{ID: "writer-agent", Instructions: "Write poems."}
	sup := &agent.Agent{ID: "supervisor", Agents: map[string]*agent.Agent{"writer": writer}}

	for _, streamed := range []bool{false, true} {
		supModel := callThenAnswer(scripted.Call("agent-writer", `{"prompt":"a poem","instructions":"Rhyme."}`))
		writer.Model = scripted.New(scripted.Text("A sunny poem."))
		sup.Model = supModel
		var res *agent.Result
		if streamed {
			for ev, err := range sup.Stream(t.Context(), "go") {
				require.NoError(t, err)
				if ev.Type == agent.EventFinish && ev.AgentID == "supervisor" {
					res = ev.Result
				}
				if ev.Type == agent.EventToolResult && ev.ToolName == "agent-writer" {
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
		assert.Equal(t, llm.TextOutput("A sunny poem."), got, "the model reads the subagent's text")
		out := res.Steps[0].Outcomes[0]
		assert.Equal(t, agent.AgentToolOutput{Text: "A sunny poem.", AgentID: "writer-agent", FinishReason: llm.FinishStop}, out.Output,
			"the application keeps the whole output")
		assert.Equal(t, got, out.ModelOutput)
	}

	// The schema advertised is the output's, with the text described as
	// Mastra's is.
	tools, err := agent.AgentTools(sup)
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
	a := &agent.Agent{ID: "a", Model: model, Workflows: map[string]agent.Workflow{"research": researchWorkflow()}}
	res, err := a.Generate(t.Context(), "research go")
	require.NoError(t, err)

	got := toolResults(t, model, 1)[0].Output
	require.Equal(t, llm.OutputJSON, got.Type)
	var seen map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(got.JSON, &seen))
	assert.Len(t, seen, 2, "the model reads {result, runId}: %s", got.JSON)
	assert.JSONEq(t, `{"summary":"GO","notes":["searched go","summarized"]}`, string(seen["result"]))

	out, ok := res.Steps[0].Outcomes[0].Output.(agent.WorkflowToolOutput)
	require.True(t, ok, "the application keeps a WorkflowToolOutput, got %T", res.Steps[0].Outcomes[0].Output)
	assert.JSONEq(t, string(seen["result"]), string(out.Result))
	assert.JSONEq(t, `"`+out.RunID+`"`, string(seen["runId"]), "the application knows the run id the model saw")

	// Each call is a run of its own.
	model = callThenAnswer(scripted.Call("workflow-research", `{"inputData":{"topic":"a"}}`), scripted.Call("workflow-research", `{"inputData":{"topic":"b"}}`))
	a.Model = model
	res, err = a.Generate(t.Context(), "research")
	require.NoError(t, err)
	first := res.Steps[0].Outcomes[0].Output.(agent.WorkflowToolOutput)
	second := res.Steps[0].Outcomes[1].Output.(agent.WorkflowToolOutput)
	assert.NotEqual(t, first.RunID, second.RunID)

	// The schema: {result: the workflow's output schema, runId}, its $defs
	// hoisted as the input's are.
	w := agent.NewWorkflow(agent.WorkflowSpec{
		ID:           "w",
		InputSchema:  json.RawMessage(`{"type":"object"}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"s":{"$ref":"#/$defs/S"}},"$defs":{"S":{"type":"string"}}}`),
	}, func(context.Context, struct{}, *struct{}) (struct{}, error) { return struct{}{}, nil })
	tools, err := agent.AgentTools(&agent.Agent{ID: "a", Model: model, Workflows: map[string]agent.Workflow{"w": w}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"type":"object","required":["result","runId"],
		"properties":{
			"result":{"type":"object","properties":{"s":{"$ref":"#/$defs/output.S"}}},
			"runId":{"type":"string","description":"Unique identifier for the workflow run"}},
		"$defs":{"output.S":{"type":"string"}}}`, string(tools["workflow-w"].Spec().OutputSchema))
}

// TestConformanceWorkflowFailure: the departure above, pinned.
func TestConformanceWorkflowFailure(t *testing.T) {
	w := agent.NewWorkflow(agent.WorkflowSpec{ID: "w", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, struct{}, *struct{}) (struct{}, error) { return struct{}{}, errBoom })
	model := callThenAnswer(scripted.Call("workflow-w", `{"inputData":{}}`))
	a := &agent.Agent{ID: "a", Model: model, Workflows: map[string]agent.Workflow{"w": w}}
	res, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	got := toolResults(t, model, 1)[0]
	assert.True(t, got.IsError())
	assert.Contains(t, got.Output.Text, errBoom.Error())
	require.NotNil(t, res.Steps[0].Outcomes[0].Err)
	assert.Equal(t, toolexec.KindToolFailed, res.Steps[0].Outcomes[0].Err.Kind)
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
		opts []agent.Option
		want []string // the system messages sent
	}{
		{"none", nil, []string{"Agent instructions."}},
		{"system", []agent.Option{agent.WithSystem("Per-call instructions.")}, []string{"Per-call instructions."}},
		{"instructions", []agent.Option{agent.WithInstructions("Per-call system.")}, []string{"Agent instructions.\n\nPer-call system."}},
		{"both", []agent.Option{agent.WithInstructions("Per-call system."), agent.WithSystem("Per-call instructions.")},
			[]string{"Per-call instructions.\n\nPer-call system."}},
		{"empty system", []agent.Option{agent.WithSystem("")}, nil},
		{"empty system and instructions", []agent.Option{agent.WithSystem(""), agent.WithInstructions("Only this.")}, []string{"Only this."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model := scripted.New(scripted.Text("ok"))
			a := &agent.Agent{ID: "a", Instructions: "Agent instructions.", Model: model}
			_, err := a.Generate(t.Context(), "hi", tt.opts...)
			require.NoError(t, err)
			var got []string
			for _, m := range model.LastRequest().Messages {
				if m.Role == llm.RoleSystem {
					got = append(got, m.Text())
				}
			}
			assert.Equal(t, tt.want, got)
			assert.Equal(t, "Agent instructions.", a.Instructions, "the agent is not changed")
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
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weatherTool()}}
	res, err := a.Generate(t.Context(), "hi", agent.WithToolsets(tool.Toolset{"lookup": lookup}))
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
	assert.Len(t, a.Tools, 1, "the agent's toolset is not changed")

	// The next call does not have them.
	model = callThenAnswer(scripted.Call("lookup", `{}`))
	a.Model = model
	_, err = a.Generate(t.Context(), "hi")
	require.NoError(t, err)
	assert.True(t, toolResults(t, model, 1)[0].IsError())

	// Active tools and tool choice see them.
	model = scripted.New(scripted.Text("ok"))
	a.Model = model
	_, err = a.Generate(t.Context(), "hi", agent.WithToolsets(tool.Toolset{"lookup": lookup}),
		agent.WithActiveTools("lookup"), agent.WithToolChoice(llm.ChoiceTool("lookup")))
	require.NoError(t, err)
	require.Len(t, model.LastRequest().Tools, 1)
	assert.Equal(t, "lookup", model.LastRequest().Tools[0].Name)

	// Clashes.
	sub := &agent.Agent{ID: "sub", Model: scripted.New()}
	a.Agents = map[string]*agent.Agent{"sub": sub}
	for _, tt := range []struct {
		name string
		sets []tool.Toolset
		want string
	}{
		{"agent tool", []tool.Toolset{{"weather": lookup}}, `agent a: WithToolsets: tool key "weather" of set 1 is already a tool of the agent`},
		{"subagent tool", []tool.Toolset{{"agent-sub": lookup}}, `tool key "agent-sub" of set 1 is already a tool of the agent`},
		{"two sets", []tool.Toolset{{"lookup": lookup}, {"x": lookup}, {"lookup": lookup}}, `tool key "lookup" is in sets 1 and 3`},
		{"bad key", []tool.Toolset{{"a b": lookup}}, `set 1: tool key "a b": must match`},
		{"nil tool", []tool.Toolset{{"x": nil}}, `set 1: tool key "x": nil tool`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := a.Generate(t.Context(), "hi", agent.WithToolsets(tt.sets...))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			for range a.Stream(t.Context(), "hi", agent.WithToolsets(tt.sets...)) {
			}
		})
	}
	// Several options add up.
	model = scripted.New(scripted.Text("ok"))
	a.Model = model
	_, err = a.Generate(t.Context(), "hi", agent.WithToolsets(tool.Toolset{"lookup": lookup}), agent.WithToolsets(tool.Toolset{"other": lookup}))
	require.NoError(t, err)
	var keys []string
	for _, d := range model.LastRequest().Tools {
		keys = append(keys, d.Name)
	}
	assert.Equal(t, "agent-sub,lookup,other,weather", strings.Join(keys, ","))
}

// hookLog records hook calls and events in the order they happen.
type hookLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *hookLog) add(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *hookLog) get() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.lines)
}

func roles(msgs []llm.Message) string {
	var rs []string
	for _, m := range msgs {
		rs = append(rs, string(m.Role))
	}
	return strings.Join(rs, ",")
}

// hookedWeather is weatherTool with every lifecycle hook, logging to l.
func hookedWeather(t *testing.T, l *hookLog) *tool.Func[weatherIn, weatherOut] {
	check := func(ctx context.Context, call tool.HookCall) {
		ci, ok := tool.CallInfoFrom(ctx)
		assert.True(t, ok, "the hook's ctx is the call's")
		assert.Equal(t, call.ToolCallID, ci.ToolCallID)
		assert.Equal(t, call.ToolName, ci.ToolName)
		assert.Equal(t, "a", call.AgentID)
		assert.Equal(t, "weather", call.ToolName, "the key, not the id")
		assert.Equal(t, "yes", tool.RequestContextFrom(ctx)["hooked"])
	}
	return weatherTool().
		WithOnInputStart(func(ctx context.Context, call tool.HookCall) error {
			check(ctx, call)
			l.add("start %s step=%d messages=%s", call.ToolCallID, call.Step, roles(call.Messages))
			return nil
		}).
		WithOnInputDelta(func(ctx context.Context, call tool.HookCall, delta string) error {
			check(ctx, call)
			l.add("delta %s %s", call.ToolCallID, delta)
			return nil
		}).
		WithOnInputAvailable(func(ctx context.Context, call tool.HookCall, in weatherIn) error {
			check(ctx, call)
			l.add("available %s %s messages=%s", call.ToolCallID, in.Location, roles(call.Messages))
			return nil
		}).
		WithOnOutput(func(ctx context.Context, call tool.HookCall, out weatherOut) error {
			check(ctx, call)
			assert.Nil(t, call.Messages)
			l.add("output %s %s %v", call.ToolCallID, out.Location, out.TempC)
			return nil
		})
}

// hookModel: step 1 calls weather for Paris and with bad arguments, step 2
// for Rome; 8-byte argument deltas when streamed.
func hookModel() *scripted.Model {
	m := scripted.New(
		scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`), scripted.Call("weather", `{"location":1}`)),
		scripted.Calls(scripted.Call("weather", `{"location":"Rome"}`)),
		scripted.Text("done"),
	)
	m.ChunkSize = 8
	return m
}

// TestConformanceHooksStreamed: the order and arguments of a tool's
// lifecycle hooks in a streamed run. hooks.mjs (stream) prints, for
// Mastra 1.71:
//
//	onInputStart c1 (messages: the user's) → chunk tool-call-input-streaming-start
//	onInputDelta c1 "{\"loc" → chunk tool-call-delta, … one per delta
//	chunk tool-call c1 → onInputAvailable c1 {location: Paris}
//	… execute c1 → onOutput c1 {toolCallId, toolName, output, abortSignal} → chunk tool-result c1
//
// Each hook is awaited before the chunk it announces is enqueued
// (processOutputStream, cases tool-call-input-streaming-start and
// tool-call-delta; the tool-call step: onInputAvailable before the approval
// check and execute, onOutput after execute). The runtime fires them at the
// same points: start and deltas before each tool-call-delta event,
// input available after the tool-call event, output before the
// tool-result event; the hook's ctx is the call's (Mastra's abortSignal).
//
// Departures:
//   - Messages are the request's without its system message (the
//     contract Mastra's ToolCallOptions type documents, from the AI SDK:
//     "messages that were sent to the language model to initiate the
//     response that contained the tool call"), where Mastra 1.71 passes the
//     run's input messages only (messageList.get.input; hooks.mjs prints
//     roles ["user"] for the call of step 2 too). The runtime's hold after
//     Resume, whose state does not record which messages were the input.
//   - Input available runs once the model's answer is complete, for each
//     call in call order; Mastra's stream() runs a call's as soon as the
//     call is complete (eager tool execution), before the next call
//     streams. The runtime starts no call before the answer ends.
//   - Input available runs only for valid arguments, with the typed input;
//     Mastra runs it with the raw arguments before validating them
//     (hooks.mjs: bad.onInputAvailable {n: "x"}), and then runs onOutput
//     with the validation error object as the output. The runtime's output
//     hook runs only after a successful call, with the typed output.
func TestConformanceHooksStreamed(t *testing.T) {
	var l hookLog
	model := hookModel()
	a := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: model, Tools: tool.Toolset{"weather": hookedWeather(t, &l)}}
	for ev, err := range a.Stream(t.Context(), "weather?", agent.WithRequestContext(tool.RequestContext{"hooked": "yes"})) {
		require.NoError(t, err)
		switch ev.Type {
		case agent.EventToolCallDelta:
			l.add("event tool-call-delta %s", ev.ToolCallID)
		case agent.EventToolCall, agent.EventToolResult, agent.EventToolError:
			l.add("event %s %s", ev.Type, ev.ToolCallID)
		}
	}
	assert.Equal(t, []string{
		"start call_1 step=1 messages=user",
		`delta call_1 {"locati`,
		"event tool-call-delta call_1",
		`delta call_1 on":"Par`,
		"event tool-call-delta call_1",
		`delta call_1 is"}`,
		"event tool-call-delta call_1",
		"start call_2 step=1 messages=user",
		`delta call_2 {"locati`,
		"event tool-call-delta call_2",
		`delta call_2 on":1}`,
		"event tool-call-delta call_2",
		"event tool-call call_1",
		"available call_1 Paris messages=user",
		"event tool-call call_2",
		"event tool-error call_2", // invalid arguments: no input available, no output
		"output call_1 Paris 21.5",
		"event tool-result call_1",
		"start call_3 step=2 messages=user,assistant,tool",
		`delta call_3 {"locati`,
		"event tool-call-delta call_3",
		`delta call_3 on":"Rom`,
		"event tool-call-delta call_3",
		`delta call_3 e"}`,
		"event tool-call-delta call_3",
		"event tool-call call_3",
		"available call_3 Rome messages=user,assistant,tool",
		"output call_3 Rome 21.5",
		"event tool-result call_3",
	}, l.get())
}

// TestConformanceHooksGenerate: Mastra's generate() turns the model's whole
// answer into a stream of one tool-input-start, one tool-input-delta with
// all the arguments and the tool-call (hooks.mjs generate: onInputStart
// c1, onInputDelta c1 "{\"location\":\"Paris\"}", onInputAvailable c1, …
// onOutput c1). The runtime's Generate does the same with its model's
// answer.
func TestConformanceHooksGenerate(t *testing.T) {
	var l hookLog
	a := &agent.Agent{ID: "a", Model: hookModel(), Tools: tool.Toolset{"weather": hookedWeather(t, &l)}}
	res, err := a.Generate(t.Context(), "weather?", agent.WithRequestContext(tool.RequestContext{"hooked": "yes"}))
	require.NoError(t, err)
	assert.Equal(t, "done", res.Text)
	assert.Equal(t, []string{
		"start call_1 step=1 messages=user",
		`delta call_1 {"location":"Paris"}`,
		"start call_2 step=1 messages=user",
		`delta call_2 {"location":1}`,
		"available call_1 Paris messages=user",
		"output call_1 Paris 21.5",
		"start call_3 step=2 messages=user,assistant,tool",
		`delta call_3 {"location":"Rome"}`,
		"available call_3 Rome messages=user,assistant,tool",
		"output call_3 Rome 21.5",
	}, l.get())
}

// TestConformanceHookErrorsAreLogged: Mastra catches what a hook throws,
// logs it ("Error calling onInputStart", logger.error) and goes on
// (processOutputStream; the tool-call step for onInputAvailable and
// onOutput). hooks.mjs: bad-tool's onInputAvailable throws "hook boom", the
// log shows "Error calling onInputAvailable Error: hook boom", and the call
// runs. The runtime logs a hook's error or panic to Agent.Logger and goes
// on; neither reaches the model or the result.
func TestConformanceHookErrorsAreLogged(t *testing.T) {
	for _, panics := range []bool{false, true} {
		fail := func(hook string) error {
			if panics {
				panic(hook + " exploded")
			}
			return errors.New(hook + " failed")
		}
		tl := weatherTool().
			WithOnInputStart(func(context.Context, tool.HookCall) error { return fail("start") }).
			WithOnInputDelta(func(context.Context, tool.HookCall, string) error { return fail("delta") }).
			WithOnInputAvailable(func(context.Context, tool.HookCall, weatherIn) error { return fail("available") }).
			WithOnOutput(func(context.Context, tool.HookCall, weatherOut) error { return fail("output") })
		var buf syncBuffer
		model := callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
		a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": tl},
			Logger: slog.New(slog.NewJSONHandler(&buf, nil))}
		evs := collect(t, a.Stream(t.Context(), "weather?"))
		res := evs[len(evs)-1].Result
		require.NotNil(t, res)
		assert.Equal(t, "done", res.Text)
		assert.Nil(t, res.Steps[0].Outcomes[0].Err)
		assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(toolResults(t, model, 1)[0].Output.JSON))

		var hooks []string
		for line := range strings.Lines(buf.String()) {
			var rec struct {
				Level, Msg, Hook, Tool, ToolCallID, Error string
			}
			require.NoError(t, json.Unmarshal([]byte(line), &rec))
			assert.Equal(t, "ERROR", rec.Level)
			assert.Equal(t, "agent: tool hook failed", rec.Msg)
			assert.Equal(t, "weather", rec.Tool)
			assert.Equal(t, "call_1", rec.ToolCallID)
			if panics {
				assert.Contains(t, rec.Error, "panic: ")
			}
			hooks = append(hooks, rec.Hook)
		}
		// Three deltas of 8 bytes.
		assert.Equal(t, []string{"onInputStart", "onInputDelta", "onInputDelta", "onInputDelta", "onInputAvailable", "onOutput"}, hooks)
	}
}

// syncBuffer is a bytes.Buffer safe for the tool goroutines' log records.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestHooksOnlyForActiveToolsAndOnce: a call of an inactive tool runs no
// hook of it (it fails), and a call approved on Resume does not announce
// its input again (it did before it stopped), but its output runs.
func TestHooksOnlyForActiveToolsAndOnce(t *testing.T) {
	var l hookLog
	weather := hookedWeather(t, &l)
	model := callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": weather, "other": fnTool("other", func(context.Context) (string, error) { return "", nil })}}
	rc := agent.WithRequestContext(tool.RequestContext{"hooked": "yes"})
	_, err := a.Generate(t.Context(), "hi", agent.WithActiveTools("other"), rc)
	require.NoError(t, err)
	assert.Empty(t, l.get())

	a.Model = callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`))
	res, err := a.Generate(t.Context(), "hi", agent.RequireApproval(), rc)
	require.NoError(t, err)
	require.Equal(t, agent.FinishApproval, res.FinishReason)
	assert.Equal(t, []string{
		`start call_1 step=1 messages=user`,
		`delta call_1 {"location":"Paris"}`,
		"available call_1 Paris messages=user",
	}, l.get())
	_, err = a.Resume(t.Context(), res.State, []agent.Answer{agent.Approve("call_1")}, rc)
	require.NoError(t, err)
	assert.Equal(t, "output call_1 Paris 21.5", l.get()[3])
	assert.Len(t, l.get(), 4)
}

// TestHooksStreamWithoutStartOrDeltas: a model whose stream gives a call
// whole, or deltas without a start, still gives each hook once per call
// and the arguments' text once.
func TestHooksStreamWithoutStartOrDeltas(t *testing.T) {
	var l hookLog
	calls := []llm.StreamPart{
		{Type: llm.StreamToolCallDelta, ToolCallID: "d1", ToolName: "weather", Text: `{"location":`},
		{Type: llm.StreamToolCallDelta, ToolCallID: "d1", Text: `"Oslo"}`},
		{Type: llm.StreamToolCall, ToolCall: &llm.ToolCall{ID: "d1", Name: "weather", Arguments: `{"location":"Oslo"}`}},
		{Type: llm.StreamToolCall, ToolCall: &llm.ToolCall{ID: "w1", Name: "weather", Arguments: `{"location":"Lima"}`}},
	}
	model := &partsModel{turns: [][]llm.StreamPart{calls, {{Type: llm.StreamTextDelta, Text: "done"}}}}
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": hookedWeather(t, &l)}}
	collect(t, a.Stream(t.Context(), "hi", agent.WithRequestContext(tool.RequestContext{"hooked": "yes"})))
	assert.Equal(t, []string{
		"start d1 step=1 messages=user",
		`delta d1 {"location":`,
		`delta d1 "Oslo"}`,
		"start w1 step=1 messages=user",
		`delta w1 {"location":"Lima"}`,
		"available d1 Oslo messages=user",
		"available w1 Lima messages=user",
	}, l.get()[:7])
}

// partsModel streams the given parts per turn, then a finish part.
type partsModel struct {
	mu    sync.Mutex
	turns [][]llm.StreamPart
}

func (m *partsModel) Generate(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	return llm.CollectStream(m.Stream(ctx, req), nil)
}

func (m *partsModel) Stream(ctx context.Context, req *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return func(yield func(llm.StreamPart, error) bool) {
		m.mu.Lock()
		parts := m.turns[0]
		m.turns = m.turns[1:]
		m.mu.Unlock()
		for _, p := range parts {
			if !yield(p, nil) {
				return
			}
		}
		yield(llm.StreamPart{Type: llm.StreamFinish, Response: &llm.Response{}}, nil)
	}
}

// gaugeOut is the output of gaugeTool, whose schema bounds the reading and
// requires a unit.
type gaugeOut struct {
	Reading float64 `json:"reading"`
	Unit    string  `json:"unit,omitempty"`
	Secret  string  `json:"secret"`
}

const gaugeOutSchema = `{"type":"object","properties":{` +
	`"reading":{"type":"number","maximum":100},"unit":{"type":"string","enum":["bar","psi"]},"secret":{"type":"string"}},` +
	`"required":["reading","unit","secret"],"additionalProperties":false}`

// gaugeTool returns out from every call, logging its output hooks to l.
func gaugeTool(out gaugeOut, l *hookLog) *tool.Func[emptyIn, gaugeOut] {
	return tool.NewFunc(&tool.Spec{
		ID: "gauge", Description: "Reads a gauge.",
		InputSchema: json.RawMessage(emptySchema), OutputSchema: json.RawMessage(gaugeOutSchema),
	}, func(context.Context, emptyIn) (gaugeOut, error) { return out, nil }).
		WithModelOutput(func(_ context.Context, _ emptyIn, out gaugeOut) (llm.ModelOutput, error) {
			l.add("model")
			return llm.TextOutput(fmt.Sprint(out.Reading)), nil
		}).
		WithOnOutput(func(context.Context, tool.HookCall, gaugeOut) error { l.add("onOutput"); return nil })
}

// TestConformanceOutputValidation: a Mastra tool with an outputSchema
// validates every output (Tool's execute wrapper, tool-D87M4CXT.js:
// validateToolOutput), and an invalid one becomes the call's result, which
// the model reads: hooks.mjs prints {"error":true,"message":"Tool output
// validation failed for bad-tool. The tool returned invalid output:\n-
// tempC: Expected number, received string\n\nReturned output: {\n
// \"tempC\": \"hot\"\n}", validationErrors: …}. toModelOutput does not see
// it (the error object is the result).
//
// The runtime, with WithOutputValidation or Agent.ValidateOutputs, makes an
// invalid output a tool error of kind invalid-output: the model reads its
// message, which gives each path and what was expected, the application
// gets ToolOutcome.Err, the ModelOutput hook does not run, and the loop
// goes on.
//
// Departures: validation is off unless asked for (a Func's output is
// typed, and its schema generated from the same type, so a mismatch is a
// bug to catch in tests; a nil slice or pointer encoded as null is the
// usual one); the message never quotes the output, where Mastra's ends
// with it ("Returned output: …"); the result is an error, not an object
// with error: true; and onOutput does not run for an invalid output, where
// Mastra runs it with the error object (hooks.mjs: bad.onOutput {output:
// {error: true, …}}).
func TestConformanceOutputValidation(t *testing.T) {
	bad := gaugeOut{Reading: 250, Unit: "", Secret: "s3cr3t-value"}
	for _, tt := range []struct {
		name  string
		agent func(*agent.Agent)
		opts  []agent.Option
	}{
		{"option", nil, []agent.Option{agent.WithOutputValidation()}},
		{"agent", func(a *agent.Agent) { a.ValidateOutputs = true }, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var l hookLog
			model := callThenAnswer(scripted.Call("gauge", `{}`))
			ag := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"gauge": gaugeTool(bad, &l)}}
			if tt.agent != nil {
				tt.agent(ag)
			}
			evs := collect(t, ag.Stream(t.Context(), "read", tt.opts...))
			res := evs[len(evs)-1].Result
			require.NotNil(t, res)
			assert.Equal(t, "done", res.Text, "the loop goes on")

			got := toolResults(t, model, 1)[0]
			require.True(t, got.IsError())
			assert.Equal(t, "the tool's output does not match its output schema: "+
				"at /: missing required property \"unit\"; at /reading: expected a number <= 100", got.Output.Text)
			assert.NotContains(t, got.Output.Text, "250")
			assert.NotContains(t, got.Output.Text, "s3cr3t")

			out := res.Steps[0].Outcomes[0]
			require.NotNil(t, out.Err)
			assert.Equal(t, toolexec.KindInvalidOutput, out.Err.Kind)
			assert.Nil(t, out.Output)
			assert.Empty(t, l.get(), "neither the model hook nor onOutput runs")
			var errEvents int
			for _, ev := range evs {
				if ev.Type == agent.EventToolError {
					errEvents++
					assert.NotContains(t, string(ev.Payload), "s3cr3t")
				}
			}
			assert.Equal(t, 1, errEvents)
		})
	}

	// Off by default; a valid output passes, its hooks run.
	var l hookLog
	model := callThenAnswer(scripted.Call("gauge", `{}`))
	ag2 := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"gauge": gaugeTool(bad, &l)}}
	_, err := ag2.Generate(t.Context(), "read")
	require.NoError(t, err)
	assert.Equal(t, llm.TextOutput("250"), toolResults(t, model, 1)[0].Output)
	good := gaugeOut{Reading: 2, Unit: "bar"}
	model = callThenAnswer(scripted.Call("gauge", `{}`))
	ag2 = &agent.Agent{ID: "a", Model: model, ValidateOutputs: true, Tools: tool.Toolset{"gauge": gaugeTool(good, &l)}}
	_, err = ag2.Generate(t.Context(), "read")
	require.NoError(t, err)
	assert.Equal(t, llm.TextOutput("2"), toolResults(t, model, 1)[0].Output)
	assert.Equal(t, []string{"model", "onOutput", "model", "onOutput"}, l.get(), "per call, the model hook, then onOutput")
}

// TestOutputValidationOutsideTheLoop: tool.Call validates under
// ValidatingOutputs; a tool without an output schema is not checked; a
// workflow's output is checked against its WorkflowSpec.OutputSchema
// (under "result"), and subagents' outputs match theirs.
func TestOutputValidationOutsideTheLoop(t *testing.T) {
	tl := gaugeTool(gaugeOut{Reading: 1, Unit: "kPa"}, &hookLog{})
	_, err := tool.Call(t.Context(), tl, json.RawMessage(`{}`))
	require.NoError(t, err)
	_, err = tool.Call(toolexec.ValidatingOutputs(t.Context()), tl, json.RawMessage(`{}`))
	require.EqualError(t, err, `call gauge: the tool's output does not match its output schema: at /unit: expected one of "bar", "psi"`)
	// A host gets the failure classified.
	ctx := toolexec.ValidatingOutputs(t.Context())
	inv, te := toolexec.Prepare(ctx, "gauge", tl, json.RawMessage(`{}`))
	require.Nil(t, te)
	_, _, te = toolexec.Run(ctx, "gauge", inv, 0)
	require.NotNil(t, te)
	assert.Equal(t, toolexec.KindInvalidOutput, te.Kind)
	assert.Contains(t, te.Message, `at /unit: expected one of "bar", "psi"`)

	untyped := fnTool("free", func(context.Context) (string, error) { return "anything", nil })
	_, err = tool.Call(toolexec.ValidatingOutputs(t.Context()), untyped, json.RawMessage(`{}`))
	require.NoError(t, err)

	w := agent.NewWorkflow(agent.WorkflowSpec{
		ID: "w", InputSchema: json.RawMessage(`{"type":"object"}`),
		OutputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"$ref":"#/$defs/Small"}},"$defs":{"Small":{"type":"integer","maximum":3}}}`),
	}, func(_ context.Context, _ struct{}, _ *struct{}) (map[string]int, error) {
		return map[string]int{"n": 7}, nil
	})
	writer := &agent.Agent{ID: "writer", Model: scripted.New(scripted.Text("poem"))}
	model := callThenAnswer(scripted.Call("workflow-w", `{"inputData":{}}`), scripted.Call("agent-writer", `{"prompt":"p"}`))
	a := &agent.Agent{ID: "a", Model: model, ValidateOutputs: true,
		Workflows: map[string]agent.Workflow{"w": w}, Agents: map[string]*agent.Agent{"writer": writer}}
	res, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	results := toolResults(t, model, 1)
	require.True(t, results[0].IsError())
	assert.Equal(t, "the tool's output does not match its output schema: at /result/n: expected a number <= 3", results[0].Output.Text)
	assert.Equal(t, llm.TextOutput("poem"), results[1].Output, "the subagent's output matches its schema")
	assert.Nil(t, res.Steps[0].Outcomes[1].Err)
}

// TestToolsetsOnResume: a call of a per-call toolset's tool that waits for
// approval runs on Resume when the toolsets are given again, and is an
// unknown tool without them (the state does not hold tools).
func TestToolsetsOnResume(t *testing.T) {
	lookup := fnTool("lookup", func(context.Context) (string, error) { return "looked up", nil })
	sets := agent.WithToolsets(tool.Toolset{"lookup": lookup})
	for _, again := range []bool{true, false} {
		model := callThenAnswer(scripted.Call("lookup", `{}`))
		a := &agent.Agent{ID: "a", Model: model}
		res, err := a.Generate(t.Context(), "hi", sets, agent.RequireApproval())
		require.NoError(t, err)
		require.Equal(t, agent.FinishApproval, res.FinishReason)
		var opts []agent.Option
		if again {
			opts = append(opts, sets)
		}
		res, err = a.Resume(t.Context(), res.State, []agent.Answer{agent.Approve("call_1")}, opts...)
		require.NoError(t, err)
		out := res.Steps[0].Outcomes[0]
		if again {
			assert.Nil(t, out.Err)
			assert.Equal(t, "looked up", out.Output)
		} else {
			require.NotNil(t, out.Err)
			assert.Equal(t, toolexec.KindUnknownTool, out.Err.Kind)
		}
	}
}
