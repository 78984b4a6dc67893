package uistream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/agent"
)

// ErrNoRun is returned by a [Store] that holds no paused run of the id:
// it was resumed already, it expired, or it never was.
var ErrNoRun = errors.New("no such paused run")

// Store keeps the states of paused runs between the request that paused
// them and the one that answers their calls. A state is taken once: the
// second request that answers the same run finds nothing, so no call runs
// twice. Implementations must be safe for concurrent use; a
// [agent.RunState] marshals to JSON for storage.
type Store interface {
	// Put stores the state of the paused run runID.
	Put(ctx context.Context, runID string, state *agent.RunState) error
	// Take removes the state of runID and returns it, or an error that
	// wraps ErrNoRun.
	Take(ctx context.Context, runID string) (*agent.RunState, error)
}

// MemoryStore is a [Store] in the process's memory, for a single server
// process: a paused run is lost when it restarts. States older than its
// TTL are dropped, and so is the oldest state when it holds [MaxRuns]
// already, so that clients that pause runs and never answer cannot fill
// the memory.
type MemoryStore struct {
	ttl time.Duration
	mu  sync.Mutex
	m   map[string]stored
}

type stored struct {
	state []byte
	at    time.Time
}

// MaxRuns is how many paused runs a [MemoryStore] holds at most.
const MaxRuns = 10000

// DefaultTTL is how long a [MemoryStore] made by NewMemoryStore(0) keeps
// a paused run.
const DefaultTTL = 24 * time.Hour

// NewMemoryStore returns an empty MemoryStore whose states live for ttl,
// or [DefaultTTL] when ttl is 0 or less.
func NewMemoryStore(ttl time.Duration) *MemoryStore {
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	return &MemoryStore{ttl: ttl, m: map[string]stored{}}
}

// Put implements [Store]. It keeps the state's JSON, as a store in a
// database would, so that later changes to state do not reach it.
func (s *MemoryStore) Put(_ context.Context, runID string, state *agent.RunState) error {
	raw, err := json.Marshal(state)
	if err != nil {
		return fmt.Errorf("uistream: storing run %s: %w", runID, err)
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.m) >= MaxRuns {
		s.sweep(now)
	}
	s.m[runID] = stored{state: raw, at: now}
	return nil
}

// sweep drops the expired states, and the oldest one if none expired.
func (s *MemoryStore) sweep(now time.Time) {
	oldest := ""
	for id, e := range s.m {
		if now.Sub(e.at) > s.ttl {
			delete(s.m, id)
		} else if oldest == "" || e.at.Before(s.m[oldest].at) {
			oldest = id
		}
	}
	if len(s.m) >= MaxRuns {
		delete(s.m, oldest)
	}
}

// Take implements [Store].
func (s *MemoryStore) Take(_ context.Context, runID string) (*agent.RunState, error) {
	s.mu.Lock()
	e, ok := s.m[runID]
	delete(s.m, runID)
	s.mu.Unlock()
	if !ok || time.Since(e.at) > s.ttl {
		return nil, fmt.Errorf("uistream: run %q: %w", runID, ErrNoRun)
	}
	var state agent.RunState
	if err := json.Unmarshal(e.state, &state); err != nil {
		return nil, fmt.Errorf("uistream: run %q: %w", runID, err)
	}
	return &state, nil
}

// Len returns the number of paused runs the store holds.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}
