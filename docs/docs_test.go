// Package docs holds toolgen's documentation pages. Its test compiles every
// Go code block of README.md and docs/*.md against the module, with the
// conventions that docs/README.md ("Code blocks") describes.
package docs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/imports"
)

// module is the import path of the main module.
const module = "github.com/toolgen-go/toolgen"

// knownImports resolves the package names of code blocks that goimports
// would not find, or could find in more than one place. The standard
// library's names are left to goimports.
var knownImports = map[string]string{
	"agent":       module + "/agent",
	"tool":        module + "/tool",
	"toolexec":    module + "/tool/toolexec",
	"llm":         module + "/llm",
	"schema":      module + "/schema",
	"scripted":    module + "/scripted",
	"tooltest":    module + "/tooltest",
	"mcp":         module + "/mcp",
	"uistream":    module + "/uistream",
	"store":       module + "/store",
	"storetest":   module + "/store/storetest",
	"sqlite":      module + "/store/sqlite",
	"postgres":    module + "/store/postgres",
	"provider":    module + "/provider",
	"temporal":    module + "/temporal",
	"weather":     module + "/examples/weather/weather",
	"sdk":         "github.com/modelcontextprotocol/go-sdk/mcp",
	"client":      "go.temporal.io/sdk/client",
	"worker":      "go.temporal.io/sdk/worker",
	"workflow":    "go.temporal.io/sdk/workflow",
	"toolgenkit":  module + "/genkit",
	"genkit":      "github.com/firebase/genkit/go/genkit",
	"ai":          "github.com/firebase/genkit/go/ai",
	"jsonschema":  "github.com/invopop/jsonschema",
	"gemini":      module + "/provider/gemini",
	"genai":       "google.golang.org/genai",
	"openaisdk":   "github.com/openai/openai-go/v3",
	"anthropicsk": "github.com/anthropics/anthropic-sdk-go/v2",
	"anthropic":   module + "/provider/anthropic",
	"telemetry":   module + "/telemetry",
	"otel":        "go.opentelemetry.io/otel",
	"propagation": "go.opentelemetry.io/otel/propagation",
	"sdktrace":    "go.opentelemetry.io/otel/sdk/trace",
	"autoexport":  "go.opentelemetry.io/contrib/exporters/autoexport",
	"interceptor": "go.temporal.io/sdk/interceptor",
}

// pendingPackages are packages that pages document before they exist in
// this branch (the provider registry, written against its contract). A
// block that imports one is compiled once the package has Go files, and
// skipped with a log line until then.
var pendingPackages = []string{
	module + "/provider",
	module + "/provider/providertest",
}

// ownModules are toolgen's modules of their own, with the import paths
// that place a block in one: a block is built in the module that can
// import what it imports.
var ownModules = []struct {
	dir     string   // relative to the repository's root
	imports []string // path prefixes
}{
	{"temporal", []string{module + "/temporal", "go.temporal.io"}},
	{"provider/anthropic", []string{module + "/provider/anthropic", "github.com/anthropics/anthropic-sdk-go"}},
	{"genkit", []string{module + "/genkit", "github.com/firebase/genkit/go"}},
	{"eino", []string{module + "/eino", "github.com/cloudwego/eino"}},
	{"store/sqlite", []string{module + "/store/sqlite", "modernc.org/sqlite"}},
	{"store/postgres", []string{module + "/store/postgres", "github.com/jackc/pgx"}},
}

// A block is one fenced Go code block of a page.
type block struct {
	file string // path relative to the repository root
	line int    // line of the block's first line of code, from 1
	text string
}

func (b block) String() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

// pages returns README.md and docs/*.md, relative to root.
func pages(t *testing.T, root string) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, d := range docs {
		files = append(files, filepath.Join("docs", filepath.Base(d)))
	}
	return files
}

// extract returns the Go blocks of a Markdown page: fenced blocks whose
// info string's first word is go, unless a later word is nocompile.
func extract(file string, data []byte) ([]block, error) {
	var (
		blocks []block
		cur    *block
		fence  string
		indent string
		code   []string
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " \t")
		if fence == "" {
			if !strings.HasPrefix(trimmed, "```") && !strings.HasPrefix(trimmed, "~~~") {
				continue
			}
			indent = line[:len(line)-len(trimmed)]
			fence = trimmed[:len(trimmed)-len(strings.TrimLeft(trimmed, trimmed[:1]))]
			info := strings.Fields(trimmed[len(fence):])
			if len(info) > 0 && info[0] == "go" && !slices.Contains(info[1:], "nocompile") {
				cur = &block{file: file, line: n + 1}
				code = code[:0]
			}
			continue
		}
		if strings.HasPrefix(trimmed, fence) && strings.TrimSpace(trimmed[len(fence):]) == "" {
			if cur != nil {
				cur.text = strings.Join(code, "\n") + "\n"
				blocks = append(blocks, *cur)
				cur = nil
			}
			fence = ""
			continue
		}
		if cur != nil {
			code = append(code, strings.TrimPrefix(line, indent))
		}
	}
	if fence != "" {
		return nil, fmt.Errorf("%s: a code block is not closed", file)
	}
	return blocks, sc.Err()
}

