package genkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"

	"github.com/firebase/genkit/go/ai"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// ErrorOutput is the output of a failed call as the model reads it: Genkit
// has no error flag on a tool response, and ends the whole Generate when a
// tool returns an error, so the failure is the output itself, under
// "error", the key Gemini's and OpenAI's function-calling guides use.
type ErrorOutput struct {
	// Error is the failure as the model is told of it: the tool's name, what
	// went wrong, and for invalid arguments the path and what was expected.
	Error string `json:"error"`
}

// call runs one call of the tool with the JSON arguments args through
// toolgen's path. A failure the model is to read is in the response; the
// error is an interrupt, or the application's.
func (t *Tool) call(ctx context.Context, args json.RawMessage) (*ai.MultipartToolResponse, error) {
	// Genkit passes a tool request without input as null: the model gave
	// no arguments, which toolexec reads as {}.
	if bytes.Equal(bytes.TrimSpace(args), []byte("null")) {
		args = nil
	}
	o, err := toolexec.Execute(ctx, t.set, toolexec.ToolCall{Name: t.key, Arguments: args}, t.exec)
	if err != nil {
		return nil, err
	}
	return response(o.Model), nil
}

// response is what Genkit gives the model for out: the decoded JSON, the
// text, an [ErrorOutput], or content parts (text and media).
func response(out llm.ModelOutput) *ai.MultipartToolResponse {
	switch out.Type {
	case llm.OutputJSON:
		return &ai.MultipartToolResponse{Output: out.JSON}
	case llm.OutputText:
		return &ai.MultipartToolResponse{Output: out.Text}
	case llm.OutputErrorText:
		return &ai.MultipartToolResponse{Output: ErrorOutput{Error: out.Text}}
	case llm.OutputContent:
		return &ai.MultipartToolResponse{Content: contentParts(out.Parts)}
	}
	return &ai.MultipartToolResponse{Output: ErrorOutput{Error: "the tool's output has a type Genkit cannot carry: " + string(out.Type)}}
}

// contentParts converts the parts of a content output: text, image URLs
// and media, inline media as a data URL. Other kinds of part are not tool
// output and are left out.
func contentParts(parts []llm.Part) []*ai.Part {
	out := make([]*ai.Part, 0, len(parts))
	for _, p := range parts {
		switch p.Type {
		case llm.PartText:
			out = append(out, ai.NewTextPart(p.Text))
		case llm.PartImageURL:
			out = append(out, ai.NewMediaPart("", p.URL))
		case llm.PartMedia:
			url := p.URL
			if url == "" {
				url = "data:" + p.MediaType + ";base64," + base64.StdEncoding.EncodeToString(p.Data)
			}
			out = append(out, ai.NewMediaPart(p.MediaType, url))
		}
	}
	return out
}
