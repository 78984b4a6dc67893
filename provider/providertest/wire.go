package providertest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// wireAPI is what the server knows of one API: how to read its requests
// and write its answers, errors and streams. Everything else is shared.
type wireAPI struct {
	name API
	// idPrefix starts the ids of the calls the server names.
	idPrefix string
	// decode converts a request body to the llm request.
	decode func(body []byte) (*llm.Request, error)
	// check refuses a request before it takes a turn, or is nil.
	check func(x *exchange) *StatusError
	// prepare adjusts a turn before it is answered, or is nil.
	prepare func(x *exchange, turn scripted.Turn) scripted.Turn
	// response is the JSON answer to a request that does not stream.
	response func(x *exchange, turn scripted.Turn) any
	// events is the stream of a turn, and how many of its first events
	// hold its opening and its text, up to the last text delta.
	events func(x *exchange, turn scripted.Turn) (evs []event, textEnd int)
	// errorBody is the JSON of an API error.
	errorBody func(status int, message string) any
	// errorEvent is the event of an error in the middle of a stream.
	errorEvent func(status int, message string) event
	// crlf ends each event in CRLF CRLF rather than LF LF, as Gemini does.
	crlf bool
}

// apis are the APIs the server speaks.
var apis = map[API]*wireAPI{
	OpenAIChat:        chatAPI,
	OpenAIResponses:   responsesAPI,
	AnthropicMessages: messagesAPI,
	Gemini:            geminiAPI,
}

// answer writes the answer to a request for turn.
func (a *wireAPI) answer(x *exchange, turn scripted.Turn) {
	if a.prepare != nil {
		turn = a.prepare(x, turn)
	}
	if !x.stream {
		writeJSON(x.w, http.StatusOK, a.response(x, turn))
		return
	}
	evs, _ := a.events(x, turn)
	sw := x.startStream()
	for _, e := range evs {
		sw.send(e)
	}
}

// writeError writes an API error in the API's shape, asking the client to
// wait 1 ms before it retries.
func (a *wireAPI) writeError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Retry-After-Ms", "1")
	writeJSON(w, status, a.errorBody(status, message))
}

// errorNames are the names each API gives an error's HTTP status: OpenAI's
// and Anthropic's error types, Google's status names.
var errorNames = map[int]struct{ openAI, anthropic, google string }{
	http.StatusBadRequest:            {"invalid_request_error", "invalid_request_error", "INVALID_ARGUMENT"},
	http.StatusUnauthorized:          {"invalid_request_error", "authentication_error", "UNAUTHENTICATED"},
	http.StatusForbidden:             {"", "permission_error", "PERMISSION_DENIED"},
	http.StatusNotFound:              {"invalid_request_error", "not_found_error", "NOT_FOUND"},
	http.StatusMethodNotAllowed:      {"", "", "INVALID_ARGUMENT"},
	http.StatusRequestEntityTooLarge: {"", "request_too_large", ""},
	http.StatusTooManyRequests:       {"rate_limit_exceeded", "rate_limit_error", "RESOURCE_EXHAUSTED"},
	http.StatusInternalServerError:   {"", "", "INTERNAL"},
	http.StatusServiceUnavailable:    {"", "", "UNAVAILABLE"},
	http.StatusGatewayTimeout:        {"", "", "DEADLINE_EXCEEDED"},
	529:                              {"", "overloaded_error", ""},
}

// orDefault returns name, or fallback when name is empty.
func orDefault(name, fallback string) string {
	if name == "" {
		return fallback
	}
	return name
}

// writeJSON writes v as a JSON answer.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":{"message":"providertest: encoding the answer"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// event is one server-sent event: an optional name and its data, the JSON
// of a value or a string as it is.
type event struct {
	name string
	data string
}

// newEvent returns the event name whose data is the JSON of v.
func newEvent(name string, v any) event {
	raw, _ := json.Marshal(v) // the wire types always marshal
	return event{name: name, data: string(raw)}
}

// bytes frames e, its end LF LF or CRLF CRLF.
func (e event) bytes(crlf bool) []byte {
	var b strings.Builder
	if e.name != "" {
		b.WriteString("event: " + e.name + "\n")
	}
	b.WriteString("data: " + e.data)
	if crlf {
		b.WriteString("\r\n\r\n")
	} else {
		b.WriteString("\n\n")
	}
	return []byte(b.String())
}

