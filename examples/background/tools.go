package main

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"time"
)

// ResearchInput names what to look into.
type ResearchInput struct {
	// Topic is what to research, such as "sea otters".
	Topic string `json:"topic" jsonschema:"minLength=1"`
}

// Findings are what the research found.
type Findings struct {
	// Topic is the topic researched.
	Topic string `json:"topic"`
	// Facts are the facts found, the most important first.
	Facts []string `json:"facts"`
	// Sources is the number of sources read.
	Sources int `json:"sources"`
}

// Fact is one fact.
type Fact struct {
	Fact string `json:"fact"`
}

// researchTime is how long the research takes; a real one reads the web
// for minutes.
var researchTime = 300 * time.Millisecond

// Research reads the sources on a topic and sums up what they say. It takes
// a while, so it runs in the background: the model gets a task handle at
// once, and the findings at a later step.
//
//tool:research-topic key=research background
func Research(ctx context.Context, in ResearchInput) (Findings, error) {
	select {
	case <-time.After(researchTime):
	case <-ctx.Done(): // the run ended, or the tool timeout passed
		return Findings{}, ctx.Err()
	}
	facts, ok := library[in.Topic]
	if !ok {
		return Findings{}, fmt.Errorf("no sources on %q", in.Topic)
	}
	return Findings{Topic: in.Topic, Facts: facts, Sources: len(facts)}, nil
}

// QuickFact returns the best-known fact about a topic, at once.
//
//tool:quick-fact key=quickFact
func QuickFact(ctx context.Context, in ResearchInput) (Fact, error) {
	facts, ok := library[in.Topic]
	if !ok {
		return Fact{}, fmt.Errorf("no sources on %q", in.Topic)
	}
	return Fact{Fact: facts[0]}, nil
}

// library is the offline sources.
var library = map[string][]string{
	"sea otters": {
		"Sea otters hold hands while they sleep so as not to drift apart.",
		"They have the densest fur of any animal.",
		"They use stones as tools to open shellfish.",
	},
}
