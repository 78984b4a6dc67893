package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/baggage"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// w3c is the propagator of both ends: W3C Trace Context and Baggage.
var w3c = propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})

// tracedTools are the tools of the tracing tests: echo answers the text
// with the value of the "user" baggage member it sees, fail fails.
func tracedTools() tool.Toolset {
	return tool.Toolset{
		"echo": echoTool("echo", tool.Annotations{}, func(ctx context.Context, s string) (string, error) {
			return s + "/" + baggage.FromContext(ctx).Member("user").Value(), nil
		}),
		"fail": echoTool("fail", tool.Annotations{}, func(context.Context, string) (string, error) { return "", errBackend }),
	}
}

// spanAttrs are the attributes of s by key.
func spanAttrs(s sdktrace.ReadOnlySpan) map[string]any {
	got := map[string]any{}
	for _, kv := range s.Attributes() {
		got[string(kv.Key)] = kv.Value.AsInterface()
	}
	return got
}

// TestTraceCrossesMCP: a remote tool called by toolexec.Execute (as an
// agent's loop calls it) sends the trace context of its execute_tool span
// and the baggage in the request's _meta; the server, with a tracer
// provider of its own, continues the trace: its span is a child of the
// client's, in the same trace, named and attributed as both the MCP server
// span and an execute_tool span; the client's span gets the MCP
// attributes. Over stateless streamable HTTP behind a handler that starts
// a span of its own (as otelhttp would), the server's span links to it;
// over stateful streamable HTTP, both ends name the session.
func TestTraceCrossesMCP(t *testing.T) {
	tests := []struct {
		name      string
		transport string
		clientCfg *telemetry.Config // ClientOptions.Telemetry
		tool      string
		text      string
		errorType string
	}{
		{"in memory, propagator from the run", "memory", nil, "echo", "hi/ada", ""},
		{"in memory, propagator of the client", "memory", &telemetry.Config{Propagator: w3c}, "echo", "hi/ada", ""},
		{"in memory, a failing tool", "memory", nil, "fail", "", "tool-failed"},
		{"streamable HTTP", "http", nil, "echo", "hi/ada", ""},
		{"stateless streamable HTTP", "stateless", nil, "echo", "hi/ada", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clientRec, serverRec := tracetest.NewSpanRecorder(), tracetest.NewSpanRecorder()
			clientTP := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(clientRec))
			serverTP := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(serverRec))
			srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tracedTools(),
				&mcp.ServerOptions{Telemetry: &telemetry.Config{TracerProvider: serverTP, Propagator: w3c}})
			require.NoError(t, err)

			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			var c *mcp.Client
			var httpSpan atomic.Pointer[trace.SpanContext] // the span of the tools/call request
			switch tt.transport {
			case "memory":
				st, ct := sdk.NewInMemoryTransports()
				ss, err := srv.Connect(ctx, st, nil)
				require.NoError(t, err)
				defer ss.Close()
				c, err = mcp.Connect(ctx, ct, &mcp.ClientOptions{Telemetry: tt.clientCfg})
				require.NoError(t, err)
			case "http", "stateless":
				h := mcp.HTTPHandler(srv, &mcp.HTTPOptions{SDK: &sdk.StreamableHTTPOptions{Stateless: tt.transport == "stateless"}})
				ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					var body struct{ Method string }
					if r.Method == http.MethodPost {
						// Only the tools/call request gets a span: peek.
						data, _ := readAll(r)
						_ = json.Unmarshal(data, &body)
					}
					if body.Method != "tools/call" {
						h.ServeHTTP(w, r)
						return
					}
					ctx, span := serverTP.Tracer("http").Start(r.Context(), "POST /mcp", trace.WithSpanKind(trace.SpanKindServer))
					defer span.End()
					sc := span.SpanContext()
					httpSpan.Store(&sc)
					h.ServeHTTP(w, r.WithContext(ctx))
				}))
				defer ts.Close()
				c, err = mcp.ConnectHTTP(ctx, ts.URL, &mcp.ClientOptions{Telemetry: tt.clientCfg})
				require.NoError(t, err)
			}
			defer c.Close()

			member, err := baggage.NewMember("user", "ada")
			require.NoError(t, err)
			bag, err := baggage.New(member)
			require.NoError(t, err)
			runCtx, run := clientTP.Tracer("test").Start(baggage.ContextWithBaggage(ctx, bag), "run")
			o, err := toolexec.Execute(runCtx, c.Tools(), toolexec.ToolCall{ID: "call-1", Name: tt.tool, Arguments: json.RawMessage(`{"text":"hi"}`)},
				&toolexec.ExecuteOptions{Telemetry: &telemetry.Config{TracerProvider: clientTP, Propagator: w3c}})
			require.NoError(t, err)
			run.End()
			if tt.errorType == "" {
				require.Nil(t, o.Err)
				assert.JSONEq(t, `{"text":"`+tt.text+`"}`, string(o.Output.JSON), "the baggage reached the tool")
			} else {
				require.NotNil(t, o.Err)
			}

			clientSpans := clientRec.Ended()
			require.Len(t, clientSpans, 2, "the client's execute_tool span and the run's")
			cs := clientSpans[0]
			require.Equal(t, "execute_tool "+tt.tool, cs.Name())
			assert.Equal(t, trace.SpanKindInternal, cs.SpanKind())
			ca := spanAttrs(cs)
			assert.Equal(t, "tools/call", ca["mcp.method.name"])
			assert.NotEmpty(t, ca["mcp.protocol.version"])
			assert.Equal(t, "call-1", ca["gen_ai.tool.call.id"])

			var ss sdktrace.ReadOnlySpan
			for _, s := range serverRec.Ended() {
				if s.Name() != "POST /mcp" {
					ss = s
				}
			}
			require.NotNil(t, ss, "the server recorded the call")
			assert.Equal(t, "tools/call "+tt.tool, ss.Name())
			assert.Equal(t, trace.SpanKindServer, ss.SpanKind())
			assert.Equal(t, cs.SpanContext().TraceID(), ss.SpanContext().TraceID(), "one trace")
			assert.Equal(t, cs.SpanContext().SpanID(), ss.Parent().SpanID(), "the server's span is a child of the client's")
			assert.True(t, ss.Parent().IsRemote())
			sa := spanAttrs(ss)
			for k, v := range map[string]any{
				"mcp.method.name": "tools/call", "gen_ai.operation.name": "execute_tool",
				"gen_ai.tool.name": tt.tool, "gen_ai.tool.type": "function", "gen_ai.tool.description": "Test tool " + tt.tool + ".",
			} {
				assert.Equal(t, v, sa[k], k)
			}
			assert.Equal(t, ca["mcp.protocol.version"], sa["mcp.protocol.version"])
			if tt.errorType != "" {
				assert.Equal(t, tt.errorType, sa["error.type"])
				assert.Equal(t, codes.Error, ss.Status().Code)
				assert.Equal(t, tt.errorType, ca["error.type"], "the client's span says the same")
			} else {
				assert.NotContains(t, sa, "error.type")
				assert.Equal(t, codes.Unset, ss.Status().Code)
			}
			switch tt.transport {
			case "http":
				assert.NotEmpty(t, ca["mcp.session.id"])
				assert.Equal(t, ca["mcp.session.id"], sa["mcp.session.id"], "both ends name the session")
				assert.Equal(t, "tcp", sa["network.transport"])
			case "stateless":
				assert.Equal(t, "tcp", sa["network.transport"])
				sc := httpSpan.Load()
				require.NotNil(t, sc, "the tools/call request went through the HTTP span")
				links := ss.Links()
				require.Len(t, links, 1, "the span the request arrived in is linked")
				assert.Equal(t, sc.SpanID(), links[0].SpanContext.SpanID())
			default:
				assert.Empty(t, ss.Links())
			}
		})
	}
}

