package uistream

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
)

// uiChunk is one chunk of the UI message stream: a JSON object whose Type
// says which other fields are set. Fields that a chunk type does not use
// are left out of its JSON.
type uiChunk struct {
	Type string `json:"type"`
	// ID identifies a text, reasoning or data part.
	ID string `json:"id,omitempty"`
	// MessageID is the assistant message's id, on start.
	MessageID string `json:"messageId,omitempty"`
	// Delta is the text of a text-delta or reasoning-delta.
	Delta string `json:"delta,omitempty"`
	// ToolCallID and ToolName identify a tool call.
	ToolCallID string `json:"toolCallId,omitempty"`
	ToolName   string `json:"toolName,omitempty"`
	// Dynamic is false on tool-input-start, as Mastra writes it.
	Dynamic *bool `json:"dynamic,omitempty"`
	// InputTextDelta is a piece of a call's arguments.
	InputTextDelta string `json:"inputTextDelta,omitempty"`
	// Input and Output are display payloads.
	Input  json.RawMessage `json:"input,omitempty"`
	Output json.RawMessage `json:"output,omitempty"`
	// ErrorText is the text of an error or tool-output-error chunk.
	ErrorText string `json:"errorText,omitempty"`
	// ApprovalID identifies a tool-approval-request.
	ApprovalID string `json:"approvalId,omitempty"`
	// FinishReason is the AI SDK's finish reason, on finish.
	FinishReason string `json:"finishReason,omitempty"`
	// Data is the payload of a data-* chunk.
	Data json.RawMessage `json:"data,omitempty"`
	// Ancestry and Depth place a data-tool-agent part, as Mastra does.
	Ancestry []Ancestor `json:"ancestry,omitempty"`
	Depth    int        `json:"depth,omitempty"`
	// ParentAgentID is set on data-tool-agent parts of depth 2 and more.
	ParentAgentID string `json:"parentAgentId,omitempty"`
}

// Ancestor is one agent-<key> call on the way from the run to a subagent.
type Ancestor struct {
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
	// AgentID is the tool's key without "agent-", as Mastra names it.
	AgentID string `json:"agentId"`
}

// headers are the HTTP headers of the UI message stream, as the AI SDK
// sends them (its UI_MESSAGE_STREAM_HEADERS).
var headers = map[string]string{
	"Content-Type":                  "text/event-stream",
	"Cache-Control":                 "no-cache",
	"Connection":                    "keep-alive",
	"X-Vercel-Ai-Ui-Message-Stream": "v1",
	"X-Accel-Buffering":             "no",
}

// DefaultErrorText is the text of the error chunk of a failed run when
// [Options.ErrorText] is nil: the AI SDK's own default, which says nothing
// of the error, since run errors may quote a provider or a tool.
const DefaultErrorText = "An error occurred."

// Options configures a [Writer].
type Options struct {
	// MessageID is the id of the assistant message, written in the start
	// chunk; empty means a random one. To continue a message (a resumed
	// run), give its id.
	MessageID string
	// RunID names the run in the parts of calls that a paused run waits
	// on, and in approval ids; empty means a random one. [Handler] stores
	// the paused run's state under it.
	RunID string
	// ErrorText is the text of the error chunk of a run that failed;
	// nil means [DefaultErrorText].
	ErrorText func(error) string
	// OnPause is called with the result of a run that paused, before the
	// parts of its pending calls are written; an error becomes the
	// stream's error chunk, and those parts are not written.
	OnPause func(res *agent.Result) error
	// Step is the number of the step the run is in, when it continues a
	// paused one: events of that step then continue it, with no second
	// start-step.
	Step int
	// Continues, when set, is the assistant message the stream continues,
	// as the page holds it: a subagent's run that goes on in the stream
	// starts from its data-tool-agent part there, so that the part keeps
	// what the subagent did before the pause.
	Continues *Message
	// Heartbeat, when positive, writes an SSE comment (": heartbeat")
	// whenever the stream has been silent that long, so that a proxy does
	// not close it while a tool runs. Close stops it.
	Heartbeat time.Duration
}

