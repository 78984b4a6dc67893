package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/service/tracker"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
	"github.com/toolgen-go/toolgen/tooltest"
)

// TestRun runs the example as `go run` does and checks what it prints.
func TestRun(t *testing.T) {
	var out strings.Builder
	require.NoError(t, run(checked(t), &out))
	assert.Contains(t, out.String(), "tool find-issues: Lists issues matching a filter, most urgent first.\n")
	assert.Contains(t, out.String(), `find-issues -> {"issues":[{"id":1,"title":"Login page times out"`)
	assert.Contains(t, out.String(), `"replies":[{"author":"bo","body":"Fixed in #4."}]`)
	assert.Contains(t, out.String(), `addComment -> error: tool "addComment" failed: no issue #9`+"\n")
}

func newTestService() *Service {
	created := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	return &Service{issues: []tracker.Issue{
		{ID: 1, Title: "Login page times out", Status: tracker.Open, Priority: tracker.Urgent, Created: created},
		{ID: 2, Title: "Typo in footer", Status: tracker.Open, Priority: tracker.Low, Created: created},
		{ID: 3, Title: "Export to CSV", Status: tracker.InProgress, Priority: tracker.Normal, Created: created},
	}}
}

func TestServiceTools(t *testing.T) {
	tools := ServiceTools(newTestService())
	require.Equal(t, []string{"addComment", "find-issues"}, tools.Keys())
	assert.Equal(t, "add-comment", tools["addComment"].Spec().ID)
	assert.Equal(t, "find-issues", tools["find-issues"].Spec().ID)
	assert.Equal(t, tool.Annotations{ReadOnly: new(true)}, tools["find-issues"].Spec().Annotations)
}

func TestFindIssues(t *testing.T) {
	tests := []struct {
		name string
		args string
		want []int
	}{
		{"open, most urgent first", `{"status":"open"}`, []int{1, 2}},
		{"limit", `{"status":"open","limit":1}`, []int{1}},
		{"min priority", `{"minPriority":1}`, []int{1, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tools := ServiceTools(newTestService())
			res, err := tool.Call(checked(t), tools["find-issues"], json.RawMessage(tt.args))
			require.NoError(t, err)
			out, ok := res.Value.(FindOutput)
			require.True(t, ok)
			var ids []int
			for _, is := range out.Issues {
				ids = append(ids, is.ID)
			}
			assert.Equal(t, tt.want, ids)
		})
	}
}

func TestFindIssuesInvalidArguments(t *testing.T) {
	tools := ServiceTools(newTestService())
	for _, args := range []string{
		`{"status":"lost"}`, // not one of the Status constants
		`{"limit":0}`,       // below the minimum
		`{"Status":"open"}`, // wrong case
	} {
		_, err := tool.Call(checked(t), tools["find-issues"], json.RawMessage(args))
		assert.ErrorIs(t, err, schema.ErrInvalidArguments, args)
	}
}

func TestAddComment(t *testing.T) {
	s := newTestService()
	tools := ServiceTools(s)
	args := `{"issue":1,"comment":{"author":"ana","body":"Seen on mobile too.","replies":[{"author":"bo","body":"Fixed in #4."}]}}`
	res, err := tool.Call(checked(t), tools["addComment"], json.RawMessage(args))
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":1,"title":"Login page times out","status":"open","priority":3,"created":"2026-11-30T09:00:00Z",
		"comments":[{"author":"ana","body":"Seen on mobile too.","replies":[{"author":"bo","body":"Fixed in #4."}]}]}`, string(res.JSON))
	require.Len(t, s.issues[0].Comments, 1, "the tool is bound to s")

	_, err = tool.Call(checked(t), tools["addComment"], json.RawMessage(`{"issue":9,"comment":{"author":"ana","body":"?"}}`))
	require.Error(t, err)
	assert.NotErrorIs(t, err, schema.ErrInvalidArguments, "the tool failed, not its arguments")
	assert.Contains(t, err.Error(), "no issue #9")
}

// TestToolsGolden pins what a model sees of the tools. After a change to
// them, go test -run TestToolsGolden -update rewrites
// testdata/tools.golden.json; review its diff.
func TestToolsGolden(t *testing.T) {
	tooltest.Golden(t, ServiceTools(newTestService()), "testdata/tools.golden.json")
}

// checked is the ctx of the tests' runs and calls: every tool checks its
// output against its output schema (toolexec.ValidatingOutputs), so that an
// output its generated schema refuses fails the test.
func checked(t *testing.T) context.Context { return toolexec.ValidatingOutputs(t.Context()) }
