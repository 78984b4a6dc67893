// Command confirm is toolgen's example of a tool that pauses its run to ask
// the user something: bookTable (tools.go) suspends itself with a
// ConfirmRequest, and the run pauses with a RunState; the program stores
// the state as JSON, as a server would between two requests, and resumes
// it later, with a new Agent, with the user's ConfirmReply. The tool then
// runs again and reads the reply with tool.ResumeData.
//
// The types come from the directive (suspend=ConfirmRequest
// resume=ConfirmReply): toolgen puts their schemas into the tool's Spec and
// wraps the tool in tool.WithSuspend, so the reply is checked against
// its schema and decoded into a ConfirmReply before the tool runs again;
// a reply that does not fit is an error of Resume, and the tool does not
// run. The tool reads what it asked with tool.SuspendPayload. The
// display sees the question with the deposit in euros and the answer
// (bookTableForDisplay).
//
// By default it runs offline on a scripted model, and the user confirms
// (-confirm=false declines, -name sets the name). The -model flag, or
// $TOOLGEN_MODEL, runs it on a real model instead, named as
// provider.Open wants it: openai/gpt-5.4, ollama/llama3.2.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	_ "github.com/toolgen-go/toolgen/provider/gemini" // registers "google"
	_ "github.com/toolgen-go/toolgen/provider/openai" // registers "openai", "openai-responses" and "ollama"
	"github.com/toolgen-go/toolgen/scripted"
)

const prompt = "Book a table for 4 at Chez Gopher tonight at 20:00."

func main() {
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	confirm := flag.Bool("confirm", true, "the user's answer to the booking's question")
	who := flag.String("name", "Ada", "the name to book under")
	flag.Parse()
	model, err := chooseModel(*name, os.Stderr)
	if err == nil {
		err = run(context.Background(), os.Stdout, model, ConfirmReply{Confirm: *confirm, Name: *who})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "confirm:", err)
		os.Exit(1)
	}
}

// chooseModel returns the model called name (see provider.Open), or
// the offline model when name is empty, saying on stderr how to use a real
// one.
func chooseModel(name string, stderr io.Writer) (llm.Model, error) {
	if name == "" {
		fmt.Fprintln(stderr, "confirm: running on an offline scripted model; for a real one, pass -model (or set TOOLGEN_MODEL) "+
			"such as openai/gpt-5.4 or ollama/llama3.2")
		return offlineModel(), nil
	}
	return provider.Open(name)
}

// offlineModel plays the turns a real model would take: it calls
// bookTable, then answers from the tool's result.
func offlineModel() *scripted.Model {
	return scripted.New(
		scripted.Calls(scripted.Call("bookTable", `{"restaurant":"Chez Gopher","party":4,"time":"20:00"}`)),
		scripted.Turn{Respond: func(req *llm.Request) scripted.Turn {
			last := req.Messages[len(req.Messages)-1]
			var b Booking
			for _, r := range last.ToolResults() {
				_ = json.Unmarshal(r.Output.JSON, &b)
			}
			if !b.Booked {
				return scripted.Text("As you asked, I did not book the table.")
			}
			return scripted.Text("Your table for 4 at Chez Gopher at 20:00 is booked, reference " + b.Reference + ".")
		}},
	)
}

// newAgent is the agent; each process (here, each half of run) builds its
// own.
func newAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:           "concierge",
		Instructions: "You book restaurant tables with bookTable. The tool asks the user to confirm; report what came of it.",
		Model:        model,
		Tools:        Tools(),
	}
}

// run runs the agent until it pauses, stores its state as JSON, and resumes
// it with reply, printing the events of both halves, the question and the
// answer.
func run(ctx context.Context, w io.Writer, model llm.Model, reply ConfirmReply) error {
	fmt.Fprintf(w, "user: %s\n", prompt)
	res, err := stream(w, newAgent(model).Stream(ctx, prompt))
	if err != nil {
		return err
	}
	if res.State == nil {
		return nil // the model answered without booking
	}
	stored, err := json.Marshal(res.State) // kept in a database between two requests
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "-- paused (%s); the state is stored as JSON\n", res.FinishReason)
	var answers []agent.Answer
	for _, p := range res.Pending {
		fmt.Fprintf(w, "waiting: %s %s %s, resume schema %d bytes\n", p.Kind, p.ToolName, p.Payload, len(p.ResumeSchema))
		answers = append(answers, p.Resume(reply))
	}
	fmt.Fprintf(w, "-- resumed with %s\n", must(json.Marshal(reply)))

	var state agent.RunState
	if err := json.Unmarshal(stored, &state); err != nil {
		return err
	}
	_, err = stream(w, newAgent(model).ResumeStream(ctx, &state, answers))
	return err
}

// stream prints the events of a run, one per line, and the assistant's
// text, and returns the run's result.
func stream(w io.Writer, events func(func(agent.Event, error) bool)) (*agent.Result, error) {
	var text strings.Builder
	var res *agent.Result
	for ev, err := range events {
		if err != nil {
			return nil, err
		}
		switch ev.Type {
		case agent.EventTextDelta:
			text.WriteString(ev.Text)
			continue
		case agent.EventReasoningDelta:
			continue // a reasoning model's thinking, not shown
		case agent.EventToolCallDelta:
			continue
		case agent.EventFinish:
			res = ev.Result
		}
		fmt.Fprintln(w, ev)
	}
	if text.Len() > 0 {
		fmt.Fprintf(w, "assistant: %s\n", text.String())
	}
	return res, nil
}

func must(data []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return data
}
