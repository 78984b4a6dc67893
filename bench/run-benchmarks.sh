#!/bin/sh
# run-benchmarks.sh reproduces BENCHMARKS.md: every benchmark of bench/ and
# bench/genkit, COUNT times (default 6), the start-up benchmarks once more
# in fresh processes (cold: no type, schema or JIT cache warmed by an
# earlier iteration), the 100-tool start-up of toolgen and eino timed alone
# in fresh plain processes (internal/coldstart, COLDSTART_COUNT times each,
# default 30: a process takes milliseconds, and a single cold measurement
# is noisy), benchstat's medians, and the size of the tool definitions of
# bench/defs10 in each library. Results go to bench/results/.
set -eu
cd "$(dirname "$0")"
COUNT=${COUNT:-6}
COLDSTART_COUNT=${COLDSTART_COUNT:-30}
BENCHSTAT="go run golang.org/x/perf/cmd/benchstat@latest"
mkdir -p results
{
	echo "# $(date -u +%FT%TZ) $(uname -srm), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/{print $2}') GiB"
	echo "# $(go version)"
	echo "# toolgen $(git -C .. rev-parse --short HEAD 2>/dev/null || echo unknown), working tree diff sha256 $(git -C .. diff HEAD 2>/dev/null | sha256sum | cut -c1-12)"
	echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
} > results/machine.txt

(cd genkit && go test -count 1 -run '^TestDefinitionSize$' -v .) | tee results/defsize.txt
go test -run '^$' -bench . -count "$COUNT" -timeout 60m . | tee results/bench.txt
(cd genkit && go test -run '^$' -bench . -count "$COUNT" -timeout 30m .) | tee results/genkit.txt
echo "# load average after the warm runs: $(cut -d' ' -f1-3 /proc/loadavg)" >> results/machine.txt

# Cold start-up: each measurement is the first thing a new process does.
go test -c -o results/bench.test . && (cd genkit && go test -c -o ../results/genkit.test .)
: > results/cold.txt
for i in $(seq "$COUNT"); do
	for b in Startup/tools=1 Startup/tools=100 Pod/startup; do
		# Anchor every level: -test.bench matches each level separately.
		pattern="^Benchmark${b%%/*}\$/^${b#*/}\$"
		for lib in toolgen eino go-sdk mcp-go 'mcp-go\+validation'; do
			results/bench.test -test.run '^$' -test.bench "$pattern/^$lib\$" -test.benchtime 1x -test.benchmem | grep '^Benchmark' >> results/cold.txt
		done
		results/genkit.test -test.run '^$' -test.bench "$pattern/^genkit\$" -test.benchtime 1x -test.benchmem | grep '^Benchmark' >> results/cold.txt
	done
done
rm -f results/bench.test results/genkit.test

# Cold start-up without the test harness: the library's work alone (start
# and list the 100 tools), as the first thing a plain process does.
go build -o results/coldstart ./internal/coldstart
: > results/coldstart.txt
for i in $(seq "$COLDSTART_COUNT"); do
	for lib in toolgen eino; do
		results/coldstart -lib "$lib" >> results/coldstart.txt
	done
done
rm -f results/coldstart
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> results/machine.txt

# One table: bench/ and bench/genkit are two packages of the same suite.
cat results/bench.txt results/genkit.txt | grep -v '^pkg:' > results/all.txt
$BENCHSTAT results/all.txt > results/benchstat.txt
$BENCHSTAT results/cold.txt > results/benchstat-cold.txt
$BENCHSTAT results/coldstart.txt > results/benchstat-coldstart.txt
cat results/machine.txt results/benchstat.txt results/benchstat-cold.txt results/benchstat-coldstart.txt
