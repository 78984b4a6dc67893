// Package generator turns functions annotated with //tool: into generated Go
// code, and type declarations annotated with it into structured output
// schemas. It runs in stages, one file each:
//
//   - load.go loads the packages with golang.org/x/tools/go/packages;
//   - find.go finds every annotated function and method and checks its
//     signature, hooks.go the hook functions it names, and output.go the
//     annotated type declarations;
//   - schema.go computes the JSON Schemas of the tools' inputs and outputs
//     and of the structured outputs from go/types and names the constants
//     that hold them;
//   - render.go writes one file per package with github.com/dave/jennifer,
//     and hooksfile.go the stubs of missing hooks;
//   - manifest.go describes the tools and outputs for toolgen -json.
//
// model.go holds what the stages pass between them; diag.go the
// diagnostics, whose texts are in errors.go. check.go runs the find and
// schema stages alone on a package that its caller type-checked ([Check]):
// the analyzer of package toolcheck, which go vet and golangci-lint run.
//
// The generator is pure: [Generate] returns file contents and diagnostics
// and writes nothing. cmd/toolgen is the only part that touches the disk.
package generator

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/toolgen-go/toolgen/schema"
)

// DefaultOutput is the name of the generated file in each package.
const DefaultOutput = "tools_gen.go"

// Config says what to generate.
type Config struct {
	// Dir is the directory patterns are resolved in and diagnostics are
	// relative to; "" means the current directory.
	Dir string
	// Patterns are go/packages patterns; none means ".".
	Patterns []string
	// Tags are build tags. A run with tags writes only the tools that no
	// build with fewer of them has (none, or only some of them), into a
	// file of its own whose //go:build line requires the tags, with
	// toolset functions and schema constants named after them
	// (EnterpriseTools, userSchemaEnterprise). The run without tags writes
	// the tools of the build without tags, into a file that every build
	// compiles. What a run writes depends on the sources only, not on the
	// files of the others, which may run in any order (see tags.go).
	Tags []string
	// Output is the generated file's name in each package; "" means the
	// first name of [OutputNames]: [DefaultOutput] without Tags,
	// tools_<tags>_gen.go with them.
	Output string
	// HooksOutput is the name of the user-owned file, beside Output, that
	// hook stubs are written into; "" means the second name of
	// [OutputNames]: [DefaultHooksOutput] without Tags,
	// tools_<tags>_hooks.go with them.
	HooksOutput string
	// Env is the environment of the go command; nil means the process's.
	Env []string
	// Dialects are the dialects the tools are sent in (see
	// [ParseDialects]): what one of them cannot express of a tool's input
	// is an error, and the other dialects are not checked. With none, what
	// any provider's dialect cannot express is a warning.
	Dialects []schema.Dialect
}

// ParseDialects reads a comma-separated list of dialect names, as the
// manifest names them: openai-strict, gemini, anthropic, and standard for
// the schema as generated (OpenAI without strict mode, MCP clients), which
// expresses every input.
func ParseDialects(list string) ([]schema.Dialect, error) {
	var out []schema.Dialect
	for name := range strings.SplitSeq(list, ",") {
		d := schema.Dialect(strings.TrimSpace(name))
		if !slices.Contains(schema.Dialects(), d) {
			return nil, fmt.Errorf("unknown dialect %q; known: %s", d, dialectNames())
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out, nil
}

// dialectNames lists the names ParseDialects accepts.
func dialectNames() string {
	var names []string
	for _, d := range schema.Dialects() {
		names = append(names, string(d))
	}
	return strings.Join(names, ", ")
}

// Result is what one run produced.
type Result struct {
	// Files maps the absolute path of every generated file to its contents:
	// the generated files, and the hooks files that get new stubs (their
	// existing contents kept, the stubs appended). It is empty when
	// Diagnostics hold an error.
	Files map[string][]byte
	// Obsolete are files that a run like this one (same output name, same
	// build tags) wrote before, in packages that no longer have any tool
	// for it; they should be removed. Another run's file is never here.
	Obsolete []string
	// Diagnostics are every problem found, sorted by position.
	Diagnostics []Diagnostic
	// Timings are the durations of the phases, in order.
	Timings []Timing

	pkgs []*pkgModel // the packages with tools, sorted by import path
	dir  string      // Config.Dir, which manifest positions are relative to
}

// Timing is the duration of one phase of a run.
type Timing struct {
	Phase    string
	Duration time.Duration
}

// Generate loads the packages of cfg and generates their tool files. An
// error means the run could not happen at all (the go command failed, say);
// problems in the user's code are Diagnostics.
func Generate(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Dir == "" {
		cfg.Dir = "."
	}
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, err
	}
	cfg.Dir = dir
	if len(cfg.Patterns) == 0 {
		cfg.Patterns = []string{"."}
	}
	set, err := newTagSet(cfg.Tags)
	if err != nil {
		return nil, err
	}
	cfg.Tags = set.tags
	output, hooks, _ := OutputNames(set.tags)
	cfg.Output = cmp.Or(cfg.Output, output)
	cfg.HooksOutput = cmp.Or(cfg.HooksOutput, hooks)
	for _, name := range []string{cfg.Output, cfg.HooksOutput} {
		if filepath.Base(name) != name || filepath.Ext(name) != ".go" || strings.HasSuffix(name, "_test.go") {
			return nil, fmt.Errorf("output %q: want a file name ending in .go (not _test.go), with no directory", name)
		}
	}
	if cfg.Output == cfg.HooksOutput {
		return nil, fmt.Errorf("the generated file and the hooks file are both %q", cfg.Output)
	}
	for _, d := range cfg.Dialects {
		if !slices.Contains(schema.Dialects(), d) {
			return nil, fmt.Errorf("dialect %q: want one of %s", d, dialectNames())
		}
	}

	res := &Result{Files: map[string][]byte{}, dir: cfg.Dir}
	clock := time.Now()
	phase := func(name string) {
		now := time.Now()
		res.Timings = append(res.Timings, Timing{name, now.Sub(clock)})
		clock = now
	}

	l, err := load(ctx, &cfg)
	if err != nil {
		return nil, err
	}
	phase("load")

	g := newGen(l, &cfg, set)
	g.find()
	g.claimOutputs()
	res.pkgs = g.packages()
	phase("find")
	// The dialect checks run beside the rendering (dialects waits for
	// them and reports), which a run with errors does without.
	dialects := g.schemas()
	g.reportPackageErrors()
	phase("schema")

	if HasErrors(g.diags.sorted()) {
		dialects()
		res.Diagnostics = g.diags.sorted()
		return res, nil
	}
	for _, p := range res.pkgs {
		src, err := render(p)
		if err != nil {
			return nil, err
		}
		res.Files[filepath.Join(p.Dir, cfg.Output)] = src
		if len(p.Stubs) > 0 {
			path := filepath.Join(p.Dir, cfg.HooksOutput)
			existing, err := os.ReadFile(path)
			if err != nil && !errors.Is(err, os.ErrNotExist) {
				return nil, err
			}
			hooks, err := renderHooks(p, existing)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			res.Files[path] = hooks
		}
	}
	for _, f := range g.previousOutputs() {
		if _, ok := res.Files[f]; !ok {
			res.Obsolete = append(res.Obsolete, f)
		}
	}
	slices.Sort(res.Obsolete)
	phase("render")
	dialects()
	phase("dialects")
	res.Diagnostics = g.diags.sorted()
	if HasErrors(res.Diagnostics) {
		// An error of a dialect the run names (-dialects, strict).
		res.Files, res.Obsolete = map[string][]byte{}, nil
	}
	return res, nil
}
