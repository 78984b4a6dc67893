// Package providertest is the fake API server of toolgen's provider
// adapters, and their conformance suite ([Run]).
//
// A [Server] speaks four wire APIs at once, from one script of
// [scripted.Turn] values: OpenAI Chat Completions, OpenAI Responses,
// Anthropic Messages and Gemini (generateContent and
// streamGenerateContent), as JSON or as server-sent events when the request
// asks for a stream. It records every request. The real SDK clients,
// through the adapters, talk to it:
//
//	srv := providertest.NewServer(t,
//		scripted.Calls(scripted.Call("weatherTool", `{"location":"Paris"}`)),
//		scripted.Text("It is sunny in Paris."),
//	)
//	model := openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
//	agent := &agent.Agent{ID: "weather", Model: model, Tools: weather.Tools()}
//	// … run the agent, then inspect srv.Requests()[1]: the tool results.
//
// [Run] is the adapters' conformance suite, in the style of
// testing/fstest.TestFS: an adapter's tests call it once per API the
// adapter speaks, with a function that builds the model under test against
// the server.
//
// The script is made of [scripted.Turn] values, so one script drives the
// offline [scripted.Model] and this server alike, whatever the API. Each
// request consumes the next turn:
//
//   - A stream carries the deltas [scripted.Model] streams: text as word
//     deltas, each tool call's arguments as 8-byte deltas (Gemini sends a
//     call whole, in a chunk of its own). A call without an ID gets
//     "call_<n>" ("toolu_<n>" on the Messages API), n counting the
//     script's calls from 1.
//   - FinishReason defaults to tool-calls when there are calls, else stop,
//     and is sent as the API's own value; Usage is sent as the API's usage.
//   - Err answers with an API error in the API's shape whose message is
//     Err's text and whose status is that of an error with a method
//     HTTPStatus() int (such as [StatusError]), else 500. Every error asks
//     the client to wait 1 ms before a retry (Retry-After-Ms), and each
//     retry takes the next turn, so a script can fail once and then
//     succeed. An [Interruption] breaks a stream off partway; a [Reply] is
//     sent as the raw bytes it holds, for recorded exchanges.
//   - Respond is called with the request decoded from the wire as an
//     [llm.Request]: the system prompt, the messages (text, images, tool
//     calls, tool results), the tools, the tool choice and the response
//     format; [Request.LLM] decodes a recorded request the same way.
//
// What is particular to one API:
//
//   - Chat Completions has no error flag, so every result decodes as a
//     text output; a Responses result with images decodes as a content
//     output.
//   - Messages: arguments that are not a JSON object are sent as they are
//     when streaming (as a model's broken JSON would be), and as a JSON
//     string in a complete message. A request that forces a tool
//     (tool_choice {"type":"tool"}), as the adapter's forced-tool
//     structured output does, is answered with a call of that tool when the
//     turn makes no call and its text is a JSON object: the text becomes
//     the call's input, its id "toolu_answer_<n>", n the turn's number. With
//     [Server.CachePrompts], the input counts are those of a simulated
//     prompt cache.
//   - Gemini: arguments that are not a JSON object are sent as {}. The first
//     function call of a turn carries a thought signature, as Gemini 3
//     sends them, and so does a turn's text when it makes no call (in a
//     stream, on an empty text part in the last chunk); each is the bytes
//     "providertest:<turn>:<call id or text>". A request whose model
//     contents hold calls the server made must carry each turn's signature
//     on that turn's first call, as Gemini 3 demands: otherwise the answer
//     is a 400 error, and no turn is consumed. The SDK does not take its
//     retry delay from the server: give the model a short one.
//
// A request after the last turn gets a 400 error saying the script is
// exhausted, which the SDKs do not retry.
//
// See https://github.com/toolgen-go/toolgen/blob/main/docs/testing.md.
package providertest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// API is a wire API the server speaks.
type API string

// The APIs, each recognized by the path of its requests, whatever comes
// before it: a base URL may end in /v1/ or not.
const (
	// OpenAIChat is OpenAI's Chat Completions: POST …/chat/completions.
	OpenAIChat API = "openai-chat"
	// OpenAIResponses is OpenAI's Responses API: POST …/responses.
	OpenAIResponses API = "openai-responses"
	// AnthropicMessages is Anthropic's Messages API: POST …/messages.
	AnthropicMessages API = "anthropic-messages"
	// Gemini is Google's Gemini API: POST
	// …/models/<model>:generateContent and :streamGenerateContent.
	Gemini API = "gemini"
)

