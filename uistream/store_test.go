package uistream_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/uistream"
)

// A run that another request is resuming gets 409 with Retry-After,
// until that request gives it back.
func TestResumeClaimedElsewhere(t *testing.T) {
	srv, runID := pausedRun(t)
	other, err := srv.store.Take(t.Context(), runID, time.Minute)
	require.NoError(t, err)

	resp, _, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	assert.Equal(t, http.StatusConflict, resp.StatusCode)
	assert.Contains(t, raw, "is being resumed by another request")
	assert.Equal(t, "30", resp.Header.Get("Retry-After"), "the handler's lease, store.DefaultLease")

	require.NoError(t, srv.store.Release(t.Context(), runID, other.Claim))
	resp, chunks, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Contains(t, types(chunks), "tool-output-available call_d")
	assert.Equal(t, 0, srv.store.Len(), "the resumed run is done")
}

// A server that took a run and stopped before the end leaves the run to
// be answered again once its lease has expired.
func TestResumeAfterAServerStopped(t *testing.T) {
	srv, runID := pausedRun(t)
	_, err := srv.store.Take(t.Context(), runID, 50*time.Millisecond) // a server that stops
	require.NoError(t, err)
	time.Sleep(100 * time.Millisecond)

	resp, chunks, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Equal(t, map[string]any{"deleted": "/tmp/x"}, chunkOf(t, chunks, "tool-output-available")["output"])
	assert.Equal(t, 0, srv.store.Len())
}

// A stored state this server cannot read fails its own run with a clear
// error, stays in the store, and other runs resume.
func TestResumeUnreadableState(t *testing.T) {
	runs := store.NewMemory()
	srv := newHandlerServer(t, &uistream.Handler{Agent: serialAgent(), Store: runs})
	for id, tc := range map[string]struct{ state, want string }{
		"run-corrupt": {`{"version":2,"step":`, "paused run run-corrupt: its stored state is not a run state: unexpected end of JSON input"},
		"run-future":  {`{"version":99,"step":1}`, "paused run run-future: its stored state has version 99, and this server reads versions 1 to 2"},
	} {
		require.NoError(t, runs.Put(t.Context(), store.Run{ID: id, State: []byte(tc.state), Expires: time.Now().Add(time.Hour)}))
		resp, _, raw := post(t, srv.URL, answerRequest(id, id+":call_d", true, ""))
		assert.Equal(t, http.StatusInternalServerError, resp.StatusCode, id)
		assert.Contains(t, raw, tc.want)
		again, err := runs.Take(t.Context(), id, time.Minute)
		require.NoError(t, err, "the run stays, for a server that reads it")
		assert.Equal(t, tc.state, string(again.State))
	}

	_, chunks, _ := post(t, srv.URL, userRequest("go"))
	runID := chunkOf(t, chunks, "data-tool-call-approval")["data"].(map[string]any)["runId"].(string)
	resp, chunks, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Contains(t, types(chunks), "tool-output-available call_d")
}

// A paused run is kept under the request's conversation, with the
// handler's TTL.
func TestPausedRunsOfAConversation(t *testing.T) {
	runs := store.NewMemory()
	srv := newHandlerServer(t, &uistream.Handler{Agent: serialAgent(), Store: runs, TTL: time.Hour})
	_, chunks, _ := post(t, srv.URL, userRequest("go"))
	runID := chunkOf(t, chunks, "data-tool-call-approval")["data"].(map[string]any)["runId"].(string)
	p, err := runs.Pending(t.Context(), "chat-1")
	require.NoError(t, err)
	require.Len(t, p, 1)
	assert.Equal(t, runID, p[0].ID)
	assert.Contains(t, string(p[0].State), `"version":2`)
	assert.WithinDuration(t, time.Now().Add(time.Hour), p[0].Expires, time.Minute)
}
