package genaitrace

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	tracenoop "go.opentelemetry.io/otel/trace/noop"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/telemetry"
)

// apiError is an SDK's error type, with an ErrorType of its own or not.
type apiError struct{ kind string }

func (e *apiError) Error() string     { return "api: " + e.kind }
func (e *apiError) ErrorType() string { return e.kind }

type plainAPIError struct{}

func (plainAPIError) Error() string { return "api" }

func TestErrorType(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"nil", nil, ""},
		{"cancelled", fmt.Errorf("agent a: %w", context.Canceled), "cancelled"},
		{"deadline", fmt.Errorf("agent a: %w", context.DeadlineExceeded), "timeout"},
		{"ErrorType method in the chain", fmt.Errorf("model: %w", &apiError{kind: "rate_limited"}), "rate_limited"},
		{"the first type that is not a wrapper", fmt.Errorf("step 1: %w", fmt.Errorf("model: %w", plainAPIError{})), "github.com/toolgen-go/toolgen/internal/genaitrace.plainAPIError"},
		{"a joined error", errors.Join(errors.New("a"), errors.New("b")), "_OTHER"},
		{"errors.New", errors.New("boom"), "_OTHER"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ErrorType(tt.err))
		})
	}
}

func TestServer(t *testing.T) {
	tests := []struct {
		url  string
		host string
		port int
	}{
		{"https://api.openai.com/v1/", "api.openai.com", 443},
		{"http://localhost:11434/v1/", "localhost", 11434},
		{"http://127.0.0.1/", "127.0.0.1", 80},
		{"unix:///tmp/sock", "", 0},
		{"::not a url", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			host, port := Server(tt.url)
			assert.Equal(t, tt.host, host)
			assert.Equal(t, tt.port, port)
		})
	}
}

// TestUnset: the global providers before a program sets them, and the
// no-op ones, start no span; an SDK's do.
func TestUnset(t *testing.T) {
	tp := sdktrace.NewTracerProvider()
	mp := sdkmetric.NewMeterProvider()
	tests := []struct {
		name     string
		provider any
		want     bool
	}{
		{"global tracer provider", otel.GetTracerProvider(), true},
		{"global meter provider", otel.GetMeterProvider(), true},
		{"no-op tracer provider", tracenoop.NewTracerProvider(), true},
		{"no-op meter provider", metricnoop.NewMeterProvider(), true},
		{"SDK tracer provider", tp, false},
		{"SDK meter provider", mp, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, unset(tt.provider))
		})
	}
	off := Resolve(t.Context(), nil)
	assert.Nil(t, off.tracer)
	assert.Nil(t, off.metrics)
	on := Resolve(t.Context(), &telemetry.Config{TracerProvider: tp, MeterProvider: mp})
	assert.NotNil(t, on.tracer)
	require.NotNil(t, on.metrics)
	assert.Same(t, on.metrics, Resolve(t.Context(), &telemetry.Config{TracerProvider: tp, MeterProvider: mp}).metrics, "instruments are made once per provider")
	inherited := Resolve(on.Bind(t.Context()), nil)
	assert.Equal(t, on.tracer, inherited.tracer, "a nested run resolves to its caller's configuration")
	assert.Equal(t, t.Context(), off.Bind(t.Context()), "the globals are not passed on")
}

// shapeAll shapes every tool payload as "<payload kind>:<name>".
type shapeAll struct{}

func (shapeAll) ShapeToolPayload(_ context.Context, name, _ string, p Payload, raw json.RawMessage) json.RawMessage {
	if name == "raw" {
		return raw
	}
	data, _ := json.Marshal(fmt.Sprintf("%d:%s", p, name))
	return data
}

