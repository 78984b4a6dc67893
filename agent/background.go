package agent

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// This file runs the calls of background tools ([tool.Spec.Background],
// [tool.Func.WithBackground]) as @mastra/core runs its background tasks.
// The model may choose a call's [Disposition] with a "_background" object
// in its arguments, which the tool never sees. A deferred call (the
// default) gives the model a text handle as the call's result at once and
// runs on in the conversation's [Tasks], past the end of its run; when it
// settles, the next step of a run of the same conversation replaces the
// handle in the history with its result. An awaited call also gives the
// handle at once, and its run waits for its result, which reaches the
// model in a user message at a later step. A foreground call runs as any
// other.

// TaskStatus is the state of a background call's task, with Mastra's
// names.
type TaskStatus string

// The states of a background task.
const (
	// TaskRunning: the task was started; its handle says so.
	TaskRunning TaskStatus = "running"
	// TaskCompleted: the call succeeded.
	TaskCompleted TaskStatus = "completed"
	// TaskFailed: the call failed (an error, a panic, an invalid output).
	TaskFailed TaskStatus = "failed"
	// TaskCancelled: the run's context ended, or the run ended, first.
	TaskCancelled TaskStatus = "cancelled"
	// TaskTimedOut: the call ran past the tool timeout.
	TaskTimedOut TaskStatus = "timed_out"
)

// taskStatus is the status of a settled task that failed with e, or
// completed when e is nil.
func taskStatus(e *toolexec.Error) TaskStatus {
	switch {
	case e == nil:
		return TaskCompleted
	case e.Kind == toolexec.KindCancelled:
		return TaskCancelled
	case e.Kind == toolexec.KindTimeout:
		return TaskTimedOut
	}
	return TaskFailed
}

// BackgroundResult is what the model is told, at a later step, of a
// background call that settled: its task, status and tool result (an
// error result when it did not complete).
type BackgroundResult struct {
	TaskID string     `json:"taskId"`
	Status TaskStatus `json:"status"`
	llm.ToolResult
}

// handleText is what the model is given as the result of the call of
// tool name that started task id: Mastra's text, word for word.
func handleText(id, name string) string {
	return fmt.Sprintf("Background task started. Task ID: %s. The tool %s is running in the background. You will be notified when it completes.", id, wording.Quote(name))
}

// Disposition is how a call of a background tool runs, with Mastra's
// names. The model chooses it per call with the "disposition" field of a
// "_background" object in the call's arguments; [DispositionDeferred]
// when it does not.
type Disposition string

// The dispositions of a background tool's call.
const (
	// DispositionDeferred: the model gets the task's handle as the call's
	// result and goes on; the run does not wait for the task, whose
	// result replaces the handle in the conversation once it settles.
	DispositionDeferred Disposition = "deferred"
	// DispositionAwaited: the model gets the task's handle as the call's
	// result, and the run waits for the task before it finishes; the
	// result reaches the model in a user message at a later step.
	DispositionAwaited Disposition = "awaited"
	// DispositionForeground: the call runs as any other tool's call.
	DispositionForeground Disposition = "foreground"
)

// DefaultTaskTimeout bounds a background task when neither the call's
// "_background" object (timeoutMs) nor the run's tool timeout does:
// Mastra's default, five minutes.
const DefaultTaskTimeout = 5 * time.Minute

// backgroundField is the name of the arguments' field by which the model
// chooses how a background tool's call runs.
const backgroundField = "_background"

// backgroundOverride is what the model asked of a call in its
// "_background" object; nil fields were not given.
type backgroundOverride struct {
	Enabled     *bool        `json:"enabled"`
	Disposition *Disposition `json:"disposition"`
	TimeoutMs   *float64     `json:"timeoutMs"`
	MaxRetries  *float64     `json:"maxRetries"`
}

// disposition resolves how the call runs, as Mastra's resolveBackgroundConfig
// does: the disposition asked for, else enabled (true: deferred, false:
// foreground), else deferred.
func (o backgroundOverride) disposition() Disposition {
	switch {
	case o.Disposition != nil:
		return *o.Disposition
	case o.Enabled != nil && !*o.Enabled:
		return DispositionForeground
	}
	return DispositionDeferred
}

