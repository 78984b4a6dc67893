package providertest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// Conn is how the model under test reaches the server; see [Target].
type Conn struct {
	// Model is the id of the model to use, such as "gpt-5.4".
	Model string
	// BaseURL is the base URL to give the model: the server's, or a
	// provider's real one, which HTTPClient takes to the server.
	BaseURL string
	// APIKey is the API key to send; empty, the model has none, whatever
	// the environment says.
	APIKey string
	// HTTPClient carries every request to the server.
	HTTPClient *http.Client
	// MaxRetries is how many times the model must retry a request that
	// failed with 408, 429 or a 5xx status. The server asks for a 1 ms wait
	// before each (Retry-After-Ms); a model whose SDK does not read that
	// header should be given a wait of a few milliseconds.
	MaxRetries int
}

// Target is what [Run] tests: a model adapter speaking one API.
type Target struct {
	// API is the API the model speaks.
	API API
	// Model returns the model under test, which must reach the server as c
	// says.
	Model func(c Conn) llm.Model
	// ErrorPrefix starts the text of every error the model returns, such
	// as "openai: ".
	ErrorPrefix string
	// ErrNoAPIKey, when set, is the error that a model without a key for
	// its provider's own service (an empty BaseURL and APIKey) returns from
	// every call, sending nothing.
	ErrNoAPIKey error
}

// defaultModels are the ids of the models the suite asks for, by API.
var defaultModels = map[API]string{
	OpenAIChat:        "gpt-5.4",
	OpenAIResponses:   "gpt-5.4",
	AnthropicMessages: "claude-sonnet-4-5",
	Gemini:            "gemini-3-flash-preview",
}

// apiKey returns the API key a request carries: in Authorization as a
// bearer token (OpenAI, and Anthropic's SDK), in X-Api-Key (Anthropic) or
// in X-Goog-Api-Key (Gemini).
func apiKey(api API, h http.Header) string {
	switch {
	case api == Gemini:
		return h.Get("X-Goog-Api-Key")
	case api == AnthropicMessages && h.Get("X-Api-Key") != "":
		return h.Get("X-Api-Key")
	}
	return strings.TrimPrefix(h.Get("Authorization"), "Bearer ")
}

// overloadStatus is the status of an overloaded API: Anthropic's 529, the
// others' 503.
func overloadStatus(api API) int {
	if api == AnthropicMessages {
		return 529
	}
	return http.StatusServiceUnavailable
}

// Run runs the conformance suite of the provider adapters against target,
// as testing/fstest.TestFS does for a file system: every adapter's tests
// call it once per API the adapter speaks. Each group is a subtest:
//
//   - No API key: a model without a key fails every call with
//     Target.ErrNoAPIKey, and sends nothing.
//   - Agent: an agent run, streamed and not, through the SDK against the
//     server: parallel calls, a tool error, an unknown tool and broken
//     arguments all go back to the model as results, and the run goes on;
//     what the server received, step by step.
//   - Background: a background tool's handle, then its result, as the
//     next requests carry them.
//   - Retries: rate limits (429 with Retry-After-Ms), overload (529 on the
//     Messages API, 503 elsewhere), server errors, retries off, a 400 that
//     is not retried, a stream retried before its first event.
//   - Cancellation: before the request, while it waits for an answer, in
//     the middle of a stream, and a consumer that stops early; no
//     goroutine is left behind.
//   - Stream: tool-call argument deltas, events split across reads, a
//     stream cut before its end, an error event, a malformed event, an
//     empty stream.
//   - Recorded: the API's real exchanges, recorded by other projects (see
//     [Recorded]), replayed through the model: what it makes of the
//     answers, and what it sends next. The Messages API has none that do
//     not exercise options of one adapter (server tools, cache marks):
//     those stay in the adapter's tests.
func Run(t *testing.T, target Target) {
	t.Helper()
	if _, ok := apis[target.API]; !ok {
		t.Fatalf("providertest.Run: unknown API %q (known: %v)", target.API, APIs())
	}
	if target.Model == nil {
		t.Fatal("providertest.Run: Target.Model is nil")
	}
	s := &suite{target: target}
	if target.ErrNoAPIKey != nil {
		t.Run("No API key", s.noAPIKey)
	}
	t.Run("Agent", s.agentRun)
	t.Run("Background", s.background)
	t.Run("Retries", s.retries)
	t.Run("Cancellation", s.cancellation)
	t.Run("Stream", s.stream)
	if len(recordedExchanges[target.API]) > 0 {
		t.Run("Recorded", s.recorded)
	}
}

