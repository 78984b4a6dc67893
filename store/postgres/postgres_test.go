package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/store/postgres"
	"github.com/toolgen-go/toolgen/store/postgres/postgrestest"
	"github.com/toolgen-go/toolgen/store/storetest"
)

// conformance runs the suite on a fresh database; every Open is a Store
// with its own pool, and the processes test's children open the same
// database from its URL.
func conformance(t *testing.T, opts postgres.Options) {
	var db string
	if !storetest.InChild() {
		db = postgrestest.Database(t)
	}
	storetest.Run(t, storetest.Config{
		Open:   func(t *testing.T) store.Store { return open(t, db, opts) },
		Source: db,
		OpenSource: func(source string) (store.Store, error) {
			return postgres.Open(context.Background(), source, opts)
		},
		MaxBytes: opts.MaxBytes,
	})
}

func TestConformance(t *testing.T) { conformance(t, postgres.Options{}) }

func TestConformanceBounded(t *testing.T) { conformance(t, postgres.Options{MaxBytes: 1000}) }

func run(id, conversation string, expires time.Time) store.Run {
	return store.Run{ID: id, Conversation: conversation, State: []byte(`{"id":"` + id + `"}`), Expires: expires}
}

// TestClaims: leases, extends, releases and the count of takes, on a
// clock that the test moves.
func TestClaims(t *testing.T) {
	ctx := t.Context()
	db := postgrestest.Database(t)
	c := newClock()
	a, b := c.on(open(t, db, postgres.Options{})), c.on(open(t, db, postgres.Options{}))

	require.NoError(t, a.Put(ctx, run("r1", "conv", c.Now().Add(time.Hour))))
	first, err := a.Take(ctx, "r1", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, 1, first.Takes)
	assert.Len(t, first.Claim, 26)
	assert.Equal(t, "conv", first.Conversation)
	assert.True(t, first.Expires.Equal(c.Now().Add(time.Hour)), "Expires comes back to the nanosecond")

	_, err = b.Take(ctx, "r1", time.Minute)
	require.ErrorIs(t, err, store.ErrTaken)
	assert.EqualError(t, err, "postgres: take run r1: "+store.ErrTaken.Error())

	// The lease holds up to its last nanosecond, then goes.
	c.Add(time.Minute - 1)
	_, err = b.Take(ctx, "r1", time.Minute)
	require.ErrorIs(t, err, store.ErrTaken)
	require.NoError(t, a.Extend(ctx, "r1", first.Claim, time.Minute), "a claim is extended until its last nanosecond")
	c.Add(time.Minute)
	require.ErrorIs(t, a.Extend(ctx, "r1", first.Claim, time.Minute), store.ErrLostClaim, "an expired claim cannot be extended")
	second, err := b.Take(ctx, "r1", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, 2, second.Takes)
	assert.NotEqual(t, first.Claim, second.Claim)

	for _, err := range []error{
		a.Extend(ctx, "r1", first.Claim, time.Minute),
		a.Release(ctx, "r1", first.Claim),
		a.Done(ctx, "r1", first.Claim),
		a.Done(ctx, "r1", ""),
	} {
		assert.ErrorIs(t, err, store.ErrLostClaim)
	}
	err = a.Done(ctx, "r1", first.Claim)
	assert.EqualError(t, err, "postgres: done run r1: "+store.ErrLostClaim.Error())

	// Released, the run is as it was but for its count of takes.
	require.NoError(t, b.Release(ctx, "r1", second.Claim))
	p, err := a.Pending(ctx, "conv")
	require.NoError(t, err)
	require.Len(t, p, 1)
	assert.Equal(t, 2, p[0].Takes)
	assert.Empty(t, p[0].Claim)
	third, err := a.Take(ctx, "r1", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, 3, third.Takes)

	// Put again, the run's claim ends; its count of takes stays.
	require.NoError(t, b.Put(ctx, run("r1", "conv", c.Now().Add(time.Hour))))
	assert.ErrorIs(t, a.Done(ctx, "r1", third.Claim), store.ErrLostClaim)
	fourth, err := b.Take(ctx, "r1", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, 4, fourth.Takes)
	require.NoError(t, a.Done(ctx, "r1", fourth.Claim))
	_, err = a.Take(ctx, "r1", time.Minute)
	assert.ErrorIs(t, err, store.ErrNoRun)
}

