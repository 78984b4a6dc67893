package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// NotesInput asks for the research notes on a topic.
type NotesInput struct {
	// Topic is what the notes are about, such as "iterators".
	Topic string `json:"topic" jsonschema:"minLength=1"`
}

// Note is one fact with the source it comes from.
type Note struct {
	Fact   string `json:"fact"`
	Source string `json:"source"` // a URL
}

// NotesOutput is the notes kept on a topic.
type NotesOutput struct {
	Topic string `json:"topic"`
	Notes []Note `json:"notes"`
}

// LookupNotes returns the research notes kept on a topic, each fact with
// its source.
//
//tool:research-notes key=notes readonly idempotent
func LookupNotes(ctx context.Context, in NotesInput) (NotesOutput, error) {
	topic := strings.ToLower(strings.TrimSpace(in.Topic))
	notes, ok := researchNotes[topic]
	if !ok {
		return NotesOutput{}, fmt.Errorf("no notes on %q; topics with notes: %s", in.Topic, strings.Join(slices.Sorted(maps.Keys(researchNotes)), ", "))
	}
	return NotesOutput{Topic: topic, Notes: notes}, nil
}

// CountInput is the text to measure.
type CountInput struct {
	Text string `json:"text"`
}

// CountOutput is the length of a text.
type CountOutput struct {
	Words      int `json:"words"`
	Characters int `json:"characters"`
}

// CountWords counts the words and characters of a text, so that a draft can
// be kept within a length limit.
//
//tool:word-count key=wordCount readonly idempotent
func CountWords(ctx context.Context, in CountInput) (CountOutput, error) {
	return CountOutput{Words: len(strings.Fields(in.Text)), Characters: utf8.RuneCountInString(in.Text)}, nil
}

// researchNotes is the offline data LookupNotes reads, by lower-case topic.
var researchNotes = map[string][]Note{
	"iterators": {
		{Fact: "Go 1.23 lets for-range loops range over functions.", Source: "https://go.dev/blog/range-functions"},
		{Fact: "iter.Seq and iter.Seq2 are the standard iterator types.", Source: "https://pkg.go.dev/iter"},
		{Fact: "iter.Pull turns a push iterator into a pull iterator.", Source: "https://pkg.go.dev/iter#Pull"},
	},
	"generics": {
		{Fact: "Go 1.18 added type parameters to functions and types.", Source: "https://go.dev/blog/intro-generics"},
		{Fact: "Constraints are interfaces that can list types.", Source: "https://go.dev/ref/spec#Type_constraints"},
	},
}
