// Package storetest is the conformance suite of [store.Store]
// implementations, run as testing/fstest runs a file system's:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, storetest.Config{Open: func(t *testing.T) store.Store { … }})
//	}
//
// It checks what the contract promises: a run is taken once under a claim
// however many goroutines (and, with [Config.OpenSource], processes) take
// it at once; claims expire, are extended, released and done; runs and
// tasks expire; a state or a result over the bound is refused; the
// background tasks of a conversation are delivered once, in the order
// they started, and a task that did not settle by its deadline is
// reported lost. A store that also implements [store.Messages] keeps
// conversations as they were saved, replaced, bounded and expiring.
package storetest

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/store"
)

// Config says how to reach the store under test.
type Config struct {
	// Open returns a handle onto the store under test. It is called
	// several times in a test, and every handle it returns must reach
	// the same runs and tasks (a new connection pool onto the same
	// database; the same value for a store in memory). The suite does not
	// close the handles: register their Close with t.Cleanup.
	Open func(t *testing.T) store.Store
	// Source and OpenSource, when set, let the suite take runs from
	// several processes at once: it runs the test binary again, as
	// children that call OpenSource(Source). A child runs the test
	// function again up to its call of [Run]; [InChild] tells the test to
	// skip setup it need not repeat, such as creating a database.
	Source     string
	OpenSource func(source string) (store.Store, error)
	// MaxBytes is the store's bound on states and results; 0 means
	// [store.DefaultMaxBytes].
	MaxBytes int
}

// childEnv names the runs a child takes; childSource, its store.
const (
	childEnv    = "TOOLGEN_STORETEST_CHILD"
	childSource = "TOOLGEN_STORETEST_SOURCE"
	wonPrefix   = "storetest: won "
)

// InChild reports whether the test binary runs as a child of the
// suite's processes test.
func InChild() bool { return os.Getenv(childEnv) != "" }

// Run runs the suite.
func Run(t *testing.T, cfg Config) {
	if InChild() {
		child(t, cfg)
		return
	}
	if cfg.Open == nil {
		t.Fatal("storetest: Config.Open is nil")
	}
	s := &suite{cfg: cfg, max: cmp.Or(cfg.MaxBytes, store.DefaultMaxBytes)}
	for _, c := range []struct {
		name string
		f    func(*testing.T, store.Store)
	}{
		{"PutTakeDone", s.putTakeDone},
		{"Missing", s.missing},
		{"Expiry", s.expiry},
		{"LeaseExpires", s.leaseExpires},
		{"Extend", s.extend},
		{"Release", s.release},
		{"Replace", s.replace},
		{"Pending", s.pending},
		{"Bounds", s.bounds},
		{"OpaqueBytes", s.opaqueBytes},
		{"Handles", s.handles},
		{"ConcurrentTakes", s.concurrentTakes},
		{"Processes", s.processes},
		{"Tasks", s.tasks},
		{"TaskOrder", s.taskOrder},
		{"TaskLost", s.taskLost},
		{"TaskConversations", s.taskConversations},
		{"TaskExpiry", s.taskExpiry},
		{"TaskBounds", s.taskBounds},
		{"ConcurrentTakeTasks", s.concurrentTakeTasks},
		{"Messages", s.messages},
	} {
		t.Run(c.name, func(t *testing.T) { c.f(t, cfg.Open(t)) })
	}
}

type suite struct {
	cfg Config
	max int
}

// unique returns an id no other test of the suite uses, so that the suite
// runs on a store that holds data already.
func unique(prefix string) string {
	return prefix + "-" + randHex()
}

func randHex() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%x", b)
}

func ctx(t *testing.T) context.Context { return t.Context() }

// run returns a run of conversation that expires in an hour.
func run(id, conversation string) store.Run {
	return store.Run{ID: id, Conversation: conversation, State: []byte(`{"version":2,"id":"` + id + `"}`), Expires: time.Now().Add(time.Hour)}
}

func put(t *testing.T, s store.Store, r store.Run) {
	t.Helper()
	if err := s.Put(ctx(t), r); err != nil {
		t.Fatalf("Put(%s): %v", r.ID, err)
	}
}

func take(t *testing.T, s store.Store, id string, lease time.Duration) store.Run {
	t.Helper()
	r, err := s.Take(ctx(t), id, lease)
	if err != nil {
		t.Fatalf("Take(%s): %v", id, err)
	}
	return r
}

