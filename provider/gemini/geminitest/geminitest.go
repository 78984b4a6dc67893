// Package geminitest provides a fake Gemini API server for tests and offline
// demos: it plays a script of turns in the wire format of generateContent,
// and of streamGenerateContent as server-sent events, and records every
// request it receives. The real SDK client, through package gemini, talks to
// it:
//
//	srv := geminitest.NewServer(t,
//		scripted.Calls(scripted.Call("weatherTool", `{"location":"Paris"}`)),
//		scripted.Text("It is sunny in Paris."),
//	)
//	model := gemini.Model("gemini-2.5-flash", gemini.WithBaseURL(srv.URL()), gemini.WithAPIKey("test"))
//	agent := &runtime.Agent{ID: "weather", Model: model, Tools: weather.Tools()}
//	// … run the agent, then inspect srv.Requests()[1].Body: the function responses.
//
// The script is made of [scripted.Turn] values, so one script drives the
// offline [scripted.Model], this server and the fakes of packages openaitest
// and anthropictest alike. Each request consumes the next turn:
//
//   - Text is one text part, streamed as one chunk per word; each tool call
//     is a functionCall part, which Gemini sends whole, streamed in a chunk
//     of its own. A call without an ID gets "call_<n>", n counting calls
//     from 1, sent as functionCall.id as recent Gemini models do. Arguments
//     that are not a JSON object cannot be expressed (args is an object on
//     the wire) and are sent as {}.
//   - Thought signatures, as Gemini 3 sends them: the first function call of
//     a turn carries one, and so does a turn's text when it makes no call (in
//     a stream, on an empty text part in the last chunk). Each is the bytes
//     "geminitest:<turn>:<call id or text>".
//   - A request whose model contents hold calls the server made must carry
//     each turn's signature on that turn's first call, as Gemini 3 demands:
//     otherwise the answer is a 400 error, and no turn is consumed.
//   - FinishReason defaults to tool-calls when there are calls, else stop,
//     and is sent as the API's finishReason (STOP for both, MAX_TOKENS,
//     SAFETY, MALFORMED_FUNCTION_CALL for error, OTHER); Usage is sent as
//     usageMetadata (OutputTokens less ReasoningTokens as
//     candidatesTokenCount, ReasoningTokens as thoughtsTokenCount,
//     CachedInputTokens as cachedContentTokenCount).
//   - Err answers with an API error in Google's shape whose message is
//     Err's text and whose status is that of an error with a method
//     HTTPStatus() int (such as [StatusError]), else 500. The SDK retries
//     408, 429, 500, 502, 503 and 504 answers after a delay it does not
//     take from the server: give the model gemini.WithRetryDelay to keep a
//     test fast. Each retry takes the next turn, so a script can fail once
//     and then succeed.
//   - Respond is called with the request decoded from the wire: the system
//     instruction, the contents (text, media, function calls, function
//     responses as tool results: "error" as an error output, a string
//     "output" as text, any other response as JSON), the function
//     declarations (their parameters as InputSchema), the tool choice and
//     the response format (generationConfig's responseJsonSchema, or
//     responseSchema, with responseMimeType "application/json"; a schema
//     only, as the API has no name).
//
// A request after the last turn gets a 400 error saying the script is
// exhausted, which the SDK does not retry.
package geminitest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen-go/toolgen/provider/internal/fakeapi"
	"github.com/toolgen-go/toolgen/scripted"
)

// Request is one HTTP request the server received.
type Request = fakeapi.Request

// StatusError is an error a scripted turn fails with to make the server
// answer with an API error of the given HTTP status:
//
//	scripted.Fail(&geminitest.StatusError{Status: 429, Message: "Resource has been exhausted"})
//
// Any error with a method HTTPStatus() int does the same.
type StatusError = fakeapi.StatusError