// APIs returns every API the server speaks.
func APIs() []API { return []API{OpenAIChat, OpenAIResponses, AnthropicMessages, Gemini} }

// Request is one HTTP request the server received.
type Request struct {
	// API is the API the request's path belongs to; "" for a path of no
	// API.
	API API
	// Method is the HTTP method, POST for every API call.
	Method string
	// Path is the URL path, such as "/v1/chat/completions".
	Path string
	// Header holds the request's headers, the API key's included.
	Header http.Header
	// Body is the request body as sent, a JSON object for API calls.
	Body json.RawMessage
	// Stream reports whether the request asked for a stream.
	Stream bool
}

// Decode unmarshals the body into v.
func (r Request) Decode(v any) error { return json.Unmarshal(r.Body, v) }

// LLM returns the request decoded from the wire, as a scripted turn's
// Respond sees it.
func (r Request) LLM() (*llm.Request, error) {
	a, ok := apis[r.API]
	if !ok {
		return nil, fmt.Errorf("providertest: %s %s is no API request", r.Method, r.Path)
	}
	return a.decode(r.Body)
}

// StatusError is an error a scripted turn fails with to make the server
// answer with an API error of the given HTTP status:
//
//	scripted.Fail(&providertest.StatusError{Status: 429, Message: "slow down"})
//
// Any error with a method HTTPStatus() int does the same.
type StatusError struct {
	// Status is the HTTP status code, such as 429 or 529.
	Status int
	// Message is the API error's message.
	Message string
}

// Error returns the message.
func (e *StatusError) Error() string { return e.Message }

// HTTPStatus returns the status code.
func (e *StatusError) HTTPStatus() int { return e.Status }

// status returns the HTTP status a failing turn's error asks for: its
// HTTPStatus, else 500.
func status(err error) int {
	var se interface{ HTTPStatus() int }
	if errors.As(err, &se) {
		return se.HTTPStatus()
	}
	return http.StatusInternalServerError
}

// Server is a fake API server that plays a script of turns in the wire
// format of each API it speaks. It is safe for concurrent use; turns are
// consumed in the order requests arrive.
type Server struct {
	srv       *httptest.Server
	transport *http.Transport

	mu     sync.Mutex
	turns  []scripted.Turn
	next   int
	calls  int
	reqs   []Request
	split  int
	cache  *PromptCache      // see CachePrompts
	issued map[string]string // Gemini signatures by the id of the call they were sent on
}

// NewServer starts a server that plays turns. With a non-nil tb, the
// server is closed when the test ends; offline demos pass nil and call
// Close.
func NewServer(tb testing.TB, turns ...scripted.Turn) *Server {
	s := &Server{turns: slices.Clone(turns), issued: map[string]string{}, transport: &http.Transport{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	if tb != nil {
		tb.Cleanup(s.Close)
	}
	return s
}

// URL returns the server's base URL, ending in "/", for the base URL
// option or variable of any adapter ($OPENAI_BASE_URL, $ANTHROPIC_BASE_URL,
// $GOOGLE_GEMINI_BASE_URL). The APIs' paths start there: an OpenAI base URL
// may add "v1/", as OpenAI's does.
func (s *Server) URL() string { return s.srv.URL + "/" }

// Client returns an HTTP client that sends every request to the server,
// whatever host its URL names, so that a model can be given a provider's
// real base URL (and choose its behaviour from it) while talking to the
// script. Its idle connections are closed with the server.
func (s *Server) Client() *http.Client {
	to, _ := url.Parse(s.srv.URL) // httptest's URL always parses
	return &http.Client{Transport: redirect{to: to, next: s.transport}}
}

// redirect is a transport that sends every request to one host.
type redirect struct {
	to   *url.URL
	next http.RoundTripper
}

// RoundTrip sends req to the server, whatever its URL names.
func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host, req.Host = r.to.Scheme, r.to.Host, r.to.Host
	return r.next.RoundTrip(req)
}

// Close shuts the server down, closing open connections.
func (s *Server) Close() {
	s.transport.CloseIdleConnections()
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// Append adds turns to the end of the script.
func (s *Server) Append(turns ...scripted.Turn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.turns = append(s.turns, turns...)
}

// Requests returns the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// Remaining returns the number of turns not yet played.
func (s *Server) Remaining() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.turns) - s.next
}

// SplitWrites makes the server write every stream in pieces of at most n
// bytes, flushing after each, so that events, and the lines of an event,
// reach the client split across reads; 0 writes each event whole.
func (s *Server) SplitWrites(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.split = max(n, 0)
}

