package agent

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

// WorkflowSpec describes a [Workflow].
type WorkflowSpec struct {
	// ID identifies the workflow.
	ID string
	// Description tells the model what the workflow does.
	Description string
	// InputSchema is the JSON Schema of the workflow's input.
	InputSchema json.RawMessage
	// StateSchema is the JSON Schema of the workflow's initial state; empty
	// when the workflow takes none.
	StateSchema json.RawMessage
	// OutputSchema is the JSON Schema of the workflow's output.
	OutputSchema json.RawMessage
}

// Workflow is a fixed sequence of work that an agent can start as the tool
// workflow-<key>, with input {inputData, initialState?} and output
// [WorkflowToolOutput] {result, runId}. Implementations
// should be pointers, so that the agent can cache the tool built from them.
type Workflow interface {
	// Spec describes the workflow. The returned value must not be modified.
	Spec() *WorkflowSpec
	// Start runs the workflow on input (valid against InputSchema) and
	// initialState (empty when not given) and returns its output as JSON.
	Start(ctx context.Context, input, initialState json.RawMessage) (json.RawMessage, error)
}

// WorkflowToolInput is the input of a workflow-<key> tool.
type WorkflowToolInput struct {
	// InputData is the workflow's input.
	InputData json.RawMessage `json:"inputData"`
	// InitialState is the workflow's initial state, if any.
	InitialState json.RawMessage `json:"initialState,omitempty"`
}

// WorkflowToolOutput is the output of a workflow-<key> tool, in the shape
// Mastra gives the model: the workflow's output and the id of its run. The
// application gets it in [ToolOutcome.Output], the display in the
// tool-result event, and the model as JSON.
type WorkflowToolOutput struct {
	// Result is the workflow's output, as [Workflow.Start] returned it.
	Result json.RawMessage `json:"result"`
	// RunID identifies this run of the workflow: a random UUID per call.
	RunID string `json:"runId"`
}

// TypedWorkflow is a [Workflow] made from a Go function with typed input,
// state and output. Its steps are plain Go: call them in order from the
// function, passing the state along.
type TypedWorkflow[In, State, Out any] struct {
	spec WorkflowSpec
	fn   func(context.Context, In, *State) (Out, error)
}

// NewWorkflow returns the workflow that runs fn, described by spec. fn gets
// the decoded input and a pointer to the state, decoded from the initial
// state when one is given, else zero.
func NewWorkflow[In, State, Out any](spec WorkflowSpec, fn func(ctx context.Context, in In, state *State) (Out, error)) *TypedWorkflow[In, State, Out] {
	return &TypedWorkflow[In, State, Out]{spec: spec, fn: fn}
}

// Spec implements [Workflow].
func (w *TypedWorkflow[In, State, Out]) Spec() *WorkflowSpec { return &w.spec }

// Run runs the workflow with typed values, as application code would.
func (w *TypedWorkflow[In, State, Out]) Run(ctx context.Context, in In, state *State) (Out, error) {
	if state == nil {
		state = new(State)
	}
	return w.fn(ctx, in, state)
}

// Start implements [Workflow]: it decodes input and initialState strictly,
// runs the function and encodes its output.
func (w *TypedWorkflow[In, State, Out]) Start(ctx context.Context, input, initialState json.RawMessage) (json.RawMessage, error) {
	var in In
	if err := schema.Decode(input, &in); err != nil {
		return nil, fmt.Errorf("workflow %s: inputData: %w", w.spec.ID, err)
	}
	var st State
	if len(initialState) > 0 && string(initialState) != "null" {
		if err := schema.Decode(initialState, &st); err != nil {
			return nil, fmt.Errorf("workflow %s: initialState: %w", w.spec.ID, err)
		}
	}
	out, err := w.fn(ctx, in, &st)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(&out) // addressable, as in tool.Func's Run
	if err != nil {
		return nil, fmt.Errorf("workflow %s: encode output: %w", w.spec.ID, err)
	}
	return data, nil
}

// WorkflowTool returns the tool workflow-<key> that runs w, as an agent
// whose Workflows hold w under key gives it to its model: its input
// {inputData, initialState?}, its output [WorkflowToolOutput]. An
// integration that runs tools elsewhere (a Temporal activity) uses it to
// run the calls of that tool.
func WorkflowTool(key string, w Workflow) (tool.Tool, error) {
	if w == nil {
		return nil, fmt.Errorf("workflow %q is nil", key)
	}
	return newWorkflowTool(key, w)
}

