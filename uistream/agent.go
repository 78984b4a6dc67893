package uistream

import (
	"bytes"
	"encoding/json"
	"slices"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
)

// agentRun is the data of a data-tool-agent part: a subagent's run so far,
// with the field names of Mastra's snapshot. Every payload in it is the
// display form of its event.
type agentRun struct {
	ID               string            `json:"id"`
	Status           string            `json:"status"`
	Text             string            `json:"text"`
	Reasoning        []string          `json:"reasoning"`
	ToolCalls        []agentCall       `json:"toolCalls"`
	PendingToolCalls []agentPending    `json:"pendingToolCalls"`
	ToolResults      []agentResult     `json:"toolResults"`
	ToolErrors       []agentError      `json:"toolErrors"`
	Steps            []agentStep       `json:"steps"`
	FinishReason     *llm.FinishReason `json:"finishReason"`
	Usage            *llm.Usage        `json:"usage"`

	key      string // the id of the agent-<key> call that runs it
	ancestry []Ancestor
	dirty    int    // bytes of text and reasoning not yet written
	last     []byte // the data last written
}

type agentCall struct {
	ToolCallID string          `json:"toolCallId"`
	ToolName   string          `json:"toolName"`
	Args       json.RawMessage `json:"args"`
}

type agentPending struct {
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
	ArgsText   string `json:"argsText"`
	State      string `json:"state"`
}

type agentResult struct {
	ToolCallID string          `json:"toolCallId"`
	ToolName   string          `json:"toolName"`
	Args       json.RawMessage `json:"args"`
	Result     json.RawMessage `json:"result"`
}

type agentError struct {
	ToolCallID string          `json:"toolCallId"`
	ToolName   string          `json:"toolName"`
	Args       json.RawMessage `json:"args"`
	ErrorText  string          `json:"errorText"`
}

type agentStep struct {
	StepIndex    int              `json:"stepIndex"`
	FinishReason llm.FinishReason `json:"finishReason"`
	Usage        llm.Usage        `json:"usage"`
}

// snapshotBytes is how much text a subagent's deltas add before its
// snapshot is written again; other events write it at once. Mastra writes
// it at every delta, which sends the text over and over.
const snapshotBytes = 256

// subagent folds ev, an event of a subagent's run, into the run's
// snapshot and writes it; data that the subagent's tools report goes to
// the top level, as Mastra does.
func (w *Writer) subagent(ev agent.Event) {
	parent := ev.ParentToolCallID
	a := w.agents[parent]
	if a == nil {
		a = &agentRun{ID: ev.AgentID, Status: "running", key: parent, ancestry: w.ancestry(parent),
			Reasoning: []string{}, ToolCalls: []agentCall{}, PendingToolCalls: []agentPending{},
			ToolResults: []agentResult{}, ToolErrors: []agentError{}, Steps: []agentStep{}}
		w.agents[parent] = a
		w.agentOrder = append(w.agentOrder, a)
		a.dirty = snapshotBytes // write the first snapshot at once
	}
	if ev.ToolCallID != "" {
		w.calls[ev.ToolCallID] = callInfo{toolName: ev.ToolName, parent: parent}
	}
	switch ev.Type {
	case agent.EventTextDelta:
		a.Text += ev.Text
		a.dirty += len(ev.Text)
		if a.dirty >= snapshotBytes {
			w.snapshot(a)
		}
		return
	case agent.EventReasoningDelta:
		a.Reasoning = append(a.Reasoning, ev.Text)
		a.dirty += len(ev.Text)
		if a.dirty >= snapshotBytes {
			w.snapshot(a)
		}
		return
	case agent.EventToolCallDelta:
		i := slices.IndexFunc(a.PendingToolCalls, func(p agentPending) bool { return p.ToolCallID == ev.ToolCallID })
		if i < 0 {
			a.PendingToolCalls = append(a.PendingToolCalls, agentPending{ToolCallID: ev.ToolCallID, ToolName: ev.ToolName, State: "input-streaming"})
			i = len(a.PendingToolCalls) - 1
		}
		if !ev.Suppressed {
			a.PendingToolCalls[i].ArgsText += ev.Text
		}
	case agent.EventToolCall:
		a.PendingToolCalls = slices.DeleteFunc(a.PendingToolCalls, func(p agentPending) bool { return p.ToolCallID == ev.ToolCallID })
		a.ToolCalls = append(a.ToolCalls, agentCall{ToolCallID: ev.ToolCallID, ToolName: ev.ToolName, Args: orNull(ev.Payload)})
	case agent.EventToolResult:
		a.ToolResults = append(a.ToolResults, agentResult{ToolCallID: ev.ToolCallID, ToolName: ev.ToolName, Args: a.args(ev.ToolCallID), Result: orNull(ev.Payload)})
	case agent.EventToolError, agent.EventToolOutputDenied:
		a.ToolErrors = append(a.ToolErrors, agentError{ToolCallID: ev.ToolCallID, ToolName: ev.ToolName, Args: a.args(ev.ToolCallID), ErrorText: errorText(ev.Payload)})
	case agent.EventToolProgress:
		w.data("data-tool-progress", ev.ToolCallID, map[string]any{"toolCallId": ev.ToolCallID, "toolName": ev.ToolName, "progress": orNull(ev.Payload)})
		return
	case agent.EventToolOutput:
		w.emitted(ev)
		return
	case agent.EventStepFinish:
		u := llm.Usage{}
		if ev.Usage != nil {
			u = *ev.Usage
		}
		a.Steps = append(a.Steps, agentStep{StepIndex: len(a.Steps), FinishReason: ev.FinishReason, Usage: u})
	case agent.EventFinish:
		a.Status = "finished"
		if ev.FinishReason == agent.FinishApproval || ev.FinishReason == agent.FinishSuspended {
			a.Status = "paused"
		}
		reason := ev.FinishReason
		a.FinishReason, a.Usage = &reason, ev.Usage
	case agent.EventToolCallApproval, agent.EventToolCallSuspended, agent.EventToolCallResumed, agent.EventBackgroundTaskStarted:
		// The paused run's pending parts name the subagent's calls.
		return
	}
	w.snapshot(a)
}

