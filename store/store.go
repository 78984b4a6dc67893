// Package store is the contract for the state of agent runs that must
// outlive the process that made it: paused runs (waiting for an approval,
// resume data or a client tool) and the background tasks of a
// conversation. [Memory] keeps it in the process, the default when nothing
// is configured; the SQLite store (module
// github.com/toolgen-go/toolgen/store/sqlite) keeps it in one file for a
// single server, and the Postgres store (module
// github.com/toolgen-go/toolgen/store/postgres) in a database that many
// replicas share. Package storetest is the conformance suite every
// implementation runs.
//
// A store deals in bytes: the states and results are JSON that the agent
// and uistream packages write and read, so that a store needs no
// knowledge of them, and a state it cannot read fails that run alone.
//
// The guarantees, what happens when a server stops mid-resume, and how
// to choose a store are in
// https://github.com/toolgen-go/toolgen/blob/main/docs/stores.md.
package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"
)

// Store keeps paused runs and background tasks. Implementations are safe
// for concurrent use, by many goroutines and, for the database stores, by
// many processes sharing the database.
type Store interface {
	Runs
	Tasks
}

// The errors of a [Store]'s methods wrap these, to be told apart with
// errors.Is.
var (
	// ErrNoRun: no paused run of the id is there to take: it was
	// resumed already, it expired, or it never was.
	ErrNoRun = errors.New("no such paused run")
	// ErrTaken: the run is being resumed under a claim that has not
	// expired.
	ErrTaken = errors.New("paused run is being resumed")
	// ErrLostClaim: the claim named is no longer the run's: its lease
	// expired and another took the run, or it was done or released.
	ErrLostClaim = errors.New("claim on the paused run was lost")
	// ErrTooLarge: a state or a result is larger than the store's bound.
	ErrTooLarge = errors.New("larger than the store's bound")
	// ErrNoTask: no running task of the id is there to settle: it was
	// never started, it was settled already, or it was reported lost.
	ErrNoTask = errors.New("no such running task")
)

// Run is a paused run as a store keeps it.
type Run struct {
	// ID is the run's id, unique in the store.
	ID string
	// Conversation is the conversation the run belongs to, for
	// [Runs.Pending]; "" for none.
	Conversation string
	// State is the run's agent.RunState as JSON.
	State []byte
	// Expires is when the run is dropped if nobody resumed it.
	Expires time.Time
	// Claim is set by [Runs.Take]: the token that [Runs.Extend],
	// [Runs.Release] and [Runs.Done] name.
	Claim string
	// Takes is set by [Runs.Take] and [Runs.Pending]: how many times the
	// run was taken. More than one means that an earlier resume of it did
	// not finish (it failed and was released, or its server stopped), and
	// the tools of the calls it resumed may have run already (see
	// docs/stores.md).
	Takes int
}

// Runs keeps the states of paused runs between the request that paused a
// run and the one that resumes it.
//
// A run is taken under a claim that lasts a lease: while the claim holds,
// nobody else can take the run; the server that resumes it extends the
// lease as the run goes on, and removes the run with Done when the
// resumed run has ended. A server that stops before Done leaves the run
// to be taken again once the lease expires: a paused run is resumed at
// least once, and exactly once unless a server stops mid-resume.
type Runs interface {
	// Put stores the paused run r, or replaces the run of its id (its
	// claim ends). It fails with ErrTooLarge when r.State is larger than
	// the store's bound.
	Put(ctx context.Context, r Run) error
	// Take claims the run id for lease and returns it with its Claim and
	// Takes set. Of concurrent Takes of one run, one succeeds; the others
	// get ErrTaken. A run that is not there, or expired, gives ErrNoRun.
	Take(ctx context.Context, id string, lease time.Duration) (Run, error)
	// Extend makes the claim of run id last lease from now, or fails with
	// ErrLostClaim.
	Extend(ctx context.Context, id, claim string, lease time.Duration) error
	// Release ends the claim and leaves the run to be taken again, as it
	// was: for a resume refused before it ran anything. It fails with
	// ErrLostClaim when the claim is no longer the run's.
	Release(ctx context.Context, id, claim string) error
	// Done removes the run whose resume has ended. It fails with
	// ErrLostClaim when the claim is no longer the run's.
	Done(ctx context.Context, id, claim string) error
	// Pending returns the runs of conversation that have not expired and
	// are not done, claimed or not, oldest first, with their states and
	// no Claim.
	Pending(ctx context.Context, conversation string) ([]Run, error)
}

// Task is a background task of a conversation as a store keeps it.
type Task struct {
	// ID is the task's id, unique in its conversation.
	ID string
	// Conversation is the conversation whose runs are told of the task.
	Conversation string
	// Started is when the task started; tasks are delivered in that
	// order.
	Started time.Time
	// Deadline is when a task that has not settled is reported lost: its
	// process must have stopped, since a task cannot run longer.
	Deadline time.Time
	// Expires is when the task is dropped if no run of its conversation
	// took it.
	Expires time.Time
	// Call is what the task's starter recorded of it (the agent: the
	// tool call, as JSON), returned as given, so that a run can tell the
	// model of a task that was lost.
	Call []byte
	// Result is the settled task's result as JSON; nil while it runs, and
	// in a task [Tasks.TakeTasks] reports lost.
	Result []byte
}

