package main

import (
	"path/filepath"
	"testing"

	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/store/sqlite"
	"github.com/toolgen-go/toolgen/store/storetest"
)

// TestSQLiteStore runs the store conformance suite on the SQLite store,
// built in this module beside Genkit and Eino.
func TestSQLiteStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs.db")
	open := func(source string) (store.Store, error) { return sqlite.Open(source, sqlite.Options{}) }
	storetest.Run(t, storetest.Config{
		Open: func(t *testing.T) store.Store {
			s, err := sqlite.Open(path, sqlite.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
		Source:     path,
		OpenSource: open,
	})
}
