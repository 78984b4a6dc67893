// Package search has an error, a warning (a struct without json tags) and
// what OpenAI's strict mode cannot express (a map), for the plugin's
// settings: warnings: false and dialects: [openai-strict].
package search

import "context"

// In has no json tags.
type In struct {
	Query string
	// Filters is a free-form map.
	Filters map[string]string
}

// Out has a channel.
type Out struct {
	Done chan bool `json:"done"` // want `Out.Done: type chan bool has no JSON form`
}

// want +4 `tool "search": openai-strict cannot express its input at In.Filters`

// Search searches.
//
//tool:search
func Search(ctx context.Context, in In) (Out, error) { return Out{}, nil }