// wantErr fails t unless err wraps target.
func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: got error %v, want one that wraps %q", what, err, target)
	}
}

func (s *suite) putTakeDone(t *testing.T, st store.Store) {
	r := run(unique("run"), unique("conv"))
	put(t, st, r)
	got := take(t, st, r.ID, time.Minute)
	if !bytes.Equal(got.State, r.State) || got.ID != r.ID || got.Conversation != r.Conversation {
		t.Errorf("Take returned %q (id %q, conversation %q), want the state put %q (id %q, conversation %q)", got.State, got.ID, got.Conversation, r.State, r.ID, r.Conversation)
	}
	if got.Claim == "" || got.Takes != 1 {
		t.Errorf("Take returned claim %q and takes %d, want a claim and 1", got.Claim, got.Takes)
	}
	_, err := st.Take(ctx(t), r.ID, time.Minute)
	wantErr(t, "a second Take while the claim holds", err, store.ErrTaken)
	if err := st.Done(ctx(t), r.ID, got.Claim); err != nil {
		t.Fatalf("Done: %v", err)
	}
	_, err = st.Take(ctx(t), r.ID, time.Minute)
	wantErr(t, "Take after Done", err, store.ErrNoRun)
	wantErr(t, "Done again", st.Done(ctx(t), r.ID, got.Claim), store.ErrLostClaim)
}

func (s *suite) missing(t *testing.T, st store.Store) {
	id := unique("missing")
	_, err := st.Take(ctx(t), id, time.Minute)
	wantErr(t, "Take of a run never put", err, store.ErrNoRun)
	if err != nil && !strings.Contains(err.Error(), id) {
		t.Errorf("the error %q does not name run %s", err, id)
	}
	wantErr(t, "Extend of a run never put", st.Extend(ctx(t), id, "claim", time.Minute), store.ErrLostClaim)
	wantErr(t, "Release of a run never put", st.Release(ctx(t), id, "claim"), store.ErrLostClaim)
	wantErr(t, "Done of a run never put", st.Done(ctx(t), id, "claim"), store.ErrLostClaim)

	r := run(unique("run"), "")
	put(t, st, r)
	wantErr(t, "Done without taking", st.Done(ctx(t), r.ID, ""), store.ErrLostClaim)
	wantErr(t, "Done with a claim never given", st.Done(ctx(t), r.ID, "forged"), store.ErrLostClaim)
	take(t, st, r.ID, time.Minute)
	wantErr(t, "Done with a forged claim", st.Done(ctx(t), r.ID, "forged"), store.ErrLostClaim)
	wantErr(t, "Extend with a forged claim", st.Extend(ctx(t), r.ID, "forged", time.Minute), store.ErrLostClaim)
}

func (s *suite) expiry(t *testing.T, st store.Store) {
	conv := unique("conv")
	r := run(unique("run"), conv)
	r.Expires = time.Now().Add(150 * time.Millisecond)
	put(t, st, r)
	live := run(unique("run"), conv)
	put(t, st, live)
	time.Sleep(300 * time.Millisecond)
	_, err := st.Take(ctx(t), r.ID, time.Minute)
	wantErr(t, "Take of an expired run", err, store.ErrNoRun)
	p, err := st.Pending(ctx(t), conv)
	if err != nil {
		t.Fatal(err)
	}
	if len(p) != 1 || p[0].ID != live.ID {
		t.Errorf("Pending returned %v, want only the run that has not expired (%s)", ids(p), live.ID)
	}
	take(t, st, live.ID, time.Minute)
}