// Tasks keeps the background tasks of conversations: started in one run,
// they settle after it has ended, and the next run of the same
// conversation, in whatever process, takes their results.
type Tasks interface {
	// StartTask records t as running.
	StartTask(ctx context.Context, t Task) error
	// SettleTask records the result of the running task id of
	// conversation. It fails with ErrNoTask when the task is not running
	// there, and with ErrTooLarge when result is larger than the store's
	// bound.
	SettleTask(ctx context.Context, conversation, id string, result []byte) error
	// TakeTasks removes and returns the tasks of conversation that settled
	// and those that did not by their Deadline (with a nil Result), in the
	// order they started. Of concurrent TakeTasks, each task goes to one.
	TakeTasks(ctx context.Context, conversation string) ([]Task, error)
}

// Messages keeps the conversations of servers whose clients send only
// their last message: uistream.Handler with KeepConversations. A Store
// may implement it; the three stores of toolgen do.
type Messages interface {
	// SaveMessages stores the messages of conversation (JSON), in place
	// of those it held, until expires. It fails with ErrTooLarge when
	// messages is larger than the store's bound.
	SaveMessages(ctx context.Context, conversation string, messages []byte, expires time.Time) error
	// LoadMessages returns the messages of conversation, or nil when it
	// holds none (never saved, or expired).
	LoadMessages(ctx context.Context, conversation string) ([]byte, error)
}

// CheckMessages returns the error of a SaveMessages in a store bounded
// by max bytes (0: [DefaultMaxBytes]), or nil.
func CheckMessages(conversation string, messages []byte, expires time.Time, max int) error {
	switch {
	case conversation == "":
		return errors.New("store: save messages: no conversation")
	case messages == nil:
		return fmt.Errorf("store: save messages of conversation %q: no messages", conversation)
	case expires.IsZero():
		return fmt.Errorf("store: save messages of conversation %q: no expiry", conversation)
	}
	return checkSize(fmt.Sprintf("messages of conversation %q", conversation), len(messages), max)
}

// UnixNano returns t as nanoseconds since the Unix epoch, clamped to the
// years int64 holds (1678 to 2262), so that the zero time is long past:
// the form in which the database stores keep times, compared as integers.
func UnixNano(t time.Time) int64 {
	switch {
	case t.Before(minTime):
		return math.MinInt64
	case t.After(maxTime):
		return math.MaxInt64
	}
	return t.UnixNano()
}

var (
	minTime = time.Unix(0, math.MinInt64)
	maxTime = time.Unix(0, math.MaxInt64)
)

// DefaultMaxBytes bounds a run's state and a task's result in the stores
// whose bound is 0.
const DefaultMaxBytes = 16 << 20

// DefaultLease is how long a claim of [Runs.Take] lasts before it must be
// extended, for callers that do not choose.
const DefaultLease = 30 * time.Second

// CheckRun returns the error of a Put of r in a store bounded by max
// bytes (0: [DefaultMaxBytes]), or nil.
func CheckRun(r Run, max int) error {
	if r.ID == "" {
		return errors.New("store: put: the run has no id")
	}
	if r.Expires.IsZero() {
		return fmt.Errorf("store: put run %s: it has no expiry", r.ID)
	}
	return checkSize("run "+r.ID+": state", len(r.State), max)
}

// CheckTask returns the error of a StartTask of t in a store bounded by
// max bytes (0: [DefaultMaxBytes]), or nil.
func CheckTask(t Task, max int) error {
	if t.ID == "" {
		return errors.New("store: start task: the task has no id")
	}
	if t.Result != nil {
		return fmt.Errorf("store: start task %s: a task starts without a result", t.ID)
	}
	if t.Deadline.IsZero() || t.Expires.IsZero() {
		return fmt.Errorf("store: start task %s: it has no deadline or no expiry", t.ID)
	}
	return checkSize("task "+t.ID+": call", len(t.Call), max)
}

// CheckResult returns the error of a SettleTask of task id with result in
// a store bounded by max bytes (0: [DefaultMaxBytes]), or nil.
func CheckResult(id string, result []byte, max int) error {
	if result == nil {
		return fmt.Errorf("store: settle task %s: no result", id)
	}
	return checkSize("task "+id+": result", len(result), max)
}

func checkSize(what string, n, max int) error {
	if max <= 0 {
		max = DefaultMaxBytes
	}
	if n > max {
		return fmt.Errorf("store: %s of %d bytes: %w (%d bytes)", what, n, ErrTooLarge, max)
	}
	return nil
}
