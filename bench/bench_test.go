package bench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/toolgen-go/toolgen/bench/internal/manytools"
	"github.com/toolgen-go/toolgen/bench/pod"
	"github.com/toolgen-go/toolgen/bench/tools100"
	"github.com/toolgen-go/toolgen/bench/weather"
	"github.com/toolgen-go/toolgen/generator"
)

// BenchmarkStartup makes 1 (the weather tool) and 100 tools ready to list,
// schemas included, from nothing: toolgen builds its Toolset from generated
// constants; the peers reflect over the Go types.
func BenchmarkStartup(b *testing.B) {
	for _, c := range []struct {
		name string
		c    case_
	}{{"tools=1", weatherCase}, {"tools=100", tools100Case}} {
		for _, l := range c.c.libs() {
			b.Run(c.name+"/"+l.name, func(b *testing.B) {
				b.ReportAllocs()
				cpu := startCPU()
				for b.Loop() {
					sink = l.start()
				}
				cpu.report(b)
			})
		}
	}
}

// BenchmarkStartupSorted is toolgen's start-up at 100 tools with the
// listing in key order, as the agent loop lists tools in a request: the
// sort is the price of a map, which the other libraries' listings (slices,
// or a map listed in its own order) do not pay here.
func BenchmarkStartupSorted(b *testing.B) {
	b.Run("tools=100/toolgen", func(b *testing.B) {
		b.ReportAllocs()
		cpu := startCPU()
		for b.Loop() {
			sink = listToolgenSorted(tools100.Tools())
		}
		cpu.report(b)
	})
}

// BenchmarkFirstCall is start-up with the weather tool and its first valid
// call: toolgen compiles its validator on first use, the official SDK at
// AddTool, so this is where their costs meet.
func BenchmarkFirstCall(b *testing.B) {
	ctx := context.Background()
	for _, l := range weatherCase.libs() {
		b.Run(l.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				call := l.dispatcher(b, weather.Name)
				sink = call(ctx, json.RawMessage(weather.ValidArgs))
			}
			cpu.report(b)
		})
	}
}

// BenchmarkDispatch turns raw JSON arguments into the text a model is given,
// for a valid and an invalid call of the weather tool, each library with the
// validation it ships with.
func BenchmarkDispatch(b *testing.B) {
	ctx := context.Background()
	for _, args := range []struct{ name, json string }{{"valid", weather.ValidArgs}, {"invalid", weather.InvalidArgs}} {
		for _, l := range weatherCase.libs() {
			b.Run(args.name+"/"+l.name, func(b *testing.B) {
				call := l.dispatcher(b, weather.Name)
				raw := json.RawMessage(args.json)
				sink = call(ctx, raw) // warm: lazy schema compilation
				b.ReportAllocs()
				cpu := startCPU()
				for b.Loop() {
					sink = call(ctx, raw)
				}
				cpu.report(b)
			})
		}
	}
}

// BenchmarkPod is the memory of the schema of a Kubernetes-Pod-sized input:
// start-up with that one tool (B/op is the memory it costs), the size of
// the schema each library lists, and a valid call.
func BenchmarkPod(b *testing.B) {
	ctx := context.Background()
	for _, l := range podCase.libs() {
		b.Run("startup/"+l.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				sink = l.start()
			}
			cpu.report(b)
			b.ReportMetric(float64(schemaBytes(b, l)), "schema-B")
		})
	}
	for _, l := range podCase.libs() {
		b.Run("dispatch/"+l.name, func(b *testing.B) {
			call := l.dispatcher(b, pod.Name)
			raw := json.RawMessage(pod.ValidArgs)
			sink = call(ctx, raw)
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				sink = call(ctx, raw)
			}
			cpu.report(b)
		})
	}
}

