package schemagen_test

import (
	"bytes"
	"encoding/json"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	jsv "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/txtar"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

// loaded is a set of packages loaded with go/packages.
type loaded struct {
	fset *token.FileSet
	pkgs map[string]*packages.Package // by import path
	dir  string
}

const goMod = "module example.com/x\n\ngo 1.26\n"

// loadArchive writes the files of a txtar archive into a new module
// example.com/x (adding go.mod unless the archive has one) and loads
// patterns from it. syntax selects source loading for the root packages;
// without it they are loaded from export data, like dependencies.
func loadArchive(t *testing.T, archive string, syntax bool, patterns ...string) *loaded {
	t.Helper()
	dir := t.TempDir()
	ar := txtar.Parse([]byte(archive))
	hasMod := false
	for _, f := range ar.Files {
		hasMod = hasMod || f.Name == "go.mod"
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, f.Data, 0o644))
	}
	if !hasMod {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o644))
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	return loadPackages(t, dir, syntax, patterns...)
}

func loadPackages(t *testing.T, dir string, syntax bool, patterns ...string) *loaded {
	t.Helper()
	mode := packages.NeedName | packages.NeedTypes | packages.NeedFiles | packages.NeedImports
	if syntax {
		mode |= packages.NeedSyntax
	}
	fset := token.NewFileSet()
	cfg := &packages.Config{Mode: mode, Dir: dir, Fset: fset, Env: append(os.Environ(), "GOWORK=off")}
	pkgs, err := packages.Load(cfg, patterns...)
	require.NoError(t, err)
	l := &loaded{fset: fset, pkgs: map[string]*packages.Package{}, dir: dir}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Fatalf("load %s: %v", p.PkgPath, e)
		}
		l.pkgs[p.PkgPath] = p
	})
	return l
}

// lookup returns the type named name ("T" in example.com/x, or "dep.T" in
// example.com/x/dep).
func (l *loaded) lookup(t *testing.T, name string) *types.TypeName {
	t.Helper()
	path := "example.com/x"
	if pkg, typ, ok := strings.Cut(name, "."); ok {
		path, name = path+"/"+pkg, typ
	}
	return l.lookupIn(t, path, name)
}

func (l *loaded) lookupIn(t *testing.T, path, name string) *types.TypeName {
	t.Helper()
	p := l.pkgs[path]
	require.NotNil(t, p, "package %s not loaded", path)
	obj, ok := p.Types.Scope().Lookup(name).(*types.TypeName)
	require.True(t, ok, "no type %s in %s", name, path)
	return obj
}

// builder returns a Builder with the syntax of every loaded package
// registered.
func (l *loaded) builder() *schemagen.Builder {
	b := schemagen.New(l.fset)
	for _, p := range l.pkgs {
		b.AddFiles(p.Syntax...)
	}
	return b
}

// schema computes the schema of the named type and marshals it.
func (l *loaded) schema(t *testing.T, b *schemagen.Builder, name string) (string, []*schemagen.Error) {
	t.Helper()
	obj := l.lookup(t, name)
	s, errs := b.Schema(obj.Type(), obj.Name())
	return marshal(t, s), errs
}

// marshal marshals a schema. It also checks, on every schema of the tests,
// that schemagen.MarshalIndent writes exactly what json.Marshal followed by
// json.Indent writes.
func marshal(t *testing.T, s *jsonschema.Schema) string {
	t.Helper()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	var want bytes.Buffer
	require.NoError(t, json.Indent(&want, data, "", "  "))
	got, err := schemagen.MarshalIndent(nil, s)
	require.NoError(t, err)
	require.Equal(t, want.String(), string(got), "MarshalIndent differs from json.Marshal + json.Indent")
	return string(data)
}

// errorStrings renders the errors, without the warnings, as
// "file:line: path: message".
func (l *loaded) errorStrings(errs []*schemagen.Error) []string {
	return l.problemStrings(errs, false)
}

// warningStrings renders the warnings as errorStrings renders the errors.
func (l *loaded) warningStrings(errs []*schemagen.Error) []string {
	return l.problemStrings(errs, true)
}

func (l *loaded) problemStrings(errs []*schemagen.Error, warnings bool) []string {
	var out []string
	for _, e := range errs {
		if e.Warning != warnings {
			continue
		}
		pos := l.fset.Position(e.Pos)
		out = append(out, filepath.Base(pos.Filename)+":"+strconv.Itoa(pos.Line)+": "+e.Error())
	}
	return out
}

// compile2020 compiles a schema under the draft 2020-12 meta-schema.
func compile2020(t *testing.T, schema string) error {
	t.Helper()
	doc, err := jsv.UnmarshalJSON(bytes.NewReader([]byte(schema)))
	require.NoError(t, err)
	c := jsv.NewCompiler()
	c.DefaultDraft(jsv.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem:///schema.json", doc); err != nil {
		return err
	}
	_, err = c.Compile("mem:///schema.json")
	return err
}

// validate2020 validates instance against schema, draft 2020-12 with
// formats asserted.
func validate2020(t *testing.T, schema string, instance []byte) error {
	t.Helper()
	doc, err := jsv.UnmarshalJSON(bytes.NewReader([]byte(schema)))
	require.NoError(t, err)
	c := jsv.NewCompiler()
	c.DefaultDraft(jsv.Draft2020)
	c.AssertFormat()
	require.NoError(t, c.AddResource("mem:///schema.json", doc))
	sch, err := c.Compile("mem:///schema.json")
	require.NoError(t, err)
	v, err := jsv.UnmarshalJSON(bytes.NewReader(instance))
	require.NoError(t, err)
	return sch.Validate(v)
}
