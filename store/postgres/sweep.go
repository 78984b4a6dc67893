package postgres

import (
	"context"
	"time"

	"github.com/toolgen-go/toolgen/store"
)

// sweepEvery is how often at most a Store sweeps.
const sweepEvery = time.Minute

// sweepBatch bounds the rows one DELETE of a sweep removes, and
// sweepBatches the DELETEs of a table in one sweep, so that a sweep's
// locks and time stay small after a long while without one; what is left
// goes in the next.
const (
	sweepBatch   = 1000
	sweepBatches = 10
)

// maybeSweep sweeps if this Store has not for sweepEvery; one call of
// those that find it due does. A sweep is housekeeping: its errors do
// not fail the Put, StartTask or SaveMessages that ran it, and it is
// tried again a minute later.
func (s *Store) maybeSweep(ctx context.Context, now time.Time) {
	last := s.sweptAt.Load()
	if last != 0 && now.UnixNano()-last < int64(sweepEvery) {
		return
	}
	if !s.sweptAt.CompareAndSwap(last, now.UnixNano()) {
		return
	}
	_, _ = s.sweep(ctx, now)
}

// sweep deletes the runs, tasks and conversations expired at now, but
// not a run whose claim holds (it is being resumed, and Done will delete
// it), and returns how many it deleted. Rows locked by another statement are
// skipped, so that the sweeps of several replicas do not wait on each
// other or on a Take.
func (s *Store) sweep(ctx context.Context, now time.Time) (int64, error) {
	var total int64
	for _, q := range []string{`
DELETE FROM toolgen_runs WHERE ctid = ANY(ARRAY(
	SELECT ctid FROM toolgen_runs
	WHERE expires <= $1 AND (claim = '' OR claim_until <= $1)
	LIMIT $2 FOR UPDATE SKIP LOCKED))`, `
DELETE FROM toolgen_tasks WHERE ctid = ANY(ARRAY(
	SELECT ctid FROM toolgen_tasks WHERE expires <= $1
	LIMIT $2 FOR UPDATE SKIP LOCKED))`, `
DELETE FROM toolgen_conversations WHERE ctid = ANY(ARRAY(
	SELECT ctid FROM toolgen_conversations WHERE expires <= $1
	LIMIT $2 FOR UPDATE SKIP LOCKED))`} {
		for range sweepBatches {
			tag, err := s.pool.Exec(ctx, q, store.UnixNano(now), sweepBatch)
			if err != nil {
				return total, err
			}
			total += tag.RowsAffected()
			if tag.RowsAffected() < sweepBatch {
				break
			}
		}
	}
	return total, nil
}
