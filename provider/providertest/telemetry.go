package providertest

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
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/telemetry"
)

// RetryTelemetry checks an adapter's part of the chat span, generating and
// streaming: model, made on a server that fails the first request with
// status (one the adapter's SDK retries) and answers the second, describes
// itself as want says (provider and model; the server's address and port
// are the fake server's), and each HTTP attempt is an event of the agent
// loop's chat span, numbered, with its status.
func RetryTelemetry(t *testing.T, status int, want llm.ModelInfo, model func(srv *Server) llm.Model) {
	t.Helper()
	for _, streaming := range []bool{false, true} {
		t.Run("streaming="+strconv.FormatBool(streaming), func(t *testing.T) {
			srv := NewServer(t, scripted.Fail(&StatusError{Status: status, Message: "try again"}), scripted.Text("hi"))
			rec := tracetest.NewSpanRecorder()
			tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
			a := &agent.Agent{ID: "a", Model: model(srv), Telemetry: &telemetry.Config{TracerProvider: tp}}
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
			want.ServerAddress, want.ServerPort = "127.0.0.1", port
			assert.Equal(t, want, llm.InfoOf(a.Model))

			var chat sdktrace.ReadOnlySpan
			for _, s := range rec.Ended() {
				if s.Name() == "chat "+want.Model {
					chat = s
				}
			}
			require.NotNil(t, chat, "the request's chat span")
			attrs := map[string]any{}
			for _, kv := range chat.Attributes() {
				attrs[string(kv.Key)] = kv.Value.AsInterface()
			}
			assert.Equal(t, want.Provider, attrs["gen_ai.provider.name"])
			assert.Equal(t, want.Model, attrs["gen_ai.request.model"])
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
				{"event": "toolgen.http.attempt", "http.request.resend_count": int64(0), "http.response.status_code": int64(status)},
				{"event": "toolgen.http.attempt", "http.request.resend_count": int64(1), "http.response.status_code": int64(200)},
			}, attempts)
		})
	}
}