// Server is a fake Gemini API server that plays a script of turns. It is
// safe for concurrent use; turns are consumed in the order requests arrive.
type Server struct {
	srv *httptest.Server
	// Script holds the turns and the requests received; its methods
	// Append, Requests and Remaining are the Server's.
	*fakeapi.Script

	mu     sync.Mutex
	issued map[string]string // signatures by the id of the call they were sent on
}

// NewServer starts a server that plays turns. With a non-nil tb, the
// server is closed when the test ends; offline demos pass nil and call
// Close.
func NewServer(tb testing.TB, turns ...scripted.Turn) *Server {
	s := &Server{Script: fakeapi.NewScript("geminitest", "call_", turns), issued: map[string]string{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	if tb != nil {
		tb.Cleanup(s.Close)
	}
	return s
}

// URL returns the base URL of the API, for gemini.WithBaseURL or
// $GOOGLE_GEMINI_BASE_URL. The server answers on any path that ends in
// "models/<model>:generateContent" or ":streamGenerateContent", whatever
// the API version before it.
func (s *Server) URL() string { return s.srv.URL + "/" }

// Close shuts the server down, closing open connections.
func (s *Server) Close() {
	s.srv.CloseClientConnections()
	s.srv.Close()
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "geminitest: reading the request: "+err.Error())
		return
	}
	_, method, _ := strings.Cut(r.URL.Path, ":")
	s.Record(r, body, method == "streamGenerateContent")

	model := r.URL.Path
	if i := strings.LastIndex(model, "/models/"); i >= 0 {
		model = model[i+len("/models/"):]
	}
	model, _, _ = strings.Cut(model, ":")
	switch {
	case r.Method != http.MethodPost:
		writeError(w, http.StatusMethodNotAllowed, "geminitest: "+r.Method+" "+r.URL.Path+": only POST is served")
		return
	case !strings.Contains(r.URL.Path, "/models/") || (method != "generateContent" && method != "streamGenerateContent"):
		writeError(w, http.StatusNotFound, "geminitest: no API at "+r.URL.Path)
		return
	}
	if msg := s.checkSignatures(body); msg != "" {
		writeError(w, http.StatusBadRequest, msg)
		return
	}
	turn, seq, err := s.Take(body, decodeRequest)
	if err != nil {
		writeError(w, fakeapi.Status(err), err.Error())
		return
	}
	a := s.answer(turn, seq, model)
	if method == "streamGenerateContent" {
		writeStream(w, a)
		return
	}
	writeJSON(w, http.StatusOK, a.response())
}

// statuses are Google's status names by HTTP status.
var statuses = map[int]string{
	http.StatusBadRequest:          "INVALID_ARGUMENT",
	http.StatusUnauthorized:        "UNAUTHENTICATED",
	http.StatusForbidden:           "PERMISSION_DENIED",
	http.StatusNotFound:            "NOT_FOUND",
	http.StatusMethodNotAllowed:    "INVALID_ARGUMENT",
	http.StatusTooManyRequests:     "RESOURCE_EXHAUSTED",
	http.StatusInternalServerError: "INTERNAL",
	http.StatusServiceUnavailable:  "UNAVAILABLE",
	http.StatusGatewayTimeout:      "DEADLINE_EXCEEDED",
}

// writeError writes an API error in Google's shape.
func writeError(w http.ResponseWriter, status int, message string) {
	name := statuses[status]
	if name == "" {
		name = "UNKNOWN"
	}
	writeJSON(w, status, map[string]any{
		"error": map[string]any{"code": status, "message": message, "status": name},
	})
}

// writeJSON writes v as a JSON answer.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":{"code":500,"message":"geminitest: encoding the answer","status":"INTERNAL"}}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// writeStream writes a as the server-sent events of streamGenerateContent,
// each a data line ending in CRLF CRLF as Gemini's do, flushing after each.
func writeStream(w http.ResponseWriter, a answer) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	for _, c := range a.chunks() {
		raw, _ := json.Marshal(c)
		_, _ = io.WriteString(w, "data: "+string(raw)+"\r\n\r\n")
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
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