// fixture is the source of docs/internal/fixture, split into its imports
// and one text per top-level declaration.
type fixture struct {
	imports string
	decls   []fixtureDecl
}

type fixtureDecl struct {
	names []string // the names it declares; a method: its receiver's type
	text  string
}

func loadFixture(t *testing.T, path string) fixture {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	offset := func(p token.Pos) int { return fset.Position(p).Offset }
	var fx fixture
	for _, d := range f.Decls {
		start := d.Pos()
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
			if d.Tok == token.IMPORT {
				fx.imports += string(src[offset(start):offset(d.End())]) + "\n"
				continue
			}
		case *ast.FuncDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
		}
		fx.decls = append(fx.decls, fixtureDecl{names: declNames(d), text: string(src[offset(start):offset(d.End())])})
	}
	return fx
}

// declNames returns the names a top-level declaration declares (for a
// method, its receiver's type name).
func declNames(d ast.Decl) []string {
	var names []string
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			typ := d.Recv.List[0].Type
			if s, ok := typ.(*ast.StarExpr); ok {
				typ = s.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				return []string{id.Name}
			}
			return nil
		}
		names = append(names, d.Name.Name)
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					if n.Name != "_" {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	return names
}

// without returns the fixture's declarations other than those that
// declare a name of declared.
func (fx fixture) without(declared map[string]bool) string {
	var sb strings.Builder
	for _, d := range fx.decls {
		if slices.ContainsFunc(d.names, func(n string) bool { return declared[n] }) {
			continue
		}
		sb.WriteString(d.text)
		sb.WriteString("\n\n")
	}
	return sb.String()
}

// compiled is a block made into the source of a package.
type compiled struct {
	block
	dir   string            // the package's directory, relative to the repository
	files map[string][]byte // file name → contents
	mod   string            // the module it is built in: "" for the main module, else its directory
	skip  bool              // it imports a pending package that does not exist yet
	why   string            // why it is skipped
}

// build turns a block into a package's files. A block that starts with a
// package clause is a file as written; one of top-level declarations is a
// file once a package clause and the imports it needs are added; any other
// is the body of a function returning error. The fixture's declarations
// that the block does not declare itself join it.
func build(t *testing.T, root string, fx fixture, b block, n int) compiled {
	t.Helper()
	c := compiled{block: b, files: map[string][]byte{}}
	abs := filepath.Join(root, b.file)
	text := stripBuildConstraints(b.text)
	fset := token.NewFileSet()
	if f, err := parser.ParseFile(fset, "", text, parser.PackageClauseOnly); err == nil {
		// A whole file, compiled as written, beside the fixture.
		whole, err := parser.ParseFile(fset, "", text, parser.SkipObjectResolution)
		if err != nil {
			c.files["block.go"] = []byte(lineDirective(abs, b.line) + text)
			return c.finish(nil, n)
		}
		declared := map[string]bool{}
		for _, d := range whole.Decls {
			for _, name := range declNames(d) {
				declared[name] = true
			}
		}
		pkg := f.Name.Name
		fixSrc := "package " + pkg + "\n\n" + fx.imports + "\n" + fx.without(declared)
		out, err := imports.Process(filepath.Join(root, "docs", "blockcheck", "fixture.go"), []byte(fixSrc), nil)
		if err != nil {
			t.Fatalf("%s: the fixture: %v", b, err)
		}
		c.files["block.go"] = []byte(lineDirective(abs, b.line) + text)
		c.files["fixture.go"] = out
		return c.finish(whole, n)
	}

	// A fragment: declarations, or statements to wrap in a function.
	pkg := fmt.Sprintf("b%03d", n)
	var body, bodyWithLines string
	declared := map[string]bool{}
	if f, err := parser.ParseFile(fset, "", "package p\n"+text, parser.SkipObjectResolution); err == nil {
		for _, d := range f.Decls {
			for _, name := range declNames(d) {
				declared[name] = true
			}
		}
		body = text
		bodyWithLines = lineDirective(abs, b.line) + text
	} else {
		unused := definedNames(text)
		var tail strings.Builder
		for _, name := range unused {
			fmt.Fprintf(&tail, "\t_ = %s\n", name)
		}
		body = "func _() error {\n" + text + tail.String() + "\treturn nil\n}\n"
		bodyWithLines = "func _() error {\n" + lineDirective(abs, b.line) + text + tail.String() + "\treturn nil\n}\n"
	}
	fixDecls := fx.without(declared)
	head := "package " + pkg + "\n\n" + fx.imports + "\n"
	combined := head + fixDecls + "\n" + body
	// Add the imports goimports would not find, then let it add the
	// standard library's and drop those nothing uses.
	if f, err := parser.ParseFile(token.NewFileSet(), "", combined, 0); err == nil {
		var add []string
		for _, im := range f.Imports {
			add = append(add, strings.Trim(im.Path.Value, `"`))
		}
		for _, id := range f.Unresolved {
			if path, ok := knownImports[id.Name]; ok && !slices.Contains(add, path) && usedAsPackage(f, id.Name) {
				add = append(add, path)
				head += fmt.Sprintf("import %s %q\n", id.Name, path)
			}
		}
		combined = head + fixDecls + "\n" + body
	}
	out, err := imports.Process(filepath.Join(root, "docs", "blockcheck", pkg, "block.go"), []byte(combined), nil)
	if err != nil {
		// Not Go: let the compiler say where, in the page's lines.
		c.files["block.go"] = []byte("package " + pkg + "\n\n" + bodyWithLines)
		return c.finish(nil, n)
	}
	f, err := parser.ParseFile(fset, "", out, parser.ImportsOnly)
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	var importText strings.Builder
	for _, d := range f.Decls {
		printer.Fprint(&importText, fset, d)
		importText.WriteString("\n")
	}
	c.files["block.go"] = []byte("package " + pkg + "\n\n" + importText.String() + "\n" + fixDecls + "\n" + bodyWithLines)
	return c.finish(f, n)
}

