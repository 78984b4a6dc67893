package tooltest

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/tool"
)

// recorder is a testing.TB that records what Golden reports. A method it
// does not define panics on the nil TB it embeds.
type recorder struct {
	testing.TB
	name   string
	errors []string
	logs   []string
}

func (r *recorder) Helper()      {}
func (r *recorder) Name() string { return r.name }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errors = append(r.errors, "fatal: "+fmt.Sprintf(format, args...))
}
func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func newRecorder() *recorder { return &recorder{name: "TestToolsGolden"} }

type weatherIn struct {
	Location string `json:"location"`
	Units    string `json:"units,omitempty"`
}

type notesIn struct {
	Topic string            `json:"topic"`
	Meta  map[string]string `json:"meta,omitempty"`
}

const weatherInput = `{"properties":{"location":{"type":"string","description":"A city, such as <Paris>."},` +
	`"units":{"type":"string","enum":["celsius","fahrenheit"]}},"additionalProperties":false,"type":"object","required":["location"]}`

// notesInput has a free-form map, which neither Gemini nor OpenAI strict
// mode can express.
const notesInput = `{"type":"object","properties":{"topic":{"type":"string"},` +
	`"meta":{"type":"object","additionalProperties":{"type":"string"}}},"required":["topic"],"additionalProperties":false}`

// spec returns a fresh copy of the Spec of the test tool key, for a test
// to change.
func spec(key string) *tool.Spec {
	switch key {
	case "weatherTool":
		return &tool.Spec{
			ID:           "weather-tool",
			Title:        "Current weather",
			Description:  "Fetches the current weather for a location.\n\nIt returns the temperature & the conditions.",
			InputSchema:  json.RawMessage(weatherInput),
			OutputSchema: json.RawMessage(`{"type":"object","properties":{"temperature":{"type":"number"}},"required":["temperature"]}`),
			Annotations:  tool.Annotations{Idempotent: new(true), OpenWorld: new(false)},
		}
	case "notes":
		return &tool.Spec{
			ID:            "lookup-notes",
			Description:   "Looks up notes on a topic.",
			InputSchema:   json.RawMessage(notesInput),
			NeedsApproval: true,
		}
	}
	panic("no test tool " + key)
}

// testTools are the tools of the tests, with their Specs as spec gives
// them unless specs replaces one.
func testTools(specs map[string]*tool.Spec) tool.Toolset {
	get := func(key string) *tool.Spec {
		if s, ok := specs[key]; ok {
			return s
		}
		return spec(key)
	}
	return tool.Toolset{
		"weatherTool": tool.NewFunc(get("weatherTool"), func(context.Context, weatherIn) (string, error) { return "", nil }),
		"notes":       tool.NewFunc(get("notes"), func(context.Context, notesIn) (string, error) { return "", nil }),
	}
}

