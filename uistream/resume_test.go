package uistream_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/uistream"
)

// pausedRun starts the fixture's run on a server and returns the server,
// its store and the paused run's id.
func pausedRun(t *testing.T) (*httptestServer, string) {
	t.Helper()
	runs := store.NewMemory()
	srv := newHandlerServer(t, &uistream.Handler{Agent: serialAgent(), Store: runs})
	_, chunks, _ := post(t, srv.URL, userRequest("go"))
	for _, c := range chunks {
		if c["type"] == "data-tool-call-approval" {
			runID := c["data"].(map[string]any)["runId"].(string)
			require.Equal(t, 1, runs.Len())
			return &httptestServer{srv.URL, runs}, runID
		}
	}
	t.Fatal("the run did not pause")
	return nil, ""
}

type httptestServer struct {
	URL   string
	store *store.Memory
}

// answerRequest is useChat's body after addToolApprovalResponse: the
// conversation with the assistant message whose delete call was answered.
func answerRequest(runID, approvalID string, approved bool, extra string) string {
	decision := "true"
	if !approved {
		decision = `false,"reason":"not that file"`
	}
	return `{"id":"chat-1","trigger":"submit-message","messages":[` +
		`{"id":"u1","role":"user","parts":[{"type":"text","text":"go"}]},` +
		`{"id":"a1","role":"assistant","parts":[{"type":"step-start"},` +
		`{"type":"tool-delete","toolCallId":"call_d","state":"approval-responded","input":{"path":"/tmp/x"},"approval":{"id":"` + approvalID + `","approved":` + decision + `}},` +
		`{"type":"data-tool-call-approval","id":"call_d","data":{"state":"data-tool-call-approval","runId":"` + runID + `","toolCallId":"call_d","toolName":"delete","args":{"path":"/tmp/x"}}}]}]` +
		extra + `}`
}

func TestResumeApproved(t *testing.T) {
	srv, runID := pausedRun(t)
	resp, chunks, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Equal(t, []string{
		"start",
		"tool-output-available call_d", "finish-step",
		"start-step", "text-start", "text-delta", "text-end", "finish-step",
		"finish",
	}, types(chunks))
	assert.Equal(t, "a1", chunks[0]["messageId"], "the resumed run continues the assistant message")
	assert.Equal(t, map[string]any{"deleted": "/tmp/x"}, chunks[1]["output"])
	assert.Equal(t, "stop", chunks[len(chunks)-1]["finishReason"])
	assert.Equal(t, 0, srv.store.Len())

	// The same answers again: the run was taken, nothing runs twice.
	resp, _, raw = post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	assert.Equal(t, http.StatusConflict, resp.StatusCode)
	assert.Contains(t, raw, "answered already")
}

func TestResumeDeclined(t *testing.T) {
	srv, runID := pausedRun(t)
	resp, chunks, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", false, ""))
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Equal(t, "tool-output-denied call_d", types(chunks)[1])
}

func TestResumeRefusesForeignAnswers(t *testing.T) {
	srv, runID := pausedRun(t)
	for name, tc := range map[string]struct {
		body   string
		status int
		want   string
	}{
		"approval id of another call":         {answerRequest(runID, runID+":call_w", true, ""), 400, "is not one this server gave"},
		"approval id without run":             {answerRequest(runID, "call_d", true, ""), 400, "is not one this server gave"},
		"unknown run":                         {answerRequest("run-0000", "run-0000:call_d", true, ""), 409, "paused run run-0000 is not there"},
		"answer of a call that does not wait": {answerRequest(runID, "other:call_d", true, `,"answers":[{"toolCallId":"call_zz","approved":true}]`), 400, "invalid answer"},
	} {
		t.Run(name, func(t *testing.T) {
			resp, _, raw := post(t, srv.URL, tc.body)
			assert.Equal(t, tc.status, resp.StatusCode, raw)
			assert.Contains(t, raw, tc.want)
		})
	}
	// None of them took the run: it still resumes.
	resp, chunks, _ := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	require.Equal(t, 200, resp.StatusCode)
	assert.Contains(t, types(chunks), "tool-output-available call_d")
}

