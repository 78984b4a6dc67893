package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
)

// LazyTool is a tool whose Spec is known before the tool is built: Spec
// returns Def and builds nothing, and the first call of Prepare (or Tool)
// builds the tool with Build. The Toolset a generated Tools() returns holds
// LazyTools that are package-level variables, which the compiler lays out
// in the binary's data, so that a Toolset is ready to list without running
// any code per tool: listing it touches one Spec method and the static
// Specs, not the code of every tool.
//
// Set Def and Build, and nothing else, in a composite literal; the zero
// values of the other fields are ready to use. Build's tool must be
// described by Def itself (the same *Spec): Prepare reports an error
// otherwise. A LazyTool must not be copied after first use.
type LazyTool struct {
	// Def describes the tool.
	Def *Spec
	// Build returns the tool. The first Prepare calls it, once (again
	// only after a Build that panicked).
	Build func() Tool

	mu    sync.Mutex                // held while Build runs
	built atomic.Pointer[lazyBuilt] // set once Build has run
}

// lazyBuilt is what a LazyTool's Build gave: the tool, or why not. It is
// out of line so that a LazyTool is four words, as listing reads them.
type lazyBuilt struct {
	tool Tool
	err  error
}

// Spec returns l.Def.
func (l *LazyTool) Spec() *Spec { return l.Def }

// Prepare builds the tool on first use and prepares the call with it.
func (l *LazyTool) Prepare(ctx context.Context, args json.RawMessage) (Invocation, error) {
	t, err := l.Tool()
	if err != nil {
		return nil, err
	}
	return t.Prepare(ctx, args)
}

// Tool returns the tool Build returned, building it on the first call: for
// an application that needs the concrete tool (a *Func) behind the Toolset
// entry. The error says what is wrong with a Build that returned nil or a
// tool described by another Spec.
func (l *LazyTool) Tool() (Tool, error) {
	b := l.built.Load()
	if b == nil {
		b = l.buildOnce()
	}
	return b.tool, b.err
}

// buildOnce builds the tool unless another call did. A Build that panics
// builds nothing: the next call tries again.
func (l *LazyTool) buildOnce() *lazyBuilt {
	l.mu.Lock()
	defer l.mu.Unlock()
	if b := l.built.Load(); b != nil {
		return b
	}
	b := l.build()
	l.built.Store(b)
	return b
}

// build calls Build and checks what it returns.
func (l *LazyTool) build() *lazyBuilt {
	id := "?"
	if l.Def != nil {
		id = l.Def.ID
	}
	switch {
	case l.Build == nil:
		return &lazyBuilt{err: fmt.Errorf("runtime: lazy tool %q has no Build function", id)}
	case l.Def == nil:
		return &lazyBuilt{err: fmt.Errorf("runtime: lazy tool has no Spec (Def)")}
	}
	t := l.Build()
	if t == nil {
		return &lazyBuilt{err: fmt.Errorf("runtime: lazy tool %q: Build returned nil", id)}
	}
	if s := t.Spec(); s != l.Def {
		other := "nil"
		if s != nil {
			other = fmt.Sprintf("id %q", s.ID)
		}
		return &lazyBuilt{err: fmt.Errorf("runtime: lazy tool %q: Build returned a tool described by another Spec (%s)", id, other)}
	}
	return &lazyBuilt{tool: t}
}
