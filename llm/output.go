package llm

import (
	"encoding/json"
	"fmt"
)

// OutputType is the kind of a [ModelOutput].
type OutputType string

// The kinds of output a model can be given for a tool call.
const (
	// OutputText is plain text: Text.
	OutputText OutputType = "text"
	// OutputJSON is a JSON value: JSON. It is the default for a tool with
	// no ToModelOutput hook: the tool's output, encoded.
	OutputJSON OutputType = "json"
	// OutputErrorText tells the model the call failed: Text.
	OutputErrorText OutputType = "error-text"
	// OutputContent is a list of content parts: text, image URLs and media.
	OutputContent OutputType = "content"
)

// ModelOutput is what a model sees as the result of a tool call. The typed
// output of the tool stays with the application (see [github.com/toolgen-go/toolgen/agent.ToolOutcome]); a
// ToModelOutput hook decides what the model is shown, for example a short
// text or an image instead of a large struct.
type ModelOutput struct {
	// Type says which field is meaningful.
	Type OutputType `json:"type"`
	// Text is set for [OutputText] and [OutputErrorText].
	Text string `json:"text,omitempty"`
	// JSON is set for [OutputJSON].
	JSON json.RawMessage `json:"json,omitempty"`
	// Parts is set for [OutputContent]: text, image-url and media parts.
	Parts []Part `json:"parts,omitempty"`
}

// TextOutput returns a text model output.
func TextOutput(text string) ModelOutput { return ModelOutput{Type: OutputText, Text: text} }

// ErrorOutput returns an error-text model output.
func ErrorOutput(text string) ModelOutput { return ModelOutput{Type: OutputErrorText, Text: text} }

// JSONOutput returns a JSON model output holding data, which must be valid
// JSON.
func JSONOutput(data json.RawMessage) ModelOutput { return ModelOutput{Type: OutputJSON, JSON: data} }

// ContentOutput returns a model output made of content parts.
func ContentOutput(parts ...Part) ModelOutput { return ModelOutput{Type: OutputContent, Parts: parts} }

// ValueOutput encodes v as JSON and returns it as a JSON model output.
func ValueOutput(v any) (ModelOutput, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return ModelOutput{}, fmt.Errorf("encode model output: %w", err)
	}
	return JSONOutput(data), nil
}

// String renders o as text, for providers whose tool results are strings
// (OpenAI Chat Completions): text as is, JSON as its text, content parts as
// their text parts joined.
func (o ModelOutput) String() string {
	switch o.Type {
	case OutputText, OutputErrorText:
		return o.Text
	case OutputJSON:
		return string(o.JSON)
	case OutputContent:
		var s string
		for _, p := range o.Parts {
			if p.Type == PartText {
				s += p.Text
			}
		}
		return s
	}
	return ""
}