// writeGolden writes the golden file of tools to a new directory and
// returns its path.
func writeGolden(t *testing.T, tools tool.Toolset) string {
	t.Helper()
	data, err := Marshal(tools)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "tools.golden.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// TestToolsGolden pins the file of the test tools, written by an earlier
// run: the output is the same from one run to the next.
func TestToolsGolden(t *testing.T) {
	Golden(t, testTools(nil), "testdata/tools.golden.json")
}

func TestGoldenPassesOnTheSameTools(t *testing.T) {
	path := writeGolden(t, testTools(nil))
	rec := newRecorder()
	golden(rec, testTools(nil), path, false)
	assert.Empty(t, rec.errors)
	assert.Empty(t, rec.logs)
}

func TestGoldenNamesTheToolAndTheField(t *testing.T) {
	path := writeGolden(t, testTools(nil))
	changed := spec("weatherTool")
	changed.Description = strings.Replace(changed.Description, "location", "city", 1)
	rec := newRecorder()
	golden(rec, testTools(map[string]*tool.Spec{"weatherTool": changed}), path, false)
	require.Len(t, rec.errors, 1)
	assert.Equal(t, "tooltest: "+path+` does not match what the model sees of the tools:
	weatherTool.description: was "…e current weather for a location.\n\nIt returns the temper…", now "…e current weather for a city.\n\nIt returns the temper…"
If the change is intended, rewrite the file with
	go test ./tooltest -run '^TestToolsGolden$' -update
(or TOOLTEST_UPDATE=1 go test ./...)
and review its diff.`, rec.errors[0])
}

func TestGoldenChanges(t *testing.T) {
	tests := []struct {
		name   string
		change func(specs map[string]*tool.Spec, tools tool.Toolset)
		want   []string
	}{
		{"title", func(s map[string]*tool.Spec, _ tool.Toolset) { s["weatherTool"].Title = "Weather" },
			[]string{`weatherTool.title: was "Current weather", now "Weather"`}},
		{"annotation", func(s map[string]*tool.Spec, _ tool.Toolset) { s["weatherTool"].Annotations.ReadOnly = new(true) },
			[]string{"weatherTool.annotations.readOnly: was null, now true"}},
		{"annotation from false to unset", func(s map[string]*tool.Spec, _ tool.Toolset) { s["weatherTool"].Annotations.OpenWorld = nil },
			[]string{"weatherTool.annotations.openWorld: was false, now null"}},
		{"approval and strict", func(s map[string]*tool.Spec, _ tool.Toolset) {
			s["notes"].NeedsApproval = false
			s["weatherTool"].Strict = true
		}, []string{"notes.needsApproval: was true, now false", "weatherTool.strict: was false, now true"}},
		{"an enum value, in the schema and in the dialects that show it", func(s map[string]*tool.Spec, _ tool.Toolset) {
			s["weatherTool"].InputSchema = json.RawMessage(strings.Replace(weatherInput, `"fahrenheit"]`, `"fahrenheit","kelvin"]`, 1))
		}, []string{
			`weatherTool.inputDialects.gemini.properties.units.enum: was ["celsius","fahrenheit"], now ["celsius","fahrenheit","kelvin"]`,
			`weatherTool.inputDialects.openai-strict.properties.units.anyOf[0].enum: was ["celsius","fahrenheit"], now ["celsius","fahrenheit","kelvin"]`,
			`weatherTool.inputSchema.properties.units.enum: was ["celsius","fahrenheit"], now ["celsius","fahrenheit","kelvin"]`,
		}},
		{"a property", func(s map[string]*tool.Spec, _ tool.Toolset) {
			s["weatherTool"].OutputSchema = json.RawMessage(`{"type":"object","properties":{"temperature":{"type":"number"},"wind":{"type":"number"}},"required":["temperature"]}`)
		}, []string{`weatherTool.outputSchema.properties.wind: added: {"type":"number"}`}},
		{"a tool", func(_ map[string]*tool.Spec, tools tool.Toolset) {
			delete(tools, "notes")
			tools["notes2"] = tool.NewFunc(spec("notes"), func(context.Context, notesIn) (string, error) { return "", nil })
		}, []string{
			`notes: no longer a tool (was id "lookup-notes")`,
			`notes2: a new tool, id "lookup-notes"`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeGolden(t, testTools(nil))
			specs := map[string]*tool.Spec{"weatherTool": spec("weatherTool"), "notes": spec("notes")}
			tools := testTools(specs)
			tt.change(specs, tools)
			rec := newRecorder()
			golden(rec, tools, path, false)
			require.Len(t, rec.errors, 1)
			assert.Equal(t, tt.want, changeLines(rec.errors[0]))
		})
	}
}

// changeLines are the lines of a failure that list changes.
func changeLines(msg string) []string {
	var out []string
	for line := range strings.SplitSeq(msg, "\n") {
		if c, ok := strings.CutPrefix(line, "\t"); ok && !strings.HasPrefix(c, "go test") {
			out = append(out, c)
		}
	}
	return out
}

func TestGoldenListsAtMost20Changes(t *testing.T) {
	path := writeGolden(t, tool.Toolset{})
	tools := tool.Toolset{}
	for i := range 25 {
		tools[fmt.Sprintf("t%02d", i)] = tool.NewFunc(spec("notes"), func(context.Context, notesIn) (string, error) { return "", nil })
	}
	rec := newRecorder()
	golden(rec, tools, path, false)
	require.Len(t, rec.errors, 1)
	lines := changeLines(rec.errors[0])
	require.Len(t, lines, 21)
	assert.Equal(t, `t00: a new tool, id "lookup-notes"`, lines[0])
	assert.Equal(t, "… and 5 more changes", lines[20])
}

func TestGoldenMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "testdata", "tools.golden.json")
	rec := &recorder{name: "TestTools/golden"}
	golden(rec, testTools(nil), path, false)
	require.Len(t, rec.errors, 1)
	assert.Equal(t, "tooltest: golden file "+path+` does not exist. Write it with
	go test ./tooltest -run '^TestTools$/^golden$' -update
(or TOOLTEST_UPDATE=1 go test ./...)
and review it.`, rec.errors[0])
	assert.NoFileExists(t, path)
}