// args returns the display form of the input of a's call id.
func (a *agentRun) args(id string) json.RawMessage {
	for _, c := range a.ToolCalls {
		if c.ToolCallID == id {
			return c.Args
		}
	}
	return json.RawMessage("null")
}

func (w *Writer) snapshot(a *agentRun) {
	a.dirty = 0
	raw, err := json.Marshal(a)
	if err != nil || bytes.Equal(raw, a.last) {
		return // nothing new (a suppressed delta)
	}
	a.last = raw
	c := uiChunk{Type: "data-tool-agent", ID: a.key, Data: raw, Ancestry: a.ancestry, Depth: len(a.ancestry)}
	if n := len(a.ancestry); n >= 2 {
		c.ParentAgentID = a.ancestry[n-2].AgentID
	}
	w.chunk(c)
}

// flushAgents writes the snapshots that text deltas changed.
func (w *Writer) flushAgents() {
	for _, a := range w.agentOrder {
		if a.dirty > 0 {
			w.snapshot(a)
		}
	}
}

// ancestry returns the agent-<key> calls from the run to the subagent run
// that the call id runs, outermost first.
func (w *Writer) ancestry(id string) []Ancestor {
	var out []Ancestor
	for seen := 0; id != "" && seen < 64; seen++ {
		c := w.calls[id]
		out = append(out, Ancestor{ToolCallID: id, ToolName: c.toolName, AgentID: agentKey(c.toolName)})
		id = c.parent
	}
	slices.Reverse(out)
	return out
}

// seedAgents takes the subagent runs of the data-tool-agent parts of the
// message a stream continues, for their runs to go on from. A part that
// does not decode is left to be replaced.
func (w *Writer) seedAgents(parts []Part) {
	for _, p := range parts {
		if p.Type != "data-tool-agent" || p.ID == "" {
			continue
		}
		a := &agentRun{}
		if json.Unmarshal(p.Data, a) != nil || a.ID == "" {
			continue
		}
		a.key, a.ancestry = p.ID, p.Ancestry
		if len(a.ancestry) == 0 {
			a.ancestry = []Ancestor{{ToolCallID: p.ID}}
		}
		for _, c := range a.ancestry {
			w.calls[c.ToolCallID] = callInfo{toolName: c.ToolName}
		}
		for i := 1; i < len(a.ancestry); i++ {
			c := a.ancestry[i]
			w.calls[c.ToolCallID] = callInfo{toolName: c.ToolName, parent: a.ancestry[i-1].ToolCallID}
		}
		a.last, _ = json.Marshal(a)
		if w.agents[a.key] == nil {
			w.agentOrder = append(w.agentOrder, a)
		}
		w.agents[a.key] = a
	}
}
