package agent_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/gemini"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// searchOnce runs one search_tools call of query on ts and returns its output.
func searchOnce(t *testing.T, ts *agent.ToolSearch, query string) agent.SearchToolsOutput {
	t.Helper()
	args, err := json.Marshal(agent.SearchToolsInput{Query: query})
	require.NoError(t, err)
	m := callThenAnswer(scripted.Call(agent.SearchToolsKey, string(args)))
	res, err := (&agent.Agent{ID: "a", Model: m, ToolSearch: ts}).Generate(context.Background(), "go", agent.WithOutputValidation())
	require.NoError(t, err)
	require.Len(t, res.Steps, 2)
	o := res.Steps[0].Outcomes[0]
	require.Nil(t, o.Err)
	return o.Output.(agent.SearchToolsOutput)
}

// matchNames returns the names of matches.
func matchNames(ms []agent.ToolMatch) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Name)
	}
	return out
}

// requestToolNames returns the tool names of each request m received.
func requestToolNames(m *scripted.Model) [][]string {
	var out [][]string
	for _, req := range m.Requests() {
		var keys []string
		for _, d := range req.Tools {
			keys = append(keys, d.Name)
		}
		out = append(out, keys)
	}
	return out
}

func TestToolSearchRanksLexically(t *testing.T) {
	hand := &agent.ToolSearch{Tools: handLibrary()}
	big := &agent.ToolSearch{Tools: catalog()}
	for _, tc := range []struct {
		ts    *agent.ToolSearch
		query string
		want  string
	}{
		{hand, "weather forecast", "getWeatherForecast"},
		{hand, "convert dollars to euros", "convert_currency"},
		{hand, "translate", "translate-text"},
		{hand, "email", "send_email"},
		{hand, "calendar event", "createCalendarEvent"},
		{hand, "stock price", "get_stock_quote"},
		{hand, "resize image", "resizeImage"},
		{hand, "SQL query analytics", "sqlQuery"},
		{big, "create github issue", "github_create_issue"},
		{big, "delete stripe refund", "stripe-delete-refund"},
		{big, "list slack channels", "slackListChannel"},
		{big, "zendesk support ticket update", "zendesk_update_support_ticket"},
		{big, "pagerduty escalation policy", "pagerduty-"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			out := searchOnce(t, tc.ts, tc.query)
			require.NotEmpty(t, out.Results)
			if strings.HasSuffix(tc.want, "-") {
				// The five verbs of the object are the five results.
				for _, n := range matchNames(out.Results) {
					assert.True(t, strings.HasPrefix(n, tc.want) && strings.HasSuffix(n, "-escalation-policy"), n)
				}
				return
			}
			assert.Equal(t, tc.want, out.Results[0].Name, "results: %v", matchNames(out.Results))
			assert.Greater(t, out.Results[0].Score, 0.0)
			assert.Contains(t, out.Message, "load_tool")
		})
	}
}

func TestToolSearchTiesGoToTheSmallerKey(t *testing.T) {
	lib := tool.Toolset{}
	for _, k := range []string{"zeta", "alpha", "mid"} {
		lib[k] = libraryTool(k, "Sends a fax.", emptySchema)
	}
	for range 3 {
		out := searchOnce(t, &agent.ToolSearch{Tools: lib}, "fax")
		assert.Equal(t, []string{"alpha", "mid", "zeta"}, matchNames(out.Results))
	}
}

func TestToolSearchCustomScorer(t *testing.T) {
	var queries []string
	ts := &agent.ToolSearch{Tools: handLibrary(), MinScore: 0.5, Scorer: func(q string, d llm.ToolDefinition) float64 {
		queries = append(queries, q)
		// Rank by key length, longest first; leave out keys of 10 bytes or less.
		if len(d.Name) <= 10 {
			return 0
		}
		return float64(len(d.Name))
	}}
	out := searchOnce(t, ts, "anything at all")
	assert.Equal(t, []string{"createCalendarEvent", "github_create_issue", "getWeatherForecast", "convert_currency", "get_stock_quote"}, matchNames(out.Results))
	assert.Equal(t, 19.0, out.Results[0].Score)
	assert.Len(t, queries, len(handLibrary()), "one score per library tool")
	assert.Equal(t, "anything at all", queries[0])
}

