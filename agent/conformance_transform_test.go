package agent_test

// Conformance of the display and transcript transforms with Mastra 1.71
// (@mastra/core 1.71.0). The rules, in Mastra's src/tools/payload-transform.ts
// (dist/payload-transform-C4k4-WlM.js), which these tests quote:
//
//	function isPolicyConfiguredForTarget(policy, target) {
//		return Boolean(policy?.transformToolPayload && (!policy.targets || policy.targets.includes(target)));
//	}
//	function isTransformConfigured(source, target) {
//		return Boolean(isPolicyConfiguredForTarget(source?.policy, target) || source?.toolTransform?.[target]);
//	}
//	function safePlaceholder(context) {
//		return { message: `Tool ${context.phase} payload unavailable` };
//	}
//	async function transformOneTarget(context, source, logger) {
//		if (!isTransformConfigured(source, context.target)) return;
//		const transformers = [isPolicyConfiguredForTarget(source?.policy, context.target) ? source?.policy?.transformToolPayload : void 0,
//			getToolTransformer(source, context.target, context.phase)].filter(Boolean);
//		if (transformers.length === 0) return context.phase === "input-delta" ? { suppress: true } : { transformed: safePlaceholder(context) };
//		for (const transformer of transformers) try {
//			const transformed = await transformer(context);
//			if (transformed !== void 0) return { transformed };
//		} catch (error) {
//			…
//			return context.phase === "input-delta" ? { suppress: true, failed: true } : { transformed: safePlaceholder(context), failed: true };
//		}
//		return context.phase === "input-delta" ? { suppress: true } : { transformed: safePlaceholder(context) };
//	}
//
// The side-by-side runs quoted below are of /tmp/xform-mastra/xform.mjs: a
// Mastra Agent with a scripted LanguageModelV2 (each call's arguments
// {"account":"ACC12345"} streamed in two deltas), a createTool tool that
// writes {type:"progress", secret:"DATA-…"} with its writer and returns
// {balance:"OUT-…"} (or throws "ERR-…"), and MockMemory. Each line is a
// fullStream chunk: its raw payload and its
// metadata.mastra.toolPayloadTransform, which is where Mastra puts what
// each target may see (a display reads it; MessageList.
// transformMessageForTranscript puts the transcript's form in the stored
// message).
//
// Deliberate departures, each tested below:
//   - An empty Transforms{} configures nothing, where Mastra's
//     toolTransform.display = {} (a truthy object) configures the display:
//     a generated hook stub returns Transforms{} and must change nothing.
//   - The placeholder is one constant, {"message":"Tool payload
//     unavailable"}: Mastra names its phase in the message ("Tool
//     input-available payload unavailable"); here the event's type says
//     the phase, and a display can recognise the placeholder by comparing
//     bytes with toolexec.Placeholder.
//   - "No answer" is a nil value (Mastra: undefined). Mastra's null is an
//     answer; here it is json.RawMessage("null").
//   - Progress and emitted data (tool-output) are phases here, display only,
//     under the same rule. Mastra 1.71 has no such phases: its tool-output
//     chunks carry the raw writer data even for a configured display
//     ("stream tool-output: payload={…"DATA-ACC12345"} metadata=null" in
//     every run below).
//   - Mastra keeps the raw payload in each chunk next to the metadata, and
//     in our run its MessageHistory processor stored the raw arguments in
//     memory next to a transcript placeholder in the part's providerMetadata.
//     Here an event carries only its target's form.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

type acctIn struct {
	Account string `json:"account"`
	Mode    string `json:"mode"`
}

type acctOut struct {
	Balance string `json:"balance"`
}

// Markers: each payload of the conformance tool holds one, and no other
// payload does.
const (
	mkArgsOK    = "MK-ARGS-OK-5b1e"     // arguments of the call that succeeds
	mkArgsFail  = "MK-ARGS-FAIL-5b1e"   // arguments of the call that fails
	mkApproval  = "MK-APPROVAL-5b1e"    // arguments of the call that waits: the approval payload
	mkOutput    = "MK-OUTPUT-5b1e"      // the output
	mkError     = "MK-ERROR-5b1e"       // the tool's error
	mkProgress  = "MK-PROGRESS-5b1e"    // the progress message
	mkData      = "MK-DATA-5b1e"        // the emitted data
	mkTransform = "MK-TRANSFORM-5b1e"   // a failing or panicking transform's error or panic value
	shapedMark  = "shaped-by-transform" // prefix of every answer of a transform
)

