package uistream_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/uistream"
)

// A conversation as useChat sends it, after one run with a tool call, an
// error, a denied call and a call that never ended.
const conversation = `[
 {"id":"u1","role":"user","parts":[{"type":"text","text":"Weather in Paris?"},{"type":"file","mediaType":"image/png","url":"data:image/png;base64,iVBORw0K"},{"type":"file","mediaType":"image/jpeg","url":"https://example.com/a.jpg"}]},
 {"id":"a1","role":"assistant","parts":[
  {"type":"step-start"},
  {"type":"reasoning","text":"Think.","state":"done"},
  {"type":"text","text":"Looking.","state":"done"},
  {"type":"tool-weather","toolCallId":"c1","state":"output-available","input":{"location":"Paris"},"output":{"tempC":21.5}},
  {"type":"tool-lookup","toolCallId":"c2","state":"output-error","input":{"account":"a"},"errorText":"no such account"},
  {"type":"tool-delete","toolCallId":"c3","state":"output-denied","input":{"path":"/x"},"approval":{"id":"r:c3","approved":false,"reason":"no"}},
  {"type":"tool-slow","toolCallId":"c4","state":"input-available","input":{}},
  {"type":"data-tool-agent","id":"c9","data":{}},
  {"type":"step-start"},
  {"type":"text","text":"Paris is mild.","state":"done"}
 ]},
 {"id":"u2","role":"user","parts":[{"type":"text","text":"Thanks"}]}
]`

func TestToMessages(t *testing.T) {
	var msgs []uistream.Message
	require.NoError(t, json.Unmarshal([]byte(conversation), &msgs))
	got, err := uistream.ToMessages(msgs)
	require.NoError(t, err)
	require.Len(t, got, 5)

	assert.Equal(t, llm.RoleUser, got[0].Role)
	assert.Equal(t, "Weather in Paris?", got[0].Parts[0].Text)
	assert.Equal(t, llm.PartMedia, got[0].Parts[1].Type)
	assert.Equal(t, "image/png", got[0].Parts[1].MediaType)
	assert.Equal(t, []byte{0x89, 'P', 'N', 'G', '\r', '\n'}, got[0].Parts[1].Data)
	assert.Equal(t, llm.ImageURLPart("https://example.com/a.jpg"), got[0].Parts[2])

	step1 := got[1]
	assert.Equal(t, llm.RoleAssistant, step1.Role)
	assert.Equal(t, llm.PartReasoning, step1.Parts[0].Type)
	assert.Equal(t, "Looking.", step1.Text())
	calls := step1.ToolCalls()
	require.Len(t, calls, 3, "the call that never ended is left out")
	assert.Equal(t, llm.ToolCall{ID: "c1", Name: "weather", Arguments: `{"location":"Paris"}`}, calls[0])
	assert.Equal(t, "lookup", calls[1].Name)
	assert.Equal(t, "delete", calls[2].Name)

	results := got[2]
	assert.Equal(t, llm.RoleTool, results.Role)
	require.Len(t, results.Parts, 3)
	assert.Equal(t, llm.JSONOutput(json.RawMessage(`{"tempC":21.5}`)), results.Parts[0].ToolResult.Output)
	assert.Equal(t, llm.ErrorOutput("no such account"), results.Parts[1].ToolResult.Output)
	assert.Equal(t, llm.TextOutput("no"), results.Parts[2].ToolResult.Output)

	assert.Equal(t, llm.AssistantMessage("Paris is mild."), got[3])
	assert.Equal(t, llm.UserMessage("Thanks"), got[4])
}

func TestToMessagesErrors(t *testing.T) {
	for name, tc := range map[string]struct{ msgs, want string }{
		"unknown role":           {`[{"role":"robot","parts":[]}]`, `messages[0]: unknown role "robot"`},
		"tool part in user":      {`[{"role":"user","parts":[{"type":"tool-x","toolCallId":"c"}]}]`, `messages[0].parts[0]: a user message cannot hold a "tool-x" part`},
		"file without type":      {`[{"role":"user","parts":[{"type":"file","url":"https://e.com/a"}]}]`, `messages[0].parts[0]: file part without a mediaType`},
		"javascript url":         {`[{"role":"user","parts":[{"type":"file","mediaType":"text/html","url":"javascript:alert(1)"}]}]`, `url must be a data: URL or an http(s) URL`},
		"data url not base64":    {`[{"role":"user","parts":[{"type":"file","mediaType":"text/plain","url":"data:text/plain,hi"}]}]`, `a data: URL must be base64`},
		"bad base64":             {`[{"role":"user","parts":[{"type":"file","mediaType":"text/plain","url":"data:text/plain;base64,@@"}]}]`, `illegal base64`},
		"tool part without id":   {`[{"role":"user","parts":[]},{"role":"assistant","parts":[{"type":"tool-x","state":"output-available"}]}]`, `messages[1]: parts[0]: tool-x part without a toolCallId`},
		"string output":          {`[{"role":"assistant","parts":[{"type":"tool-x","toolCallId":"c","state":"output-available","output":"x"}]}]`, ``},
		"unknown user part":      {`[{"role":"user","parts":[{"type":"hologram"}]}]`, `messages[0].parts[0]: a user message cannot hold a "hologram" part`},
		"unknown assistant part": {`[{"role":"assistant","parts":[{"type":"steering-message","parts":[]},{"type":"text","text":"hi"}]}]`, ``},
		"system non-text":        {`[{"role":"system","parts":[{"type":"file","mediaType":"a/b","url":"https://e.com"}]}]`, `messages[0].parts[0]: a system message holds text parts only`},
	} {
		t.Run(name, func(t *testing.T) {
			var msgs []uistream.Message
			require.NoError(t, json.Unmarshal([]byte(tc.msgs), &msgs))
			_, err := uistream.ToMessages(msgs)
			if tc.want == "" {
				assert.NoError(t, err) // accepted: a JSON string is JSON; an unknown assistant part is left out
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