func TestToolSearchMaxResultsAndMinScore(t *testing.T) {
	out := searchOnce(t, &agent.ToolSearch{Tools: catalog(), MaxResults: 3}, "github")
	assert.Len(t, out.Results, 3)
	out = searchOnce(t, &agent.ToolSearch{Tools: catalog()}, "github")
	assert.Len(t, out.Results, agent.DefaultSearchResults)
	out = searchOnce(t, &agent.ToolSearch{Tools: catalog(), MinScore: 1000}, "github")
	assert.Empty(t, out.Results)
	assert.NotNil(t, out.Results, "an empty list, not null, for the model")
	assert.Equal(t, "No tools found matching the query. Try different keywords.", out.Message)
}

func TestToolSearchCutsLongDescriptions(t *testing.T) {
	long := "Archives " + strings.Repeat("very ", 60) + "old records."
	out := searchOnce(t, &agent.ToolSearch{Tools: tool.Toolset{"archive": libraryTool("archive", long, emptySchema)}}, "archives")
	require.Len(t, out.Results, 1)
	assert.LessOrEqual(t, len(out.Results[0].Description), 150)
	assert.True(t, strings.HasPrefix(out.Results[0].Description, "Archives very very"))
	assert.True(t, strings.HasSuffix(out.Results[0].Description, "…"))
}

func TestToolSearchBlankQuery(t *testing.T) {
	for _, q := range []string{`{"query":""}`, `{"query":"  \t"}`} {
		m := callThenAnswer(scripted.Call(agent.SearchToolsKey, q))
		res, err := (&agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: handLibrary()}}).Generate(context.Background(), "go")
		require.NoError(t, err)
		assert.Equal(t, "done", res.Text, "the run goes on")
		e := res.Steps[0].Outcomes[0].Err
		require.NotNil(t, e)
		assert.Equal(t, toolexec.KindInvalidArguments, e.Kind)
		assert.Equal(t, `invalid arguments: at /query: the query is blank; give keywords, such as "weather" or "github issue"`, e.Message)
		assert.Equal(t, e.Message, toolResults(t, m, 1)[0].Output.Text)
	}
}

// TestToolSearchLoadsForTheNextStep follows Mastra's flow: the first
// request has the agent's tools and the search's two, the request after
// load_tool has the loaded tool too, which the model then calls.
func TestToolSearchLoadsForTheNextStep(t *testing.T) {
	m := scripted.New(
		scripted.Calls(scripted.Call(agent.SearchToolsKey, `{"query":"convert dollars to euros"}`)),
		scripted.Calls(scripted.Call(agent.LoadToolKey, `{"toolName":"convert_currency"}`)),
		scripted.Calls(scripted.Call("convert_currency", `{"amount":10,"from":"USD","to":"EUR"}`)),
		scripted.Text("10 USD is about 9 EUR."),
	)
	a := &agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"weather": weatherTool()},
		ToolSearch: &agent.ToolSearch{Tools: handLibrary()}}
	res, err := a.Generate(context.Background(), "How much is 10 dollars in euros?")
	require.NoError(t, err)
	base := []string{agent.LoadToolKey, agent.SearchToolsKey, "weather"}
	assert.Equal(t, [][]string{base, base, {"convert_currency", agent.LoadToolKey, agent.SearchToolsKey, "weather"},
		{"convert_currency", agent.LoadToolKey, agent.SearchToolsKey, "weather"}}, requestToolNames(m))
	assert.Equal(t, []string{"convert_currency"}, res.LoadedTools)
	load := res.Steps[1].Outcomes[0].Output.(agent.LoadToolOutput)
	assert.Equal(t, agent.LoadToolOutput{Success: true, Loaded: []string{"convert_currency"},
		Message: "Loaded: convert_currency — available on your next turn"}, load)
	conv := res.Steps[2].Outcomes[0]
	require.Nil(t, conv.Err)
	assert.Equal(t, "convert_currency", conv.Output.(map[string]any)["tool"])
	assert.Equal(t, "10 USD is about 9 EUR.", res.Text)

	// The search and load calls are ordinary calls in the transcript.
	var called []string
	for _, ev := range res.Transcript {
		if ev.Type == agent.EventToolResult {
			called = append(called, ev.ToolName)
		}
	}
	assert.Equal(t, []string{agent.SearchToolsKey, agent.LoadToolKey, "convert_currency"}, called)
}