var allPhases = []toolexec.Phase{
	toolexec.PhaseInputDelta, toolexec.PhaseInput, toolexec.PhaseOutput, toolexec.PhaseError,
	toolexec.PhaseApproval, toolexec.PhaseProgress, toolexec.PhaseData,
}

// phaseEvent is the event type of each phase's payload.
var phaseEvent = map[toolexec.Phase]agent.EventType{
	toolexec.PhaseInputDelta: agent.EventToolCallDelta,
	toolexec.PhaseInput:      agent.EventToolCall,
	toolexec.PhaseOutput:     agent.EventToolResult,
	toolexec.PhaseError:      agent.EventToolError,
	toolexec.PhaseApproval:   agent.EventToolCallApproval,
	toolexec.PhaseProgress:   agent.EventToolProgress,
	toolexec.PhaseData:       agent.EventToolOutput,
}

// phaseMarkers are the markers of each phase's raw payloads.
var phaseMarkers = map[toolexec.Phase][]string{
	toolexec.PhaseInputDelta: {mkArgsOK, mkArgsFail, mkApproval},
	toolexec.PhaseInput:      {mkArgsOK, mkArgsFail, mkApproval},
	toolexec.PhaseOutput:     {mkOutput},
	toolexec.PhaseError:      {mkError},
	toolexec.PhaseApproval:   {mkApproval},
	toolexec.PhaseProgress:   {mkProgress},
	toolexec.PhaseData:       {mkData},
}

var allMarkers = []string{mkArgsOK, mkArgsFail, mkApproval, mkOutput, mkError, mkProgress, mkData, mkTransform}

// seenBy reports whether target sees phase at all: progress, data and
// deltas are the display's only.
func seenBy(target tool.Target, phase toolexec.Phase) bool {
	switch phase {
	case toolexec.PhaseInputDelta, toolexec.PhaseProgress, toolexec.PhaseData:
		return target == tool.TargetDisplay
	}
	return true
}

func otherTarget(t tool.Target) tool.Target {
	if t == tool.TargetDisplay {
		return tool.TargetTranscript
	}
	return tool.TargetDisplay
}

// acctTool succeeds (reporting progress and emitting data first), fails or
// needs approval, as its input's mode says.
func acctTool() *tool.Func[acctIn, acctOut] {
	return tool.NewFunc(&tool.Spec{
		ID:          "acct",
		Description: "Looks up an account.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"account":{"type":"string"},` +
			`"mode":{"type":"string","enum":["ok","fail","approve"]}},"required":["account","mode"],"additionalProperties":false}`),
	}, func(ctx context.Context, in acctIn) (acctOut, error) {
		if in.Mode == "fail" {
			return acctOut{}, errors.New("the backend refused: " + mkError)
		}
		tool.Progress(ctx, 1, 2, "scanning "+mkProgress)
		if err := tool.Emit(ctx, map[string]string{"row": mkData}); err != nil {
			return acctOut{}, err
		}
		return acctOut{Balance: mkOutput}, nil
	}).WithApproval(func(_ context.Context, in acctIn) (bool, error) { return in.Mode == "approve", nil })
}

// acctRun is one run of the conformance tool: one step with a call that
// succeeds, one that fails and one that waits for approval, every delta
// holding a whole call's arguments.
type acctRun struct {
	events []agent.Event
	res    *agent.Result
}

