package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// recorded is a Config whose spans and metrics stay in memory.
type recorded struct {
	cfg     *telemetry.Config
	spans   *tracetest.SpanRecorder
	metrics *sdkmetric.ManualReader
}

// record returns a Config on the SDK, recording into memory, with content
// capture as given.
func record(t *testing.T, capture bool) recorded {
	t.Helper()
	spans := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(spans))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	t.Cleanup(func() {
		_ = tp.Shutdown(context.Background())
		_ = mp.Shutdown(context.Background())
	})
	return recorded{cfg: &telemetry.Config{TracerProvider: tp, MeterProvider: mp, CaptureContent: &capture}, spans: spans, metrics: reader}
}

// spanView is what a test asserts of a span.
type spanView struct {
	Name   string
	Kind   trace.SpanKind
	Parent string // the parent's name, "" for a root
	Attrs  map[string]any
	Events []map[string]any // each event's attributes, and its name as "event"
	Status codes.Code
}

// views returns the recorded spans in the order they started, after
// checking that every one ended.
func (r recorded) views(t *testing.T) []spanView {
	t.Helper()
	started := r.spans.Started()
	require.Len(t, r.spans.Ended(), len(started), "every span ends")
	names := map[trace.SpanID]string{}
	for _, s := range started {
		names[s.SpanContext().SpanID()] = s.Name()
	}
	out := make([]spanView, len(started))
	for i, s := range started {
		v := spanView{Name: s.Name(), Kind: s.SpanKind(), Parent: names[s.Parent().SpanID()], Attrs: map[string]any{}, Status: s.Status().Code}
		for _, kv := range s.Attributes() {
			v.Attrs[string(kv.Key)] = kv.Value.AsInterface()
		}
		for _, e := range s.Events() {
			ev := map[string]any{"event": e.Name}
			for _, kv := range e.Attributes {
				ev[string(kv.Key)] = kv.Value.AsInterface()
			}
			v.Events = append(v.Events, ev)
		}
		out[i] = v
	}
	return out
}

// described is a model that says what it is.
type described struct {
	llm.Model
	info llm.ModelInfo
}

func (d described) Describe() llm.ModelInfo { return d.info }

var testModelInfo = llm.ModelInfo{Provider: "openai", Model: "gpt-test", ServerAddress: "api.test", ServerPort: 443}

