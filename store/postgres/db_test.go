package postgres_test

import (
	"context"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/store/postgres"
)

// open opens a Store with its own pool on db, closed when t ends.
func open(t testing.TB, db string, opts postgres.Options) *postgres.Store {
	s, err := postgres.Open(context.Background(), db, opts)
	require.NoError(t, err)
	t.Cleanup(s.Close)
	return s
}

// conn returns a connection to db for looking at the tables, closed when
// t ends.
func conn(t testing.TB, db string) *pgx.Conn {
	c, err := pgx.Connect(context.Background(), db)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// clock is a clock that moves when told, shared by Stores.
type clock struct{ ns atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.ns.Store(time.Now().UnixNano())
	return c
}

func (c *clock) Now() time.Time                       { return time.Unix(0, c.ns.Load()) }
func (c *clock) Add(d time.Duration)                  { c.ns.Add(int64(d)) }
func (c *clock) on(s *postgres.Store) *postgres.Store { s.SetNow(c.Now); return s }

// withParam returns the URL db with the query parameter key set to value.
func withParam(t testing.TB, db, key, value string) string {
	u, err := url.Parse(db)
	require.NoError(t, err)
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String()
}
