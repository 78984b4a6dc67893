package uistream_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool/toolexec"
	"github.com/toolgen-go/toolgen/uistream"
)

// The AI SDK tests run testdata/aisdk/client.mjs: the ai package's own
// chat client (AbstractChat, what useChat wraps, and its
// DefaultChatTransport) against a Handler on the fixture agent.

const aisdkInstall = "npm ci --prefix uistream/testdata/aisdk"

// aisdkPackages are the versions of the ai package the tests run: ai is
// version 7, ai6 version 6 (an npm alias).
var aisdkPackages = []string{"ai", "ai6"}

// aisdkAvailable reports whether node and the ai packages are installed.
func aisdkAvailable() bool {
	if _, err := exec.LookPath("node"); err != nil {
		return false
	}
	for _, pkg := range aisdkPackages {
		if _, err := os.Stat(filepath.Join("testdata", "aisdk", "node_modules", pkg, "package.json")); err != nil {
			return false
		}
	}
	return true
}

// aisdkClient returns the client script's directory, or skips the test
// when node or the ai package is absent; with TOOLGEN_AISDK=1 it fails
// instead.
func aisdkClient(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("testdata", "aisdk")
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH"
	} else {
		for _, pkg := range aisdkPackages {
			if _, err := os.Stat(filepath.Join(dir, "node_modules", pkg, "package.json")); err != nil {
				missing = "the ai package is not installed; run: " + aisdkInstall
			}
		}
	}
	if missing != "" {
		if os.Getenv("TOOLGEN_AISDK") == "1" {
			t.Fatal(missing)
		}
		t.Skip(missing + " (TOOLGEN_AISDK=1 makes this a failure)")
	}
	return dir
}

// teeWriter copies every byte of a response into buf.
type teeWriter struct {
	http.ResponseWriter
	mu  *sync.Mutex
	buf *bytes.Buffer
}

func (w teeWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.buf.Write(p)
	w.mu.Unlock()
	return w.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController flush the response.
func (w teeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// aisdkRun is what client.mjs prints: the messages the ai package
// assembled after the first request and at the end, and its errors.
type aisdkRun struct {
	First     []uistream.Message `json:"first"`
	Final     []uistream.Message `json:"final"`
	Continued []uistream.Message `json:"continued"`
	Errors    []string           `json:"errors"`
}

// runAISDK serves agent and runs the client of the ai package pkg with
// decision ("approve" or "decline"); it returns the client's output and
// every byte the server sent.
func runAISDK(t *testing.T, pkg string, a *agent.Agent, decision string) (aisdkRun, []byte) {
	return runAISDKWith(t, pkg, &uistream.Handler{Agent: a}, decision)
}

// runAISDKWith is runAISDK on the handler h; a handler that keeps
// conversations gets a client that sends only its last message.
func runAISDKWith(t *testing.T, pkg string, h *uistream.Handler, decision string) (aisdkRun, []byte) {
	t.Helper()
	dir := aisdkClient(t)
	var (
		mu   sync.Mutex
		sent bytes.Buffer
		reqs int
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		reqs++
		mu.Unlock()
		h.ServeHTTP(teeWriter{w, &mu, &sent}, r)
	}))
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "client.mjs", srv.URL+"/api/chat", decision)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "AI_PACKAGE="+pkg)
	if h.KeepConversations {
		cmd.Env = append(cmd.Env, "LAST_MESSAGE_ONLY=1")
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var run aisdkRun
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &run), "client output: %s\nstderr: %s", stdout.String(), stderr.String())
	require.NoError(t, err, "client errors: %q\nstderr: %s", run.Errors, stderr.String())
	require.Empty(t, run.Errors)

	mu.Lock()
	defer mu.Unlock()
	require.Equal(t, 3, reqs, "the client should post three times: the message, the approval, the next message")
	return run, bytes.Clone(sent.Bytes())
}

// TestAISDKClient checks the messages the ai package assembles from the
// fixture agent's stream, through an approval, and that no raw payload
// reached the client.
func TestAISDKClient(t *testing.T) {
	for _, pkg := range aisdkPackages {
		t.Run(pkg, func(t *testing.T) { testAISDKClient(t, pkg) })
	}
}

