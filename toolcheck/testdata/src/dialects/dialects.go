// Package dialects has a tool whose input some providers' dialects cannot
// express: a warning by default, an error for a dialect of -dialects.
package dialects

import "context"

// In has a free-form field.
type In struct {
	// Extra is anything.
	Extra map[string]any `json:"extra"`
}

// want +4 `warning: tool "free": gemini cannot express its input at In.Extra` `warning: tool "free": openai-strict cannot express its input at In.Extra`

// Free takes anything.
//
//tool:free
func Free(ctx context.Context, in In) (In, error) { return in, nil }
