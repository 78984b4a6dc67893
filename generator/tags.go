package generator

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/annotations"
)

// A run with build tags writes the tools that exist only under those tags
// into a file of its own, whose //go:build line is the tags
// (tools_enterprise_gen.go, //go:build enterprise), beside the output of
// the run without tags, which every build compiles. A build compiles the
// files of every run whose tags it has: the build with beta and enterprise
// compiles tools_gen.go, tools_beta_gen.go, tools_enterprise_gen.go and
// tools_beta_enterprise_gen.go. The runs may come in any order, and each
// reads only the sources: what a run writes is a function of the sources,
// never of the files that other runs wrote. Two rules keep the files of
// all runs apart in every build:
//
//   - A tool (or structured output) belongs to one run: of the runs whose
//     files a build with it compiles, the one with the fewest tags. The run
//     with tags T writes the tools of the build with T that no build with
//     only some of T has; the run without tags writes those of the build
//     without tags. A tool behind //go:build enterprise belongs to -tags
//     enterprise, not to -tags beta,enterprise; one that every build has,
//     even from two files (!enterprise and enterprise), to the run without
//     tags. A run finds the run of each tool of its build from the build
//     constraints of the package's files, never from generated files.
//   - No name that one run's file declares is declared by another's. The
//     constructors and Specs are named after the tools' functions, which
//     one build declares once; the toolsets after the tag set as well
//     (EnterpriseTools, ServiceEnterpriseTools, enterpriseToolset); and so
//     are the schema constants, whose name ends in the tag set's
//     (userSchemaEnterprise, where tools_gen.go has userSchema), so that
//     a file repeats a schema that another file has rather than refer to a
//     constant of a file that may not be written yet. A hook's stub is
//     written by the run of the tools that name it, or, when one of them
//     belongs to a run with fewer tags, by that run, into a hooks file that
//     the build compiles too.
//
// The run of a build reports, as errors, what would break these rules: a
// tool that a build with fewer tags has but this one does not (the file of
// the run with fewer tags, which this build compiles, refers to it); a tool
// of this run that a build without one of its tags may have too (behind
// //go:build enterprise || beta the runs of either tag would write it);
// a missing hook that tools of two such runs name.

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

// maxTags is the most build tags a run takes: its run finds its tools
// among the builds of every subset of them.
const maxTags = 12