func (s *suite) leaseExpires(t *testing.T, st store.Store) {
	r := run(unique("run"), "")
	put(t, st, r)
	first := take(t, st, r.ID, 150*time.Millisecond)
	time.Sleep(300 * time.Millisecond)
	second := take(t, st, r.ID, time.Minute)
	if second.Takes != 2 {
		t.Errorf("the second Take after the lease expired returned takes %d, want 2", second.Takes)
	}
	if second.Claim == first.Claim {
		t.Error("the second Take returned the first claim")
	}
	if !bytes.Equal(second.State, r.State) {
		t.Errorf("the second Take returned state %q, want %q", second.State, r.State)
	}
	wantErr(t, "Extend of the expired claim", st.Extend(ctx(t), r.ID, first.Claim, time.Minute), store.ErrLostClaim)
	wantErr(t, "Done of the expired claim", st.Done(ctx(t), r.ID, first.Claim), store.ErrLostClaim)
	wantErr(t, "Release of the expired claim", st.Release(ctx(t), r.ID, first.Claim), store.ErrLostClaim)
	if err := st.Done(ctx(t), r.ID, second.Claim); err != nil {
		t.Errorf("Done of the second claim: %v", err)
	}

	// An expired claim that nobody took again cannot be done either: the
	// run may be taken at any moment.
	r = run(unique("run"), "")
	put(t, st, r)
	c := take(t, st, r.ID, 100*time.Millisecond)
	time.Sleep(250 * time.Millisecond)
	wantErr(t, "Done of an expired claim", st.Done(ctx(t), r.ID, c.Claim), store.ErrLostClaim)
}

func (s *suite) extend(t *testing.T, st store.Store) {
	r := run(unique("run"), "")
	put(t, st, r)
	c := take(t, st, r.ID, 200*time.Millisecond)
	if err := st.Extend(ctx(t), r.ID, c.Claim, time.Minute); err != nil {
		t.Fatalf("Extend: %v", err)
	}
	time.Sleep(400 * time.Millisecond)
	_, err := st.Take(ctx(t), r.ID, time.Minute)
	wantErr(t, "Take past the first lease, within the extended one", err, store.ErrTaken)
	if err := st.Done(ctx(t), r.ID, c.Claim); err != nil {
		t.Errorf("Done of the extended claim: %v", err)
	}
}

func (s *suite) release(t *testing.T, st store.Store) {
	r := run(unique("run"), "")
	put(t, st, r)
	c := take(t, st, r.ID, time.Minute)
	if err := st.Release(ctx(t), r.ID, c.Claim); err != nil {
		t.Fatalf("Release: %v", err)
	}
	wantErr(t, "Done of the released claim", st.Done(ctx(t), r.ID, c.Claim), store.ErrLostClaim)
	again := take(t, st, r.ID, time.Minute)
	if !bytes.Equal(again.State, r.State) || again.Takes != 2 {
		t.Errorf("Take after Release returned state %q, takes %d; want %q, 2", again.State, again.Takes, r.State)
	}
}

func (s *suite) replace(t *testing.T, st store.Store) {
	r := run(unique("run"), "")
	put(t, st, r)
	c := take(t, st, r.ID, time.Minute)
	r.State = []byte(`{"version":2,"replaced":true}`)
	put(t, st, r)
	wantErr(t, "Done of a claim on a run put again", st.Done(ctx(t), r.ID, c.Claim), store.ErrLostClaim)
	got := take(t, st, r.ID, time.Minute)
	if !bytes.Equal(got.State, r.State) {
		t.Errorf("Take of a run put again returned %q, want %q", got.State, r.State)
	}
}

func ids(runs []store.Run) []string {
	var out []string
	for _, r := range runs {
		out = append(out, r.ID)
	}
	return out
}

func (s *suite) pending(t *testing.T, st store.Store) {
	conv, other := unique("conv"), unique("conv")
	var want []string
	for i := range 3 {
		r := run(fmt.Sprintf("%s-%d", unique("run"), i), conv)
		put(t, st, r)
		want = append(want, r.ID)
		time.Sleep(5 * time.Millisecond)
	}
	put(t, st, run(unique("run"), other))
	p, err := st.Pending(ctx(t), conv)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ids(p), want) {
		t.Fatalf("Pending returned %v, want the conversation's runs oldest first: %v", ids(p), want)
	}
	for _, r := range p {
		if r.Claim != "" || !bytes.Contains(r.State, []byte(r.ID)) || r.Conversation != conv {
			t.Errorf("Pending returned run %s with claim %q, conversation %q, state %q", r.ID, r.Claim, r.Conversation, r.State)
		}
	}
	c := take(t, st, want[1], time.Minute)
	p, _ = st.Pending(ctx(t), conv)
	if !slices.Equal(ids(p), want) || p[1].Takes != 1 || p[1].Claim != "" {
		t.Errorf("after a Take, Pending returned %v (takes %v), want every run, the taken one with takes 1 and no claim", ids(p), p)
	}
	if err := st.Done(ctx(t), want[1], c.Claim); err != nil {
		t.Fatal(err)
	}
	p, _ = st.Pending(ctx(t), conv)
	if !slices.Equal(ids(p), []string{want[0], want[2]}) {
		t.Errorf("after Done, Pending returned %v, want %v", ids(p), []string{want[0], want[2]})
	}
	p, err = st.Pending(ctx(t), unique("none"))
	if err != nil || len(p) != 0 {
		t.Errorf("Pending of a conversation without runs returned %v, %v; want none", ids(p), err)
	}
}

