package agent

import (
	"context"
	"sync"
)

// ctxKey is the type of the agent's own keys in a call's context.
type ctxKey int

const (
	// sinkKey: the eventSink of a streaming run, for its subagents.
	sinkKey ctxKey = iota
	// subrunKey: the *subrun of a call of an agent-<key> tool.
	subrunKey
)

// eventSink forwards events of nested runs (subagents) to the stream of the
// run that called them. It is safe for concurrent use.
type eventSink func(Event)

func sinkFrom(ctx context.Context) eventSink {
	s, _ := ctx.Value(sinkKey).(eventSink)
	return s
}

// subrun is what a call of an agent-<key> tool shares with the run that
// makes it: the paused run of the subagent that the call resumes, and the
// state of the subagent's run when it paused.
type subrun struct {
	// resume is the paused run to resume and its answers, set before the
	// call; background is set for a background call, which cannot pause.
	resume     *runResume
	background bool

	mu     sync.Mutex
	done   bool
	paused *RunState
}

// runResume is a paused run to resume and the answers for its calls.
type runResume struct {
	state   *RunState
	answers []Answer
}

func withSubrun(ctx context.Context, s *subrun) context.Context {
	return context.WithValue(ctx, subrunKey, s)
}

func subrunFrom(ctx context.Context) *subrun {
	s, _ := ctx.Value(subrunKey).(*subrun)
	return s
}

// finish marks the call over and returns the state of the subagent's run
// if it paused.
func (s *subrun) finish() *RunState {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done = true
	return s.paused
}

// resumingRun returns the paused run that the agent tool running under ctx
// resumes, if any.
func resumingRun(ctx context.Context) *runResume {
	if s := subrunFrom(ctx); s != nil {
		return s.resume
	}
	return nil
}

// pauseRun records that the run of the agent tool running under ctx
// paused with state, and reports whether the call can pause: only in an
// agent run, and not in the background.
func pauseRun(ctx context.Context, state *RunState) bool {
	s := subrunFrom(ctx)
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done || s.background {
		return false
	}
	s.paused = state
	return true
}
