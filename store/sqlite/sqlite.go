// Package sqlite is a [store.Store] and [store.Messages] in one SQLite
// file, for a single server that keeps its paused runs, background tasks
// and conversations across restarts by giving a file path. It runs SQLite through modernc.org/sqlite, in
// pure Go (no cgo), with the file in WAL mode: readers do not block the
// writer, and several processes on the same machine may share the file
// (a busy timeout makes them wait for each other instead of failing), so
// that a take of a run is atomic across them. For replicas on several
// machines, use the Postgres store (module
// github.com/toolgen-go/toolgen/store/postgres); SQLite must not be used
// on a network file system.
//
// How to choose a store, and what each guarantees:
// https://github.com/toolgen-go/toolgen/blob/main/docs/stores.md.
package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"net/url"
	"strings"
	"sync"
	"time"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/toolgen-go/toolgen/store"
)

// Options configures a [Store].
type Options struct {
	// MaxBytes bounds a run's state, a task's call, a task's result and
	// the messages of a conversation; 0 means [store.DefaultMaxBytes].
	MaxBytes int
}

// Store is a [store.Store] and a [store.Messages] in one SQLite file. It
// is safe for concurrent use by many goroutines, and by several processes
// that open the same file.
//
// Expired rows are deleted without a background goroutine: at most once
// a minute per Store, a Put, a StartTask or a SaveMessages first deletes
// the runs past their Expires that no live claim holds, the tasks past
// their Expires and the conversations past their expiry. Until then they
// stay in the file but are never returned.
type Store struct {
	db   *sql.DB
	path string
	max  int

	// writing is held by the statement of this Store that writes: they
	// wait for each other here rather than in SQLite's busy handler,
	// which polls. Other processes still wait in the busy handler.
	writing chan struct{}

	mu        sync.Mutex
	lastSweep time.Time // zero: sweep at the next Put, StartTask or SaveMessages
}

var (
	_ store.Store    = (*Store)(nil)
	_ store.Messages = (*Store)(nil)
)

// sweepEvery is how often a Store deletes expired rows at most.
const sweepEvery = time.Minute

// busyTimeout is how long a statement waits for another connection or
// process that holds the write lock before it fails with SQLITE_BUSY.
const busyTimeout = 10 * time.Second

// applicationID marks the file as a toolgen store in its header
// (PRAGMA application_id): "tgst".
const applicationID = 0x74677374

// migrations are the schema's versions: migrations[i] takes a file from
// version i (PRAGMA user_version) to version i+1. Each runs once, in the
// transaction that sets the new version.
var migrations = []string{
	// Version 1. A run's seq orders Pending by the time it was put: a
	// Put of an existing id replaces the row, with a new seq.
	`CREATE TABLE IF NOT EXISTS runs (
		seq          INTEGER PRIMARY KEY AUTOINCREMENT,
		id           TEXT    NOT NULL UNIQUE,
		conversation TEXT    NOT NULL,
		state        BLOB    NOT NULL,
		expires      INTEGER NOT NULL, -- Unix nanoseconds
		claim        TEXT,             -- NULL: not taken
		claim_until  INTEGER NOT NULL DEFAULT 0,
		takes        INTEGER NOT NULL DEFAULT 0
	);
	CREATE INDEX IF NOT EXISTS runs_conversation ON runs (conversation, seq);
	CREATE INDEX IF NOT EXISTS runs_expires ON runs (expires);
	CREATE TABLE IF NOT EXISTS tasks (
		conversation TEXT    NOT NULL,
		id           TEXT    NOT NULL,
		started      INTEGER NOT NULL,
		deadline     INTEGER NOT NULL,
		expires      INTEGER NOT NULL,
		call         BLOB    NOT NULL,
		result       BLOB,             -- NULL: running
		PRIMARY KEY (conversation, id)
	);
	CREATE INDEX IF NOT EXISTS tasks_expires ON tasks (expires);`,
	// Version 2: the conversations of store.Messages.
	`CREATE TABLE IF NOT EXISTS conversations (
		conversation TEXT    PRIMARY KEY,
		messages     BLOB    NOT NULL,
		expires      INTEGER NOT NULL  -- Unix nanoseconds
	);
	CREATE INDEX IF NOT EXISTS conversations_expires ON conversations (expires);`,
}