// newWorkflowTool exposes w as the tool workflow-<key>.
func newWorkflowTool(key string, w Workflow) (tool.Tool, error) {
	ws := w.Spec()
	schema, err := workflowToolSchema(ws)
	if err != nil {
		return nil, fmt.Errorf("workflow %q: %w", key, err)
	}
	desc := ws.Description
	if desc == "" {
		desc = fmt.Sprintf("Run the workflow %s.", ws.ID)
	}
	out, err := workflowToolOutputSchema(ws)
	if err != nil {
		return nil, fmt.Errorf("workflow %q: %w", key, err)
	}
	spec := tool.Spec{ID: ws.ID, Description: desc, InputSchema: schema, OutputSchema: out}
	return tool.NewFunc(&spec, func(ctx context.Context, in WorkflowToolInput) (WorkflowToolOutput, error) {
		runID := newRunID()
		res, err := w.Start(ctx, in.InputData, in.InitialState)
		if err != nil {
			return WorkflowToolOutput{}, err
		}
		if res == nil {
			res = json.RawMessage("null")
		}
		return WorkflowToolOutput{Result: res, RunID: runID}, nil
	}), nil
}

// newRunID returns a random (version 4) UUID, as Mastra's
// crypto.randomUUID() gives a workflow run.
func newRunID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// workflowToolOutputSchema builds the schema of [WorkflowToolOutput] from
// the workflow's output schema, its $defs hoisted (renamed output.X) as the
// input's are.
func workflowToolOutputSchema(ws *WorkflowSpec) (json.RawMessage, error) {
	defs := map[string]any{}
	result, err := embedSchema("output", ws.OutputSchema, defs)
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	root := map[string]any{
		"type": "object",
		"properties": map[string]any{
			"result": result,
			"runId":  map[string]any{"type": "string", "description": "Unique identifier for the workflow run"},
		},
		"required": []string{"result", "runId"},
	}
	if len(defs) > 0 {
		root["$defs"] = defs
	}
	return json.Marshal(root)
}

// workflowToolSchema builds {inputData, initialState?} from the workflow's
// schemas, hoisting their $defs (renamed input.X, state.X) to the root so
// that their references still resolve and providers see one document.
func workflowToolSchema(ws *WorkflowSpec) (json.RawMessage, error) {
	defs := map[string]any{}
	props := map[string]any{}
	in, err := embedSchema("input", ws.InputSchema, defs)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	props["inputData"] = in
	if len(bytes.TrimSpace(ws.StateSchema)) > 0 {
		st, err := embedSchema("state", ws.StateSchema, defs)
		if err != nil {
			return nil, fmt.Errorf("state schema: %w", err)
		}
		props["initialState"] = st
	}
	root := map[string]any{
		"type":                 "object",
		"properties":           props,
		"required":             []string{"inputData"},
		"additionalProperties": false,
	}
	if len(defs) > 0 {
		root["$defs"] = defs
	}
	return json.Marshal(root)
}

func embedSchema(prefix string, raw json.RawMessage, defs map[string]any) (any, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var s any
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	m, ok := s.(map[string]any)
	if !ok {
		return s, nil // a boolean schema
	}
	delete(m, "$schema")
	delete(m, "$id")
	selfRef := false
	rewriteRefs(m, prefix, &selfRef)
	for _, k := range []string{"$defs", "definitions"} {
		if sub, ok := m[k].(map[string]any); ok {
			for name, d := range sub {
				defs[prefix+"."+name] = d
			}
			delete(m, k)
		}
	}
	if selfRef {
		defs[prefix] = m
		return map[string]any{"$ref": "#/$defs/" + prefix}, nil
	}
	return m, nil
}

func rewriteRefs(v any, prefix string, selfRef *bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if ref, ok := e.(string); ok && k == "$ref" {
				switch {
				case ref == "#":
					v[k] = "#/$defs/" + prefix
					*selfRef = true
				case strings.HasPrefix(ref, "#/$defs/"):
					v[k] = "#/$defs/" + prefix + "." + strings.TrimPrefix(ref, "#/$defs/")
				case strings.HasPrefix(ref, "#/definitions/"):
					v[k] = "#/$defs/" + prefix + "." + strings.TrimPrefix(ref, "#/definitions/")
				case strings.HasPrefix(ref, "#/"):
					v[k] = "#/$defs/" + prefix + ref[1:]
					*selfRef = true
				}
				continue
			}
			rewriteRefs(e, prefix, selfRef)
		}
	case []any:
		for _, e := range v {
			rewriteRefs(e, prefix, selfRef)
		}
	}
}
