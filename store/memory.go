package store

import (
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// MaxMemoryEntries is how many runs, and how many tasks, a [Memory] holds
// at most: past it, a Put drops the expired runs and then the oldest, so
// that clients that pause runs and never answer cannot fill the memory.
const MaxMemoryEntries = 10000

// Memory is a [Store] and [Messages] in the process's memory, for a single server
// process: its runs and tasks are lost when the process stops. It keeps
// copies of the bytes it is given. The zero value is ready to use.
type Memory struct {
	// MaxBytes bounds a state or a result; 0 means [DefaultMaxBytes].
	MaxBytes int

	mu    sync.Mutex
	seq   int64 // puts, to order runs and to find the oldest
	runs  map[string]*memRun
	tasks map[taskKey]*memTask
	convs map[string]*memConv
}

type memConv struct {
	messages []byte
	expires  time.Time
	seq      int64
}

type memRun struct {
	Run
	claimUntil time.Time
	seq        int64
}

type taskKey struct{ conversation, id string }

type memTask struct {
	Task
	seq int64
}

// NewMemory returns an empty Memory.
func NewMemory() *Memory { return &Memory{} }

// Put implements [Runs].
func (m *Memory) Put(_ context.Context, r Run) error {
	if err := CheckRun(r, m.MaxBytes); err != nil {
		return err
	}
	now := time.Now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.runs == nil {
		m.runs = map[string]*memRun{}
	}
	if _, ok := m.runs[r.ID]; !ok && len(m.runs) >= MaxMemoryEntries {
		makeRoom(m.runs, now, func(r *memRun) time.Time { return r.Expires }, func(r *memRun) int64 { return r.seq })
	}
	m.seq++
	r.State, r.Claim, r.Takes = slices.Clone(r.State), "", 0
	if old := m.runs[r.ID]; old != nil {
		r.Takes = old.Takes
	}
	m.runs[r.ID] = &memRun{Run: r, seq: m.seq}
	return nil
}

// makeRoom drops the expired entries of m, and its oldest entry if it
// still holds MaxMemoryEntries; mu is held. expires and seq read an
// entry's expiry and its order of insertion.
func makeRoom[K comparable, V any](m map[K]V, now time.Time, expires func(V) time.Time, seq func(V) int64) {
	var oldest K
	found := false
	for k, v := range m {
		if !now.Before(expires(v)) {
			delete(m, k)
		} else if !found || seq(v) < seq(m[oldest]) {
			oldest, found = k, true
		}
	}
	if len(m) >= MaxMemoryEntries && found {
		delete(m, oldest)
	}
}

// Take implements [Runs].
func (m *Memory) Take(_ context.Context, id string, lease time.Duration) (Run, error) {
	now := time.Now()
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.runs[id]
	switch {
	case r == nil || !now.Before(r.Expires):
		delete(m.runs, id)
		return Run{}, fmt.Errorf("store: take run %s: %w", id, ErrNoRun)
	case r.Claim != "" && now.Before(r.claimUntil):
		return Run{}, fmt.Errorf("store: take run %s: %w", id, ErrTaken)
	}
	r.Claim, r.claimUntil = rand.Text(), now.Add(lease)
	r.Takes++
	out := r.Run
	out.State = slices.Clone(r.State)
	return out, nil
}

// claimed returns the run id while claim holds it; mu is held.
func (m *Memory) claimed(op, id, claim string) (*memRun, error) {
	r := m.runs[id]
	if r == nil || claim == "" || r.Claim != claim || !time.Now().Before(r.claimUntil) {
		return nil, fmt.Errorf("store: %s run %s: %w", op, id, ErrLostClaim)
	}
	return r, nil
}

// Extend implements [Runs].
func (m *Memory) Extend(_ context.Context, id, claim string, lease time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.claimed("extend", id, claim)
	if err != nil {
		return err
	}
	r.claimUntil = time.Now().Add(lease)
	return nil
}

// Release implements [Runs].
func (m *Memory) Release(_ context.Context, id, claim string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.claimed("release", id, claim)
	if err != nil {
		return err
	}
	r.Claim, r.claimUntil = "", time.Time{}
	return nil
}

// Done implements [Runs].
func (m *Memory) Done(_ context.Context, id, claim string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, err := m.claimed("done", id, claim); err != nil {
		return err
	}
	delete(m.runs, id)
	return nil
}

// Pending implements [Runs].
func (m *Memory) Pending(_ context.Context, conversation string) ([]Run, error) {
	now := time.Now()
	m.mu.Lock()
	var found []*memRun
	for _, r := range m.runs {
		if r.Conversation == conversation && now.Before(r.Expires) {
			found = append(found, r)
		}
	}
	slices.SortFunc(found, func(a, b *memRun) int { return int(a.seq - b.seq) })
	out := make([]Run, len(found))
	for i, r := range found {
		out[i] = r.Run
		out[i].State, out[i].Claim = slices.Clone(r.State), ""
	}
	m.mu.Unlock()
	return out, nil
}

// StartTask implements [Tasks].
func (m *Memory) StartTask(_ context.Context, t Task) error {
	if err := CheckTask(t, m.MaxBytes); err != nil {
		return err
	}
	now := time.Now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.tasks == nil {
		m.tasks = map[taskKey]*memTask{}
	}
	if len(m.tasks) >= MaxMemoryEntries {
		makeRoom(m.tasks, now, func(t *memTask) time.Time { return t.Expires }, func(t *memTask) int64 { return t.seq })
	}
	m.seq++
	t.Call = slices.Clone(t.Call)
	m.tasks[taskKey{t.Conversation, t.ID}] = &memTask{Task: t, seq: m.seq}
	return nil
}

// SettleTask implements [Tasks].
func (m *Memory) SettleTask(_ context.Context, conversation, id string, result []byte) error {
	if err := CheckResult(id, result, m.MaxBytes); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.tasks[taskKey{conversation, id}]
	if t == nil || t.Result != nil {
		return fmt.Errorf("store: settle task %s of conversation %q: %w", id, conversation, ErrNoTask)
	}
	t.Result = slices.Clone(result)
	return nil
}

// TakeTasks implements [Tasks].
func (m *Memory) TakeTasks(_ context.Context, conversation string) ([]Task, error) {
	now := time.Now()
	m.mu.Lock()
	var out []Task
	for k, t := range m.tasks {
		if k.conversation != conversation {
			continue
		}
		if !now.Before(t.Expires) {
			delete(m.tasks, k)
			continue
		}
		if t.Result != nil || !now.Before(t.Deadline) {
			out = append(out, t.Task)
			delete(m.tasks, k)
		}
	}
	m.mu.Unlock()
	SortTasks(out)
	return out, nil
}

// SortTasks sorts tasks in the order [Tasks.TakeTasks] returns them: by
// Started, then ID.
func SortTasks(tasks []Task) {
	slices.SortFunc(tasks, func(a, b Task) int {
		if c := a.Started.Compare(b.Started); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
}

// Len returns the number of paused runs the Memory holds, expired ones
// included until they are dropped.
func (m *Memory) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.runs)
}

// SaveMessages implements [Messages].
func (m *Memory) SaveMessages(_ context.Context, conversation string, messages []byte, expires time.Time) error {
	if err := CheckMessages(conversation, messages, expires, m.MaxBytes); err != nil {
		return err
	}
	now := time.Now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.convs == nil {
		m.convs = map[string]*memConv{}
	}
	if _, ok := m.convs[conversation]; !ok && len(m.convs) >= MaxMemoryEntries {
		makeRoom(m.convs, now, func(c *memConv) time.Time { return c.expires }, func(c *memConv) int64 { return c.seq })
	}
	m.seq++
	m.convs[conversation] = &memConv{messages: slices.Clone(messages), expires: expires, seq: m.seq}
	return nil
}

// LoadMessages implements [Messages].
func (m *Memory) LoadMessages(_ context.Context, conversation string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.convs[conversation]
	if c == nil || !time.Now().Before(c.expires) {
		delete(m.convs, conversation)
		return nil, nil
	}
	return slices.Clone(c.messages), nil
}