// suite carries the target through the groups of [Run].
type suite struct{ target Target }

// model returns the target's model on srv, with retries as given.
func (s *suite) model(srv *Server, retries int) llm.Model {
	return s.modelAt(srv, defaultModels[s.target.API], srv.URL(), retries)
}

// modelAt returns the target's model id at base, whose requests reach srv.
func (s *suite) modelAt(srv *Server, id, base string, retries int) llm.Model {
	return s.target.Model(Conn{Model: id, BaseURL: base, APIKey: "test", HTTPClient: srv.Client(), MaxRetries: retries})
}

// checkError checks that err is the target's, and that it says want.
func (s *suite) checkError(t *testing.T, err error, want ...string) {
	t.Helper()
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), s.target.ErrorPrefix), "%q starts with %q", err, s.target.ErrorPrefix)
	for _, w := range want {
		assert.Contains(t, err.Error(), w)
	}
}

type weatherIn struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

type weatherOut struct {
	Conditions string `json:"conditions"`
}

// WeatherSchema is the input schema of the weather tool that the suite
// and the adapters' own tests give their models: examples/weather's, a
// location with a description and a length bound and units as an enum,
// the properties in the order a model should read them.
const WeatherSchema = `{
  "properties": {
    "location": {"type": "string", "minLength": 1, "description": "Location is a city name, such as \"Paris\" or \"New York\"."},
    "units": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Units defaults to celsius."}
  },
  "additionalProperties": false,
  "type": "object",
  "required": ["location"]
}`

// WeatherTool is the definition of that weather tool, as a request
// carries it.
func WeatherTool() llm.ToolDefinition {
	return llm.ToolDefinition{Name: "weather", Description: "Fetches the current weather for a location.", InputSchema: json.RawMessage(WeatherSchema)}
}

// weatherTool fetches the weather, and fails for Atlantis.
func weatherTool(background bool, wait <-chan struct{}) tool.Tool {
	spec := tool.Spec{ID: "weather-tool", Description: "Fetches the weather.", InputSchema: json.RawMessage(WeatherSchema), Background: background}
	return tool.NewFunc(&spec, func(ctx context.Context, in weatherIn) (weatherOut, error) {
		if wait != nil {
			select {
			case <-wait:
			case <-ctx.Done():
				return weatherOut{}, ctx.Err()
			}
		}
		if in.Location == "Atlantis" {
			return weatherOut{}, fmt.Errorf("no station in %s", in.Location)
		}
		return weatherOut{Conditions: "Sunny in " + in.Location}, nil
	})
}

// runAgent runs ag on prompt, streamed or not, and returns the result and
// the types of the events.
func runAgent(t *testing.T, a *agent.Agent, prompt string, stream bool, opts ...agent.Option) (*agent.Result, []agent.EventType) {
	t.Helper()
	if !stream {
		res, err := a.Generate(t.Context(), prompt, opts...)
		require.NoError(t, err)
		return res, nil
	}
	var (
		res   *agent.Result
		types []agent.EventType
	)
	for ev, err := range a.Stream(t.Context(), prompt, opts...) {
		require.NoError(t, err)
		types = append(types, ev.Type)
		if ev.Result != nil {
			res = ev.Result
		}
	}
	require.NotNil(t, res)
	return res, types
}

// requestModel returns the model a request names: in its body, or in its
// path for Gemini.
func requestModel(r Request) string {
	if r.API == Gemini {
		_, model, _ := route(r.Path)
		return model
	}
	var body struct {
		Model string `json:"model"`
	}
	_ = r.Decode(&body)
	return body.Model
}

// decoded returns request i of srv as the llm request.
func decoded(t *testing.T, srv *Server, i int) *llm.Request {
	t.Helper()
	reqs := srv.Requests()
	require.Greater(t, len(reqs), i, "request %d was not sent", i)
	req, err := reqs[i].LLM()
	require.NoError(t, err)
	return req
}

// results returns the tool results of req by call id.
func results(req *llm.Request) map[string]llm.ToolResult {
	out := map[string]llm.ToolResult{}
	for _, m := range req.Messages {
		for _, r := range m.ToolResults() {
			out[r.ToolCallID] = r
		}
	}
	return out
}

