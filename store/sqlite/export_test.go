package sqlite

import "database/sql"

// DB returns the Store's database, for tests that look at its tables.
func (s *Store) DB() *sql.DB { return s.db }

// ForceSweep makes the next Put, StartTask or SaveMessages delete the
// expired rows.
func (s *Store) ForceSweep() { s.sweepFailed() }

// SweepEvery is how often a Store sweeps at most.
const SweepEvery = sweepEvery

// Migrations are the schema's versions, for tests that make a file of an
// older one.
var Migrations = migrations

// ApplicationID marks the file as a toolgen store.
const ApplicationID = applicationID