func TestGoldenUpdate(t *testing.T) {
	t.Run("a stale file", func(t *testing.T) {
		path := writeGolden(t, testTools(nil))
		changed := spec("notes")
		changed.Description = "Finds notes."
		tools := testTools(map[string]*tool.Spec{"notes": changed})
		rec := newRecorder()
		golden(rec, tools, path, true)
		assert.Empty(t, rec.errors)
		want, err := Marshal(tools)
		require.NoError(t, err)
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got))
		require.Len(t, rec.logs, 1)
		assert.Equal(t, "tooltest: rewrote "+path+":\n"+`	notes.description: was "Looks up notes on a topic.", now "Finds notes."`, rec.logs[0])

		rec = newRecorder()
		golden(rec, tools, path, false)
		assert.Empty(t, rec.errors, "the rewritten file matches")
	})
	t.Run("a missing file and directory", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "testdata", "tools.golden.json")
		rec := newRecorder()
		golden(rec, testTools(nil), path, true)
		assert.Empty(t, rec.errors)
		assert.Equal(t, []string{"tooltest: wrote " + path}, rec.logs)
		assert.FileExists(t, path)
	})
	t.Run("through TOOLTEST_UPDATE", func(t *testing.T) {
		t.Setenv(UpdateEnv, "1")
		require.True(t, Update())
		path := writeGolden(t, tool.Toolset{})
		rec := newRecorder()
		Golden(rec, testTools(nil), path)
		assert.Empty(t, rec.errors)
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Contains(t, string(got), `"weatherTool": {`)
	})
	t.Run("TOOLTEST_UPDATE=0", func(t *testing.T) {
		t.Setenv(UpdateEnv, "0")
		assert.Equal(t, updateFlag(), Update(), "only -update counts")
	})
}

// TestDefineUpdate: a package that defined -update before tooltest keeps
// its flag, and tooltest reads it.
func TestDefineUpdate(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	get := defineUpdate(fs)
	require.NotNil(t, fs.Lookup("update"))
	assert.False(t, get())
	require.NoError(t, fs.Parse([]string{"-update"}))
	assert.True(t, get())

	theirs := flag.NewFlagSet("test", flag.ContinueOnError)
	theirs.Bool("update", false, "rewrite our own golden files")
	get = defineUpdate(theirs)
	assert.Equal(t, "rewrite our own golden files", theirs.Lookup("update").Usage, "their flag stays")
	assert.False(t, get())
	require.NoError(t, theirs.Parse([]string{"-update"}))
	assert.True(t, get())

	notBool := flag.NewFlagSet("test", flag.ContinueOnError)
	notBool.String("update", "", "a string flag")
	get = defineUpdate(notBool)
	require.NoError(t, notBool.Parse([]string{"-update=all"}))
	assert.False(t, get(), "a value that is not a bool is false")
}

// TestGoldenEditedFile: a file with the same values laid out otherwise
// fails with a line that says so; CRLF line endings (a Windows checkout)
// pass.
func TestGoldenEditedFile(t *testing.T) {
	for _, tt := range []struct {
		name     string
		old, new string
		want     []string
	}{
		{"indented with tabs", "  ", "\t", []string{"the same values, laid out differently (from line 2)"}},
		{"CRLF line endings", "\n", "\r\n", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data, err := Marshal(testTools(nil))
			require.NoError(t, err)
			path := filepath.Join(t.TempDir(), "tools.golden.json")
			require.NoError(t, os.WriteFile(path, []byte(strings.ReplaceAll(string(data), tt.old, tt.new)), 0o644))
			rec := newRecorder()
			golden(rec, testTools(nil), path, false)
			if tt.want == nil {
				assert.Empty(t, rec.errors)
				return
			}
			require.Len(t, rec.errors, 1)
			assert.Equal(t, tt.want, changeLines(rec.errors[0]))
		})
	}
}

func TestGoldenNotJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tools.golden.json")
	require.NoError(t, os.WriteFile(path, []byte("<<<<<<< HEAD\n{}\n"), 0o644))
	rec := newRecorder()
	golden(rec, testTools(nil), path, false)
	require.Len(t, rec.errors, 1)
	lines := changeLines(rec.errors[0])
	require.Len(t, lines, 1)
	assert.True(t, strings.HasPrefix(lines[0], "the file is not valid JSON ("), lines[0])
	assert.Contains(t, rec.errors[0], "-update")
}

