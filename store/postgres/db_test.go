package postgres_test

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/store/postgres"
)

// serverURL returns $TOOLGEN_POSTGRES_URL, a server where the tests may
// create databases, or skips t without one (fails it when
// TOOLGEN_POSTGRES=1, as in CI).
func serverURL(t testing.TB) string {
	u := os.Getenv("TOOLGEN_POSTGRES_URL")
	if u == "" {
		msg := "TOOLGEN_POSTGRES_URL is unset: start a throwaway server with `export TOOLGEN_POSTGRES_URL=$(.ci/postgres)` at the repository's root (stop it with `.ci/postgres stop DIR`, DIR as it printed on stderr)"
		if os.Getenv("TOOLGEN_POSTGRES") == "1" {
			t.Fatal("TOOLGEN_POSTGRES=1 but " + msg)
		}
		t.Skip(msg)
	}
	return u
}

// freshDB creates a database of its own for t on the server of
// $TOOLGEN_POSTGRES_URL, drops it when t ends, and returns its URL.
func freshDB(t testing.TB) string {
	server := serverURL(t)
	name := "t_" + strings.ToLower(rand.Text())
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, server)
	require.NoError(t, err, "connect to $TOOLGEN_POSTGRES_URL")
	_, err = conn.Exec(ctx, "CREATE DATABASE "+name)
	conn.Close(ctx)
	require.NoError(t, err)
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, server)
		if err != nil {
			t.Errorf("drop database %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(server)
	require.NoError(t, err)
	u.Path = "/" + name
	return u.String()
}

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
