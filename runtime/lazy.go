package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
)

// LazyTool is a tool whose Spec is known before the tool is built: Spec
// returns Def and builds nothing, and the first call of Prepare (or Tool)
// builds the tool with Builder. The Toolset a generated Tools() returns
// holds LazyTools that are package-level variables, which the compiler lays
// out in the binary's data, so that a Toolset is ready to list without
// running any code per tool: listing it touches one Spec method and the
// static Specs, not the code of every tool.
//
// Set Def and Builder, and nothing else, in a composite literal; the zero
// values of the other fields are ready to use. Builder's tool must be
// described by Def itself (the same *Spec): Prepare reports an error
// otherwise. A LazyTool must not be copied after first use.
type LazyTool struct {
	// Def describes the tool.
	Def *Spec
	// Builder builds the tool when it is first prepared.
	Builder ToolBuilder

	built atomic.Pointer[lazyBuilt] // set once Builder has run
}

// ToolBuilder builds a tool for a [LazyTool].
//
// Generated code implements it with an empty struct type per tool whose
// BuildTool calls the tool's constructor. Because the LazyTool holds the
// builder as an interface, its initializer does not refer to the
// constructor for Go's package initialization order. A tool function that
// calls Tools() (to list the package's tools, or to give them to an agent)
// therefore makes no initialization cycle.
//
// The first Prepare of the LazyTool calls BuildTool. First calls that race
// may each call it: the LazyTool keeps the result that was stored first and
// drops the others, so that every caller uses the same tool. A BuildTool
// that panics leaves the tool unbuilt; the next call tries again.
type ToolBuilder interface {
	BuildTool() Tool
}

// BuildFunc is a function that is a [ToolBuilder], for LazyTools written by
// hand.
type BuildFunc func() Tool

// BuildTool returns f().
func (f BuildFunc) BuildTool() Tool { return f() }

// lazyBuilt is what a LazyTool's Builder gave: the tool, or why not. It is
// out of line so that a LazyTool is four words: listing reads one per tool,
// and two share a cache line.
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

// Tool returns the tool Builder built, building it on the first call: for
// an application that needs the concrete tool (a *Func) behind the Toolset
// entry. The error says what is wrong with a missing Builder or Def, or a
// Builder that returned nil or a tool described by another Spec.
func (l *LazyTool) Tool() (Tool, error) {
	b := l.built.Load()
	if b == nil {
		b = l.build()
		if !l.built.CompareAndSwap(nil, b) {
			b = l.built.Load() // a racing first call stored its tool first
		}
	}
	return b.tool, b.err
}

// build calls Builder and checks what it returns.
func (l *LazyTool) build() *lazyBuilt {
	if l.Def == nil {
		return &lazyBuilt{err: fmt.Errorf("runtime: lazy tool has no Spec (Def)")}
	}
	id := l.Def.ID
	if l.Builder == nil {
		return &lazyBuilt{err: fmt.Errorf("runtime: lazy tool %q has no Builder", id)}
	}
	t := l.Builder.BuildTool()
	if t == nil {
		return &lazyBuilt{err: fmt.Errorf("runtime: lazy tool %q: its Builder returned nil", id)}
	}
	if s := t.Spec(); s != l.Def {
		other := "nil"
		if s != nil {
			other = fmt.Sprintf("id %q", s.ID)
		}
		return &lazyBuilt{err: fmt.Errorf("runtime: lazy tool %q: its Builder returned a tool described by another Spec (%s)", id, other)}
	}
	return &lazyBuilt{tool: t}
}
