package uistream_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/uistream"
)

// post posts body to url and returns the response and its SSE chunks.
func post(t *testing.T, url, body string) (*http.Response, []map[string]any, string) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	var raw bytes.Buffer
	var chunks []map[string]any
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		raw.WriteString(line + "\n")
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok || data == "[DONE]" {
			continue
		}
		var c map[string]any
		require.NoError(t, json.Unmarshal([]byte(data), &c), data)
		chunks = append(chunks, c)
	}
	require.NoError(t, sc.Err())
	return resp, chunks, raw.String()
}

// newServer serves a Handler of agent.
func newServer(t *testing.T, a *agent.Agent) *httptest.Server {
	t.Helper()
	return newHandlerServer(t, &uistream.Handler{Agent: a})
}

// newHandlerServer serves h.
func newHandlerServer(t *testing.T, h *uistream.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// userRequest is useChat's body for a first message.
func userRequest(text string) string {
	return `{"id":"chat-1","trigger":"submit-message","messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":` + strconv.Quote(text) + `}]}]}`
}
