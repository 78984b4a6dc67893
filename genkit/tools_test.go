package genkit_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	toolgenkit "github.com/toolgen-go/toolgen/genkit"
	"github.com/toolgen-go/toolgen/genkit/internal/testtools"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// generate runs Genkit's generate loop with the model m and tools; opts
// give the prompt or the messages.
func generate(ctx context.Context, g *genkit.Genkit, m ai.Model, tools []ai.Tool, opts ...ai.GenerateOption) (*ai.ModelResponse, error) {
	opts = append([]ai.GenerateOption{ai.WithModel(m), ai.WithTools(toolgenkit.Refs(tools)...)}, opts...)
	return genkit.Generate(ctx, g, opts...)
}

// TestGenerate drives the tools with Genkit's generate loop: each call's
// result, or its failure, is what the model reads next, and the run ends
// with the model's answer.
func TestGenerate(t *testing.T) {
	tests := []struct {
		name  string
		calls []call
		want  map[string]string // the JSON the model reads, by call ref
	}{
		{"valid call: the tool's JSON",
			[]call{{"greet", `{"name":"Ada","times":2}`}},
			map[string]string{"call-0": `{"text":"hello Ada hello Ada"}`}},
		{"a ToModelOutput hook's text",
			[]call{{"shout", `{"name":"Ada"}`}},
			map[string]string{"call-0": `"HELLO ADA!"`}},
		{"invalid arguments: toolgen's message",
			[]call{{"greet", `{"name":7}`}},
			map[string]string{"call-0": `{"error":"invalid arguments for tool \"greet\": arguments do not match the input schema: at /name: expected string, got number"}`}},
		{"no arguments: toolgen's message",
			[]call{{"greet", ``}},
			map[string]string{"call-0": `{"error":"invalid arguments for tool \"greet\": arguments do not match the input schema: at /: missing required property \"name\""}`}},
		{"a failing tool",
			[]call{{"lookup", `{"name":"Ada"}`}},
			map[string]string{"call-0": `{"error":"tool \"lookup\" failed: look up Ada: the directory is down"}`}},
		{"a panicking tool",
			[]call{{"crash", `{"name":"Ada"}`}},
			map[string]string{"call-0": `{"error":"tool \"crash\" failed unexpectedly (panic: assignment to entry in nil map)"}`}},
		{"calls in one turn, each answered",
			[]call{{"greet", `{"name":"Ada"}`}, {"lookup", `{"name":"Bob"}`}, {"greet", `{"name":""}`}},
			map[string]string{
				"call-0": `{"text":"hello Ada"}`,
				"call-1": `{"error":"tool \"lookup\" failed: look up Bob: the directory is down"}`,
				"call-2": `{"error":"invalid arguments for tool \"greet\": arguments do not match the input schema: at /name: expected at least 1 characters, got 0"}`,
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			g := genkit.Init(ctx)
			fm := &fakeModel{calls: tt.calls}
			tools, err := toolgenkit.NewTools(testtools.Tools(), nil)
			require.NoError(t, err)
			resp, err := generate(ctx, g, fm.define(g, "test/fake"), tools, ai.WithPrompt("go"))
			require.NoError(t, err, "the run must go on after the calls")
			assert.Equal(t, "done", resp.Text())
			assert.Equal(t, 2, fm.turns())
			got := fm.toolResponses(t)
			require.Len(t, got, len(tt.want))
			for ref, want := range tt.want {
				assert.JSONEq(t, want, got[ref], "call %s", ref)
			}
		})
	}
}

// TestSchemas checks that the model is given each tool with its Spec's
// description and schemas.
func TestSchemas(t *testing.T) {
	ctx := t.Context()
	g := genkit.Init(ctx)
	fm := &fakeModel{calls: []call{{"greet", `{"name":"Ada"}`}}}
	set := testtools.Tools()
	tools, err := toolgenkit.NewTools(set, nil)
	require.NoError(t, err)
	_, err = generate(ctx, g, fm.define(g, "test/fake"), tools, ai.WithPrompt("go"))
	require.NoError(t, err)
	defs := fm.lastRequest(t).Tools
	require.Len(t, defs, len(set))
	for _, def := range defs {
		t.Run(def.Name, func(t *testing.T) {
			require.Contains(t, set, def.Name)
			spec := set[def.Name].Spec()
			assert.Equal(t, spec.Description, def.Description)
			in, err := json.Marshal(def.InputSchema)
			require.NoError(t, err)
			assert.JSONEq(t, string(spec.InputSchema), string(in))
			out, err := json.Marshal(def.OutputSchema)
			require.NoError(t, err)
			assert.JSONEq(t, string(spec.OutputSchema), string(out))
		})
	}
}

