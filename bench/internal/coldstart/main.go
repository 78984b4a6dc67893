// Command coldstart times one start-up of the 100 tools of bench/tools100
// as the first thing its process does: toolgen's generated Tools() or
// eino's utils.InferTool for each tool, and a listing of them, schemas
// included. Nothing else is timed: not the process start or the runtime's
// initialization, and not the test harness's first iteration, which the
// cold rows of go test -bench include. It prints one line in the format of
// go test -bench, for benchstat; bench/run-benchmarks.sh runs it $COUNT
// times per library.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/toolgen-go/toolgen/bench/internal/peers"
	"github.com/toolgen-go/toolgen/bench/tools100"
	"github.com/toolgen-go/toolgen/bench/tools100/peers100"
)

var sink []peers.Listed

func main() {
	lib := flag.String("lib", "toolgen", "the library: toolgen or eino")
	flag.Parse()
	var start time.Time
	var faults int64
	switch *lib {
	case "toolgen":
		faults = minorFaults()
		start = time.Now()
		sink = peers.ListToolgen(tools100.Tools())
	case "eino":
		ctx := context.Background()
		faults = minorFaults()
		start = time.Now()
		sink = peers.ListEino(ctx, peers100.Eino())
	default:
		fmt.Fprintf(os.Stderr, "coldstart: unknown library %q (want toolgen or eino)\n", *lib)
		os.Exit(2)
	}
	elapsed := time.Since(start)
	faults = minorFaults() - faults
	if len(sink) != 100 {
		fmt.Fprintf(os.Stderr, "coldstart: %s listed %d tools, want 100\n", *lib, len(sink))
		os.Exit(1)
	}
	fmt.Printf("BenchmarkColdStart/tools=100/%s 1 %d ns/op %d minflt/op\n", *lib, elapsed.Nanoseconds(), faults)
}

// minorFaults returns the minor page faults of the process so far: the
// first touches of pages of code and data that are in memory but not yet
// mapped for it. Counted beside the time, they tell page faults from the
// other costs of a first run (cold caches and TLB).
func minorFaults() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Minflt
}
