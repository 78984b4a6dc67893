package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
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
	// Build returns the tool; it is called once, by the first Prepare.
	Build func() Tool

	once sync.Once
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
	l.once.Do(l.build)
	return l.tool, l.err
}

func (l *LazyTool) build() {
	id := "?"
	if l.Def != nil {
		id = l.Def.ID
	}
	switch {
	case l.Build == nil:
		l.err = fmt.Errorf("runtime: lazy tool %q has no Build function", id)
		return
	case l.Def == nil:
		l.err = fmt.Errorf("runtime: lazy tool has no Spec (Def)")
		return
	}
	t := l.Build()
	if t == nil {
		l.err = fmt.Errorf("runtime: lazy tool %q: Build returned nil", id)
		return
	}
	if s := t.Spec(); s != l.Def {
		other := "nil"
		if s != nil {
			other = fmt.Sprintf("id %q", s.ID)
		}
		l.err = fmt.Errorf("runtime: lazy tool %q: Build returned a tool described by another Spec (%s)", id, other)
		return
	}
	l.tool = t
}