// agentRun runs an agent through the SDK against the server, with and
// without streaming: two steps, the first with four parallel calls (one
// succeeds, one fails, one names no tool, one has broken arguments).
func (s *suite) agentRun(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("stream=%v", stream), func(t *testing.T) {
			srv := NewServer(t,
				scripted.Turn{
					Text: "Checking.",
					ToolCalls: []llm.ToolCall{
						scripted.Call("weather", `{"location":"Paris"}`),
						scripted.Call("weather", `{"location":"Atlantis"}`),
						scripted.Call("forecast", `{}`),
						scripted.Call("weather", `{"location":`),
					},
					Usage: llm.Usage{InputTokens: 20, OutputTokens: 10},
				},
				scripted.Text("Sunny in Paris; no station in Atlantis."),
			)
			a := &agent.Agent{ID: "weather-agent", Instructions: "Be brief.", Model: s.model(srv, 2),
				Tools: tool.Toolset{"weather": weatherTool(false, nil)}}
			res, types := runAgent(t, a, "Weather in Paris and Atlantis?", stream)

			assert.Equal(t, "Sunny in Paris; no station in Atlantis.", res.Text)
			assert.Equal(t, llm.FinishStop, res.FinishReason)
			require.Len(t, res.Steps, 2)
			first := res.Steps[0]
			assert.Equal(t, llm.FinishToolCalls, first.FinishReason)
			assert.Equal(t, 20, first.Usage.InputTokens)
			assert.Equal(t, 10, first.Usage.OutputTokens)
			assert.Equal(t, 30, first.Usage.TotalTokens, "the total defaults to the sum")
			require.Len(t, first.Outcomes, 4)
			assert.Equal(t, weatherOut{Conditions: "Sunny in Paris"}, first.Outcomes[0].Output)
			assert.Error(t, first.Outcomes[1].Err)
			if stream {
				assert.Contains(t, types, agent.EventTextDelta)
				assert.Contains(t, types, agent.EventToolCallDelta)
			}
			assert.Zero(t, srv.Remaining())

			reqs := srv.Requests()
			require.Len(t, reqs, 2)
			for _, r := range reqs {
				assert.Equal(t, http.MethodPost, r.Method)
				assert.Equal(t, s.target.API, r.API, r.Path)
				assert.Equal(t, defaultModels[s.target.API], requestModel(r), "the request names the model")
				assert.Equal(t, "test", apiKey(s.target.API, r.Header), "the API key")
				assert.Equal(t, stream, r.Stream)
			}
			// The second request carries the instructions, the calls under
			// the ids the server gave them, and a result for each.
			second := decoded(t, srv, 1)
			require.NotEmpty(t, second.Messages)
			assert.Equal(t, llm.RoleSystem, second.Messages[0].Role)
			assert.Equal(t, "Be brief.", second.Messages[0].Text())
			var calls []llm.ToolCall
			for _, m := range second.Messages {
				calls = append(calls, m.ToolCalls()...)
				if m.Role == llm.RoleAssistant {
					assert.Equal(t, "Checking.", m.Text(), "the text before the calls goes back")
				}
			}
			require.Len(t, calls, 4)
			for i, c := range first.ToolCalls {
				assert.Equal(t, c.ID, calls[i].ID, "call %d", i)
				assert.Equal(t, c.Name, calls[i].Name, "call %d", i)
			}
			got := results(second)
			require.Len(t, got, 4)
			out := func(i int) string { return got[first.ToolCalls[i].ID].Output.String() }
			assert.JSONEq(t, `{"conditions":"Sunny in Paris"}`, out(0))
			assert.Contains(t, out(1), "no station in Atlantis")
			assert.Contains(t, out(2), "forecast")
			assert.Contains(t, out(2), "weather", "the message lists the available tools")
			assert.NotEmpty(t, out(3))
			assert.NotContains(t, out(3), `{"location":`, "raw arguments never reach the model")
			if s.target.API == Gemini {
				// Gemini signs the answer (in a stream, on the empty text part
				// that ends it); the signature is kept for the next turn.
				last := res.Messages[len(res.Messages)-1]
				require.NotEmpty(t, last.Parts)
				sig, _ := json.Marshal([]byte("providertest:2:text"))
				assert.JSONEq(t, `{"thoughtSignature":`+string(sig)+`}`, string(last.Parts[0].ProviderMetadata["google"]))
			}
			if s.target.API == AnthropicMessages || s.target.API == Gemini {
				// The APIs with an error flag get it on the failures.
				for i, failed := range []bool{false, true, true, true} {
					assert.Equal(t, failed, got[first.ToolCalls[i].ID].IsError(), "result %d", i)
				}
			}
		})
	}
}