func TestToolSearchAutoLoad(t *testing.T) {
	m := scripted.New(
		scripted.Calls(scripted.Call(agent.SearchToolsKey, `{"query":"weather forecast"}`)),
		scripted.Calls(scripted.Call("getWeatherForecast", `{"city":"Oslo"}`)),
		scripted.Text("Rain in Oslo."),
	)
	a := &agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: handLibrary(), AutoLoad: true, MaxResults: 1}}
	res, err := a.Generate(context.Background(), "Weather in Oslo?")
	require.NoError(t, err)
	assert.Equal(t, [][]string{{agent.SearchToolsKey}, {"getWeatherForecast", agent.SearchToolsKey}, {"getWeatherForecast", agent.SearchToolsKey}}, requestToolNames(m))
	out := res.Steps[0].Outcomes[0].Output.(agent.SearchToolsOutput)
	assert.Equal(t, "Found and loaded 1 tool(s): getWeatherForecast. They are available on your next turn — call them directly.", out.Message)
	assert.Nil(t, res.Steps[1].Outcomes[0].Err)
	assert.Equal(t, []string{"getWeatherForecast"}, res.LoadedTools)
}

func TestToolSearchLoadReportsUnknownAndRepeatedNames(t *testing.T) {
	m := scripted.New(
		scripted.Calls(scripted.Call(agent.LoadToolKey, `{"toolNames":["send_email","nope","send_email"]}`)),
		scripted.Calls(scripted.Call(agent.LoadToolKey, `{"toolName":"send_email"}`), scripted.Call(agent.LoadToolKey, `{}`)),
		scripted.Text("done"),
	)
	a := &agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: handLibrary()}, ValidateOutputs: true}
	res, err := a.Generate(context.Background(), "go")
	require.NoError(t, err)
	assert.Equal(t, agent.LoadToolOutput{Success: false, Loaded: []string{"send_email"}, NotFound: []string{"nope"},
		Message: `Loaded: send_email — available on your next turn | Not found: "nope". Use search_tools to find available tools.`},
		res.Steps[0].Outcomes[0].Output)
	assert.Equal(t, agent.LoadToolOutput{Success: true, AlreadyLoaded: []string{"send_email"}, Message: "Already loaded: send_email"},
		res.Steps[1].Outcomes[0].Output)
	assert.Equal(t, agent.LoadToolOutput{Message: "You must provide either toolName (string) or toolNames (array) to load."},
		res.Steps[1].Outcomes[1].Output)
}

// TestToolSearchUnloadedCall: a call of a library tool that is not loaded,
// or is loaded in the same step, gets an error result that says how to
// load it, and the run goes on.
func TestToolSearchUnloadedCall(t *testing.T) {
	for _, autoLoad := range []bool{false, true} {
		m := scripted.New(
			scripted.Calls(scripted.Call("send_email", `{"to":"a@b.c","subject":"hi","body":"hello"}`)),
			scripted.Text("ok"),
		)
		a := &agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: handLibrary(), AutoLoad: autoLoad}}
		res, err := a.Generate(context.Background(), "mail")
		require.NoError(t, err)
		assert.Equal(t, "ok", res.Text)
		e := res.Steps[0].Outcomes[0].Err
		require.NotNil(t, e)
		assert.Equal(t, toolexec.KindUnknownTool, e.Kind)
		want := `tool "send_email" is not loaded yet: call load_tool with {"toolName": "send_email"}, and call it at the next step`
		if autoLoad {
			want = `tool "send_email" is not loaded yet: call search_tools with keywords that find it, and call it at the next step`
		}
		assert.Equal(t, want, e.Message)
		assert.Equal(t, want, toolResults(t, m, 1)[0].Output.Text)
	}

	// A name in no library keeps the unknown-tool message.
	m := callThenAnswer(scripted.Call("fly", `{}`))
	res, err := (&agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: handLibrary()}}).Generate(context.Background(), "go")
	require.NoError(t, err)
	assert.Equal(t, `unknown tool "fly"; available tools: load_tool, search_tools`, res.Steps[0].Outcomes[0].Err.Message)
}

