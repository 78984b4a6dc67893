package genkit

import (
	"encoding/json"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
)

// TestResponse checks what the model reads of each kind of model output.
func TestResponse(t *testing.T) {
	tests := []struct {
		name    string
		out     llm.ModelOutput
		output  string // the JSON of the response's Output
		content []*ai.Part
	}{
		{"json", llm.JSONOutput(json.RawMessage(`{"a":[1,2]}`)), `{"a":[1,2]}`, nil},
		{"text", llm.TextOutput("sunny"), `"sunny"`, nil},
		{"error", llm.ErrorOutput(`tool "x" failed: boom`), `{"error":"tool \"x\" failed: boom"}`, nil},
		{"content", llm.ContentOutput(
			llm.TextPart("a chart"),
			llm.ImageURLPart("https://example.com/c.png"),
			llm.MediaPart("image/png", []byte{0x89, 'P', 'N', 'G'}),
			llm.Part{Type: llm.PartMedia, MediaType: "application/pdf", URL: "https://example.com/r.pdf"},
			llm.Part{Type: llm.PartReasoning, Text: "not tool output"},
		), `null`, []*ai.Part{
			ai.NewTextPart("a chart"),
			ai.NewMediaPart("", "https://example.com/c.png"),
			ai.NewMediaPart("image/png", "data:image/png;base64,iVBORw=="),
			ai.NewMediaPart("application/pdf", "https://example.com/r.pdf"),
		}},
		{"unknown type", llm.ModelOutput{Type: "video"}, `{"error":"the tool's output has a type Genkit cannot carry: video"}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := response(tt.out)
			data, err := json.Marshal(resp.Output)
			require.NoError(t, err)
			assert.JSONEq(t, tt.output, string(data))
			assert.Equal(t, tt.content, resp.Content)
		})
	}
}
