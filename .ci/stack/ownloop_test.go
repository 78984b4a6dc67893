package main

import (
	"encoding/json"
	"testing"

	oai "github.com/openai/openai-go/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/provider/gemini"
	"github.com/toolgen-go/toolgen/provider/openai"

	"example.com/stack/orders"
)

// TestOwnLoop turns the generated tools into openai-go's and genai's own
// tool parameters, and runs a call of each SDK's own response type.
func TestOwnLoop(t *testing.T) {
	chatTools, err := openai.ChatTools(orders.Tools())
	require.NoError(t, err)
	require.Len(t, chatTools, 2)
	assert.Equal(t, "lookup_order", chatTools[0].GetFunction().Name)

	var msg oai.ChatCompletionMessage
	require.NoError(t, json.Unmarshal([]byte(`{"role":"assistant","content":"","tool_calls":[
		{"id":"call_1","type":"function","function":{"name":"lookup_order","arguments":"{\"id\":\"A-1\"}"}}]}`), &msg))
	results, outcomes, err := openai.RunChatToolCalls(t.Context(), orders.Tools(), msg, nil)
	require.NoError(t, err)
	require.Len(t, results, 1)
	require.Len(t, outcomes, 1)
	assert.Equal(t, orders.Order{ID: "A-1", Status: "shipped", Total: 4200}, outcomes[0].Output.Value)

	geminiTools, err := gemini.Tools(orders.Tools())
	require.NoError(t, err)
	require.Len(t, geminiTools, 1)
	assert.Len(t, geminiTools[0].FunctionDeclarations, 2)
	res := &genai.GenerateContentResponse{Candidates: []*genai.Candidate{{Content: genai.NewContentFromFunctionCall("refund_order", map[string]any{"id": "A-1"}, genai.RoleModel)}}}
	content, outcomes, err := gemini.RunToolCalls(t.Context(), orders.Tools(), res, nil)
	require.NoError(t, err)
	require.Len(t, content.Parts, 1)
	require.NotNil(t, outcomes[0].Err, "the refund needs approval, which no one gave")
	assert.Contains(t, content.Parts[0].FunctionResponse.Response["error"], "needs approval")
}