// route returns the API of a request path, and for Gemini the model and
// the method.
func route(path string) (a API, model, method string) {
	switch {
	case strings.HasSuffix(path, "/chat/completions"):
		return OpenAIChat, "", ""
	case strings.HasSuffix(path, "/responses"):
		return OpenAIResponses, "", ""
	case strings.HasSuffix(path, "/messages"):
		return AnthropicMessages, "", ""
	}
	i := strings.LastIndex(path, "/models/")
	if i < 0 {
		return "", "", ""
	}
	model, method, _ = strings.Cut(path[i+len("/models/"):], ":")
	if method != "generateContent" && method != "streamGenerateContent" {
		return "", "", ""
	}
	return Gemini, model, method
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, genericError("providertest: reading the request: "+err.Error()))
		return
	}
	api, model, method := route(r.URL.Path)
	var head struct {
		Model  string `json:"model"`
		Stream bool   `json:"stream"`
	}
	_ = json.Unmarshal(body, &head)
	stream := head.Stream
	if api == Gemini {
		head.Model, stream = model, method == "streamGenerateContent"
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, Request{API: api, Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body, Stream: stream})
	s.mu.Unlock()

	a, ok := apis[api]
	switch {
	case !ok:
		writeJSON(w, http.StatusNotFound, genericError("providertest: no API at "+r.URL.Path))
		return
	case r.Method != http.MethodPost:
		a.writeError(w, http.StatusMethodNotAllowed, "providertest: "+r.Method+" "+r.URL.Path+": only POST is served")
		return
	}
	x := &exchange{srv: s, api: a, w: w, r: r, body: body, model: head.Model, stream: stream}
	if a.check != nil {
		if serr := a.check(x); serr != nil {
			a.writeError(w, serr.Status, serr.Message)
			return
		}
	}
	turn, seq, err := s.take(x)
	x.seq = seq
	if err != nil {
		x.fail(err)
		return
	}
	a.answer(x, turn)
}

// exchange is one request being answered.
type exchange struct {
	srv    *Server
	api    *wireAPI
	w      http.ResponseWriter
	r      *http.Request
	body   []byte
	model  string
	stream bool
	seq    int         // the turn's number, from 1
	cached *CacheUsage // the usage a prompt cache reported, if any
}

// exhausted answers a request after the last turn, with a status the SDKs
// do not retry.
type exhausted struct{ turns int }

// Error says how many turns the script had.
func (e exhausted) Error() string {
	return fmt.Sprintf("providertest: script exhausted after %d turns", e.turns)
}

// HTTPStatus is 400, which the SDKs do not retry.
func (exhausted) HTTPStatus() int { return http.StatusBadRequest }

// take returns the next turn, computed by its Respond function from the
// request, with call ids assigned, and its number, counting from 1. A
// turn's Err is returned as the error.
func (s *Server) take(x *exchange) (scripted.Turn, int, error) {
	s.mu.Lock()
	if s.next >= len(s.turns) {
		n := len(s.turns)
		s.mu.Unlock()
		return scripted.Turn{}, 0, exhausted{n}
	}
	turn := s.turns[s.next]
	s.next++
	seq := s.next
	s.mu.Unlock()

	if turn.Respond != nil {
		req, err := x.api.decode(x.body)
		if err != nil {
			return scripted.Turn{}, seq, &StatusError{Status: http.StatusBadRequest, Message: "providertest: decoding the request: " + err.Error()}
		}
		turn = turn.Respond(req)
	}
	if turn.Err != nil {
		return scripted.Turn{}, seq, turn.Err
	}
	turn.ToolCalls = slices.Clone(turn.ToolCalls)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range turn.ToolCalls {
		s.calls++
		if turn.ToolCalls[i].ID == "" {
			turn.ToolCalls[i].ID = fmt.Sprintf("%s%d", x.api.idPrefix, s.calls)
		}
	}
	return turn, seq, nil
}

// fail answers with what a turn's error asks for: raw bytes, a broken
// stream, or an API error.
func (x *exchange) fail(err error) {
	var (
		reply *Reply
		cut   *Interruption
	)
	switch {
	case errors.As(err, &reply):
		x.writeReply(*reply)
	case errors.As(err, &cut):
		x.interrupt(*cut)
	default:
		x.api.writeError(x.w, status(err), err.Error())
	}
}

// genericError is the body of an error outside any API.
func genericError(message string) any {
	return map[string]any{"error": map[string]any{"message": message}}
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

// total returns the usage's total, or the sum of input and output.
func total(u llm.Usage) int {
	if u.TotalTokens != 0 {
		return u.TotalTokens
	}
	return u.InputTokens + u.OutputTokens
}
