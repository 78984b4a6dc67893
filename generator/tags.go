package generator

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/annotations"
)

// A run with build tags writes the tools that exist only under those tags:
// the tools of the build with the tags that the build without them does
// not have. They go into a file of their own, whose //go:build line is the
// tags, beside the output of the run without tags, which every build
// compiles. So every build compiles: the one without the tags sees only
// tools_gen.go, the one with them both files. The tagged file's toolsets
// are named after the tags (EnterpriseTools, ServiceEnterpriseTools), so
// that they never clash with Tools and ServiceTools.

// tagSet is the build tags of a run and the names they give its output.
type tagSet struct {
	// tags are sorted and distinct; none for a run without tags.
	tags []string
	// name is the infix of the tagged file's toolset functions, such as
	// Enterprise in EnterpriseTools; "" without tags.
	name string
	// build is the expression of the tagged file's //go:build line, such
	// as "beta && enterprise"; "" without tags.
	build string
}

func newTagSet(tags []string) (tagSet, error) {
	tags, err := normalTags(tags)
	if err != nil {
		return tagSet{}, err
	}
	if len(tags) == 0 {
		return tagSet{}, nil
	}
	var name strings.Builder
	for _, tag := range tags {
		for part := range strings.FieldsFuncSeq(tag, func(r rune) bool { return r == '_' || r == '.' }) {
			name.WriteString(upperFirst(part))
		}
	}
	s := tagSet{tags: tags, name: name.String(), build: strings.Join(tags, " && ")}
	if first, _ := utf8.DecodeRuneInString(s.name); !unicode.IsLetter(first) {
		s.name = "Tag" + s.name
	}
	return s, nil
}

// ParseTags splits a comma-separated list of build tags, as the go
// command's -tags flag takes them, and checks each: a tag is made of
// letters, digits, '_' and '.'. The tags come back sorted and distinct.
func ParseTags(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	tags := strings.Split(list, ",")
	for i := range tags {
		tags[i] = strings.TrimSpace(tags[i])
	}
	return normalTags(tags)
}