// Open opens the store in the SQLite file at path, and creates the file
// and its tables when they are not there, or adds the tables of this
// version to the file of an older one. Several processes may open the
// same file at once, a new one too: the first creates the tables, the
// others wait for it. Open fails when the file is not a SQLite database
// or is the store of a newer version of this package. Close the Store
// when done.
func Open(path string, opts Options) (*Store, error) {
	if path == "" {
		return nil, errors.New("sqlite: open: no path")
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	s := &Store{db: db, path: path, max: opts.MaxBytes, writing: make(chan struct{}, 1)}
	if path == ":memory:" {
		// Each connection to :memory: is a database of its own.
		db.SetMaxOpenConns(1)
		db.SetConnMaxLifetime(0)
		db.SetConnMaxIdleTime(0)
	}
	// Check the file before WAL mode changes it.
	ctx := context.Background()
	_, err = check(ctx, db)
	if err == nil {
		err = s.wal(ctx)
	}
	if err == nil {
		err = s.migrate(ctx)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, explain(err))
	}
	return s, nil
}

// dsn returns the driver's name of the file at path: a file: URI with
// the pragmas every connection needs. The journal mode is the file's, set
// once by [Store.wal].
func dsn(path string) string {
	q := url.Values{}
	q.Set("_txlock", "immediate") // transactions write: take the lock at BEGIN
	q.Set("_busy_timeout", fmt.Sprint(busyTimeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(0)")
	if path == ":memory:" {
		return "file::memory:?" + q.Encode()
	}
	q.Set("_synchronous", "FULL") // a commit is on the disk when it returns
	r := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")
	return "file:" + r.Replace(path) + "?" + q.Encode()
}

// explain adds what a driver error means for a file that is opened.
func explain(err error) error {
	var e *msqlite.Error
	if errors.As(err, &e) && e.Code()&0xff == sqlite3.SQLITE_NOTADB {
		return fmt.Errorf("not a SQLite database, or a corrupt one: %w", err)
	}
	return err
}

// wal puts the file in WAL mode, which it keeps. Of connections that
// switch a new file at once, SQLite lets one do it and fails the others
// with SQLITE_BUSY at once, without waiting: they try again.
func (s *Store) wal(ctx context.Context) error {
	if s.path == ":memory:" {
		return nil
	}
	deadline := time.Now().Add(busyTimeout)
	for {
		var mode string
		err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode = WAL").Scan(&mode)
		if err == nil {
			if !strings.EqualFold(mode, "wal") {
				return fmt.Errorf("cannot use WAL mode: the journal mode stays %q", mode)
			}
			return nil
		}
		var e *msqlite.Error
		if !errors.As(err, &e) || e.Code()&0xff != sqlite3.SQLITE_BUSY || time.Now().After(deadline) {
			return err
		}
		select {
		case <-time.After(time.Duration(1+mrand.IntN(10)) * time.Millisecond):
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}

// check returns the schema's version of the database, or why this code
// cannot use it. It reads and does not write.
func check(ctx context.Context, db interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (version int64, err error) {
	// One statement, to read the three at one moment.
	var app, tables int64
	err = db.QueryRowContext(ctx, `SELECT
		(SELECT user_version FROM pragma_user_version),
		(SELECT application_id FROM pragma_application_id),
		(SELECT count(*) FROM sqlite_schema)`).Scan(&version, &app, &tables)
	if err != nil {
		return 0, err
	}
	switch {
	case app != 0 && app != applicationID:
		return 0, fmt.Errorf("the SQLite database is not a toolgen store (its application_id is %#x)", app)
	case version == 0 && tables > 0:
		return 0, errors.New("the SQLite database is not a toolgen store (it has tables, and no schema version)")
	case version > int64(len(migrations)):
		return 0, fmt.Errorf("the store's schema is version %d, newer than the version %d this code knows: open it with a newer toolgen/store/sqlite", version, len(migrations))
	}
	return version, nil
}

// migrate brings the schema to the newest version, in one transaction
// that holds the write lock from its BEGIN, so that of several processes
// opening a new file one creates the tables and the others see them.
func (s *Store) migrate(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	version, err := check(ctx, tx)
	if err != nil || version == int64(len(migrations)) {
		return err
	}
	for i := version; i < int64(len(migrations)); i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migrating the schema to version %d: %w", i+1, err)
		}
	}
	// PRAGMA takes no parameters; the values are constants.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", len(migrations), applicationID)); err != nil {
		return err
	}
	return tx.Commit()
}

// lock waits for the other writes of s to end, or for ctx to be done.
func (s *Store) lock(ctx context.Context) error {
	select {
	case s.writing <- struct{}{}:
		return nil
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

func (s *Store) unlock() { <-s.writing }

// Close closes the file. The Store must not be used after.
func (s *Store) Close() error { return s.db.Close() }

// sweepDue reports whether expired rows are to be deleted now, and if so
// marks the sweep done.
func (s *Store) sweepDue(now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.lastSweep.IsZero() && now.Sub(s.lastSweep) < sweepEvery {
		return false
	}
	s.lastSweep = now
	return true
}

// sweepFailed lets the next Put, StartTask or SaveMessages sweep again.
func (s *Store) sweepFailed() {
	s.mu.Lock()
	s.lastSweep = time.Time{}
	s.mu.Unlock()
}

// sweep deletes the expired runs that no live claim holds, the expired
// tasks and the expired conversations. A run is kept while a claim resumes it, so that its
// resume ends with Done as if it had not expired.
var sweep = []string{
	`DELETE FROM runs WHERE expires <= ?1 AND (claim IS NULL OR claim_until <= ?1)`,
	`DELETE FROM tasks WHERE expires <= ?1`,
	`DELETE FROM conversations WHERE expires <= ?1`,
}

// write runs the statement q with args, after a sweep of expired rows
// in the same transaction when one is due.
func (s *Store) write(ctx context.Context, q string, args ...any) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.unlock()
	now := time.Now()
	if !s.sweepDue(now) {
		_, err := s.db.ExecContext(ctx, q, args...)
		return err
	}
	err := func() error {
		tx, err := s.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		for _, q := range sweep {
			if _, err := tx.ExecContext(ctx, q, store.UnixNano(now)); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return err
		}
		return tx.Commit()
	}()
	if err != nil {
		s.sweepFailed()
	}
	return err
}

// Put implements [store.Runs]. A run put again keeps its count of takes;
// its claim ends. Put may first delete the expired rows (see [Store]).
func (s *Store) Put(ctx context.Context, r store.Run) error {
	if err := store.CheckRun(r, s.max); err != nil {
		return err
	}
	state := r.State
	if state == nil {
		state = []byte{}
	}
	err := s.write(ctx,
		`INSERT OR REPLACE INTO runs (id, conversation, state, expires, takes)
		VALUES (?1, ?2, ?3, ?4, coalesce((SELECT takes FROM runs WHERE id = ?1), 0))`,
		r.ID, r.Conversation, state, store.UnixNano(r.Expires))
	if err != nil {
		return fmt.Errorf("sqlite: put run %s: %w", r.ID, err)
	}
	return nil
}

// Take implements [store.Runs]. It is atomic across the processes that
// share the file: one transaction, which holds the write lock from its
// start, claims the run or finds why it cannot.
func (s *Store) Take(ctx context.Context, id string, lease time.Duration) (store.Run, error) {
	r, err := s.take(ctx, id, lease)
	if err != nil {
		return store.Run{}, fmt.Errorf("sqlite: take run %s: %w", id, err)
	}
	return r, nil
}

func (s *Store) take(ctx context.Context, id string, lease time.Duration) (store.Run, error) {
	if err := s.lock(ctx); err != nil {
		return store.Run{}, err
	}
	defer s.unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return store.Run{}, err
	}
	defer tx.Rollback()
	now := time.Now()
	r := store.Run{ID: id, Claim: rand.Text()}
	var expires int64
	err = tx.QueryRowContext(ctx,
		`UPDATE runs SET claim = ?2, claim_until = ?3, takes = takes + 1
		WHERE id = ?1 AND expires > ?4 AND (claim IS NULL OR claim_until <= ?4)
		RETURNING conversation, state, expires, takes`,
		id, r.Claim, store.UnixNano(now.Add(lease)), store.UnixNano(now)).Scan(&r.Conversation, &r.State, &expires, &r.Takes)
	if err == nil {
		r.Expires = time.Unix(0, expires)
		return r, tx.Commit()
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return store.Run{}, err
	}
	// Nothing was claimed: the run is not there, or a claim holds it.
	var there bool
	err = tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM runs WHERE id = ?1 AND expires > ?2)`,
		id, store.UnixNano(now)).Scan(&there)
	switch {
	case err != nil:
		return store.Run{}, err
	case there:
		return store.Run{}, store.ErrTaken
	}
	return store.Run{}, store.ErrNoRun
}

// claimed runs q, a statement on the run id (?1) while claim (?2) holds
// it at now (?3), and fails with ErrLostClaim when no row changed. With
// a lease, ?4 is its end from now.
func (s *Store) claimed(ctx context.Context, op, id, claim string, lease *time.Duration, q string) error {
	if claim == "" {
		return fmt.Errorf("sqlite: %s run %s: %w", op, id, store.ErrLostClaim)
	}
	if err := s.lock(ctx); err != nil {
		return fmt.Errorf("sqlite: %s run %s: %w", op, id, err)
	}
	now := time.Now()
	args := []any{id, claim, store.UnixNano(now)}
	if lease != nil {
		args = append(args, store.UnixNano(now.Add(*lease)))
	}
	res, err := s.db.ExecContext(ctx, q, args...)
	s.unlock()
	if err != nil {
		return fmt.Errorf("sqlite: %s run %s: %w", op, id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("sqlite: %s run %s: %w", op, id, err)
	}
	if n == 0 {
		return fmt.Errorf("sqlite: %s run %s: %w", op, id, store.ErrLostClaim)
	}
	return nil
}

// Extend implements [store.Runs].
func (s *Store) Extend(ctx context.Context, id, claim string, lease time.Duration) error {
	return s.claimed(ctx, "extend", id, claim, &lease,
		`UPDATE runs SET claim_until = ?4 WHERE id = ?1 AND claim = ?2 AND claim_until > ?3`)
}

// Release implements [store.Runs]. The run keeps its count of takes.
func (s *Store) Release(ctx context.Context, id, claim string) error {
	return s.claimed(ctx, "release", id, claim, nil,
		`UPDATE runs SET claim = NULL, claim_until = 0 WHERE id = ?1 AND claim = ?2 AND claim_until > ?3`)
}

// Done implements [store.Runs].
func (s *Store) Done(ctx context.Context, id, claim string) error {
	return s.claimed(ctx, "done", id, claim, nil,
		`DELETE FROM runs WHERE id = ?1 AND claim = ?2 AND claim_until > ?3`)
}

// Pending implements [store.Runs].
func (s *Store) Pending(ctx context.Context, conversation string) ([]store.Run, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, state, expires, takes FROM runs
		WHERE conversation = ?1 AND expires > ?2 ORDER BY seq`,
		conversation, store.UnixNano(time.Now()))
	if err != nil {
		return nil, fmt.Errorf("sqlite: pending runs of conversation %q: %w", conversation, err)
	}
	defer rows.Close()
	var out []store.Run
	for rows.Next() {
		r := store.Run{Conversation: conversation}
		var expires int64
		if err := rows.Scan(&r.ID, &r.State, &expires, &r.Takes); err != nil {
			return nil, fmt.Errorf("sqlite: pending runs of conversation %q: %w", conversation, err)
		}
		r.Expires = time.Unix(0, expires)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: pending runs of conversation %q: %w", conversation, err)
	}
	return out, nil
}

