package temporal_test

// Benchmarks on the Temporal CLI's dev server (see internal/devserver),
// with the worker in the benchmark's process. BENCHMARKS.md reports their
// figures.

import (
	"context"
	"fmt"
	goruntime "runtime"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/temporal"
	"github.com/toolgen-go/toolgen/temporal/internal/devserver"
	"github.com/toolgen-go/toolgen/tool"
)

// benchSteps is the number of steps of a benchmark run: benchSteps-1 steps
// with one tool call each, then an answer.
const benchSteps = 4

// benchAgent is an agent of benchSteps steps on a model scripted by
// position, so that every run plays the whole script.
func benchAgent(id string) *agent.Agent {
	turns := make([]scripted.Turn, 0, benchSteps)
	for i := range benchSteps - 1 {
		turns = append(turns, scripted.Calls(llm.ToolCall{ID: fmt.Sprintf("c%d", i+1), Name: "echo", Arguments: `{"text":"hi"}`}))
	}
	turns = append(turns, scripted.Text("done"))
	echo := tool.NewFunc(&tool.Spec{ID: "echo", Description: "Echoes text.",
		InputSchema: []byte(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`),
		Annotations: tool.Annotations{Idempotent: new(true)}},
		func(ctx context.Context, in struct {
			Text string `json:"text"`
		}) (string, error) {
			return in.Text, nil
		})
	return &agent.Agent{ID: id, Model: scripted.ByPosition(turns...), Tools: tool.Toolset{"echo": echo}}
}

// BenchmarkDurableStep measures a step of a durable run (a model activity
// and a tool activity, through the dev server) against a step of the same
// run in process, and reports both and their ratio: on the dev server as
// it starts, and with eager activities, which spare the activity its trip
// through the task queue.
func BenchmarkDurableStep(b *testing.B) {
	b.Run("server=default", func(b *testing.B) { benchmarkDurableStep(b, devserver.Start(b)) })
	b.Run("server=eager-activities", func(b *testing.B) {
		benchmarkDurableStep(b, devserver.StartWith(b, devserver.EagerActivities))
	})
}

func benchmarkDurableStep(b *testing.B, srv *devserver.Server) {
	c, queue := benchWorker(b, srv, worker.Options{}, benchAgent("bench-step"))
	ctx := context.Background()

	// The in-process run, timed over enough runs to be stable.
	a := benchAgent("bench-step")
	const inprocRuns = 200
	start := time.Now()
	for range inprocRuns {
		res, err := a.Generate(ctx, "go")
		if err != nil || res.Text != "done" {
			b.Fatalf("in process: %v, %+v", err, res)
		}
	}
	inproc := time.Since(start) / (inprocRuns * benchSteps)

	runs := 0
	b.ResetTimer()
	for b.Loop() {
		runs++
		r, err := temporal.Start(ctx, c, client.StartWorkflowOptions{ID: fmt.Sprintf("step-%d", runs), TaskQueue: queue}, "bench-step", "go")
		if err != nil {
			b.Fatal(err)
		}
		res, err := r.Result(ctx)
		if err != nil || res.Text != "done" {
			b.Fatalf("durable: %v, %+v", err, res)
		}
	}
	durable := b.Elapsed() / time.Duration(runs*benchSteps)
	b.ReportMetric(float64(durable.Microseconds()), "durable-µs/step")
	b.ReportMetric(float64(inproc.Microseconds()), "inproc-µs/step")
	b.ReportMetric(float64(durable)/float64(inproc), "ratio")
}

// BenchmarkHeldRuns starts n runs that each wait for an approval, with one
// worker, and reports how long they took to reach the wait and the
// worker's heap per waiting run; then it approves them all and checks that
// every run finishes.
func BenchmarkHeldRuns(b *testing.B) {
	for _, n := range []int{100, 500} {
		b.Run(fmt.Sprint("runs=", n), func(b *testing.B) {
			srv := devserver.Start(b)
			gate := tool.NewFunc(&tool.Spec{ID: "gate", Description: "Needs approval.", NeedsApproval: true,
				InputSchema: []byte(`{"type":"object","properties":{}}`)},
				func(context.Context, struct{}) (string, error) { return "open", nil })
			a := &agent.Agent{ID: "held", Tools: tool.Toolset{"gate": gate}, Model: scripted.ByPosition(
				scripted.Calls(llm.ToolCall{ID: "g1", Name: "gate", Arguments: `{}`}),
				scripted.Text("through"),
			)}
			c, queue := benchWorker(b, srv, worker.Options{}, a)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			for i := 0; b.Loop(); i++ {
				heapBefore := heapInUse()
				start := time.Now()
				held := make([]*temporal.Run, n)
				parallel(b, n, func(j int) error {
					r, err := temporal.Start(ctx, c, client.StartWorkflowOptions{ID: fmt.Sprintf("held-%d-%d", i, j), TaskQueue: queue}, "held", "go")
					held[j] = r
					return err
				})
				parallel(b, n, func(j int) error {
					for {
						st, err := held[j].Status(ctx)
						if err == nil && len(st.Pending) == 1 {
							return nil
						}
						if ctx.Err() != nil {
							return fmt.Errorf("run %d never waited: %v", j, err)
						}
						time.Sleep(50 * time.Millisecond)
					}
				})
				toPause := time.Since(start)
				heap := heapInUse() - heapBefore
				parallel(b, n, func(j int) error {
					return held[j].Answer(ctx, agent.Answer{ToolCallID: "g1", Approved: true})
				})
				parallel(b, n, func(j int) error {
					res, err := held[j].Result(ctx)
					if err == nil && res.Text != "through" {
						err = fmt.Errorf("run %d answered %q", j, res.Text)
					}
					return err
				})
				b.ReportMetric(float64(n), "held-runs")
				b.ReportMetric(toPause.Seconds(), "s-to-hold-all")
				b.ReportMetric(float64(heap)/float64(n)/1024, "heap-KiB/held-run")
			}
		})
	}
}

// benchWorker starts a worker in the process for agent on a fresh queue.
func benchWorker(b *testing.B, srv *devserver.Server, opts worker.Options, a *agent.Agent) (client.Client, string) {
	b.Helper()
	c, err := srv.Dial()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(c.Close)
	queue := fmt.Sprintf("bench-%s-%d", a.ID, time.Now().UnixNano())
	w := worker.New(c, queue, opts)
	if err := temporal.Register(w, a); err != nil {
		b.Fatal(err)
	}
	if err := w.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(w.Stop)
	return c, queue
}

// parallel runs f(0..n-1) on 32 goroutines and fails b on the first error.
func parallel(b *testing.B, n int, f func(int) error) {
	b.Helper()
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	next := make(chan int)
	for range 32 {
		wg.Go(func() {
			for j := range next {
				if err := f(j); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		})
	}
	for j := range n {
		next <- j
	}
	close(next)
	wg.Wait()
	if len(errs) > 0 {
		b.Fatalf("%d of %d failed, the first: %v", len(errs), n, errs[0])
	}
}

// heapInUse is the process's live heap after a collection.
func heapInUse() int64 {
	goruntime.GC()
	var m goruntime.MemStats
	goruntime.ReadMemStats(&m)
	return int64(m.HeapInuse)
}
