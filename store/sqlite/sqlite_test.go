package sqlite_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/store/sqlite"
	"github.com/toolgen-go/toolgen/store/storetest"
)

// open opens the store at path and closes it when t ends.
func open(t testing.TB, path string, opts sqlite.Options) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(path, opts)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, s.Close()) })
	return s
}

// conformance runs the suite on a new file, each Open a new Store on it.
func conformance(t *testing.T, maxBytes int) {
	var path string
	if !storetest.InChild() {
		path = filepath.Join(t.TempDir(), "store.db")
	}
	storetest.Run(t, storetest.Config{
		Open: func(t *testing.T) store.Store {
			return open(t, path, sqlite.Options{MaxBytes: maxBytes})
		},
		Source: path,
		OpenSource: func(source string) (store.Store, error) {
			return sqlite.Open(source, sqlite.Options{MaxBytes: maxBytes})
		},
		MaxBytes: maxBytes,
	})
}

func TestConformance(t *testing.T) { conformance(t, 0) }

func TestConformanceBounded(t *testing.T) { conformance(t, 1000) }

func newStore(t *testing.T) (*sqlite.Store, string) {
	path := filepath.Join(t.TempDir(), "store.db")
	return open(t, path, sqlite.Options{}), path
}

func hour() time.Time { return time.Now().Add(time.Hour) }

func TestRunLifecycle(t *testing.T) {
	s, _ := newStore(t)
	ctx := t.Context()
	expires := hour()
	require.NoError(t, s.Put(ctx, store.Run{ID: "r1", Conversation: "c", State: []byte(`{"a":1}`), Expires: expires}))

	r, err := s.Take(ctx, "r1", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, "r1", r.ID)
	assert.Equal(t, "c", r.Conversation)
	assert.Equal(t, `{"a":1}`, string(r.State))
	assert.True(t, r.Expires.Equal(expires), "Expires %v, want %v", r.Expires, expires)
	assert.NotEmpty(t, r.Claim)
	assert.Equal(t, 1, r.Takes)

	_, err = s.Take(ctx, "r1", time.Minute)
	assert.ErrorIs(t, err, store.ErrTaken)
	assert.EqualError(t, err, "sqlite: take run r1: paused run is being resumed")

	require.NoError(t, s.Extend(ctx, "r1", r.Claim, time.Minute))
	require.NoError(t, s.Release(ctx, "r1", r.Claim))
	assert.ErrorIs(t, s.Extend(ctx, "r1", r.Claim, time.Minute), store.ErrLostClaim)

	r2, err := s.Take(ctx, "r1", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, 2, r2.Takes)
	assert.NotEqual(t, r.Claim, r2.Claim)
	assert.ErrorIs(t, s.Done(ctx, "r1", r.Claim), store.ErrLostClaim)
	assert.ErrorIs(t, s.Done(ctx, "r1", ""), store.ErrLostClaim)
	require.NoError(t, s.Done(ctx, "r1", r2.Claim))

	_, err = s.Take(ctx, "r1", time.Minute)
	assert.ErrorIs(t, err, store.ErrNoRun)
	assert.EqualError(t, err, "sqlite: take run r1: no such paused run")
	err = s.Done(ctx, "r1", r2.Claim)
	assert.ErrorIs(t, err, store.ErrLostClaim)
	assert.ErrorContains(t, err, "r1")
}

// TestPutAgain: a run put again keeps its takes, loses its claim, and
// moves to the end of Pending.
func TestPutAgain(t *testing.T) {
	s, _ := newStore(t)
	ctx := t.Context()
	for _, id := range []string{"a", "b"} {
		require.NoError(t, s.Put(ctx, store.Run{ID: id, Conversation: "c", State: []byte(id), Expires: hour()}))
	}
	r, err := s.Take(ctx, "a", time.Minute)
	require.NoError(t, err)
	require.NoError(t, s.Put(ctx, store.Run{ID: "a", Conversation: "c", State: []byte("a2"), Expires: hour()}))
	assert.ErrorIs(t, s.Extend(ctx, "a", r.Claim, time.Minute), store.ErrLostClaim)

	p, err := s.Pending(ctx, "c")
	require.NoError(t, err)
	require.Len(t, p, 2)
	assert.Equal(t, "b", p[0].ID)
	assert.Equal(t, "a", p[1].ID)
	assert.Equal(t, "a2", string(p[1].State))
	assert.Equal(t, 1, p[1].Takes)
	assert.Empty(t, p[1].Claim)

	r, err = s.Take(ctx, "a", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Takes)
}