// Writer writes the events of one run as the UI message stream on an HTTP
// response. Its methods are not safe for concurrent use. Close it (Run
// does) before the HTTP handler returns.
type Writer struct {
	w    http.ResponseWriter
	rc   *http.ResponseController
	opts Options
	err  error // the first write error

	started, closed bool
	step            int  // the step of the last start-step
	stepOpen        bool // a start-step is not yet finished
	stepStarted     bool // this writer wrote the open step's start-step
	textID          string
	reasoningID     string
	n               int             // counter of part ids
	inputStarted    map[string]bool // tool calls with a tool-input-start written
	calls           map[string]callInfo
	agents          map[string]*agentRun // subagent runs by the id of their agent-<key> call
	agentOrder      []*agentRun

	// mu guards the response between the run's writes and the
	// heartbeat's; the other fields are the run's alone.
	mu       sync.Mutex
	lastSent time.Time
	done     bool          // no more heartbeats
	stopBeat chan struct{} // closed by Close
}

// callInfo is what the writer knows of a call, to place subagent runs.
type callInfo struct {
	toolName string
	parent   string // the ParentToolCallID of the call's events
}

// NewWriter returns a Writer on w, an HTTP response whose headers it sets
// when it writes its first chunk: Content-Type text/event-stream,
// Cache-Control no-cache, Connection keep-alive,
// x-vercel-ai-ui-message-stream v1 and X-Accel-Buffering no, as the AI
// SDK does. It flushes the response after each chunk.
func NewWriter(w http.ResponseWriter, opts Options) *Writer {
	if opts.RunID == "" {
		opts.RunID = "run-" + randomID()
	}
	if opts.MessageID == "" {
		opts.MessageID = "msg-" + randomID()
	}
	uw := &Writer{
		w: w, rc: http.NewResponseController(w), opts: opts, step: opts.Step, stepOpen: opts.Step > 0,
		inputStarted: map[string]bool{},
		calls:        map[string]callInfo{},
		agents:       map[string]*agentRun{},
	}
	if opts.Continues != nil {
		uw.seedAgents(opts.Continues.Parts)
	}
	return uw
}

// flush sends what was written to the client; a response that cannot
// flush sends it when it can.
func (w *Writer) flush() error {
	if err := w.rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}

// RunID returns the run id the writer names paused calls with.
func (w *Writer) RunID() string { return w.opts.RunID }

// MessageID returns the id of the assistant message the writer writes.
func (w *Writer) MessageID() string { return w.opts.MessageID }

// Write writes the chunks of one event of the run. It returns the first
// error of writing to the response: the client has gone, and the run
// should stop.
func (w *Writer) Write(ev agent.Event) error {
	w.start()
	if ev.ParentToolCallID != "" {
		w.subagent(ev)
		return w.err
	}
	w.flushAgents()
	if ev.Type != agent.EventFinish && ev.TaskID == "" {
		// A background task's events come at a later step than its
		// call's: they update parts of that step.
		w.startStep(ev.Step)
	}
	switch ev.Type {
	case agent.EventTextDelta:
		w.endReasoning()
		w.delta("text", &w.textID, ev.Text)
	case agent.EventReasoningDelta:
		w.endText()
		w.delta("reasoning", &w.reasoningID, ev.Text)
	case agent.EventToolCallDelta:
		w.endParts()
		w.inputStart(ev.ToolCallID, ev.ToolName)
		if !ev.Suppressed && ev.Text != "" {
			w.chunk(uiChunk{Type: "tool-input-delta", ToolCallID: ev.ToolCallID, InputTextDelta: ev.Text})
		}
	case agent.EventToolCall:
		w.endParts()
		w.inputStart(ev.ToolCallID, ev.ToolName)
		w.chunk(uiChunk{Type: "tool-input-available", ToolCallID: ev.ToolCallID, ToolName: ev.ToolName, Input: orNull(ev.Payload)})
	case agent.EventToolResult:
		w.endParts()
		w.chunk(uiChunk{Type: "tool-output-available", ToolCallID: ev.ToolCallID, Output: orNull(ev.Payload)})
		w.task(ev, "completed")
	case agent.EventToolError:
		w.endParts()
		w.chunk(uiChunk{Type: "tool-output-error", ToolCallID: ev.ToolCallID, ErrorText: errorText(ev.Payload)})
		w.task(ev, "failed")
	case agent.EventToolOutputDenied:
		w.endParts()
		w.chunk(uiChunk{Type: "tool-output-denied", ToolCallID: ev.ToolCallID})
	case agent.EventToolProgress:
		w.data("data-tool-progress", ev.ToolCallID, map[string]any{"toolCallId": ev.ToolCallID, "toolName": ev.ToolName, "progress": orNull(ev.Payload)})
	case agent.EventToolOutput:
		w.emitted(ev)
	case agent.EventBackgroundTaskStarted:
		w.task(ev, "running")
	case agent.EventStepFinish:
		w.endParts()
		if w.stepOpen {
			w.chunk(uiChunk{Type: "finish-step"})
			w.stepOpen = false
		}
	case agent.EventFinish:
		w.finish(ev)
	}
	// tool-call-approval, tool-call-suspended: the pending calls' parts
	// are written once the run has paused, with its run id (finish).
	// tool-call-resumed: the call's next event says how it went.
	return w.err
}