func newTagSet(tags []string) (tagSet, error) {
	tags, err := normalTags(tags)
	if err != nil {
		return tagSet{}, err
	}
	if len(tags) > maxTags {
		return tagSet{}, fmt.Errorf("%d build tags: toolgen takes at most %d", len(tags), maxTags)
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
// function's name. A tool that several builds have is written by the run
// with the fewest tags, whichever file declares it in each build.
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

// subsets are the tag sets made of some of the tags of s, not all: the
// runs whose files every build with s compiles. The smallest come first,
// the set without tags the very first.
func (s tagSet) subsets() []tagSet {
	n := len(s.tags)
	var out []tagSet
	for bits := range 1<<n - 1 {
		var tags []string
		for i, tag := range s.tags {
			if bits&(1<<i) != 0 {
				tags = append(tags, tag)
			}
		}
		sub, _ := newTagSet(tags)
		out = append(out, sub)
	}
	slices.SortStableFunc(out, func(a, b tagSet) int { return len(a.tags) - len(b.tags) })
	return out
}

// flagString spells a run: "toolgen -tags beta,enterprise", or "toolgen
// without -tags".
func (s tagSet) flagString() string {
	if len(s.tags) == 0 {
		return "toolgen without -tags"
	}
	return "toolgen -tags " + strings.Join(s.tags, ",")
}

// buildFiles answers which builds compile a file of the package: go/build's
// MatchFile, in the environment of the run, with any build tags. It reads
// each file once.
type buildFiles struct {
	ctx build.Context
	src map[string][]byte
}

func newBuildFiles(env []string) *buildFiles {
	b := &buildFiles{ctx: untaggedContext(env), src: map[string][]byte{}}
	b.ctx.OpenFile = func(path string) (io.ReadCloser, error) {
		src, err := b.read(path)
		return io.NopCloser(bytes.NewReader(src)), err
	}
	return b
}

func (b *buildFiles) read(path string) ([]byte, error) {
	if src, ok := b.src[path]; ok {
		return src, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b.src[path] = src
	return src, nil
}

// compiles reports whether the build with tags compiles file.
func (b *buildFiles) compiles(file string, tags []string) bool {
	ctx := b.ctx
	ctx.BuildTags = tags
	ok, err := ctx.MatchFile(filepath.Dir(file), filepath.Base(file))
	return ok && err == nil
}

// firstSubset is the index in subs of the first tag set whose build
// compiles file, -1 if none does.
func (b *buildFiles) firstSubset(file string, subs []tagSet) int {
	return slices.IndexFunc(subs, func(s tagSet) bool { return b.compiles(file, s.tags) })
}

// withoutTag returns a tag of s that the build of file can do without: the
// build with the other tags of s, and with every other tag that the
// file's //go:build line names, compiles file. Such a file's declarations
// are in builds that the file of s is not compiled in, whose runs write
// them too (a tool behind //go:build beta || enterprise is in the build
// with beta and in the build with enterprise).
func (b *buildFiles) withoutTag(file string, s tagSet) (string, bool) {
	src, err := b.read(file)
	if err != nil {
		return "", false
	}
	var others []string
	if x := fileConstraint(src); x != nil {
		x.Eval(func(tag string) bool { // it calls ok for every tag
			if !slices.Contains(s.tags, tag) && !slices.Contains(others, tag) {
				others = append(others, tag)
			}
			return false
		})
	}
	for _, tag := range s.tags {
		tags := append(slices.DeleteFunc(slices.Clone(s.tags), func(t string) bool { return t == tag }), others...)
		if b.compiles(file, tags) {
			return tag, true
		}
	}
	return "", false
}

// declaration is a tool or a structured output declared in a file of the
// package, for splitByBuild: its key (toolKey, typeKey), its name and
// where it is.
type declaration struct {
	key, name, file string
	pos             token.Pos
	typ             bool // a structured output, not a tool
	own             bool // in the build of the run
}

// outsideHook is a hook that a tool of a file the run's build does not
// compile names, as splitByBuild finds it: the run writes no stub of it
// when a build with fewer tags compiles the file (lower), and reports one
// that a build without one of its tags compiles (without names that tag).
type outsideHook struct {
	name    string
	pos     token.Pos
	lower   bool
	without string
}

// splitByBuild, in a run with tags, finds for each tool and structured
// output of ps the run that writes it: the run whose tags are the fewest
// of the run's tags with which the tool exists, the first of the set's
// subsets whose build compiles one of the files that declare it. This run
// writes the others. It reports what would break the builds: a tool that a
// build with fewer tags has but this build does not (the output of the run
// with fewer tags, which this build compiles, refers to it); a tool of this
// run whose file a build without one of the tags compiles (another run,
// whose file a build may compile with this one's, would write it too).
func (g *gen) splitByBuild(ps *pkgState) {
	if len(g.set.tags) == 0 {
		return
	}
	files := newBuildFiles(g.cfg.Env)
	subs := g.set.subsets()
	var decls []declaration
	for _, ts := range ps.tools {
		decls = append(decls, declaration{key: toolKey(ts.decl), name: ts.decl.Name.Name, pos: ts.decl.Name.Pos(), own: true})
	}
	for _, st := range ps.structured {
		decls = append(decls, declaration{key: typeKey(st.name.Name), name: st.name.Name, pos: st.name.Pos(), typ: true, own: true})
	}
	for _, file := range ps.pkg.IgnoredFiles {
		if !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := files.read(file)
		if err != nil || bytes.HasPrefix(src, []byte(Header+"\n")) {
			continue
		}
		f, err := parser.ParseFile(g.l.fset, file, src, parseMode)
		if err != nil {
			continue // the run of a build that compiles it reports it
		}
		lower := files.firstSubset(file, subs) >= 0
		without, _ := files.withoutTag(file, g.set)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil || !hasDirective(fd.Doc) {
				continue
			}
			decls = append(decls, declaration{key: toolKey(fd), name: fd.Name.Name, pos: fd.Name.Pos()})
			dir, _ := annotations.Parse(fd.Doc)
			if dir == nil {
				continue
			}
			for _, kind := range hookOptions {
				if opt, ok := dir.Option(string(kind)); ok {
					ps.outsideHooks = append(ps.outsideHooks, outsideHook{name: opt.Value, pos: opt.ValuePos, lower: lower, without: without})
				}
			}
		}
		for doc, spec := range typeDocs(f) {
			if hasDirective(doc) {
				decls = append(decls, declaration{key: typeKey(spec.Name.Name), name: spec.Name.Name, pos: spec.Name.Pos(), typ: true})
			}
		}
	}
	for i := range decls {
		decls[i].file = g.l.fset.File(decls[i].pos).Name()
	}

	// writer is, for each key, the first of subs whose build has it.
	writer := map[string]int{}
	inBuild := map[string]bool{}
	for _, d := range decls {
		if d.own {
			inBuild[d.key] = true
		}
		if i := files.firstSubset(d.file, subs); i >= 0 {
			if w, ok := writer[d.key]; !ok || i < w {
				writer[d.key] = i
			}
		}
	}
	reported := map[string]bool{}
	for _, d := range decls {
		what := "tool function " + d.name
		if d.typ {
			what = "output type " + d.name
		}
		w, lower := writer[d.key]
		switch {
		case reported[d.key]:
		case !inBuild[d.key] && lower:
			reported[d.key] = true
			if len(subs[w].tags) == 0 {
				g.diags.errorf(d.pos, msgUntaggedOnly, what, strings.Join(g.set.tags, ","))
			} else {
				g.diags.errorf(d.pos, msgLowerOnly, what, strings.Join(subs[w].tags, ","), strings.Join(g.set.tags, ","), subs[w].flagString(), strings.Join(g.set.tags, ","))
			}
		case inBuild[d.key] && !lower:
			if tag, ok := files.withoutTag(d.file, g.set); ok {
				reported[d.key] = true
				src, _ := files.read(d.file)
				g.diags.errorf(d.pos, msgNotAllTags, what, fileBuild(src), tag, g.set.flagString(), strings.Join(g.set.tags, ","))
			}
		}
	}
	for _, ts := range ps.tools {
		if w, ok := writer[toolKey(ts.decl)]; ok {
			ts.lower = &subs[w]
		}
	}
	for _, st := range ps.structured {
		if w, ok := writer[typeKey(st.name.Name)]; ok {
			st.lower = &subs[w]
		}
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
	if x := fileConstraint(src); x != nil {
		return x.String()
	}
	return ""
}

// fileConstraint is the build constraint of src: its //go:build line, or
// else its // +build lines joined; nil when it has none.
func fileConstraint(src []byte) constraint.Expr {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return nil
	}
	var plus constraint.Expr
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			switch {
			case constraint.IsGoBuild(c.Text):
				if x, err := constraint.Parse(c.Text); err == nil {
					return x
				}
			case constraint.IsPlusBuild(c.Text):
				if x, err := constraint.Parse(c.Text); err == nil {
					if plus == nil {
						plus = x
					} else {
						plus = &constraint.AndExpr{X: plus, Y: x}
					}
				}
			}
		}
	}
	return plus
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