// TestEmptyState: a run's state and a task's result of no bytes come
// back as no bytes, and a task settled with an empty result is not lost.
func TestEmptyState(t *testing.T) {
	s, _ := newStore(t)
	ctx := t.Context()
	require.NoError(t, s.Put(ctx, store.Run{ID: "r", Expires: hour()}))
	r, err := s.Take(ctx, "r", time.Minute)
	require.NoError(t, err)
	assert.Empty(t, r.State)

	now := time.Now()
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "t", Conversation: "c", Started: now, Deadline: hour(), Expires: hour()}))
	require.NoError(t, s.SettleTask(ctx, "c", "t", []byte{}))
	tasks, err := s.TakeTasks(ctx, "c")
	require.NoError(t, err)
	require.Len(t, tasks, 1)
	assert.NotNil(t, tasks[0].Result, "a settled task with an empty result came back as lost")
	assert.True(t, tasks[0].Started.Equal(now))
}

func TestBadInput(t *testing.T) {
	s, _ := newStore(t)
	ctx := t.Context()
	assert.Error(t, s.Put(ctx, store.Run{Expires: hour()}))
	assert.Error(t, s.StartTask(ctx, store.Task{Conversation: "c"}))
	assert.Error(t, s.StartTask(ctx, store.Task{ID: "t", Result: []byte("{}")}))
	assert.Error(t, s.SettleTask(ctx, "c", "t", nil))

	small := open(t, filepath.Join(t.TempDir(), "small.db"), sqlite.Options{MaxBytes: 10})
	err := small.Put(ctx, store.Run{ID: "r", State: make([]byte, 11), Expires: hour()})
	assert.ErrorIs(t, err, store.ErrTooLarge)
	require.NoError(t, small.Put(ctx, store.Run{ID: "r", State: make([]byte, 10), Expires: hour()}))
	assert.ErrorIs(t, small.StartTask(ctx, store.Task{ID: "t", Started: time.Now(), Deadline: hour(), Expires: hour(), Call: make([]byte, 11)}), store.ErrTooLarge)
	require.NoError(t, small.StartTask(ctx, store.Task{ID: "t", Started: time.Now(), Deadline: hour(), Expires: hour(), Call: make([]byte, 10)}))
	assert.ErrorIs(t, small.SettleTask(ctx, "", "t", make([]byte, 11)), store.ErrTooLarge)
	require.NoError(t, small.SettleTask(ctx, "", "t", make([]byte, 10)))

	_, err = sqlite.Open("", sqlite.Options{})
	assert.Error(t, err)
}

// TestSweep: expired runs and tasks are deleted from the tables by the
// first Put of a Store, and then at most once a minute.
func TestSweep(t *testing.T) {
	s, _ := newStore(t)
	ctx := t.Context()
	count := func(table string) int {
		var n int
		require.NoError(t, s.DB().QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&n))
		return n
	}
	past := time.Now().Add(-time.Second)
	// The first Put sweeps: the rows after it stay until the next sweep.
	require.NoError(t, s.Put(ctx, store.Run{ID: "live", Expires: hour()}))
	require.NoError(t, s.Put(ctx, store.Run{ID: "expired", Expires: past}))
	require.NoError(t, s.Put(ctx, store.Run{ID: "claimed", Expires: time.Now().Add(200 * time.Millisecond)}))
	claimed, err := s.Take(ctx, "claimed", time.Hour)
	require.NoError(t, err)
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "expired", Conversation: "c", Started: past, Deadline: past, Expires: past}))
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "live", Conversation: "c", Started: past, Deadline: past, Expires: hour()}))
	require.NoError(t, s.SaveMessages(ctx, "expired", []byte("[]"), past))
	require.NoError(t, s.SaveMessages(ctx, "live", []byte("[]"), hour()))
	time.Sleep(300 * time.Millisecond)
	assert.Equal(t, 3, count("runs"), "swept within a minute of the last sweep")
	assert.Equal(t, 2, count("tasks"), "swept within a minute of the last sweep")
	assert.Equal(t, 2, count("conversations"), "swept within a minute of the last sweep")

	s.ForceSweep()
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "other", Conversation: "c", Started: past, Deadline: hour(), Expires: hour()}))
	assert.Equal(t, 2, count("runs"), "the expired run is gone; the claimed one stays while its claim holds")
	assert.Equal(t, 2, count("tasks"), "the expired task is gone")
	assert.Equal(t, 1, count("conversations"), "the expired conversation is gone")
	live, err := s.LoadMessages(ctx, "live")
	require.NoError(t, err)
	assert.Equal(t, "[]", string(live))

	// A SaveMessages sweeps too.
	require.NoError(t, s.SaveMessages(ctx, "expired-2", []byte("[]"), past))
	require.NoError(t, s.Put(ctx, store.Run{ID: "expired-3", Expires: past}))
	s.ForceSweep()
	require.NoError(t, s.SaveMessages(ctx, "live-2", []byte("[]"), hour()))
	assert.Equal(t, 2, count("conversations"), "the second expired conversation is gone")
	assert.Equal(t, 2, count("runs"), "the third expired run is gone")
	// The claimed run that expired still ends with Done.
	require.NoError(t, s.Done(ctx, "claimed", claimed.Claim))

	require.NoError(t, s.Put(ctx, store.Run{ID: "expired-2", Expires: past}))
	s.ForceSweep()
	require.NoError(t, s.Put(ctx, store.Run{ID: "live-2", Expires: hour()}))
	var ids []string
	rows, err := s.DB().QueryContext(ctx, "SELECT id FROM runs ORDER BY seq")
	require.NoError(t, err)
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{"live", "live-2"}, ids)
}

