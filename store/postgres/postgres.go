// Package postgres is a [store.Store] and [store.Messages] in a
// PostgreSQL database, for many server replicas that share it: a run
// paused on one replica is resumed on whichever replica gets the next
// request, the background tasks of a conversation are delivered to
// whichever replica runs it next, and the messages of a conversation
// that one replica saved are loaded by the next.
//
// [Open] connects to a database and [New] uses a pool the program has
// already. Either creates or upgrades the tables (toolgen_runs,
// toolgen_tasks, toolgen_conversations and toolgen_schema, in the first
// schema of the search_path: public unless the URL sets search_path) in
// one transaction under an advisory lock, so that however many replicas
// start together the schema is made once; a database that a newer
// release of this package upgraded is refused with an error that says
// so.
//
// A run is taken by one replica at a time: [Store.Take] claims it with a
// single UPDATE whose WHERE clause asks that the run be unclaimed or its
// claim expired, so that of concurrent Takes one updates the row and the
// others find the claim (see [Store.Take]).
//
// Expired runs, tasks and conversations are deleted without a cron job:
// [Store.Put], [Store.StartTask] and [Store.SaveMessages] sweep them, at
// most once a minute per Store, in bounded DELETEs.
//
// Times are the callers' clocks: the replicas' clocks should agree to
// well within a lease.
//
// The guarantees, what happens when a server stops mid-resume, and how to
// choose a store are in
// https://github.com/toolgen-go/toolgen/blob/main/docs/stores.md.
package postgres

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/toolgen-go/toolgen/store"
)

// Options configures a [Store].
type Options struct {
	// MaxBytes bounds a run's state, a task's result and the messages of
	// a conversation; 0 means
	// [store.DefaultMaxBytes].
	MaxBytes int
}

// Store is a [store.Store] in a PostgreSQL database. It is safe for
// concurrent use, and any number of Stores, in any number of processes,
// may share a database.
type Store struct {
	pool *pgxpool.Pool
	own  bool // Close closes pool
	max  int

	// now is the clock; tests replace it.
	now func() time.Time
	// sweptAt is the UnixNano of the last sweep, 0 before the first.
	sweptAt atomic.Int64
}

var (
	_ store.Store    = (*Store)(nil)
	_ store.Messages = (*Store)(nil)
)

// Open connects to the database of url (a postgres:// URL or a
// key=value connection string, as [pgxpool.ParseConfig] reads them),
// creates or upgrades its tables, and returns a Store that owns the
// connection pool. Tables go to the first schema of the search_path,
// which the URL may set (search_path=myschema).
func Open(ctx context.Context, url string, opts Options) (*Store, error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	s, err := New(ctx, pool, opts)
	if err != nil {
		pool.Close()
		return nil, err
	}
	s.own = true
	return s, nil
}

// New returns a Store on a pool the program already has, after creating
// or upgrading its tables. The pool stays the program's: [Store.Close]
// leaves it open.
func New(ctx context.Context, pool *pgxpool.Pool, opts Options) (*Store, error) {
	if err := migrate(ctx, pool); err != nil {
		return nil, err
	}
	return &Store{pool: pool, max: opts.MaxBytes, now: time.Now}, nil
}

// Close closes the connection pool that [Open] made; it does nothing for
// a Store of [New].
func (s *Store) Close() {
	if s.own {
		s.pool.Close()
	}
}

// Times are stored as bigint nanoseconds since the Unix epoch, of the
// caller's clock: a Go time comes back exactly as it was written
// (timestamptz keeps microseconds), and the comparisons of leases and
// expiries are integer comparisons in the statements, with the time of
// the call as a parameter, the same for every row a statement touches.

func fromNanos(n int64) time.Time { return time.Unix(0, n) }

// Put implements [store.Runs]: it inserts the run, or replaces the one of
// its id, ending its claim and keeping its count of takes.
func (s *Store) Put(ctx context.Context, r store.Run) error {
	if err := store.CheckRun(r, s.max); err != nil {
		return err
	}
	now := s.now()
	state := r.State
	if state == nil {
		state = []byte{}
	}
	_, err := s.pool.Exec(ctx, `
INSERT INTO toolgen_runs (id, conversation, state, put, expires)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (id) DO UPDATE SET conversation = excluded.conversation, state = excluded.state,
	put = excluded.put, seq = DEFAULT, expires = excluded.expires, claim = '', claim_until = 0`,
		r.ID, r.Conversation, state, store.UnixNano(now), store.UnixNano(r.Expires))
	if err != nil {
		return fmt.Errorf("postgres: put run %s: %w", r.ID, err)
	}
	s.maybeSweep(ctx, now)
	return nil
}

