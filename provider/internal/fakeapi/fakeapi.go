// Package fakeapi is what the fake provider servers (openaitest,
// anthropictest) share: the requests they record, the error a turn fails
// with, and the script of turns they play. Each fake writes its own API's
// wire format.
package fakeapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

// Request is one HTTP request a fake server received.
type Request struct {
	// Method is the HTTP method, POST for every API call.
	Method string
	// Path is the URL path, such as "/v1/chat/completions".
	Path string
	// Header holds the request's headers, the API key's included.
	Header http.Header
	// Body is the request body as sent, a JSON object for API calls.
	Body json.RawMessage
	// Stream reports whether the body asked for a stream ("stream": true).
	Stream bool
}

// Decode unmarshals the body into v.
func (r Request) Decode(v any) error { return json.Unmarshal(r.Body, v) }

// StatusError is an error a scripted turn fails with to make a fake server
// answer with an API error of the given HTTP status. Any error with a method
// HTTPStatus() int does the same.
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

// Status returns the HTTP status a failing turn's error asks for: its
// HTTPStatus, else 500.
func Status(err error) int {
	var se interface{ HTTPStatus() int }
	if errors.As(err, &se) {
		return se.HTTPStatus()
	}
	return http.StatusInternalServerError
}

// Script is the script of turns a fake plays and the requests it received.
// It is safe for concurrent use; turns are consumed in the order requests
// arrive.
type Script struct {
	name     string // the fake's package name, for messages
	idPrefix string // of the call ids it assigns, such as "call_"

	mu    sync.Mutex
	turns []scripted.Turn
	next  int
	calls int
	reqs  []Request
}

// NewScript returns the script of the fake called name, which assigns call
// ids idPrefix1, idPrefix2, … to tool calls that have none.
func NewScript(name, idPrefix string, turns []scripted.Turn) *Script {
	return &Script{name: name, idPrefix: idPrefix, turns: slices.Clone(turns)}
}

// Append adds turns to the end of the script.
func (s *Script) Append(turns ...scripted.Turn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.turns = append(s.turns, turns...)
}

// Requests returns the requests received so far, in order.
func (s *Script) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// Remaining returns the number of turns not yet played.
func (s *Script) Remaining() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.turns) - s.next
}

// Record remembers a request.
func (s *Script) Record(r *http.Request, body []byte, stream bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, Request{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body, Stream: stream})
}

// exhausted answers a request after the last turn, with a status the SDKs
// do not retry.
type exhausted struct {
	name  string
	turns int
}

func (e exhausted) Error() string {
	return fmt.Sprintf("%s: script exhausted after %d turns", e.name, e.turns)
}

func (exhausted) HTTPStatus() int { return http.StatusBadRequest }

// Take returns the next turn, computed by its Respond function from the
// request decode makes of body, with call ids assigned, and its number,
// counting from 1. A turn's Err is returned as the error.
func (s *Script) Take(body []byte, decode func([]byte) (*llm.Request, error)) (scripted.Turn, int, error) {
	s.mu.Lock()
	if s.next >= len(s.turns) {
		n := len(s.turns)
		s.mu.Unlock()
		return scripted.Turn{}, 0, exhausted{s.name, n}
	}
	turn := s.turns[s.next]
	s.next++
	seq := s.next
	s.mu.Unlock()

	if turn.Respond != nil {
		req, err := decode(body)
		if err != nil {
			return scripted.Turn{}, 0, &StatusError{Status: http.StatusBadRequest, Message: s.name + ": decoding the request: " + err.Error()}
		}
		turn = turn.Respond(req)
	}
	if turn.Err != nil {
		return scripted.Turn{}, 0, turn.Err
	}
	turn.ToolCalls = slices.Clone(turn.ToolCalls)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range turn.ToolCalls {
		s.calls++
		if turn.ToolCalls[i].ID == "" {
			turn.ToolCalls[i].ID = fmt.Sprintf("%s%d", s.idPrefix, s.calls)
		}
	}
	return turn, seq, nil
}
