package generator

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const hookTool = `package w

import "context"

type In struct {
	City string ` + "`json:\"city\"`" + `
}

type Out struct {
	Temp    float64 ` + "`json:\"temp\"`" + `
	Station string  ` + "`json:\"station\"`" + `
}

// Weather reports the weather.
//
//tool:weather HOOKS
func Weather(ctx context.Context, in In) (Out, error) {
	return Out{Temp: 21.5, Station: "secret-station-42"}, nil
}
`

// TestHookStubLifecycle: a stub is written on the first run, left alone on
// the second, and a stub for a newly named hook is appended, with the
// user's edits to the first kept byte for byte. The program compiles at
// every step, and -check semantics hold (no file is due once written).
func TestHookStubLifecycle(t *testing.T) {
	dir := writeModule(t, map[string][]byte{
		"w/w.go": []byte(strings.Replace(hookTool, "HOOKS", "model=weatherForModel", 1)),
	})
	hooks := filepath.Join(dir, "w", DefaultHooksOutput)
	gen := func() *Result { return regenerate(t, dir) }

	res := gen()
	require.Contains(t, res.Files, hooks, "first run writes the stub")
	first := string(res.Files[hooks])
	assert.Contains(t, first, "func weatherForModel(ctx context.Context, in In, out Out) (llm.ModelOutput, error) {\n\treturn llm.ValueOutput(out)\n}")
	assert.NotContains(t, first, "DO NOT EDIT")
	goCmd(t, dir, "build", "./...")

	res = gen()
	assert.NotContains(t, res.Files, hooks, "second run leaves the hooks file alone")

	// The user edits the stub, then names a second hook.
	edited := strings.Replace(first, "return llm.ValueOutput(out)", "return llm.TextOutput(\"edited\"), nil", 1)
	require.NoError(t, os.WriteFile(hooks, []byte(edited), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "w", "w.go"),
		[]byte(strings.Replace(hookTool, "HOOKS", "model=weatherForModel display=weatherForDisplay", 1)), 0o644))
	res = gen()
	require.Contains(t, res.Files, hooks, "a new hook appends a stub")
	after := string(res.Files[hooks])
	// The model stub imports llm; the display stub adds tool to the imports.
	_, editedBody, _ := strings.Cut(edited, ")\n")
	assert.Contains(t, after, editedBody, "the user's code is kept as it was:\n%s", after)
	assert.Contains(t, after, `"github.com/toolgen-go/toolgen/tool"`)
	assert.Contains(t, after, "func weatherForDisplay() tool.Transforms[In, Out] {")
	goCmd(t, dir, "build", "./...")
	res = gen()
	assert.NotContains(t, res.Files, hooks)
}

// TestHooksReachTheRuntime runs generated code with both hook kinds: the
// model's request holds the shaped output, the display payload the
// transformed one, and the raw station id reaches neither.
func TestHooksReachTheRuntime(t *testing.T) {
	dir := writeModule(t, map[string][]byte{
		"w/w.go": []byte(strings.Replace(hookTool, "HOOKS", "model=weatherForModel display=weatherForDisplay", 1)),
		"w/tools_hooks.go": []byte(`package w

import (
	"context"
	"fmt"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
)

func weatherForModel(ctx context.Context, in In, out Out) (llm.ModelOutput, error) {
	return llm.TextOutput(fmt.Sprintf("%.1f degrees in %s", out.Temp, in.City)), nil
}

func weatherForDisplay() tool.Transforms[In, Out] {
	return tool.Transforms[In, Out]{
		Output: func(ctx context.Context, in In, out Out) (any, error) {
			return map[string]float64{"temp": out.Temp}, nil
		},
	}
}
`),
		"main.go": []byte(`package main

import (
	"context"
	"fmt"

	"example.com/golden/w"
	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
)

func main() {
	model := scripted.New(scripted.Calls(scripted.Call("weather", ` + "`{\"city\":\"Oslo\"}`" + `)), scripted.Text("ok"))
	a := &agent.Agent{ID: "a", Model: model, Tools: w.Tools()}
	for ev, err := range a.Stream(context.Background(), "weather?") {
		if err != nil {
			panic(err)
		}
		if ev.Type == agent.EventToolResult {
			fmt.Printf("display: %s\n", ev.Payload)
		}
	}
	for _, m := range model.LastRequest().Messages {
		for _, p := range m.Parts {
			if p.Type == llm.PartToolResult {
				fmt.Printf("model: %s\n", p.ToolResult.Output.String())
			}
		}
	}
}
`),
	})
	res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Env: testEnv()})
	require.NoError(t, err)
	require.Empty(t, formatDiagnostics(res.Diagnostics, dir))
	require.NotContains(t, res.Files, filepath.Join(dir, "w", DefaultHooksOutput), "both hooks exist: no stub")
	for path, data := range res.Files {
		require.NoError(t, os.WriteFile(path, data, 0o644))
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = testEnv()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, "display: {\"temp\":21.5}\nmodel: 21.5 degrees in Oslo\n", string(out))
	assert.NotContains(t, string(out), "secret-station-42")
}