func runAcct(t *testing.T, tl tool.Tool, policy toolexec.TransformPolicy) acctRun {
	t.Helper()
	model := scripted.New(scripted.Calls(
		scripted.Call("acct", `{"account":"`+mkArgsOK+`","mode":"ok"}`),
		scripted.Call("acct", `{"account":"`+mkArgsFail+`","mode":"fail"}`),
		scripted.Call("acct", `{"account":"`+mkApproval+`","mode":"approve"}`),
	))
	model.ChunkSize = 1 << 16
	a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"acct": tl}, Transform: policy}
	var run acctRun
	for ev, err := range a.Stream(t.Context(), "go") {
		require.NoError(t, err)
		run.events = append(run.events, ev)
		if ev.Result != nil {
			run.res = ev.Result
		}
	}
	require.NotNil(t, run.res)
	require.Equal(t, agent.FinishApproval, run.res.FinishReason)
	return run
}

// view is what target saw of the run, every event marshalled whole: the
// stream for the display, Result.Transcript for the transcript.
func (r acctRun) view(target tool.Target) []agent.Event {
	if target == tool.TargetDisplay {
		return r.events
	}
	return r.res.Transcript
}

func marshalAll(t *testing.T, evs []agent.Event) string {
	t.Helper()
	var b strings.Builder
	for _, ev := range evs {
		data, err := json.Marshal(ev)
		require.NoError(t, err)
		b.Write(data)
		b.WriteString(ev.String()) // what the examples print
		b.WriteByte('\n')
	}
	return b.String()
}

func ofType(evs []agent.Event, typ agent.EventType) []agent.Event {
	var out []agent.Event
	for _, ev := range evs {
		if ev.Type == typ {
			out = append(out, ev)
		}
	}
	return out
}

// behaviour is what a configured transform does in the phase under test.
type behaviour string

const (
	answers behaviour = "answers"
	fails   behaviour = "fails"
	panics  behaviour = "panics"
)

func (b behaviour) run(phase toolexec.Phase) (any, error) {
	switch b {
	case fails:
		return nil, errors.New("cannot shape " + mkTransform)
	case panics:
		panic("cannot shape " + mkTransform)
	}
	return shapedMark + "-" + string(phase), nil
}

// transformsFor returns Transforms with one function, for phase, that
// behaves as b.
func transformsFor(phase toolexec.Phase, b behaviour) tool.Transforms[acctIn, acctOut] {
	var tr tool.Transforms[acctIn, acctOut]
	switch phase {
	case toolexec.PhaseInputDelta:
		tr.InputDelta = func(context.Context, string) (any, error) { return b.run(phase) }
	case toolexec.PhaseInput:
		tr.Input = func(context.Context, acctIn) (any, error) { return b.run(phase) }
	case toolexec.PhaseOutput:
		tr.Output = func(context.Context, acctIn, acctOut) (any, error) { return b.run(phase) }
	case toolexec.PhaseError:
		tr.Error = func(context.Context, acctIn, error) (any, error) { return b.run(phase) }
	case toolexec.PhaseApproval:
		tr.Approval = func(context.Context, acctIn) (any, error) { return b.run(phase) }
	case toolexec.PhaseProgress:
		tr.Progress = func(context.Context, acctIn, tool.ProgressReport) (any, error) { return b.run(phase) }
	case toolexec.PhaseData:
		tr.Data = func(context.Context, acctIn, any) (any, error) { return b.run(phase) }
	}
	return tr
}

// policyFor returns a policy for target that behaves as b in phase and
// gives no answer in the others.
func policyFor(target tool.Target, phase toolexec.Phase, b behaviour) toolexec.TransformPolicy {
	return toolexec.TransformPolicy{Targets: []tool.Target{target}, Func: func(_ context.Context, in toolexec.TransformInput) (any, error) {
		if in.Phase != phase {
			return nil, nil
		}
		return b.run(phase)
	}}
}

