// Command toolgen turns Go functions marked with a //tool: directive into
// typed LLM tools at build time. Run by go generate, from a line
//
//	//go:generate go tool toolgen
//
// in each package with tools, it writes tools_gen.go beside the package's
// sources: the JSON Schemas of every tool's input and output, computed from
// the Go types and their doc comments, a Spec and a constructor per tool,
// and Tools(), the package's tools by key.
//
// Usage:
//
//	toolgen [flags] [packages]
//
// toolgen -h lists the flags. The manual (adding toolgen to a module, the
// flags, diagnostics, -check, the -json manifest, build tags) is
// https://github.com/toolgen-go/toolgen/blob/main/docs/cli.md; the
// directive, its options and the hooks are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/writing-tools.md.
package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/toolgen-go/toolgen/generator"
	"github.com/toolgen-go/toolgen/schema"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

// run is the whole command, testable without a process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("toolgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	output := fs.String("output", "", "file name per package (default "+generator.DefaultOutput+"; with -tags, tools_<tags>_gen.go)")
	hooks := fs.String("hooks", "", "file name per package for hook stubs, user-owned (default "+generator.DefaultHooksOutput+"; with -tags, tools_<tags>_hooks.go)")
	check := fs.Bool("check", false, "write nothing; exit 1 naming each file that is missing, stale or obsolete, with a unified diff of each stale one on stdout")
	manifest := fs.Bool("json", false, "write nothing; print the manifest of the run's tools and structured outputs as JSON")
	tags := fs.String("tags", "", "comma-separated build tags: write the tools that exist only with them, into a file of their own")
	var dialects []schema.Dialect
	fs.Func("dialects", "comma-separated `list` of the dialects the tools are sent in (standard, openai-strict, gemini, anthropic): what they cannot express is an error, the others are not checked", func(list string) (err error) {
		dialects, err = generator.ParseDialects(list)
		return err
	})
	verbose := fs.Bool("v", false, "print the time of each phase on stderr")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: toolgen [flags] [packages]\n\n"+
			"toolgen generates typed LLM tools from functions marked //tool:<id>.\n"+
			"Packages default to \".\". The manual: https://github.com/toolgen-go/toolgen/blob/main/docs/cli.md\n\nflags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if *check && *manifest {
		fmt.Fprintln(stderr, "toolgen: -check and -json cannot be used together")
		return exitUsage
	}
	tagList, err := generator.ParseTags(*tags)
	if err != nil {
		fmt.Fprintf(stderr, "toolgen: -tags %q: %v\n", *tags, err)
		return exitUsage
	}
	defaultOutput, defaultHooks, err := generator.OutputNames(tagList)
	if err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return exitUsage
	}
	for _, f := range []struct{ flag, name string }{{"output", *output}, {"hooks", *hooks}} {
		if f.name == "" {
			continue
		}
		if filepath.Base(f.name) != f.name || filepath.Ext(f.name) != ".go" || strings.HasSuffix(f.name, "_test.go") {
			fmt.Fprintf(stderr, "toolgen: -%s %q: want a file name ending in .go (not _test.go), with no directory\n", f.flag, f.name)
			return exitUsage
		}
	}
	if cmp.Or(*output, defaultOutput) == cmp.Or(*hooks, defaultHooks) {
		fmt.Fprintf(stderr, "toolgen: -output and -hooks are both %q\n", cmp.Or(*output, defaultOutput))
		return exitUsage
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return exitFail
	}
	cfg := generator.Config{Dir: wd, Patterns: fs.Args(), Tags: tagList, Output: *output, HooksOutput: *hooks, Dialects: dialects}
	res, err := generator.Generate(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return exitFail
	}
	if *verbose {
		for _, t := range res.Timings {
			fmt.Fprintf(stderr, "toolgen: %-7s %v\n", t.Phase, t.Duration.Round(10_000))
		}
	}
	for _, d := range res.Diagnostics {
		fmt.Fprintln(stderr, d.Format(wd))
	}
	if generator.HasErrors(res.Diagnostics) {
		return exitFail
	}
	switch {
	case *manifest:
		data, err := json.MarshalIndent(res.Manifest(), "", "  ")
		if err != nil {
			fmt.Fprintln(stderr, "toolgen:", err)
			return exitFail
		}
		stdout.Write(append(data, '\n'))
		return exitOK
	case *check:
		stale := staleFiles(res)
		for _, f := range stale {
			fmt.Fprintf(stderr, "%s: %s\n", rel(wd, f.path), f.why)
			if f.old != nil {
				// Labelled as go mod tidy -diff labels its diff.
				name := filepath.ToSlash(rel(wd, f.path))
				stdout.Write(diff.Diff("current/"+name, f.old, "generated/"+name, res.Files[f.path]))
			}
		}
		if len(stale) > 0 {
			fmt.Fprintln(stderr, "toolgen: generated files are out of date; run go generate")
			return exitFail
		}
		return exitOK
	}
	if err := writeFiles(res); err != nil {
		fmt.Fprintln(stderr, "toolgen:", err)
		return exitFail
	}
	return exitOK
}

// staleFile is a file that differs from what the run generates: why says
// how, and old holds what is on disk when the file is stale.
type staleFile struct {
	path, why string
	old       []byte
}

// staleFiles compares the result with the disk.
func staleFiles(res *generator.Result) []staleFile {
	var out []staleFile
	for _, path := range sortedKeys(res.Files) {
		old, err := os.ReadFile(path)
		switch {
		case errors.Is(err, os.ErrNotExist):
			out = append(out, staleFile{path: path, why: "missing"})
		case err != nil:
			out = append(out, staleFile{path: path, why: err.Error()})
		case string(old) != string(res.Files[path]):
			out = append(out, staleFile{path: path, why: "stale", old: old})
		}
	}
	for _, path := range res.Obsolete {
		out = append(out, staleFile{path: path, why: "obsolete: the package has no tools for this run any more"})
	}
	return out
}

// writeFiles writes every changed file atomically and removes obsolete ones.
func writeFiles(res *generator.Result) error {
	for _, path := range sortedKeys(res.Files) {
		data := res.Files[path]
		if old, err := os.ReadFile(path); err == nil && string(old) == string(data) {
			continue
		}
		if err := writeAtomic(path, data); err != nil {
			return err
		}
	}
	for _, path := range res.Obsolete {
		if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// writeAtomic writes data to a temporary file beside path and renames it
// over path, so that a reader never sees half a file.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func rel(dir, path string) string {
	if r, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return path
}