// Fail writes err as the stream's error chunk, its text given by
// [Options.ErrorText].
func (w *Writer) Fail(err error) error {
	w.start()
	w.endParts()
	text := DefaultErrorText
	if w.opts.ErrorText != nil {
		text = w.opts.ErrorText(err)
	}
	w.chunk(uiChunk{Type: "error", ErrorText: text})
	return w.err
}

// Close ends the stream with data: [DONE]. It writes nothing more if the
// stream was closed already.
func (w *Writer) Close() error {
	if w.closed {
		return w.err
	}
	w.start()
	w.raw([]byte("data: [DONE]\n\n"))
	w.closed = true
	w.stopBeating()
	return w.err
}

// Write writes the events of a run, from [agent.Agent.Stream] or its
// siblings, to w as the UI message stream, and closes it. It returns the
// run's result (nil unless it finished or paused) and the run's error,
// which it also wrote as an error chunk followed by finish-step (when it
// had started a step) and finish with the reason error, or the error of
// writing to w, in which case it stopped the run.
func Write(w http.ResponseWriter, events iter.Seq2[agent.Event, error], opts Options) (*agent.Result, error) {
	uw := NewWriter(w, opts)
	return uw.Run(events)
}

// Run writes the events of a run and closes the stream, as [Write] does.
func (w *Writer) Run(events iter.Seq2[agent.Event, error]) (*agent.Result, error) {
	defer w.stopBeating()
	var res *agent.Result
	for ev, err := range events {
		if err != nil {
			// As Mastra's and the AI SDK's streams end: the error, then
			// the step and the message finish with the reason error.
			w.Fail(err)
			if w.stepOpen && w.stepStarted {
				w.chunk(uiChunk{Type: "finish-step"})
				w.stepOpen = false
			}
			w.chunk(uiChunk{Type: "finish", FinishReason: string(llm.FinishError)})
			w.Close()
			return res, err
		}
		if ev.Type == agent.EventFinish && ev.ParentToolCallID == "" {
			res = ev.Result
		}
		if werr := w.Write(ev); werr != nil {
			return res, fmt.Errorf("uistream: writing the stream: %w", werr)
		}
	}
	if err := w.Close(); err != nil {
		return res, fmt.Errorf("uistream: writing the stream: %w", err)
	}
	return res, nil
}

func (w *Writer) start() {
	if w.started {
		return
	}
	w.started = true
	for k, v := range headers {
		w.w.Header().Set(k, v)
	}
	w.chunk(uiChunk{Type: "start", MessageID: w.opts.MessageID})
	if d := w.opts.Heartbeat; d > 0 {
		w.stopBeat = make(chan struct{})
		go w.beat(d)
	}
}

// beat writes a heartbeat comment when the stream has been silent for d,
// until Close.
func (w *Writer) beat(d time.Duration) {
	t := time.NewTicker(d / 2)
	defer t.Stop()
	for {
		select {
		case <-w.stopBeat:
			return
		case now := <-t.C:
			w.mu.Lock()
			if !w.done && now.Sub(w.lastSent) >= d {
				// An error here shows at the run's next write.
				if _, err := io.WriteString(w.w, ": heartbeat\n\n"); err == nil {
					_ = w.flush()
				}
				w.lastSent = now
			}
			w.mu.Unlock()
		}
	}
}

