package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/toolgen-go/toolgen/agent"
)

// ResearchInput asks for research on a topic.
type ResearchInput struct {
	// Topic is the subject to research, such as "iterators".
	Topic string `json:"topic" jsonschema:"minLength=1"`
	// MaxSources caps the number of sources used; 3 when omitted.
	MaxSources int `json:"maxSources,omitempty" jsonschema:"minimum=1,maximum=5"`
}

// Source is one document found on a topic.
type Source struct {
	Title   string `json:"title"`
	URL     string `json:"url"`
	Excerpt string `json:"excerpt"` // the passage that matters
}

// Sources are the documents found on a topic, most relevant first.
type Sources struct {
	Topic   string   `json:"topic"`
	Sources []Source `json:"sources"`
}

// Report is the outcome of the research.
type Report struct {
	Topic string `json:"topic"`
	// Summary is one paragraph built from the sources' excerpts.
	Summary string `json:"summary"`
	// Citations are the URLs of the sources, in the order of the summary.
	Citations []string `json:"citations"`
}

// Gather finds the documents of the library on a topic, most relevant first.
//
//tool:gather readonly idempotent
func Gather(ctx context.Context, in ResearchInput) (Sources, error) {
	topic := strings.ToLower(strings.TrimSpace(in.Topic))
	limit := in.MaxSources
	if limit <= 0 {
		limit = 3
	}
	out := Sources{Topic: topic, Sources: []Source{}}
	for _, d := range library {
		if slices.Contains(d.topics, topic) && len(out.Sources) < limit {
			out.Sources = append(out.Sources, d.Source)
		}
	}
	if len(out.Sources) == 0 {
		return Sources{}, fmt.Errorf("no sources on %q", in.Topic)
	}
	return out, nil
}

// Summarize writes a one-paragraph summary of sources, with citations.
//
//tool:summarize readonly idempotent
func Summarize(ctx context.Context, in Sources) (Report, error) {
	out := Report{Topic: in.Topic, Citations: []string{}}
	var excerpts []string
	for _, s := range in.Sources {
		excerpts = append(excerpts, s.Excerpt)
		out.Citations = append(out.Citations, s.URL)
	}
	out.Summary = strings.Join(excerpts, " ")
	return out, nil
}

// newResearchWorkflow chains the steps Gather and Summarize into one
// workflow. Its schemas are the ones toolgen generated for the steps' tools:
// the input of the first and the output of the last. The steps are called
// through those same typed tools, so the compiler checks that the
// workflow's input and output types are the ones the schemas describe.
func newResearchWorkflow() *agent.TypedWorkflow[ResearchInput, struct{}, Report] {
	gather, summarize := GatherTool(), SummarizeTool()
	spec := agent.WorkflowSpec{
		ID:           "research",
		Description:  "Researches a topic: gathers the library's sources on it and summarizes them, with citations.",
		InputSchema:  gather.Spec().InputSchema,
		OutputSchema: summarize.Spec().OutputSchema,
	}
	return agent.NewWorkflow(spec, func(ctx context.Context, in ResearchInput, _ *struct{}) (Report, error) {
		found, err := gather.Run(ctx, in)
		if err != nil {
			return Report{}, fmt.Errorf("gather: %w", err)
		}
		return summarize.Run(ctx, found)
	})
}

// document is a Source of the offline library with the topics it covers.
type document struct {
	Source
	topics []string
}

// library is the offline data Gather searches.
var library = []document{
	{Source{"Range over function types", "https://go.dev/blog/range-functions", "Go 1.23 lets for-range loops range over functions."}, []string{"iterators"}},
	{Source{"Package iter", "https://pkg.go.dev/iter", "iter.Seq and iter.Seq2 are the standard iterator types."}, []string{"iterators"}},
	{Source{"iter.Pull", "https://pkg.go.dev/iter#Pull", "iter.Pull turns a push iterator into a pull iterator."}, []string{"iterators"}},
	{Source{"An Introduction To Generics", "https://go.dev/blog/intro-generics", "Go 1.18 added type parameters to functions and types."}, []string{"generics"}},
}