// TestApproval interrupts a run on a call that needs approval, then
// resumes it as an application would: approved, declined, or answered in
// the tool's place. The call made beside it in the same turn runs once.
func TestApproval(t *testing.T) {
	tests := []struct {
		name   string
		answer func(tools []ai.Tool, p *ai.Part) (ai.GenerateOption, error)
		want   string // what the model reads of the transfer
	}{
		{"approved", func(_ []ai.Tool, p *ai.Part) (ai.GenerateOption, error) {
			r, err := toolgenkit.Approve(p)
			return ai.WithToolRestarts(r), err
		}, `{"id":"tx-acct-7","cents":500}`},
		{"declined", func(_ []ai.Tool, p *ai.Part) (ai.GenerateOption, error) {
			r, err := toolgenkit.Decline(p)
			return ai.WithToolRestarts(r), err
		}, `{"error":"the call of \"transfer\" was not approved"}`},
		{"restarted without an answer: declined", func(tools []ai.Tool, p *ai.Part) (ai.GenerateOption, error) {
			return ai.WithToolRestarts(toolByName(t, tools, "transfer").Restart(p, nil)), nil
		}, `{"error":"the call of \"transfer\" was not approved"}`},
		{"answered in the tool's place", func(tools []ai.Tool, p *ai.Part) (ai.GenerateOption, error) {
			return ai.WithToolResponses(toolByName(t, tools, "transfer").Respond(p, testtools.Receipt{ID: "manual", Cents: 500}, nil)), nil
		}, `{"id":"manual","cents":500}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			g := genkit.Init(ctx)
			fm := &fakeModel{calls: []call{{"greet", `{"name":"Ada"}`}, {"transfer", `{"to":"acct-7","cents":500}`}}}
			m := fm.define(g, "test/fake")
			tools, err := toolgenkit.NewTools(testtools.Tools(), nil)
			require.NoError(t, err)

			resp, err := generate(ctx, g, m, tools, ai.WithPrompt("go"))
			require.NoError(t, err)
			assert.Equal(t, ai.FinishReasonInterrupted, resp.FinishReason)
			assert.Equal(t, 1, fm.turns(), "the model must not be called while a call waits")
			interrupts := resp.Interrupts()
			require.Len(t, interrupts, 1)
			p := interrupts[0]
			require.True(t, toolgenkit.IsApprovalRequest(p))
			assert.Equal(t, "transfer", p.ToolRequest.Name)
			assert.Equal(t, map[string]any{"to": "acct-7", "cents": float64(500)}, p.ToolRequest.Input)

			opt, err := tt.answer(tools, p)
			require.NoError(t, err)
			// The history is stored as JSON and read back, as by an
			// application that resumes in another process.
			data, err := json.Marshal(resp.History())
			require.NoError(t, err)
			var history []*ai.Message
			require.NoError(t, json.Unmarshal(data, &history))
			resp, err = generate(ctx, g, m, tools, ai.WithMessages(history...), opt)
			require.NoError(t, err)
			assert.Equal(t, "done", resp.Text())
			got := fm.toolResponses(t)
			assert.JSONEq(t, `{"text":"hello Ada"}`, got["call-0"], "the call beside it")
			assert.JSONEq(t, tt.want, got["call-1"])
		})
	}
}

// toolByName returns the tool of tools called name.
func toolByName(t *testing.T, tools []ai.Tool, name string) ai.Tool {
	t.Helper()
	for _, tl := range tools {
		if tl.Name() == name {
			return tl
		}
	}
	require.Failf(t, "no such tool", "%q", name)
	return nil
}

// TestApprovalAnswers checks the answers to a part that is not an approval
// request.
func TestApprovalAnswers(t *testing.T) {
	plain := ai.NewToolRequestPart(&ai.ToolRequest{Name: "transfer", Ref: "r"})
	otherInterrupt := ai.NewToolRequestPart(&ai.ToolRequest{Name: "transfer", Ref: "r"})
	otherInterrupt.Metadata = map[string]any{"interrupt": map[string]any{"reason": "mine"}}
	for name, p := range map[string]*ai.Part{"nil": nil, "text": ai.NewTextPart("x"), "not interrupted": plain, "another interrupt": otherInterrupt} {
		t.Run(name, func(t *testing.T) {
			assert.False(t, toolgenkit.IsApprovalRequest(p))
			_, err := toolgenkit.Approve(p)
			assert.ErrorContains(t, err, "not an interrupted call of a toolgen tool that needs approval")
			_, err = toolgenkit.Decline(p)
			assert.Error(t, err)
		})
	}
}

// TestApproveOption decides approvals with Options.Approve, while the call
// waits: no interrupt. Its error ends the run.
func TestApproveOption(t *testing.T) {
	errService := errors.New("approval service unreachable")
	tests := []struct {
		name    string
		approve bool
		err     error
		want    string
	}{
		{"approved", true, nil, `{"id":"tx-acct-7","cents":500}`},
		{"declined", false, nil, `{"error":"the call of \"transfer\" was not approved"}`},
		{"failed", false, errService, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			g := genkit.Init(ctx)
			fm := &fakeModel{calls: []call{{"transfer", `{"to":"acct-7","cents":500}`}}}
			var asked toolexec.ApprovalRequest
			tools, err := toolgenkit.NewTools(testtools.Tools(), &toolgenkit.Options{
				Approve: func(_ context.Context, req toolexec.ApprovalRequest) (bool, error) {
					asked = req
					return tt.approve, tt.err
				},
			})
			require.NoError(t, err)
			resp, err := generate(ctx, g, fm.define(g, "test/fake"), tools, ai.WithPrompt("go"))
			assert.Equal(t, "transfer", asked.ToolName)
			assert.Equal(t, testtools.TransferInput{To: "acct-7", Cents: 500}, asked.Input)
			if tt.err != nil {
				// Genkit formats a tool's error with %v: the chain is lost.
				require.ErrorContains(t, err, `approve the call of "transfer": `+tt.err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "done", resp.Text())
			assert.JSONEq(t, tt.want, fm.toolResponses(t)["call-0"])
		})
	}
}

// TestTimeout checks that a call running past Options.Timeout is abandoned
// and the model is told so.
func TestTimeout(t *testing.T) {
	ctx := t.Context()
	g := genkit.Init(ctx)
	slow := tool.NewFunc(&tool.Spec{ID: "slow", Description: "Waits.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, _ struct{}) (struct{}, error) {
			<-ctx.Done()
			return struct{}{}, ctx.Err()
		})
	tools, err := toolgenkit.NewTools(tool.Toolset{"slow": slow}, &toolgenkit.Options{Timeout: 20 * time.Millisecond})
	require.NoError(t, err)
	fm := &fakeModel{calls: []call{{"slow", `{}`}}}
	resp, err := generate(ctx, g, fm.define(g, "test/fake"), tools, ai.WithPrompt("go"))
	require.NoError(t, err)
	assert.Equal(t, "done", resp.Text())
	assert.JSONEq(t, `{"error":"tool \"slow\" did not finish within 20ms"}`, fm.toolResponses(t)["call-0"])
}

// TestReporter checks that the progress a tool reports reaches the
// reporter of the ctx given to Generate.
func TestReporter(t *testing.T) {
	g := genkit.Init(t.Context())
	halfway := tool.NewFunc(&tool.Spec{ID: "halfway", Description: "Reports progress.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, _ struct{}) (struct{}, error) {
			tool.Progress(ctx, 1, 2, "half")
			return struct{}{}, nil
		})
	tools, err := toolgenkit.NewTools(tool.Toolset{"halfway": halfway}, nil)
	require.NoError(t, err)
	var got []tool.ProgressReport
	ctx, stop := toolexec.WithReporter(t.Context(), toolexec.Reporter{Progress: func(p tool.ProgressReport) { got = append(got, p) }})
	fm := &fakeModel{calls: []call{{"halfway", `{}`}}}
	_, err = generate(ctx, g, fm.define(g, "test/fake"), tools, ai.WithPrompt("go"))
	stop()
	require.NoError(t, err)
	assert.Equal(t, []tool.ProgressReport{{Progress: 1, Total: 2, Message: "half"}}, got)
}

// TestDefineTools registers the tools with Genkit, so that a Generate
// names them; a second definition of a name is an error.
func TestDefineTools(t *testing.T) {
	ctx := t.Context()
	g := genkit.Init(ctx)
	tools, err := toolgenkit.DefineTools(g, testtools.Tools(), nil)
	require.NoError(t, err)
	require.Len(t, tools, 5)
	assert.Equal(t, "crash", tools[0].Name(), "sorted by key")
	looked := genkit.LookupTool(g, "greet")
	require.NotNil(t, looked)
	assert.Equal(t, toolByName(t, tools, "greet").Definition(), looked.Definition())

	fm := &fakeModel{calls: []call{{"greet", `{"name":"Ada"}`}}}
	resp, err := genkit.Generate(ctx, g, ai.WithModel(fm.define(g, "test/fake")), ai.WithTools(ai.ToolName("greet")), ai.WithPrompt("go"))
	require.NoError(t, err)
	assert.Equal(t, "done", resp.Text())
	assert.JSONEq(t, `{"text":"hello Ada"}`, fm.toolResponses(t)["call-0"])

	_, err = toolgenkit.DefineTools(g, tool.Toolset{"greet": testtools.GreetTool()}, nil)
	assert.EqualError(t, err, `define tool "greet": Genkit already has a tool of that name`)
}

// TestNewToolsErrors checks the errors of a set that cannot be given to
// Genkit.
func TestNewToolsErrors(t *testing.T) {
	withSchema := func(schema string) tool.Tool {
		return tool.NewFunc(&tool.Spec{ID: "x", InputSchema: json.RawMessage(schema)},
			func(context.Context, struct{}) (struct{}, error) { return struct{}{}, nil })
	}
	tests := []struct {
		name string
		set  tool.Toolset
		want string
	}{
		{"invalid key", tool.Toolset{"a key": testtools.GreetTool()}, `make Genkit tools: tool key "a key": must match ^[a-zA-Z0-9_-]{1,64}$`},
		{"nil tool", tool.Toolset{"greet": nil}, `make Genkit tools: tool key "greet": nil tool`},
		{"schema not an object", tool.Toolset{"x": withSchema(`[]`)}, `make Genkit tool "x": decode its input schema: json: cannot unmarshal array into Go value of type map[string]interface {}`},
		{"null schema", tool.Toolset{"x": withSchema(`null`)}, `make Genkit tool "x": decode its input schema: the schema is null, not an object`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools, err := toolgenkit.NewTools(tt.set, nil)
			assert.EqualError(t, err, tt.want)
			assert.Nil(t, tools)
		})
	}
}

// TestGenkitToolErrorsEndTheRun pins the behaviour of Genkit v1.4.0 that
// the adapter works around: the error of a tool made with Genkit's own
// API, its input validation's included, ends the whole Generate, and the
// model never reads it.
func TestGenkitToolErrorsEndTheRun(t *testing.T) {
	schema := map[string]any{
		"type":       "object",
		"properties": map[string]any{"name": map[string]any{"type": "string"}},
		"required":   []any{"name"},
	}
	tests := []struct {
		name, args, want string
	}{
		{"invalid arguments", `{"name":7}`, `tool "greet" failed: error calling tool greet: data did not match expected schema`},
		{"the tool's error", `{"name":"Ada"}`, `tool "greet" failed: error calling tool greet: the directory is down`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			g := genkit.Init(ctx)
			greet := ai.NewTool("greet", "Greets.", func(*ai.ToolContext, any) (any, error) {
				return nil, errors.New("the directory is down")
			}, ai.WithInputSchema(schema))
			fm := &fakeModel{calls: []call{{"greet", tt.args}}}
			_, err := generate(ctx, g, fm.define(g, "test/fake"), []ai.Tool{greet}, ai.WithPrompt("go"))
			require.ErrorContains(t, err, tt.want)
			assert.Equal(t, 1, fm.turns(), "the model must not be called again")
		})
	}
}