// finish places the package in the module its imports need, or skips it
// when it needs a pending package that does not exist yet.
func (c compiled) finish(f *ast.File, n int) compiled {
	c.dir = filepath.Join("docs", "blockcheck", fmt.Sprintf("b%03d", n))
	if f == nil {
		return c
	}
	for _, im := range f.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		for _, m := range ownModules {
			if slices.ContainsFunc(m.imports, func(p string) bool { return path == p || strings.HasPrefix(path, p+"/") }) {
				c.mod = m.dir
				c.dir = filepath.Join(filepath.FromSlash(m.dir), "docblocks", fmt.Sprintf("b%03d", n))
			}
		}
		if slices.Contains(pendingPackages, path) && !hasGoFiles(strings.TrimPrefix(path, module+"/")) {
			c.skip, c.why = true, path+" does not exist yet"
		}
	}
	return c
}

// hasGoFiles reports whether the directory dir of the repository (the
// test runs in docs/) holds a non-test Go file.
func hasGoFiles(dir string) bool {
	files, _ := filepath.Glob(filepath.Join("..", dir, "*.go"))
	return slices.ContainsFunc(files, func(f string) bool { return !strings.HasSuffix(f, "_test.go") })
}

// usedAsPackage reports whether name is the X of a selector X.Sel in f.
func usedAsPackage(f *ast.File, name string) bool {
	used := false
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := s.X.(*ast.Ident); ok && id.Name == name {
				used = true
			}
		}
		return !used
	})
	return used
}

// definedNames returns the names that the top-level statements of a
// fragment declare (with := or var), so that the wrapper can use them:
// a fragment shows how to get a value, not always what to do with it.
func definedNames(text string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() error {\n"+text+"\nreturn nil\n}\n", parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var names []string
	add := func(id *ast.Ident) {
		if id.Name != "_" && !slices.Contains(names, id.Name) {
			names = append(names, id.Name)
		}
	}
	for _, s := range f.Decls[0].(*ast.FuncDecl).Body.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, e := range s.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						add(id)
					}
				}
			}
		case *ast.DeclStmt:
			if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, sp := range g.Specs {
					for _, id := range sp.(*ast.ValueSpec).Names {
						add(id)
					}
				}
			}
		}
	}
	return names
}

