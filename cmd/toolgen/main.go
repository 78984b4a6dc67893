// Command toolgen turns Go functions into typed LLM tools at build time.
//
// Mark a function that takes a context and an input struct and returns an
// output and an error with a //tool: directive in its doc comment:
//
//	// GetWeather fetches the current weather for a location.
//	//
//	//tool:weather-tool key=weatherTool
//	func GetWeather(ctx context.Context, in WeatherInput) (WeatherOutput, error)
//
// and add, once per package,
//
//	//go:generate go tool toolgen
//
// with `tool github.com/toolgen-go/toolgen/cmd/toolgen` in go.mod. Then
// `go generate ./...` writes tools_gen.go beside the package's sources: the
// JSON Schemas of every tool's input and output, computed from the Go types
// and their doc comments (one constant per distinct schema, shared by the
// tools that use it), a Spec and a constructor per tool (GetWeatherTool),
// and Tools(), which returns the package's tools by key, new ones in a new
// map on every call. Methods are tools too: (*Service).Lookup gives
// ServiceLookupTool(r) and ServiceTools(r).
//
// Usage:
//
//	toolgen [flags] [packages]
//
// Packages are go/packages patterns and default to ".", the package that
// go generate runs in. The flags are:
//
//	-output NAME   file name per package (default tools_gen.go;
//	               with -tags, tools_<tags>_gen.go)
//	-hooks NAME    file name per package for hook stubs (default tools_hooks.go;
//	               with -tags, tools_<tags>_hooks.go)
//	-check         write nothing; exit 1 naming each file that is missing, stale
//	               or obsolete, with a unified diff of each stale one on stdout
//	-json          write nothing; print the manifest of the run's tools and
//	               structured outputs as JSON (see The manifest)
//	-tags LIST     comma-separated build tags: write the tools that exist only
//	               with them, into a file of their own (see Build tags)
//	-dialects LIST comma-separated dialects the tools are sent in (standard,
//	               openai-strict, gemini, anthropic): what they cannot express
//	               is an error, and the others are not checked
//	-v             print the time of each phase on stderr
//
// The directive is
//
//	//tool:<id> [option ...]
//
// where <id> matches [a-z0-9][a-zA-Z0-9_-]{0,63} and an option is a flag or
// name=value, the value a bare word or a Go quoted string:
//
//	key=<name>     the tool's key in the Toolset: the name the model sees (default: the id)
//	title="…"      a short human-readable title
//	desc="…"       the description, instead of the doc comment
//	approval       every call needs approval
//	strict         ask for the OpenAI strict dialect
//	background     calls run in the background: the model gets a task handle
//	               at once and the result at a later step (Spec.Background)
//	readonly, destructive, idempotent, openworld
//	               MCP tool annotations: the word alone or name=true sets the
//	               hint, name=false sets it to false (openworld=false: offline
//	               data); without the option it is unset, MCP's default applies
//	               (readOnly false, destructive true, idempotent false, openWorld
//	               true); readonly with destructive is an error
//	suspend=<type> resume=<type>
//	               struct types of the package: a call may suspend itself with a
//	               payload of the first (tool.Suspend) and resumes with data
//	               of the second (tool.ResumeData); their schemas go into the
//	               Spec, and the constructor wraps the tool in tool.WithSuspend
//	model=<func>   a hook that shapes what the model sees of the output:
//	               func(ctx context.Context, in In, out Out) (llm.ModelOutput, error)
//	display=<func>, transcript=<func>
//	               hooks that return what a display or a transcript sees, per phase:
//	               func() tool.Transforms[In, Out]
//	oninputstart=<func>, oninputdelta=<func>, oninputavailable=<func>, onoutput=<func>
//	               lifecycle hooks (Mastra's onInputStart, onInputDelta,
//	               onInputAvailable, onOutput) that the agent loop calls as the
//	               model streams a call's arguments, once they are valid, and
//	               after a successful run; an error they return is logged:
//	               func(ctx context.Context, call tool.HookCall) error
//	               func(ctx context.Context, call tool.HookCall, delta string) error
//	               func(ctx context.Context, call tool.HookCall, in In) error
//	               func(ctx context.Context, call tool.HookCall, out Out) error
//
// A hook function that does not exist yet gets a stub in tools_hooks.go, a
// file that belongs to you: toolgen creates it, or appends to it, and never
// changes what is already there. The stub does what toolgen does without
// the hook, so the program behaves the same until you edit it. A hook with the
// wrong signature is an error at the hook, showing the signature it needs.
// Hooks can also be set in code: the constructors return a typed
// *tool.Func[In, Out], so GetWeatherTool().WithModelOutput(f) is checked by
// the compiler.
//
// Every tool's input is checked against each provider's dialect of JSON
// Schema: what one cannot express (a free-form map for Gemini, say) is a
// warning that names the dialect and the field; with -dialects, an error
// for the dialects listed, and nothing for the others. A tool marked strict
// must fit OpenAI strict mode in any case.
//
// Warnings also point out structs without json tags (their fields become
// required properties under their Go names), fields that embedded fields
// cancel, invopop schema hooks (JSONSchema, JSONSchemaExtend, …) and
// protobuf enum descriptors, which toolgen does not read, and hook stubs
// that no directive names any more. A problem in another module's type is
// reported at your field or signature that reaches it.
//
// Problems are printed as path:line:col: message, sorted, all of them in one
// run; a run with any error writes no file. Files are written atomically and
// only when their contents change. Every file whose first line is toolgen's
// header is ignored while loading, whatever its name, so renaming or removing
// a tool never leaves toolgen stuck on a stale output; a package that no
// longer has tools for a run loses that run's file.
//
// # Structured outputs
//
// The same directive on a type declaration declares the schema of a
// structured output: the typed object a run ends with, which the model
// answers with instead of text.
//
//	// Report is the answer of a code review.
//	//
//	//tool:report strict
//	type Report struct {
//		// Summary is one paragraph.
//		Summary  string    `json:"summary"`
//		Findings []Finding `json:"findings"`
//	}
//
// gives, in the same tools_gen.go (created for a package that has only
// outputs), the type's schema as a constant (shared with the tools whose
// input or output has the same schema) and
//
//	// ReportSchema is the structured output schema of Report: pass it to agent.WithOutput.
//	var ReportSchema = tool.NewOutput[Report](tool.OutputSpec{…})
//
// which agent.WithOutput(ReportSchema) takes, and agent.Object[Report]
// reads the run's object with. The schema follows the rules of a tool's
// input: descriptions from doc and line comments, enums, optional fields,
// the same errors at the field for types with no JSON form. The description
// is the type's doc comment as plain text, directive lines removed (the
// type's name is kept: "Report is the answer…" reads as a sentence), or
// desc=. A type takes two options:
//
//	desc="…"       the description, instead of the doc comment
//	strict         ask providers to hold the answer to the schema exactly
//	               (OpenAI strict mode): a schema that strict mode cannot
//	               express is an error at the option
//
// The type must be a struct type (the object is a JSON object) without
// type parameters, not an alias; it needs a description; output ids are
// distinct within a package; and the package must not declare the
// variable's name, <Type>Schema, itself. What a provider's dialect cannot
// express of the schema is a warning, as for a tool's input (an error with
// -dialects). A directive on a var, a const or a group of types (type ( … ))
// rather than on one type of the group is an error.
//
// # The manifest
//
// -json prints one array with an entry per tool and per structured output,
// package by package, the tools first, each kind in source order. Every
// entry has kind ("tool" or "output"), package, id, description, options
// (the directive's, flags mapped to "") and position (path:line:col of the
// function's or type's name). A tool's entry adds func, key, title,
// inputSchema, outputSchema, suspendSchema and resumeSchema, annotations
// (the MCP hints set), constructor, toolset and inputDialects (its input
// in each provider's dialect, or why not); an output's adds type (the Go
// type's name), schema, var (the generated variable) and dialects (its
// schema in each provider's dialect, or why not).
//
// -check compares what the run would write with the disk. It names each file
// that is missing, stale or obsolete on stderr, prints a unified diff of each
// stale file on stdout (labelled current/PATH and generated/PATH, as go mod
// tidy -diff labels its own), and exits 1 if there is any.
//
// # Build tags
//
// A tool in a file behind a build constraint, such as //go:build enterprise,
// exists only in the builds with the tag. toolgen without -tags writes
// tools_gen.go with the tools of the build without tags and no constraint,
// so every build compiles it. A second run, toolgen -tags enterprise, writes
// the tools that only the build with the tag has into tools_enterprise_gen.go,
// whose //go:build line requires the tags (-tags enterprise,beta: file
// tools_beta_enterprise_gen.go, line //go:build beta && enterprise), and names
// its toolsets after them: EnterpriseTools(), and ServiceEnterpriseTools(r) for
// the methods of Service. Tools() is the same in every build, and nothing
// registers itself at initialization: a build with the tag joins the two with
// tool.Merge(Tools(), EnterpriseTools()), for example in a function of
// yours declared twice, in a file behind //go:build enterprise and in one
// behind //go:build !enterprise. Run both from a file without constraint:
//
//	//go:generate go tool toolgen
//	//go:generate go tool toolgen -tags enterprise
//
// A tool that both builds have, even from two files (one behind
// !enterprise, one behind enterprise), belongs to the run without tags. One
// that the build without the tags has and the build with them lacks is an
// error of the run with tags, since tools_gen.go would not compile there.
// Hook stubs of the tagged tools go into tools_enterprise_hooks.go, behind
// the tag. A run writes and removes only its own file: a file of its name that
// is the user's, or another run's (another //go:build line, or none), is an
// error, as is a name that another run's output, compiled in the same build,
// declares already. -check and -json with -tags cover that run's file only,
// so a project checks each build it ships:
//
//	toolgen -check ./... && toolgen -check -tags enterprise ./...
//
// Exit status: 0 done, 1 diagnostics or stale files, 2 usage.
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
			"Packages default to \".\". Run 'go doc github.com/toolgen-go/toolgen/cmd/toolgen' for the manual.\n\nflags:\n")
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
