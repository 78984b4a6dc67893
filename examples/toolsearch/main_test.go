package main

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/provider"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tooltest"
)

func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, offlineModel()))
	assert.Equal(t, `user: How much is 120 US dollars in euros?
tool-call search_tools {"query":"convert dollars to euros"}
tool-result search_tools {"results":[{"name":"convert_currency","description":"Converts an amount of money between currencies, such as US dollars to euros, at today's exchange rate.","score":9.57},{"name":"convert-units","description":"Converts a length between kilometres, miles, metres and feet.","score":4.64},{"name":"create-todo","description":"Adds a task to the user's to-do list.","score":4.09}],"message":"Found 3 tool(s). Use load_tool with an exact toolName or a toolNames array to make them available."}
step-finish (tool-calls)
tool-call load_tool {"toolName":"convert_currency"}
tool-result load_tool {"success":true,"message":"Loaded: convert_currency — available on your next turn","loaded":["convert_currency"]}
step-finish (tool-calls)
tool-call convert_currency {"amount":120,"from":"USD","to":"EUR"}
tool-result convert_currency {"amount":110.4,"currency":"EUR"}
step-finish (tool-calls)
step-finish (stop)
finish (stop)
assistant: 120 US dollars is 110.40 euros at today's rate.
loaded tools: convert_currency
request 1: 3 tools (load_tool, search_tools, today), 1265 bytes of tool definitions
request 2: 3 tools (load_tool, search_tools, today), 1265 bytes of tool definitions
request 3: 4 tools (convert_currency, load_tool, search_tools, today), 1957 bytes of tool definitions
request 4: 4 tools (convert_currency, load_tool, search_tools, today), 1957 bytes of tool definitions
without search, every request: 31 tools, 12725 bytes of tool definitions
`, out.String())
}

// TestLibraryIsSearchable checks that every library tool is found first
// by the words of its own description, and that the agent's own tool is
// not in the library.
func TestLibraryIsSearchable(t *testing.T) {
	a := newAgent(scripted.New())
	lib := a.ToolSearch.Tools
	require.Len(t, lib, 30)
	assert.NotContains(t, lib, "today")
	assert.Contains(t, a.Tools, "today")
	for _, key := range lib.Keys() {
		desc := lib[key].Spec().Description
		m := scripted.New(scripted.Calls(scripted.Call(agent.SearchToolsKey, mustJSON(t, agent.SearchToolsInput{Query: desc}))), scripted.Text("ok"))
		res, err := newAgent(m).Generate(t.Context(), "find")
		require.NoError(t, err)
		out := res.Steps[0].Outcomes[0].Output.(agent.SearchToolsOutput)
		require.NotEmpty(t, out.Results, key)
		assert.Equal(t, key, out.Results[0].Name, "query %q", desc)
	}
}

func mustJSON(t *testing.T, v agent.SearchToolsInput) string {
	t.Helper()
	raw, err := json.Marshal(v)
	require.NoError(t, err)
	return string(raw)
}

func TestChooseModel(t *testing.T) {
	var stderr bytes.Buffer
	model, err := chooseModel("", &stderr)
	require.NoError(t, err)
	assert.IsType(t, &scripted.Model{}, model)
	assert.Contains(t, stderr.String(), "-model")

	_, err = chooseModel("nosuch/model", io.Discard)
	assert.ErrorIs(t, err, provider.ErrUnknownProvider)
}

// TestToolsGolden pins what a model sees of the library's tools once
// loaded. After a change to them, go test -run TestToolsGolden -update
// rewrites testdata/tools.golden.json; review its diff.
func TestToolsGolden(t *testing.T) {
	tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
}