// timeout is the call's timeout in place of the run's, 0 when not given.
func (o backgroundOverride) timeout() time.Duration {
	if o.TimeoutMs == nil || *o.TimeoutMs <= 0 {
		return 0
	}
	return time.Duration(*o.TimeoutMs * float64(time.Millisecond))
}

// retries is the number of times a failed task runs again.
func (o backgroundOverride) retries() int {
	if o.MaxRetries == nil || *o.MaxRetries < 0 {
		return 0
	}
	return min(int(*o.MaxRetries), maxTaskRetries)
}

// maxTaskRetries bounds what a model may ask of maxRetries.
const maxTaskRetries = 10

// splitBackground takes the "_background" object out of args, a call's
// arguments, and returns the rest and what it asks. Arguments that are
// not an object, or have no such field, come back as they are; a field
// that is not an object of Mastra's shape is an error, for the model.
func splitBackground(args string) (string, backgroundOverride, error) {
	var ov backgroundOverride
	if !strings.Contains(args, backgroundField) {
		return args, ov, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(args), &fields); err != nil {
		return args, ov, nil // the tool's validation says what is wrong
	}
	raw, ok := fields[backgroundField]
	if !ok {
		return args, ov, nil
	}
	delete(fields, backgroundField)
	rest, _ := json.Marshal(fields) // raw values only
	if string(raw) == "null" {
		return string(rest), ov, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ov); err != nil {
		return args, ov, fmt.Errorf(`the "_background" field must be an object with optional fields enabled (a boolean), disposition ("foreground", "deferred" or "awaited"), timeoutMs and maxRetries (numbers): %w`, err)
	}
	if d := ov.Disposition; d != nil && *d != DispositionDeferred && *d != DispositionAwaited && *d != DispositionForeground {
		return args, ov, fmt.Errorf(`the "_background" field's disposition must be "foreground", "deferred" or "awaited", not %q`, string(*d))
	}
	return string(rest), ov, nil
}

// backgroundSchema is the JSON Schema of the "_background" field that the
// input schema of a background tool advertises to the model: Mastra's
// backgroundOverrideJsonSchema, word for word.
const backgroundSchema = `{"type":"object","description":"Optional: override how this specific call executes (foreground, deferred, or awaited). When omitted, the tool's configured default disposition applies. The enabled boolean remains supported for compatibility.","properties":{"enabled":{"type":"boolean","description":"Force deferred (true) or foreground (false) execution for this call."},"disposition":{"type":"string","enum":["foreground","deferred","awaited"],"description":"Choose foreground, deferred, or awaited execution for this call."},"timeoutMs":{"type":"number","description":"Override timeout in milliseconds for this call."},"maxRetries":{"type":"number","description":"Override maximum retry attempts for this call."}},"additionalProperties":false}`

// withBackgroundField returns def with the "_background" field among the
// properties of its input schema, as Mastra injects it. A strict tool's
// schema, which must list every property as required, and a schema that
// is not an object's, are left as they are.
func withBackgroundField(def llm.ToolDefinition) llm.ToolDefinition {
	if def.Strict {
		return def
	}
	var sch map[string]json.RawMessage
	if err := json.Unmarshal(def.InputSchema, &sch); err != nil || sch == nil {
		return def
	}
	var props map[string]json.RawMessage
	if raw, ok := sch["properties"]; ok {
		if err := json.Unmarshal(raw, &props); err != nil {
			return def
		}
	}
	if props == nil {
		props = map[string]json.RawMessage{}
	}
	props[backgroundField] = json.RawMessage(backgroundSchema)
	sch["properties"], _ = json.Marshal(props)
	def.InputSchema, _ = json.Marshal(sch)
	return def
}

