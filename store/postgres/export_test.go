package postgres

import (
	"context"
	"time"
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