// noAPIKey checks that a model without a key for its provider's service
// fails every call with the target's error, sending nothing.
func (s *suite) noAPIKey(t *testing.T) {
	srv := NewServer(t, scripted.Text("never"))
	m := s.target.Model(Conn{Model: defaultModels[s.target.API], HTTPClient: srv.Client()})
	_, err := m.Generate(t.Context(), hi())
	assert.ErrorIs(t, err, s.target.ErrNoAPIKey)
	n := 0
	for _, err := range m.Stream(t.Context(), hi()) {
		assert.ErrorIs(t, err, s.target.ErrNoAPIKey)
		n++
	}
	assert.Equal(t, 1, n, "the stream is the error alone")
	assert.Empty(t, srv.Requests())
}

// background runs a background call: the model gets the task's handle as
// the call's result, then, at the step after its answer, a user message
// with the result.
func (s *suite) background(t *testing.T) {
	srv := NewServer(t,
		scripted.Calls(scripted.Call("weather", `{"location":"Paris","_background":{"disposition":"awaited"}}`)),
		scripted.Text("The forecast is on its way."),
		scripted.Text("Sunny in Paris."),
	)
	release := make(chan struct{})
	a := &agent.Agent{ID: "weather-agent", Model: s.model(srv, 2), Tools: tool.Toolset{"weather": weatherTool(true, release)}}
	res, err := a.Generate(t.Context(), "Weather in Paris?", agent.WithOnStepFinish(func(_ context.Context, st agent.Step) error {
		if st.Number == 2 {
			close(release)
		}
		return nil
	}))
	require.NoError(t, err)
	assert.Equal(t, "Sunny in Paris.", res.Text)
	require.Len(t, res.Background, 1)
	assert.Equal(t, weatherOut{Conditions: "Sunny in Paris"}, res.Background[0].Output)

	require.Len(t, srv.Requests(), 3)
	id := res.Steps[0].ToolCalls[0].ID
	handle := `Background task started. Task ID: task-1. The tool "weather" is running in the background. You will be notified when it completes.`
	second := decoded(t, srv, 1)
	last := second.Messages[len(second.Messages)-1]
	require.Len(t, last.ToolResults(), 1)
	assert.Equal(t, id, last.ToolResults()[0].ToolCallID)
	assert.Equal(t, handle, last.ToolResults()[0].Output.String())

	third := decoded(t, srv, 2)
	n := len(third.Messages)
	require.GreaterOrEqual(t, n, 2)
	assert.Equal(t, llm.RoleAssistant, third.Messages[n-2].Role)
	assert.Equal(t, "The forecast is on its way.", third.Messages[n-2].Text())
	assert.Equal(t, llm.RoleUser, third.Messages[n-1].Role)
	assert.Equal(t, "Background task task-1 (tool \"weather\", call "+id+") completed. Its result:\n{\"conditions\":\"Sunny in Paris\"}",
		third.Messages[n-1].Text())
}

// fail is a turn that fails with status and message.
func fail(status int, message string) scripted.Turn {
	return scripted.Fail(&StatusError{Status: status, Message: message})
}

// hi is a request of one user message.
func hi() *llm.Request { return &llm.Request{Messages: []llm.Message{llm.UserMessage("hi")}} }