// TestLifecycleHooksReachTheRuntime runs generated code with every
// lifecycle hook named on the directive: the agent loop calls them in order
// with the typed input and output, and a stub written for a missing one
// compiles and changes nothing.
func TestLifecycleHooksReachTheRuntime(t *testing.T) {
	dir := writeModule(t, map[string][]byte{
		"w/w.go": []byte(strings.Replace(hookTool, "HOOKS",
			"oninputstart=weatherStarted oninputdelta=weatherDelta oninputavailable=weatherInput onoutput=weatherOutput", 1)),
		"w/tools_hooks.go": []byte(`package w

import (
	"context"
	"fmt"

	"github.com/toolgen-go/toolgen/tool"
)

func weatherStarted(ctx context.Context, call tool.HookCall) error {
	fmt.Printf("start %s %s\n", call.ToolName, call.ToolCallID)
	return nil
}

func weatherDelta(ctx context.Context, call tool.HookCall, delta string) error {
	fmt.Printf("delta %s\n", delta)
	return nil
}

func weatherInput(ctx context.Context, call tool.HookCall, in In) error {
	fmt.Printf("input %s\n", in.City)
	return nil
}
`),
		"main.go": []byte(`package main

import (
	"context"
	"fmt"

	"example.com/golden/w"
	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/scripted"
)

func main() {
	model := scripted.New(scripted.Calls(scripted.Call("weather", ` + "`{\"city\":\"Oslo\"}`" + `)), scripted.Text("ok"))
	model.ChunkSize = 9
	a := &agent.Agent{ID: "a", Model: model, Tools: w.Tools()}
	for ev, err := range a.Stream(context.Background(), "weather?") {
		if err != nil {
			panic(err)
		}
		if ev.Type == agent.EventToolResult {
			fmt.Printf("result %s\n", ev.Payload)
		}
	}
}
`),
	})
	res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Env: testEnv()})
	require.NoError(t, err)
	require.Empty(t, formatDiagnostics(res.Diagnostics, dir))
	hooks := filepath.Join(dir, "w", DefaultHooksOutput)
	require.Contains(t, res.Files, hooks, "weatherOutput is missing: a stub")
	assert.Contains(t, string(res.Files[hooks]),
		"func weatherOutput(ctx context.Context, call tool.HookCall, out Out) error {\n\treturn nil\n}")
	for path, data := range res.Files {
		require.NoError(t, os.WriteFile(path, data, 0o644))
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = testEnv()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Equal(t, "start weather call_1\ndelta {\"city\":\"\ndelta Oslo\"}\ninput Oslo\n"+
		"result {\"temp\":21.5,\"station\":\"secret-station-42\"}\n", string(out))
}
