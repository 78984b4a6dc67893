package gemini

import (
	"context"
	"encoding/json"
	"fmt"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// This file is for programs that call the genai SDK themselves, in a loop
// of their own: the tools of a set as the SDK's tools, and the model's
// function calls run against the set, their results as the SDK's content.
// Both go through the code [GenerativeModel] uses, so a loop of one's own
// sends what toolgen's agent loop would.

// Tools returns the tools of set as one genai.Tool of function
// declarations, sorted by key, as [GenerativeModel] declares them: each
// key is a function's name, its Spec's description the function's, and its
// input schema the parameters, in [schema.DialectGemini] (a tool without
// input properties has no parameters; Spec.Strict is OpenAI's and is not
// sent). A set that the agent loop refuses (a key no provider takes, a nil
// tool), or a schema that dialect or the SDK's Schema cannot express, is an
// error. An empty set has no tools: nil.
//
//	config := &genai.GenerateContentConfig{}
//	config.Tools, err = gemini.Tools(weather.Tools())
func Tools(set tool.Toolset) ([]*genai.Tool, error) {
	defs, err := toolexec.Definitions(set)
	if err != nil {
		return nil, fmt.Errorf("gemini: %w", err)
	}
	if len(defs) == 0 {
		return nil, nil
	}
	t, err := functionTool(defs)
	if err != nil {
		return nil, err
	}
	return []*genai.Tool{t}, nil
}

// RunToolCalls runs the function calls of res's first candidate against
// set, and returns the user content that answers them, to send after the
// candidate's content: a functionResponse part per call, in call order,
// with the call's name and id (Gemini mostly gives none; then none is
// sent), its response {"output": …} holding the model output's JSON or
// text, or {"error": …} holding an error's message, as [GenerativeModel]
// sends results. The content is nil when the candidate has no calls. It is
// one content, so that a genai.Chat can send its parts (chat.Send(ctx,
// content.Parts...)).
//
// Each call goes through [toolexec.Execute], one after another in call
// order: an unknown tool, invalid arguments, a declined approval (opts'
// Approve; without it a call that needs approval is declined), a failing or
// panicking tool each become an error response the model reads. The
// outcomes, in call order, give the application the tools' typed outputs
// and the failures; a call without a Gemini id has the id the agent loop
// gives it, "<responseId>-<n>" (n counting the response's calls from 1),
// which the tool sees too (tool.CallInfoFrom). The arguments are Gemini's
// object re-encoded (numbers as float64). The images and other media of a
// content output cannot go in a functionResponse on every model: they
// follow the functionResponse parts in the same content, introduced by the
// text "Media returned by tool call <id> (<name>):" (the agent loop sends
// the same parts as a content of their own).
//
// The error is the host's, not the model's: Approve failed, ctx ended, or
// inline media has no media type. The outcomes of the calls run before it
// are returned with it.
func RunToolCalls(ctx context.Context, set tool.Toolset, res *genai.GenerateContentResponse, opts *toolexec.ExecuteOptions) (*genai.Content, []toolexec.Outcome, error) {
	c := firstCandidate(res)
	if c == nil || c.Content == nil {
		return nil, nil, nil
	}
	a := assembler{responseID: res.ResponseID}
	a.add(c.Content.Parts)
	var (
		calls []toolexec.ToolCall
		sent  = map[string]string{} // the id sent back for each call id
	)
	for _, tc := range a.msg.ToolCalls() {
		pm, _ := readMeta(tc.ProviderMetadata)
		sent[tc.ID] = pm.ID
		calls = append(calls, toolexec.ToolCall{ID: tc.ID, Name: tc.Name, Arguments: json.RawMessage(tc.Arguments)})
	}
	if len(calls) == 0 {
		return nil, nil, nil
	}
	outcomes, err := toolexec.ExecuteAll(ctx, set, calls, opts)
	if err != nil {
		return nil, outcomes, fmt.Errorf("gemini: run tool calls: %w", err)
	}
	results := make([]llm.ToolResult, len(outcomes))
	for i, o := range outcomes {
		results[i] = o.Result()
	}
	responses, media, err := resultParts(results, sent)
	if err != nil {
		return nil, outcomes, fmt.Errorf("gemini: tool results: %w", err)
	}
	return &genai.Content{Role: string(genai.RoleUser), Parts: append(responses, media...)}, outcomes, nil
}
