package eino_test

import (
	"context"
	"sync"
	"testing"

	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/flow/agent/react"
	"github.com/cloudwego/eino/schema"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/eino"
	"github.com/toolgen-go/toolgen/eino/internal/testtools"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// memoryStore is an in-memory Eino CheckPointStore.
type memoryStore struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (s *memoryStore) Get(_ context.Context, id string) ([]byte, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.m[id]
	return b, ok, nil
}

func (s *memoryStore) Set(_ context.Context, id string, b []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[id] = b
	return nil
}

// checkpointedAgent is Eino's ReAct agent on the test tools, as a node of
// a graph compiled with a checkpoint store, so that an interrupted run
// can be resumed.
func checkpointedAgent(t *testing.T, m *fakeModel, store compose.CheckPointStore) compose.Runnable[[]*schema.Message, *schema.Message] {
	t.Helper()
	cfg, err := eino.ToolsConfig(testtools.Tools(), nil)
	require.NoError(t, err)
	agent, err := react.NewAgent(t.Context(), &react.AgentConfig{ToolCallingModel: m, ToolsConfig: cfg})
	require.NoError(t, err)
	g, opts := agent.ExportGraph()
	root := compose.NewGraph[[]*schema.Message, *schema.Message]()
	require.NoError(t, root.AddGraphNode("agent", g, opts...))
	require.NoError(t, root.AddEdge(compose.START, "agent"))
	require.NoError(t, root.AddEdge("agent", compose.END))
	r, err := root.Compile(t.Context(), compose.WithCheckPointStore(store))
	require.NoError(t, err)
	return r
}

// approvals returns the approval requests of an interrupted run, by call id,
// and the interrupt ids to resume them with.
func approvals(t *testing.T, err error) (map[string]toolexec.ApprovalRequest, map[string]string) {
	t.Helper()
	require.Error(t, err)
	info, ok := compose.ExtractInterruptInfo(err)
	require.True(t, ok, "the run was interrupted: %v", err)
	reqs, ids := map[string]toolexec.ApprovalRequest{}, map[string]string{}
	for _, ic := range info.InterruptContexts {
		if !ic.IsRootCause {
			continue
		}
		req, ok := ic.Info.(toolexec.ApprovalRequest)
		require.True(t, ok, "the interrupt info is an approval request: %T", ic.Info)
		reqs[req.ToolCallID], ids[req.ToolCallID] = req, ic.ID
	}
	return reqs, ids
}

// TestApprovalInterrupt runs the ReAct agent to a call that needs
// approval: the run is interrupted with the call's approval request (the
// call beside it has run), and resumed with each kind of decision.
func TestApprovalInterrupt(t *testing.T) {
	refund := `{"orderId":"A-1001","amountCents":500,"reason":"late"}`
	lookup := "c2: " + orderA1001
	tests := []struct {
		name   string
		resume func(ctx context.Context, id string) context.Context
		want   string
		err    string
	}{
		{"approved", func(ctx context.Context, id string) context.Context {
			return compose.ResumeWithData(ctx, id, eino.Approved)
		}, `c1: {"refundId":"R-A-1001-500"}` + "\n" + lookup, ""},
		{"declined", func(ctx context.Context, id string) context.Context {
			return compose.ResumeWithData(ctx, id, eino.Declined)
		}, `c1: the call of "refundOrder" was not approved` + "\n" + lookup, ""},
		{"a bool", func(ctx context.Context, id string) context.Context {
			return compose.ResumeWithData(ctx, id, false)
		}, `c1: the call of "refundOrder" was not approved` + "\n" + lookup, ""},
		{"resumed without data", func(ctx context.Context, id string) context.Context {
			return compose.Resume(ctx, id)
		}, `c1: {"refundId":"R-A-1001-500"}` + "\n" + lookup, ""},
		{"data of another type", func(ctx context.Context, id string) context.Context {
			return compose.ResumeWithData(ctx, id, "yes")
		}, "", `the resume data is a string, want an eino.Decision`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &fakeModel{script: []func([]*schema.Message) *schema.Message{
				calls("c1", "refundOrder", refund, "c2", "lookupOrder", `{"orderId":"A-1001"}`),
				summarise,
			}}
			r := checkpointedAgent(t, m, &memoryStore{m: map[string][]byte{}})
			in := []*schema.Message{schema.UserMessage("Refund 5 euros on A-1001, it was late.")}
			_, err := r.Invoke(t.Context(), in, compose.WithCheckPointID("run-1"))
			reqs, ids := approvals(t, err)
			require.Len(t, reqs, 1)
			assert.Equal(t, "refundOrder", reqs["c1"].ToolName)
			assert.True(t, reqs["c1"].Spec.NeedsApproval)
			assert.Equal(t, testtools.RefundInput{OrderID: "A-1001", AmountCents: 500, Reason: testtools.Late}, reqs["c1"].Input)
			assert.Len(t, m.seen, 1, "the model waits for the decision")

			answer, err := r.Invoke(tt.resume(t.Context(), ids["c1"]), in, compose.WithCheckPointID("run-1"))
			if tt.err != "" {
				assert.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, answer.Content)
			require.Len(t, m.seen, 2)
		})
	}
}

