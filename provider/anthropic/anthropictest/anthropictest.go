// Package anthropictest provides a fake Anthropic server for tests and
// offline demos: it plays a script of turns in the wire format of the
// Messages API, as JSON or as a server-sent event stream when the request
// asks for one, and records every request it receives. The real SDK client,
// through package anthropic, talks to it:
//
//	srv := anthropictest.NewServer(t,
//		scripted.Calls(scripted.Call("weatherTool", `{"location":"Paris"}`)),
//		scripted.Text("It is sunny in Paris."),
//	)
//	model := anthropic.Model("claude-sonnet-4-5", anthropic.WithBaseURL(srv.URL()), anthropic.WithAPIKey("test"))
//	agent := &agent.Agent{ID: "weather", Model: model, Tools: weather.Tools()}
//	// … run the agent, then inspect srv.Requests()[1].Body: the tool results.
//
// The script is made of [scripted.Turn] values, so one script drives the
// offline [scripted.Model], this server and the OpenAI fake of package
// openaitest alike. Each request consumes the next turn:
//
//   - Text is one text block, streamed as word deltas; each tool call is a
//     tool_use block whose input is streamed as 8-byte input_json deltas.
//     A call without an ID gets "toolu_<n>", n counting calls from 1.
//     Arguments that are not a JSON object are sent as they are when
//     streaming (as a model's broken JSON would be), and as a JSON string
//     in a complete message.
//   - FinishReason defaults to tool-calls when there are calls, else stop,
//     and is sent as the API's stop_reason ("tool_use", "end_turn",
//     "max_tokens", "refusal"); Usage is sent as the API's usage, in the
//     message or in both message_start and message_delta of a stream.
//     With [Server.CachePrompts], the input counts are instead those of a
//     simulated prompt cache, computed from the request.
//   - Err answers with an API error whose message is Err's text and whose
//     status is that of an error with a method HTTPStatus() int (such as
//     [StatusError]), else 500. The SDK retries 408, 409, 429 and 5xx
//     answers; the fake asks it to wait 1ms, and each retry takes the next
//     turn, so a script can fail once and then succeed.
//   - A request that forces a tool (tool_choice {"type":"tool"}), as
//     anthropic.StructuredOutputTool does for a response format, is
//     answered with a call of that tool when the turn makes no call and
//     its text is a JSON object: the text becomes the call's input, the id
//     "toolu_answer_<n>", n the turn's number. So one script answers with
//     an object whichever way it is asked for.
//   - Respond is called with the request decoded from the wire: the system
//     prompt, the messages (text, images, tool calls, tool results with
//     their error flag), the tools, the tool choice and the response format
//     (output_config.format; its schema only, as the API has no name).
//
// A request after the last turn gets a 400 error saying the script is
// exhausted, which the SDK does not retry.
package anthropictest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/internal/fakeapi"
	"github.com/toolgen-go/toolgen/scripted"
)

// chunkSize is the number of input bytes per streamed input_json delta.
const chunkSize = 8

// Request is one HTTP request the server received.
type Request = fakeapi.Request

// StatusError is an error a scripted turn fails with to make the server
// answer with an API error of the given HTTP status:
//
//	scripted.Fail(&anthropictest.StatusError{Status: 429, Message: "slow down"})
//
// Any error with a method HTTPStatus() int does the same.
type StatusError = fakeapi.StatusError

// Server is a fake Anthropic API server that plays a script of turns. It is
// safe for concurrent use; turns are consumed in the order requests arrive.
type Server struct {
	srv *httptest.Server
	// Script holds the turns and the requests received; its methods
	// Append, Requests and Remaining are the Server's.
	*fakeapi.Script

	mu    sync.Mutex
	cache *PromptCache // see CachePrompts
}