// chatAttrs are the attributes of a chat span of the described model.
func chatAttrs(extra map[string]any) map[string]any {
	m := map[string]any{
		"gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai", "gen_ai.request.model": "gpt-test",
		"server.address": "api.test", "server.port": int64(443), "gen_ai.response.model": "scripted",
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// toolAttrs are the attributes of an execute_tool span.
func toolAttrs(name, id, desc string, extra map[string]any) map[string]any {
	m := map[string]any{"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name, "gen_ai.tool.type": "function", "gen_ai.tool.call.id": id}
	if desc != "" {
		m["gen_ai.tool.description"] = desc
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

const weatherDesc = "Fetches the current weather for a location."

// TestTelemetryRun: a run whose step calls a tool that succeeds, one with
// invalid arguments and one that fails gets one invoke_agent span, a chat
// span per request and an execute_tool span per call, all children of the
// run's span, with the conventions' attributes; streaming or not.
func TestTelemetryRun(t *testing.T) {
	for _, streaming := range []bool{false, true} {
		t.Run(fmt.Sprintf("streaming=%v", streaming), func(t *testing.T) {
			rec := record(t, false)
			model := scripted.New(
				scripted.Turn{ToolCalls: []llm.ToolCall{
					scripted.Call("weather", `{"location":"Paris"}`),
					scripted.Call("weather", `{"Location":1}`),
					scripted.Call("failing", `{}`),
				}, Usage: llm.Usage{InputTokens: 10, OutputTokens: 5, TotalTokens: 15, CachedInputTokens: 4}},
				scripted.Turn{Text: "done", Usage: llm.Usage{InputTokens: 20, OutputTokens: 3, TotalTokens: 23}},
			)
			a := &agent.Agent{
				ID: "weather-agent", Name: "Weather", Description: "Answers about the weather.",
				Model:     described{model, testModelInfo},
				Tools:     tool.Toolset{"weather": weatherTool(), "failing": fnTool("failing", func(context.Context) (string, error) { return "", errBoom })},
				Telemetry: rec.cfg,
			}
			if streaming {
				collect(t, a.Stream(t.Context(), "Weather in Paris?"))
			} else {
				_, err := a.Generate(t.Context(), "Weather in Paris?")
				require.NoError(t, err)
			}

			run := "invoke_agent Weather"
			want := []spanView{
				{Name: run, Kind: trace.SpanKindInternal, Attrs: map[string]any{
					"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "Weather", "gen_ai.agent.id": "weather-agent",
					"gen_ai.agent.description": "Answers about the weather.", "gen_ai.provider.name": "openai", "gen_ai.request.model": "gpt-test",
					"toolgen.run.steps": int64(2), "gen_ai.response.finish_reasons": []string{"stop"},
					"gen_ai.usage.input_tokens": int64(30), "gen_ai.usage.output_tokens": int64(8), "gen_ai.usage.cache_read.input_tokens": int64(4),
				}},
				{Name: "chat gpt-test", Kind: trace.SpanKindClient, Parent: run, Attrs: chatAttrs(map[string]any{
					"gen_ai.response.finish_reasons": []string{"tool-calls"},
					"gen_ai.usage.input_tokens":      int64(10), "gen_ai.usage.output_tokens": int64(5), "gen_ai.usage.cache_read.input_tokens": int64(4),
				})},
				{Name: "execute_tool weather", Kind: trace.SpanKindInternal, Parent: run, Attrs: toolAttrs("weather", "call_1", weatherDesc, nil)},
				{Name: "execute_tool weather", Kind: trace.SpanKindInternal, Parent: run, Status: codes.Error,
					Attrs: toolAttrs("weather", "call_2", weatherDesc, map[string]any{"error.type": "invalid-arguments"})},
				{Name: "execute_tool failing", Kind: trace.SpanKindInternal, Parent: run, Status: codes.Error,
					Attrs: toolAttrs("failing", "call_3", "Test tool failing.", map[string]any{"error.type": "tool-failed"})},
				{Name: "chat gpt-test", Kind: trace.SpanKindClient, Parent: run, Attrs: chatAttrs(map[string]any{
					"gen_ai.response.finish_reasons": []string{"stop"},
					"gen_ai.usage.input_tokens":      int64(20), "gen_ai.usage.output_tokens": int64(3),
				})},
			}
			assert.Equal(t, want, rec.views(t))
		})
	}
}

// TestTelemetryMetrics: the token usage, operation duration and tool
// duration histograms, with the conventions' buckets and attributes.
func TestTelemetryMetrics(t *testing.T) {
	rec := record(t, false)
	model := scripted.New(
		scripted.Turn{ToolCalls: []llm.ToolCall{scripted.Call("weather", `{"location":"Paris"}`), scripted.Call("weather", `{}`)},
			Usage: llm.Usage{InputTokens: 10, OutputTokens: 5, TotalTokens: 15}},
		scripted.Turn{Text: "done", Usage: llm.Usage{InputTokens: 20, OutputTokens: 3, TotalTokens: 23}},
	)
	a := &agent.Agent{ID: "weather-agent", Model: described{model, testModelInfo}, Tools: tool.Toolset{"weather": weatherTool()}, Telemetry: rec.cfg}
	_, err := a.Generate(t.Context(), "Weather?")
	require.NoError(t, err)

	var rm metricdata.ResourceMetrics
	require.NoError(t, rec.metrics.Collect(t.Context(), &rm))
	require.Len(t, rm.ScopeMetrics, 1)
	assert.Equal(t, telemetry.ScopeName, rm.ScopeMetrics[0].Scope.Name)
	got := map[string]metricdata.Metrics{}
	for _, m := range rm.ScopeMetrics[0].Metrics {
		got[m.Name] = m
	}
	chat := map[string]any{
		"gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai", "gen_ai.request.model": "gpt-test",
		"gen_ai.response.model": "scripted", "server.address": "api.test", "server.port": int64(443),
	}
	with := func(k string, v any) map[string]any {
		m := map[string]any{k: v}
		for k, v := range chat {
			m[k] = v
		}
		return m
	}
	tokenBuckets := []float64{1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864}
	durationBuckets := []float64{0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92}

	tokens := got["gen_ai.client.token.usage"]
	assert.Equal(t, "{token}", tokens.Unit)
	assert.ElementsMatch(t, []histPoint{
		{Attrs: with("gen_ai.token.type", "input"), Count: 2, Sum: 30, Bounds: tokenBuckets},
		{Attrs: with("gen_ai.token.type", "output"), Count: 2, Sum: 8, Bounds: tokenBuckets},
	}, intPoints(t, tokens))

	duration := got["gen_ai.client.operation.duration"]
	assert.Equal(t, "s", duration.Unit)
	assert.Equal(t, []histPoint{{Attrs: chat, Count: 2, Bounds: durationBuckets}}, floatPoints(t, duration))

	tools := got["gen_ai.execute_tool.duration"]
	assert.Equal(t, "s", tools.Unit)
	toolAttrs := map[string]any{"gen_ai.tool.name": "weather", "gen_ai.tool.type": "function", "gen_ai.agent.name": "weather-agent"}
	failed := map[string]any{"error.type": "invalid-arguments"}
	for k, v := range toolAttrs {
		failed[k] = v
	}
	assert.ElementsMatch(t, []histPoint{
		{Attrs: toolAttrs, Count: 1, Bounds: durationBuckets},
		{Attrs: failed, Count: 1, Bounds: durationBuckets},
	}, floatPoints(t, tools))
}

// histPoint is what a test asserts of a histogram's data point; Sum is
// compared for token counts only.
type histPoint struct {
	Attrs  map[string]any
	Count  uint64
	Sum    float64
	Bounds []float64
}

func intPoints(t *testing.T, m metricdata.Metrics) []histPoint {
	t.Helper()
	h, ok := m.Data.(metricdata.Histogram[int64])
	require.True(t, ok, "%s is an int64 histogram: %T", m.Name, m.Data)
	var out []histPoint
	for _, p := range h.DataPoints {
		out = append(out, histPoint{Attrs: attrMap(p.Attributes.ToSlice()), Count: p.Count, Sum: float64(p.Sum), Bounds: p.Bounds})
	}
	return out
}

func floatPoints(t *testing.T, m metricdata.Metrics) []histPoint {
	t.Helper()
	h, ok := m.Data.(metricdata.Histogram[float64])
	require.True(t, ok, "%s is a float64 histogram: %T", m.Name, m.Data)
	var out []histPoint
	for _, p := range h.DataPoints {
		out = append(out, histPoint{Attrs: attrMap(p.Attributes.ToSlice()), Count: p.Count, Bounds: p.Bounds})
	}
	return out
}

// TestTelemetryNesting: a subagent's run nests under the execute_tool
// span of the call that runs it, and a workflow's work under its call's,
// through ctx alone: the subagent has no Telemetry of its own, and a
// toolexec.Execute in the workflow is given none.
func TestTelemetryNesting(t *testing.T) {
	rec := record(t, false)
	sub := &agent.Agent{ID: "helper", Model: callThenAnswer(scripted.Call("weather", `{"location":"Lyon"}`)), Tools: tool.Toolset{"weather": weatherTool()}}
	w := agent.NewWorkflow(agent.WorkflowSpec{ID: "w", Description: "Checks the weather.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, _ struct{}, _ *struct{}) (string, error) {
			o, err := toolexec.Execute(ctx, tool.Toolset{"weather": weatherTool()}, toolexec.ToolCall{ID: "inner", Name: "weather", Arguments: json.RawMessage(`{"location":"Nice"}`)}, nil)
			if err != nil || o.Err != nil {
				return "", errors.Join(err, o.Err)
			}
			return "checked", nil
		})
	model := scripted.New(
		scripted.Calls(scripted.Call("agent-helper", `{"prompt":"Lyon?"}`)),
		scripted.Calls(scripted.Call("workflow-w", `{"inputData":{}}`)),
		scripted.Text("done"),
	)
	a := &agent.Agent{ID: "main", Model: model, Agents: map[string]*agent.Agent{"helper": sub}, Workflows: map[string]agent.Workflow{"w": w}, Telemetry: rec.cfg}
	_, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)

	type edge struct{ Name, Parent string }
	var got []edge
	for _, v := range rec.views(t) {
		got = append(got, edge{v.Name, v.Parent})
	}
	assert.Equal(t, []edge{
		{"invoke_agent main", ""},
		{"chat", "invoke_agent main"},
		{"execute_tool agent-helper", "invoke_agent main"},
		{"invoke_agent helper", "execute_tool agent-helper"},
		{"chat", "invoke_agent helper"},
		{"execute_tool weather", "invoke_agent helper"},
		{"chat", "invoke_agent helper"},
		{"chat", "invoke_agent main"},
		{"execute_tool workflow-w", "invoke_agent main"},
		{"execute_tool weather", "execute_tool workflow-w"},
		{"chat", "invoke_agent main"},
	}, got)
}

// TestTelemetryApproval: a call that waits for approval ends its span
// with a waiting event, and the run's span says it paused; the call that
// resumes the run has its own invoke_agent span, linked to the paused
// one's, in which the call goes on (approved) or fails (declined).
func TestTelemetryApproval(t *testing.T) {
	cases := []struct {
		name    string
		answer  func(p agent.PendingCall) agent.Answer
		tool    spanView
		chatTwo bool
	}{
		{
			name:   "approved",
			answer: func(p agent.PendingCall) agent.Answer { return p.Approve() },
			tool: spanView{Name: "execute_tool weather", Kind: trace.SpanKindInternal, Parent: "invoke_agent a",
				Attrs:  toolAttrs("weather", "call_1", weatherDesc, nil),
				Events: []map[string]any{{"event": "toolgen.tool.resumed", "toolgen.pending.kind": "approval", "toolgen.approval.approved": true}}},
		},
		{
			name:   "declined",
			answer: func(p agent.PendingCall) agent.Answer { return p.Decline("no") },
			tool: spanView{Name: "execute_tool weather", Kind: trace.SpanKindInternal, Parent: "invoke_agent a", Status: codes.Error,
				Attrs:  toolAttrs("weather", "call_1", weatherDesc, map[string]any{"error.type": "declined"}),
				Events: []map[string]any{{"event": "toolgen.tool.resumed", "toolgen.pending.kind": "approval", "toolgen.approval.approved": false}}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := record(t, false)
			a := &agent.Agent{ID: "a", Model: callThenAnswer(scripted.Call("weather", `{"location":"Paris"}`)), Tools: tool.Toolset{"weather": weatherTool()}, Telemetry: rec.cfg}
			paused, err := a.Generate(t.Context(), "go", agent.RequireApproval())
			require.NoError(t, err)
			require.NotNil(t, paused.State)
			require.NotEmpty(t, paused.State.TraceParent)
			data, err := json.Marshal(paused.State)
			require.NoError(t, err)
			var state agent.RunState
			require.NoError(t, json.Unmarshal(data, &state))

			first := rec.views(t)
			assert.Equal(t, []spanView{
				{Name: "invoke_agent a", Kind: trace.SpanKindInternal, Attrs: map[string]any{
					"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a", "gen_ai.agent.id": "a",
					"toolgen.run.steps": int64(0), "gen_ai.response.finish_reasons": []string{"approval-required"},
				}, Events: []map[string]any{{"event": "toolgen.run.paused", "toolgen.run.pending": int64(1)}}},
				{Name: "chat", Kind: trace.SpanKindClient, Parent: "invoke_agent a", Attrs: map[string]any{
					"gen_ai.operation.name": "chat", "gen_ai.response.model": "scripted", "gen_ai.response.finish_reasons": []string{"tool-calls"},
				}},
				{Name: "execute_tool weather", Kind: trace.SpanKindInternal, Parent: "invoke_agent a", Attrs: toolAttrs("weather", "call_1", weatherDesc, nil),
					Events: []map[string]any{{"event": "toolgen.tool.waiting", "toolgen.pending.kind": "approval"}}},
			}, first)
			pausedSpan := rec.spans.Started()[0].SpanContext()

			_, err = a.Resume(t.Context(), &state, []agent.Answer{c.answer(paused.Pending[0])}, agent.RequireApproval())
			require.NoError(t, err)
			all := rec.views(t)
			require.Len(t, all, 6)
			assert.Equal(t, spanView{Name: "invoke_agent a", Kind: trace.SpanKindInternal, Attrs: map[string]any{
				"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a", "gen_ai.agent.id": "a",
				"toolgen.run.resumed": true, "toolgen.run.resumed_step": int64(1),
				"toolgen.run.steps": int64(2), "gen_ai.response.finish_reasons": []string{"stop"},
			}}, all[3])
			assert.Equal(t, c.tool, all[4])
			assert.Equal(t, "chat", all[5].Name)

			resumed := rec.spans.Started()[3]
			require.Len(t, resumed.Links(), 1)
			link := resumed.Links()[0].SpanContext
			assert.Equal(t, pausedSpan.TraceID(), link.TraceID())
			assert.Equal(t, pausedSpan.SpanID(), link.SpanID())
			assert.NotEqual(t, pausedSpan.TraceID(), resumed.SpanContext().TraceID(), "a resumed run is a trace of its own, linked to the paused one")
		})
	}
}

type secretIn struct {
	Location string `json:"location"`
	Token    string `json:"token"`
}

type secretOut struct {
	Location string  `json:"location"`
	TempC    float64 `json:"tempC"`
	Secret   string  `json:"secret"`
}

// TestTelemetryContent: with content capture on, the spans carry the
// messages and the tool payloads as the display target sees them; what
// the display transforms hide appears in no span, and no payload appears
// without capture.
func TestTelemetryContent(t *testing.T) {
	secretive := func() *tool.Func[secretIn, secretOut] {
		return tool.NewFunc(&tool.Spec{ID: "secretive", Description: "Reads a secret.", InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, secretIn) (secretOut, error) {
				return secretOut{Location: "Paris", TempC: 21.5, Secret: "s3cr3t-output"}, nil
			}).WithTransform(tool.TargetDisplay, tool.Transforms[secretIn, secretOut]{
			Input: func(_ context.Context, in secretIn) (any, error) {
				return map[string]string{"location": in.Location}, nil
			},
			Output: func(_ context.Context, _ secretIn, out secretOut) (any, error) {
				return map[string]any{"tempC": out.TempC}, nil
			},
		})
	}
	run := func(t *testing.T, capture bool) recorded {
		rec := record(t, capture)
		model := callThenAnswer(scripted.Call("secretive", `{"location":"Paris","token":"s3cr3t-input"}`), scripted.Call("weather", `{"location":"Lyon"}`))
		a := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: model, Tools: tool.Toolset{"secretive": secretive(), "weather": weatherTool()}, Telemetry: rec.cfg}
		_, err := a.Generate(t.Context(), "Weather in Paris?")
		require.NoError(t, err)
		return rec
	}
	for _, capture := range []bool{false, true} {
		t.Run(fmt.Sprintf("capture=%v", capture), func(t *testing.T) {
			views := run(t, capture).views(t)
			for _, v := range views {
				text := fmt.Sprint(v.Attrs, v.Events)
				assert.NotContains(t, text, "s3cr3t", "span %s", v.Name)
				if !capture {
					assert.NotContains(t, text, "Paris", "span %s", v.Name)
				}
			}
			if !capture {
				return
			}
			byName := map[string][]spanView{}
			for _, v := range views {
				byName[v.Name] = append(byName[v.Name], v)
			}
			secret := byName["execute_tool secretive"][0].Attrs
			assert.JSONEq(t, `{"location":"Paris"}`, secret["gen_ai.tool.call.arguments"].(string))
			assert.JSONEq(t, `{"tempC":21.5}`, secret["gen_ai.tool.call.result"].(string))
			weather := byName["execute_tool weather"][0].Attrs
			assert.JSONEq(t, `{"location":"Lyon"}`, weather["gen_ai.tool.call.arguments"].(string))
			assert.JSONEq(t, `{"location":"Lyon","tempC":21.5}`, weather["gen_ai.tool.call.result"].(string))

			chats := byName["chat"]
			require.Len(t, chats, 2)
			assert.JSONEq(t, `[{"type":"text","content":"Be brief."}]`, chats[0].Attrs["gen_ai.system_instructions"].(string))
			assert.JSONEq(t, `[{"role":"user","parts":[{"type":"text","content":"Weather in Paris?"}]}]`, chats[0].Attrs["gen_ai.input.messages"].(string))
			placeholder := toolexec.Placeholder
			assert.JSONEq(t, `[{"role":"assistant","finish_reason":"tool-calls","parts":[
				{"type":"tool_call","id":"call_1","name":"secretive","arguments":`+placeholder+`},
				{"type":"tool_call","id":"call_2","name":"weather","arguments":{"location":"Lyon"}}]}]`,
				chats[0].Attrs["gen_ai.output.messages"].(string))
			assert.JSONEq(t, `[{"role":"user","parts":[{"type":"text","content":"Weather in Paris?"}]},
				{"role":"assistant","parts":[
					{"type":"tool_call","id":"call_1","name":"secretive","arguments":`+placeholder+`},
					{"type":"tool_call","id":"call_2","name":"weather","arguments":{"location":"Lyon"}}]},
				{"role":"tool","parts":[
					{"type":"tool_call_response","id":"call_1","response":`+placeholder+`},
					{"type":"tool_call_response","id":"call_2","response":{"location":"Lyon","tempC":21.5}}]}]`,
				chats[1].Attrs["gen_ai.input.messages"].(string))
			assert.JSONEq(t, `[{"role":"assistant","finish_reason":"stop","parts":[{"type":"text","content":"done"}]}]`,
				chats[1].Attrs["gen_ai.output.messages"].(string))
		})
	}
}

// TestTelemetryBackground: a background call's span lasts until its task
// settles, with events for the task's start and end.
func TestTelemetryBackground(t *testing.T) {
	rec := record(t, false)
	slow := fnTool("slow", func(context.Context) (string, error) { return "late", nil }).WithBackground()
	a := &agent.Agent{ID: "a", Model: scripted.New(scripted.Calls(scripted.Call("slow", `{"_background":{"disposition":"awaited"}}`)), scripted.Text("waiting"), scripted.Text("done")),
		Tools: tool.Toolset{"slow": slow}, Telemetry: rec.cfg}
	_, err := a.Generate(t.Context(), "go")
	require.NoError(t, err)
	var found bool
	for _, v := range rec.views(t) {
		if v.Name == "execute_tool slow" {
			found = true
			assert.Equal(t, []map[string]any{
				{"event": "toolgen.background.started", "toolgen.task.id": "task-1"},
				{"event": "toolgen.background.finished", "toolgen.task.id": "task-1"},
			}, v.Events)
			assert.Equal(t, codes.Unset, v.Status)
		}
	}
	assert.True(t, found, "the background call has a span")
}

// TestTelemetryRunError: a run that fails has error.type and an error
// status on its span and on its chat span.
func TestTelemetryRunError(t *testing.T) {
	rec := record(t, false)
	a := &agent.Agent{ID: "a", Model: scripted.New(scripted.Fail(errBoom)), Telemetry: rec.cfg}
	_, err := a.Generate(t.Context(), "go")
	require.ErrorIs(t, err, errBoom)
	views := rec.views(t)
	require.Len(t, views, 2)
	for _, v := range views {
		assert.Equal(t, codes.Error, v.Status, v.Name)
		assert.Equal(t, "_OTHER", v.Attrs["error.type"], v.Name)
	}
}

// attrMap is a map of attributes, their values as Go values.
func attrMap(kvs []attribute.KeyValue) map[string]any {
	m := map[string]any{}
	for _, kv := range kvs {
		m[string(kv.Key)] = kv.Value.AsInterface()
	}
	return m
}