// stopBeating ends the heartbeat: nothing writes to the response after it.
func (w *Writer) stopBeating() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.done = true
		if w.stopBeat != nil {
			close(w.stopBeat)
		}
	}
}

func (w *Writer) startStep(step int) {
	if step == 0 || (step == w.step && w.stepOpen) {
		return
	}
	w.endParts()
	if w.stepOpen {
		w.chunk(uiChunk{Type: "finish-step"})
	}
	w.step, w.stepOpen, w.stepStarted = step, true, true
	w.chunk(uiChunk{Type: "start-step"})
}

func (w *Writer) inputStart(id, name string) {
	if w.inputStarted[id] {
		return
	}
	w.inputStarted[id] = true
	w.calls[id] = callInfo{toolName: name}
	f := false
	w.chunk(uiChunk{Type: "tool-input-start", ToolCallID: id, ToolName: name, Dynamic: &f})
}

// delta writes a piece of text or reasoning (kind), first opening a part
// of that kind unless *open names one.
func (w *Writer) delta(kind string, open *string, text string) {
	if text == "" {
		return
	}
	if *open == "" {
		*open = w.nextID(kind)
		w.chunk(uiChunk{Type: kind + "-start", ID: *open})
	}
	w.chunk(uiChunk{Type: kind + "-delta", ID: *open, Delta: text})
}

func (w *Writer) endText() {
	if w.textID != "" {
		w.chunk(uiChunk{Type: "text-end", ID: w.textID})
		w.textID = ""
	}
}

func (w *Writer) endReasoning() {
	if w.reasoningID != "" {
		w.chunk(uiChunk{Type: "reasoning-end", ID: w.reasoningID})
		w.reasoningID = ""
	}
}

func (w *Writer) endParts() {
	w.endReasoning()
	w.endText()
}

func (w *Writer) nextID(kind string) string {
	w.n++
	return kind + "-" + strconv.Itoa(w.n)
}

// finish ends the run's message: the parts of the calls a paused run
// waits on, then finish.
func (w *Writer) finish(ev agent.Event) {
	w.endParts()
	if w.stepOpen && ev.Result != nil && ev.Result.State == nil {
		w.chunk(uiChunk{Type: "finish-step"})
		w.stepOpen = false
	}
	if res := ev.Result; res != nil && res.State != nil {
		if w.opts.OnPause != nil {
			if err := w.opts.OnPause(res); err != nil {
				w.Fail(err)
				return
			}
		}
		w.pending(res.Pending)
	}
	w.chunk(uiChunk{Type: "finish", FinishReason: finishReason(ev.FinishReason)})
}

// pending writes a part for each call the paused run waits on, and the AI
// SDK's approval request for the run's own calls that wait for approval.
func (w *Writer) pending(calls []agent.PendingCall) {
	for _, p := range calls {
		typ := "data-tool-call-approval"
		switch p.Kind {
		case agent.PendingSuspended:
			typ = "data-tool-call-suspended"
		case agent.PendingClient:
			typ = "data-tool-call-client"
		}
		data := map[string]any{
			"state":      typ,
			"runId":      w.opts.RunID,
			"toolCallId": p.ToolCallID,
			"toolName":   p.ToolName,
		}
		if p.AgentID != "" {
			data["agentId"] = p.AgentID
		}
		if len(p.Path) > 0 {
			data["path"] = p.Path
		}
		switch p.Kind {
		case agent.PendingSuspended:
			data["suspendPayload"] = orNull(p.Payload)
		default:
			data["args"] = orNull(p.Payload)
		}
		if len(p.ResumeSchema) > 0 {
			data["resumeSchema"] = p.ResumeSchema
		}
		w.data(typ, p.ToolCallID, data)
		if (p.Kind == "" || p.Kind == agent.PendingApproval) && len(p.Path) == 0 {
			w.chunk(uiChunk{Type: "tool-approval-request", ApprovalID: ApprovalID(w.opts.RunID, p.ToolCallID), ToolCallID: p.ToolCallID})
		}
	}
}