// StartTask implements [store.Tasks]. A task started again under the id
// of a task of its conversation replaces it. StartTask may first delete
// the expired rows (see [Store]).
func (s *Store) StartTask(ctx context.Context, t store.Task) error {
	if err := store.CheckTask(t, s.max); err != nil {
		return err
	}
	call := t.Call
	if call == nil {
		call = []byte{}
	}
	err := s.write(ctx,
		`INSERT OR REPLACE INTO tasks (conversation, id, started, deadline, expires, call, result)
		VALUES (?, ?, ?, ?, ?, ?, NULL)`,
		t.Conversation, t.ID, store.UnixNano(t.Started), store.UnixNano(t.Deadline), store.UnixNano(t.Expires), call)
	if err != nil {
		return fmt.Errorf("sqlite: start task %s of conversation %q: %w", t.ID, t.Conversation, err)
	}
	return nil
}

// SettleTask implements [store.Tasks]. A task past its Deadline that no
// TakeTasks reported lost yet can still settle; one past its Expires
// cannot.
func (s *Store) SettleTask(ctx context.Context, conversation, id string, result []byte) error {
	if err := store.CheckResult(id, result, s.max); err != nil {
		return err
	}
	if err := s.lock(ctx); err != nil {
		return fmt.Errorf("sqlite: settle task %s of conversation %q: %w", id, conversation, err)
	}
	res, err := s.db.ExecContext(ctx,
		`UPDATE tasks SET result = ?3
		WHERE conversation = ?1 AND id = ?2 AND result IS NULL AND expires > ?4`,
		conversation, id, result, store.UnixNano(time.Now()))
	s.unlock()
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	switch {
	case err != nil:
		return fmt.Errorf("sqlite: settle task %s of conversation %q: %w", id, conversation, err)
	case n == 0:
		return fmt.Errorf("sqlite: settle task %s of conversation %q: %w", id, conversation, store.ErrNoTask)
	}
	return nil
}