// NewServer starts a server that plays turns. With a non-nil tb, the
// server is closed when the test ends; offline demos pass nil and call
// Close.
func NewServer(tb testing.TB, turns ...scripted.Turn) *Server {
	s := &Server{Script: fakeapi.NewScript("anthropictest", "toolu_", turns)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	if tb != nil {
		tb.Cleanup(s.Close)
	}
	return s
}

// URL returns the base URL of the API, for anthropic.WithBaseURL or
// $ANTHROPIC_BASE_URL. The server answers on any path that ends in
// "/messages".
func (s *Server) URL() string { return s.srv.URL + "/" }

// Close shuts the server down, closing open connections.
func (s *Server) Close() {
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// wireRequest holds the fields of a request body that the answer depends
// on.
type wireRequest struct {
	Model      string      `json:"model"`
	Stream     bool        `json:"stream"`
	ToolChoice *toolChoice `json:"tool_choice"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "anthropictest: reading the request: "+err.Error())
		return
	}
	var in wireRequest
	_ = json.Unmarshal(body, &in)
	s.Record(r, body, in.Stream)

	switch {
	case r.Method != http.MethodPost:
		writeError(w, http.StatusMethodNotAllowed, "anthropictest: "+r.Method+" "+r.URL.Path+": only POST is served")
		return
	case !strings.HasSuffix(r.URL.Path, "/messages"):
		writeError(w, http.StatusNotFound, "anthropictest: no API at "+r.URL.Path)
		return
	}
	s.mu.Lock()
	cache := s.cache
	s.mu.Unlock()
	var cached CacheUsage
	if cache != nil {
		u, serr := cacheUsage(cache, body)
		if serr != nil {
			writeError(w, serr.Status, serr.Message)
			return
		}
		cached = u
	}
	turn, seq, err := s.Take(body, decodeMessages)
	if err != nil {
		writeError(w, fakeapi.Status(err), err.Error())
		return
	}
	turn = forcedCall(in, turn, seq)
	if cache != nil {
		out := turn.Usage.OutputTokens
		if out == 0 {
			out = Tokens([]byte(turn.Text)) + 1
			for _, c := range turn.ToolCalls {
				out += Tokens([]byte(c.Name + c.Arguments))
			}
		}
		turn.Usage = llm.Usage{InputTokens: cached.Total(), OutputTokens: out,
			CachedInputTokens: cached.CacheReadTokens, CacheWriteTokens: cached.CacheWriteTokens}
	}
	writeMessage(w, in, turn, seq)
}

// errorTypes are the API's error types by status.
var errorTypes = map[int]string{
	http.StatusBadRequest:            "invalid_request_error",
	http.StatusUnauthorized:          "authentication_error",
	http.StatusForbidden:             "permission_error",
	http.StatusNotFound:              "not_found_error",
	http.StatusRequestEntityTooLarge: "request_too_large",
	http.StatusTooManyRequests:       "rate_limit_error",
	529:                              "overloaded_error",
}

// writeError writes an API error in Anthropic's shape.
func writeError(w http.ResponseWriter, status int, message string) {
	typ := errorTypes[status]
	if typ == "" {
		typ = "api_error"
	}
	w.Header().Set("Retry-After-Ms", "1")
	writeJSON(w, status, map[string]any{
		"type":  "error",
		"error": map[string]any{"type": typ, "message": message},
	})
}

// writeJSON writes v as a JSON answer.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"type":"error","error":{"type":"api_error","message":"anthropictest: encoding the answer"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// sseWriter writes server-sent events, flushing after each one.
type sseWriter struct{ w http.ResponseWriter }

func startSSE(w http.ResponseWriter) sseWriter {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	return sseWriter{w}
}

// event writes one event, its data the JSON of v.
func (s sseWriter) event(name string, v any) {
	raw, _ := json.Marshal(v)
	_, _ = io.WriteString(s.w, "event: "+name+"\ndata: "+string(raw)+"\n\n")
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

// words splits s into deltas that concatenate back to s.
func words(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

// chunks splits s into pieces of at most chunkSize bytes.
func chunks(s string) []string {
	var out []string
	for s != "" {
		n := min(chunkSize, len(s))
		out = append(out, s[:n])
		s = s[n:]
	}
	return out
}