func normalTags(tags []string) ([]string, error) {
	out := make([]string, 0, len(tags))
	for _, tag := range tags {
		if !validTag(tag) {
			return nil, fmt.Errorf("build tag %q: want letters, digits, '_' and '.', separated by commas", tag)
		}
		out = append(out, tag)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// validTag reports whether tag is a build tag: letters, digits, '_' and
// '.', as go/build/constraint takes them.
func validTag(tag string) bool {
	if tag == "" {
		return false
	}
	for _, r := range tag {
		if !(r == '_' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// OutputNames are the default names of the generated file and of the hooks
// file of a run with tags: [DefaultOutput] and [DefaultHooksOutput]
// without tags, tools_<tags>_gen.go and tools_<tags>_hooks.go with them,
// the tags sorted and joined by '_' (tools_enterprise_gen.go). The names
// end in _gen.go and _hooks.go, never in a suffix such as _linux.go or
// _test.go that the go command would read as a constraint of its own.
func OutputNames(tags []string) (output, hooks string, err error) {
	tags, err = normalTags(tags)
	if err != nil {
		return "", "", err
	}
	if len(tags) == 0 {
		return DefaultOutput, DefaultHooksOutput, nil
	}
	base := "tools_" + strings.Join(tags, "_")
	return base + "_gen.go", base + "_hooks.go", nil
}

// toolKey identifies a tool across builds: its receiver type and its
// function's name. A tool that both builds have is written by the run
// without tags, whichever file declares it in each build.
func toolKey(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := ast.Unparen(fd.Recv.List[0].Type)
	if star, ok := t.(*ast.StarExpr); ok {
		t = ast.Unparen(star.X)
	}
	switch x := t.(type) { // a generic receiver, which cannot be a tool
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// untaggedContext is the build the go command makes without -tags, for the
// environment of the run.
func untaggedContext(env []string) build.Context {
	ctx := build.Default
	ctx.BuildTags = nil
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "GOOS":
			ctx.GOOS = v
		case "GOARCH":
			ctx.GOARCH = v
		case "CGO_ENABLED":
			ctx.CgoEnabled = v == "1"
		}
	}
	return ctx
}

// splitByBuild, in a run with tags, marks the tools of ps that the build
// without the tags has too: the run without tags writes them. A tool that
// the build without the tags has but the build with them does not (one in
// a file behind //go:build !enterprise, say) is an error, since the output
// of the run without tags, which both builds compile, refers to it.
func (g *gen) splitByBuild(ps *pkgState) {
	if len(g.set.tags) == 0 {
		return
	}
	ctx := untaggedContext(g.cfg.Env)
	matched := map[string]bool{}
	untagged := func(file string) bool {
		ok, seen := matched[file]
		if !seen {
			var err error
			ok, err = ctx.MatchFile(filepath.Dir(file), filepath.Base(file))
			ok = ok && err == nil
			matched[file] = ok
		}
		return ok
	}
	inUntagged := map[string]bool{}
	tagged := map[string]bool{}
	for _, ts := range ps.tools {
		key := toolKey(ts.decl)
		tagged[key] = true
		if untagged(g.l.fset.File(ts.decl.Pos()).Name()) {
			inUntagged[key] = true
		}
	}
	for _, st := range ps.structured {
		key := typeKey(st.name.Name)
		tagged[key] = true
		if untagged(g.l.fset.File(st.name.Pos()).Name()) {
			inUntagged[key] = true
		}
	}
	for _, file := range ps.pkg.IgnoredFiles {
		if !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go") || !untagged(file) {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil || bytes.HasPrefix(src, []byte(Header+"\n")) {
			continue
		}
		f, err := parser.ParseFile(g.l.fset, file, src, parseMode)
		if err != nil {
			continue // the run without tags reports it
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || !hasDirective(fd.Doc) {
				continue
			}
			key := toolKey(fd)
			inUntagged[key] = true
			if !tagged[key] {
				g.diags.errorf(fd.Name.Pos(), msgUntaggedOnly, fd.Name.Name, strings.Join(g.set.tags, ","))
			}
		}
		for doc, spec := range typeDocs(f) {
			if !hasDirective(doc) {
				continue
			}
			key := typeKey(spec.Name.Name)
			inUntagged[key] = true
			if !tagged[key] {
				g.diags.errorf(spec.Name.Pos(), msgUntaggedOnlyType, spec.Name.Name, strings.Join(g.set.tags, ","))
			}
		}
	}
	for _, ts := range ps.tools {
		ts.untagged = inUntagged[toolKey(ts.decl)]
	}
	for _, st := range ps.structured {
		st.untagged = inUntagged[typeKey(st.name.Name)]
	}
}

// typeKey identifies a structured output across builds by its type's
// name, as toolKey does a tool; no tool key has a space.
func typeKey(name string) string { return "type " + name }

// hasDirective reports whether a doc comment holds a //tool: directive.
func hasDirective(doc *ast.CommentGroup) bool {
	return slices.ContainsFunc(doc.List, func(c *ast.Comment) bool { return annotations.IsDirective(c.Text) })
}

// declaredNames are the package-level names that a Go file declares.
func declaredNames(f *ast.File) []string {
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return names
}

// outputOwner checks that the file at path, if there is one, is toolgen's
// output of a run with the tags of s, which may rewrite or remove it.
// Otherwise it returns why not: the file is the user's, or belongs to the
// run of other tags.
func (s tagSet) outputOwner(path string) (mine bool, why string) {
	src, err := os.ReadFile(path)
	if err != nil {
		return true, "" // no file yet; a read error comes back on writing
	}
	if !bytes.HasPrefix(src, []byte(Header+"\n")) {
		return false, "it is not toolgen's output (its first line is not " + Header + ")"
	}
	build := fileBuild(src)
	if build == s.build {
		return true, ""
	}
	if build == "" {
		return false, "it has no //go:build line, so it is the output of toolgen without -tags (or of a toolgen older than -tags files)"
	}
	return false, "it is the output of another toolgen run (//go:build " + build + ")"
}

// fileBuild is the expression of the //go:build line of src, "" when it
// has none.
func fileBuild(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return ""
	}
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if constraint.IsGoBuild(c.Text) {
				if x, err := constraint.Parse(c.Text); err == nil {
					return x.String()
				}
			}
		}
	}
	return ""
}

// claimOutputs checks that this run may write or remove the output of each
// package: a file of that name must be an output of toolgen with the same
// tags (the same //go:build line, or none). Another run's file, or the
// user's, is an error when the run would write it, and left alone when the
// run would remove it. Hook stubs of a run with tags go only into a hooks
// file that is compiled with the tags alone.
func (g *gen) claimOutputs() {
	for _, ps := range g.pkgs {
		if ps.model == nil && ps.previous == "" {
			continue
		}
		path := ps.previous
		if ps.model != nil {
			path = filepath.Join(ps.model.Dir, g.cfg.Output)
		}
		if mine, why := g.set.outputOwner(path); !mine {
			if ps.model != nil {
				g.diags.add(token.Position{Filename: path, Line: 1, Column: 1}, annotations.Error, fmt.Sprintf(msgNotOwnOutput, filepath.Base(path), why))
			}
			ps.previous = ""
		}
		if ps.model == nil || len(ps.stubs) == 0 || g.set.build == "" {
			continue
		}
		hooks := filepath.Join(ps.model.Dir, g.cfg.HooksOutput)
		if src, err := os.ReadFile(hooks); err == nil && fileBuild(src) == "" {
			g.diags.add(token.Position{Filename: hooks, Line: 1, Column: 1}, annotations.Error, fmt.Sprintf(msgUntaggedHooks, filepath.Base(hooks), strings.Join(g.set.tags, ",")))
		}
	}
}