func testAISDKClient(t *testing.T, pkg string) {
	a := fixtureAgent()
	run, sent := runAISDK(t, pkg, a, "approve")

	first := checkAISDKRun(t, run)
	del := onePart(t, first, "tool-delete")
	assert.Equal(t, "approval-requested", del.State)

	final := run.Final[1]
	del = onePart(t, final.Parts, "tool-delete")
	assert.Equal(t, "output-available", del.State)
	assert.JSONEq(t, `{"deleted":"/tmp/x"}`, string(del.Output))
	require.NotNil(t, del.Approval)
	require.NotNil(t, del.Approval.Approved)
	assert.True(t, *del.Approval.Approved)
	assert.Equal(t, "call_d", toolResult(t, a, "call_d").ToolCallID)
	assert.JSONEq(t, `{"deleted":"/tmp/x"}`, string(toolResult(t, a, "call_d").Output.JSON))

	checkContinued(t, run, a)
	checkNoSecrets(t, run, sent)
}

// checkContinued checks the third request, which continued the
// conversation with the history as the ai package holds it: the model
// read the earlier calls and their display results, and answered.
func checkContinued(t *testing.T, run aisdkRun, a *agent.Agent) {
	t.Helper()
	require.Len(t, run.Continued, 4)
	assert.Equal(t, "thanks", run.Continued[2].Parts[0].Text)
	assert.Equal(t, []string{"You're welcome."}, texts(run.Continued[3].Parts, "text"))
	req := a.Model.(*scripted.Model).LastRequest()
	results := map[string]string{}
	for _, m := range req.Messages {
		for _, p := range m.Parts {
			if p.ToolResult != nil {
				results[p.ToolResult.ToolCallID] = string(p.ToolResult.Output.JSON) + p.ToolResult.Output.Text
			}
		}
	}
	assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, results["call_w"], "the model reads back the display form")
	assert.JSONEq(t, toolexec.Placeholder, results["call_l"])
	assert.Contains(t, results, "call_h")
	assert.Contains(t, results, "call_d")
	last := req.Messages[len(req.Messages)-1]
	assert.Equal(t, llm.UserMessage("thanks"), last)
}

// TestAISDKClientLastMessageOnly runs the ai package's client with a
// transport that sends only the last message (prepareSendMessagesRequest)
// against a handler that keeps conversations: the approval round trip
// and the next message continue the stored conversation.
func TestAISDKClientLastMessageOnly(t *testing.T) {
	for _, pkg := range aisdkPackages {
		t.Run(pkg, func(t *testing.T) {
			a := fixtureAgent()
			run, _ := runAISDKWith(t, pkg, &uistream.Handler{Agent: a, KeepConversations: true}, "approve")
			del := onePart(t, run.Final[1].Parts, "tool-delete")
			assert.Equal(t, "output-available", del.State)
			assert.JSONEq(t, `{"deleted":"/tmp/x"}`, string(del.Output))
			require.Len(t, run.Continued, 4)
			assert.Equal(t, []string{"You're welcome."}, texts(run.Continued[3].Parts, "text"))

			// The model read the conversation from the store: the first
			// message, every call and its result as the model was told
			// it, and the new message.
			req := a.Model.(*scripted.Model).LastRequest()
			assert.Equal(t, "go", req.Messages[1].Text())
			results := map[string]bool{}
			for _, m := range req.Messages {
				for _, r := range m.ToolResults() {
					results[r.ToolCallID] = true
				}
			}
			assert.Equal(t, map[string]bool{"call_w": true, "call_l": true, "call_h": true, "call_d": true}, results)
			assert.Equal(t, llm.UserMessage("thanks"), req.Messages[len(req.Messages)-1])
		})
	}
}

// TestAISDKClientDecline declines the approval: the part ends
// output-denied, and the model is told the default reason.
func TestAISDKClientDecline(t *testing.T) {
	for _, pkg := range aisdkPackages {
		t.Run(pkg, func(t *testing.T) { testAISDKClientDecline(t, pkg) })
	}
}

func testAISDKClientDecline(t *testing.T, pkg string) {
	a := fixtureAgent()
	run, sent := runAISDK(t, pkg, a, "decline")

	first := checkAISDKRun(t, run)
	assert.Equal(t, "approval-requested", onePart(t, first, "tool-delete").State)

	del := onePart(t, run.Final[1].Parts, "tool-delete")
	assert.Equal(t, "output-denied", del.State)
	assert.Empty(t, del.Output)
	require.NotNil(t, del.Approval)
	require.NotNil(t, del.Approval.Approved)
	assert.False(t, *del.Approval.Approved)
	res := toolResult(t, a, "call_d")
	assert.Equal(t, llm.OutputText, res.Output.Type)
	assert.Equal(t, agent.DefaultDeclineReason, res.Output.Text)

	checkContinued(t, run, a)
	checkNoSecrets(t, run, sent)
}