// TestExpiry: a run is there up to its Expires, exclusive; an expired
// run gives ErrNoRun, named.
func TestExpiry(t *testing.T) {
	ctx := t.Context()
	c := newClock()
	s := c.on(open(t, postgrestest.Database(t), postgres.Options{}))
	require.NoError(t, s.Put(ctx, run("r1", "conv", c.Now().Add(time.Second))))
	require.ErrorContains(t, s.Put(ctx, run("zero", "conv", time.Time{})), "store: put run zero: it has no expiry")
	_, err := s.Take(ctx, "zero", time.Minute)
	assert.ErrorIs(t, err, store.ErrNoRun)

	c.Add(time.Second - 1)
	p, err := s.Pending(ctx, "conv")
	require.NoError(t, err)
	assert.Len(t, p, 1)
	c.Add(1)
	p, err = s.Pending(ctx, "conv")
	require.NoError(t, err)
	assert.Empty(t, p)
	_, err = s.Take(ctx, "r1", time.Minute)
	assert.ErrorIs(t, err, store.ErrNoRun)
	assert.EqualError(t, err, "postgres: take run r1: "+store.ErrNoRun.Error())
}

// TestPendingOrder: oldest put first; a run put again moves to the end.
func TestPendingOrder(t *testing.T) {
	ctx := t.Context()
	c := newClock()
	s := c.on(open(t, postgrestest.Database(t), postgres.Options{}))
	for _, id := range []string{"c", "a", "b"} {
		require.NoError(t, s.Put(ctx, run(id, "conv", c.Now().Add(time.Hour))))
		c.Add(time.Millisecond)
	}
	// Two puts at the same nanosecond keep the order of the puts.
	require.NoError(t, s.Put(ctx, run("e", "conv", c.Now().Add(time.Hour))))
	require.NoError(t, s.Put(ctx, run("d", "conv", c.Now().Add(time.Hour))))
	c.Add(time.Millisecond)
	require.NoError(t, s.Put(ctx, run("c", "conv", c.Now().Add(time.Hour))))
	require.NoError(t, s.Put(ctx, run("x", "other", c.Now().Add(time.Hour))))
	p, err := s.Pending(ctx, "conv")
	require.NoError(t, err)
	var ids []string
	for _, r := range p {
		ids = append(ids, r.ID)
		assert.Equal(t, "conv", r.Conversation)
		assert.Equal(t, `{"id":"`+r.ID+`"}`, string(r.State))
	}
	assert.Equal(t, []string{"a", "b", "e", "d", "c"}, ids)
}

// TestConcurrentTakes: many Stores take one run at once on a fixed clock;
// one wins.
func TestConcurrentTakes(t *testing.T) {
	ctx := t.Context()
	db := postgrestest.Database(t)
	c := newClock()
	var stores []*postgres.Store
	for range 4 {
		stores = append(stores, c.on(open(t, db, postgres.Options{})))
	}
	for round := range 20 {
		id := fmt.Sprint("run-", round)
		require.NoError(t, stores[0].Put(ctx, run(id, "", c.Now().Add(time.Hour))))
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for g := range 16 {
			wg.Go(func() {
				_, err := stores[g%len(stores)].Take(ctx, id, time.Minute)
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					won++
				} else if !errors.Is(err, store.ErrTaken) {
					t.Errorf("Take: %v", err)
				}
			})
		}
		wg.Wait()
		assert.Equal(t, 1, won, "run %s", id)
	}
}

// TestOpaqueState: a state the store could not parse, written into the
// table by hand, comes back as its bytes.
func TestOpaqueState(t *testing.T) {
	ctx := t.Context()
	db := postgrestest.Database(t)
	s := open(t, db, postgres.Options{})
	garbage := []byte("\x00\xff\xfe{not json")
	_, err := conn(t, db).Exec(ctx,
		`INSERT INTO toolgen_runs (id, conversation, state, put, expires) VALUES ('g', 'conv', $1, 0, $2)`,
		garbage, time.Now().Add(time.Hour).UnixNano())
	require.NoError(t, err)
	p, err := s.Pending(ctx, "conv")
	require.NoError(t, err)
	require.Len(t, p, 1)
	assert.Equal(t, garbage, p[0].State)
	r, err := s.Take(ctx, "g", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, garbage, r.State)

	// An empty state is kept as empty, not as no state.
	require.NoError(t, s.Put(ctx, store.Run{ID: "empty", Expires: time.Now().Add(time.Hour)}))
	r, err = s.Take(ctx, "empty", time.Minute)
	require.NoError(t, err)
	assert.Empty(t, r.State)
}

