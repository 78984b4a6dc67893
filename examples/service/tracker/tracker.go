// Package tracker holds the domain types of the service example: they live
// in their own package, as they would in an existing codebase, and the tools
// in the parent package use them.
package tracker

import "time"

// Status is where an issue stands.
type Status string

// The statuses an issue moves through.
const (
	Open       Status = "open"
	InProgress Status = "in_progress"
	Closed     Status = "closed"
)

// Priority orders issues; higher is more urgent.
type Priority int

// The priorities an issue can have.
const (
	Low Priority = iota
	Normal
	High
	Urgent
)

// Issue is one tracked piece of work.
type Issue struct {
	// ID is the issue's number.
	ID       int      `json:"id"`
	Title    string   `json:"title"`
	Status   Status   `json:"status,omitempty"`
	Priority Priority `json:"priority"`
	// Labels are free-form tags.
	Labels  []string  `json:"labels,omitempty"`
	Created time.Time `json:"created"`
	// Comments are the discussion, oldest first.
	Comments []Comment `json:"comments,omitempty"`
}

// Comment is a message on an issue; replies nest.
type Comment struct {
	Author string `json:"author"`
	Body   string `json:"body"`
	// Replies answer this comment.
	Replies []Comment `json:"replies,omitempty"`
}