// backgroundPrompt is the part of the system message that tells the model
// which tools run in the background and how to choose: Mastra's text
// (generateBackgroundTaskSystemPrompt), word for word, with the tools'
// keys; "" without background tools.
func backgroundPrompt(keys []string) string {
	if len(keys) == 0 {
		return ""
	}
	var list strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&list, "- %s (default: background)\n", k)
	}
	return `You have the ability to run certain tools in the background while continuing the conversation. The following tools support background execution:
` + list.String() + `
For any of these tools, you can include a "_background" field in the tool arguments to override the default:
  "_background": { "disposition": "foreground" | "deferred" | "awaited", "timeoutMs": number, "maxRetries": number }

All fields in "_background" are optional. Only include what you want to override. Tools listed with "default: background" run in the background unless you set "disposition": "foreground". Tools listed with "default: foreground" run inline unless you explicitly request "deferred" or "awaited" — for those tools, omitting "_background" never starts background work.

Dispositions:
- "deferred": the tool runs in the background while you continue; you receive a placeholder result with a task ID and are notified when the task completes.
- "awaited": the tool runs as a durable background task but your run waits for its result before continuing.
- "foreground": the tool runs inline and returns its real result immediately.

Guidelines:
- Use background execution when the user doesn't need the result immediately, or when you're launching multiple independent tasks.
- Use foreground execution when the user is directly waiting for the result and the conversation can't continue without it.
- When a tool runs deferred, you'll receive a placeholder result with a task ID. You can reference this in your response to the user.

IMPORTANT: "_background" field is always an object. The fields in the _background field should be inside the _background object, not outside of it.`
}

// backgroundMessage is the user message that tells the model of results:
// per result, a line naming the task, the tool, the call and the status,
// then the result, its content parts kept.
func backgroundMessage(results []BackgroundResult) llm.Message {
	var parts []llm.Part
	for _, res := range results {
		head := fmt.Sprintf("Background task %s (tool %s, call %s) %s", res.TaskID, wording.Quote(res.ToolName), res.ToolCallID, statusWords(res.Status))
		switch out := res.Output; out.Type {
		case llm.OutputContent:
			parts = append(parts, llm.TextPart(head+". Its result:"))
			parts = append(parts, out.Parts...)
		case llm.OutputErrorText:
			parts = append(parts, llm.TextPart(head+": "+out.Text))
		default:
			parts = append(parts, llm.TextPart(head+". Its result:\n"+out.String()))
		}
	}
	return llm.UserParts(parts...)
}

// statusWords says what became of a task, for the model.
func statusWords(s TaskStatus) string {
	switch s {
	case TaskCompleted:
		return "completed"
	case TaskTimedOut:
		return "timed out"
	case TaskCancelled:
		return "was cancelled"
	}
	return "failed"
}

// backgrounder is a [tool.Tool] that says whether its calls run in the
// background beside its Spec: a [tool.Func] given [tool.Func.WithBackground].
type backgrounder interface {
	runsInBackground() bool
}

// isBackground reports whether the calls of t run in the background.
func isBackground(t tool.Tool) bool {
	if t == nil {
		return false
	}
	if t.Spec().Background {
		return true
	}
	b, ok := t.(backgrounder)
	return ok && b.runsInBackground()
}

// Tasks are the deferred background tasks of one conversation: those
// still running, and those that settled and that no run has delivered
// yet. They outlive the run that started them. Every run has one: the
// [WithTasks] option's, else a new one, in [Result.Tasks]; give it to the
// next run of the conversation with WithTasks(res.Tasks), beside
// WithHistory(res.Messages...), and that run's steps deliver what
// settled. The zero value is ready to use; a Tasks is safe for
// concurrent use.
type Tasks struct {
	mu      sync.Mutex
	seq     int                           // tasks started, for their ids
	running map[string]context.CancelFunc // by task id
	settled []*task                       // settled, not yet delivered
	wg      sync.WaitGroup
	changed chan struct{} // closed and replaced when a task settles

	// stored, when set, keeps the tasks in a store: see [StoredTasks].
	stored *storedTasks
}

// next returns the id and the sequence number of a new task. The ids of
// stored tasks carry a random part, since runs of the conversation in
// other processes count tasks of their own.
func (ts *Tasks) next() (string, int) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.seq++
	id := fmt.Sprintf("task-%d", ts.seq)
	if ts.stored != nil {
		id += "-" + strings.ToLower(rand.Text()[:8])
	}
	return id, ts.seq
}

// atLeast makes the next task ids follow n, the task count of a run
// state.
func (ts *Tasks) atLeast(n int) {
	ts.mu.Lock()
	ts.seq = max(ts.seq, n)
	ts.mu.Unlock()
}

// count is the number of tasks started, for [RunState.TaskCount].
func (ts *Tasks) count() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.seq
}

