// Command genkit runs toolgen tools in Genkit's own generate loop
// (github.com/firebase/genkit/go), through the adapter
// github.com/toolgen-go/toolgen/genkit. Its two tools are plain Go
// functions marked //tool: in travel.go; tools_gen.go, written by
// `go generate`, holds their JSON Schemas, which Genkit gives the model
// as they are.
//
// By default it runs offline: the model is a fake one, defined with
// genkit.DefineModel, that asks for the weather in Paris and in Atlantis
// (an unknown city: the tool's error goes back to the model, and the run
// goes on) and books a hotel in Paris. The booking needs approval: the run
// stops with Genkit's interrupt, the program approves it (or declines it,
// with -approve=false) and resumes the run. It prints each call, the
// approval, what the model read of each call, and the model's answer.
//
// With -model googleai/gemini-2.5-flash (and $GEMINI_API_KEY) it runs on
// Gemini through Genkit's googlegenai plugin instead.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	"github.com/firebase/genkit/go/plugins/googlegenai"

	toolgenkit "github.com/toolgen-go/toolgen/genkit"
)

const prompt = "What's the weather in Paris and in Atlantis? Book me two nights in Paris."

func main() {
	model := flag.String("model", "", `a Gemini model through Genkit's googlegenai plugin, such as "googleai/gemini-2.5-flash" (needs $GEMINI_API_KEY; default: an offline fake model)`)
	approve := flag.Bool("approve", true, "approve the hotel booking")
	flag.Parse()
	if err := run(context.Background(), os.Stdout, *model, *approve); err != nil {
		fmt.Fprintln(os.Stderr, "genkit:", err)
		os.Exit(1)
	}
}

// run asks the model the prompt with the tools of travel.go, approving or
// declining the booking, and prints the run to out. model is a Gemini
// model's name, or "" for the offline model.
func run(ctx context.Context, out io.Writer, model string, approve bool) error {
	var g *genkit.Genkit
	if model == "" {
		g = genkit.Init(ctx)
		model = defineOfflineModel(g).Name()
	} else {
		g = genkit.Init(ctx, genkit.WithPlugins(&googlegenai.GoogleAI{}))
	}
	tools, err := toolgenkit.DefineTools(g, Tools(), nil)
	if err != nil {
		return err
	}
	opts := []ai.GenerateOption{ai.WithModelName(model), ai.WithTools(toolgenkit.Refs(tools)...)}

	resp, err := genkit.Generate(ctx, g, append(opts, ai.WithPrompt(prompt))...)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	for resp.FinishReason == ai.FinishReasonInterrupted {
		restarts, err := answerApprovals(out, resp.Interrupts(), approve)
		if err != nil {
			return err
		}
		resp, err = genkit.Generate(ctx, g, append(opts, ai.WithMessages(resp.History()...), ai.WithToolRestarts(restarts...))...)
		if err != nil {
			return fmt.Errorf("resume the run: %w", err)
		}
	}
	printToolResponses(out, resp.History())
	fmt.Fprintf(out, "answer: %s\n", resp.Text())
	return nil
}

// answerApprovals answers the approval requests among interrupts, as the
// traveller would, and returns the restarts that resume the run.
func answerApprovals(out io.Writer, interrupts []*ai.Part, approve bool) ([]*ai.Part, error) {
	var restarts []*ai.Part
	for _, p := range interrupts {
		if !toolgenkit.IsApprovalRequest(p) {
			return nil, fmt.Errorf("the run stopped on an interrupt of %s that is not an approval request", p.ToolRequest.Name)
		}
		answer, verdict := toolgenkit.Approve, "approved"
		if !approve {
			answer, verdict = toolgenkit.Decline, "declined"
		}
		fmt.Fprintf(out, "approval: %s %s: %s\n", p.ToolRequest.Name, compact(p.ToolRequest.Input), verdict)
		r, err := answer(p)
		if err != nil {
			return nil, err
		}
		restarts = append(restarts, r)
	}
	return restarts, nil
}

// printToolResponses prints each call of the conversation, then what the
// model read of it.
func printToolResponses(out io.Writer, history []*ai.Message) {
	for _, m := range history {
		for _, p := range byRef(m.Content) {
			switch {
			case p.IsToolRequest():
				fmt.Fprintf(out, "call: %s %s\n", p.ToolRequest.Name, compact(p.ToolRequest.Input))
			case p.IsToolResponse():
				fmt.Fprintf(out, "model read: %s %s\n", p.ToolResponse.Name, compact(p.ToolResponse.Output))
			}
		}
	}
}

// byRef returns parts with the tool responses sorted by the ref of their
// call: Genkit adds the responses of a resumed turn in the order the calls
// finished.
func byRef(parts []*ai.Part) []*ai.Part {
	return slices.SortedStableFunc(slices.Values(parts), func(a, b *ai.Part) int {
		if !a.IsToolResponse() || !b.IsToolResponse() {
			return 0
		}
		return strings.Compare(a.ToolResponse.Ref, b.ToolResponse.Ref)
	})
}

// compact is v as one line of JSON.
func compact(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(data)
}

// defineOfflineModel defines the offline model with g: on the prompt it
// asks for the calls a real model would make, all in one turn; once it has
// read their responses, it answers from them.
func defineOfflineModel(g *genkit.Genkit) ai.Model {
	supports := &ai.ModelSupports{Tools: true, Multiturn: true, SystemRole: true}
	return genkit.DefineModel(g, "offline/travel-agent", &ai.ModelOptions{Label: "offline travel agent", Supports: supports},
		func(_ context.Context, req *ai.ModelRequest, _ ai.ModelStreamCallback) (*ai.ModelResponse, error) {
			if len(req.Messages) == 0 {
				return nil, errors.New("offline model: no messages")
			}
			last := req.Messages[len(req.Messages)-1]
			if last.Role != ai.RoleTool {
				msg := &ai.Message{Role: ai.RoleModel, Content: []*ai.Part{
					ai.NewToolRequestPart(&ai.ToolRequest{Name: "weather", Ref: "1", Input: map[string]any{"city": "Paris"}}),
					ai.NewToolRequestPart(&ai.ToolRequest{Name: "weather", Ref: "2", Input: map[string]any{"city": "Atlantis"}}),
					ai.NewToolRequestPart(&ai.ToolRequest{Name: "bookHotel", Ref: "3", Input: map[string]any{"city": "Paris", "nights": 2}}),
				}}
				return &ai.ModelResponse{Request: req, Message: msg, FinishReason: ai.FinishReasonStop}, nil
			}
			var answer []string
			for _, p := range byRef(last.Content) {
				if p.IsToolResponse() {
					answer = append(answer, summary(p.ToolResponse))
				}
			}
			return &ai.ModelResponse{Request: req, Message: ai.NewModelTextMessage(strings.Join(answer, " ")), FinishReason: ai.FinishReasonStop}, nil
		})
}

// summary is the offline model's sentence about one tool response.
func summary(r *ai.ToolResponse) string {
	out, _ := r.Output.(map[string]any)
	if msg, failed := out["error"].(string); failed {
		return fmt.Sprintf("(%s failed: %s)", r.Name, msg)
	}
	switch r.Name {
	case "weather":
		return fmt.Sprintf("%v: %v°C, %v.", out["city"], out["temperatureC"], out["conditions"])
	case "bookHotel":
		return fmt.Sprintf("Booked %v nights in %v (%v).", out["nights"], out["city"], out["confirmation"])
	}
	return compact(out)
}
