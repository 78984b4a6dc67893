package main

import (
	"bytes"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/openai"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tooltest"
)

func TestRun(t *testing.T) {
	model := offlineModel()
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, model, 20000))
	assert.Equal(t, `user: Checkout is slow for customers. Find out why and file a ticket.
step 1: searchLogs {"service":"checkout","match":"ERROR"} -> {"lines":["12:04:09 ERROR payment gateway timeout after 30s (order 8812)","12:04:02 ERROR payment gateway timeout after 30s (order 8809)"]}
step 2: getMetric {"service":"checkout","metric":"error_rate"} -> {"now":7.5,"hourAgo":0.2,"unit":"%","breached":true}
step 2: getMetric {"service":"checkout","metric":"p99_ms"} -> {"now":30150,"hourAgo":420,"unit":"ms","breached":true}
step 3: fileTicket {"title":"Checkout: payment gateway timeouts","severity":"sev1","evidence":["payment gateway timeout after 30s in the checkout logs","error rate 7.5% (0.2% an hour ago)","p99 30150 ms (420 ms an hour ago)"]} -> {"id":"OPS-1042","severity":"sev1"}
finish (stop-condition) after 3 steps, 3600 tokens
ticket OPS-1042 (sev1) filed; the model was not called again
`, out.String())
	assert.Len(t, model.Requests(), 3)
	assert.Equal(t, 1, model.Remaining(), "the turn after the ticket is never played")
}

// TestBudget: a budget of 2,000 tokens ends the run after the second step
// (2,400 tokens), before the ticket.
func TestBudget(t *testing.T) {
	model := offlineModel()
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, model, 2000))
	assert.Contains(t, out.String(), "finish (stop-condition) after 2 steps, 2400 tokens\nno ticket filed\n")
	assert.Len(t, model.Requests(), 2)
}

// TestStepCount: a model that never files a ticket is stopped after six
// steps by the step count, before the agent's MaxSteps of ten.
func TestStepCount(t *testing.T) {
	var turns []scripted.Turn
	for range 10 {
		turns = append(turns, scripted.Calls(scripted.Call("searchLogs", `{"service":"checkout","match":"WARN"}`)))
	}
	model := scripted.New(turns...)
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, model, 1_000_000))
	assert.Contains(t, out.String(), "finish (stop-condition) after 6 steps")
	assert.Len(t, model.Requests(), 6)
}

// TestOnOpenAI plays the offline script through the OpenAI adapter and its
// fake server: the run stops after the third answer, whose fileTicket
// call runs, and no fourth request carries its result.
func TestOnOpenAI(t *testing.T) {
	script := offlineModel()
	var turns []scripted.Turn
	for range script.Remaining() {
		resp, err := script.Generate(t.Context(), &llm.Request{})
		require.NoError(t, err)
		turns = append(turns, scripted.Turn{Text: resp.Message.Text(), ToolCalls: resp.Message.ToolCalls(), Usage: resp.Usage})
	}
	srv := providertest.NewServer(t, turns...)
	model := openai.Model("gpt-5.4", openai.WithBaseURL(srv.URL()), openai.WithAPIKey("test"))
	var out bytes.Buffer
	require.NoError(t, run(t.Context(), &out, model, 20000))
	assert.Contains(t, out.String(), "ticket OPS-1042 (sev1) filed")
	reqs := srv.Requests()
	assert.Len(t, reqs, 3, "the run stops after the ticket: no request with its result")
}

func TestChooseModel(t *testing.T) {
	model, err := chooseModel("", io.Discard)
	require.NoError(t, err)
	assert.IsType(t, &scripted.Model{}, model)
}

func TestToolsGolden(t *testing.T) { tooltest.Golden(t, Tools(), "testdata/tools.golden.json") }