// TestConcurrentOpen: Stores opened at once on a new file create its
// tables once, without an error.
func TestConcurrentOpen(t *testing.T) {
	for round := range 5 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("new-%d.db", round))
		const n = 8
		stores := make([]*sqlite.Store, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { stores[i], errs[i] = sqlite.Open(path, sqlite.Options{}) })
		}
		wg.Wait()
		for i := range n {
			require.NoError(t, errs[i], "Open %d", i)
			t.Cleanup(func() { stores[i].Close() })
		}
		ctx := t.Context()
		require.NoError(t, stores[0].Put(ctx, store.Run{ID: "r", Expires: hour()}))
		_, err := stores[n-1].Take(ctx, "r", time.Minute)
		require.NoError(t, err)
		var version int
		require.NoError(t, stores[1].DB().QueryRowContext(ctx, "PRAGMA user_version").Scan(&version))
		assert.Equal(t, len(sqlite.Migrations), version)
		var mode string
		require.NoError(t, stores[1].DB().QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode))
		assert.Equal(t, "wal", mode)
	}
}

// TestConcurrentOpenProcesses: processes opened at once on a new file
// create its tables once, without an error.
func TestConcurrentOpenProcesses(t *testing.T) {
	const childEnv = "TOOLGEN_SQLITE_OPEN_CHILD"
	if path := os.Getenv(childEnv); path != "" {
		s, err := sqlite.Open(path, sqlite.Options{})
		require.NoError(t, err)
		require.NoError(t, s.Put(t.Context(), store.Run{ID: fmt.Sprint("run-", os.Getpid()), Conversation: "c", Expires: hour()}))
		require.NoError(t, s.Close())
		return
	}
	if storetest.InChild() {
		t.Skip("a child of the conformance suite")
	}
	for round := range 3 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("new-%d.db", round))
		const n = 4
		var wg sync.WaitGroup
		outs := make([][]byte, n)
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() {
				cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestConcurrentOpenProcesses$", "-test.count=1")
				cmd.Env = append(os.Environ(), childEnv+"="+path)
				outs[i], errs[i] = cmd.CombinedOutput()
			})
		}
		wg.Wait()
		for i := range n {
			require.NoError(t, errs[i], "child %d: %s", i, outs[i])
		}
		s := open(t, path, sqlite.Options{})
		p, err := s.Pending(t.Context(), "c")
		require.NoError(t, err)
		assert.Len(t, p, n)
	}
}

// TestReopen: a Store opened again on a file finds its runs.
func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	s, err := sqlite.Open(path, sqlite.Options{})
	require.NoError(t, err)
	require.NoError(t, s.Put(t.Context(), store.Run{ID: "r", State: []byte("x"), Expires: hour()}))
	require.NoError(t, s.Close())
	s = open(t, path, sqlite.Options{})
	r, err := s.Take(t.Context(), "r", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, "x", string(r.State))
}