// Running returns the number of deferred tasks still running.
func (ts *Tasks) Running() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return len(ts.running)
}

// Undelivered returns the number of deferred tasks that settled and that
// no run has delivered yet.
func (ts *Tasks) Undelivered() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return len(ts.settled)
}

// Wait waits until no deferred task runs, or until ctx ends, and returns
// ctx's error then.
func (ts *Tasks) Wait(ctx context.Context) error {
	for {
		ts.mu.Lock()
		if len(ts.running) == 0 {
			ts.mu.Unlock()
			return nil
		}
		ch := ts.changedLocked()
		ts.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("wait for background tasks: %w", context.Cause(ctx))
		}
	}
}

// Cancel cancels the deferred tasks still running and waits for them:
// each settles as cancelled, and the next run delivers that.
func (ts *Tasks) Cancel() {
	ts.mu.Lock()
	for _, cancel := range ts.running {
		cancel()
	}
	ts.mu.Unlock()
	ts.wg.Wait()
}

// changedLocked returns the channel closed when a task next settles; mu
// is held.
func (ts *Tasks) changedLocked() chan struct{} {
	if ts.changed == nil {
		ts.changed = make(chan struct{})
	}
	return ts.changed
}

// add registers the running task t, cancelled by cancel, which cannot
// run past deadline.
func (ts *Tasks) add(ctx context.Context, t *task, cancel context.CancelFunc, deadline time.Time) {
	ts.mu.Lock()
	if ts.running == nil {
		ts.running = map[string]context.CancelFunc{}
	}
	ts.running[t.id] = cancel
	ts.wg.Add(1)
	ts.mu.Unlock()
	if ts.stored != nil {
		ts.stored.start(ctx, t, deadline)
	}
}