// checkAISDKRun checks what both scenarios share: the user message, and
// the one assistant message that holds the first run's parts and, after
// the second request, the final answer. It returns the assistant
// message's parts after the first request.
func checkAISDKRun(t *testing.T, run aisdkRun) []uistream.Part {
	t.Helper()
	require.Len(t, run.First, 2, "after the first request: the user's message and the assistant's")
	require.Len(t, run.Final, 2, "the resumed run continues the assistant message")
	for _, msgs := range [][]uistream.Message{run.First, run.Final} {
		user := msgs[0]
		assert.Equal(t, "user", user.Role)
		require.Len(t, user.Parts, 1)
		assert.Equal(t, "text", user.Parts[0].Type)
		assert.Equal(t, "go", user.Parts[0].Text)
		assert.Equal(t, "assistant", msgs[1].Role)
	}
	assert.Equal(t, run.First[0].ID, run.Final[0].ID)
	require.NotEmpty(t, run.First[1].ID)
	assert.Equal(t, run.First[1].ID, run.Final[1].ID, "the approval's run continues the same assistant message")

	first, final := run.First[1].Parts, run.Final[1].Parts
	assert.Equal(t, []string{"Looking it up."}, texts(first, "text"))
	assert.Equal(t, []string{"Looking it up.", "Paris is 21.5C, Rome too, and /tmp/x is gone."}, texts(final, "text"))
	for _, parts := range [][]uistream.Part{first, final} {
		assert.Equal(t, []string{"Let me look."}, texts(parts, "reasoning"))

		// The display transform drops the station.
		w := onePart(t, parts, "tool-weather")
		assert.Equal(t, "call_w", w.ToolCallID)
		assert.Equal(t, "output-available", w.State)
		assert.JSONEq(t, `{"location":"Paris","tempC":21.5}`, string(w.Output))

		// The display transform fails: the placeholder.
		l := onePart(t, parts, "tool-lookup")
		assert.Equal(t, "output-available", l.State)
		assert.JSONEq(t, toolexec.Placeholder, string(l.Output))

		// The subagent: its call, and its run as Mastra writes it.
		h := onePart(t, parts, "tool-agent-helper")
		assert.Equal(t, "output-available", h.State)
		var out struct {
			Text string `json:"text"`
		}
		require.NoError(t, json.Unmarshal(h.Output, &out), string(h.Output))
		assert.Equal(t, "Rome is 21.5C.", out.Text)
		a := onePart(t, parts, "data-tool-agent")
		assert.Equal(t, "call_h", a.ID)
		var data struct {
			ID          string `json:"id"`
			Status      string `json:"status"`
			ToolResults []struct {
				Result json.RawMessage `json:"result"`
			} `json:"toolResults"`
		}
		require.NoError(t, json.Unmarshal(a.Data, &data), string(a.Data))
		assert.Equal(t, "helper", data.ID)
		assert.Equal(t, "finished", data.Status)
		require.Len(t, data.ToolResults, 1)
		assert.JSONEq(t, `{"location":"Rome","tempC":21.5}`, string(data.ToolResults[0].Result))
	}

	// The final text comes after the delete call, in a step of its own.
	iDel, iText := -1, -1
	steps := 0
	for i, p := range final {
		switch {
		case p.Type == "tool-delete":
			iDel = i
		case p.Type == "text" && p.Text == "Paris is 21.5C, Rome too, and /tmp/x is gone.":
			iText = i
		case p.Type == "step-start":
			steps++
		}
	}
	assert.Less(t, iDel, iText, "the answer follows the delete call")
	assert.Equal(t, 3, steps, "three steps: the tools, the delete call, the answer")
	return first
}

// checkNoSecrets searches every byte the server sent, and the client's
// messages, for the fixture's raw payloads.
func checkNoSecrets(t *testing.T, run aisdkRun, sent []byte) {
	t.Helper()
	require.Equal(t, 3, bytes.Count(sent, []byte(`data: {"type":"finish"`)), "every response was streamed in full")
	got, err := json.Marshal(run)
	require.NoError(t, err)
	for _, secret := range []string{secretStation, secretToken, secretAccount} {
		assert.NotContains(t, string(sent), secret)
		assert.NotContains(t, string(got), secret)
	}
}

// onePart returns the one part of type typ.
func onePart(t *testing.T, parts []uistream.Part, typ string) uistream.Part {
	t.Helper()
	var found []uistream.Part
	for _, p := range parts {
		if p.Type == typ {
			found = append(found, p)
		}
	}
	require.Len(t, found, 1, "parts of type %s", typ)
	return found[0]
}

// texts returns the texts of the parts of type typ.
func texts(parts []uistream.Part, typ string) []string {
	var out []string
	for _, p := range parts {
		if p.Type == typ {
			out = append(out, p.Text)
		}
	}
	return out
}