// Stream frames data, each the JSON of an event, as a stream of api in
// the server's framing, for a test's raw [Reply]: "data: …" events ending
// in "data: [DONE]" for Chat Completions, events named after their "type"
// on the Responses and Messages APIs, data events ending in CRLF CRLF for
// Gemini.
func Stream(api API, data ...string) string {
	var b strings.Builder
	for _, d := range data {
		e := event{data: d}
		if api == OpenAIResponses || api == AnthropicMessages {
			var head struct {
				Type string `json:"type"`
			}
			_ = json.Unmarshal([]byte(d), &head)
			e.name = head.Type
		}
		b.Write(e.bytes(api == Gemini))
	}
	if api == OpenAIChat {
		b.Write(event{data: "[DONE]"}.bytes(false))
	}
	return b.String()
}

// streamWriter writes server-sent events, flushing after each piece.
type streamWriter struct {
	w     http.ResponseWriter
	split int // bytes a write, 0 for whole events
	crlf  bool
}

// startStream writes the status and headers of a stream.
func (x *exchange) startStream() *streamWriter {
	x.w.Header().Set("Content-Type", "text/event-stream")
	x.w.Header().Set("Cache-Control", "no-cache")
	x.w.WriteHeader(http.StatusOK)
	x.srv.mu.Lock()
	split := x.srv.split
	x.srv.mu.Unlock()
	return &streamWriter{w: x.w, split: split, crlf: x.api.crlf}
}

func (s *streamWriter) send(e event) { s.write(e.bytes(s.crlf)) }

// write writes b, in pieces of s.split bytes when set.
func (s *streamWriter) write(b []byte) {
	for len(b) > 0 {
		n := len(b)
		if s.split > 0 {
			n = min(n, s.split)
		}
		_, _ = s.w.Write(b[:n])
		b = b[n:]
		s.flush()
	}
}

func (s *streamWriter) flush() {
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}

// Reply is an error a scripted turn fails with to make the server answer
// with these bytes, as they are, whatever the API: a recorded answer, or
// one written by hand. [Replay] turns replies into turns.
type Reply struct {
	// Status is the HTTP status; 0 means 200.
	Status int
	// Header holds extra response headers.
	Header map[string]string
	// Body is the response body, as sent.
	Body string
	// SSE sends Body as text/event-stream, flushing after each event.
	SSE bool
	// Hang keeps the response open after Body until the client goes away.
	Hang bool
}

// Error says what the reply is, for a turn that a scripted model, rather
// than the server, plays.
func (r *Reply) Error() string {
	return fmt.Sprintf("providertest: a raw reply of %d bytes, for a server to send", len(r.Body))
}

// Replay returns a turn for each reply, which the server answers with the
// reply's bytes.
func Replay(replies ...Reply) []scripted.Turn {
	turns := make([]scripted.Turn, len(replies))
	for i := range replies {
		turns[i] = scripted.Turn{Err: &replies[i]}
	}
	return turns
}

// writeReply writes r.
func (x *exchange) writeReply(r Reply) {
	for k, v := range r.Header {
		x.w.Header().Set(k, v)
	}
	if !r.SSE {
		if x.w.Header().Get("Content-Type") == "" {
			x.w.Header().Set("Content-Type", "application/json")
		}
		x.w.WriteHeader(cmpStatus(r.Status))
		_, _ = x.w.Write([]byte(r.Body))
	} else {
		x.w.Header().Set("Content-Type", "text/event-stream")
		x.w.WriteHeader(cmpStatus(r.Status))
		x.srv.mu.Lock()
		sw := &streamWriter{w: x.w, split: x.srv.split}
		x.srv.mu.Unlock()
		for ev := range strings.SplitAfterSeq(r.Body, "\n\n") {
			sw.write([]byte(ev))
		}
	}
	if r.Hang {
		if f, ok := x.w.(http.Flusher); ok {
			f.Flush()
		}
		<-x.r.Context().Done()
	}
}

// cmpStatus is status, or 200 for 0.
func cmpStatus(status int) int {
	if status == 0 {
		return http.StatusOK
	}
	return status
}

// Break is how an [Interruption] breaks an answer off.
type Break int

// The ways an answer breaks off.
const (
	// Hang holds the response open until the client goes away.
	Hang Break = iota
	// Cut ends the response, as a dropped connection would.
	Cut
	// ErrorEvent sends the API's error event, then ends the response.
	ErrorEvent
	// Malformed sends an event whose JSON is cut short, then ends the
	// response.
	Malformed
)

// String returns the name of b.
func (b Break) String() string {
	switch b {
	case Hang:
		return "hang"
	case Cut:
		return "cut"
	case ErrorEvent:
		return "error event"
	case Malformed:
		return "malformed event"
	}
	return fmt.Sprintf("Break(%d)", int(b))
}