func (s *suite) bounds(t *testing.T, st store.Store) {
	r := run(unique("run"), "")
	r.State = bytes.Repeat([]byte("x"), s.max+1)
	err := st.Put(ctx(t), r)
	wantErr(t, "Put of a state over the bound", err, store.ErrTooLarge)
	_, err = st.Take(ctx(t), r.ID, time.Minute)
	wantErr(t, "Take of a run refused", err, store.ErrNoRun)

	r.State = bytes.Repeat([]byte("x"), min(s.max, 1<<20))
	put(t, st, r)
	if got := take(t, st, r.ID, time.Minute); !bytes.Equal(got.State, r.State) {
		t.Errorf("a state of %d bytes came back as %d bytes", len(r.State), len(got.State))
	}
	if err := st.Put(ctx(t), store.Run{State: []byte("{}"), Expires: time.Now().Add(time.Hour)}); err == nil {
		t.Error("Put of a run without an id succeeded")
	}
	if err := st.Put(ctx(t), store.Run{ID: unique("run"), State: []byte("{}")}); err == nil {
		t.Error("Put of a run without an expiry succeeded")
	}
}

func (s *suite) opaqueBytes(t *testing.T, st store.Store) {
	r := run(unique("run"), "")
	r.State = []byte("\x00\xff not JSON \xc3\x28 '; DROP TABLE runs; --")
	put(t, st, r)
	if got := take(t, st, r.ID, time.Minute); !bytes.Equal(got.State, r.State) {
		t.Errorf("the store changed a state that is not JSON: %q, want %q", got.State, r.State)
	}
}

func (s *suite) handles(t *testing.T, st store.Store) {
	other := s.cfg.Open(t)
	r := run(unique("run"), "")
	put(t, st, r)
	c := take(t, other, r.ID, time.Minute)
	_, err := st.Take(ctx(t), r.ID, time.Minute)
	wantErr(t, "Take on one handle of a run taken on another", err, store.ErrTaken)
	if err := st.Done(ctx(t), r.ID, c.Claim); err != nil {
		t.Errorf("Done on one handle of a claim taken on another: %v", err)
	}
}

// concurrentTakes takes each of many runs from many goroutines over
// several handles at once: each run must be won once.
func (s *suite) concurrentTakes(t *testing.T, st store.Store) {
	handles := []store.Store{st, s.cfg.Open(t), s.cfg.Open(t)}
	var runs []string
	for range 40 {
		r := run(unique("run"), "")
		put(t, st, r)
		runs = append(runs, r.ID)
	}
	var mu sync.Mutex
	won := map[string]int{}
	var wg sync.WaitGroup
	for g := range 12 {
		wg.Go(func() {
			h := handles[g%len(handles)]
			for i := range runs {
				id := runs[(i+g)%len(runs)]
				_, err := h.Take(ctx(t), id, time.Minute)
				switch {
				case err == nil:
					mu.Lock()
					won[id]++
					mu.Unlock()
				case !errors.Is(err, store.ErrTaken):
					t.Errorf("Take(%s): %v, want success or ErrTaken", id, err)
				}
			}
		})
	}
	wg.Wait()
	for _, id := range runs {
		if won[id] != 1 {
			t.Errorf("run %s was taken %d times, want 1", id, won[id])
		}
	}
}

