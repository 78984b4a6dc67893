// Package names declares what the generated file would declare, and uses
// one tool id twice.
package names

import "context"

// In is the input.
type In struct {
	Q string `json:"q"`
}

// Lookup looks up.
//
//tool:lookup
func Lookup(ctx context.Context, in In) (In, error) { return in, nil } // want `generated name LookupTool is already declared at names.go:\d+:\d+; rename one of them`

// LookupTool is the user's, and clashes with the constructor toolgen
// would generate for Lookup.
func LookupTool() {}

// want +4 `duplicate tool id "lookup": first used at names.go:14:1`

// Find finds.
//
//tool:lookup key=find
func Find(ctx context.Context, in In) (In, error) { return in, nil }
