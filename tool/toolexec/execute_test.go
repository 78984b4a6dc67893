package toolexec_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

type greetIn struct {
	Name string `json:"name"`
}

type greetOut struct {
	Text string `json:"text"`
	Call string `json:"call"`
}

// greetSet is a set of hand-written tools as generated code builds them:
// greet answers with the name and the call it ran in, fail fails, boom
// panics and guarded needs approval.
func greetSet() tool.Toolset {
	in := json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false}`)
	greet := func(ctx context.Context, in greetIn) (greetOut, error) {
		ci, _ := tool.CallInfoFrom(ctx)
		return greetOut{Text: "hello " + in.Name, Call: ci.ToolName + "/" + ci.ToolCallID}, nil
	}
	return tool.Toolset{
		"greet": tool.NewFunc(&tool.Spec{ID: "greet", InputSchema: in}, greet),
		"fail": tool.NewFunc(&tool.Spec{ID: "fail", InputSchema: in}, func(context.Context, greetIn) (greetOut, error) {
			return greetOut{}, errors.New("the directory is down")
		}),
		"boom": tool.NewFunc(&tool.Spec{ID: "boom", InputSchema: in}, func(context.Context, greetIn) (greetOut, error) {
			panic("nil map")
		}),
		"guarded": tool.NewFunc(&tool.Spec{ID: "guarded", InputSchema: in, NeedsApproval: true}, greet),
	}
}

func TestExecute(t *testing.T) {
	approveAll := &toolexec.ExecuteOptions{Approve: func(context.Context, toolexec.ApprovalRequest) (bool, error) { return true, nil }}
	refuseAll := &toolexec.ExecuteOptions{Approve: func(context.Context, toolexec.ApprovalRequest) (bool, error) { return false, nil }}
	tests := []struct {
		name  string
		call  toolexec.ToolCall
		opts  *toolexec.ExecuteOptions
		kind  toolexec.Kind // "" for a success
		model string        // what the model reads, as JSON or as text
	}{
		{"success", toolexec.ToolCall{ID: "c1", Name: "greet", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil,
			"", `{"text":"hello Ada","call":"greet/c1"}`},
		{"unknown tool", toolexec.ToolCall{ID: "c2", Name: "greeet", Arguments: json.RawMessage(`{}`)}, nil,
			toolexec.KindUnknownTool, `unknown tool "greeet"; available tools: boom, fail, greet, guarded`},
		{"invalid arguments", toolexec.ToolCall{ID: "c3", Name: "greet", Arguments: json.RawMessage(`{"name":7}`)}, nil,
			toolexec.KindInvalidArguments, `invalid arguments for tool "greet": arguments do not match the input schema: at /name: expected string, got number`},
		{"empty arguments are {}", toolexec.ToolCall{ID: "c4", Name: "greet"}, nil,
			toolexec.KindInvalidArguments, `invalid arguments for tool "greet": arguments do not match the input schema: at /: missing required property "name"`},
		{"failing tool", toolexec.ToolCall{ID: "c5", Name: "fail", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil,
			toolexec.KindToolFailed, `tool "fail" failed: the directory is down`},
		{"panicking tool", toolexec.ToolCall{ID: "c6", Name: "boom", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil,
			toolexec.KindPanic, `tool "boom" failed unexpectedly (panic: nil map)`},
		{"approval without an approver", toolexec.ToolCall{ID: "c7", Name: "guarded", Arguments: json.RawMessage(`{"name":"Ada"}`)}, nil,
			toolexec.KindDeclined, `the call of "guarded" needs approval, which this host cannot obtain`},
		{"approval refused", toolexec.ToolCall{ID: "c8", Name: "guarded", Arguments: json.RawMessage(`{"name":"Ada"}`)}, refuseAll,
			toolexec.KindDeclined, `the call of "guarded" was not approved`},
		{"approval given", toolexec.ToolCall{ID: "c9", Name: "guarded", Arguments: json.RawMessage(`{"name":"Ada"}`)}, approveAll,
			"", `{"text":"hello Ada","call":"guarded/c9"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := toolexec.Execute(context.Background(), greetSet(), tt.call, tt.opts)
			require.NoError(t, err)
			assert.Equal(t, tt.call, o.Call)
			if tt.kind == "" {
				require.Nil(t, o.Err)
				assert.Equal(t, llm.OutputJSON, o.Model.Type)
				assert.JSONEq(t, tt.model, string(o.Model.JSON))
				assert.JSONEq(t, tt.model, string(o.Output.JSON))
				return
			}
			require.NotNil(t, o.Err)
			assert.Equal(t, tt.kind, o.Err.Kind)
			assert.Equal(t, tt.call.Name, o.Err.ToolName)
			assert.Equal(t, tt.call.ID, o.Err.ToolCallID)
			assert.Equal(t, llm.ErrorOutput(o.Err.Message), o.Model)
			assert.Equal(t, tt.model, o.Err.Message)
			assert.Nil(t, o.Output.Value)
		})
	}
}

