package store_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/store/storetest"
)

func TestMemoryConformance(t *testing.T) {
	m := store.NewMemory()
	storetest.Run(t, storetest.Config{Open: func(*testing.T) store.Store { return m }})
}

func TestMemoryConformanceBounded(t *testing.T) {
	m := &store.Memory{MaxBytes: 1000}
	storetest.Run(t, storetest.Config{Open: func(*testing.T) store.Store { return m }, MaxBytes: 1000})
}

// TestMemoryIsBounded: past MaxMemoryEntries runs, the oldest goes first.
func TestMemoryIsBounded(t *testing.T) {
	m := store.NewMemory()
	for i := range store.MaxMemoryEntries + 5 {
		require.NoError(t, m.Put(t.Context(), store.Run{ID: fmt.Sprint("r", i), Conversation: "c", Expires: time.Now().Add(time.Hour)}))
	}
	p, err := m.Pending(t.Context(), "c")
	require.NoError(t, err)
	assert.Len(t, p, store.MaxMemoryEntries)
	_, err = m.Take(t.Context(), "r0", time.Minute)
	assert.ErrorIs(t, err, store.ErrNoRun, "the oldest went first")
	_, err = m.Take(t.Context(), fmt.Sprint("r", store.MaxMemoryEntries+4), time.Minute)
	assert.NoError(t, err)
}
