package sqlite

import "database/sql"

// DB returns the Store's database, for tests that look at its tables.
func (s *Store) DB() *sql.DB { return s.db }

// ForceSweep makes the next Put or StartTask delete the expired rows.
func (s *Store) ForceSweep() { s.sweepFailed() }

// SweepEvery is how often a Store sweeps at most.
const SweepEvery = sweepEvery