// TestTransformsNeverLeak runs every phase × target × configuration
// through a real streamed run and searches every event the target sees,
// marshalled whole, for the raw payloads.
//
// Mastra 1.71: once a target is configured, every phase without a
// transform for it gets the placeholder. Side by side, a tool with only a
// transcript output transform (`transform: {transcript: {output}}`):
//
//	stream tool-result: … metadata={"display":{},"transcript":{"input-available":{"transformed":{"message":"Tool input-available payload unavailable"}},"output-available":{"transformed":"T-OUT"}}}
//
// and a transform that throws (`display: {input: () => { throw … }}`):
//
//	… "display":{"input-available":{"transformed":{"message":"Tool input-available payload unavailable"},"failed":true},…
//
// The other target, not configured, has no entry: its payloads pass raw.
func TestTransformsNeverLeak(t *testing.T) {
	type config struct {
		name       string
		configured bool // the target is configured
		answers    bool // and the phase under test has an answer
		build      func(tool.Target, toolexec.Phase) (tool.Tool, toolexec.TransformPolicy)
	}
	tool2 := func(b behaviour) func(tool.Target, toolexec.Phase) (tool.Tool, toolexec.TransformPolicy) {
		return func(target tool.Target, phase toolexec.Phase) (tool.Tool, toolexec.TransformPolicy) {
			return acctTool().WithTransform(target, transformsFor(phase, b)), toolexec.TransformPolicy{}
		}
	}
	policy := func(b behaviour) func(tool.Target, toolexec.Phase) (tool.Tool, toolexec.TransformPolicy) {
		return func(target tool.Target, phase toolexec.Phase) (tool.Tool, toolexec.TransformPolicy) {
			return acctTool(), policyFor(target, phase, b)
		}
	}
	configs := []config{
		{name: "none", build: func(tool.Target, toolexec.Phase) (tool.Tool, toolexec.TransformPolicy) {
			return acctTool(), toolexec.TransformPolicy{}
		}},
		// A generated hook stub returns Transforms{}: it configures nothing.
		// (Mastra counts the truthy {} as configured; see the file comment.)
		{name: "empty stub", build: func(target tool.Target, _ toolexec.Phase) (tool.Tool, toolexec.TransformPolicy) {
			return acctTool().WithTransform(target, tool.Transforms[acctIn, acctOut]{}), toolexec.TransformPolicy{}
		}},
		{name: "tool transform", configured: true, answers: true, build: tool2(answers)},
		{name: "tool transform fails", configured: true, build: tool2(fails)},
		{name: "tool transform panics", configured: true, build: tool2(panics)},
		{name: "agent policy", configured: true, answers: true, build: policy(answers)},
		{name: "agent policy fails", configured: true, build: policy(fails)},
		{name: "agent policy panics", configured: true, build: policy(panics)},
	}
	for _, target := range []tool.Target{tool.TargetDisplay, tool.TargetTranscript} {
		for _, phase := range allPhases {
			for _, cfg := range configs {
				t.Run(fmt.Sprintf("%s/%s/%s", target, phase, cfg.name), func(t *testing.T) {
					t.Parallel()
					tl, pol := cfg.build(target, phase)
					run := runAcct(t, tl, pol)
					seen := run.view(target)
					whole := marshalAll(t, seen)

					if !cfg.configured {
						// Nothing configures the target: every payload it sees
						// is raw, so the search below can find a leak.
						for _, p := range allPhases {
							if !seenBy(target, p) {
								continue
							}
							evs := marshalAll(t, ofType(seen, phaseEvent[p]))
							for _, mk := range phaseMarkers[p] {
								assert.Contains(t, evs, mk, "%s events carry the raw %s payload", phaseEvent[p], p)
							}
						}
						assert.NotContains(t, whole, toolexec.Placeholder)
						for _, ev := range ofType(seen, agent.EventToolCallDelta) {
							assert.False(t, ev.Suppressed)
						}
						return
					}

					for _, mk := range allMarkers {
						assert.NotContains(t, whole, mk, "a raw payload (or a transform's failure) reached the %s", target)
					}
					if cfg.answers && seenBy(target, phase) {
						assert.Contains(t, marshalAll(t, ofType(seen, phaseEvent[phase])), shapedMark+"-"+string(phase))
					}
					// Every other phase the target sees is the placeholder (or,
					// for deltas, suppressed).
					for _, p := range allPhases {
						if !seenBy(target, p) || (p == phase && cfg.answers) {
							continue
						}
						evs := ofType(seen, phaseEvent[p])
						require.NotEmpty(t, evs, "%s events", phaseEvent[p])
						for _, ev := range evs {
							if p == toolexec.PhaseInputDelta {
								assert.True(t, ev.Suppressed, "%s", ev)
								assert.Empty(t, ev.Text)
								assert.Empty(t, ev.Payload)
								continue
							}
							assert.Equal(t, toolexec.Placeholder, string(ev.Payload), "%s", ev)
						}
					}

					// The other target is not configured: it sees the raw
					// payloads, as Mastra's other target, which has no entry.
					other := otherTarget(target)
					otherView := marshalAll(t, run.view(other))
					for _, p := range allPhases {
						if seenBy(other, p) {
							for _, mk := range phaseMarkers[p] {
								assert.Contains(t, otherView, mk, "the %s is not configured", other)
							}
						}
					}
				})
			}
		}
	}
}

