package gemini

import (
	"net/url"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/telemetry"
)

// TestTelemetryRetries: the model describes itself on the chat span of
// the agent loop, and each HTTP attempt of a request that the SDK retries
// (a 503, then a success) is an event of that span, numbered, with its
// status; generating or streaming.
func TestTelemetryRetries(t *testing.T) {
	for _, streaming := range []bool{false, true} {
		t.Run("streaming="+strconv.FormatBool(streaming), func(t *testing.T) {
			srv := providertest.NewServer(t, scripted.Fail(&providertest.StatusError{Status: 503, Message: "try again"}), scripted.Text("hi"))
			rec := tracetest.NewSpanRecorder()
			tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
			a := &agent.Agent{ID: "a", Model: generativeModel(t, srv, "gemini-2.5-flash"), Telemetry: &telemetry.Config{TracerProvider: tp}}
			if streaming {
				for _, err := range a.Stream(t.Context(), "hi") {
					require.NoError(t, err)
				}
			} else {
				_, err := a.Generate(t.Context(), "hi")
				require.NoError(t, err)
			}

			u, err := url.Parse(srv.URL())
			require.NoError(t, err)
			port, err := strconv.Atoi(u.Port())
			require.NoError(t, err)
			assert.Equal(t, llm.ModelInfo{Provider: "gcp.gemini", Model: "gemini-2.5-flash", ServerAddress: "127.0.0.1", ServerPort: port}, llm.InfoOf(a.Model))

			var chat sdktrace.ReadOnlySpan
			for _, s := range rec.Ended() {
				if s.Name() == "chat "+"gemini-2.5-flash" {
					chat = s
				}
			}
			require.NotNil(t, chat, "the request's chat span")
			attrs := map[string]any{}
			for _, kv := range chat.Attributes() {
				attrs[string(kv.Key)] = kv.Value.AsInterface()
			}
			assert.Equal(t, "gcp.gemini", attrs["gen_ai.provider.name"])
			assert.Equal(t, "gemini-2.5-flash", attrs["gen_ai.request.model"])
			assert.Equal(t, "127.0.0.1", attrs["server.address"])
			assert.Equal(t, int64(port), attrs["server.port"])
			var attempts []map[string]any
			for _, e := range chat.Events() {
				ev := map[string]any{"event": e.Name}
				for _, kv := range e.Attributes {
					ev[string(kv.Key)] = kv.Value.AsInterface()
				}
				attempts = append(attempts, ev)
			}
			assert.Equal(t, []map[string]any{
				{"event": "toolgen.http.attempt", "http.request.resend_count": int64(0), "http.response.status_code": int64(503)},
				{"event": "toolgen.http.attempt", "http.request.resend_count": int64(1), "http.response.status_code": int64(200)},
			}, attempts)
		})
	}
}