// writeMany writes a module with one package of n tools into a temporary
// directory. The module requires toolgen, from this checkout, for the
// generated file to compile once it is written (see BenchmarkGenerate).
func writeMany(tb testing.TB, n int) string {
	tb.Helper()
	dir := tb.TempDir()
	main, err := filepath.Abs("..")
	if err != nil {
		tb.Fatal(err)
	}
	mod := fmt.Sprintf("module example.com/many\n\ngo 1.26\n\nrequire github.com/toolgen-go/toolgen v0.0.0\n\nreplace github.com/toolgen-go/toolgen => %s\n", main)
	sum, err := os.ReadFile(filepath.Join(main, "go.sum"))
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "many.go"), manytools.Source("many", n), 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// loadMode is the mode toolgen's generator loads packages in
// (generator/load.go).
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo |
	packages.NeedModule

// BenchmarkGenerate runs toolgen's generator on packages of 10, 100 and
// 1,000 tools (the same package shape as tools100), beside go/packages
// loading the same package in the same mode and doing nothing else: the
// floor. toolgen-again runs it once more over its own output, as go
// generate does every time but the first: the package then holds the
// generated file, which the generator hides from the type checker.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		dir := writeMany(b, n)
		// The go command's first listing of a new module directory costs
		// more than the next ones: one load, untimed, so that neither side
		// measures it.
		if _, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, "."); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("tools=%d/toolgen", n), func(b *testing.B) {
			benchGenerate(b, dir, func(res *generator.Result) {
				if generator.HasErrors(res.Diagnostics) || len(res.Files) != 1 {
					b.Fatalf("unexpected result: %v", res.Diagnostics)
				}
				for _, data := range res.Files {
					if ctors := bytes.Count(data, []byte("tool.NewFunc(")); ctors != n {
						b.Fatalf("%d constructors generated, want %d", ctors, n)
					}
				}
			})
		})
		b.Run(fmt.Sprintf("tools=%d/load", n), func(b *testing.B) {
			b.ReportAllocs()
			cpu := startCPU()
			for b.Loop() {
				pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, ".")
				if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
					b.Fatalf("load: %v %v", err, pkgs)
				}
			}
			cpu.report(b)
		})

		b.Run(fmt.Sprintf("tools=%d/toolgen-again", n), func(b *testing.B) {
			// The generated file, written; one run untimed, in which the go
			// command adds the modules of the file's imports to go.mod and
			// compiles the package with it for its export data.
			res, err := generator.Generate(context.Background(), generator.Config{Dir: dir})
			if err != nil || len(res.Files) != 1 {
				b.Fatalf("generate: %v %v", err, res)
			}
			for path, data := range res.Files {
				if err := os.WriteFile(path, data, 0o644); err != nil {
					b.Fatal(err)
				}
			}
			warm, err := generator.Generate(context.Background(), generator.Config{Dir: dir, Env: append(os.Environ(), "GOFLAGS=-mod=mod")})
			if err != nil || generator.HasErrors(warm.Diagnostics) {
				b.Fatalf("generate again: %v %v", err, warm.Diagnostics)
			}
			benchGenerate(b, dir, func(again *generator.Result) {
				if generator.HasErrors(again.Diagnostics) || len(again.Files) != 1 || len(again.Obsolete) != 0 {
					b.Fatalf("unexpected result: %v", again.Diagnostics)
				}
				for path, data := range again.Files {
					if !bytes.Equal(data, res.Files[path]) {
						b.Fatalf("%s: the file generated again differs", path)
					}
				}
			})
		})
	}
}

// benchGenerate times generator.Generate on dir, checking each result, and
// reports its CPU time and the mean duration of each of the generator's
// own phases, to see where the time goes.
func benchGenerate(b *testing.B, dir string, check func(*generator.Result)) {
	b.ReportAllocs()
	phases := map[string]float64{}
	runs := 0
	cpu := startCPU()
	for b.Loop() {
		res, err := generator.Generate(context.Background(), generator.Config{Dir: dir})
		if err != nil {
			b.Fatal(err)
		}
		check(res)
		for _, t := range res.Timings {
			phases[t.Phase] += float64(t.Duration.Microseconds()) / 1000
		}
		runs++
	}
	cpu.report(b)
	for phase, ms := range phases {
		b.ReportMetric(ms/float64(runs), phase+"-ms")
	}
}