// Take implements [store.Runs]. It claims the run with one statement,
//
//	UPDATE toolgen_runs SET claim = $2, claim_until = $3, takes = takes + 1
//	WHERE id = $1 AND expires > $now AND (claim = '' OR claim_until <= $now)
//	RETURNING …
//
// Under READ COMMITTED, PostgreSQL's default, an UPDATE that finds the row
// locked by a concurrent UPDATE waits for it to commit and then evaluates
// its WHERE clause again on the row as that one left it: it finds the new
// claim, which holds, and updates nothing. So of concurrent Takes, in one
// process or many, exactly one updates the row. When none is updated, a
// SELECT tells a run that is not there or expired ([store.ErrNoRun]) from
// one that is claimed ([store.ErrTaken]). Under REPEATABLE READ or
// SERIALIZABLE (a database whose default_transaction_isolation says so)
// the loser fails with a serialization error instead, which the same
// SELECT turns into ErrTaken or ErrNoRun.
//
// The claim is [rand.Text]: 26 random base32 characters.
func (s *Store) Take(ctx context.Context, id string, lease time.Duration) (store.Run, error) {
	now := s.now()
	claim := rand.Text()
	r := store.Run{ID: id, Claim: claim}
	var expires int64
	err := s.pool.QueryRow(ctx, `
UPDATE toolgen_runs SET claim = $2, claim_until = $3, takes = takes + 1
WHERE id = $1 AND expires > $4 AND (claim = '' OR claim_until <= $4)
RETURNING conversation, state, expires, takes`,
		id, claim, store.UnixNano(now.Add(lease)), store.UnixNano(now)).Scan(&r.Conversation, &r.State, &expires, &r.Takes)
	if err == nil {
		r.Expires = fromNanos(expires)
		return r, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) && !isSerialization(err) {
		return store.Run{}, fmt.Errorf("postgres: take run %s: %w", id, err)
	}
	var live bool
	err = s.pool.QueryRow(ctx, `SELECT expires > $2 FROM toolgen_runs WHERE id = $1`, id, store.UnixNano(now)).Scan(&live)
	switch {
	case errors.Is(err, pgx.ErrNoRows) || err == nil && !live:
		return store.Run{}, fmt.Errorf("postgres: take run %s: %w", id, store.ErrNoRun)
	case err != nil:
		return store.Run{}, fmt.Errorf("postgres: take run %s: %w", id, err)
	}
	return store.Run{}, fmt.Errorf("postgres: take run %s: %w", id, store.ErrTaken)
}

// isSerialization reports whether err is PostgreSQL's
// serialization_failure (40001).
func isSerialization(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "40001"
}

// claimHeld is the WHERE clause of the statements that need claim $2 on
// run $1 to hold at time $3.
const claimHeld = `id = $1 AND claim = $2 AND claim <> '' AND claim_until > $3`

// Extend implements [store.Runs].
func (s *Store) Extend(ctx context.Context, id, claim string, lease time.Duration) error {
	now := s.now()
	return s.onClaim(ctx, "extend", id, `UPDATE toolgen_runs SET claim_until = $4 WHERE `+claimHeld,
		id, claim, store.UnixNano(now), store.UnixNano(now.Add(lease)))
}

// Release implements [store.Runs]: the run is left as it was, but for its
// count of takes.
func (s *Store) Release(ctx context.Context, id, claim string) error {
	return s.onClaim(ctx, "release", id, `UPDATE toolgen_runs SET claim = '', claim_until = 0 WHERE `+claimHeld,
		id, claim, store.UnixNano(s.now()))
}

// Done implements [store.Runs].
func (s *Store) Done(ctx context.Context, id, claim string) error {
	return s.onClaim(ctx, "done", id, `DELETE FROM toolgen_runs WHERE `+claimHeld,
		id, claim, store.UnixNano(s.now()))
}

// onClaim runs the statement sql of op, which touches run id while its
// claim holds, and fails with ErrLostClaim when it touched none.
func (s *Store) onClaim(ctx context.Context, op, id, sql string, args ...any) error {
	tag, err := s.pool.Exec(ctx, sql, args...)
	switch {
	case err != nil:
		return fmt.Errorf("postgres: %s run %s: %w", op, id, err)
	case tag.RowsAffected() == 0:
		return fmt.Errorf("postgres: %s run %s: %w", op, id, store.ErrLostClaim)
	}
	return nil
}

// Pending implements [store.Runs]: the runs are in the order they were
// put (by the putting callers' clocks, then by the database's order of
// the puts).
func (s *Store) Pending(ctx context.Context, conversation string) ([]store.Run, error) {
	rows, err := s.pool.Query(ctx, `
SELECT id, state, expires, takes FROM toolgen_runs
WHERE conversation = $1 AND expires > $2
ORDER BY put, seq`, conversation, store.UnixNano(s.now()))
	if err != nil {
		return nil, fmt.Errorf("postgres: pending runs of conversation %q: %w", conversation, err)
	}
	var out []store.Run
	for rows.Next() {
		r := store.Run{Conversation: conversation}
		var expires int64
		if err := rows.Scan(&r.ID, &r.State, &expires, &r.Takes); err != nil {
			rows.Close()
			return nil, fmt.Errorf("postgres: pending runs of conversation %q: %w", conversation, err)
		}
		r.Expires = fromNanos(expires)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: pending runs of conversation %q: %w", conversation, err)
	}
	return out, nil
}

