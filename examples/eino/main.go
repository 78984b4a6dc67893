// Command eino runs toolgen's tools in Eino's ReAct agent, through the
// adapter github.com/toolgen-go/toolgen/eino: the tools of tools.go are
// plain Go functions marked //tool:, toolgen generates their schemas into
// tools_gen.go, and eino.ToolsConfig gives them to Eino's ToolsNode.
//
// bookMeeting needs approval. The agent's graph is compiled with a
// checkpoint store, so the call interrupts the run the Eino way; the
// program prints the approval request, decides (-approve=false declines),
// and resumes the run from its checkpoint with the decision. A declined
// booking is a result the model reads, and the run goes on.
//
// It runs offline, on a scripted chat model (offline.go) that stands for
// any Eino ToolCallingChatModel, such as those of
// github.com/cloudwego/eino-ext.
//
//	go run .                  # books the meeting
//	go run . -approve=false   # declines the booking
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"

	"github.com/toolgen-go/toolgen/eino"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// defaultPrompt is the request the offline model is scripted for.
const defaultPrompt = "Book 45 minutes for a design review on 2026-06-02 with ana@example.com."

func main() {
	approve := flag.Bool("approve", true, "the decision on a call that needs approval")
	flag.Parse()
	prompt := defaultPrompt
	if flag.NArg() > 0 {
		prompt = strings.Join(flag.Args(), " ")
	}
	if err := run(context.Background(), os.Stdout, offlineModel(), prompt, *approve); err != nil {
		fmt.Fprintln(os.Stderr, "eino:", err)
		os.Exit(1)
	}
}

// run asks the agent, answers each approval request with approve, and
// prints what happened and the agent's answer to w.
func run(ctx context.Context, w io.Writer, chat model.ToolCallingChatModel, prompt string, approve bool) error {
	cfg, err := eino.ToolsConfig(Tools(), nil)
	if err != nil {
		return err
	}
	agent, err := react.NewAgent(ctx, &react.AgentConfig{ToolCallingModel: chat, ToolsConfig: cfg})
	if err != nil {
		return fmt.Errorf("make the agent: %w", err)
	}
	runner, err := withCheckpoints(ctx, agent, &memoryStore{m: map[string][]byte{}})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "user: %s\n", prompt)
	in := []*schema.Message{schema.UserMessage(prompt)}
	const runID = "meeting-1"
	answer, err := runner.Invoke(ctx, in, compose.WithCheckPointID(runID))
	for {
		info, interrupted := compose.ExtractInterruptInfo(err)
		if !interrupted {
			break
		}
		decisions := map[string]any{}
		for _, ic := range info.InterruptContexts {
			req, ok := ic.Info.(toolexec.ApprovalRequest)
			if !ic.IsRootCause || !ok {
				continue
			}
			input, err := json.Marshal(req.Input)
			if err != nil {
				return fmt.Errorf("show the approval request of %s: %w", req.ToolName, err)
			}
			fmt.Fprintf(w, "approval needed: %s %s\n", req.ToolName, input)
			fmt.Fprintf(w, "approved: %v\n", approve)
			decisions[ic.ID] = eino.Decision(approve)
		}
		if len(decisions) == 0 {
			return fmt.Errorf("the run was interrupted, not for an approval: %w", err)
		}
		answer, err = runner.Invoke(compose.BatchResumeWithData(ctx, decisions), in, compose.WithCheckPointID(runID))
	}
	if err != nil {
		return fmt.Errorf("run the agent: %w", err)
	}
	fmt.Fprintf(w, "agent: %s\n", answer.Content)
	return nil
}

// withCheckpoints compiles the agent's graph as the node of a graph that
// keeps its checkpoints in store, so that an interrupted run resumes.
func withCheckpoints(ctx context.Context, agent *react.Agent, store compose.CheckPointStore) (compose.Runnable[[]*schema.Message, *schema.Message], error) {
	g, opts := agent.ExportGraph()
	root := compose.NewGraph[[]*schema.Message, *schema.Message]()
	err := errors.Join(
		root.AddGraphNode("agent", g, opts...),
		root.AddEdge(compose.START, "agent"),
		root.AddEdge("agent", compose.END),
	)
	if err != nil {
		return nil, fmt.Errorf("make the graph: %w", err)
	}
	r, err := root.Compile(ctx, compose.WithCheckPointStore(store))
	if err != nil {
		return nil, fmt.Errorf("compile the graph: %w", err)
	}
	return r, nil
}

// memoryStore keeps checkpoints in memory; a service would keep them in a
// database, to resume a run in another process.
type memoryStore struct {
	mu sync.Mutex
	m  map[string][]byte
}

// Get returns the checkpoint id.
func (s *memoryStore) Get(_ context.Context, id string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[id]
	return b, ok, nil
}

// Set stores the checkpoint id.
func (s *memoryStore) Set(_ context.Context, id string, b []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[id] = b
	return nil
}
