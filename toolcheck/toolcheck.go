// Package toolcheck is toolgen's checks as a go/analysis Analyzer: the
// problems that `go tool toolgen` reports in //tool: directives and the
// functions and types they mark, reported by go vet, golangci-lint and any
// other driver of analyzers at the line where they are, while the code is
// written rather than when it is generated.
//
// The checks are the generator's own ([generator.Check]); only what needs
// the go command or the disk is left to toolgen itself: whether
// tools_gen.go is up to date (toolgen -check) and the outputs of other
// toolgen runs. Run it with go vet through cmd/toolgen-vet, or in
// golangci-lint through the module plugin of toolcheck/golangci; see
// docs/vet.md.
package toolcheck

import (
	"flag"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolgen-go/toolgen/annotations"
	"github.com/toolgen-go/toolgen/generator"
	"github.com/toolgen-go/toolgen/schema"
)

// doc is the Analyzer's documentation, as toolgen-vet -help prints it.
const doc = `check toolgen's //tool: directives and the tools they declare

The toolgen analyzer reports what "go tool toolgen" would: misplaced or
malformed //tool: directives, tool functions without the accepted
signature or without a description, input and output types with no JSON
form (channels, functions, complex numbers, maps with keys that are not
strings or integers), bad json and jsonschema tags, hooks with the wrong
signature, and the names the generated file would declare twice. Each is
reported at the line at fault, with toolgen's message. Warnings, which do
not stop toolgen, start with "warning: "; -warnings=false leaves them out.
Whether tools_gen.go is up to date is toolgen -check's job, not this one's.

See https://github.com/toolgen-go/toolgen/blob/main/docs/vet.md.`

// Analyzer reports toolgen's diagnostics. Its flags are -dialects, as
// toolgen's, and -warnings (default true).
var Analyzer = New(Options{})

// Options configure an Analyzer made by [New].
type Options struct {
	// Dialects are the dialects the tools are sent in, as toolgen's
	// -dialects flag names them: what they cannot express is an error,
	// and the other dialects are not checked. With none, what any
	// provider's dialect cannot express is a warning.
	Dialects []schema.Dialect
	// NoWarnings leaves out the diagnostics that toolgen reports as
	// warnings.
	NoWarnings bool
}

// New returns an Analyzer named "toolgen" with opts as the defaults of its
// flags, for drivers that configure analyzers in code, such as
// golangci-lint's module plugins.
func New(opts Options) *analysis.Analyzer {
	c := &config{opts: opts}
	a := &analysis.Analyzer{
		Name: "toolgen",
		Doc:  doc,
		URL:  "https://github.com/toolgen-go/toolgen/blob/main/docs/vet.md",
		Run:  c.run,
	}
	a.Flags.Var(dialectsFlag{&c.opts.Dialects}, "dialects",
		"comma-separated dialects the tools are sent in (standard, openai-strict, gemini, anthropic): what they cannot express is an error")
	a.Flags.Var(warningsFlag{&c.opts.NoWarnings}, "warnings", "report toolgen's warnings too")
	return a
}

// config is the state of one Analyzer: its options, which its flags set.
type config struct {
	opts Options
}

func (c *config) run(pass *analysis.Pass) (any, error) {
	pkg := &generator.Package{
		Fset:      pass.Fset,
		Files:     pass.Files,
		Types:     pass.Pkg,
		TypesInfo: pass.TypesInfo,
	}
	if pass.Module != nil {
		pkg.ModulePath = pass.Module.Path
	}
	diags, err := generator.Check(pkg, generator.CheckOptions{Dialects: c.opts.Dialects})
	if err != nil {
		return nil, err
	}
	at := newPositions(pass)
	for _, d := range diags {
		if d.Severity == annotations.Warning && c.opts.NoWarnings {
			continue
		}
		pass.Report(diagnostic(d, at))
	}
	return nil, nil
}

// diagnostic is d as an analysis diagnostic: warnings say "warning: ", as
// toolgen prints them, and notes are related information.
func diagnostic(d generator.Diagnostic, at *positions) analysis.Diagnostic {
	msg := d.Message
	if d.Severity == annotations.Warning {
		msg = "warning: " + msg
	}
	out := analysis.Diagnostic{Pos: at.pos(d.Pos), Message: msg}
	for _, n := range d.Notes {
		out.Related = append(out.Related, analysis.RelatedInformation{Pos: at.pos(n.Pos), Message: n.Message})
	}
	return out
}

// positions turns the positions of generator.Check back into token.Pos
// values of the pass's FileSet.
type positions struct {
	pass  *analysis.Pass
	files map[string]*token.File // by name: the pass's files, then any other looked up
	all   bool                   // files holds every file of the FileSet
}

func newPositions(pass *analysis.Pass) *positions {
	p := &positions{pass: pass, files: map[string]*token.File{}}
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil {
			p.files[tf.Name()] = tf
		}
	}
	return p
}

// pos returns the token.Pos of position, which names a line and column of
// a file of the FileSet, unadjusted by //line directives. A position
// without a file is the package clause of the pass's first file, where a
// driver can still show it.
func (p *positions) pos(position token.Position) token.Pos {
	tf := p.file(position.Filename)
	if tf == nil {
		if len(p.pass.Files) > 0 {
			return p.pass.Files[0].Package
		}
		return token.NoPos
	}
	if position.Line < 1 || position.Line > tf.LineCount() {
		return token.Pos(tf.Base())
	}
	pos := tf.LineStart(position.Line)
	if position.Column > 1 {
		// Columns count bytes from 1; stay on the line.
		end := token.Pos(tf.Base() + tf.Size())
		if position.Line < tf.LineCount() {
			end = tf.LineStart(position.Line+1) - 1
		}
		pos = min(pos+token.Pos(position.Column-1), end)
	}
	return pos
}

// file returns the file of the FileSet named name, or nil.
func (p *positions) file(name string) *token.File {
	if name == "" {
		return nil
	}
	if tf, ok := p.files[name]; ok || p.all {
		return tf
	}
	p.all = true
	p.pass.Fset.Iterate(func(tf *token.File) bool {
		if _, ok := p.files[tf.Name()]; !ok {
			p.files[tf.Name()] = tf
		}
		return true
	})
	return p.files[name]
}

// dialectsFlag is the -dialects flag: a comma-separated list, as toolgen's.
type dialectsFlag struct{ list *[]schema.Dialect }

func (f dialectsFlag) String() string {
	if f.list == nil {
		return ""
	}
	var names []string
	for _, d := range *f.list {
		names = append(names, string(d))
	}
	return strings.Join(names, ",")
}

func (f dialectsFlag) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		*f.list = nil
		return nil
	}
	list, err := generator.ParseDialects(s)
	if err != nil {
		return err
	}
	*f.list = list
	return nil
}

// warningsFlag is the -warnings flag, the negation of Options.NoWarnings.
type warningsFlag struct{ no *bool }

func (f warningsFlag) String() string {
	if f.no == nil {
		return "true"
	}
	if *f.no {
		return "false"
	}
	return "true"
}

func (f warningsFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*f.no = !v
	return nil
}

// IsBoolFlag lets -warnings stand alone, as a bool flag does.
func (warningsFlag) IsBoolFlag() bool { return true }

var (
	_ flag.Value = dialectsFlag{}
	_ flag.Value = warningsFlag{}
)