// Interruption is an error a scripted turn fails with to make the server
// break its answer off:
//
//	scripted.Fail(&providertest.Interruption{Text: "Once ", Then: providertest.Hang})
//
// To a request that streams, the server sends the opening events of an
// answer whose text is Text and its text deltas (no event at all when Text
// is empty), then breaks off as Then says; with Hang and no Text, it sends
// not even the status line. To a request that does not stream, it sends
// nothing and hangs (Hang), answers with the API error (ErrorEvent), or
// sends a JSON answer cut short (Cut, Malformed).
type Interruption struct {
	// Text is the answer's text, sent as deltas before the break.
	Text string
	// Then is how the answer breaks off.
	Then Break
	// Status is the error's HTTP status, for ErrorEvent; 0 means 500.
	Status int
	// Message is the error's message, for ErrorEvent.
	Message string
}

// Error says how the answer breaks off.
func (i *Interruption) Error() string {
	return "providertest: the answer breaks off: " + i.Then.String()
}

// interrupt answers as i says.
func (x *exchange) interrupt(i Interruption) {
	status := i.Status
	if status == 0 {
		status = http.StatusInternalServerError
	}
	turn := scripted.Turn{Text: i.Text}
	if !x.stream {
		switch i.Then {
		case Hang:
			<-x.r.Context().Done()
		case ErrorEvent:
			x.api.writeError(x.w, status, i.Message)
		default:
			raw, _ := json.Marshal(x.api.response(x, turn))
			x.w.Header().Set("Content-Type", "application/json")
			x.w.WriteHeader(http.StatusOK)
			_, _ = x.w.Write(raw[:len(raw)/2])
		}
		return
	}
	if i.Text == "" && i.Then == Hang {
		<-x.r.Context().Done()
		return
	}
	evs, end := x.api.events(x, turn)
	if i.Text == "" {
		end = 0
	}
	sw := x.startStream()
	for _, e := range evs[:end] {
		sw.send(e)
	}
	switch i.Then {
	case Hang:
		<-x.r.Context().Done()
	case ErrorEvent:
		sw.send(x.api.errorEvent(status, i.Message))
	case Malformed:
		e := evs[max(end-1, 0)]
		e.data = e.data[:len(e.data)/2]
		sw.send(e)
	}
}

// turnDeltas are the deltas a turn streams as, the scripted model's: its
// text's (a word each) and each call's arguments' (8 bytes each).
type turnDeltas struct {
	text []string
	args [][]string
}

// streamDeltas returns the deltas of turn's text and calls, as
// [scripted.Model] streams them.
func streamDeltas(turn scripted.Turn) turnDeltas {
	var d turnDeltas
	m := scripted.New(scripted.Turn{Text: turn.Text, ToolCalls: turn.ToolCalls})
	for p, err := range m.Stream(context.Background(), &llm.Request{}) {
		if err != nil {
			break
		}
		switch p.Type {
		case llm.StreamTextDelta:
			d.text = append(d.text, p.Text)
		case llm.StreamToolCallStart:
			d.args = append(d.args, nil)
		case llm.StreamToolCallDelta:
			d.args[len(d.args)-1] = append(d.args[len(d.args)-1], p.Text)
		}
	}
	return d
}

// jsonObject returns args when they are a JSON object, trimmed.
func jsonObject(args string) (json.RawMessage, bool) {
	trimmed := strings.TrimSpace(args)
	if strings.HasPrefix(trimmed, "{") && json.Valid([]byte(trimmed)) {
		return json.RawMessage(trimmed), true
	}
	return nil, false
}

// appendTurn adds the messages of one turn of the wire to msgs: its tool
// results as a tool message, then msg when it has parts or there were no
// results.
func appendTurn(msgs []llm.Message, msg llm.Message, results []llm.ToolResult) []llm.Message {
	if len(results) > 0 {
		msgs = append(msgs, llm.ToolMessage(results...))
	}
	if len(msg.Parts) > 0 || len(results) == 0 {
		msgs = append(msgs, msg)
	}
	return msgs
}

// appendResult adds a tool result to msgs, joining the tool message that
// ends msgs if there is one.
func appendResult(msgs []llm.Message, r llm.ToolResult) []llm.Message {
	if n := len(msgs); n > 0 && msgs[n-1].Role == llm.RoleTool {
		msgs[n-1].Parts = append(msgs[n-1].Parts, llm.Part{Type: llm.PartToolResult, ToolResult: &r})
		return msgs
	}
	return append(msgs, llm.ToolMessage(r))
}

// toolChoice decodes an OpenAI tool_choice: a mode, or a named tool whose
// name named returns.
func toolChoice(raw json.RawMessage, named func(json.RawMessage) (string, bool)) llm.ToolChoice {
	var mode string
	switch {
	case len(raw) == 0 || string(raw) == "null":
	case json.Unmarshal(raw, &mode) == nil:
		return llm.ToolChoice{Mode: llm.ToolChoiceMode(mode)}
	default:
		if name, ok := named(raw); ok {
			return llm.ChoiceTool(name)
		}
	}
	return llm.ToolChoice{}
}