func TestExecuteHostErrors(t *testing.T) {
	call := toolexec.ToolCall{ID: "c1", Name: "guarded", Arguments: json.RawMessage(`{"name":"Ada"}`)}
	var asked toolexec.ApprovalRequest
	_, err := toolexec.Execute(context.Background(), greetSet(), call, &toolexec.ExecuteOptions{
		Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
			asked = req
			return false, errors.New("approval service unreachable")
		},
	})
	require.ErrorContains(t, err, `approve the call of "guarded": approval service unreachable`)
	assert.Equal(t, "guarded", asked.ToolName)
	assert.Equal(t, "c1", asked.ToolCallID)
	assert.Equal(t, greetIn{Name: "Ada"}, asked.Input)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = toolexec.Execute(ctx, greetSet(), call, nil)
	require.ErrorIs(t, err, context.Canceled)
}

func TestExecuteAll(t *testing.T) {
	calls := []toolexec.ToolCall{
		{ID: "c1", Name: "greet", Arguments: json.RawMessage(`{"name":"Ada"}`)},
		{ID: "c2", Name: "fail", Arguments: json.RawMessage(`{"name":"Ada"}`)},
		{ID: "c3", Name: "guarded", Arguments: json.RawMessage(`{"name":"Bob"}`)},
	}
	var order []string
	opts := &toolexec.ExecuteOptions{Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
		order = append(order, req.ToolCallID)
		return true, nil
	}}
	outs, err := toolexec.ExecuteAll(context.Background(), greetSet(), calls, opts)
	require.NoError(t, err)
	require.Len(t, outs, 3)
	assert.Equal(t, []string{"c3"}, order)
	assert.Equal(t, llm.ToolResult{ToolCallID: "c1", ToolName: "greet", Output: llm.JSONOutput(json.RawMessage(`{"text":"hello Ada","call":"greet/c1"}`))}, outs[0].Result())
	assert.Equal(t, llm.ToolResult{ToolCallID: "c2", ToolName: "fail", Output: llm.ErrorOutput(`tool "fail" failed: the directory is down`)}, outs[1].Result())
	assert.True(t, outs[1].Result().IsError())
	assert.Equal(t, greetOut{Text: "hello Bob", Call: "guarded/c3"}, outs[2].Output.Value)

	// An error of Approve stops the run: the outcomes before it come
	// with it.
	outs, err = toolexec.ExecuteAll(context.Background(), greetSet(), calls, &toolexec.ExecuteOptions{
		Approve: func(context.Context, toolexec.ApprovalRequest) (bool, error) { return false, errors.New("no approver") },
	})
	require.ErrorContains(t, err, `tool call 2 (guarded): approve the call of "guarded": no approver`)
	require.Len(t, outs, 2)
	assert.Equal(t, "c2", outs[1].Call.ID)
}

func TestDefinitions(t *testing.T) {
	strict := tool.NewFunc(&tool.Spec{ID: "s", Description: "Strict.", InputSchema: json.RawMessage(`{"type":"object"}`), Strict: true},
		func(context.Context, greetIn) (greetOut, error) { return greetOut{}, nil })
	tests := []struct {
		name string
		set  tool.Toolset
		want []llm.ToolDefinition
		err  string
	}{
		{name: "sorted by key, the key as the name", set: tool.Toolset{"zeta": strict, "alpha": greetSet()["greet"]}, want: []llm.ToolDefinition{
			{Name: "alpha", InputSchema: greetSet()["greet"].Spec().InputSchema},
			{Name: "zeta", Description: "Strict.", InputSchema: json.RawMessage(`{"type":"object"}`), Strict: true},
		}},
		{name: "empty", set: tool.Toolset{}, want: []llm.ToolDefinition{}},
		{name: "a bad key", set: tool.Toolset{"a.b": strict}, err: `tool definitions: tool key "a.b": must match`},
		{name: "a nil tool", set: tool.Toolset{"a": nil}, err: `tool definitions: tool key "a": nil tool`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := toolexec.Definitions(tt.set)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
