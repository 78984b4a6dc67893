package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/toolgen-go/toolgen/examples/service/tracker"
)

// Service is an in-memory issue tracker whose methods are tools: the
// generated ServiceTools(s) binds them to one Service.
type Service struct {
	mu     sync.Mutex
	issues []tracker.Issue
	now    func() time.Time
}

// FindInput filters issues.
type FindInput struct {
	// Status keeps only issues with this status.
	Status tracker.Status `json:"status,omitempty"`
	// MinPriority keeps only issues at least this urgent.
	MinPriority tracker.Priority `json:"minPriority,omitempty"`
	// Limit caps the number of issues returned.
	Limit int `json:"limit,omitempty" jsonschema:"minimum=1,maximum=100"`
}

// FindOutput is the issues that matched.
type FindOutput struct {
	Issues []tracker.Issue `json:"issues"`
}

// Find lists issues matching a filter, most urgent first.
//
//tool:find-issues readonly
func (s *Service) Find(ctx context.Context, in FindInput) (FindOutput, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := FindOutput{Issues: []tracker.Issue{}}
	for _, is := range s.issues {
		if (in.Status == "" || is.Status == in.Status) && is.Priority >= in.MinPriority {
			out.Issues = append(out.Issues, is)
		}
	}
	slices.SortStableFunc(out.Issues, func(a, b tracker.Issue) int { return int(b.Priority - a.Priority) })
	if in.Limit > 0 && len(out.Issues) > in.Limit {
		out.Issues = out.Issues[:in.Limit]
	}
	return out, nil
}

// CommentInput adds a comment to an issue.
type CommentInput struct {
	// Issue is the issue's number.
	Issue   int             `json:"issue"`
	Comment tracker.Comment `json:"comment"`
}

// AddComment adds a comment, with any replies, to an issue and returns the
// updated issue.
//
//tool:add-comment key=addComment
func (s *Service) AddComment(ctx context.Context, in *CommentInput) (*tracker.Issue, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.issues {
		if s.issues[i].ID == in.Issue {
			s.issues[i].Comments = append(s.issues[i].Comments, in.Comment)
			is := s.issues[i]
			return &is, nil
		}
	}
	return nil, fmt.Errorf("no issue #%d", in.Issue)
}
