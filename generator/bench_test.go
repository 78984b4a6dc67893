package generator

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// writeManyTools writes a module with one package of n tools, each with its
// own input and output struct, and returns its directory.
func writeManyTools(tb testing.TB, n int) string {
	tb.Helper()
	dir := tb.TempDir()
	var b strings.Builder
	b.WriteString("package many\n\nimport (\n\t\"context\"\n\t\"time\"\n)\n\n")
	b.WriteString("// Level is how loud a thing is.\ntype Level string\n\nconst (\n\tQuiet Level = \"quiet\"\n\tLoud  Level = \"loud\"\n)\n\n")
	b.WriteString("// Shared is used by every tool.\ntype Shared struct {\n\t// When is a time.\n\tWhen time.Time `json:\"when\"`\n\tTags []string `json:\"tags,omitempty\"`\n}\n\n")
	for i := range n {
		fmt.Fprintf(&b, `// In%[1]d is the input of tool %[1]d.
type In%[1]d struct {
	// Name names the thing.
	Name string `+"`json:\"name\"`"+`
	// Count counts it.
	Count int `+"`json:\"count,omitempty\" jsonschema:\"minimum=0\"`"+`
	Level Level `+"`json:\"level\"`"+`
	Extra *Shared `+"`json:\"extra,omitempty\"`"+`
	Attrs map[string]float64 `+"`json:\"attrs,omitempty\"`"+`
}

// Out%[1]d is the output of tool %[1]d.
type Out%[1]d struct {
	OK    bool     `+"`json:\"ok\"`"+`
	Items []Shared `+"`json:\"items\"`"+`
}

// Tool%[1]d does thing number %[1]d.
//
//tool:tool-%[1]d readonly
func Tool%[1]d(ctx context.Context, in In%[1]d) (Out%[1]d, error) { return Out%[1]d{}, nil }

`, i)
	}
	must(tb, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/many\n\ngo 1.26\n"), 0o644))
	must(tb, os.WriteFile(filepath.Join(dir, "many.go"), []byte(b.String()), 0o644))
	return dir
}

func must(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkGenerate runs the whole generator on packages of 10, 100 and
// 1,000 tools. BenchmarkLoad loads the same packages with go/packages alone,
// in the mode the generator uses: the floor. The target is Generate at most
// 1.5x Load at 1,000 tools, and both growing linearly.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		dir := warmDir(b, n)
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			cpu := startCPU()
			for b.Loop() {
				res, err := Generate(context.Background(), Config{Dir: dir})
				if err != nil {
					b.Fatal(err)
				}
				if HasErrors(res.Diagnostics) || len(res.Packages) != 1 || len(res.Packages[0].Tools) != n {
					b.Fatalf("unexpected result: %v", res.Diagnostics)
				}
			}
			cpu.report(b)
		})
	}
}

// warmDir writes a package of n tools and loads it once: the go command's
// first listing of a new module directory costs more than the next ones,
// and neither BenchmarkGenerate nor BenchmarkLoad should measure it.
func warmDir(b *testing.B, n int) string {
	dir := writeManyTools(b, n)
	if _, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, "."); err != nil {
		b.Fatal(err)
	}
	return dir
}

// BenchmarkLoad is the floor of BenchmarkGenerate: go/packages loading the
// same package in the same mode, and nothing else.
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		dir := warmDir(b, n)
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			cpu := startCPU()
			for b.Loop() {
				pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, ".")
				if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
					b.Fatalf("load: %v %v", err, pkgs)
				}
			}
			cpu.report(b)
		})
	}
}

// BenchmarkPhases runs the generator on 1,000 tools and reports the mean
// duration of each phase, to see where BenchmarkGenerate's time goes.
func BenchmarkPhases(b *testing.B) {
	dir := writeManyTools(b, 1000)
	total := map[string]float64{}
	var order []string
	n := 0
	for b.Loop() {
		res, err := Generate(context.Background(), Config{Dir: dir})
		if err != nil || HasErrors(res.Diagnostics) {
			b.Fatalf("generate: %v %v", err, res.Diagnostics)
		}
		for _, t := range res.Timings {
			if _, ok := total[t.Phase]; !ok {
				order = append(order, t.Phase)
			}
			total[t.Phase] += float64(t.Duration.Microseconds()) / 1000
		}
		n++
	}
	for _, phase := range order {
		b.ReportMetric(total[phase]/float64(n), phase+"-ms")
	}
}