// TakeTasks implements [store.Tasks]. One transaction deletes and
// returns the tasks, so that of concurrent TakeTasks, in whatever
// process, each task goes to one, and a TakeTasks that fails takes none.
func (s *Store) TakeTasks(ctx context.Context, conversation string) ([]store.Task, error) {
	out, err := s.takeTasks(ctx, conversation)
	if err != nil {
		return nil, fmt.Errorf("sqlite: take tasks of conversation %q: %w", conversation, err)
	}
	store.SortTasks(out)
	return out, nil
}

func (s *Store) takeTasks(ctx context.Context, conversation string) ([]store.Task, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx,
		`DELETE FROM tasks
		WHERE conversation = ?1 AND expires > ?2 AND (result IS NOT NULL OR deadline <= ?2)
		RETURNING id, started, deadline, expires, call, result, result IS NOT NULL`,
		conversation, store.UnixNano(time.Now()))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Task
	for rows.Next() {
		t := store.Task{Conversation: conversation}
		var started, deadline, expires int64
		var settled bool
		if err := rows.Scan(&t.ID, &started, &deadline, &expires, &t.Call, &t.Result, &settled); err != nil {
			return nil, err
		}
		if settled && t.Result == nil {
			t.Result = []byte{} // the driver reads an empty blob as nil
		}
		t.Started, t.Deadline, t.Expires = time.Unix(0, started), time.Unix(0, deadline), time.Unix(0, expires)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	return out, tx.Commit()
}