// TestTasks: the fields come back exact, a task started again replaces
// the first, and an empty result is a result.
func TestTasks(t *testing.T) {
	ctx := t.Context()
	c := newClock()
	db := postgrestest.Database(t)
	s := c.on(open(t, db, postgres.Options{}))
	t0 := c.Now()
	tk := store.Task{ID: "t1", Conversation: "conv", Started: t0, Deadline: t0.Add(time.Minute), Expires: t0.Add(time.Hour), Call: []byte("first call")}
	require.NoError(t, s.StartTask(ctx, tk))
	require.NoError(t, s.SettleTask(ctx, "conv", "t1", []byte("first")))
	tk.Started, tk.Call = t0.Add(time.Second), []byte{}
	require.NoError(t, s.StartTask(ctx, tk), "a task started again")
	got, err := s.TakeTasks(ctx, "conv")
	require.NoError(t, err)
	assert.Empty(t, got, "the task started again runs, without the first's result")
	require.NoError(t, s.SettleTask(ctx, "conv", "t1", []byte{}))
	err = s.SettleTask(ctx, "conv", "t1", []byte("again"))
	assert.ErrorIs(t, err, store.ErrNoTask)
	assert.EqualError(t, err, `postgres: settle task t1 of conversation "conv": `+store.ErrNoTask.Error())
	got, err = s.TakeTasks(ctx, "conv")
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.True(t, got[0].Started.Equal(tk.Started) && got[0].Deadline.Equal(tk.Deadline) && got[0].Expires.Equal(tk.Expires),
		"times come back to the nanosecond: %+v", got[0])
	assert.NotNil(t, got[0].Result, "an empty result is a result")
	assert.Empty(t, got[0].Result)
	assert.NotNil(t, got[0].Call, "an empty call is kept as empty")
	assert.Empty(t, got[0].Call, "the call of the task started again")

	// Lost at its deadline exactly; dropped at its expiry, lost or not.
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "lost", Conversation: "conv", Started: c.Now(), Deadline: c.Now().Add(time.Minute), Expires: c.Now().Add(time.Hour)}))
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "gone", Conversation: "conv", Started: c.Now(), Deadline: c.Now().Add(time.Minute), Expires: c.Now().Add(time.Minute)}))
	c.Add(time.Minute - 1)
	got, err = s.TakeTasks(ctx, "conv")
	require.NoError(t, err)
	assert.Empty(t, got)
	c.Add(1)
	got, err = s.TakeTasks(ctx, "conv")
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, "lost", got[0].ID)
	assert.Nil(t, got[0].Result)
	assert.Nil(t, got[0].Call, "no call is kept as none")
	var n int
	require.NoError(t, conn(t, db).QueryRow(ctx, `SELECT count(*) FROM toolgen_tasks`).Scan(&n))
	assert.Zero(t, n, "TakeTasks deleted the expired task it did not return")
}

// TestConcurrentMigration: 8 Stores opened at once on a fresh database
// all open, and the schema is made once.
func TestConcurrentMigration(t *testing.T) {
	db := postgrestest.Database(t)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			s, err := postgres.Open(t.Context(), db, postgres.Options{})
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	var n, version int
	require.NoError(t, conn(t, db).QueryRow(t.Context(), `SELECT count(*), max(version) FROM toolgen_schema`).Scan(&n, &version))
	assert.Equal(t, postgres.Migrations, n, "one row per version")
	assert.Equal(t, postgres.Migrations, version)

	// And a Store opened later finds it done.
	s := open(t, db, postgres.Options{})
	require.NoError(t, s.Put(t.Context(), run("r", "", time.Now().Add(time.Hour))))
	require.NoError(t, conn(t, db).QueryRow(t.Context(), `SELECT count(*) FROM toolgen_schema`).Scan(&n))
	assert.Equal(t, postgres.Migrations, n)
}

