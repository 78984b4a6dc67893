// Package hooks names hooks whose signatures are wrong: each is reported at
// the hook, with the signature it needs.
package hooks

import "context"

// In is the input.
type In struct {
	Q string `json:"q"`
}

// Ask asks.
//
//tool:ask model=shortAnswer oninputdelta=onDelta
func Ask(ctx context.Context, in In) (In, error) { return in, nil }

func shortAnswer(in In) string { return in.Q } // want `hook shortAnswer has the wrong signature for model= of tool "ask" \(named at hooks.go:14:18\); want func shortAnswer\(ctx context.Context, in In, out In\) \(llm.ModelOutput, error\)`

func onDelta(delta string) {} // want `hook onDelta has the wrong signature for oninputdelta= of tool "ask" .*; want func onDelta\(ctx context.Context, call tool.HookCall, delta string\) error`