// SaveMessages implements [store.Messages]. It replaces the messages the
// conversation held, and may first delete the expired rows (see
// [Store]).
func (s *Store) SaveMessages(ctx context.Context, conversation string, messages []byte, expires time.Time) error {
	if err := store.CheckMessages(conversation, messages, expires, s.max); err != nil {
		return err
	}
	err := s.write(ctx,
		`INSERT INTO conversations (conversation, messages, expires) VALUES (?1, ?2, ?3)
		ON CONFLICT (conversation) DO UPDATE SET messages = excluded.messages, expires = excluded.expires`,
		conversation, messages, store.UnixNano(expires))
	if err != nil {
		return fmt.Errorf("sqlite: save messages of conversation %q: %w", conversation, err)
	}
	return nil
}

// LoadMessages implements [store.Messages]. Messages saved empty come
// back empty, not nil.
func (s *Store) LoadMessages(ctx context.Context, conversation string) ([]byte, error) {
	var messages []byte
	err := s.db.QueryRowContext(ctx,
		`SELECT messages FROM conversations WHERE conversation = ?1 AND expires > ?2`,
		conversation, store.UnixNano(time.Now())).Scan(&messages)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("sqlite: load messages of conversation %q: %w", conversation, err)
	case messages == nil:
		return []byte{}, nil // the driver reads an empty blob as nil
	}
	return messages, nil
}
