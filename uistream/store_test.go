package uistream_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/uistream"
)

func TestMemoryStore(t *testing.T) {
	s := uistream.NewMemoryStore(0)
	state := &agent.RunState{Version: 2, AgentID: "a", Step: 3}
	require.NoError(t, s.Put(t.Context(), "r1", state))
	state.Step = 9 // the store kept a copy
	got, err := s.Take(t.Context(), "r1")
	require.NoError(t, err)
	assert.Equal(t, 3, got.Step)
	_, err = s.Take(t.Context(), "r1")
	assert.True(t, errors.Is(err, uistream.ErrNoRun), "a run is taken once: %v", err)

	short := uistream.NewMemoryStore(time.Millisecond)
	require.NoError(t, short.Put(t.Context(), "r2", state))
	time.Sleep(5 * time.Millisecond)
	_, err = short.Take(t.Context(), "r2")
	assert.True(t, errors.Is(err, uistream.ErrNoRun), "expired: %v", err)
}

func TestMemoryStoreIsBounded(t *testing.T) {
	s := uistream.NewMemoryStore(0)
	state := &agent.RunState{Version: 2}
	for i := range uistream.MaxRuns + 5 {
		require.NoError(t, s.Put(t.Context(), fmt.Sprint("r", i), state))
	}
	assert.Equal(t, uistream.MaxRuns, s.Len())
	_, err := s.Take(t.Context(), "r0")
	assert.True(t, errors.Is(err, uistream.ErrNoRun), "the oldest went first: %v", err)
	_, err = s.Take(t.Context(), fmt.Sprint("r", uistream.MaxRuns+4))
	assert.NoError(t, err)
}