func TestToolSearchKeyCollisions(t *testing.T) {
	lib := handLibrary()
	for name, tc := range map[string]struct {
		agent *agent.Agent
		opts  []agent.Option
		want  string
	}{
		"library and agent": {&agent.Agent{Tools: tool.Toolset{"send_email": weatherTool()}, ToolSearch: &agent.ToolSearch{Tools: lib}}, nil,
			`agent a: tool search: library tool key "send_email" is already a tool of the agent`},
		"library and toolset": {&agent.Agent{ToolSearch: &agent.ToolSearch{Tools: lib}}, []agent.Option{agent.WithToolsets(tool.Toolset{"web_search": weatherTool()})},
			`agent a: tool search: library tool key "web_search" is already a tool of the agent`},
		"library and client tool": {&agent.Agent{ToolSearch: &agent.ToolSearch{Tools: lib}},
			[]agent.Option{agent.WithClientTools(map[string]agent.ClientTool{"sqlQuery": {Description: "Runs SQL.", InputSchema: json.RawMessage(emptySchema)}})},
			`agent a: tool search: library tool key "sqlQuery" is already a tool of the agent`},
		"agent and search tool": {&agent.Agent{Tools: tool.Toolset{"search_tools": weatherTool()}}, []agent.Option{agent.WithToolSearch(&agent.ToolSearch{Tools: lib})},
			`agent a: tool search: tool key "search_tools" is already a tool of the agent`},
		"library and load tool": {&agent.Agent{ToolSearch: &agent.ToolSearch{Tools: tool.Toolset{"load_tool": weatherTool()}}}, nil,
			`agent a: tool search: library tool key "load_tool" is the key of the search's own tool`},
		"invalid library key": {&agent.Agent{ToolSearch: &agent.ToolSearch{Tools: tool.Toolset{"a b": weatherTool()}}}, nil,
			`agent a: tool search: tool key "a b": must match ^[a-zA-Z0-9_-]{1,64}$`},
	} {
		t.Run(name, func(t *testing.T) {
			m := scripted.New(scripted.Text("never"))
			tc.agent.ID, tc.agent.Model = "a", m
			_, err := tc.agent.Generate(context.Background(), "go", tc.opts...)
			require.EqualError(t, err, tc.want)
			assert.Empty(t, m.Requests())
		})
	}
}

// TestToolSearchActiveToolsAndPrepareStep: WithActiveTools limits the
// agent's tools; the search's tools and the loaded ones join it, and a
// prepare-step hook sees them and can drop them.
func TestToolSearchActiveToolsAndPrepareStep(t *testing.T) {
	m := scripted.New(
		scripted.Calls(scripted.Call(agent.LoadToolKey, `{"toolName":"web_search"}`)),
		scripted.Text("one"),
		scripted.Text("two"),
	)
	var plans [][]string
	a := &agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"weather": weatherTool(), "other": weatherTool()},
		ToolSearch: &agent.ToolSearch{Tools: handLibrary()}}
	_, err := a.Generate(context.Background(), "go", agent.WithActiveTools("weather"),
		agent.WithPrepareStep(func(_ context.Context, p *agent.StepPlan) error {
			plans = append(plans, p.ActiveTools)
			_, loaded := p.Tools["web_search"]
			assert.Equal(t, p.Number > 1, loaded, "step %d", p.Number)
			return nil
		}))
	require.NoError(t, err)
	assert.Equal(t, [][]string{{"weather", "search_tools", "load_tool"}, {"weather", "search_tools", "load_tool", "web_search"}}, plans)
	assert.Equal(t, [][]string{{"load_tool", "search_tools", "weather"}, {"load_tool", "search_tools", "weather", "web_search"}}, requestToolNames(m))

	// A hook that drops the search's tools sends none.
	_, err = a.Generate(context.Background(), "go", agent.WithPrepareStep(func(_ context.Context, p *agent.StepPlan) error {
		p.ActiveTools = []string{"weather"}
		return nil
	}))
	require.NoError(t, err)
	assert.Equal(t, []string{"weather"}, requestToolNames(m)[2])
}

