package agent_test

import (
	"context"
	"encoding/json"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/tool"
)

// toolResults are the tool results of the messages of a request.
func resultsOf(msgs []llm.Message) []llm.ToolResult {
	var out []llm.ToolResult
	for _, m := range msgs {
		out = append(out, m.ToolResults()...)
	}
	return out
}

// TestStoredTasksAcrossProcesses: a deferred task started by a run in one
// process settles after that run ended; the next run of the conversation,
// in another process (another Tasks on the same store), replaces the
// handle with the result, once.
func TestStoredTasksAcrossProcesses(t *testing.T) {
	st := store.NewMemory()
	release := make(chan struct{})
	tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) {
		<-release
		return reportOut{Summary: "all about " + in.Topic}, nil
	})
	m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"otters"}`)), scripted.Text("started"), scripted.Text("here"), scripted.Text("again"))
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}

	here := agent.StoredTasks(st, "conv-1", time.Hour)
	first, err := a.Generate(t.Context(), "go", agent.WithTasks(here))
	require.NoError(t, err)
	handle := resultsOf(first.Messages)[0].Output.Text
	assert.Regexp(t, `^Background task started\. Task ID: task-1-[a-z2-7]{8}\. `, handle, "a stored task's id has a random part")
	close(release)
	require.NoError(t, here.Wait(t.Context()))

	there := agent.StoredTasks(st, "conv-1", time.Hour)
	second, err := a.Generate(t.Context(), "and?", agent.WithHistory(first.Messages[1:]...), agent.WithTasks(there))
	require.NoError(t, err)
	require.Len(t, second.Background, 1)
	assert.Equal(t, regexp.MustCompile(`task-1-[a-z2-7]{8}`).FindString(handle), second.Background[0].TaskID)
	assert.Nil(t, second.Background[0].Output, "no typed output from another process")
	assert.Equal(t, llm.JSONOutput(json.RawMessage(`{"summary":"all about otters"}`)), resultsOf(m.LastRequest().Messages)[0].Output)

	// Delivered once: neither this process nor the other delivers it again.
	third, err := a.Generate(t.Context(), "more?", agent.WithHistory(first.Messages[1:]...), agent.WithTasks(here))
	require.NoError(t, err)
	assert.Empty(t, third.Background)
	assert.Equal(t, handle, resultsOf(m.LastRequest().Messages)[0].Output.Text)
}

// TestStoredTasksSameProcess: delivered by the process that ran it, a
// stored task keeps its typed outcome; so does a task the store failed
// to record, which its own process delivers.
func TestStoredTasksSameProcess(t *testing.T) {
	for name, st := range map[string]store.Tasks{"stored": store.NewMemory(), "store failed": &failingTasks{}} {
		t.Run(name, func(t *testing.T) {
			release := make(chan struct{})
			tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) {
				<-release // after the run, which would deliver it at its next step
				return reportOut{Summary: in.Topic}, nil
			})
			m := scripted.New(scripted.Calls(scripted.Call("report", `{"topic":"otters"}`)), scripted.Text("started"), scripted.Text("here"))
			a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
			tasks := agent.StoredTasks(st, "conv-1", 0)
			first, err := a.Generate(t.Context(), "go", agent.WithTasks(tasks))
			require.NoError(t, err)
			close(release)
			require.NoError(t, tasks.Wait(t.Context()))
			second, err := a.Generate(t.Context(), "and?", agent.WithHistory(first.Messages[1:]...), agent.WithTasks(tasks))
			require.NoError(t, err)
			require.Len(t, second.Background, 1)
			assert.Equal(t, reportOut{Summary: "otters"}, second.Background[0].Output)
		})
	}
}

// TestStoredTaskLost: a task whose process stopped before it settled is
// told to the model as failed, once its deadline has passed.
func TestStoredTaskLost(t *testing.T) {
	st := store.NewMemory()
	now := time.Now()
	require.NoError(t, st.StartTask(t.Context(), store.Task{ID: "task-1-abcdefgh", Conversation: "conv-1", Started: now,
		Deadline: now.Add(-time.Second), Expires: now.Add(time.Hour), Call: []byte(`{"id":"call_1","name":"report","step":1,"seq":1}`)}))
	require.NoError(t, st.StartTask(t.Context(), store.Task{ID: "task-2-abcdefgh", Conversation: "conv-1", Started: now.Add(time.Millisecond),
		Deadline: now.Add(-time.Second), Expires: now.Add(time.Hour), Call: []byte(`not json`)}))
	m := scripted.New(scripted.Text("sorry"))
	tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) { return reportOut{}, nil })
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
	res, err := a.Generate(t.Context(), "and?", agent.WithTasks(agent.StoredTasks(st, "conv-1", 0)))
	require.NoError(t, err)
	require.Len(t, res.Background, 2)
	assert.Equal(t, "call_1", res.Background[0].ToolCallID)
	assert.Equal(t, `background task task-1-abcdefgh of tool "report" was lost: the process that ran it stopped before it settled; call the tool again if its result is still needed`, res.Background[0].Err.Message)
	assert.Contains(t, res.Background[1].Err.Message, "its stored call cannot be read: invalid character")
	msgs := m.LastRequest().Messages
	last := msgs[len(msgs)-1].Text()
	assert.Contains(t, last, `Background task task-1-abcdefgh (tool "report", call call_1) failed: background task task-1-abcdefgh of tool "report" was lost`)
}

// failingTasks is a store whose every call fails.
type failingTasks struct{ store.Memory }

func (*failingTasks) StartTask(context.Context, store.Task) error {
	return assert.AnError
}

// TestStoredTasksDeliveredOnce: runs of one conversation in several
// processes at once deliver each task once.
func TestStoredTasksDeliveredOnce(t *testing.T) {
	st := store.NewMemory()
	tl := reportTool(func(ctx context.Context, in reportIn) (reportOut, error) { return reportOut{Summary: in.Topic}, nil })
	var calls []llm.ToolCall
	for range 5 {
		calls = append(calls, scripted.Call("report", `{"topic":"otters"}`))
	}
	m := scripted.New(scripted.Calls(calls...), scripted.Text("started"))
	a := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
	tasks := agent.StoredTasks(st, "conv-1", 0)
	first, err := a.Generate(t.Context(), "go", agent.WithTasks(tasks))
	require.NoError(t, err)
	require.NoError(t, tasks.Wait(t.Context()))

	var mu sync.Mutex
	delivered := map[string]int{}
	for _, o := range first.Background { // settled before the run's second step
		delivered[o.TaskID]++
	}
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			m := scripted.New(scripted.Text("ok"))
			b := &agent.Agent{ID: "bg", Model: m, Tools: tool.Toolset{"report": tl}}
			res, err := b.Generate(context.Background(), "and?", agent.WithHistory(first.Messages[1:]...), agent.WithTasks(agent.StoredTasks(st, "conv-1", 0)))
			assert.NoError(t, err)
			mu.Lock()
			defer mu.Unlock()
			for _, o := range res.Background {
				delivered[o.TaskID]++
			}
		})
	}
	wg.Wait()
	assert.Len(t, delivered, 5)
	for id, n := range delivered {
		assert.Equal(t, 1, n, id)
	}
}

// countingTasks counts the TakeTasks of a store.
type countingTasks struct {
	store.Memory
	takes int
}

func (c *countingTasks) TakeTasks(ctx context.Context, conversation string) ([]store.Task, error) {
	c.takes++
	return c.Memory.TakeTasks(ctx, conversation)
}

// TestStoredTasksNoQueryWithoutBackgroundTools: a run whose agent has no
// background tool asks the store nothing; one that has asks before each
// model call.
func TestStoredTasksNoQueryWithoutBackgroundTools(t *testing.T) {
	st := &countingTasks{}
	plain := fnTool("plain", func(context.Context) (string, error) { return "ok", nil })
	m := scripted.New(scripted.Calls(scripted.Call("plain", `{}`)), scripted.Text("done"))
	_, err := (&agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"plain": plain}}).Generate(t.Context(), "go", agent.WithTasks(agent.StoredTasks(st, "c", 0)))
	require.NoError(t, err)
	assert.Zero(t, st.takes)

	bg := fnTool("bg", func(context.Context) (string, error) { return "ok", nil }).WithBackground()
	m = scripted.New(scripted.Text("done"))
	_, err = (&agent.Agent{ID: "a", Model: m, Tools: tool.Toolset{"bg": bg}}).Generate(t.Context(), "go", agent.WithTasks(agent.StoredTasks(st, "c", 0)))
	require.NoError(t, err)
	assert.Equal(t, 1, st.takes)
}