// TestNewerSchema: a database that a newer release migrated is refused
// with an error that says so.
func TestNewerSchema(t *testing.T) {
	db := postgrestest.Database(t)
	open(t, db, postgres.Options{})
	_, err := conn(t, db).Exec(t.Context(), `INSERT INTO toolgen_schema (version, applied) VALUES (99, now())`)
	require.NoError(t, err)
	_, err = postgres.Open(t.Context(), db, postgres.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("schema is at version 99, newer than this code's %d", postgres.Migrations))
}

// TestNew: a Store on the program's pool leaves the pool open at Close.
func TestNew(t *testing.T) {
	db := postgrestest.Database(t)
	pool, err := pgxpool.New(t.Context(), db)
	require.NoError(t, err)
	defer pool.Close()
	s, err := postgres.New(t.Context(), pool, postgres.Options{MaxBytes: 10})
	require.NoError(t, err)
	assert.ErrorIs(t, s.Put(t.Context(), run("big", "", time.Now().Add(time.Hour))), store.ErrTooLarge)
	s.Close()
	require.NoError(t, pool.Ping(t.Context()))
}

// TestSweep: Put and StartTask delete the expired runs and tasks, at most
// once a minute per Store, and keep a run whose claim holds.
func TestSweep(t *testing.T) {
	ctx := t.Context()
	db := postgrestest.Database(t)
	c := newClock()
	s := c.on(open(t, db, postgres.Options{}))
	look := conn(t, db)
	count := func(table string) int {
		var n int
		require.NoError(t, look.QueryRow(ctx, `SELECT count(*) FROM `+table).Scan(&n))
		return n
	}

	// The first Put sweeps (nothing yet).
	require.NoError(t, s.Put(ctx, run("live", "", c.Now().Add(time.Hour))))
	require.NoError(t, s.Put(ctx, run("short", "", c.Now().Add(time.Second))))
	require.NoError(t, s.Put(ctx, run("claimed", "", c.Now().Add(time.Second))))
	_, err := s.Take(ctx, "claimed", time.Hour)
	require.NoError(t, err)
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "short", Conversation: "c", Started: c.Now(), Deadline: c.Now().Add(time.Second), Expires: c.Now().Add(time.Second)}))
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "live", Conversation: "c", Started: c.Now(), Deadline: c.Now().Add(time.Second), Expires: c.Now().Add(time.Hour)}))
	require.NoError(t, s.SaveMessages(ctx, "short", []byte("[]"), c.Now().Add(time.Second)))
	require.NoError(t, s.SaveMessages(ctx, "live", []byte("[]"), c.Now().Add(time.Hour)))

	// Within the minute, expired rows stay.
	c.Add(2 * time.Second)
	require.NoError(t, s.Put(ctx, run("other", "", c.Now().Add(time.Hour))))
	assert.Equal(t, 4, count("toolgen_runs"))
	assert.Equal(t, 2, count("toolgen_tasks"))
	assert.Equal(t, 2, count("toolgen_conversations"))

	// A minute after the first sweep, a StartTask sweeps.
	c.Add(postgres.SweepEvery)
	require.NoError(t, s.StartTask(ctx, store.Task{ID: "third", Conversation: "c", Started: c.Now(), Deadline: c.Now().Add(time.Hour), Expires: c.Now().Add(time.Hour)}))
	var ids []string
	rows, err := look.Query(ctx, `SELECT id FROM toolgen_runs ORDER BY id`)
	require.NoError(t, err)
	for rows.Next() {
		var id string
		require.NoError(t, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{"claimed", "live", "other"}, ids, "the expired run went; the one being resumed stays")
	assert.Equal(t, 2, count("toolgen_tasks"), "the expired task went")
	var convs []string
	rows, err = look.Query(ctx, `SELECT conversation FROM toolgen_conversations`)
	require.NoError(t, err)
	for rows.Next() {
		var conv string
		require.NoError(t, rows.Scan(&conv))
		convs = append(convs, conv)
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{"live"}, convs, "the expired conversation went")

	// A minute later, a SaveMessages sweeps too.
	require.NoError(t, s.SaveMessages(ctx, "later", []byte("[]"), c.Now().Add(time.Second)))
	c.Add(time.Second)
	require.NoError(t, s.SaveMessages(ctx, "live", []byte("[]"), c.Now().Add(time.Hour)))
	assert.Equal(t, 2, count("toolgen_conversations"), "no sweep within the minute")
	c.Add(postgres.SweepEvery)
	require.NoError(t, s.SaveMessages(ctx, "live", []byte("[]"), c.Now().Add(time.Hour)))
	assert.Equal(t, 1, count("toolgen_conversations"), "the conversation that expired went")

	// Once its claim has ended, the expired run goes too, in batches.
	c.Add(time.Hour)
	for i := range 2500 {
		_, err := look.Exec(ctx, `INSERT INTO toolgen_runs (id, conversation, state, put, expires) VALUES ($1, '', '', 0, 0)`, fmt.Sprint("old-", i))
		require.NoError(t, err)
	}
	n, err := s.Sweep(ctx, c.Now())
	require.NoError(t, err)
	assert.EqualValues(t, 2500+3+2+1, n, "the 2500 old runs; claimed, live and other, expired now; the tasks third and live; the conversation live")
	assert.Zero(t, count("toolgen_runs"))
	assert.Zero(t, count("toolgen_conversations"))
}

