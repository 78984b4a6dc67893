// Package tooltest pins, in a golden file, what a model sees of a
// package's tools (keys, descriptions, annotations, schemas and their
// provider dialects). One line in a test of the package
//
//	func TestToolsGolden(t *testing.T) {
//		tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
//	}
//
// fails when any of it changes, naming the tool and the JSON path of each
// change, and go test -update (or TOOLTEST_UPDATE=1) rewrites the file for
// review. Import it from _test.go files only.
//
// The file, the failures and updating are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/testing.md#golden-files.
package tooltest

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

// updateFlag reports the value of the -update flag.
var updateFlag = defineUpdate(flag.CommandLine)

// defineUpdate defines the bool flag update in fs, unless fs already has a
// flag of that name, and returns a function that reports its value.
func defineUpdate(fs *flag.FlagSet) func() bool {
	if f := fs.Lookup("update"); f != nil {
		return func() bool {
			v, err := strconv.ParseBool(f.Value.String())
			return err == nil && v
		}
	}
	v := fs.Bool("update", false, "rewrite the golden files of tooltest.Golden (or set TOOLTEST_UPDATE=1)")
	return func() bool { return *v }
}

// UpdateEnv is the environment variable that, set to 1 or true, makes
// [Golden] rewrite its file, as -update does.
const UpdateEnv = "TOOLTEST_UPDATE"

// Update reports whether golden files are to be rewritten: the test binary
// runs with -update (tooltest's flag, or one of the same name that a
// package initialized earlier defined), or [UpdateEnv] is 1 or true.
func Update() bool {
	if v, err := strconv.ParseBool(os.Getenv(UpdateEnv)); err == nil && v {
		return true
	}
	return updateFlag()
}

// Golden compares what a model sees of tools, as [Marshal] gives it, with
// the golden file at path (relative to the package's directory, where go
// test runs). When they differ, or the file is missing or unreadable, it
// reports with t.Errorf, naming each changed tool and JSON path, and says
// how to rewrite the file. When [Update] is true it writes the file
// instead (creating its directory), logs what changed and passes. Golden
// never stops the test; it also fails for a Toolset that
// [tool.Toolset.Validate] rejects or whose schemas are not JSON.
func Golden(t testing.TB, tools tool.Toolset, path string) {
	t.Helper()
	golden(t, tools, path, Update())
}

// golden is Golden with the choice to update made by the caller.
func golden(t testing.TB, tools tool.Toolset, path string, update bool) {
	t.Helper()
	now, err := Marshal(tools)
	if err != nil {
		t.Errorf("%v", err)
		return
	}
	was, err := os.ReadFile(path)
	missing := errors.Is(err, os.ErrNotExist)
	if err != nil && !missing {
		t.Errorf("tooltest: %v", err)
		return
	}
	was = bytes.ReplaceAll(was, []byte("\r\n"), []byte("\n")) // a checkout with CRLF line endings
	if !missing && bytes.Equal(was, now) {
		return
	}
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Errorf("tooltest: %v", err)
			return
		}
		if err := os.WriteFile(path, now, 0o644); err != nil {
			t.Errorf("tooltest: %v", err)
			return
		}
		if missing {
			t.Logf("tooltest: wrote %s", path)
		} else {
			t.Logf("tooltest: rewrote %s:\n%s", path, describe(was, now))
		}
		return
	}
	if missing {
		t.Errorf("tooltest: golden file %s does not exist. Write it with\n%s\nand review it.", path, updateCommand(t.Name()))
		return
	}
	t.Errorf("tooltest: %s does not match what the model sees of the tools:\n%s\nIf the change is intended, rewrite the file with\n%s\nand review its diff.",
		path, describe(was, now), updateCommand(t.Name()))
}

// updateCommand is the command, run at the root of the module, that
// rewrites the golden file of the test named name, and the alternative for
// every package at once.
func updateCommand(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return fmt.Sprintf("\tgo test %s-run '%s' -update\n(or %s=1 go test ./...)", packageArg(), strings.Join(parts, "/"), UpdateEnv)
}

// packageArg is the directory of the package under test (where go test
// runs it) relative to the root of its module, as a go test argument
// followed by a space ("./examples/weather/weather "), or "" when no
// go.mod is found above it.
func packageArg() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for root := wd; ; {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			rel, err := filepath.Rel(root, wd)
			switch {
			case err != nil:
				return ""
			case rel == ".":
				return ". "
			}
			return "./" + filepath.ToSlash(rel) + " "
		}
		parent := filepath.Dir(root)
		if parent == root {
			return ""
		}
		root = parent
	}
}

// entry is what the golden file holds of one tool; the fields are in the
// order the file lists them.
type entry struct {
	ID            string                     `json:"id"`
	Title         string                     `json:"title"`
	Description   string                     `json:"description"`
	Annotations   annotations                `json:"annotations"`
	NeedsApproval bool                       `json:"needsApproval"`
	Strict        bool                       `json:"strict"`
	Background    bool                       `json:"background,omitempty"`
	InputSchema   json.RawMessage            `json:"inputSchema"`
	OutputSchema  json.RawMessage            `json:"outputSchema"`
	SuspendSchema json.RawMessage            `json:"suspendSchema,omitempty"`
	ResumeSchema  json.RawMessage            `json:"resumeSchema,omitempty"`
	InputDialects map[schema.Dialect]dialect `json:"inputDialects"`
}