// settle moves t from the running tasks to the settled ones.
func (ts *Tasks) settle(ctx context.Context, t *task) {
	if ts.stored != nil {
		ts.stored.settle(ctx, t)
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if cancel := ts.running[t.id]; cancel != nil {
		cancel()
	}
	delete(ts.running, t.id)
	ts.settled = append(ts.settled, t)
	if ts.changed != nil {
		close(ts.changed)
		ts.changed = nil
	}
	ts.wg.Done()
}

// take returns the settled tasks not yet delivered, in the order they
// started, and forgets them. A stored Tasks takes them from its store,
// with those of other processes; r makes the events of tasks reported
// lost.
func (ts *Tasks) take(ctx context.Context, r *runner) []*task {
	if ts.stored != nil {
		return ts.stored.take(ctx, ts, r)
	}
	ts.mu.Lock()
	done := ts.settled
	ts.settled = nil
	ts.mu.Unlock()
	slices.SortFunc(done, func(x, y *task) int { return cmp.Compare(x.seq, y.seq) })
	return done
}

// runsInBackground reports whether s, a call that is ready to run, runs
// as a background task: a background tool's call, when the run has no
// executor and the model did not ask for the foreground.
func (r *runner) runsInBackground(s *slot) bool {
	return isBackground(s.tool) && r.cfg.executor == nil && s.bg.disposition() != DispositionForeground
}

// backgroundKeys are the keys of the run's background tools, sorted; none
// when an executor runs the calls.
func (r *runner) backgroundKeys() []string {
	if r.cfg.executor != nil {
		return nil
	}
	var keys []string
	for _, k := range r.tools.Keys() {
		if isBackground(r.tools[k]) {
			keys = append(keys, k)
		}
	}
	return keys
}

// advertiseBackground adds the "_background" field to the input schemas
// of defs, the definitions of the active tools, that are background
// tools'.
func (r *runner) advertiseBackground(active tool.Toolset, defs []llm.ToolDefinition) []llm.ToolDefinition {
	if r.cfg.executor != nil {
		return defs
	}
	for i, d := range defs {
		if isBackground(active[d.Name]) {
			defs[i] = withBackgroundField(d)
		}
	}
	return defs
}

// tasks are the awaited background tasks of a run. The loop's goroutine
// alone starts and collects them; each task's goroutine only adds itself
// to settled when it is done.
type tasks struct {
	ctx    context.Context // the tasks' ctx, a child of the run's
	cancel context.CancelFunc
	wg     sync.WaitGroup
	signal chan struct{} // one buffered token: a task settled

	mu      sync.Mutex
	settled []*task // settled and not yet collected

	running     int                // started and not yet collected
	undelivered []BackgroundResult // collected, not yet sent to the model
}

// task is one background call.
type task struct {
	id       string
	seq      int
	step     int
	s        *slot // the task's own copy of the call's slot
	retries  int   // how many times a failure runs it again
	disp, tr *Event
	started  time.Time
	// unstored is set when the store failed to record the task: this
	// process delivers it.
	unstored bool
}

// startTask runs s, a call of step that is ready to run, as a background
// task with the disposition ov asks for: s settles at once with the task's
// handle, which the model is given as the call's result (a
// background-task-started event, then a tool-result event), and the call
// runs on with its own copy of the slot. A deferred task runs in the run's
// [Tasks], under a ctx that the end of the run's does not end; an awaited
// one under the run's ctx.
func (r *runner) startTask(ctx context.Context, step int, s *slot, ov backgroundOverride) {
	id, seq := r.conv.next()
	cp := *s
	t := &task{id: id, seq: seq, step: step, s: &cp, retries: ov.retries(), started: time.Now()}
	t.s.outcome.TaskID = t.id
	t.s.timeout = ov.timeout()
	if t.s.timeout <= 0 && r.cfg.toolTimeout <= 0 {
		t.s.timeout = DefaultTaskTimeout
	}
	t.s.span.BackgroundStarted(t.id)
	handle := handleText(t.id, s.call.Name)
	s.outcome.TaskID = t.id
	s.outcome.ModelOutput = llm.TextOutput(handle)
	ev := Event{Type: EventBackgroundTaskStarted, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID, TaskID: t.id}
	tr := ev
	r.record(&ev, &tr)
	payload, _ := json.Marshal(handle) // a string
	// The call's result, not the task's: no TaskID, so that a consumer
	// tells it from the task's result event.
	res := Event{Type: EventToolResult, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID, Payload: payload}
	resTr := res
	r.record(&res, &resTr)

	if ov.disposition() == DispositionDeferred {
		tctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		conv := r.conv
		conv.add(tctx, t, cancel, time.Now().Add(r.taskBound(t)))
		go func() {
			r.runTask(tctx, t)
			conv.settle(tctx, t)
		}()
		return
	}
	b := &r.tasks
	if b.cancel == nil {
		b.ctx, b.cancel = context.WithCancel(ctx)
		b.signal = make(chan struct{}, 1)
	}
	b.running++
	b.wg.Go(func() {
		r.runTask(b.ctx, t)
		b.mu.Lock()
		b.settled = append(b.settled, t)
		b.mu.Unlock()
		select {
		case b.signal <- struct{}{}:
		default:
		}
	})
}

// runTask runs t once a slot of the run's concurrency limit is free,
// bounded by its timeout, again after a failure while it has retries
// left, and sets its events.
func (r *runner) runTask(ctx context.Context, t *task) {
	ctx = t.s.span.In(ctx)
	first := *t.s
	for attempt := 0; ; attempt++ {
		select {
		case r.sem <- struct{}{}:
			if err := ctx.Err(); err != nil {
				t.disp, t.tr = r.failure(ctx, t.step, t.s, toolexec.Cancelled(t.s.call.Name, context.Cause(ctx)))
			} else {
				t.disp, t.tr = r.execute(ctx, t.step, t.s, nil)
			}
			<-r.sem
		case <-ctx.Done():
			t.disp, t.tr = r.failure(ctx, t.step, t.s, toolexec.Cancelled(t.s.call.Name, context.Cause(ctx)))
		}
		e := t.s.outcome.Err
		if e == nil || e.Kind == toolexec.KindCancelled || attempt >= t.retries || ctx.Err() != nil {
			break
		}
		cp := first
		t.s = &cp
	}
	// A background call cannot pause (see callControl), so execute
	// returned its result or error events.
	t.disp.TaskID, t.tr.TaskID = t.id, t.id
}

// collectTasks records the events of the awaited tasks that settled since
// the last collection, in the order they started, and keeps their
// outcomes for the application and their results for the model.
func (r *runner) collectTasks() {
	b := &r.tasks
	b.mu.Lock()
	done := b.settled
	b.settled = nil
	b.mu.Unlock()
	slices.SortFunc(done, func(x, y *task) int { return cmp.Compare(x.seq, y.seq) })
	for _, t := range done {
		b.running--
		r.record(t.disp, t.tr)
		o := t.s.outcome
		r.res.Background = append(r.res.Background, o)
		b.undelivered = append(b.undelivered, BackgroundResult{TaskID: t.id, Status: taskStatus(o.Err),
			ToolResult: llm.ToolResult{ToolCallID: o.ToolCallID, ToolName: o.ToolName, Output: o.ModelOutput}})
	}
}

// tasksPending reports whether awaited background calls run, or settled
// without the model being told.
func (r *runner) tasksPending() bool {
	r.collectTasks()
	return r.tasks.running > 0 || len(r.tasks.undelivered) > 0
}

// awaitTasks waits until every awaited background task has settled,
// recording each as it settles, or until ctx ends.
func (r *runner) awaitTasks(ctx context.Context) error {
	for r.collectTasks(); r.tasks.running > 0; r.collectTasks() {
		select {
		case <-r.tasks.signal:
		case <-ctx.Done():
			return r.check(ctx)
		}
	}
	return nil
}

// deliverTasks tells the model, in messages, of the background results it
// has not seen: each deferred task that settled replaces its handle in
// the history (or, when the history no longer holds it, is told in a user
// message), and the awaited ones are told in a user message.
func (r *runner) deliverTasks(messages []llm.Message) []llm.Message {
	var unplaced []BackgroundResult
	for _, t := range r.conv.take(r.ctx, r) {
		r.record(t.disp, t.tr)
		o := t.s.outcome
		r.res.Background = append(r.res.Background, o)
		out := o.ModelOutput
		if o.Err != nil {
			out = llm.ErrorOutput("Background task failed: " + o.Err.Message)
		}
		var placed bool
		if messages, placed = replaceHandle(messages, t, out); !placed {
			unplaced = append(unplaced, BackgroundResult{TaskID: t.id, Status: taskStatus(o.Err),
				ToolResult: llm.ToolResult{ToolCallID: o.ToolCallID, ToolName: o.ToolName, Output: o.ModelOutput}})
		}
	}
	r.collectTasks()
	unplaced = append(unplaced, r.tasks.undelivered...)
	r.tasks.undelivered = nil
	if len(unplaced) == 0 {
		return messages
	}
	return append(messages, backgroundMessage(unplaced))
}

// replaceHandle returns messages with out in place of the handle of task
// t, the result of its call, and whether it found it. The message that
// held it is copied, not changed.
func replaceHandle(messages []llm.Message, t *task, out llm.ModelOutput) ([]llm.Message, bool) {
	handle := handleText(t.id, t.s.call.Name)
	for i := len(messages) - 1; i >= 0; i-- {
		m := messages[i]
		if m.Role != llm.RoleTool {
			continue
		}
		for j, p := range m.Parts {
			tr := p.ToolResult
			if p.Type != llm.PartToolResult || tr == nil || tr.ToolCallID != t.s.call.ID || !isHandle(tr.Output, handle) {
				continue
			}
			res := *tr
			res.Output = out
			m.Parts = slices.Clone(m.Parts)
			m.Parts[j].ToolResult = &res
			messages = slices.Clone(messages)
			messages[i] = m
			return messages, true
		}
	}
	return messages, false
}

// isHandle reports whether o is handle: as the run gave it, a text, or as
// a UI stream's client sends it back, a JSON string.
func isHandle(o llm.ModelOutput, handle string) bool {
	var s string
	switch o.Type {
	case llm.OutputText:
		return o.Text == handle
	case llm.OutputJSON:
		return json.Unmarshal(o.JSON, &s) == nil && s == handle
	}
	return false
}

// endTasks cancels the awaited background tasks still running as the run
// ends, waits for them, and records their cancellation. Deferred tasks
// run on.
func (r *runner) endTasks() {
	if r.tasks.cancel == nil {
		return
	}
	r.tasks.cancel()
	r.tasks.wg.Wait()
	r.collectTasks()
}

// close ends the run's context and waits for its awaited background
// tasks, which end with it.
func (r *runner) close() {
	r.cancel()
	r.tasks.wg.Wait()
}