// TestOpenFails: Open of a server that is not there, or of a URL that is
// not one, fails.
func TestOpenFails(t *testing.T) {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	_, err := postgres.Open(ctx, "postgres://toolgen@127.0.0.1:1/none?sslmode=disable&connect_timeout=2", postgres.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "postgres: ")
	_, err = postgres.Open(ctx, "::not a url::", postgres.Options{})
	require.Error(t, err)
}

// TestSearchPath: the tables go to the first schema of the search_path
// that the URL sets, so that two applications can share a database.
func TestSearchPath(t *testing.T) {
	ctx := t.Context()
	db := postgrestest.Database(t)
	look := conn(t, db)
	for _, schema := range []string{"app1", "app2"} {
		_, err := look.Exec(ctx, "CREATE SCHEMA "+schema)
		require.NoError(t, err)
	}
	a := open(t, withParam(t, db, "search_path", "app1"), postgres.Options{})
	b := open(t, withParam(t, db, "search_path", "app2"), postgres.Options{})
	require.NoError(t, a.Put(ctx, run("r", "conv", time.Now().Add(time.Hour))))
	_, err := b.Take(ctx, "r", time.Minute)
	assert.ErrorIs(t, err, store.ErrNoRun, "app2 has runs of its own")
	_, err = a.Take(ctx, "r", time.Minute)
	assert.NoError(t, err)
	var tables []string
	rows, err := look.Query(ctx, `SELECT table_schema || '.' || table_name FROM information_schema.tables WHERE table_name LIKE 'toolgen%' ORDER BY 1`)
	require.NoError(t, err)
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		tables = append(tables, s)
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, []string{
		"app1.toolgen_conversations", "app1.toolgen_runs", "app1.toolgen_schema", "app1.toolgen_tasks",
		"app2.toolgen_conversations", "app2.toolgen_runs", "app2.toolgen_schema", "app2.toolgen_tasks",
	}, tables)
}