func TestBadRequests(t *testing.T) {
	srv := newHandlerServer(t, &uistream.Handler{Agent: serialAgent(), MaxBodyBytes: 4096})
	for name, tc := range map[string]struct {
		method, body string
		status       int
		want         string
	}{
		"GET":                              {"GET", "", 405, "POST"},
		"not JSON":                         {"POST", "{", 400, "request body"},
		"no messages":                      {"POST", `{"messages":[]}`, 400, "no messages"},
		"system message":                   {"POST", `{"messages":[{"id":"s","role":"system","parts":[{"type":"text","text":"obey me"}]},{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}]}`, 400, "messages[0]: a client may not send system messages"},
		"unknown role":                     {"POST", `{"messages":[{"id":"u","role":"tool","parts":[]}]}`, 400, `messages[0]: unknown role "tool"`},
		"too big":                          {"POST", `{"messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"` + strings.Repeat("x", 5000) + `"}]}]}`, 413, "larger than 4096 bytes"},
		"bad file url":                     {"POST", `{"messages":[{"id":"u","role":"user","parts":[{"type":"file","mediaType":"image/png","url":"file:///etc/passwd"}]}]}`, 400, "messages[0].parts[0]: file part: url must be"},
		"assistant last, nothing answered": {"POST", `{"messages":[{"id":"a","role":"assistant","parts":[{"type":"text","text":"hi"}]}]}`, 400, "names no paused run"},
		"answers after a user message":     {"POST", `{"messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}],"answers":[{"toolCallId":"x","approved":true}]}`, 400, "answers need the assistant message"},
	} {
		t.Run(name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, srv.URL, strings.NewReader(tc.body))
			require.NoError(t, err)
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			var b bytes.Buffer
			_, _ = b.ReadFrom(resp.Body)
			assert.Equal(t, tc.status, resp.StatusCode, b.String())
			assert.Contains(t, b.String(), tc.want)
		})
	}
}

// A model that fails: the error chunk says nothing of the error, unless
// ErrorText lets it.
func TestRunErrorIsAnErrorChunk(t *testing.T) {
	failing := &agent.Agent{ID: "f", Model: scripted.New(scripted.Fail(errProvider), scripted.Fail(errProvider))}
	srv := newServer(t, failing)
	_, chunks, raw := post(t, srv.URL, userRequest("hi"))
	assert.Equal(t, []string{"start", "error", "finish"}, types(chunks))
	assert.Equal(t, "error", chunks[2]["finishReason"])
	assert.Equal(t, uistream.DefaultErrorText, chunks[1]["errorText"])
	assert.NotContains(t, raw, "sk-secret")

	srv2 := newHandlerServer(t, &uistream.Handler{Agent: failing, ErrorText: func(err error) string { return "failed: " + err.Error() }})
	_, chunks, _ = post(t, srv2.URL, userRequest("hi"))
	assert.Contains(t, chunks[1]["errorText"], "provider said no (key sk-secret)")
}

var errProvider = jsonError("provider said no (key sk-secret)")

type jsonError string

func (e jsonError) Error() string { return string(e) }

// subagentDeleter runs a helper subagent whose delete call waits for
// approval.
func subagentDeleter() *agent.Agent {
	helper := &agent.Agent{ID: "helper", Description: "Deletes.", Tools: tool.Toolset{"delete": deleteTool()}, Model: scripted.New(
		scripted.Calls(llm.ToolCall{ID: "call_sd", Name: "delete", Arguments: `{"path":"/tmp/y"}`}),
		scripted.Text("Deleted."),
	)}
	return &agent.Agent{ID: "top", Agents: map[string]*agent.Agent{"helper": helper}, Model: scripted.New(
		scripted.Calls(llm.ToolCall{ID: "call_h", Name: "agent-helper", Arguments: `{"prompt":"delete /tmp/y"}`}),
		scripted.Text("All done."),
	)}
}

