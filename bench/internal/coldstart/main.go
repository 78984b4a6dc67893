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
	switch *lib {
	case "toolgen":
		start = time.Now()
		sink = peers.ListToolgen(tools100.Tools())
	case "eino":
		ctx := context.Background()
		start = time.Now()
		sink = peers.ListEino(ctx, peers100.Eino())
	default:
		fmt.Fprintf(os.Stderr, "coldstart: unknown library %q (want toolgen or eino)\n", *lib)
		os.Exit(2)
	}
	elapsed := time.Since(start)
	if len(sink) != 100 {
		fmt.Fprintf(os.Stderr, "coldstart: %s listed %d tools, want 100\n", *lib, len(sink))
		os.Exit(1)
	}
	fmt.Printf("BenchmarkColdStart/tools=100/%s 1 %d ns/op\n", *lib, elapsed.Nanoseconds())
}