// annotations are a Spec's MCP hints, every one written out: true, false,
// or null when the Spec leaves it unset.
type annotations struct {
	ReadOnly    *bool `json:"readOnly"`
	Destructive *bool `json:"destructive"`
	Idempotent  *bool `json:"idempotent"`
	OpenWorld   *bool `json:"openWorld"`
}

// sameAsInput stands for a dialect's schema that equals the input schema.
const sameAsInput = "same as inputSchema"

// dialect is the input schema in one dialect: exactly one field is set.
type dialect struct {
	schema json.RawMessage
	same   bool
	errs   []string
}

// MarshalJSON implements json.Marshaler.
func (d dialect) MarshalJSON() ([]byte, error) {
	switch {
	case d.same:
		return json.Marshal(sameAsInput)
	case d.errs != nil:
		return json.Marshal(struct {
			Errors []string `json:"errors"`
		}{d.errs})
	}
	return d.schema, nil
}

// Marshal returns what [Golden] compares: the golden file of tools,
// described in https://github.com/toolgen-go/toolgen/blob/main/docs/testing.md#the-file. Its result depends only on the
// Specs of tools. It fails for a Toolset that [tool.Toolset.Validate]
// rejects, a nil Spec and a schema that is not JSON.
func Marshal(tools tool.Toolset) ([]byte, error) {
	if err := tools.Validate(); err != nil {
		return nil, fmt.Errorf("tooltest: %w", err)
	}
	entries := make(map[string]entry, len(tools))
	for key, tl := range tools {
		e, err := newEntry(tl.Spec())
		if err != nil {
			return nil, fmt.Errorf("tooltest: tool %q: %w", key, err)
		}
		entries[key] = e
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(entries); err != nil { // map keys are sorted
		return nil, fmt.Errorf("tooltest: %w", err)
	}
	return buf.Bytes(), nil
}

// newEntry is the golden entry of spec.
func newEntry(spec *tool.Spec) (entry, error) {
	if spec == nil {
		return entry{}, errors.New("nil Spec")
	}
	for _, s := range []struct {
		name   string
		schema json.RawMessage
	}{{"input", spec.InputSchema}, {"output", spec.OutputSchema}, {"suspend", spec.SuspendSchema}, {"resume", spec.ResumeSchema}} {
		if len(s.schema) > 0 && !json.Valid(s.schema) {
			return entry{}, fmt.Errorf("the %s schema is not valid JSON", s.name)
		}
	}
	e := entry{
		ID:          spec.ID,
		Title:       spec.Title,
		Description: spec.Description,
		Annotations: annotations{
			ReadOnly:    spec.Annotations.ReadOnly,
			Destructive: spec.Annotations.Destructive,
			Idempotent:  spec.Annotations.Idempotent,
			OpenWorld:   spec.Annotations.OpenWorld,
		},
		NeedsApproval: spec.NeedsApproval,
		Strict:        spec.Strict,
		Background:    spec.Background,
		InputSchema:   orNull(spec.InputSchema),
		OutputSchema:  orNull(spec.OutputSchema),
		SuspendSchema: spec.SuspendSchema,
		ResumeSchema:  spec.ResumeSchema,
		InputDialects: map[schema.Dialect]dialect{},
	}
	input, err := decode(spec.InputSchema)
	if err != nil {
		return entry{}, fmt.Errorf("the input schema: %w", err)
	}
	for _, d := range schema.Dialects() {
		if d == schema.DialectStandard {
			continue
		}
		out, err := schema.Convert(spec.InputSchema, d)
		if err != nil {
			e.InputDialects[d] = dialect{errs: reasons(err)}
			continue
		}
		if v, err := decode(out); err == nil && reflect.DeepEqual(v, input) {
			e.InputDialects[d] = dialect{same: true}
			continue
		}
		e.InputDialects[d] = dialect{schema: out}
	}
	return e, nil
}

// orNull is schema, or null when it is empty.
func orNull(sch json.RawMessage) json.RawMessage {
	if len(sch) == 0 {
		return json.RawMessage("null")
	}
	return sch
}

// decode decodes JSON keeping numbers as written; empty data is null.
func decode(data []byte) (any, error) {
	if len(data) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// reasons lists the parts of a schema that a dialect cannot express, as
// "path: reason", from the error of schema.Convert.
func reasons(err error) []string {
	des := schema.DialectErrors(err)
	if len(des) == 0 {
		return []string{err.Error()}
	}
	out := make([]string, len(des))
	for i, de := range des {
		path := de.Path
		if path == "" {
			path = "(root)"
		}
		out[i] = path + ": " + de.Reason
	}
	return out
}
