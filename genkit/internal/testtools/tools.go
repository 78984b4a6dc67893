// Package testtools is the tool set the adapter's tests drive through
// Genkit's generate loop: a tool that answers, one that fails, one that
// panics, one whose model output is text, and one that needs approval.
package testtools

//go:generate go tool toolgen

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/llm"
)

// GreetInput names whom to greet.
type GreetInput struct {
	// Name is the person's name.
	Name string `json:"name" jsonschema:"minLength=1"`
	// Times repeats the greeting; 1 when absent.
	Times int `json:"times,omitempty" jsonschema:"minimum=1,maximum=3"`
}

// Greeting is what greet answers.
type Greeting struct {
	// Text is the greeting.
	Text string `json:"text"`
}

// Greet greets someone by name.
//
//tool:greet
func Greet(ctx context.Context, in GreetInput) (Greeting, error) {
	times := max(in.Times, 1)
	return Greeting{Text: strings.TrimSpace(strings.Repeat("hello "+in.Name+" ", times))}, nil
}

// Shout greets someone loudly; the model reads the greeting as text.
//
//tool:shout model=shoutForModel
func Shout(ctx context.Context, in GreetInput) (Greeting, error) {
	return Greeting{Text: "HELLO " + strings.ToUpper(in.Name)}, nil
}

// shoutForModel shows the model the greeting alone, as text.
func shoutForModel(ctx context.Context, in GreetInput, out Greeting) (llm.ModelOutput, error) {
	return llm.TextOutput(out.Text + "!"), nil
}

// ErrDirectoryDown is the failure of lookup.
var ErrDirectoryDown = errors.New("the directory is down")

// Lookup looks a person up in the directory, which is down.
//
//tool:lookup
func Lookup(ctx context.Context, in GreetInput) (Greeting, error) {
	return Greeting{}, fmt.Errorf("look up %s: %w", in.Name, ErrDirectoryDown)
}

// Crash greets someone, but panics on the way.
//
//tool:crash
func Crash(ctx context.Context, in GreetInput) (Greeting, error) {
	var m map[string]int
	m[in.Name]++ // a nil map: the panic the adapter must recover
	return Greeting{}, nil
}

// TransferInput is a money transfer.
type TransferInput struct {
	// To is the account that receives the money.
	To string `json:"to"`
	// Cents is the amount, in cents.
	Cents int `json:"cents" jsonschema:"minimum=1"`
}

// Receipt confirms a transfer.
type Receipt struct {
	// ID identifies the transfer.
	ID string `json:"id"`
	// Cents is the amount sent.
	Cents int `json:"cents"`
}

// Transfer sends money to an account. Every call needs approval.
//
//tool:transfer approval
func Transfer(ctx context.Context, in TransferInput) (Receipt, error) {
	return Receipt{ID: "tx-" + in.To, Cents: in.Cents}, nil
}
