// Package warnings has what toolgen warns about but still generates: a
// struct without json tags. It has errors too.
package warnings

import "context"

// In has no json tags.
type In struct { // want `warning: struct warnings.In has no json tags`
	Query string
}

// Out has a channel.
type Out struct {
	Done chan bool `json:"done"` // want `Out.Done: type chan bool has no JSON form`
}

// Search searches.
//
//tool:search
func Search(ctx context.Context, in In) (Out, error) { return Out{}, nil }
