package generator

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/toolgen-go/toolgen/schema"
)

// Package is one package that the caller parsed and type-checked, as a
// go/analysis Pass holds it, for [Check].
type Package struct {
	// Fset holds the positions of Files and of the types of TypesInfo.
	Fset *token.FileSet
	// Files are the package's files, parsed with comments. The outputs of
	// toolgen among them (files that start with [Header]) and test files
	// are not searched for directives.
	Files []*ast.File
	// Types and TypesInfo are the type checker's results for Files.
	// TypesInfo needs Defs, Uses, Types and Instances.
	Types     *types.Package
	TypesInfo *types.Info
	// ModulePath is the path of the module the package belongs to, ""
	// when it is unknown. A problem in a type of another module is
	// reported at the field of this package that reaches it.
	ModulePath string
}

// CheckOptions are the options of [Check].
type CheckOptions struct {
	// Dialects are as in [Config]: the dialects the tools are sent in,
	// whose limits are errors; with none, what any provider's dialect
	// cannot express is a warning.
	Dialects []schema.Dialect
}

// Check runs the checks of [Generate] on one package that the caller has
// type-checked, such as a go/analysis pass, and returns what they find,
// sorted by position: the same checks, by the same code, with the same
// messages, for the same directives, signatures, hooks, structured outputs
// and types. Positions ignore //line directives, so that they name the
// file the caller parsed.
//
// What Check leaves out is what needs the go command or the disk rather
// than the package: the type checker's errors (the caller has them), the
// outputs of other toolgen runs (other build tags, other -output names)
// and whether this run may write over tools_gen.go, and whether that file
// is up to date (toolgen -check). Unlike Generate, Check may be given a
// package whose outputs of toolgen were type-checked with it, as under go
// vet: their declarations are not taken for the user's (a Tools function
// there does not clash with the one toolgen would write), and what they
// use is not taken as used.
func Check(pkg *Package, opts CheckOptions) ([]Diagnostic, error) {
	if pkg == nil || pkg.Fset == nil || pkg.Types == nil || pkg.TypesInfo == nil {
		return nil, fmt.Errorf("generator.Check: the package needs a FileSet, Types and TypesInfo")
	}
	for _, d := range opts.Dialects {
		if !slices.Contains(schema.Dialects(), d) {
			return nil, fmt.Errorf("dialect %q: want one of %s", d, dialectNames())
		}
	}
	var files []*ast.File
	var names []string
	blanked := map[string]bool{}
	dir := ""
	for _, f := range pkg.Files {
		tf := pkg.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		name := tf.Name()
		if strings.HasSuffix(name, "_test.go") {
			continue // toolgen loads no tests
		}
		if dir == "" {
			dir = filepath.Dir(name)
		}
		if isOutput(f) {
			blanked[name] = true
		}
		files = append(files, f)
		names = append(names, name)
	}
	p := &packages.Package{
		ID:              pkg.Types.Path(),
		Name:            pkg.Types.Name(),
		PkgPath:         pkg.Types.Path(),
		Dir:             dir,
		Fset:            pkg.Fset,
		GoFiles:         names,
		CompiledGoFiles: names,
		Syntax:          files,
		Types:           pkg.Types,
		TypesInfo:       pkg.TypesInfo,
	}
	if pkg.ModulePath != "" {
		p.Module = &packages.Module{Path: pkg.ModulePath}
	}
	cfg := &Config{Dir: dir, Output: DefaultOutput, HooksOutput: DefaultHooksOutput, Dialects: opts.Dialects}
	l := &loaded{fset: pkg.Fset, pkgs: []*packages.Package{p}, blanked: blanked}
	g := newGen(l, cfg, tagSet{})
	g.diags.unadjusted = true
	g.find()
	g.schemas()()
	return g.diags.sorted(), nil
}

// isOutput reports whether f is an output of toolgen: its first line is
// [Header].
func isOutput(f *ast.File) bool {
	if len(f.Comments) == 0 {
		return false
	}
	c := f.Comments[0].List[0]
	return c.Slash == f.FileStart && c.Text == Header
}

// lookup returns the object that the package block of ps declares as name,
// or nil. The declarations of toolgen's outputs do not count: [Generate]
// hides them from the type checker, and a caller of [Check] may not.
func (g *gen) lookup(ps *pkgState, name string) types.Object {
	obj := ps.pkg.Types.Scope().Lookup(name)
	if obj == nil || g.inOutput(obj.Pos()) {
		return nil
	}
	return obj
}

// inOutput reports whether pos lies in one of toolgen's outputs.
func (g *gen) inOutput(pos token.Pos) bool {
	if !pos.IsValid() || len(g.l.blanked) == 0 {
		return false
	}
	f := g.l.fset.File(pos)
	return f != nil && g.l.blanked[f.Name()]
}
