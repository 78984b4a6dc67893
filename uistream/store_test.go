package uistream_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/tool"
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
		"run-corrupt": {`{"version":2,"step":`, "paused run run-corrupt: its stored state cannot be resumed: not a run state: unexpected end of JSON input"},
		"run-future":  {`{"version":99,"step":1}`, "paused run run-future: its stored state cannot be resumed: run state version 99, want 2 (or 1)"},
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

// The background tasks of a conversation are kept in the handler's store:
// a task started by one request and settled after it is delivered by the
// next request of the same chat, on another server sharing the store.
func TestBackgroundTasksOfAConversation(t *testing.T) {
	st := &settleSignal{Memory: store.NewMemory(), settled: make(chan struct{}, 1)}
	release := make(chan struct{})
	type in struct {
		Location string `json:"location"`
	}
	slow := tool.NewFunc(spec("weather", "Weather at a place.", `{"type":"object","properties":{"location":{"type":"string"}},"required":["location"]}`, false),
		func(ctx context.Context, in in) (map[string]string, error) {
			<-release
			return map[string]string{"sky": "clear in " + in.Location}, nil
		}).WithBackground()
	m := scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`)), scripted.Text("started"), scripted.Text("none"), scripted.Text("none"), scripted.Text("clear"))
	a := &agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"weather": slow}}
	one := newHandlerServer(t, &uistream.Handler{Agent: a, Store: st})
	two := newHandlerServer(t, &uistream.Handler{Agent: a, Store: st})

	_, chunks, _ := post(t, one.URL, userRequest("go"))
	handle, _ := json.Marshal(chunkOf(t, chunks, "tool-output-available")["output"])
	require.Contains(t, string(handle), "Background task started")
	close(release)
	<-st.settled

	msgID := chunks[0]["messageId"].(string)
	require.Regexp(t, `^msg-[0-9a-f]{32}$`, msgID, "the server names the assistant message")
	next := func(msgID string) string {
		return `{"id":"chat-1","messages":[` +
			`{"id":"u1","role":"user","parts":[{"type":"text","text":"go"}]},` +
			`{"id":"` + msgID + `","role":"assistant","parts":[{"type":"tool-weather","toolCallId":"call_1","state":"output-available","input":{"location":"Paris"},"output":` + string(handle) + `}]},` +
			`{"id":"u2","role":"user","parts":[{"type":"text","text":"and?"}]}]}`
	}

	// Another client that knows the chat's id, but not the id the server
	// gave its assistant message, gets none of its tasks.
	for _, forged := range []string{"a1", "msg-00000000000000000000000000000000"} {
		_, _, raw := post(t, two.URL, next(forged))
		assert.NotContains(t, raw, "clear in Paris", "a task delivered to a client that named message %s", forged)
	}

	_, chunks, raw := post(t, two.URL, next(msgID))
	assert.Contains(t, raw, "clear in Paris", "the task's result event, on the other server")
	var results []string
	for _, msg := range m.LastRequest().Messages {
		for _, r := range msg.ToolResults() {
			results = append(results, r.Output.String())
		}
	}
	assert.Contains(t, strings.Join(results, "\n"), "clear in Paris", "the model reads the result in place of the handle")
	assert.Equal(t, "tool-output-available call_1", types(chunks)[1], "the task's result opens the stream")
}

// settleSignal is a store that says when a task settled.
type settleSignal struct {
	*store.Memory
	settled chan struct{}
}

func (s *settleSignal) SettleTask(ctx context.Context, conversation, id string, result []byte) error {
	defer func() { s.settled <- struct{}{} }()
	return s.Memory.SettleTask(ctx, conversation, id, result)
}

// A resume whose claim is lost (its lease ran out while the server could
// not reach the store, and another took the run) is cancelled, so that
// its tools stop.
func TestResumeCancelledWhenItsClaimIsLost(t *testing.T) {
	runs := store.NewMemory()
	started, stopped := make(chan struct{}), make(chan error, 1)
	type in struct {
		Path string `json:"path"`
	}
	del := tool.NewFunc(spec("delete", "Delete a file.", `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, true),
		func(ctx context.Context, in in) (map[string]string, error) {
			close(started)
			select {
			case <-ctx.Done():
				stopped <- context.Cause(ctx)
				return nil, ctx.Err()
			case <-time.After(5 * time.Second):
				stopped <- nil
				return map[string]string{"deleted": in.Path}, nil
			}
		})
	m := scripted.New(scripted.Calls(llm.ToolCall{ID: "call_d", Name: "delete", Arguments: `{"path":"/tmp/x"}`}), scripted.Text("done"))
	a := &agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"delete": del}}
	srv := newHandlerServer(t, &uistream.Handler{Agent: a, Store: runs, Lease: 90 * time.Millisecond})
	_, chunks, _ := post(t, srv.URL, userRequest("go"))
	runID := chunkOf(t, chunks, "data-tool-call-approval")["data"].(map[string]any)["runId"].(string)
	paused, err := runs.Pending(t.Context(), "chat-1")
	require.NoError(t, err)
	require.Len(t, paused, 1)

	done := make(chan string)
	go func() {
		_, _, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
		done <- raw
	}()
	<-started
	require.NoError(t, runs.Put(t.Context(), paused[0])) // the claim ends
	select {
	case cause := <-stopped:
		require.ErrorIs(t, cause, store.ErrLostClaim)
	case <-time.After(3 * time.Second):
		t.Fatal("the resume ran on after its claim was lost")
	}
	raw := <-done
	assert.Contains(t, raw, `"type":"error"`)
}