// TestTransformPrecedence: the agent's policy is asked first, then the
// tool's transform, as in Mastra's transformOneTarget (quoted at the top of
// this file). Side by side, policy {targets: ["display"],
// transformToolPayload: c => c.phase === "output-available" ? "P-OUT" :
// undefined} with tool transform {display: {input: "T-IN", output: "T-OUT"}}:
//
//	stream tool-result: … metadata={"display":{"input-available":{"transformed":"T-IN"},"output-available":{"transformed":"P-OUT"}},"transcript":{}}
//
// A throwing policy with tool transform {display: {output: "T-OUT"}}: the
// tool's transform is not asked.
//
//	… "display":{"input-available":{"transformed":{"message":"Tool input-available payload unavailable"},"failed":true},"output-available":{"transformed":{"message":"Tool output-available payload unavailable"},"failed":true}},"transcript":{}}
//
// A policy returning null: null is an answer.
//
//	… "display":{"input-available":{"transformed":null},"output-available":{"transformed":null}},"transcript":{}}
func TestTransformPrecedence(t *testing.T) {
	var toolCalls atomic.Int32
	toolTransforms := tool.Transforms[weatherIn, weatherOut]{
		Input: func(context.Context, weatherIn) (any, error) { toolCalls.Add(1); return "T-IN", nil },
		Output: func(context.Context, weatherIn, weatherOut) (any, error) {
			toolCalls.Add(1)
			return "T-OUT", nil
		},
	}
	display := func(t *testing.T, policy toolexec.TransformPolicy) map[agent.EventType]json.RawMessage {
		t.Helper()
		toolCalls.Store(0)
		tl := secretTool().WithTransform(tool.TargetDisplay, toolTransforms)
		a := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`)),
			Tools: tool.Toolset{"weather": tl}, Transform: policy}
		payloads, _ := streamPayloads(t, a)
		return payloads
	}
	onlyDisplay := []tool.Target{tool.TargetDisplay}

	t.Run("the policy's answer wins; no answer falls through to the tool's", func(t *testing.T) {
		p := display(t, toolexec.TransformPolicy{Targets: onlyDisplay, Func: func(_ context.Context, in toolexec.TransformInput) (any, error) {
			if in.Phase == toolexec.PhaseOutput {
				return "P-OUT", nil
			}
			return nil, nil
		}})
		assert.Equal(t, `"T-IN"`, string(p[agent.EventToolCall]))
		assert.Equal(t, `"P-OUT"`, string(p[agent.EventToolResult]))
		assert.Equal(t, int32(1), toolCalls.Load(), "the tool's output transform is not asked after the policy answered")
	})
	t.Run("a failing policy gives the placeholder without asking the tool", func(t *testing.T) {
		p := display(t, toolexec.TransformPolicy{Targets: onlyDisplay, Func: func(context.Context, toolexec.TransformInput) (any, error) {
			return nil, errors.New("policy")
		}})
		assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolCall]))
		assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolResult]))
		assert.Zero(t, toolCalls.Load())
	})
	t.Run("a panicking policy likewise", func(t *testing.T) {
		p := display(t, toolexec.TransformPolicy{Targets: onlyDisplay, Func: func(context.Context, toolexec.TransformInput) (any, error) {
			panic(secret)
		}})
		assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolResult]))
		assert.Zero(t, toolCalls.Load())
	})
	t.Run("JSON null is an answer", func(t *testing.T) {
		p := display(t, toolexec.TransformPolicy{Targets: onlyDisplay, Func: func(context.Context, toolexec.TransformInput) (any, error) {
			return json.RawMessage("null"), nil
		}})
		assert.Equal(t, "null", string(p[agent.EventToolCall]))
		assert.Equal(t, "null", string(p[agent.EventToolResult]))
		assert.Zero(t, toolCalls.Load())
	})
	t.Run("no answer from either gives the placeholder", func(t *testing.T) {
		// Mastra, tool transform {display: {input: () => undefined}}:
		//   "display":{"input-available":{"transformed":{"message":"Tool input-available payload unavailable"}},…
		tool4 := secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
			Input: func(context.Context, weatherIn) (any, error) { return nil, nil },
		})
		ag := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`)),
			Tools: tool.Toolset{"weather": tool4},
			Transform: toolexec.TransformPolicy{Targets: onlyDisplay, Func: func(context.Context, toolexec.TransformInput) (any, error) {
				return nil, nil
			}}}
		p, _ := streamPayloads(t, ag)
		assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolCall]))
		assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolResult]))
	})
}

