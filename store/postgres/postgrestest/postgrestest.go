// Package postgrestest gives each test a Postgres database of its own, on
// the server of $TOOLGEN_POSTGRES_URL (the repository's .ci/postgres
// starts a throwaway one). Without the variable a test is skipped, or
// fails when TOOLGEN_POSTGRES=1, as in CI.
package postgrestest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Database creates a database for t on the server of
// $TOOLGEN_POSTGRES_URL, drops it when t ends, and returns its URL.
func Database(t testing.TB) string {
	t.Helper()
	server := os.Getenv("TOOLGEN_POSTGRES_URL")
	if server == "" {
		msg := "TOOLGEN_POSTGRES_URL is unset: start a throwaway server with `export TOOLGEN_POSTGRES_URL=$(.ci/postgres)` at the repository's root (stop it with `.ci/postgres stop DIR`, DIR as it printed on stderr)"
		if os.Getenv("TOOLGEN_POSTGRES") == "1" {
			t.Fatal("TOOLGEN_POSTGRES=1 but " + msg)
		}
		t.Skip(msg)
	}
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("$TOOLGEN_POSTGRES_URL: %v", err)
	}
	name := "t_" + strings.ToLower(rand.Text())
	if err := exec(server, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := exec(server, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}

// exec runs sql on a connection of its own to server.
func exec(server, sql string) error {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, server)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql)
	return err
}
