// Package github is the corpus's tools over go-github's types: the
// issues, repositories and pull requests a GitHub tool returns, and an
// option struct tagged for URL queries only.
package github

import (
	"context"

	"github.com/google/go-github/v74/github"
)

//go:generate go tool toolgen

// RepoInput names a repository.
type RepoInput struct {
	// Owner is the account that owns the repository.
	Owner string `json:"owner"`
	// Repo is the repository's name.
	Repo string `json:"repo"`
}

// IssueInput names an issue.
type IssueInput struct {
	Owner  string `json:"owner"`
	Repo   string `json:"repo"`
	Number int    `json:"number" jsonschema:"minimum=1"`
}

// IssueOutput is an issue with its comments.
type IssueOutput struct {
	Issue    *github.Issue          `json:"issue"`
	Comments []*github.IssueComment `json:"comments"`
	Fetched  github.Timestamp       `json:"fetched"`
}

// GetIssue fetches an issue and its comments.
//
//tool:get-issue readonly
func GetIssue(ctx context.Context, in IssueInput) (IssueOutput, error) {
	return IssueOutput{}, nil
}

// GetRepo fetches a repository.
//
//tool:get-repo readonly
func GetRepo(ctx context.Context, in RepoInput) (*github.Repository, error) {
	return &github.Repository{Name: &in.Repo}, nil
}

// ListPullsInput lists a repository's pull requests.
type ListPullsInput struct {
	Owner string `json:"owner"`
	Repo  string `json:"repo"`
	// Options are go-github's, tagged for URL queries only.
	Options github.PullRequestListOptions `json:"options"`
}

// ListPulls lists the pull requests of a repository.
//
//tool:list-pulls readonly
func ListPulls(ctx context.Context, in ListPullsInput) ([]*github.PullRequest, error) {
	return nil, nil
}

// CreateIssueInput creates an issue.
type CreateIssueInput struct {
	Owner string              `json:"owner"`
	Repo  string              `json:"repo"`
	Issue github.IssueRequest `json:"issue"`
	// Since, when set, is the time the request was drafted.
	Since *github.Timestamp `json:"since,omitempty"`
}

// CreateIssue opens an issue.
//
//tool:create-issue
func CreateIssue(ctx context.Context, in CreateIssueInput) (*github.Issue, error) {
	return &github.Issue{Title: in.Issue.Title, Body: in.Issue.Body}, nil
}