// processes takes each of many runs from several processes at once.
func (s *suite) processes(t *testing.T, st store.Store) {
	if s.cfg.OpenSource == nil {
		t.Skip("storetest: Config.OpenSource is nil: a store in one process's memory")
	}
	var runs []string
	for range 60 {
		r := run(unique("run"), "")
		put(t, st, r)
		runs = append(runs, r.ID)
	}
	top, _, _ := strings.Cut(t.Name(), "/")
	const children = 4
	outs := make([][]byte, children)
	errs := make([]error, children)
	var wg sync.WaitGroup
	for i := range children {
		wg.Go(func() {
			order := slices.Clone(runs)
			if i%2 == 1 {
				slices.Reverse(order)
			}
			cmd := exec.CommandContext(ctx(t), os.Args[0], "-test.run=^"+top+"$", "-test.count=1")
			cmd.Env = append(os.Environ(), childEnv+"="+strings.Join(order, ","), childSource+"="+s.cfg.Source)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			outs[i], errs[i] = cmd.Output()
			if errs[i] != nil {
				errs[i] = fmt.Errorf("%w: %s%s", errs[i], outs[i], stderr.Bytes())
			}
		})
	}
	wg.Wait()
	won := map[string]int{}
	for i, out := range outs {
		if errs[i] != nil {
			t.Fatalf("child %d: %v", i, errs[i])
		}
		for line := range strings.Lines(string(out)) {
			if id, ok := strings.CutPrefix(strings.TrimSpace(line), wonPrefix); ok {
				won[id]++
			}
		}
	}
	for _, id := range runs {
		if won[id] != 1 {
			t.Errorf("run %s was taken %d times by %d processes, want 1", id, won[id], children)
		}
	}
}

// child takes the runs its environment names, and prints those it won.
func child(t *testing.T, cfg Config) {
	if cfg.OpenSource == nil {
		t.Fatal("storetest: a child without Config.OpenSource")
	}
	st, err := cfg.OpenSource(os.Getenv(childSource))
	if err != nil {
		t.Fatalf("storetest child: open %s: %v", os.Getenv(childSource), err)
	}
	if c, ok := st.(interface{ Close() error }); ok {
		defer c.Close()
	} else if c, ok := st.(interface{ Close() }); ok {
		defer c.Close()
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, id := range strings.Split(os.Getenv(childEnv), ",") {
		wg.Go(func() {
			_, err := st.Take(context.Background(), id, time.Minute)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				fmt.Println(wonPrefix + id)
			case !errors.Is(err, store.ErrTaken):
				t.Errorf("Take(%s): %v", id, err)
			}
		})
	}
	wg.Wait()
}

// task returns a running task of conversation, started at started, with a
// deadline in an hour.
func task(id, conversation string, started time.Time) store.Task {
	return store.Task{ID: id, Conversation: conversation, Started: started, Deadline: started.Add(time.Hour), Expires: started.Add(24 * time.Hour),
		Call: []byte(`{"id":"call_` + id + `","name":"research"}`)}
}

func start(t *testing.T, st store.Store, tk store.Task) {
	t.Helper()
	if err := st.StartTask(ctx(t), tk); err != nil {
		t.Fatalf("StartTask(%s): %v", tk.ID, err)
	}
}

func settle(t *testing.T, st store.Store, tk store.Task, result string) {
	t.Helper()
	if err := st.SettleTask(ctx(t), tk.Conversation, tk.ID, []byte(result)); err != nil {
		t.Fatalf("SettleTask(%s): %v", tk.ID, err)
	}
}

func takeTasks(t *testing.T, st store.Store, conversation string) []store.Task {
	t.Helper()
	got, err := st.TakeTasks(ctx(t), conversation)
	if err != nil {
		t.Fatalf("TakeTasks(%s): %v", conversation, err)
	}
	return got
}

func taskIDs(tasks []store.Task) []string {
	var out []string
	for _, tk := range tasks {
		out = append(out, tk.ID)
	}
	return out
}

// now is the time of a task, at a precision every store keeps.
func now() time.Time { return time.Now().Truncate(time.Millisecond) }