func TestEncodeMessages(t *testing.T) {
	msgs := []llm.Message{
		llm.SystemMessage("Be brief."),
		llm.UserParts(llm.TextPart("Look:"), llm.ImageURLPart("https://x.test/a.png"), llm.MediaPart("application/pdf", []byte("%PDF-secret-bytes")),
			llm.Part{Type: llm.PartMedia, MediaType: "audio/wav", URL: "https://x.test/a.wav"}),
		{Role: llm.RoleAssistant, Parts: []llm.Part{
			{Type: llm.PartReasoning, Text: "thinking"},
			{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: "c1", Name: "weather", Arguments: `{"city":"Paris"}`}},
			{Type: llm.PartToolCall, ToolCall: &llm.ToolCall{ID: "c2", Name: "raw", Arguments: `{"broken`}},
			{Type: llm.PartProviderItem},
		}},
		llm.ToolMessage(
			llm.ToolResult{ToolCallID: "c1", ToolName: "weather", Output: llm.JSONOutput(json.RawMessage(`{"t":1}`))},
			llm.ToolResult{ToolCallID: "c2", ToolName: "raw", Output: llm.ErrorOutput("bad arguments")},
		),
	}
	system, input := encodeInput(t.Context(), msgs, shapeAll{})
	assert.JSONEq(t, `[{"type":"text","content":"Be brief."}]`, system)
	assert.JSONEq(t, `[
		{"role":"user","parts":[
			{"type":"text","content":"Look:"},
			{"type":"uri","modality":"image","uri":"https://x.test/a.png"},
			{"type":"media","mime_type":"application/pdf","modality":"document"},
			{"type":"uri","mime_type":"audio/wav","modality":"audio","uri":"https://x.test/a.wav"}]},
		{"role":"assistant","parts":[
			{"type":"reasoning","content":"thinking"},
			{"type":"tool_call","id":"c1","name":"weather","arguments":"0:weather"},
			{"type":"tool_call","id":"c2","name":"raw","arguments":"{\"broken"},
			{"type":"provider_item"}]},
		{"role":"tool","parts":[
			{"type":"tool_call_response","id":"c1","response":"1:weather"},
			{"type":"tool_call_response","id":"c2","response":{"message":"bad arguments"}}]}]`, input)
	assert.NotContains(t, input, "secret-bytes", "media bytes are never recorded")

	out := encodeOutput(t.Context(), &llm.Response{Message: llm.AssistantMessage("hi"), FinishReason: llm.FinishStop}, shapeAll{})
	assert.JSONEq(t, `[{"role":"assistant","parts":[{"type":"text","content":"hi"}],"finish_reason":"stop"}]`, out)
}

// TestChatRequest: the request's parameters that are set, the span's
// name and kind, and the attempts of RecordAttempt, numbered.
func TestChatRequest(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tel := Resolve(t.Context(), &telemetry.Config{TracerProvider: sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))})
	temp := 0.25
	req := &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}, Temperature: &temp, MaxOutputTokens: 100,
		ResponseFormat: &llm.ResponseFormat{Name: "r", Schema: json.RawMessage(`{"type":"object"}`)}}
	model := describedModel{llm.ModelInfo{Provider: "anthropic", Model: "claude-test"}}
	ctx, chat := tel.StartChat(t.Context(), model, req, nil)
	RecordAttempt(ctx, &http.Response{StatusCode: 529}, nil)
	RecordAttempt(ctx, nil, fmt.Errorf("dial: %w", context.DeadlineExceeded))
	RecordAttempt(ctx, &http.Response{StatusCode: 200}, nil)
	chat.End(&llm.Response{ID: "msg_1", ModelID: "claude-test-20250101", FinishReason: llm.FinishStop}, nil)

	spans := rec.Ended()
	require.Len(t, spans, 1)
	s := spans[0]
	assert.Equal(t, "chat claude-test", s.Name())
	got := map[string]any{}
	for _, kv := range s.Attributes() {
		got[string(kv.Key)] = kv.Value.AsInterface()
	}
	assert.Equal(t, map[string]any{
		"gen_ai.operation.name": "chat", "gen_ai.provider.name": "anthropic", "gen_ai.request.model": "claude-test",
		"gen_ai.request.temperature": 0.25, "gen_ai.request.max_tokens": int64(100), "gen_ai.output.type": "json",
		"gen_ai.response.id": "msg_1", "gen_ai.response.model": "claude-test-20250101", "gen_ai.response.finish_reasons": []string{"stop"},
	}, got)
	var attempts []map[string]any
	for _, e := range s.Events() {
		require.Equal(t, telemetry.EventHTTPAttempt, e.Name)
		ev := map[string]any{}
		for _, kv := range e.Attributes {
			ev[string(kv.Key)] = kv.Value.AsInterface()
		}
		attempts = append(attempts, ev)
	}
	assert.Equal(t, []map[string]any{
		{"http.request.resend_count": int64(0), "http.response.status_code": int64(529)},
		{"http.request.resend_count": int64(1), "error.type": "timeout"},
		{"http.request.resend_count": int64(2), "http.response.status_code": int64(200)},
	}, attempts)
}

// describedModel is a model that only describes itself.
type describedModel struct{ info llm.ModelInfo }

func (describedModel) Generate(context.Context, *llm.Request) (*llm.Response, error) { return nil, nil }
func (describedModel) Stream(context.Context, *llm.Request) iter.Seq2[llm.StreamPart, error] {
	return nil
}
func (m describedModel) Describe() llm.ModelInfo { return m.info }