// toolResult returns what the agent's model was told of the call id in
// the request of the run that the approval resumed.
func toolResult(t *testing.T, a *agent.Agent, id string) llm.ToolResult {
	t.Helper()
	model, ok := a.Model.(*scripted.Model)
	require.True(t, ok)
	reqs := model.Requests()
	require.Len(t, reqs, 4)
	req := reqs[2] // the request of the run that the approval resumed
	for _, m := range req.Messages {
		for _, r := range m.ToolResults() {
			if r.ToolCallID == id {
				return r
			}
		}
	}
	t.Fatalf("the resumed run's request has no result of call %s", id)
	return llm.ToolResult{}
}

// aisdkRead reads raw, one stream of the Handler, with the ai package
// pkg's own reader (testdata/aisdk/read.mjs), continuing start when it is
// not nil, and returns the message it assembled; any error of the reader,
// such as a chunk its schema refuses, fails the test.
func aisdkRead(t *testing.T, pkg, raw string, start *uistream.Message) uistream.Message {
	t.Helper()
	dir := aisdkClient(t)
	args := []string{"read.mjs"}
	if start != nil {
		b, err := json.Marshal(start)
		require.NoError(t, err)
		f := filepath.Join(t.TempDir(), "message.json")
		require.NoError(t, os.WriteFile(f, b, 0o644))
		args = append(args, f)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "AI_PACKAGE="+pkg)
	cmd.Stdin = strings.NewReader(raw)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var out struct {
		Message uistream.Message `json:"message"`
		Errors  []string         `json:"errors"`
	}
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &out), "reader output: %s\nstderr: %s", stdout.String(), stderr.String())
	require.NoError(t, err, "reader errors: %q\nstderr: %s", out.Errors, stderr.String())
	require.Empty(t, out.Errors)
	return out.Message
}

// TestAISDKReadsEveryPart reads the streams of the other scenarios (a
// client tool, a suspended call, emitted data and a background task,
// nested subagents, a failed run) with both versions of the ai package:
// every chunk passes its schema, and the parts are where a page looks.
func TestAISDKReadsEveryPart(t *testing.T) {
	aisdkClient(t)
	streams := scenarioStreams(t)
	for _, pkg := range aisdkPackages {
		t.Run(pkg, func(t *testing.T) {
			msg := aisdkRead(t, pkg, streams.client, nil)
			assert.Equal(t, "input-available", onePart(t, msg.Parts, "tool-pickColor").State)
			assert.Len(t, partsOf(msg.Parts, "data-tool-call-client"), 1)

			msg = aisdkRead(t, pkg, streams.suspended, nil)
			susp := partsOf(msg.Parts, "data-tool-call-suspended")
			require.Len(t, susp, 1)
			assert.JSONEq(t, `{"question":"Book a table?"}`, gjson(t, susp[0].Data, "suspendPayload"))

			msg = aisdkRead(t, pkg, streams.emitted, nil)
			w := partsOf(msg.Parts, "data-weather")
			require.Len(t, w, 1)
			assert.JSONEq(t, `{"pct":50}`, string(w[0].Data))
			task := partsOf(msg.Parts, "data-background-task")
			require.Len(t, task, 1, "the task's part is replaced, not repeated")
			assert.Equal(t, `"completed"`, gjson(t, task[0].Data, "status"))
			assert.Equal(t, "output-available", onePart(t, msg.Parts, "tool-slow").State)
			assert.JSONEq(t, `{"booked":true}`, string(onePart(t, msg.Parts, "tool-slow").Output))

			msg = aisdkRead(t, pkg, streams.nested, nil)
			agents := partsOf(msg.Parts, "data-tool-agent")
			require.Len(t, agents, 2, "one part per subagent run")
			assert.Equal(t, `"leaf says hi"`, gjson(t, agents[1].Data, "text"))

			first := aisdkRead(t, pkg, streams.paused, nil)
			assert.Equal(t, "approval-requested", onePart(t, first.Parts, "tool-delete").State)
			resumed := aisdkRead(t, pkg, streams.resumed, &first)
			assert.Equal(t, first.ID, resumed.ID)
			assert.Equal(t, "output-available", onePart(t, resumed.Parts, "tool-delete").State)
		})
	}
}

func partsOf(parts []uistream.Part, typ string) []uistream.Part {
	var out []uistream.Part
	for _, p := range parts {
		if p.Type == typ {
			out = append(out, p)
		}
	}
	return out
}

// gjson returns the JSON of data's field key.
func gjson(t *testing.T, data json.RawMessage, key string) string {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &m))
	return string(m[key])
}
