package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// paused is a booking run that waits for its approval.
type paused struct {
	runID, callID, approvalID string
}

// pauseBooking asks the server at url to book a table in Paris and
// returns the paused run.
func pauseBooking(t testing.TB, url string) paused {
	t.Helper()
	raw, chunks := chat(t, url, "Book a table in Paris")
	in := find(chunks, "tool-input-available")
	require.NotNil(t, in, "no call in %s", raw)
	assert.Equal(t, "bookTable", in.ToolName)
	assert.JSONEq(t, `{"city":"Paris","people":2,"time":"19:30"}`, string(in.Input))
	req := find(chunks, "tool-approval-request")
	require.NotNil(t, req, "no approval request in %s", raw)
	runID, callID, ok := strings.Cut(req.ApprovalID, ":")
	require.True(t, ok, req.ApprovalID)
	require.Equal(t, in.ToolCallID, callID)
	assert.Nil(t, find(chunks, "tool-output-available"), "the booking waits for approval")
	return paused{runID: runID, callID: callID, approvalID: req.ApprovalID}
}

// answerBody is what the page posts to approve (or decline) the call of
// p: the conversation with the assistant message, whose tool part
// carries the decision.
func answerBody(p paused, approved bool) string {
	return fmt.Sprintf(`{"id":"chat-1","trigger":"submit-message","messages":[
		{"id":"u1","role":"user","parts":[{"type":"text","text":"Book a table in Paris"}]},
		{"id":"a1","role":"assistant","parts":[
			{"type":"data-tool-call-approval","id":%[2]q,"data":{"state":"data-tool-call-approval","runId":%[1]q,"toolCallId":%[2]q,"toolName":"bookTable"}},
			{"type":"tool-bookTable","toolCallId":%[2]q,"state":"approval-responded","input":{"city":"Paris","people":2,"time":"19:30"},
			 "approval":{"id":%[3]q,"approved":%[4]t}}]}]}`, p.runID, p.callID, p.approvalID, approved)
}

// postAnswer posts the decision on the call of p to the server at url and
// returns the status and the body.
func postAnswer(ctx context.Context, url string, p paused, approved bool) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/api/chat", strings.NewReader(answerBody(p, approved)))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return res.StatusCode, raw, err
}

// approved approves the call of p and checks that the booking's output
// and the confirmation arrive; it returns the booking.
func approved(t *testing.T, url string, p paused) TableBooking {
	t.Helper()
	status, raw, err := postAnswer(t.Context(), url, p, true)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status, "%s", raw)
	return checkBooked(t, p, raw)
}

// checkBooked checks the stream raw of the approved call of p: the
// booking's output and the confirmation.
func checkBooked(t testing.TB, p paused, raw []byte) TableBooking {
	t.Helper()
	chunks := parseStream(t, raw)
	out := find(chunks, "tool-output-available")
	require.NotNil(t, out, "no output in %s", raw)
	assert.Equal(t, p.callID, out.ToolCallID)
	var b TableBooking
	require.NoError(t, json.Unmarshal(out.Output, &b))
	assert.NotEmpty(t, b.ID)
	assert.Equal(t, TableBooking{ID: b.ID, City: "Paris", People: 2, Time: "19:30",
		Confirmation: "A table for 2 in Paris at 19:30 is booked: booking " + b.ID + "."}, b)
	assert.Equal(t, "Done. "+b.Confirmation, text(chunks))
	return b
}

// answeredAlready checks that the call of p cannot be answered again.
func answeredAlready(t *testing.T, url string, p paused) {
	t.Helper()
	status, raw, err := postAnswer(t.Context(), url, p, true)
	require.NoError(t, err)
	assert.Equal(t, http.StatusConflict, status, "%s", raw)
	assert.Contains(t, string(raw), "answered already")
}

func TestBookingNeedsApproval(t *testing.T) {
	srv := newTestServer(t)
	p := pauseBooking(t, srv.URL)
	b := approved(t, srv.URL, p)
	assert.Equal(t, "BK-0001", b.ID)
	answeredAlready(t, srv.URL, p)

	// Declined, nothing is booked, and the model says so.
	p = pauseBooking(t, srv.URL)
	status, raw, err := postAnswer(t.Context(), srv.URL, p, false)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, status, "%s", raw)
	chunks := parseStream(t, raw)
	assert.NotNil(t, find(chunks, "tool-output-denied"), "%s", raw)
	assert.Nil(t, find(chunks, "tool-output-available"))
	assert.True(t, strings.HasPrefix(text(chunks), "I did not book the table: "), text(chunks))

	p = pauseBooking(t, srv.URL)
	assert.Equal(t, "BK-0002", approved(t, srv.URL, p).ID, "the declined call booked nothing")
}