// ApprovalID is the approvalId of the tool-approval-request for the call
// toolCallID of the paused run runID.
func ApprovalID(runID, toolCallID string) string { return runID + ":" + toolCallID }

// task writes the data-background-task part of a background call's task.
func (w *Writer) task(ev agent.Event, status string) {
	if ev.TaskID == "" {
		return
	}
	w.data("data-background-task", ev.TaskID, map[string]any{"taskId": ev.TaskID, "toolCallId": ev.ToolCallID, "toolName": ev.ToolName, "status": status})
}

var dataType = regexp.MustCompile(`^data-[A-Za-z0-9_-]+$`)

// emitted writes what a tool emitted: a data-* chunk when its display form
// is one, else a data-tool-output part.
func (w *Writer) emitted(ev agent.Event) {
	var c struct {
		Type string          `json:"type"`
		ID   *string         `json:"id"`
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(ev.Payload, &c) == nil && dataType.MatchString(c.Type) && len(c.Data) > 0 {
		id := ""
		if c.ID != nil {
			id = *c.ID
		}
		w.chunk(uiChunk{Type: c.Type, ID: id, Data: c.Data})
		return
	}
	w.data("data-tool-output", "", map[string]any{"toolCallId": ev.ToolCallID, "toolName": ev.ToolName, "output": orNull(ev.Payload)})
}

func (w *Writer) data(typ, id string, data any) {
	raw, err := json.Marshal(data)
	if err != nil {
		// Every value here is built of strings and JSON payloads that
		// the agent checked.
		raw = []byte("null")
	}
	w.chunk(uiChunk{Type: typ, ID: id, Data: raw})
}

func (w *Writer) chunk(c uiChunk) {
	if w.err != nil || w.closed {
		return
	}
	raw, err := json.Marshal(c)
	if err != nil {
		w.err = fmt.Errorf("encoding a %s chunk: %w", c.Type, err)
		return
	}
	var b bytes.Buffer
	b.Grow(len(raw) + 8)
	b.WriteString("data: ")
	b.Write(raw)
	b.WriteString("\n\n")
	w.raw(b.Bytes())
}

func (w *Writer) raw(p []byte) {
	if w.err != nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.lastSent = time.Now()
	if _, err := w.w.Write(p); err != nil {
		w.err = err
		return
	}
	if err := w.flush(); err != nil {
		w.err = err
	}
}

// finishReason maps the agent's finish reason to the AI SDK's.
func finishReason(r llm.FinishReason) string {
	switch r {
	case llm.FinishStop, llm.FinishLength, llm.FinishContentFilter, llm.FinishToolCalls, llm.FinishError:
		return string(r)
	case agent.FinishApproval, agent.FinishSuspended, agent.FinishMaxSteps, agent.FinishStopCondition:
		// The last step called tools, whose results the model has
		// not read, or the run waits on calls.
		return string(llm.FinishToolCalls)
	default:
		return "other"
	}
}

// errorText is the text of a tool-output-error: the display payload's
// message when it is an object with one (the default shape,
// {"kind":…,"message":…}), the reason of a declined call's
// {"approved":false,"reason":…}, the string when it is a JSON string,
// else its JSON.
func errorText(payload json.RawMessage) string {
	var s string
	if json.Unmarshal(payload, &s) == nil {
		return s
	}
	var m struct {
		Message *string `json:"message"`
		Reason  *string `json:"reason"` // a declined call's
	}
	if json.Unmarshal(payload, &m) == nil && m.Message != nil {
		return *m.Message
	}
	if m.Reason != nil {
		return *m.Reason
	}
	if len(payload) == 0 {
		return "tool call failed"
	}
	return string(payload)
}

func orNull(p json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(p)) == 0 {
		return json.RawMessage("null")
	}
	return p
}

func randomID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("uistream: crypto/rand: " + err.Error()) // rand.Read does not fail on supported platforms
	}
	return hex.EncodeToString(b[:])
}

// toolKey returns the key of an agent-<key> tool, or "" for another tool.
func agentKey(toolName string) string {
	k, ok := strings.CutPrefix(toolName, "agent-")
	if !ok {
		return ""
	}
	return k
}