func (s *suite) tasks(t *testing.T, st store.Store) {
	conv := unique("conv")
	t1, t2 := task("task-1", conv, now()), task("task-2", conv, now().Add(time.Millisecond))
	start(t, st, t1)
	start(t, st, t2)
	if got := takeTasks(t, st, conv); len(got) != 0 {
		t.Fatalf("TakeTasks returned running tasks: %v", taskIDs(got))
	}
	settle(t, st, t2, `{"status":"completed"}`)
	got := takeTasks(t, st, conv)
	if len(got) != 1 || got[0].ID != "task-2" || string(got[0].Result) != `{"status":"completed"}` || got[0].Conversation != conv || !got[0].Started.Equal(t2.Started) || !bytes.Equal(got[0].Call, t2.Call) {
		t.Fatalf("TakeTasks returned %+v, want task-2 with its result, conversation, start and call", got)
	}
	if got := takeTasks(t, st, conv); len(got) != 0 {
		t.Errorf("a second TakeTasks returned %v again", taskIDs(got))
	}
	wantErr(t, "SettleTask of a task delivered", st.SettleTask(ctx(t), conv, "task-2", []byte("{}")), store.ErrNoTask)
	wantErr(t, "SettleTask of a task never started", st.SettleTask(ctx(t), conv, "task-9", []byte("{}")), store.ErrNoTask)
	settle(t, st, t1, `"one"`)
	wantErr(t, "SettleTask of a settled task", st.SettleTask(ctx(t), conv, "task-1", []byte("{}")), store.ErrNoTask)
	if got := takeTasks(t, st, conv); len(got) != 1 || string(got[0].Result) != `"one"` {
		t.Errorf("TakeTasks returned %+v, want task-1 with its first result", got)
	}
	if err := st.StartTask(ctx(t), store.Task{Conversation: conv, Started: now(), Deadline: now().Add(time.Hour), Expires: now().Add(time.Hour)}); err == nil {
		t.Error("StartTask of a task without an id succeeded")
	}
}

func (s *suite) taskOrder(t *testing.T, st store.Store) {
	conv := unique("conv")
	t0 := now()
	var tasks []store.Task
	for i, d := range []int{3, 1, 2, 2} {
		tk := task(fmt.Sprintf("task-%c", 'd'-i), conv, t0.Add(time.Duration(d)*time.Second))
		start(t, st, tk)
		tasks = append(tasks, tk)
	}
	for _, tk := range tasks {
		settle(t, st, tk, `{}`)
	}
	if got, want := taskIDs(takeTasks(t, st, conv)), []string{"task-c", "task-a", "task-b", "task-d"}; !slices.Equal(got, want) {
		t.Errorf("TakeTasks returned %v, want them by start, then id: %v", got, want)
	}
}

func (s *suite) taskLost(t *testing.T, st store.Store) {
	conv := unique("conv")
	tk := task("task-1", conv, now())
	tk.Deadline = time.Now().Add(150 * time.Millisecond)
	start(t, st, tk)
	live := task("task-2", conv, now())
	start(t, st, live)
	if got := takeTasks(t, st, conv); len(got) != 0 {
		t.Fatalf("TakeTasks before the deadline returned %v", taskIDs(got))
	}
	time.Sleep(300 * time.Millisecond)
	got := takeTasks(t, st, conv)
	if len(got) != 1 || got[0].ID != "task-1" || got[0].Result != nil || !bytes.Equal(got[0].Call, tk.Call) {
		t.Fatalf("TakeTasks past the deadline returned %+v, want task-1 with its call and no result (lost)", got)
	}
	wantErr(t, "SettleTask of a task reported lost", st.SettleTask(ctx(t), conv, "task-1", []byte("{}")), store.ErrNoTask)
	settle(t, st, live, "{}")
}

func (s *suite) taskConversations(t *testing.T, st store.Store) {
	a, b := unique("conv"), unique("conv")
	ta, tb := task("task-1", a, now()), task("task-1", b, now())
	start(t, st, ta)
	start(t, st, tb)
	settle(t, st, ta, `"a"`)
	got := takeTasks(t, st, a)
	if len(got) != 1 || string(got[0].Result) != `"a"` {
		t.Errorf("TakeTasks(a) returned %+v, want a's task-1", got)
	}
	if got := takeTasks(t, st, b); len(got) != 0 {
		t.Errorf("TakeTasks(b) returned %+v before b's task settled", got)
	}
	settle(t, st, tb, `"b"`)
	if got := takeTasks(t, st, b); len(got) != 1 || string(got[0].Result) != `"b"` {
		t.Errorf("TakeTasks(b) returned %+v, want b's task-1", got)
	}
}

func (s *suite) taskExpiry(t *testing.T, st store.Store) {
	conv := unique("conv")
	tk := task("task-1", conv, now())
	tk.Expires = time.Now().Add(150 * time.Millisecond)
	start(t, st, tk)
	settle(t, st, tk, "{}")
	time.Sleep(300 * time.Millisecond)
	if got := takeTasks(t, st, conv); len(got) != 0 {
		t.Errorf("TakeTasks returned an expired task: %+v", got)
	}
}