// TestApprovalInterruptTwoCalls resumes one of two calls that need
// approval: the other interrupts again, and is resumed by a third run, of
// an agent built anew on the same store, as another process would.
func TestApprovalInterruptTwoCalls(t *testing.T) {
	script := []func([]*schema.Message) *schema.Message{
		calls(
			"c1", "refundOrder", `{"orderId":"A-1001","amountCents":500,"reason":"late"}`,
			"c2", "refundOrder", `{"orderId":"B-2002","amountCents":900,"reason":"damaged"}`,
		),
		summarise,
	}
	store := &memoryStore{m: map[string][]byte{}}
	r := checkpointedAgent(t, &fakeModel{script: script}, store)
	in := []*schema.Message{schema.UserMessage("Refund both.")}
	_, err := r.Invoke(t.Context(), in, compose.WithCheckPointID("run-2"))
	reqs, ids := approvals(t, err)
	require.Len(t, reqs, 2)

	_, err = r.Invoke(compose.ResumeWithData(t.Context(), ids["c2"], eino.Approved), in, compose.WithCheckPointID("run-2"))
	reqs, again := approvals(t, err)
	require.Len(t, reqs, 1, "c1 interrupts again")
	require.Contains(t, again, "c1")

	other := &fakeModel{script: script}
	r = checkpointedAgent(t, other, store)
	answer, err := r.Invoke(compose.ResumeWithData(t.Context(), again["c1"], eino.Declined), in, compose.WithCheckPointID("run-2"))
	require.NoError(t, err)
	require.Len(t, other.seen, 1, "the new agent's model answers once")
	assert.Len(t, other.seen[0], 4, "it reads the question, the calls and both results")
	assert.Equal(t, `c1: the call of "refundOrder" was not approved`+"\n"+`c2: {"refundId":"R-B-2002-900"}`, answer.Content)
}

// TestApprovalWithoutCheckpoints runs the ReAct agent as react.NewAgent
// compiles it, with no checkpoint store: a call that needs approval ends
// the run with Eino's interrupt, which names the call, and the tool does
// not run.
func TestApprovalWithoutCheckpoints(t *testing.T) {
	cfg, err := eino.ToolsConfig(testtools.Tools(), nil)
	require.NoError(t, err)
	m := &fakeModel{script: []func([]*schema.Message) *schema.Message{
		calls("c1", "refundOrder", `{"orderId":"A-1001","amountCents":500,"reason":"late"}`),
		summarise,
	}}
	agent, err := react.NewAgent(t.Context(), &react.AgentConfig{ToolCallingModel: m, ToolsConfig: cfg})
	require.NoError(t, err)
	_, err = agent.Generate(t.Context(), []*schema.Message{schema.UserMessage("Refund A-1001.")})
	reqs, _ := approvals(t, err)
	require.Contains(t, reqs, "c1")
	assert.Equal(t, "refundOrder", reqs["c1"].ToolName)
	assert.Len(t, m.seen, 1, "the model is not asked again")
}
