package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// migrations are the schema's versions: migrations[i] takes the schema
// from version i to i+1. Append only; never edit one that was released.
var migrations = []string{
	// 1: runs and tasks.
	`
CREATE TABLE toolgen_runs (
	id text PRIMARY KEY,
	conversation text NOT NULL,
	state bytea NOT NULL,
	-- when the run was put, and the database's order of the puts for runs
	-- put at the same nanosecond, for Pending's order
	put bigint NOT NULL,
	seq bigint GENERATED ALWAYS AS IDENTITY,
	expires bigint NOT NULL,
	claim text NOT NULL DEFAULT '',
	claim_until bigint NOT NULL DEFAULT 0,
	takes integer NOT NULL DEFAULT 0
);
CREATE INDEX toolgen_runs_conversation ON toolgen_runs (conversation, put, seq);
CREATE INDEX toolgen_runs_expires ON toolgen_runs (expires);
CREATE TABLE toolgen_tasks (
	conversation text NOT NULL,
	id text NOT NULL,
	started bigint NOT NULL,
	deadline bigint NOT NULL,
	expires bigint NOT NULL,
	call bytea,
	result bytea,
	PRIMARY KEY (conversation, id)
);
CREATE INDEX toolgen_tasks_expires ON toolgen_tasks (expires);
`,
	// 2: the messages of conversations, for store.Messages.
	`
CREATE TABLE toolgen_conversations (
	conversation text PRIMARY KEY,
	messages bytea NOT NULL,
	expires bigint NOT NULL
);
CREATE INDEX toolgen_conversations_expires ON toolgen_conversations (expires);
`,
}

// migrationLock is the key of the advisory lock under which a Store
// creates or upgrades the schema: the bytes of "toolgen\x00".
const migrationLock int64 = 0x746f6f6c67656e00

// migrate brings the schema to the newest version, in one transaction
// under a transaction-level advisory lock, so that of Stores opened at
// once, one applies the missing versions and the others then find them
// applied. A schema newer than this code knows is an error: an older
// replica must not write rows that a newer one laid out differently.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return migrateTo(ctx, pool, len(migrations))
}

// migrateTo is migrate up to version target at most, for the tests of
// upgrades: a schema newer than len(migrations) is still refused, and one
// between target and that is left as it is.
func migrateTo(ctx context.Context, pool *pgxpool.Pool, target int) error {
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
CREATE TABLE IF NOT EXISTS toolgen_schema (
	version integer PRIMARY KEY,
	applied timestamptz NOT NULL
)`); err != nil {
			return err
		}
		var version int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM toolgen_schema`).Scan(&version); err != nil {
			return err
		}
		if version > len(migrations) {
			return fmt.Errorf("the database's toolgen schema is at version %d, newer than this code's %d: a newer release of github.com/toolgen-go/toolgen/store/postgres made it; upgrade this program's", version, len(migrations))
		}
		for v := version; v < target; v++ {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return fmt.Errorf("version %d: %w", v+1, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO toolgen_schema (version, applied) VALUES ($1, $2)`, v+1, time.Now()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: migrate the schema: %w", err)
	}
	return nil
}
