package uistream_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/uistream"
)

func chunkOf(t *testing.T, chunks []map[string]any, typ string) map[string]any {
	t.Helper()
	for _, c := range chunks {
		if c["type"] == typ {
			return c
		}
	}
	t.Fatalf("no %s chunk in %v", typ, types(chunks))
	return nil
}

// clientToolHandler serves an agent whose model calls the client tool
// pickColor.
func clientToolHandler() *uistream.Handler {
	a := &agent.Agent{ID: "c", Model: scripted.New(
		scripted.Calls(llm.ToolCall{ID: "call_c", Name: "pickColor", Arguments: `{}`}),
		scripted.Text("You picked teal."),
	)}
	return &uistream.Handler{Agent: a, Options: func(*http.Request, *uistream.Request) ([]agent.Option, error) {
		return []agent.Option{agent.WithClientTools(map[string]agent.ClientTool{
			"pickColor": {Description: "Ask the user for a color.", InputSchema: json.RawMessage(`{"type":"object"}`)},
		})}, nil
	}}
}

// A client tool's call pauses the run; the page's addToolOutput answers it.
func TestClientToolRoundTrip(t *testing.T) {
	srv := newHandlerServer(t, clientToolHandler())
	_, chunks, _ := post(t, srv.URL, userRequest("pick"))
	data := chunkOf(t, chunks, "data-tool-call-client")["data"].(map[string]any)
	runID := data["runId"].(string)
	assert.Equal(t, "pickColor", data["toolName"])
	assert.NotContains(t, types(chunks), "tool-approval-request call_c")

	body := `{"messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":"pick"}]},` +
		`{"id":"a1","role":"assistant","parts":[{"type":"step-start"},` +
		`{"type":"tool-pickColor","toolCallId":"call_c","state":"output-available","input":{},"output":{"color":"teal"}},` +
		`{"type":"data-tool-call-client","id":"call_c","data":{"runId":"` + runID + `","toolCallId":"call_c","toolName":"pickColor"}}]}]}`
	resp, chunks, raw := post(t, srv.URL, body)
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Equal(t, map[string]any{"color": "teal"}, chunkOf(t, chunks, "tool-output-available")["output"])
	assert.Equal(t, "stop", chunks[len(chunks)-1]["finishReason"])
}

type bookIn struct {
	What string `json:"what"`
}
type bookOut struct {
	Booked bool `json:"booked"`
}
type ask struct {
	Question string `json:"question"`
}
type reply struct {
	OK bool `json:"ok"`
}