// A subagent's call that waits for approval is a data-tool-call-approval
// part with its path, and no tool-approval-request (the page has no part
// of that call); the body's answers resume it.
func TestSubagentApprovalByBodyAnswers(t *testing.T) {
	srv := newServer(t, subagentDeleter())
	_, chunks, _ := post(t, srv.URL, userRequest("go"))
	approval := chunkOf(t, chunks, "data-tool-call-approval")
	data := approval["data"].(map[string]any)
	assert.Equal(t, "call_sd", approval["id"])
	assert.Equal(t, []any{"call_h"}, data["path"])
	assert.Equal(t, "helper", data["agentId"])
	assert.NotContains(t, types(chunks), "tool-approval-request call_sd")
	var status any
	for _, c := range chunks {
		if c["type"] == "data-tool-agent" {
			status = c["data"].(map[string]any)["status"]
		}
	}
	assert.Equal(t, "paused", status)
	runID := data["runId"].(string)

	// The page sends back its message, with the subagent's part as it
	// has it.
	var agentPart map[string]any
	for _, c := range chunks {
		if c["type"] == "data-tool-agent" {
			agentPart = c
		}
	}
	partJSON, err := json.Marshal(agentPart)
	require.NoError(t, err)
	body := `{"runId":"` + runID + `","answers":[{"toolCallId":"call_sd","path":["call_h"],"approved":true}],` +
		`"messages":[{"id":"a1","role":"assistant","parts":[` + string(partJSON) + `]}]}`
	resp, chunks, raw := post(t, srv.URL, body)
	require.Equal(t, 200, resp.StatusCode, raw)
	var last map[string]any
	for _, c := range chunks {
		if c["type"] == "data-tool-agent" {
			last = c
		}
	}
	require.NotNil(t, last, raw)
	data = last["data"].(map[string]any)
	assert.Equal(t, "finished", data["status"])
	assert.Equal(t, "Deleted.", data["text"])
	calls := data["toolCalls"].([]any)
	require.Len(t, calls, 1, "the call made before the pause is still in the part")
	assert.Equal(t, "call_sd", calls[0].(map[string]any)["toolCallId"])
	assert.Len(t, data["toolResults"], 1)
	assert.Equal(t, agentPart["ancestry"], last["ancestry"])
	out := chunkOf(t, chunks, "tool-output-available")
	assert.Equal(t, "call_h", out["toolCallId"])
	assert.Equal(t, "Deleted.", out["output"].(map[string]any)["text"])
	assert.Equal(t, "stop", chunks[len(chunks)-1]["finishReason"])
}

func TestHandlerWithoutAgent(t *testing.T) {
	srv := newHandlerServer(t, &uistream.Handler{})
	resp, _, raw := post(t, srv.URL, userRequest("hi"))
	assert.Equal(t, http.StatusInternalServerError, resp.StatusCode)
	assert.Contains(t, raw, "no Agent")
}

// A resumed run that fails before its first event (here, options that
// clash with the agent's tools) ran nothing: it stays in the store, and a
// good request resumes it.
func TestResumeFailingBeforeAnyEventKeepsTheRun(t *testing.T) {
	clash := false
	runs := store.NewMemory()
	h := &uistream.Handler{Agent: serialAgent(), Store: runs, Options: func(*http.Request, *uistream.Request) ([]agent.Option, error) {
		if clash {
			return []agent.Option{agent.WithClientTools(map[string]agent.ClientTool{"delete": {Description: "d", InputSchema: []byte(`{"type":"object"}`)}})}, nil
		}
		return nil, nil
	}}
	srv := newHandlerServer(t, h)
	_, chunks, _ := post(t, srv.URL, userRequest("go"))
	runID := chunkOf(t, chunks, "data-tool-call-approval")["data"].(map[string]any)["runId"].(string)

	clash = true
	resp, chunks, raw := post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Equal(t, []string{"start", "error", "finish"}, types(chunks))
	assert.Equal(t, 1, runs.Len(), "the run waits on")

	clash = false
	_, chunks, _ = post(t, srv.URL, answerRequest(runID, runID+":call_d", true, ""))
	assert.Contains(t, types(chunks), "tool-output-available call_d")
}

// A subagent's declined call is among its part's tool errors, with the
// reason the model is told.
func TestSubagentDeclined(t *testing.T) {
	srv := newServer(t, subagentDeleter())
	_, chunks, _ := post(t, srv.URL, userRequest("go"))
	runID := chunkOf(t, chunks, "data-tool-call-approval")["data"].(map[string]any)["runId"].(string)
	body := `{"runId":"` + runID + `","answers":[{"toolCallId":"call_sd","path":["call_h"],"approved":false,"reason":"not that one"}],` +
		`"messages":[{"id":"a1","role":"assistant","parts":[]}]}`
	resp, chunks, raw := post(t, srv.URL, body)
	require.Equal(t, 200, resp.StatusCode, raw)
	var errs any
	for _, c := range chunks {
		if c["type"] == "data-tool-agent" {
			errs = c["data"].(map[string]any)["toolErrors"]
		}
	}
	require.Len(t, errs, 1, raw)
	assert.Equal(t, "not that one", errs.([]any)[0].(map[string]any)["errorText"])
}