func TestGoldenBadTools(t *testing.T) {
	bad := spec("weatherTool")
	bad.InputSchema = json.RawMessage(`{"type":`)
	for _, tt := range []struct {
		name  string
		tools tool.Toolset
		want  string
	}{
		{"nil tool", tool.Toolset{"x": nil}, `tooltest: tool key "x": nil tool`},
		{"invalid key", tool.Toolset{"a b": testTools(nil)["notes"]}, `tooltest: tool key "a b": must match`},
		{"schema not JSON", testTools(map[string]*tool.Spec{"weatherTool": bad}), `tooltest: tool "weatherTool": the input schema is not valid JSON`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Marshal(tt.tools)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)

			path := writeGolden(t, testTools(nil))
			rec := newRecorder()
			golden(rec, tt.tools, path, true)
			require.Len(t, rec.errors, 1)
			assert.Contains(t, rec.errors[0], tt.want)
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			want, err := Marshal(testTools(nil))
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got), "the file is left alone")
		})
	}
}

func TestMarshal(t *testing.T) {
	data, err := Marshal(testTools(nil))
	require.NoError(t, err)
	var file map[string]struct {
		ID            string
		NeedsApproval bool
		OutputSchema  json.RawMessage
		InputDialects map[string]json.RawMessage
	}
	require.NoError(t, json.Unmarshal(data, &file))
	require.Len(t, file, 2)

	notes := file["notes"]
	assert.Equal(t, "lookup-notes", notes.ID)
	assert.True(t, notes.NeedsApproval)
	assert.Equal(t, "null", string(notes.OutputSchema), "no output schema")
	assert.Equal(t, `"same as inputSchema"`, string(notes.InputDialects["anthropic"]))
	assert.JSONEq(t, `{"errors":["properties.meta.additionalProperties: free-form maps are not allowed in OpenAI strict mode: every object must list its properties and set additionalProperties to false"]}`,
		string(notes.InputDialects["openai-strict"]))
	assert.Contains(t, string(notes.InputDialects["gemini"]), `"errors"`)

	weather := file["weatherTool"]
	assert.Contains(t, string(weather.InputDialects["openai-strict"]), `"null"`, "optional units is nullable")
	assert.NotContains(t, string(weather.InputDialects["gemini"]), "additionalProperties")

	assert.Contains(t, string(data), `"description": "A city, such as <Paris>."`, "no HTML escapes")
	assert.Contains(t, string(data), "\"weatherTool\": {\n    \"id\": \"weather-tool\",\n    \"title\": \"Current weather\",\n    \"description\": ", "fields in a fixed order")
	assert.Less(t, strings.Index(string(data), `"location"`), strings.Index(string(data), `"units"`), "schema keys in the generator's order")
	assert.True(t, strings.HasSuffix(string(data), "}\n"))
}

// TestMarshalIsDeterministic builds the same tools in maps filled in
// different orders, many times.
func TestMarshalIsDeterministic(t *testing.T) {
	first, err := Marshal(testTools(nil))
	require.NoError(t, err)
	for range 20 {
		tools := tool.Toolset{}
		for _, key := range []string{"notes", "weatherTool"} {
			tools[key] = testTools(nil)[key]
		}
		data, err := Marshal(tools)
		require.NoError(t, err)
		require.Equal(t, string(first), string(data))
	}
}

func TestTrimCommon(t *testing.T) {
	for _, tt := range []struct{ was, now, wantWas, wantNow string }{
		{"short", "shirt", `"short"`, `"shirt"`},
		{"", "new", `""`, `"new"`},
		{strings.Repeat("a", 40) + "X" + strings.Repeat("b", 40), strings.Repeat("a", 40) + "Y" + strings.Repeat("b", 40),
			`"…` + strings.Repeat("a", 24) + "X" + strings.Repeat("b", 24) + `…"`, `"…` + strings.Repeat("a", 24) + "Y" + strings.Repeat("b", 24) + `…"`},
		{"é" + strings.Repeat("a", 30), "è" + strings.Repeat("a", 30), `"é` + strings.Repeat("a", 24) + `…"`, `"è` + strings.Repeat("a", 24) + `…"`},
		{strings.Repeat("ab", 30), strings.Repeat("ab", 31), `"…` + strings.Repeat("ab", 12) + `"`, `"…` + strings.Repeat("ab", 13) + `"`},
	} {
		w, n := trimCommon(tt.was, tt.now)
		assert.Equal(t, tt.wantWas, w, "%q → %q", tt.was, tt.now)
		assert.Equal(t, tt.wantNow, n, "%q → %q", tt.was, tt.now)
	}
}

func TestPackageArg(t *testing.T) {
	assert.Equal(t, "./tooltest ", packageArg(), "go test runs in the package's directory")

	module := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(module, "go.mod"), []byte("module example.com/m\n"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(module, "a", "b"), 0o755))
	t.Chdir(module)
	assert.Equal(t, ". ", packageArg())
	t.Chdir(filepath.Join(module, "a", "b"))
	assert.Equal(t, "./a/b ", packageArg())
}