// StartTask implements [store.Tasks]: it records the task as running,
// replacing a task of the same id and conversation. Its Call is kept as
// given: nil as nil, empty as empty.
func (s *Store) StartTask(ctx context.Context, t store.Task) error {
	if err := store.CheckTask(t, s.max); err != nil {
		return err
	}
	now := s.now()
	_, err := s.pool.Exec(ctx, `
INSERT INTO toolgen_tasks (conversation, id, started, deadline, expires, call)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (conversation, id) DO UPDATE SET started = excluded.started, deadline = excluded.deadline,
	expires = excluded.expires, call = excluded.call, result = NULL`,
		t.Conversation, t.ID, store.UnixNano(t.Started), store.UnixNano(t.Deadline), store.UnixNano(t.Expires), t.Call)
	if err != nil {
		return fmt.Errorf("postgres: start task %s of conversation %q: %w", t.ID, t.Conversation, err)
	}
	s.maybeSweep(ctx, now)
	return nil
}

// SettleTask implements [store.Tasks].
func (s *Store) SettleTask(ctx context.Context, conversation, id string, result []byte) error {
	if err := store.CheckResult(id, result, s.max); err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `
UPDATE toolgen_tasks SET result = $3 WHERE conversation = $1 AND id = $2 AND result IS NULL`,
		conversation, id, result)
	switch {
	case err != nil:
		return fmt.Errorf("postgres: settle task %s of conversation %q: %w", id, conversation, err)
	case tag.RowsAffected() == 0:
		return fmt.Errorf("postgres: settle task %s of conversation %q: %w", id, conversation, store.ErrNoTask)
	}
	return nil
}

// TakeTasks implements [store.Tasks]. It deletes the conversation's
// settled, lost and expired tasks in one DELETE … RETURNING, and returns
// those that had not expired. Of concurrent TakeTasks, a DELETE that
// finds a row deleted by another skips it, so each task goes to one.
func (s *Store) TakeTasks(ctx context.Context, conversation string) ([]store.Task, error) {
	now := store.UnixNano(s.now())
	rows, err := s.pool.Query(ctx, `
DELETE FROM toolgen_tasks
WHERE conversation = $1 AND (result IS NOT NULL OR deadline <= $2 OR expires <= $2)
RETURNING id, started, deadline, expires, call, result`, conversation, now)
	if err != nil {
		return nil, fmt.Errorf("postgres: take tasks of conversation %q: %w", conversation, err)
	}
	var out []store.Task
	for rows.Next() {
		var started, deadline, expires int64
		t := store.Task{Conversation: conversation}
		if err := rows.Scan(&t.ID, &started, &deadline, &expires, &t.Call, &t.Result); err != nil {
			rows.Close()
			return nil, fmt.Errorf("postgres: take tasks of conversation %q: %w", conversation, err)
		}
		if expires <= now {
			continue // dropped: nobody took it in time
		}
		t.Started, t.Deadline, t.Expires = fromNanos(started), fromNanos(deadline), fromNanos(expires)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: take tasks of conversation %q: %w", conversation, err)
	}
	store.SortTasks(out)
	return out, nil
}

// SaveMessages implements [store.Messages]: it inserts the messages of
// conversation, or replaces those it held, with their expiry.
func (s *Store) SaveMessages(ctx context.Context, conversation string, messages []byte, expires time.Time) error {
	if err := store.CheckMessages(conversation, messages, expires, s.max); err != nil {
		return err
	}
	now := s.now()
	_, err := s.pool.Exec(ctx, `
INSERT INTO toolgen_conversations (conversation, messages, expires)
VALUES ($1, $2, $3)
ON CONFLICT (conversation) DO UPDATE SET messages = excluded.messages, expires = excluded.expires`,
		conversation, messages, store.UnixNano(expires))
	if err != nil {
		return fmt.Errorf("postgres: save messages of conversation %q: %w", conversation, err)
	}
	s.maybeSweep(ctx, now)
	return nil
}

// LoadMessages implements [store.Messages]: the messages of conversation
// as saved (empty as empty), or nil when none were saved or they expired
// by the caller's clock. An expired conversation is left to the sweep.
func (s *Store) LoadMessages(ctx context.Context, conversation string) ([]byte, error) {
	var messages []byte
	err := s.pool.QueryRow(ctx, `
SELECT messages FROM toolgen_conversations WHERE conversation = $1 AND expires > $2`,
		conversation, store.UnixNano(s.now())).Scan(&messages)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("postgres: load messages of conversation %q: %w", conversation, err)
	}
	if messages == nil {
		messages = []byte{} // NOT NULL: saved empty
	}
	return messages, nil
}
