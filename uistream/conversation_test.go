package uistream_test

import (
	"context"
	"net/http"
	"strconv"
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

// lastMessage is the body of a client that sends only its last message,
// a user's text.
func lastMessage(chat, id, text string) string {
	return `{"id":"` + chat + `","message":{"id":"` + id + `","role":"user","parts":[{"type":"text","text":` + strconv.Quote(text) + `}]}}`
}

// roleTexts are the roles and texts of messages.
func roleTexts(msgs []llm.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, string(m.Role)+": "+m.Text())
	}
	return out
}

// A handler that keeps conversations continues a chat whose client
// sends only its last message, on any server that shares the store.
func TestKeepConversations(t *testing.T) {
	st := store.NewMemory()
	m := scripted.New(scripted.Text("Hello."), scripted.Text("Still here."))
	a := &agent.Agent{ID: "a", Instructions: "Be brief.", Model: m}
	one := newHandlerServer(t, &uistream.Handler{Agent: a, Store: st, KeepConversations: true})
	two := newHandlerServer(t, &uistream.Handler{Agent: a, Store: st, KeepConversations: true})

	resp, _, raw := post(t, one.URL, lastMessage("chat-9", "u1", "hi"))
	require.Equal(t, 200, resp.StatusCode, raw)
	resp, _, raw = post(t, two.URL, lastMessage("chat-9", "u2", "and now?"))
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Contains(t, raw, `"delta":"here."`)
	assert.Equal(t, []string{"system: Be brief.", "user: hi", "assistant: Hello.", "user: and now?"}, roleTexts(m.LastRequest().Messages))

	saved, err := st.LoadMessages(t.Context(), "chat-9")
	require.NoError(t, err)
	assert.NotContains(t, string(saved), "Be brief.", "the system message is the agent's, not stored")
	assert.Contains(t, string(saved), "Still here.")

	// Another chat starts afresh.
	m2 := scripted.New(scripted.Text("Hi."))
	a.Model = m2
	post(t, one.URL, lastMessage("chat-10", "u1", "hello"))
	assert.Equal(t, []string{"system: Be brief.", "user: hello"}, roleTexts(m2.LastRequest().Messages))
}

// A paused run answered by a client that sends only the answering
// message, and the conversation after it.
func TestKeepConversationsThroughAnApproval(t *testing.T) {
	st := store.NewMemory()
	type in struct {
		Path string `json:"path"`
	}
	del := tool.NewFunc(spec("delete", "Delete a file.", `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, true),
		func(ctx context.Context, in in) (map[string]string, error) {
			return map[string]string{"deleted": in.Path}, nil
		})
	m := scripted.New(scripted.Calls(llm.ToolCall{ID: "call_d", Name: "delete", Arguments: `{"path":"/tmp/x"}`}), scripted.Text("Deleted."), scripted.Text("Nothing else."))
	a := &agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"delete": del}}
	srv := newHandlerServer(t, &uistream.Handler{Agent: a, Store: st, KeepConversations: true})

	_, chunks, _ := post(t, srv.URL, lastMessage("chat-1", "u1", "go"))
	runID := chunkOf(t, chunks, "data-tool-call-approval")["data"].(map[string]any)["runId"].(string)
	saved, _ := st.LoadMessages(t.Context(), "chat-1")
	assert.Nil(t, saved, "a paused run is not a finished conversation")

	answer := `{"id":"chat-1","message":{"id":"a1","role":"assistant","parts":[` +
		`{"type":"tool-delete","toolCallId":"call_d","state":"approval-responded","input":{"path":"/tmp/x"},"approval":{"id":"` + runID + `:call_d","approved":true}},` +
		`{"type":"data-tool-call-approval","id":"call_d","data":{"state":"data-tool-call-approval","runId":"` + runID + `","toolCallId":"call_d","toolName":"delete"}}]}}`
	resp, chunks, raw := post(t, srv.URL, answer)
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Contains(t, types(chunks), "tool-output-available call_d")

	post(t, srv.URL, lastMessage("chat-1", "u2", "anything else?"))
	msgs := m.LastRequest().Messages
	require.Len(t, msgs, 5)
	assert.Equal(t, "go", msgs[0].Text())
	assert.Equal(t, `{"deleted":"/tmp/x"}`, string(msgs[2].ToolResults()[0].Output.JSON))
	assert.Equal(t, "Deleted.", msgs[3].Text())
	assert.Equal(t, "anything else?", msgs[4].Text())
}

// noMessages is a store without store.Messages.
type noMessages struct{ store.Store }

func TestKeepConversationsRefusals(t *testing.T) {
	a := &agent.Agent{ID: "a", Model: scripted.New(scripted.Text("x"))}
	plain := newHandlerServer(t, &uistream.Handler{Agent: a})
	keeping := newHandlerServer(t, &uistream.Handler{Agent: a, KeepConversations: true})
	withoutMessages := newHandlerServer(t, &uistream.Handler{Agent: a, KeepConversations: true, Store: noMessages{store.NewMemory()}})
	corrupt := store.NewMemory()
	require.NoError(t, corrupt.SaveMessages(t.Context(), "chat-1", []byte(`[{"role":`), time.Now().Add(time.Hour)))
	unreadable := newHandlerServer(t, &uistream.Handler{Agent: a, KeepConversations: true, Store: corrupt})

	for name, tc := range map[string]struct {
		url, body string
		status    int
		want      string
	}{
		"not kept":        {plain.URL, lastMessage("chat-1", "u1", "hi"), http.StatusBadRequest, "this server keeps no conversations: send them all (messages)"},
		"both":            {keeping.URL, `{"id":"c","messages":[{"id":"u0","role":"user","parts":[]}],"message":{"id":"u1","role":"user","parts":[]}}`, http.StatusBadRequest, "messages or message, not both"},
		"no chat id":      {keeping.URL, lastMessage("", "u1", "hi"), http.StatusBadRequest, "needs the chat's id"},
		"no Messages":     {withoutMessages.URL, lastMessage("chat-1", "u1", "hi"), http.StatusInternalServerError, "KeepConversations needs a Store that implements store.Messages"},
		"unreadable":      {unreadable.URL, lastMessage("chat-1", "u1", "hi"), http.StatusInternalServerError, `the stored conversation of chat "chat-1" cannot be read`},
		"system messages": {keeping.URL, `{"id":"c","message":{"id":"s","role":"system","parts":[]}}`, http.StatusBadRequest, "a client may not send system messages"},
	} {
		t.Run(name, func(t *testing.T) {
			resp, _, raw := post(t, tc.url, tc.body)
			assert.Equal(t, tc.status, resp.StatusCode, raw)
			assert.Contains(t, raw, tc.want)
		})
	}
}