func TestToolSearchToolChoiceOfAnUnloadedTool(t *testing.T) {
	m := scripted.New(scripted.Text("never"))
	a := &agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: handLibrary()}}
	_, err := a.Generate(context.Background(), "go", agent.WithToolChoice(llm.ChoiceTool("send_email")))
	require.EqualError(t, err, `agent a: step 1: tool choice names "send_email", which is not an active tool`)
	assert.Empty(t, m.Requests())
}

func TestToolSearchCallOptionAndSubagents(t *testing.T) {
	subModel := scripted.New(scripted.Text("sub done"))
	sub := &agent.Agent{ID: "sub", Description: "Helps.", Model: subModel}
	m := scripted.New(scripted.Calls(scripted.Call("agent-helper", `{"prompt":"help"}`)), scripted.Text("done"), scripted.Text("again"))
	a := &agent.Agent{ID: "a", Model: m, Agents: map[string]*agent.Agent{"helper": sub}}
	_, err := a.Generate(context.Background(), "go", agent.WithToolSearch(&agent.ToolSearch{Tools: handLibrary()}))
	require.NoError(t, err)
	assert.Equal(t, []string{"agent-helper", "load_tool", "search_tools"}, requestToolNames(m)[0])
	assert.Equal(t, [][]string{nil}, requestToolNames(subModel), "the subagent gets no search")

	// WithToolSearch(nil) turns the agent's search off for one call.
	a.ToolSearch = &agent.ToolSearch{Tools: handLibrary()}
	_, err = a.Generate(context.Background(), "go", agent.WithToolSearch(nil))
	require.NoError(t, err)
	assert.Equal(t, []string{"agent-helper"}, requestToolNames(m)[2])
}