// A suspended call is answered with the body's answers.
// bookAgent's tool book suspends to ask for a confirmation.
func bookAgent() *agent.Agent {
	spec := &tool.Spec{ID: "book", Description: "Books.", InputSchema: json.RawMessage(`{"type":"object","properties":{"what":{"type":"string"}},"required":["what"]}`),
		SuspendSchema: json.RawMessage(`{"type":"object"}`), ResumeSchema: json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}`)}
	book := tool.WithSuspend[ask, reply](tool.NewFunc(spec, func(ctx context.Context, in bookIn) (bookOut, error) {
		r, resumed := tool.ResumeData[reply](ctx)
		if !resumed {
			return bookOut{}, tool.Suspend(ctx, ask{Question: "Book " + in.What + "?"})
		}
		return bookOut{Booked: r.OK}, nil
	}))
	return &agent.Agent{ID: "b", Tools: tool.Toolset{"book": book}, Model: scripted.New(
		scripted.Calls(llm.ToolCall{ID: "call_b", Name: "book", Arguments: `{"what":"a table"}`}),
		scripted.Text("Booked."),
	)}
}

func TestSuspendedCallResumesWithBodyAnswers(t *testing.T) {
	srv := newServer(t, bookAgent())
	_, chunks, _ := post(t, srv.URL, userRequest("book"))
	data := chunkOf(t, chunks, "data-tool-call-suspended")["data"].(map[string]any)
	assert.Equal(t, map[string]any{"question": "Book a table?"}, data["suspendPayload"])
	runID := data["runId"].(string)

	body := `{"runId":"` + runID + `","answers":[{"toolCallId":"call_b","resumeData":{"ok":true}}],"messages":[{"id":"a1","role":"assistant","parts":[]}]}`
	resp, chunks, raw := post(t, srv.URL, body)
	require.Equal(t, 200, resp.StatusCode, raw)
	assert.Equal(t, map[string]any{"booked": true}, chunkOf(t, chunks, "tool-output-available")["output"])
}

// What a tool emits: a data-* object passes through, anything else is a
// data-tool-output part; a background call's task is a data part too.
// emitAgent calls emit, which emits data, and slow, a background tool.
func emitAgent() *agent.Agent {
	emit := tool.NewFunc(spec("emit", "Emits.", `{"type":"object"}`, false), func(ctx context.Context, _ struct{}) (struct{}, error) {
		_ = tool.Emit(ctx, map[string]any{"type": "data-weather", "id": "w1", "data": map[string]any{"pct": 50}})
		_ = tool.Emit(ctx, []int{1, 2})
		return struct{}{}, nil
	})
	slow := tool.NewFunc(spec("slow", "Slow.", `{"type":"object"}`, false), func(ctx context.Context, _ struct{}) (bookOut, error) {
		return bookOut{Booked: true}, nil
	}).WithBackground()
	return &agent.Agent{ID: "e", Tools: tool.Toolset{"emit": emit, "slow": slow}, Model: scripted.New(
		scripted.Calls(llm.ToolCall{ID: "call_e", Name: "emit", Arguments: `{}`}, llm.ToolCall{ID: "call_s", Name: "slow", Arguments: `{"_background":{"disposition":"awaited"}}`}),
		scripted.Text("Done."),
		scripted.Text("Done again."),
	)}
}

func TestEmittedDataAndBackgroundTasks(t *testing.T) {
	srv := newServer(t, emitAgent())
	_, chunks, raw := post(t, srv.URL, userRequest("go"))
	w := chunkOf(t, chunks, "data-weather")
	assert.Equal(t, "w1", w["id"])
	assert.Equal(t, map[string]any{"pct": float64(50)}, w["data"])
	assert.Equal(t, map[string]any{"toolCallId": "call_e", "toolName": "emit", "output": []any{float64(1), float64(2)}}, chunkOf(t, chunks, "data-tool-output")["data"])

	var statuses []any
	for _, c := range chunks {
		if c["type"] == "data-background-task" {
			assert.Regexp(t, `^task-1-[a-z2-7]{8}$`, c["id"], "a task of the chat's stored tasks: its id has a random part")
			statuses = append(statuses, c["data"].(map[string]any)["status"])
		}
	}
	assert.Equal(t, []any{"running", "completed"}, statuses, raw)
}

// A subagent of a subagent: its part names both calls on the way.
// nestedAgent runs a subagent that runs a subagent.
func nestedAgent() *agent.Agent {
	leaf := &agent.Agent{ID: "leaf-agent", Description: "Leaf.", Model: scripted.New(scripted.Text("leaf says hi"))}
	mid := &agent.Agent{ID: "mid-agent", Description: "Mid.", Agents: map[string]*agent.Agent{"leaf": leaf}, Model: scripted.New(
		scripted.Calls(llm.ToolCall{ID: "call_2", Name: "agent-leaf", Arguments: `{"prompt":"hi"}`}),
		scripted.Text("mid done"),
	)}
	return &agent.Agent{ID: "top", Agents: map[string]*agent.Agent{"mid": mid}, Model: scripted.New(
		scripted.Calls(llm.ToolCall{ID: "call_1", Name: "agent-mid", Arguments: `{"prompt":"hi"}`}),
		scripted.Text("top done"),
	)}
}

func TestNestedSubagentAncestry(t *testing.T) {
	srv := newServer(t, nestedAgent())
	_, chunks, _ := post(t, srv.URL, userRequest("go"))
	var leafPart map[string]any
	for _, c := range chunks {
		if c["type"] == "data-tool-agent" && c["id"] == "call_2" {
			leafPart = c
		}
	}
	require.NotNil(t, leafPart)
	assert.Equal(t, float64(2), leafPart["depth"])
	assert.Equal(t, "mid", leafPart["parentAgentId"])
	assert.Equal(t, []any{
		map[string]any{"toolCallId": "call_1", "toolName": "agent-mid", "agentId": "mid"},
		map[string]any{"toolCallId": "call_2", "toolName": "agent-leaf", "agentId": "leaf"},
	}, leafPart["ancestry"])
	data := leafPart["data"].(map[string]any)
	assert.Equal(t, "leaf-agent", data["id"])
	assert.Equal(t, "leaf says hi", data["text"])
	assert.Equal(t, "finished", data["status"])
}

// streams are the raw streams of the scenarios, for the ai package's
// reader.
type streams struct{ client, suspended, emitted, nested, paused, resumed string }

func scenarioStreams(t *testing.T) streams {
	t.Helper()
	var s streams
	_, _, s.client = post(t, newHandlerServer(t, clientToolHandler()).URL, userRequest("pick"))
	_, _, s.suspended = post(t, newServer(t, bookAgent()).URL, userRequest("book"))
	_, _, s.emitted = post(t, newServer(t, emitAgent()).URL, userRequest("go"))
	_, _, s.nested = post(t, newServer(t, nestedAgent()).URL, userRequest("go"))

	runs := store.NewMemory()
	srv := newHandlerServer(t, &uistream.Handler{Agent: serialAgent(), Store: runs})
	_, chunks, raw := post(t, srv.URL, userRequest("go"))
	s.paused = raw
	runID := chunkOf(t, chunks, "data-tool-call-approval")["data"].(map[string]any)["runId"].(string)
	// The answer continues the assistant message the first stream
	// started, as useChat's does.
	msgID := chunks[0]["messageId"].(string)
	body := strings.Replace(answerRequest(runID, runID+":call_d", true, ""), `"id":"a1"`, `"id":"`+msgID+`"`, 1)
	_, _, s.resumed = post(t, srv.URL, body)
	return s
}

// Invalid arguments: the call's input is null, or the placeholder where
// the display is configured, and its error is the display's: the
// validation message, or the placeholder's.
func TestInvalidArguments(t *testing.T) {
	a := &agent.Agent{ID: "i", Tools: tool.Toolset{"weather": weatherTool(), "delete": deleteTool()}, Concurrency: 1, Model: scripted.New(
		scripted.Calls(
			llm.ToolCall{ID: "call_1", Name: "weather", Arguments: `{"location":7}`},
			llm.ToolCall{ID: "call_2", Name: "delete", Arguments: `{"path":7}`},
		),
		scripted.Text("Sorry."),
	)}
	_, chunks, raw := post(t, newServer(t, a).URL, userRequest("go"))
	var inputs []any
	errs := map[string]string{}
	for _, c := range chunks {
		switch c["type"] {
		case "tool-input-available":
			inputs = append(inputs, c["input"])
		case "tool-output-error":
			errs[c["toolCallId"].(string)] = c["errorText"].(string)
		}
	}
	assert.Equal(t, []any{map[string]any{"message": "Tool payload unavailable"}, nil}, inputs, raw)
	assert.Equal(t, "Tool payload unavailable", errs["call_1"])
	assert.Contains(t, errs["call_2"], "path")
	assert.NotContains(t, errs["call_2"], "7", "the error does not quote the arguments")
}

// A silent stream gets heartbeat comments, which the AI SDK's reader
// skips; they stop with the stream.
func TestHeartbeat(t *testing.T) {
	slow := tool.NewFunc(spec("slow", "Slow.", `{"type":"object"}`, false), func(ctx context.Context, _ struct{}) (bookOut, error) {
		time.Sleep(120 * time.Millisecond)
		return bookOut{Booked: true}, nil
	})
	a := &agent.Agent{ID: "h", Tools: tool.Toolset{"slow": slow}, Model: scripted.New(
		scripted.Calls(llm.ToolCall{ID: "call_s", Name: "slow", Arguments: `{"_background":{"disposition":"awaited"}}`}),
		scripted.Text("Done."),
	)}
	srv := newHandlerServer(t, &uistream.Handler{Agent: a, Heartbeat: 20 * time.Millisecond})
	_, chunks, raw := post(t, srv.URL, userRequest("go"))
	assert.Contains(t, raw, ": heartbeat\n\n")
	assert.Equal(t, "finish", chunks[len(chunks)-1]["type"])
	assert.True(t, strings.HasSuffix(raw, "data: [DONE]\n\n"), "nothing after [DONE]")
	if aisdkAvailable() {
		msg := aisdkRead(t, "ai", raw, nil)
		assert.Equal(t, "output-available", onePart(t, msg.Parts, "tool-slow").State)
	}
}