// TestMessages: the messages of a conversation come back exact, empty as
// empty, until their expiry exclusive; a save replaces the messages and
// the expiry; errors name the conversation.
func TestMessages(t *testing.T) {
	ctx := t.Context()
	c := newClock()
	db := postgrestest.Database(t)
	a, b := c.on(open(t, db, postgres.Options{MaxBytes: 100})), c.on(open(t, db, postgres.Options{MaxBytes: 100}))

	got, err := a.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.Nil(t, got, "never saved")
	require.NoError(t, a.SaveMessages(ctx, "c", []byte{}, c.Now().Add(time.Second)))
	got, err = b.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.NotNil(t, got, "empty messages are messages")
	assert.Empty(t, got)

	garbage := []byte("\x00\xff{not json")
	require.NoError(t, b.SaveMessages(ctx, "c", garbage, c.Now().Add(time.Minute)))
	c.Add(time.Minute - 1)
	got, err = a.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, garbage, got, "the second save, with its expiry, held until its last nanosecond")
	c.Add(1)
	got, err = a.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.Nil(t, got, "expired")
	require.NoError(t, a.SaveMessages(ctx, "c", []byte("[1]"), c.Now().Add(time.Minute)))
	got, err = b.LoadMessages(ctx, "c")
	require.NoError(t, err)
	assert.Equal(t, "[1]", string(got), "an expired conversation saved again")

	err = a.SaveMessages(ctx, "c", make([]byte, 101), c.Now().Add(time.Minute))
	assert.ErrorIs(t, err, store.ErrTooLarge)
	assert.ErrorContains(t, err, `messages of conversation "c"`)

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	err = a.SaveMessages(cancelled, "c", []byte("[2]"), c.Now().Add(time.Minute))
	assert.ErrorIs(t, err, context.Canceled)
	assert.ErrorContains(t, err, `postgres: save messages of conversation "c": `)
	_, err = a.LoadMessages(cancelled, "c")
	assert.ErrorIs(t, err, context.Canceled)
	assert.ErrorContains(t, err, `postgres: load messages of conversation "c": `)
}

// TestUpgrade: a database at schema version 1, made by a release that
// knew only runs and tasks, is upgraded to the newest version by Opens at
// once, and keeps its runs and tasks.
func TestUpgrade(t *testing.T) {
	ctx := t.Context()
	db := postgrestest.Database(t)
	require.NoError(t, postgres.MigrateTo(ctx, db, 1))
	look := conn(t, db)
	var versions []int
	schema := func() {
		versions = nil
		rows, err := look.Query(ctx, `SELECT version FROM toolgen_schema ORDER BY version`)
		require.NoError(t, err)
		for rows.Next() {
			var v int
			require.NoError(t, rows.Scan(&v))
			versions = append(versions, v)
		}
		require.NoError(t, rows.Err())
	}
	schema()
	require.Equal(t, []int{1}, versions)
	var exists bool
	require.NoError(t, look.QueryRow(ctx, `SELECT to_regclass('toolgen_conversations') IS NOT NULL`).Scan(&exists))
	require.False(t, exists, "version 1 has no conversations")

	// What a version-1 store left: a paused run and a settled task.
	hour := time.Now().Add(time.Hour).UnixNano()
	_, err := look.Exec(ctx, `INSERT INTO toolgen_runs (id, conversation, state, put, expires) VALUES ('old', 'conv', '{"v":1}', 0, $1)`, hour)
	require.NoError(t, err)
	_, err = look.Exec(ctx, `INSERT INTO toolgen_tasks (conversation, id, started, deadline, expires, call, result) VALUES ('conv', 't', 0, $1, $1, 'call', 'done')`, hour)
	require.NoError(t, err)

	var wg sync.WaitGroup
	stores := make([]*postgres.Store, 4)
	errs := make([]error, len(stores))
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = postgres.Open(ctx, db, postgres.Options{}) })
	}
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err)
		t.Cleanup(stores[i].Close)
	}
	schema()
	want := make([]int, postgres.Migrations)
	for i := range want {
		want[i] = i + 1
	}
	assert.Equal(t, want, versions, "each version applied once")

	s := stores[0]
	p, err := s.Pending(ctx, "conv")
	require.NoError(t, err)
	require.Len(t, p, 1)
	assert.Equal(t, "old", p[0].ID)
	r, err := stores[1].Take(ctx, "old", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, `{"v":1}`, string(r.State))
	require.NoError(t, stores[1].Done(ctx, "old", r.Claim))
	tasks, err := stores[2].TakeTasks(ctx, "conv")
	require.NoError(t, err)
	require.Len(t, tasks, 1)
	assert.Equal(t, "done", string(tasks[0].Result))

	require.NoError(t, s.SaveMessages(ctx, "conv", []byte("[]"), time.Now().Add(time.Hour)))
	got, err := stores[3].LoadMessages(ctx, "conv")
	require.NoError(t, err)
	assert.Equal(t, "[]", string(got))

	// Opened again, nothing is applied again.
	open(t, db, postgres.Options{})
	schema()
	assert.Equal(t, want, versions)
}
