#!/bin/sh
# profile.sh writes the profiles BENCHMARKS.md cites into
# bench/results/profiles/ (pprof files and their text tops): start-up
# allocations at 100 tools, valid-call dispatch CPU (toolgen and eino), and
# generation CPU at 1,000 tools, the target toolgen misses.
set -eu
cd "$(dirname "$0")"
out=results/profiles
mkdir -p "$out"
go test -c -o "$out/bench.test" .
t="$out/bench.test -test.run ^\$ -test.benchmem"
$t -test.bench '^BenchmarkStartup$/^tools=100$/^toolgen$' -test.benchtime 3s -test.memprofile "$out/startup100-toolgen.mem.pprof" -test.memprofilerate 1 | grep ^Benchmark
$t -test.bench '^BenchmarkDispatch$/^valid$/^toolgen$' -test.benchtime 3s -test.cpuprofile "$out/dispatch-toolgen.cpu.pprof" | grep ^Benchmark
$t -test.bench '^BenchmarkDispatch$/^valid$/^eino$' -test.benchtime 3s -test.cpuprofile "$out/dispatch-eino.cpu.pprof" | grep ^Benchmark
$t -test.bench '^BenchmarkGenerate$/^tools=1000$/^toolgen$' -test.benchtime 10x -test.cpuprofile "$out/generate1000-toolgen.cpu.pprof" | grep ^Benchmark
go tool pprof -sample_index=alloc_space -top -nodecount=25 "$out/bench.test" "$out/startup100-toolgen.mem.pprof" > "$out/startup100-toolgen.mem.txt"
go tool pprof -top -cum -nodecount=60 "$out/bench.test" "$out/dispatch-toolgen.cpu.pprof" > "$out/dispatch-toolgen.cpu.txt"
go tool pprof -top -cum -nodecount=40 "$out/bench.test" "$out/dispatch-eino.cpu.pprof" > "$out/dispatch-eino.cpu.txt"
go tool pprof -top -cum -nodecount=60 "$out/bench.test" "$out/generate1000-toolgen.cpu.pprof" > "$out/generate1000-toolgen.cpu.txt"
rm -f "$out/bench.test"
