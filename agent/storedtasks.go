package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// StoredTasks returns the deferred background tasks of conversation, kept
// in st so that they outlive the process: a task started by a run in one
// process, and settled after that run ended, is delivered by the next run
// of the conversation in whatever process shares st, once. Give it to
// each run of the conversation with [WithTasks]. A task waits ttl (0: a
// day) for that run.
//
// The task still runs in the process that started it. When that process
// stops first, the task is lost: once the task could no longer be running
// (its timeouts and retries past, and five minutes more), the next run
// tells the model that it failed, so that the model can call the tool
// again. Delivered from another process, a task's outcome in
// [Result.Background] has its ModelOutput and Err but no typed Input or
// Output. When the store fails, the task is delivered by this process
// only.
func StoredTasks(st store.Tasks, conversation string, ttl time.Duration) *Tasks {
	if ttl <= 0 {
		ttl = 24 * time.Hour
	}
	return &Tasks{stored: &storedTasks{st: st, conversation: conversation, ttl: ttl}}
}

// storedTasks is where a [Tasks] keeps its tasks.
type storedTasks struct {
	st           store.Tasks
	conversation string
	ttl          time.Duration
}

// taskCall is what a store keeps of a task's call, to tell the model of
// the task when it is lost.
type taskCall struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Step int    `json:"step"`
	Seq  int    `json:"seq"`
}

// taskResult is what a store keeps of a settled task.
type taskResult struct {
	Err         *toolexec.Error `json:"err,omitempty"`
	ModelOutput llm.ModelOutput `json:"modelOutput"`
	Display     *Event          `json:"display"`
	Transcript  *Event          `json:"transcript"`
}

// taskGrace is how long past its timeouts a task is taken to be still
// running, waiting for a slot of its run's concurrency.
const taskGrace = 5 * time.Minute

// taskBound is the longest a deferred task t can run: its attempts, each
// bounded by its timeout, and taskGrace.
func (r *runner) taskBound(t *task) time.Duration {
	per := t.s.timeout
	if per <= 0 {
		per = r.cfg.toolTimeout
	}
	return time.Duration(t.retries+1)*per + taskGrace
}

// start records t as running.
func (sts *storedTasks) start(ctx context.Context, t *task, deadline time.Time) {
	call, _ := json.Marshal(taskCall{ID: t.s.call.ID, Name: t.s.call.Name, Step: t.step, Seq: t.seq})
	now := time.Now()
	err := sts.st.StartTask(ctx, store.Task{ID: t.id, Conversation: sts.conversation, Started: now,
		Deadline: deadline, Expires: now.Add(sts.ttl), Call: call})
	t.unstored = err != nil
}

// settle records t's result, or leaves it to this process when the store
// cannot.
func (sts *storedTasks) settle(ctx context.Context, t *task) {
	if t.unstored {
		return
	}
	o := t.s.outcome
	raw, err := json.Marshal(taskResult{Err: o.Err, ModelOutput: o.ModelOutput, Display: t.disp, Transcript: t.tr})
	if err == nil {
		err = sts.st.SettleTask(context.WithoutCancel(ctx), sts.conversation, t.id, raw)
	}
	t.unstored = err != nil && !errors.Is(err, store.ErrNoTask) // reported lost already
}

// take returns the settled tasks of the conversation from the store, and
// those of ts the store failed to keep, in the order they started. The
// tasks of ts the store did not return were delivered by another run.
//
// A run without background tools asks the store nothing: it can have
// started no task, and a model call is not to cost a query for none.
func (sts *storedTasks) take(ctx context.Context, ts *Tasks, r *runner) []*task {
	if len(r.backgroundKeys()) == 0 {
		return nil
	}
	recs, err := sts.st.TakeTasks(ctx, sts.conversation)
	ts.mu.Lock()
	local := ts.settled
	ts.settled = nil
	if err != nil {
		// The store's tasks wait for the next run; this process's own
		// wait with them.
		for _, t := range local {
			if !t.unstored {
				ts.settled = append(ts.settled, t)
			}
		}
	}
	ts.mu.Unlock()
	var out []*task
	for _, t := range local {
		if t.unstored {
			out = append(out, t)
		}
	}
	for _, rec := range recs {
		if i := slices.IndexFunc(local, func(t *task) bool { return t.id == rec.ID && !t.unstored }); i >= 0 {
			out = append(out, local[i])
			continue
		}
		out = append(out, r.storedTask(rec))
	}
	slices.SortStableFunc(out, func(x, y *task) int { return x.started.Compare(y.started) })
	return out
}

// storedTask is the task of rec, settled in another process or lost.
func (r *runner) storedTask(rec store.Task) *task {
	var call taskCall
	callErr := json.Unmarshal(rec.Call, &call)
	t := &task{id: rec.ID, seq: call.Seq, step: call.Step, started: rec.Started,
		s: &slot{call: llm.ToolCall{ID: call.ID, Name: call.Name}, tool: r.tools[call.Name]}}
	t.s.outcome = ToolOutcome{ToolName: call.Name, ToolCallID: call.ID, TaskID: rec.ID}
	var res taskResult
	var why string
	switch {
	case callErr != nil:
		why = fmt.Sprintf("its stored call cannot be read: %v", callErr)
	case rec.Result == nil:
		why = "the process that ran it stopped before it settled"
	default:
		if err := json.Unmarshal(rec.Result, &res); err != nil {
			why = fmt.Sprintf("its stored result cannot be read: %v", err)
		} else if res.Display == nil || res.Transcript == nil {
			why = "its stored result has no events"
		}
	}
	if why != "" {
		e := &toolexec.Error{Kind: toolexec.KindToolFailed, Message: fmt.Sprintf("background task %s of tool %q was lost: %s; call the tool again if its result is still needed", rec.ID, call.Name, why)}
		t.disp, t.tr = r.failure(r.ctx, t.step, t.s, e)
		t.disp.TaskID, t.tr.TaskID = t.id, t.id
		return t
	}
	t.s.outcome.Err, t.s.outcome.ModelOutput = res.Err, res.ModelOutput
	t.disp, t.tr = res.Display, res.Transcript
	return t
}