// TestToolSearchResumeKeepsLoadedTools: a run that paused after loading a
// tool keeps it loaded through a JSON round trip of its state.
func TestToolSearchResumeKeepsLoadedTools(t *testing.T) {
	lib := handLibrary()
	lib["wire_money"] = tool.NewFunc(&tool.Spec{ID: "wire_money", Description: "Wires money to a bank account.",
		InputSchema: json.RawMessage(emptySchema), NeedsApproval: true},
		func(context.Context, emptyIn) (string, error) { return "wired", nil })
	m := scripted.New(
		scripted.Calls(scripted.Call(agent.LoadToolKey, `{"toolNames":["wire_money","sqlQuery"]}`)),
		scripted.Calls(scripted.Call("wire_money", `{}`)),
		scripted.Text("Wired."),
	)
	a := &agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: lib}}
	res, err := a.Generate(context.Background(), "Pay the rent.")
	require.NoError(t, err)
	require.NotNil(t, res.State)
	assert.Equal(t, []string{"sqlQuery", "wire_money"}, res.State.LoadedTools)
	raw, err := json.Marshal(res.State)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"loadedTools":["sqlQuery","wire_money"]`)
	var state agent.RunState
	require.NoError(t, json.Unmarshal(raw, &state))

	res, err = a.Resume(context.Background(), &state, []agent.Answer{agent.Approve(res.Pending[0].ToolCallID)})
	require.NoError(t, err)
	assert.Equal(t, "Wired.", res.Text)
	assert.Equal(t, "wired", res.Steps[0].Outcomes[0].Output)
	assert.Equal(t, []string{"sqlQuery", "wire_money"}, res.LoadedTools)
	assert.Equal(t, []string{"load_tool", "search_tools", "sqlQuery", "wire_money"}, requestToolNames(m)[2])

	// Resuming without the search is an error that says so.
	b := &agent.Agent{ID: "a", Model: scripted.New()}
	_, err = b.Resume(context.Background(), &state, []agent.Answer{agent.Approve("call_2")})
	require.EqualError(t, err, "agent a: resume: the state has tools loaded by a tool search (sqlQuery, wire_money), and this call has none: give it again (WithToolSearch)")
}

// TestToolSearchOldStateLoads: a state written without tool search,
// whose JSON has no loadedTools field as before the search existed,
// resumes on an agent with a search and loads nothing.
func TestToolSearchOldStateLoads(t *testing.T) {
	plain := &agent.Agent{ID: "a", Model: scripted.New(scripted.Calls(scripted.Call("weather", `{"location":"Paris"}`))),
		Tools: tool.Toolset{"weather": weatherTool()}}
	res, err := plain.Generate(context.Background(), "go", agent.RequireApproval())
	require.NoError(t, err)
	raw, err := json.Marshal(res.State)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "loadedTools")
	var state agent.RunState
	require.NoError(t, json.Unmarshal(raw, &state))

	m := scripted.New(scripted.Text("sunny"))
	a := &agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"weather": weatherTool()}, ToolSearch: &agent.ToolSearch{Tools: handLibrary()}}
	res, err = a.Resume(context.Background(), &state, []agent.Answer{agent.Approve(res.Pending[0].ToolCallID)})
	require.NoError(t, err)
	assert.Equal(t, "sunny", res.Text)
	assert.Nil(t, res.Steps[0].Outcomes[0].Err)
	assert.Nil(t, res.LoadedTools)
	assert.Equal(t, []string{"load_tool", "search_tools", "weather"}, requestToolNames(m)[0])
}

// wireToolNames returns the names of the function tools in a request
// body of OpenAI Chat Completions (tools[].function.name), Anthropic
// Messages (tools[].name) or Gemini (tools[].functionDeclarations[].name).
func wireToolNames(t testing.TB, body []byte) []string {
	var req struct {
		Tools []struct {
			Name     string `json:"name"`
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
			FunctionDeclarations []struct {
				Name string `json:"name"`
			} `json:"functionDeclarations"`
		} `json:"tools"`
	}
	require.NoError(t, json.Unmarshal(body, &req))
	var out []string
	for _, tl := range req.Tools {
		out = append(out, tl.Name+tl.Function.Name)
		for _, d := range tl.FunctionDeclarations {
			out = append(out, d.Name)
		}
	}
	slices.Sort(out)
	return slices.DeleteFunc(out, func(n string) bool { return n == "" })
}

// githubTurns are a model's turns on "file a GitHub issue", with the
// search (search, load, call, answer) or without (call, answer).
func githubTurns(search bool) []scripted.Turn {
	call := scripted.Calls(scripted.Call("github_create_issue", `{"repositoryId":"toolgen","title":"Tool search"}`))
	answer := scripted.Text("Filed.")
	if !search {
		return []scripted.Turn{call, answer}
	}
	return []scripted.Turn{
		scripted.Calls(scripted.Call(agent.SearchToolsKey, `{"query":"create github issue"}`)),
		scripted.Calls(scripted.Call(agent.LoadToolKey, `{"toolName":"github_create_issue"}`)),
		call, answer,
	}
}

// githubAgent is an agent with one tool of its own and the 500-tool
// catalogue, as tools or behind a search.
func githubAgent(model llm.Model, lib tool.Toolset, search bool) *agent.Agent {
	a := &agent.Agent{ID: "ops", Instructions: "You run operations for the team.", Model: model,
		Tools: tool.Toolset{"weather": weatherTool()}, MaxSteps: 6}
	if search {
		a.ToolSearch = &agent.ToolSearch{Tools: lib}
	} else {
		a.Tools = tool.Toolset{"weather": weatherTool()}
		for k, t := range lib {
			a.Tools[k] = t
		}
	}
	return a
}

// TestToolSearchProviderRequests: through each adapter and its fake
// server, the first request carries the agent's tool and the search's
// two, and the request after load_tool the loaded tool too.
func TestToolSearchProviderRequests(t *testing.T) {
	for name, start := range map[string]func() (*providertest.Server, llm.Model){
		"openai": func() (*providertest.Server, llm.Model) {
			srv := providertest.NewServer(t, githubTurns(true)...)
			return srv, openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
		},
		"gemini": func() (*providertest.Server, llm.Model) {
			srv := providertest.NewServer(t, githubTurns(true)...)
			return srv, gemini.Model("gemini-2.5-flash", gemini.WithBaseURL(srv.URL()), gemini.WithAPIKey("test"))
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv, model := start()
			res, err := githubAgent(model, catalog(), true).Generate(context.Background(), "File an issue about tool search.")
			require.NoError(t, err)
			assert.Equal(t, "Filed.", res.Text)
			reqs := srv.Requests()
			require.Len(t, reqs, 4)
			base := []string{"load_tool", "search_tools", "weather"}
			loaded := []string{"github_create_issue", "load_tool", "search_tools", "weather"}
			for i, want := range [][]string{base, base, loaded, loaded} {
				assert.Equal(t, want, wireToolNames(t, reqs[i].Body), "request %d", i+1)
			}
			assert.Nil(t, res.Steps[2].Outcomes[0].Err)
			assert.Equal(t, []string{"github_create_issue"}, res.LoadedTools)
		})
	}
}

// BenchmarkToolSearchRequestSize measures the requests of one run of the
// GitHub task on an agent with one tool and the 500-tool catalogue, sent
// as tools (all-tools) or behind a search (search): the bytes of the
// llm.Request as JSON and of the OpenAI Chat Completions body the
// fake server receives. It logs the size of each request and reports the
// first request's, the mean over the run's requests, the run's total, and
// (on search) how many times smaller the first request and the total are.
func BenchmarkToolSearchRequestSize(b *testing.B) {
	lib := catalog()
	sizes := map[string][]int{}
	for _, wire := range []string{"runtime", "openai-chat"} {
		for _, mode := range []string{"all-tools", "search"} {
			b.Run(wire+"/"+mode, func(b *testing.B) {
				var got []int
				for b.Loop() {
					got = requestSizes(b, wire, lib, mode == "search")
				}
				sizes[wire+"/"+mode] = got
				b.Logf("bytes of each request: %v", got)
				total := 0
				for _, n := range got {
					total += n
				}
				b.ReportMetric(float64(got[0]), "first-req-bytes")
				b.ReportMetric(float64(total)/float64(len(got)), "mean-req-bytes")
				b.ReportMetric(float64(total), "run-bytes")
				if all := sizes[wire+"/all-tools"]; mode == "search" && all != nil {
					allTotal := 0
					for _, n := range all {
						allTotal += n
					}
					b.ReportMetric(float64(all[0])/float64(got[0]), "first-req-x-smaller")
					b.ReportMetric(float64(allTotal)/float64(total), "run-x-smaller")
				}
			})
		}
	}
}

// requestSizes runs the GitHub task once and returns the size of each
// request: of the llm.Request as JSON, or of the OpenAI body.
func requestSizes(b *testing.B, wire string, lib tool.Toolset, search bool) []int {
	var model llm.Model
	var srv *providertest.Server
	m := scripted.New(githubTurns(search)...)
	model = m
	if wire == "openai-chat" {
		srv = providertest.NewServer(nil, githubTurns(search)...)
		defer srv.Close()
		model = openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
	}
	if _, err := githubAgent(model, lib, search).Generate(context.Background(), "File an issue about tool search."); err != nil {
		b.Fatal(err)
	}
	var sizes []int
	if srv != nil {
		for _, r := range srv.Requests() {
			sizes = append(sizes, len(r.Body))
		}
		return sizes
	}
	for _, r := range m.Requests() {
		raw, err := json.Marshal(r)
		if err != nil {
			b.Fatal(err)
		}
		sizes = append(sizes, len(raw))
	}
	return sizes
}

// BenchmarkToolSearchFirstSearch measures a run whose one step searches
// the 500-tool catalogue: the built-in index is built on a run's first
// search, so this is the ranking's cost per run.
func BenchmarkToolSearchFirstSearch(b *testing.B) {
	lib := catalog()
	for b.Loop() {
		m := scripted.New(scripted.Calls(scripted.Call(agent.SearchToolsKey, `{"query":"create github issue"}`)), scripted.Text("ok"))
		a := &agent.Agent{ID: "a", Model: m, ToolSearch: &agent.ToolSearch{Tools: lib}}
		if _, err := a.Generate(context.Background(), "go"); err != nil {
			b.Fatal(err)
		}
	}
}
