// Package openaitest provides a fake OpenAI server for tests and offline
// demos: it plays a script of turns in the wire format of the Chat
// Completions API and of the Responses API, as JSON or as a server-sent
// event stream when the request asks for one, and records every request it
// receives. The real SDK client, through package openai, talks to it:
//
//	srv := openaitest.NewServer(t,
//		scripted.Calls(scripted.Call("weatherTool", `{"location":"Paris"}`)),
//		scripted.Text("It is sunny in Paris."),
//	)
//	model := openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
//	agent := &agent.Agent{ID: "weather", Model: model, Tools: weather.Tools()}
//	// … run the agent, then inspect srv.Requests()[1].Body: the tool results.
//
// The script is made of [scripted.Turn] values, so one script drives the
// offline [scripted.Model], this server and the Anthropic fake of package
// anthropictest alike. Each request consumes the next turn:
//
//   - Text streams as word deltas and Arguments as 8-byte deltas; a tool
//     call without an ID gets "call_<n>", n counting calls from 1.
//   - FinishReason defaults to tool-calls when there are calls, else stop,
//     and is sent as the API's own value ("tool_calls", "stop", "length",
//     "content_filter"); Usage is sent as the API's usage.
//   - Err answers with an API error whose message is Err's text and whose
//     status is that of an error with a method HTTPStatus() int (such as
//     [StatusError]), else 500. The SDK retries 408, 409, 429 and 5xx
//     answers; the fake asks it to wait 1ms, and each retry takes the next
//     turn, so a script can fail once and then succeed.
//   - Respond is called with the request decoded from the wire: the
//     messages (text, images by URL, tool calls, tool results), the tools,
//     the tool choice and the response format (response_format or
//     text.format of type json_schema). Chat Completions has no error flag, so every
//     result comes back as a text output; a Responses result with images
//     comes back as a content output.
//
// A request after the last turn gets a 400 error saying the script is
// exhausted, which the SDK does not retry.
package openaitest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/internal/fakeapi"
	"github.com/toolgen-go/toolgen/scripted"
)

// chunkSize is the number of argument bytes per streamed tool-call delta.
const chunkSize = 8

// created is the creation time of every response, fixed so that answers
// are deterministic.
const created = 1760000000

// Request is one HTTP request the server received.
type Request = fakeapi.Request

// StatusError is an error a scripted turn fails with to make the server
// answer with an API error of the given HTTP status:
//
//	scripted.Fail(&openaitest.StatusError{Status: 429, Message: "slow down"})
//
// Any error with a method HTTPStatus() int does the same.
type StatusError = fakeapi.StatusError

// Server is a fake OpenAI API server that plays a script of turns. It is
// safe for concurrent use; turns are consumed in the order requests arrive.
type Server struct {
	srv *httptest.Server
	// Script holds the turns and the requests received; its methods
	// Append, Requests and Remaining are the Server's.
	*fakeapi.Script
}

// NewServer starts a server that plays turns. With a non-nil tb, the
// server is closed when the test ends; offline demos pass nil and call
// Close.
func NewServer(tb testing.TB, turns ...scripted.Turn) *Server {
	s := &Server{Script: fakeapi.NewScript("openaitest", "call_", turns)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	if tb != nil {
		tb.Cleanup(s.Close)
	}
	return s
}

// URL returns the base URL of the API, ending in "/v1/", for
// openai.WithBaseURL or $OPENAI_BASE_URL. The server answers on any path
// that ends in "/chat/completions" or "/responses", so the server's root
// works as a base URL too.
func (s *Server) URL() string { return s.srv.URL + "/v1/" }

// Close shuts the server down, closing open connections.
func (s *Server) Close() {
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// api is one of the APIs the server speaks.
type api struct {
	// decode converts a request body to the runtime's request, for
	// Turn.Respond.
	decode func(body []byte) (*llm.Request, error)
	// write writes the answer to a request for turn.
	write func(w http.ResponseWriter, in wireRequest, turn scripted.Turn, seq int)
}

var (
	chatAPI      = api{decode: decodeChat, write: writeChat}
	responsesAPI = api{decode: decodeResponses, write: writeResponses}
)

// wireRequest holds the fields of a request body that every API shares.
type wireRequest struct {
	Model         string `json:"model"`
	Stream        bool   `json:"stream"`
	StreamOptions struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "openaitest: reading the request: "+err.Error())
		return
	}
	var in wireRequest
	_ = json.Unmarshal(body, &in)
	s.Record(r, body, in.Stream)

	var a api
	switch {
	case r.Method != http.MethodPost:
		writeError(w, http.StatusMethodNotAllowed, "openaitest: "+r.Method+" "+r.URL.Path+": only POST is served")
		return
	case strings.HasSuffix(r.URL.Path, "/chat/completions"):
		a = chatAPI
	case strings.HasSuffix(r.URL.Path, "/responses"):
		a = responsesAPI
	default:
		writeError(w, http.StatusNotFound, "openaitest: no API at "+r.URL.Path)
		return
	}
	turn, seq, err := s.Take(body, a.decode)
	if err != nil {
		writeError(w, fakeapi.Status(err), err.Error())
		return
	}
	a.write(w, in, turn, seq)
}

// finishReason returns the turn's finish reason, defaulted as the scripted
// model does.
func finishReason(t scripted.Turn) llm.FinishReason {
	switch {
	case t.FinishReason != "":
		return t.FinishReason
	case len(t.ToolCalls) > 0:
		return llm.FinishToolCalls
	default:
		return llm.FinishStop
	}
}

// errorTypes are the API's error types by status.
var errorTypes = map[int]string{
	http.StatusBadRequest:      "invalid_request_error",
	http.StatusUnauthorized:    "invalid_request_error",
	http.StatusNotFound:        "invalid_request_error",
	http.StatusTooManyRequests: "rate_limit_exceeded",
}

// writeError writes an API error in OpenAI's shape.
func writeError(w http.ResponseWriter, status int, message string) {
	typ := errorTypes[status]
	if typ == "" {
		typ = "server_error"
	}
	w.Header().Set("Retry-After-Ms", "1")
	writeJSON(w, status, map[string]any{
		"error": map[string]any{"message": message, "type": typ, "param": nil, "code": nil},
	})
}

// writeJSON writes v as a JSON answer.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":{"message":"openaitest: encoding the answer","type":"server_error"}}`)
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

// event writes one event; an empty name writes a data-only event.
func (s sseWriter) event(name string, data any) {
	var b strings.Builder
	if name != "" {
		b.WriteString("event: " + name + "\n")
	}
	switch d := data.(type) {
	case string:
		b.WriteString("data: " + d + "\n\n")
	default:
		raw, _ := json.Marshal(d)
		b.WriteString("data: " + string(raw) + "\n\n")
	}
	_, _ = io.WriteString(s.w, b.String())
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

// total returns the usage's total, or the sum of input and output.
func total(u llm.Usage) int {
	if u.TotalTokens != 0 {
		return u.TotalTokens
	}
	return u.InputTokens + u.OutputTokens
}

// toolNames maps call ids to tool names, to name the results of decoded
// requests.
type toolNames map[string]string

// appendResult adds a tool result to msgs, joining the tool message that
// ends msgs if there is one.
func appendResult(msgs []llm.Message, r llm.ToolResult) []llm.Message {
	if n := len(msgs); n > 0 && msgs[n-1].Role == llm.RoleTool {
		msgs[n-1].Parts = append(msgs[n-1].Parts, llm.Part{Type: llm.PartToolResult, ToolResult: &r})
		return msgs
	}
	return append(msgs, llm.ToolMessage(r))
}