func TestNewerSchema(t *testing.T) {
	s, path := newStore(t)
	_, err := s.DB().ExecContext(t.Context(), "PRAGMA user_version = 99")
	require.NoError(t, err)
	_, err = sqlite.Open(path, sqlite.Options{})
	require.Error(t, err)
	assert.ErrorContains(t, err, path)
	assert.ErrorContains(t, err, fmt.Sprintf("version 99, newer than the version %d", len(sqlite.Migrations)))
}

func TestForeignDatabase(t *testing.T) {
	s, path := newStore(t)
	_, err := s.DB().ExecContext(t.Context(), "PRAGMA application_id = 42")
	require.NoError(t, err)
	_, err = sqlite.Open(path, sqlite.Options{})
	assert.ErrorContains(t, err, path)
	assert.ErrorContains(t, err, "not a toolgen store")
}

// TestOtherDatabase: a SQLite database of another program is left alone.
func TestOtherDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	_, err = db.Exec("CREATE TABLE runs (x)")
	require.NoError(t, err)
	require.NoError(t, db.Close())
	before, err := os.ReadFile(path)
	require.NoError(t, err)

	_, err = sqlite.Open(path, sqlite.Options{})
	assert.ErrorContains(t, err, path)
	assert.ErrorContains(t, err, "not a toolgen store")
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, before, after, "Open changed the file")
}

func TestNotADatabase(t *testing.T) {
	for name, content := range map[string][]byte{
		"text":  bytes.Repeat([]byte("this is not a SQLite database\n"), 200),
		"short": []byte("hello"),
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "notes.txt")
			require.NoError(t, os.WriteFile(path, content, 0o644))
			_, err := sqlite.Open(path, sqlite.Options{})
			require.Error(t, err)
			assert.ErrorContains(t, err, path)
			assert.ErrorContains(t, err, "not a SQLite database")
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, content, got, "Open changed the file")
		})
	}
}

func TestCorruptDatabase(t *testing.T) {
	s, path := newStore(t)
	ctx := t.Context()
	require.NoError(t, s.Put(ctx, store.Run{ID: "r", Expires: hour()}))
	require.NoError(t, s.Close())
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	// Overwrite the header's magic string.
	_, err = f.WriteAt([]byte("garbage garbage!"), 0)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	_, err = sqlite.Open(path, sqlite.Options{})
	require.Error(t, err)
	assert.ErrorContains(t, err, path)
}

func TestMissingDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "dir", "store.db")
	_, err := sqlite.Open(path, sqlite.Options{})
	require.Error(t, err)
	assert.ErrorContains(t, err, path)
}

// TestOddPath: a path with the characters of a URI's query and fragment
// names that file.
func TestOddPath(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a?b#c%20d.db")
	s := open(t, path, sqlite.Options{})
	require.NoError(t, s.Put(t.Context(), store.Run{ID: "r", Expires: hour()}))
	_, err := os.Stat(path)
	assert.NoError(t, err)
}

func TestMemory(t *testing.T) {
	s := open(t, ":memory:", sqlite.Options{})
	ctx := t.Context()
	require.NoError(t, s.Put(ctx, store.Run{ID: "r", Expires: hour()}))
	_, err := s.Take(ctx, "r", time.Minute)
	require.NoError(t, err)
}

func TestTasks(t *testing.T) {
	s, _ := newStore(t)
	ctx := t.Context()
	base := time.Now()
	start := func(id string, started time.Time, deadline time.Time) {
		require.NoError(t, s.StartTask(ctx, store.Task{ID: id, Conversation: "c", Started: started, Deadline: deadline, Expires: hour(), Call: []byte("call " + id)}))
	}
	start("b", base, hour())
	start("a", base, hour())
	start("z", base.Add(-time.Second), hour())
	start("lost", base.Add(time.Second), base.Add(-time.Millisecond))
	start("running", base, hour())
	require.NoError(t, s.SettleTask(ctx, "c", "a", []byte(`"a"`)))
	require.NoError(t, s.SettleTask(ctx, "c", "b", []byte(`"b"`)))
	require.NoError(t, s.SettleTask(ctx, "c", "z", []byte(`"z"`)))
	assert.ErrorIs(t, s.SettleTask(ctx, "other", "running", []byte(`"x"`)), store.ErrNoTask)

	got, err := s.TakeTasks(ctx, "c")
	require.NoError(t, err)
	var ids []string
	for _, tk := range got {
		ids = append(ids, tk.ID)
		assert.Equal(t, "c", tk.Conversation)
	}
	assert.Equal(t, []string{"z", "a", "b", "lost"}, ids)
	assert.Nil(t, got[3].Result)
	for _, tk := range got {
		assert.Equal(t, "call "+tk.ID, string(tk.Call))
	}
	assert.Equal(t, `"z"`, string(got[0].Result))

	err = s.SettleTask(ctx, "c", "lost", []byte("{}"))
	assert.ErrorIs(t, err, store.ErrNoTask)
	assert.ErrorContains(t, err, "lost")

	// Started again, a task replaces the one of its id.
	start("running", base, hour())
	require.NoError(t, s.SettleTask(ctx, "c", "running", []byte("1")))
	start("running", base, hour())
	got, err = s.TakeTasks(ctx, "c")
	require.NoError(t, err)
	assert.Empty(t, got)
}