// TestTransformPolicyTargets: a policy configures the targets it names, all
// of them when it names none, as Mastra's isPolicyConfiguredForTarget.
// Side by side, a policy answering only output-available, without targets
// and then with targets: ["display"]:
//
//	policy only, all targets:  … "display":{"input-available":{"transformed":{"message":"Tool input-available payload unavailable"}},"output-available":{"transformed":"P-OUT"}},"transcript":{"input-available":{"transformed":{"message":…}},"output-available":{"transformed":"P-OUT"}}}
//	policy targets [display]:  … "display":{…,"output-available":{"transformed":"P-OUT"}},"transcript":{}}
func TestTransformPolicyTargets(t *testing.T) {
	f := func(_ context.Context, in toolexec.TransformInput) (any, error) {
		if in.Phase == toolexec.PhaseOutput {
			return "P-OUT", nil
		}
		return nil, nil
	}
	assert.True(t, toolexec.TransformPolicy{Func: f}.Configures(tool.TargetTranscript))
	assert.False(t, toolexec.TransformPolicy{Targets: []tool.Target{}, Func: f}.Configures(tool.TargetDisplay), "targets: [] configures none")
	assert.False(t, toolexec.TransformPolicy{}.Configures(tool.TargetDisplay), "no Func, no target")

	for name, tc := range map[string]struct {
		targets    []tool.Target
		transcript bool // the transcript is configured
	}{
		"every target": {nil, true},
		"the display":  {[]tool.Target{tool.TargetDisplay}, false},
	} {
		t.Run(name, func(t *testing.T) {
			a := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`)),
				Tools: tool.Toolset{"weather": secretTool()}, Transform: toolexec.TransformPolicy{Targets: tc.targets, Func: f}}
			p, res := streamPayloads(t, a)
			assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolCall]))
			assert.Equal(t, `"P-OUT"`, string(p[agent.EventToolResult]))
			for _, ev := range res.Transcript {
				switch ev.Type {
				case agent.EventToolCall:
					if tc.transcript {
						assert.Equal(t, toolexec.Placeholder, string(ev.Payload))
					} else {
						assert.JSONEq(t, `{"location":"Paris"}`, string(ev.Payload))
					}
				case agent.EventToolResult:
					if tc.transcript {
						assert.Equal(t, `"P-OUT"`, string(ev.Payload))
					} else {
						assert.Contains(t, string(ev.Payload), secret)
					}
				}
			}
		})
	}
}

// TestInputDeltas: argument deltas of a configured display are suppressed
// unless an input-delta transform answers; the events still come, marked.
//
// Mastra emits every tool-call-delta chunk and marks it in its metadata;
// its display (AgentController, dist/agent-controller-0NjSdCnl.js) skips
// a suppressed one and shows a transformed one's value as argsTextDelta:
//
//	const transform = getTransformedToolPayload(chunk.metadata, "display", "input-delta");
//	if (!transform?.suppress) this.#session.emit({ … argsTextDelta: hasTransformedToolPayload(transform) ? transform.transformed : argsTextDelta, … })
//
// Side by side:
//
//	tool display {output} only:  stream tool-call-delta: payload="{\"account\":" metadata={"display":{"input-delta":{"suppress":true}}}
//	tool display {inputDelta}:   stream tool-call-delta: payload="\"ACC12345\"}" metadata={"display":{"input-delta":{"transformed":"\"***\"}"}}}
//	tool transcript {output}:    stream tool-call-delta: payload="{\"account\":" metadata={"transcript":{"input-delta":{"suppress":true}}}
//	policy throws:               stream tool-call-delta: payload="{\"account\":" metadata={"display":{"input-delta":{"suppress":true,"failed":true}}}
//
// Go departs in carrying only the display's form: a suppressed event has
// Suppressed set and no text (the raw piece is not in the event at all).
// Deltas are the display's only, as before: Result.Transcript has none, so
// a transcript configuration does not touch them.
func TestInputDeltas(t *testing.T) {
	args := `{"location":"` + secret + `"}`
	deltas := func(t *testing.T, tl tool.Tool, policy toolexec.TransformPolicy) ([]agent.Event, *agent.Result) {
		t.Helper()
		model := callThenAnswer(scripted.Call("weather", args))
		model.ChunkSize = 4
		a := &agent.Agent{ID: "a", Model: model, Tools: tool.Toolset{"weather": tl}, Transform: policy}
		var out []agent.Event
		var res *agent.Result
		for _, ev := range collect(t, a.Stream(t.Context(), "go")) {
			if ev.Type == agent.EventToolCallDelta {
				out = append(out, ev)
			}
			if ev.Result != nil {
				res = ev.Result
			}
		}
		require.Len(t, out, (len(args)+3)/4, "one event per piece, suppressed or not")
		for _, ev := range out {
			assert.Equal(t, "weather", ev.ToolName)
			assert.Equal(t, "call_1", ev.ToolCallID)
		}
		require.NotNil(t, res)
		for _, ev := range res.Transcript {
			assert.NotEqual(t, agent.EventToolCallDelta, ev.Type, "deltas are not in the transcript")
		}
		return out, res
	}
	text := func(evs []agent.Event) string {
		var b strings.Builder
		for _, ev := range evs {
			b.WriteString(ev.Text)
		}
		return b.String()
	}

	t.Run("raw when nothing configures the display", func(t *testing.T) {
		evs, _ := deltas(t, secretTool(), toolexec.TransformPolicy{})
		assert.Equal(t, args, text(evs))
		evs, _ = deltas(t, secretTool().WithTransform(tool.TargetTranscript, tool.Transforms[weatherIn, weatherOut]{
			Output: func(context.Context, weatherIn, weatherOut) (any, error) { return "T-OUT", nil },
		}), toolexec.TransformPolicy{})
		assert.Equal(t, args, text(evs), "a transcript configuration leaves the display's deltas alone")
	})
	t.Run("suppressed for a configured display without an input-delta transform", func(t *testing.T) {
		evs, _ := deltas(t, secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
			Output: func(context.Context, weatherIn, weatherOut) (any, error) { return "D-OUT", nil },
		}), toolexec.TransformPolicy{})
		for _, ev := range evs {
			assert.True(t, ev.Suppressed)
			assert.Empty(t, ev.Text)
			data, err := json.Marshal(ev)
			require.NoError(t, err)
			assert.JSONEq(t, `{"type":"tool-call-delta","agentId":"a","step":1,"toolName":"weather","toolCallId":"call_1","suppressed":true}`, string(data))
			assert.Equal(t, "tool-call-delta weather (suppressed)", ev.String())
		}
	})
	t.Run("suppressed when a policy configures the display", func(t *testing.T) {
		evs, _ := deltas(t, secretTool(), toolexec.TransformPolicy{Targets: []tool.Target{tool.TargetDisplay},
			Func: func(_ context.Context, in toolexec.TransformInput) (any, error) {
				if in.Phase == toolexec.PhaseOutput {
					return "P-OUT", nil
				}
				return nil, nil
			}})
		for _, ev := range evs {
			assert.True(t, ev.Suppressed)
		}
	})
	t.Run("the tool's input-delta transform", func(t *testing.T) {
		var got strings.Builder
		evs, _ := deltas(t, secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
			InputDelta: func(_ context.Context, delta string) (any, error) {
				got.WriteString(delta)
				return strings.Repeat("*", len(delta)), nil
			},
		}), toolexec.TransformPolicy{})
		assert.Equal(t, args, got.String(), "the transform sees each raw piece, in order")
		assert.Equal(t, strings.Repeat("*", len(args)), text(evs))
		for _, ev := range evs {
			assert.False(t, ev.Suppressed)
		}
	})
	t.Run("a non-string answer is shown as JSON", func(t *testing.T) {
		evs, _ := deltas(t, secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
			InputDelta: func(_ context.Context, delta string) (any, error) { return len(delta), nil },
		}), toolexec.TransformPolicy{})
		assert.Equal(t, "4", evs[0].Text)
	})
	t.Run("the policy's answer, and in.Raw passes the piece through", func(t *testing.T) {
		var deltasSeen []toolexec.TransformInput
		evs, _ := deltas(t, secretTool(), toolexec.TransformPolicy{Targets: []tool.Target{tool.TargetDisplay},
			Func: func(_ context.Context, in toolexec.TransformInput) (any, error) {
				if in.Phase == toolexec.PhaseInputDelta {
					deltasSeen = append(deltasSeen, in)
					return in.Raw, nil
				}
				return nil, nil
			}})
		assert.Equal(t, args, text(evs))
		require.NotEmpty(t, deltasSeen)
		first := deltasSeen[0]
		assert.Equal(t, toolexec.TransformInput{Target: tool.TargetDisplay, Phase: toolexec.PhaseInputDelta, ToolName: "weather",
			ToolCallID: "call_1", Delta: args[:4], Raw: json.RawMessage(`"{\"lo"`)}, first)
	})
	t.Run("a failing, panicking or unencodable input-delta transform suppresses", func(t *testing.T) {
		for name, fn := range map[string]func(context.Context, string) (any, error){
			"fails":     func(context.Context, string) (any, error) { return nil, errors.New(secret) },
			"panics":    func(context.Context, string) (any, error) { panic(secret) },
			"no answer": func(context.Context, string) (any, error) { return nil, nil },
			"no json":   func(context.Context, string) (any, error) { return func() {}, nil },
		} {
			t.Run(name, func(t *testing.T) {
				evs, _ := deltas(t, secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{InputDelta: fn}), toolexec.TransformPolicy{})
				for _, ev := range evs {
					assert.True(t, ev.Suppressed)
					assert.Empty(t, ev.Text)
				}
			})
		}
	})
	t.Run("an input-delta transform alone configures the display", func(t *testing.T) {
		tool6 := secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
			InputDelta: func(context.Context, string) (any, error) { return "", nil },
		})
		ag := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", args)), Tools: tool.Toolset{"weather": tool6}}
		p, _ := streamPayloads(t, ag)
		assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolCall]))
		assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolResult]))
	})
}

// TestConfiguredTargetWithInvalidArguments: a call whose arguments did not
// decode has no typed input for the tool's Input and Error transforms; a
// configured target gets the policy's answer or the placeholder, never
// the null or error object a target that is not configured sees.
func TestConfiguredTargetWithInvalidArguments(t *testing.T) {
	tl := secretTool().WithTransform(tool.TargetDisplay, tool.Transforms[weatherIn, weatherOut]{
		Input: func(context.Context, weatherIn) (any, error) { return "T-IN", nil },
		Error: func(context.Context, weatherIn, error) (any, error) { return "T-ERR", nil },
	})
	a := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":1}`)), Tools: tool.Toolset{"weather": tl}}
	p, res := streamPayloads(t, a)
	assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolCall]))
	assert.Equal(t, toolexec.Placeholder, string(p[agent.EventToolError]))
	for _, ev := range res.Transcript {
		switch ev.Type {
		case agent.EventToolCall:
			assert.Equal(t, "null", string(ev.Payload), "the transcript is not configured")
		case agent.EventToolError:
			assert.Contains(t, string(ev.Payload), `"kind":"invalid-arguments"`)
		}
	}
}