func (s *suite) taskBounds(t *testing.T, st store.Store) {
	conv := unique("conv")
	tk := task("task-1", conv, now())
	start(t, st, tk)
	err := st.SettleTask(ctx(t), conv, tk.ID, bytes.Repeat([]byte("x"), s.max+1))
	wantErr(t, "SettleTask with a result over the bound", err, store.ErrTooLarge)
	settle(t, st, tk, "{}")
	big := task("task-2", conv, now())
	big.Call = bytes.Repeat([]byte("x"), s.max+1)
	wantErr(t, "StartTask with a call over the bound", st.StartTask(ctx(t), big), store.ErrTooLarge)
	wantErr(t, "SettleTask of a task refused", st.SettleTask(ctx(t), conv, big.ID, []byte("{}")), store.ErrNoTask)
}

// concurrentTakeTasks delivers each settled task once however many take
// the conversation's tasks at once.
func (s *suite) concurrentTakeTasks(t *testing.T, st store.Store) {
	handles := []store.Store{st, s.cfg.Open(t)}
	conv := unique("conv")
	var want []string
	for i := range 30 {
		tk := task(fmt.Sprintf("task-%02d", i), conv, now())
		start(t, st, tk)
		settle(t, st, tk, fmt.Sprintf("%d", i))
		want = append(want, tk.ID)
	}
	var mu sync.Mutex
	var got []string
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			tasks, err := handles[g%len(handles)].TakeTasks(ctx(t), conv)
			if err != nil {
				t.Errorf("TakeTasks: %v", err)
			}
			mu.Lock()
			got = append(got, taskIDs(tasks)...)
			mu.Unlock()
		})
	}
	wg.Wait()
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("concurrent TakeTasks delivered %v, want each task once: %v", got, want)
	}
}

// messages checks a store that implements store.Messages.
func (s *suite) messages(t *testing.T, st store.Store) {
	ms, ok := st.(store.Messages)
	if !ok {
		t.Skip("storetest: the store does not implement store.Messages")
	}
	other, _ := s.cfg.Open(t).(store.Messages)
	conv := unique("conv")
	hour := time.Now().Add(time.Hour)
	if got, err := ms.LoadMessages(ctx(t), conv); err != nil || got != nil {
		t.Errorf("LoadMessages of a conversation never saved returned %q, %v; want nil, nil", got, err)
	}
	first := []byte(`[{"role":"user","parts":[{"type":"text","text":"hi"}]}]`)
	if err := ms.SaveMessages(ctx(t), conv, first, hour); err != nil {
		t.Fatalf("SaveMessages: %v", err)
	}
	if got, err := other.LoadMessages(ctx(t), conv); err != nil || !bytes.Equal(got, first) {
		t.Errorf("LoadMessages on another handle returned %q, %v; want %q", got, err, first)
	}
	second := []byte("\x00\xff not JSON")
	if err := other.SaveMessages(ctx(t), conv, second, hour); err != nil {
		t.Fatalf("SaveMessages again: %v", err)
	}
	if got, err := ms.LoadMessages(ctx(t), conv); err != nil || !bytes.Equal(got, second) {
		t.Errorf("LoadMessages after a second save returned %q, %v; want the second, %q", got, err, second)
	}
	if got, _ := ms.LoadMessages(ctx(t), unique("conv")); got != nil {
		t.Errorf("LoadMessages of another conversation returned %q", got)
	}

	short := unique("conv")
	if err := ms.SaveMessages(ctx(t), short, first, time.Now().Add(150*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if got, err := ms.LoadMessages(ctx(t), short); err != nil || got != nil {
		t.Errorf("LoadMessages of an expired conversation returned %q, %v; want nil, nil", got, err)
	}

	wantErr(t, "SaveMessages over the bound", ms.SaveMessages(ctx(t), conv, bytes.Repeat([]byte("x"), s.max+1), hour), store.ErrTooLarge)
	if got, _ := ms.LoadMessages(ctx(t), conv); !bytes.Equal(got, second) {
		t.Errorf("a refused save changed the conversation to %q", got)
	}
	if ms.SaveMessages(ctx(t), "", first, hour) == nil {
		t.Error("SaveMessages without a conversation succeeded")
	}
	if ms.SaveMessages(ctx(t), conv, first, time.Time{}) == nil {
		t.Error("SaveMessages without an expiry succeeded")
	}
}