// TestContext: a cancelled context fails the call.
func TestContext(t *testing.T) {
	s, _ := newStore(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	assert.Error(t, s.Put(ctx, store.Run{ID: "r", Expires: hour()}))
	_, err := s.Take(ctx, "r", time.Minute)
	assert.Error(t, err)
}

// TestMessages: a conversation saved empty comes back empty, not nil;
// the errors name the conversation.
func TestMessages(t *testing.T) {
	s, _ := newStore(t)
	ctx := t.Context()
	require.NoError(t, s.SaveMessages(ctx, "c", []byte{}, hour()))
	got, err := s.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.NotNil(t, got, "messages saved empty came back as none")
	assert.Empty(t, got)

	require.NoError(t, s.SaveMessages(ctx, "c", []byte("[1]"), hour()))
	got, err = s.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, "[1]", string(got))

	assert.Error(t, s.SaveMessages(ctx, "c", nil, hour()))
	small := open(t, filepath.Join(t.TempDir(), "small.db"), sqlite.Options{MaxBytes: 10})
	assert.ErrorIs(t, small.SaveMessages(ctx, "c", make([]byte, 11), hour()), store.ErrTooLarge)
	require.NoError(t, small.SaveMessages(ctx, "c", make([]byte, 10), hour()))

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	err = s.SaveMessages(cancelled, "c", []byte("[]"), hour())
	assert.ErrorContains(t, err, `sqlite: save messages of conversation "c": `)
	_, err = s.LoadMessages(cancelled, "c")
	assert.ErrorContains(t, err, `sqlite: load messages of conversation "c": `)
}

// TestUpgrade: Open brings a file of schema version 1 to the newest
// version, and keeps its runs and tasks.
func TestUpgrade(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := sql.Open("sqlite", path)
	require.NoError(t, err)
	ctx := t.Context()
	_, err = db.ExecContext(ctx, sqlite.Migrations[0])
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = 1; PRAGMA application_id = %d", sqlite.ApplicationID))
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, `INSERT INTO runs (id, conversation, state, expires) VALUES ('r', 'c', 'old', ?)`, hour().UnixNano())
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, `INSERT INTO tasks (conversation, id, started, deadline, expires, call, result)
		VALUES ('c', 't', 0, ?1, ?1, 'call', 'result')`, hour().UnixNano())
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s := open(t, path, sqlite.Options{})
	var version int
	require.NoError(t, s.DB().QueryRowContext(ctx, "PRAGMA user_version").Scan(&version))
	assert.Equal(t, 2, version)
	assert.Equal(t, len(sqlite.Migrations), version)

	p, err := s.Pending(ctx, "c")
	require.NoError(t, err)
	require.Len(t, p, 1)
	assert.Equal(t, "r", p[0].ID)
	assert.Equal(t, "old", string(p[0].State))
	r, err := s.Take(ctx, "r", time.Minute)
	require.NoError(t, err)
	require.NoError(t, s.Done(ctx, "r", r.Claim))
	tasks, err := s.TakeTasks(ctx, "c")
	require.NoError(t, err)
	require.Len(t, tasks, 1)
	assert.Equal(t, "result", string(tasks[0].Result))

	require.NoError(t, s.SaveMessages(ctx, "c", []byte("[]"), hour()))
	got, err := s.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, "[]", string(got))

	// Opened again, the upgraded file is as it was.
	s2 := open(t, path, sqlite.Options{})
	got, err = s2.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, "[]", string(got))
}
