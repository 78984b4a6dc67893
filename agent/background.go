package agent

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/toolgen-go/toolgen/internal/wording"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// This file runs the calls of background tools ([tool.Spec.Background],
// [tool.Func.WithBackground]): the model is given a task handle as the call's
// result at once, the call runs on in its own goroutine, and its result
// reaches the model in a user message at a later step.

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

// taskHandle is what the model is given as the result of a background
// call: Mastra's words, with the task id and status as fields.
type taskHandle struct {
	TaskID  string     `json:"taskId"`
	Status  TaskStatus `json:"status"`
	Message string     `json:"message"`
}

// handleOutput is the model output of the call of tool name that started
// task id.
func handleOutput(id, name string) llm.ModelOutput {
	msg := fmt.Sprintf("Background task started. Task ID: %s. The tool %s is running in the background. You will be notified when it completes.", id, wording.Quote(name))
	data, _ := json.Marshal(taskHandle{TaskID: id, Status: TaskRunning, Message: msg}) // strings only
	return llm.JSONOutput(data)
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

// tasks are the background tasks of a run. The loop's goroutine alone
// starts and collects them; each task's goroutine only adds itself to
// settled when it is done.
type tasks struct {
	ctx    context.Context // the tasks' ctx, a child of the run's
	cancel context.CancelFunc
	wg     sync.WaitGroup
	signal chan struct{} // one buffered token: a task settled

	mu      sync.Mutex
	settled []*task // settled and not yet collected

	seq         int                // tasks started, for their ids
	running     int                // started and not yet collected
	undelivered []BackgroundResult // collected, not yet sent to the model
}

// task is one background call.
type task struct {
	id       string
	seq      int
	step     int
	s        *slot // the task's own copy of the call's slot
	disp, tr *Event
}

// startTask runs s, a call of step that is ready to run, as a background
// task under ctx: s settles at once with the task's handle, and the call
// runs on with its own copy of the slot.
func (r *runner) startTask(ctx context.Context, step int, s *slot) {
	b := &r.tasks
	if b.cancel == nil {
		b.ctx, b.cancel = context.WithCancel(ctx)
		b.signal = make(chan struct{}, 1)
	}
	b.seq++
	cp := *s
	t := &task{id: fmt.Sprintf("task-%d", b.seq), seq: b.seq, step: step, s: &cp}
	t.s.outcome.TaskID = t.id
	t.s.span.BackgroundStarted(t.id)
	s.outcome.TaskID = t.id
	s.outcome.ModelOutput = handleOutput(t.id, s.call.Name)
	ev := Event{Type: EventBackgroundTaskStarted, Step: step, ToolName: s.call.Name, ToolCallID: s.call.ID, TaskID: t.id}
	tr := ev
	r.record(&ev, &tr)
	b.running++
	b.wg.Go(func() { r.runTask(b.ctx, t) })
}

// runTask runs t once a slot of the run's concurrency limit is free,
// bounded by the tool timeout, and adds it to the settled tasks.
func (r *runner) runTask(ctx context.Context, t *task) {
	ctx = t.s.span.In(ctx)
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
	// A background call cannot pause (see callControl), so execute
	// returned its result or error events.
	t.disp.TaskID, t.tr.TaskID = t.id, t.id
	b := &r.tasks
	b.mu.Lock()
	b.settled = append(b.settled, t)
	b.mu.Unlock()
	select {
	case b.signal <- struct{}{}:
	default:
	}
}

// collectTasks records the events of the tasks that settled since the
// last collection, in the order they started, and keeps their outcomes
// for the application and their results for the model.
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

// tasksPending reports whether background calls run, or settled without
// the model being told.
func (r *runner) tasksPending() bool {
	r.collectTasks()
	return r.tasks.running > 0 || len(r.tasks.undelivered) > 0
}

// awaitTasks waits until every background task has settled, recording
// each as it settles, or until ctx ends.
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

// deliverTasks appends to messages the message that tells the model of
// the background results it has not seen, if any.
func (r *runner) deliverTasks(messages []llm.Message) []llm.Message {
	r.collectTasks()
	if len(r.tasks.undelivered) == 0 {
		return messages
	}
	messages = append(messages, backgroundMessage(r.tasks.undelivered))
	r.tasks.undelivered = nil
	return messages
}

// endTasks cancels the background tasks still running as the run ends,
// waits for them, and records their cancellation.
func (r *runner) endTasks() {
	if r.tasks.cancel == nil {
		return
	}
	r.tasks.cancel()
	r.tasks.wg.Wait()
	r.collectTasks()
}

// close ends the run's context and waits for its background tasks, which
// end with it.
func (r *runner) close() {
	r.cancel()
	r.tasks.wg.Wait()
}
