package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
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
	require.NoError(t, run(t.Context(), &out, offlineModel(), ConfirmReply{Confirm: true, Name: "Ada"}))
	assert.Equal(t, `user: Book a table for 4 at Chez Gopher tonight at 20:00.
tool-call bookTable {"restaurant":"Chez Gopher","party":4,"time":"20:00"}
tool-call-suspended bookTable "Book a table for 4 at Chez Gopher at 20:00? (deposit €40.00)"
finish (suspended)
-- paused (suspended); the state is stored as JSON
waiting: suspended bookTable "Book a table for 4 at Chez Gopher at 20:00? (deposit €40.00)", resume schema 434 bytes
-- resumed with {"confirm":true,"name":"Ada"}
tool-call-resumed bookTable "confirmed by Ada"
tool-result bookTable {"booked":true,"reference":"CG-064038","depositCents":4000}
step-finish (tool-calls)
step-finish (stop)
finish (stop)
assistant: Your table for 4 at Chez Gopher at 20:00 is booked, reference CG-064038.
`, out.String())
}

func TestRunDeclined(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, offlineModel(), ConfirmReply{Confirm: false}))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Contains(t, lines, `tool-call-resumed bookTable "declined"`)
	assert.Contains(t, lines, `tool-result bookTable {"booked":false}`)
	assert.Equal(t, "assistant: As you asked, I did not book the table.", lines[len(lines)-1])
}

// TestBookTableResumes checks the tool's two runs: it suspends with the
// question, and runs again with the reply, which the model then reads.
func TestBookTableResumes(t *testing.T) {
	model := offlineModel()
	paused, err := newAgent(model).Generate(t.Context(), prompt)
	require.NoError(t, err)
	assert.Equal(t, agent.FinishSuspended, paused.FinishReason)
	require.Len(t, paused.Pending, 1)
	p := paused.Pending[0]
	assert.Equal(t, agent.PendingSuspended, p.Kind)
	assert.Equal(t, "bookTable", p.ToolName)
	assert.JSONEq(t, confirmReplySchema, string(p.ResumeSchema))

	res, err := newAgent(model).Resume(t.Context(), paused.State, []agent.Answer{p.Resume(ConfirmReply{Confirm: true, Name: "Grace"})})
	require.NoError(t, err)
	require.Len(t, res.Steps, 2)
	booking, ok := res.Steps[0].Outcomes[0].Output.(Booking)
	require.True(t, ok)
	assert.True(t, booking.Booked)
	assert.EqualValues(t, 4000, booking.DepositCents, "from the payload the call suspended with")
	assert.Equal(t, reference(BookInput{Restaurant: "Chez Gopher", Party: 4, Time: "20:00"}, "Grace"), booking.Reference)
	assert.Contains(t, res.Text, booking.Reference)
}

// TestInvalidReply checks that a reply that its schema refuses is an error
// of Resume: the tool does not run again and the model is not called.
func TestInvalidReply(t *testing.T) {
	model := offlineModel()
	paused, err := newAgent(model).Generate(t.Context(), prompt)
	require.NoError(t, err)
	for _, reply := range []string{`{"confirm":"yes"}`, `{"confirm":true,"name":"` + strings.Repeat("x", 61) + `"}`, `{"confirm":true,"extra":1}`} {
		_, err = newAgent(model).Resume(t.Context(), paused.State, []agent.Answer{agent.ResumeWith(paused.Pending[0].ToolCallID, json.RawMessage(reply))})
		assert.ErrorIs(t, err, agent.ErrInvalidAnswer, reply)
	}
	assert.Equal(t, 1, model.Remaining(), "the model was not called again")
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

// TestToolsGolden pins what a model sees of the tools, and the schemas of
// the booking's question and reply. After a change to them, go test -run
// TestToolsGolden -update rewrites testdata/tools.golden.json; review its
// diff.
func TestToolsGolden(t *testing.T) {
	tooltest.Golden(t, Tools(), "testdata/tools.golden.json")
}