func TestTableIn(t *testing.T) {
	for text, want := range map[string]TableRequest{
		"Book a table in Paris":                    {City: "Paris", People: 2, Time: "19:30"},
		"book a table for 4 in Tokyo at 20:15":     {City: "Tokyo", People: 4, Time: "20:15"},
		"Reserve for 6 at 8pm in Lyon":             {City: "Lyon", People: 6, Time: "20:00"},
		"Can you book us a table at 12 in London?": {City: "London", People: 2, Time: "12:00"},
	} {
		assert.True(t, bookingWords.MatchString(text), text)
		assert.Equal(t, want, tableIn(text, cityIn(text)), text)
	}
	assert.False(t, bookingWords.MatchString("What's the weather in Tokyo?"))
}

// The in-process service books once per key, as the HTTP one must.
func TestMemoryBookingsHonourTheKey(t *testing.T) {
	b := newMemoryBookings()
	req := TableRequest{City: "Paris", People: 2, Time: "19:30"}
	id1, err := b.Book(t.Context(), "call_a", req)
	require.NoError(t, err)
	id2, err := b.Book(t.Context(), "call_a", req)
	require.NoError(t, err)
	id3, err := b.Book(t.Context(), "call_b", req)
	require.NoError(t, err)
	assert.Equal(t, id1, id2, "the same key, the same booking")
	assert.NotEqual(t, id1, id3)
}

// bookingService is the test's booking service over HTTP: it books once
// per Idempotency-Key and records the key of each request. When block is
// set, its first request waits until its client goes away, after it
// booked: as a service whose answer was lost.
type bookingService struct {
	block bool
	// first is closed when the first request has booked.
	first chan struct{}

	mu    sync.Mutex
	keys  []string          // the Idempotency-Key of each request
	byKey map[string]string // the booking id of each key
	bad   []string          // what was wrong with a request
}

func newBookingService(t testing.TB, block bool) (*bookingService, *httptest.Server) {
	s := &bookingService{block: block, first: make(chan struct{}), byKey: map[string]string{}}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv
}

func (s *bookingService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req TableRequest
	err := json.NewDecoder(r.Body).Decode(&req)
	key := r.Header.Get("Idempotency-Key")
	s.mu.Lock()
	switch {
	case r.Method != http.MethodPost || err != nil || key == "":
		s.bad = append(s.bad, fmt.Sprintf("%s, key %q, body: %v", r.Method, key, err))
	case req != TableRequest{City: "Paris", People: 2, Time: "19:30"}:
		s.bad = append(s.bad, fmt.Sprintf("request %+v", req))
	}
	s.keys = append(s.keys, key)
	first := len(s.keys) == 1
	id, ok := s.byKey[key]
	if !ok {
		id = fmt.Sprintf("R-%d", len(s.byKey)+100)
		s.byKey[key] = id
	}
	s.mu.Unlock()
	if first {
		close(s.first)
		if s.block {
			select {
			case <-r.Context().Done():
			case <-time.After(time.Minute):
			}
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	fmt.Fprintf(w, `{"id":%q}`, id)
}

func (s *bookingService) requests() (keys []string, bookings int, bad []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.keys...), len(s.byKey), append([]string(nil), s.bad...)
}

func TestHTTPBookings(t *testing.T) {
	svc, srv := newBookingService(t, false)
	b := &Booker{Bookings: &httpBookings{URL: srv.URL}}
	tl := BookerBookTableTool(b)
	ctx := toolexec.WithCallInfo(t.Context(), tool.CallInfo{ToolName: "bookTable", ToolCallID: "call_x"})
	args := json.RawMessage(`{"city":"Paris","people":2,"time":"19:30"}`)
	out1, err := tool.Call(ctx, tl, args)
	require.NoError(t, err)
	out2, err := tool.Call(ctx, tl, args)
	require.NoError(t, err)
	assert.Equal(t, out1.Value, out2.Value, "the same call id, the same booking")
	keys, bookings, bad := svc.requests()
	assert.Equal(t, []string{"call_x", "call_x"}, keys)
	assert.Equal(t, 1, bookings)
	assert.Empty(t, bad)

	_, err = tool.Call(ctx, BookerBookTableTool(&Booker{Bookings: &httpBookings{URL: srv.URL + "/nothing", Client: &http.Client{
		Transport: roundTripper(func(*http.Request) (*http.Response, error) {
			return &http.Response{StatusCode: http.StatusServiceUnavailable, Status: "503 Service Unavailable",
				Body: io.NopCloser(strings.NewReader("try later\n"))}, nil
		}),
	}}}), args)
	assert.ErrorContains(t, err, "booking service: 503 Service Unavailable: try later")
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// A paused run outlives its server: run stops, a new one on the same
// SQLite file resumes it.
func TestRestartKeepsPausedRun(t *testing.T) {
	cfg := config{db: filepath.Join(t.TempDir(), "chat.db")}
	serve := func() (url string, stop func()) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan error, 1)
		go func() { done <- run(ctx, ln, cfg, io.Discard, io.Discard) }()
		return "http://" + ln.Addr().String(), func() {
			cancel()
			require.NoError(t, <-done)
		}
	}
	url, stop := serve()
	p := pauseBooking(t, url)
	stop()

	url, stop = serve()
	defer stop()
	b := approved(t, url, p)
	assert.Equal(t, "BK-0001", b.ID, "the new server's bookings")
	answeredAlready(t, url, p)
}