// retries checks what the SDK retries, and the errors that remain.
func (s *suite) retries(t *testing.T) {
	const limited = "Rate limit reached for requests."
	t.Run("429 then success", func(t *testing.T) {
		srv := NewServer(t, fail(http.StatusTooManyRequests, limited), fail(http.StatusTooManyRequests, limited), scripted.Text("ok"))
		res, err := s.model(srv, 2).Generate(t.Context(), hi())
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Message.Text())
		assert.Len(t, srv.Requests(), 3)
	})
	t.Run("overloaded until retries run out", func(t *testing.T) {
		status := overloadStatus(s.target.API)
		srv := NewServer(t, fail(status, "Overloaded"), fail(status, "Overloaded"), fail(status, "Overloaded"), scripted.Text("never"))
		_, err := s.model(srv, 2).Generate(t.Context(), hi())
		s.checkError(t, err, fmt.Sprint(status), "Overloaded")
		assert.Len(t, srv.Requests(), 3, "one request and two retries")
	})
	t.Run("500 then success", func(t *testing.T) {
		srv := NewServer(t, fail(http.StatusInternalServerError, "The server had an error."), scripted.Text("ok"))
		res, err := s.model(srv, 2).Generate(t.Context(), hi())
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Message.Text())
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("429 with retries off", func(t *testing.T) {
		srv := NewServer(t, fail(http.StatusTooManyRequests, limited), scripted.Text("never"))
		_, err := s.model(srv, 0).Generate(t.Context(), hi())
		s.checkError(t, err, "429", limited)
		assert.Len(t, srv.Requests(), 1)
	})
	t.Run("400 is not retried", func(t *testing.T) {
		srv := NewServer(t, fail(http.StatusBadRequest, "Invalid schema for function 'weather'."), scripted.Text("never"))
		_, err := s.model(srv, 2).Generate(t.Context(), hi())
		s.checkError(t, err, "400", "Invalid schema for function 'weather'.")
		assert.Len(t, srv.Requests(), 1)
	})
	t.Run("streaming: 429 then success", func(t *testing.T) {
		srv := NewServer(t, fail(http.StatusTooManyRequests, limited), scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)))
		res, err := llm.CollectStream(s.model(srv, 2).Stream(t.Context(), hi()), nil)
		require.NoError(t, err)
		assert.Len(t, res.Message.ToolCalls(), 1)
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("streaming: overloaded then success", func(t *testing.T) {
		status := overloadStatus(s.target.API)
		srv := NewServer(t, fail(status, "Overloaded"), scripted.Text("ok"))
		res, err := llm.CollectStream(s.model(srv, 2).Stream(t.Context(), hi()), nil)
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Message.Text())
		assert.Len(t, srv.Requests(), 2)
	})
	t.Run("streaming: overloaded with retries off", func(t *testing.T) {
		status := overloadStatus(s.target.API)
		srv := NewServer(t, fail(status, "Overloaded"), scripted.Text("never"))
		var last error
		for _, err := range s.model(srv, 0).Stream(t.Context(), hi()) {
			last = err
		}
		s.checkError(t, last, "Overloaded")
		assert.Len(t, srv.Requests(), 1)
	})
}

// cancellation cancels calls at each point, and checks that nothing is
// left running.
func (s *suite) cancellation(t *testing.T) {
	t.Run("before the request", func(t *testing.T) {
		srv := NewServer(t, scripted.Text("never"))
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		m := s.model(srv, 2)
		_, err := m.Generate(ctx, hi())
		assert.ErrorIs(t, err, context.Canceled)
		var last error
		for _, err := range m.Stream(ctx, hi()) {
			last = err
		}
		assert.ErrorIs(t, last, context.Canceled)
		assert.Empty(t, srv.Requests(), "nothing is sent")
	})
	for _, stream := range []bool{false, true} {
		t.Run(fmt.Sprintf("while waiting for the answer/stream=%v", stream), func(t *testing.T) {
			srv := NewServer(t, scripted.Fail(&Interruption{Then: Hang}))
			m := s.model(srv, 2)
			base := runtime.NumGoroutine()
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			go func() {
				for len(srv.Requests()) == 0 && ctx.Err() == nil {
					time.Sleep(time.Millisecond)
				}
				cancel()
			}()
			var err error
			if stream {
				_, err = llm.CollectStream(m.Stream(ctx, hi()), nil)
			} else {
				_, err = m.Generate(ctx, hi())
			}
			assert.ErrorIs(t, err, context.Canceled)
			assert.Len(t, srv.Requests(), 1, "a cancelled request is not retried")
			srv.SettleGoroutines(t, base)
		})
	}
	t.Run("in the middle of a stream", func(t *testing.T) {
		srv := NewServer(t, scripted.Fail(&Interruption{Text: "Once ", Then: Hang}))
		m := s.model(srv, 2)
		base := runtime.NumGoroutine()
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		var (
			texts []string
			last  error
		)
		for p, err := range m.Stream(ctx, &llm.Request{Messages: []llm.Message{llm.UserMessage("story")}}) {
			if err != nil {
				last = err
				break
			}
			texts = append(texts, p.Text)
			cancel()
		}
		assert.Equal(t, []string{"Once "}, texts)
		require.Error(t, last)
		assert.True(t, errors.Is(last, context.Canceled), "%v", last)
		srv.SettleGoroutines(t, base)
	})
	t.Run("consumer stops early", func(t *testing.T) {
		srv := NewServer(t, scripted.Fail(&Interruption{Text: "Once ", Then: Hang}))
		m := s.model(srv, 2)
		base := runtime.NumGoroutine()
		n := 0
		for range m.Stream(t.Context(), &llm.Request{Messages: []llm.Message{llm.UserMessage("story")}}) {
			n++
			break
		}
		assert.Equal(t, 1, n)
		srv.SettleGoroutines(t, base)
	})
}