// stripBuildConstraints drops //go:build lines, so that both sides of a
// constraint shown in a page compile.
func stripBuildConstraints(text string) string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "//go:build ") {
			line = "" // keep the line count
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// lineDirective makes the compiler report the lines that follow as lines
// of the page, from line.
func lineDirective(path string, line int) string {
	return fmt.Sprintf("//line %s:%d\n", path, line)
}

// TestCodeBlocks compiles every Go code block of README.md and docs/*.md:
// one go build of the main module for all of them, and one of each
// module of its own (ownModules) for the blocks that import it.
func TestCodeBlocks(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to compile the code blocks: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	fx := loadFixture(t, filepath.Join(root, "docs", "internal", "fixture", "fixture.go"))
	var all []compiled
	for _, page := range pages(t, root) {
		data, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := extract(page, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range blocks {
			all = append(all, build(t, root, fx, b, len(all)+1))
		}
	}
	if len(all) == 0 {
		t.Fatal("no Go code blocks found")
	}
	tmp, err := os.MkdirTemp("", "toolgen-docs-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if !t.Failed() {
			os.RemoveAll(tmp)
		}
	})
	overlay := map[string]map[string]string{}
	dirs := map[string][]string{}
	compiledBlocks := 0
	for i, c := range all {
		if c.skip {
			t.Logf("%s: not compiled: %s", c.block, c.why)
			continue
		}
		compiledBlocks++
		if overlay[c.mod] == nil {
			overlay[c.mod] = map[string]string{}
		}
		for name, data := range c.files {
			real := filepath.Join(tmp, fmt.Sprintf("b%03d_%s", i+1, name))
			if err := os.WriteFile(real, data, 0o644); err != nil {
				t.Fatal(err)
			}
			overlay[c.mod][filepath.Join(root, c.dir, name)] = real
		}
		rel, err := filepath.Rel(filepath.Join(root, filepath.FromSlash(c.mod)), filepath.Join(root, c.dir))
		if err != nil {
			t.Fatal(err)
		}
		dirs[c.mod] = append(dirs[c.mod], "./"+filepath.ToSlash(rel))
	}
	t.Logf("%d Go code blocks: %d compiled (%d in the main module), %d waiting for a package",
		len(all), compiledBlocks, len(dirs[""]), len(all)-compiledBlocks)
	mods := slices.Sorted(maps.Keys(dirs))
	for i, mod := range mods {
		ov, err := json.Marshal(map[string]any{"Replace": overlay[mod]})
		if err != nil {
			t.Fatal(err)
		}
		ovPath := filepath.Join(tmp, fmt.Sprintf("overlay-%d.json", i))
		if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"build", "-overlay", ovPath}
		if len(dirs[mod]) == 1 {
			// A lone main package would leave its executable in the
			// module's directory; several packages are only compiled.
			args = append(args, "-o", os.DevNull)
		}
		cmd := exec.Command(gobin, append(args, dirs[mod]...)...)
		cmd.Dir = filepath.Join(root, filepath.FromSlash(mod))
		start := time.Now()
		out, err := cmd.CombinedOutput()
		t.Logf("go build in %s: %d packages, %v", cmd.Dir, len(dirs[mod]), time.Since(start).Round(time.Millisecond))
		if err != nil {
			msg := strings.ReplaceAll(string(out), root+string(filepath.Separator), "")
			t.Errorf("code blocks that do not compile (positions are the pages' lines; %s holds the generated files):\n%s", tmp, msg)
		}
	}
}

// TestExtract checks which fenced blocks are taken as Go, and where their
// code starts.
func TestExtract(t *testing.T) {
	page := "# Title\n" +
		"```go\nx := 1\n```\n" + // line 2: compiled, code at line 3
		"```sh\ngo test ./...\n```\n" +
		"```go nocompile\nfunc F(in In) (Out, error)\n```\n" +
		"- a list\n\n  ```go\n  var y = 2\n  ```\n" + // indented in a list: code at line 14
		"````go\n```go\n````\n" // a longer fence holds a shorter one: code at line 17
	blocks, err := extract("page.md", []byte(page))
	if err != nil {
		t.Fatal(err)
	}
	want := []block{
		{file: "page.md", line: 3, text: "x := 1\n"},
		{file: "page.md", line: 14, text: "var y = 2\n"},
		{file: "page.md", line: 17, text: "```go\n"},
	}
	if !slices.Equal(blocks, want) {
		t.Errorf("extract = %+v, want %+v", blocks, want)
	}
	if _, err := extract("open.md", []byte("```go\nx := 1\n")); err == nil {
		t.Error("an unclosed block is not an error")
	}
}

// TestDefinedNames checks the names a statement fragment declares at its
// top level, which the wrapper then uses.
func TestDefinedNames(t *testing.T) {
	got := definedNames("res, err := f()\nvar state int\nfor _, x := range xs {\n\ty := x\n}\n_, err = g()\n")
	want := []string{"res", "err", "state"}
	if !slices.Equal(got, want) {
		t.Errorf("definedNames = %q, want %q", got, want)
	}
}
