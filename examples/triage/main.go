// Command triage is toolgen's example of stop conditions: an on-call
// agent reads logs and metrics until it files a ticket, and the run ends
// as soon as it has (agent.HasToolCall), without a last model call to
// comment on the ticket. Two more conditions bound it: a step count
// (agent.StepCountIs) and a token budget (agent.TokenBudget); any
// func(agent.StepResult) bool can be one.
//
// By default it runs offline on a scripted model; -budget sets the token
// budget (the offline model reports 1,200 tokens a step, so -budget 2000
// ends the run before the ticket). The -model flag, or $TOOLGEN_MODEL, runs
// it on a real model instead, named as provider.Open wants it:
// openai/gpt-5.4, ollama/llama3.2.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	_ "github.com/toolgen-go/toolgen/provider/gemini" // registers "google"
	_ "github.com/toolgen-go/toolgen/provider/openai" // registers "openai", "openai-responses" and "ollama"
	"github.com/toolgen-go/toolgen/scripted"
)

const prompt = "Checkout is slow for customers. Find out why and file a ticket."

func main() {
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	budget := flag.Int("budget", 20000, "the run's token budget")
	flag.Parse()
	model, err := chooseModel(*name, os.Stderr)
	if err == nil {
		err = run(context.Background(), os.Stdout, model, *budget)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "triage:", err)
		os.Exit(1)
	}
}

// chooseModel returns the model called name (see provider.Open), or
// the offline model when name is empty.
func chooseModel(name string, stderr io.Writer) (llm.Model, error) {
	if name == "" {
		fmt.Fprintln(stderr, "triage: running on an offline scripted model; for a real one, pass -model (or set TOOLGEN_MODEL)")
		return offlineModel(), nil
	}
	return provider.Open(name)
}

// stepUsage is what the offline model reports for each step.
var stepUsage = llm.Usage{InputTokens: 1100, OutputTokens: 100, TotalTokens: 1200}

// offlineModel plays the turns a real model would take: logs, then
// metrics, then the ticket; the fourth turn, a comment on the ticket, is
// never asked for.
func offlineModel() *scripted.Model {
	turn := func(calls ...llm.ToolCall) scripted.Turn {
		return scripted.Turn{ToolCalls: calls, Usage: stepUsage}
	}
	return scripted.New(
		turn(scripted.Call("searchLogs", `{"service":"checkout","match":"ERROR"}`)),
		turn(scripted.Call("getMetric", `{"service":"checkout","metric":"error_rate"}`),
			scripted.Call("getMetric", `{"service":"checkout","metric":"p99_ms"}`)),
		turn(scripted.Call("fileTicket", `{"title":"Checkout: payment gateway timeouts","severity":"sev1",`+
			`"evidence":["payment gateway timeout after 30s in the checkout logs","error rate 7.5% (0.2% an hour ago)","p99 30150 ms (420 ms an hour ago)"]}`)),
		scripted.Text("I filed OPS-1042 for the payment gateway timeouts."),
	)
}

// newAgent is the triage agent.
func newAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:           "triage-agent",
		Instructions: "You are an on-call assistant. Read logs and metrics, then file one ticket with the evidence.",
		Model:        model,
		MaxSteps:     10,
		Tools:        Tools(),
	}
}

// run triages the prompt's incident with a budget of tokens, printing the
// tool calls, the steps and why the run ended.
func run(ctx context.Context, w io.Writer, model llm.Model, budget int) error {
	fmt.Fprintf(w, "user: %s\n", prompt)
	res, err := newAgent(model).Generate(ctx, prompt, agent.WithStopWhen(
		agent.HasToolCall("fileTicket"),
		agent.StepCountIs(6),
		agent.TokenBudget(budget),
	))
	if err != nil {
		return err
	}
	for _, st := range res.Steps {
		for i, c := range st.ToolCalls {
			out := st.Outcomes[i]
			result, _ := json.Marshal(out.Output)
			if out.Err != nil {
				result = []byte("error: " + out.Err.Message)
			}
			fmt.Fprintf(w, "step %d: %s %s -> %s\n", st.Number, c.Name, c.Arguments, result)
		}
		if st.Text != "" {
			fmt.Fprintf(w, "step %d: assistant: %s\n", st.Number, st.Text)
		}
	}
	fmt.Fprintf(w, "finish (%s) after %d steps, %d tokens\n", res.FinishReason, len(res.Steps), res.Usage.TotalTokens)
	if t, ok := filed(res); ok {
		fmt.Fprintf(w, "ticket %s (%s) filed; the model was not called again\n", t.ID, t.Severity)
	} else {
		fmt.Fprintln(w, "no ticket filed")
	}
	return nil
}

// filed returns the ticket the run filed, from the typed outcome of its
// fileTicket call.
func filed(res *agent.Result) (Ticket, bool) {
	for _, st := range res.Steps {
		for _, o := range st.Outcomes {
			if t, ok := o.Output.(Ticket); ok {
				return t, true
			}
		}
	}
	return Ticket{}, false
}