// stream checks the parts of streams, whole and broken.
func (s *suite) stream(t *testing.T) {
	const args = `{"location":"Paris, Île-de-France"}`
	turn := scripted.Turn{Text: "Checking the weather.", ToolCalls: []llm.ToolCall{{ID: "call_w", Name: "weather", Arguments: args}}}
	whole := func(t *testing.T, split int) {
		srv := NewServer(t, turn, turn)
		srv.SplitWrites(split)
		m := s.model(srv, 2)
		var parts []llm.StreamPart
		res, err := llm.CollectStream(m.Stream(t.Context(), hi()), func(p llm.StreamPart) { parts = append(parts, p) })
		require.NoError(t, err)

		var text, deltas string
		started, done := -1, -1
		for i, p := range parts {
			switch p.Type {
			case llm.StreamTextDelta:
				text += p.Text
			case llm.StreamToolCallStart:
				assert.Equal(t, "weather", p.ToolName)
				started = i
			case llm.StreamToolCallDelta:
				assert.Greater(t, started, -1, "a delta after the start")
				assert.Equal(t, "weather", p.ToolName)
				deltas += p.Text
			case llm.StreamToolCall:
				done = i
				require.NotNil(t, p.ToolCall)
				assert.Equal(t, "weather", p.ToolCall.Name)
				assert.JSONEq(t, args, p.ToolCall.Arguments)
			}
		}
		assert.Equal(t, "Checking the weather.", text)
		assert.Greater(t, done, started, "the complete call after its start")
		assert.JSONEq(t, args, deltas, "the deltas make the arguments")
		require.NotEmpty(t, parts)
		assert.Equal(t, llm.StreamFinish, parts[len(parts)-1].Type)
		assert.Equal(t, llm.FinishToolCalls, res.FinishReason)

		// Generate gives the same message.
		whole, err := m.Generate(t.Context(), hi())
		require.NoError(t, err)
		assert.Equal(t, whole.Message.Text(), res.Message.Text())
		require.Len(t, whole.Message.ToolCalls(), 1)
		require.Len(t, res.Message.ToolCalls(), 1)
		assert.Equal(t, whole.Message.ToolCalls()[0].ID, res.Message.ToolCalls()[0].ID)
		assert.JSONEq(t, whole.Message.ToolCalls()[0].Arguments, res.Message.ToolCalls()[0].Arguments)
	}
	t.Run("tool-call deltas", func(t *testing.T) { whole(t, 0) })
	t.Run("events split across reads", func(t *testing.T) { whole(t, 3) })

	for _, tc := range []struct {
		name  string
		cut   Interruption
		texts []string
		want  []string
	}{
		{"cut before the end", Interruption{Text: "Hel", Then: Cut}, []string{"Hel"}, []string{"stream ended before"}},
		{"error event", Interruption{Text: "Hel", Then: ErrorEvent, Message: "The model is overloaded."}, []string{"Hel"}, []string{"The model is overloaded."}},
		{"malformed event", Interruption{Text: "Hel", Then: Malformed}, []string{"Hel"}, []string{"stream"}},
		{"empty stream", Interruption{Then: Cut}, nil, []string{"stream ended before"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := NewServer(t, scripted.Fail(&tc.cut))
			var (
				texts []string
				last  error
			)
			for p, err := range s.model(srv, 2).Stream(t.Context(), hi()) {
				if err != nil {
					last = err
					break
				}
				texts = append(texts, p.Text)
			}
			assert.Equal(t, tc.texts, texts)
			s.checkError(t, last, tc.want...)
			assert.Len(t, srv.Requests(), 1, "not retried")
		})
	}
}