// TestServerSpanWithoutClientTrace: a request without trace context in
// its _meta (a client that does not propagate) starts a trace of its
// own; with content capture, the span records the arguments and the
// result as the display target sees them; the duration of the call is
// the tool-duration histogram's.
func TestServerSpanWithoutClientTrace(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	reader := sdkmetric.NewManualReader()
	capture := true
	cs := connect(t, tracedTools(), &mcp.ServerOptions{Telemetry: &telemetry.Config{
		TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)),
		MeterProvider:  sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader)),
		Propagator:     w3c, CaptureContent: &capture}})
	res, err := call(t, cs, "echo", `{"text":"hi"}`)
	require.NoError(t, err)
	require.False(t, res.IsError)

	spans := rec.Ended()
	require.Len(t, spans, 1)
	s := spans[0]
	assert.Equal(t, "tools/call echo", s.Name())
	assert.False(t, s.Parent().IsValid(), "a root span")
	a := spanAttrs(s)
	assert.JSONEq(t, `{"text":"hi"}`, a["gen_ai.tool.call.arguments"].(string))
	assert.JSONEq(t, `{"text":"hi/"}`, a["gen_ai.tool.call.result"].(string))
	assert.NotContains(t, a, "mcp.session.id", "the in-memory transport has no session id")

	var rm metricdata.ResourceMetrics
	require.NoError(t, reader.Collect(t.Context(), &rm))
	require.Len(t, rm.ScopeMetrics, 1)
	require.Len(t, rm.ScopeMetrics[0].Metrics, 1)
	m := rm.ScopeMetrics[0].Metrics[0]
	assert.Equal(t, telemetry.MetricToolDuration, m.Name)
	h, ok := m.Data.(metricdata.Histogram[float64])
	require.True(t, ok, "a histogram: %T", m.Data)
	require.Len(t, h.DataPoints, 1)
	assert.Equal(t, uint64(1), h.DataPoints[0].Count)
	name, _ := h.DataPoints[0].Attributes.Value("gen_ai.tool.name")
	assert.Equal(t, "echo", name.AsString())
}

