package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// SweepEvery is how often at most a Store sweeps.
const SweepEvery = sweepEvery

// SetNow replaces the Store's clock.
func (s *Store) SetNow(now func() time.Time) { s.now = now }

// Sweep sweeps now, whenever the last sweep was, and returns how many
// rows it deleted.
func (s *Store) Sweep(ctx context.Context, now time.Time) (int64, error) { return s.sweep(ctx, now) }

// Migrations is how many versions the schema has.
var Migrations = len(migrations)

// MigrateTo brings the schema of the database of url to version at most,
// as a release of this package that knew only that many versions would.
func MigrateTo(ctx context.Context, url string, version int) error {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	return migrateTo(ctx, pool, version)
}