// readAll reads r's body and puts it back for the next reader.
func readAll(r *http.Request) ([]byte, error) {
	data, err := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(data))
	return data, err
}

// TestAgentRunTraceCrossesMCP: an agent's run that calls a remote tool is
// one trace from the run's invoke_agent span down to the server's span,
// whose parent is the run's execute_tool span of the call.
func TestAgentRunTraceCrossesMCP(t *testing.T) {
	clientRec, serverRec := tracetest.NewSpanRecorder(), tracetest.NewSpanRecorder()
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "test", Version: "v0"}, tracedTools(), &mcp.ServerOptions{Telemetry: &telemetry.Config{
		TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(serverRec)), Propagator: w3c}})
	require.NoError(t, err)
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(t.Context(), st, nil)
	require.NoError(t, err)
	defer ss.Close()
	c, err := mcp.Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	defer c.Close()

	a := &agent.Agent{ID: "remote-agent", Tools: c.Tools(),
		Model:     scripted.New(scripted.Calls(scripted.Call("echo", `{"text":"hi"}`)), scripted.Text("done")),
		Telemetry: &telemetry.Config{TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(clientRec)), Propagator: w3c}}
	_, err = a.Generate(t.Context(), "echo hi")
	require.NoError(t, err)

	byName := map[string]sdktrace.ReadOnlySpan{}
	for _, s := range clientRec.Ended() {
		byName[s.Name()] = s
	}
	run, tool := byName["invoke_agent remote-agent"], byName["execute_tool echo"]
	require.NotNil(t, run)
	require.NotNil(t, tool)
	assert.Equal(t, run.SpanContext().SpanID(), tool.Parent().SpanID())
	served := serverRec.Ended()
	require.Len(t, served, 1)
	assert.Equal(t, run.SpanContext().TraceID(), served[0].SpanContext().TraceID(), "one trace")
	assert.Equal(t, tool.SpanContext().SpanID(), served[0].Parent().SpanID(), "the server's span is a child of the run's call")
}
