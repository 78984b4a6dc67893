package generator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The agreement test checks the promise of the README ("Schemas"): the
// schema toolgen computes from go/types for a Go type agrees with what
// invopop/jsonschema's default Reflector reflects from the same type at run
// time, and every schema toolgen emits is a valid JSON Schema 2020-12.
//
// Per module (each golden case, and the examples), the test generates, then
// adds to the module a program that reflects the input and output type of
// every tool with invopop and prints them; it runs that program once. The
// reflecting code has to live inside each tool's package (input types may
// be unexported), so every tool package gets one extra file, and packages
// main are renamed so that the program can import them.
//
// Both sides are normalized before they are compared (see agreeNormalize):
// every $ref is inlined, $defs, $schema, $id and descriptions are dropped.
// On top of that only toolgen's documented additions are removed: an enum
// that comes from the constants of a named type (dropped from toolgen's side
// where invopop has none). Every other difference must be listed in
// agreeKnownDiffs with both sides' values and the reason; a listed
// difference that no longer shows up fails the test too.

// agreeModule is the import path of the modules the test writes.
const agreeModule = "example.com/golden"

// agreeHelperDir is the package of the reflecting helpers, and the program
// below it.
const agreeHelperDir = "zz_toolgen_agree"

// agreeMainName replaces "main" as the name of packages main.
const agreeMainName = "zzagreemain"

// agreeCycleKey marks where normalization cut a cycle (see agreeNormalize).
const agreeCycleKey = "$cycle"

// agreeDiff is a difference between toolgen's and invopop's normalized
// schema of one tool that the test accepts, because it is documented or
// because invopop is wrong. Path is a JSON pointer into the normalized
// schema; Toolgen and Invopop are the JSON values there ("" when absent).
type agreeDiff struct {
	Tool    string // case/package directory/tool id
	Side    string // "input" or "output"
	Path    string
	Toolgen string
	Invopop string
	Why     string
}

// Reasons shared by several entries of agreeKnownDiffs.
const (
	whyDashComma = "invopop bug: it skips a field tagged json:\"-,\"; encoding/json encodes it under the name \"-\" (toolgen follows encoding/json)"
	whyDominance = "invopop bug: it flattens embedded structs without encoding/json's dominance rules (a shallower field hides a deeper one, equal fields cancel); the README says toolgen flattens as encoding/json does"
	whyNamedRef  = "invopop bug: a field whose type is a named slice, array or map is a $ref in invopop, and its type-specific jsonschema tag keywords are silently dropped; toolgen applies them"
	whyNameClash = "invopop bug: $defs are keyed by the bare type name, so two types named Item from different packages share one definition; toolgen qualifies the names"
	whyPtrEmbed  = "invopop bug: the fields promoted through an embedded pointer are required, but encoding/json leaves them out when the pointer is nil"
	whyUintKeys  = "invopop bug: only signed integer map keys get patternProperties; encoding/json encodes unsigned integer keys as decimal strings too, and toolgen treats them alike"
)

// agreeKnownDiffs are the accepted differences. The test fails on any other
// difference, and on an entry here that no longer shows up.
var agreeKnownDiffs = []agreeDiff{
	// Tags.Dash has the tag json:"-,".
	{"types/types/tags", "input", "/properties/-", `{"type":"string"}`, "", whyDashComma},
	{"types/types/tags", "input", "/required",
		`["-","Untagged","intString","boolString","codeString","ptrString","strString","name","email","count","ratio","color","size","flags","emails","opt","null","titled","desc","either","extra","def","escaped","listTag"]`,
		`["Untagged","intString","boolString","codeString","ptrString","strString","name","email","count","ratio","color","size","flags","emails","opt","null","titled","desc","either","extra","def","escaped","listTag"]`,
		whyDashComma},
	// Tags.ListTag is an ItemList (a named []Item) tagged minItems=1.
	{"types/types/tags", "input", "/properties/listTag/minItems", `1`, "", whyNamedRef},
	// Containers.ByUint is a map[uint16]string.
	{"types/types/containers", "input", "/properties/byUint",
		`{"type":"object","patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false}`,
		`{"type":"object","additionalProperties":{"type":"string"}}`, whyUintKeys},
	{"types/types/containers", "output", "/properties/byUint",
		`{"type":"object","patternProperties":{"^[0-9]+$":{"type":"string"}},"additionalProperties":false}`,
		`{"type":"object","additionalProperties":{"type":"string"}}`, whyUintKeys},
	// Collide.Theirs and Collide.More use other.Item beside types.Item.
	{"types/types/collide", "input", "/properties/theirs",
		`{"type":"object","properties":{"weight":{"type":"number"}},"required":["weight"],"additionalProperties":false}`,
		`{"type":"object","properties":{"name":{"type":"string"},"count":{"type":"integer"}},"required":["name"],"additionalProperties":false}`,
		whyNameClash},
	{"types/types/collide", "input", "/properties/more/items",
		`{"type":"object","properties":{"weight":{"type":"number"}},"required":["weight"],"additionalProperties":false}`,
		`{"type":"object","properties":{"name":{"type":"string"},"count":{"type":"integer"}},"required":["name"],"additionalProperties":false}`,
		whyNameClash},
	// emb.Input: Audit.Clash and Other.Clash cancel out; Input.Comment
	// (omitempty) hides Audit.Comment (required in invopop).
	{"embedded/emb/run", "input", "/properties/clash", "", `{"type":"integer"}`, whyDominance},
	// Input.Audit is an embedded *Audit as well.
	{"embedded/emb/run", "input", "/required", `["id","meta"]`, `["id","by","comment","clash","meta"]`, whyDominance + "; " + whyPtrEmbed},
	{"embedded/emb/run", "output", "/properties/clash", "", `{"type":"integer"}`, whyDominance},
	{"embedded/emb/run", "output", "/required", `["id","meta"]`, `["id","by","comment","clash","meta"]`, whyDominance + "; " + whyPtrEmbed},
	{"types/types/embeds", "input", "/required", `["id","meta","Level","own"]`, `["id","score","meta","Level","own"]`, whyPtrEmbed},
	{"corpus/shapes/embedded-pointer", "input", "/required", `["field","value"]`, `["by","field","value"]`, whyPtrEmbed},
}

// agreeSkipCases are golden cases made of toolgen's documented departures
// from invopop only, with the reason.
var agreeSkipCases = map[string]string{
	"marshalers": "MarshalJSON types are strings (invopop reflects their Go fields), json.Number is a number " +
		"(invopop: string), sized integers carry their bounds, signed map keys may be negative, and nullable " +
		"on a free-form value adds no oneOf (invopop's oneOf [true, null] rejects null)",
}

// agreeCase is one module to generate and reflect.
type agreeCase struct {
	name  string
	files map[string][]byte
	// needTools fails the case when it has no tools; a golden case without
	// any (one about obsolete outputs, say) is skipped.
	needTools bool
}

// agreeTally collects, across the parallel subtests, how many tools were
// compared, which cases ran to the end, and which known differences showed
// up.
type agreeTally struct {
	mu    sync.Mutex
	tools int
	ran   map[string]bool
	seen  map[agreeDiff]bool
}

// TestAgreesWithInvopop compares the input and output schemas of every
// tool of the golden cases and of the examples with invopop's, and compiles
// each of them under the JSON Schema 2020-12 meta-schema.
func TestAgreesWithInvopop(t *testing.T) {
	var cases []agreeCase
	for _, c := range readCases(t, "golden") {
		if _, skip := agreeSkipCases[c.name]; skip {
			continue
		}
		cases = append(cases, agreeCase{name: c.name, files: c.inputs})
	}
	cases = append(cases, agreeCase{name: "examples", files: agreeExampleFiles(t, "weather", "service", "internal/otelsetup"), needTools: true})

	tally := &agreeTally{ran: map[string]bool{}, seen: map[agreeDiff]bool{}}
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				agreeRunCase(t, c, tally)
			})
		}
	})
	t.Logf("compared the input and output schemas of %d tools with invopop's; %d known differences", tally.tools, len(agreeKnownDiffs))
	for _, d := range agreeKnownDiffs {
		caseName, _, _ := strings.Cut(d.Tool, "/")
		if tally.ran[caseName] {
			assert.True(t, tally.seen[d], "the known difference %s %s %s no longer shows up: remove it from agreeKnownDiffs", d.Tool, d.Side, d.Path)
		}
	}
}

// TestAgreeMetaSchemaIsEnforced makes sure that agreeCompile rejects a
// schema that breaks the meta-schema, so that its success means something.
func TestAgreeMetaSchemaIsEnforced(t *testing.T) {
	for _, bad := range []string{`{"minLength": -1}`, `{"type": "text"}`, `{"required": "name"}`, `{"properties": {"a": 3}}`} {
		_, err := agreeCompile("bad", []byte(bad))
		assert.Error(t, err, "%s compiled", bad)
	}
	_, err := agreeCompile("good", []byte(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {"A": true}}`))
	assert.NoError(t, err)
}

// TestAgreeNormalize checks the normalization on hand-written schemas: the
// $ref layouts of toolgen and invopop give the same tree, cycles included,
// and a real difference survives.
func TestAgreeNormalize(t *testing.T) {
	const node = `{"type":"object","properties":{"name":{"type":"string"},"kids":{"type":"array","items":{"$ref":%q}},"item":%s},"required":["name"],"additionalProperties":false,"description":"Node."}`
	const item = `{"type":"object","properties":{"n":{"type":"integer","description":"N."}},"additionalProperties":false}`
	// toolgen: the recursive root inline, referenced as "#"; Item (used
	// once) inline.
	toolgen := fmt.Sprintf(node, "#", item)
	// invopop: the root a $ref, every named struct in $defs.
	invopop := fmt.Sprintf(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/node","$ref":"#/$defs/Node","$defs":{"Node":%s,"Item":%s}}`,
		fmt.Sprintf(node, "#/$defs/Node", `{"$ref":"#/$defs/Item"}`), item)
	const want = `{"type":"object","properties":{"name":{"type":"string"},"kids":{"type":"array","items":{"$cycle":0}},"item":{"type":"object","properties":{"n":{"type":"integer"}},"additionalProperties":false}},"required":["name"],"additionalProperties":false}`

	tg, err := agreeNormalize([]byte(toolgen))
	require.NoError(t, err)
	inv, err := agreeNormalize([]byte(invopop))
	require.NoError(t, err)
	assert.JSONEq(t, want, agreeMarshal(t, tg))
	assert.JSONEq(t, want, agreeMarshal(t, inv))
	assert.Empty(t, agreeDiffPaths(inv, tg, ""))

	// Cycles back to different depths are different schemas.
	const pair = `{"$ref":"#/$defs/A","$defs":{"A":{"properties":{"b":{"$ref":"#/$defs/B"}}},"B":{"properties":{"next":{"$ref":"#/$defs/%s"}}}}}`
	toA, err := agreeNormalize([]byte(fmt.Sprintf(pair, "A")))
	require.NoError(t, err)
	toB, err := agreeNormalize([]byte(fmt.Sprintf(pair, "B")))
	require.NoError(t, err)
	assert.JSONEq(t, `{"properties":{"b":{"properties":{"next":{"$cycle":0}}}}}`, agreeMarshal(t, toA))
	assert.Equal(t, []string{"/properties/b/properties/next/$cycle"}, agreeDiffPaths(toA, toB, ""))

	// Enums are dropped from toolgen's side only where invopop has none.
	a := map[string]any{"type": "string", "enum": []any{"x"}, "items": map[string]any{"enum": []any{"y"}}}
	b := map[string]any{"type": "string", "items": map[string]any{"enum": []any{"y"}}}
	agreeDropConstEnums(a, b)
	assert.Equal(t, map[string]any{"type": "string", "items": map[string]any{"enum": []any{"y"}}}, a)

	// The empty schema is true.
	e, err := agreeNormalize([]byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema","description":"any"}`))
	require.NoError(t, err)
	assert.Equal(t, true, e)

	_, err = agreeNormalize([]byte(`{"$ref":"#/$defs/Missing"}`))
	assert.Error(t, err)
}

// agreeRunCase generates one module, checks its schemas against the
// meta-schema, reflects its tools' types with invopop and compares.
func agreeRunCase(t *testing.T, c agreeCase, tally *agreeTally) {
	dir := writeModule(t, c.files)
	// -mod=mod: the examples import toolgen's tool package, whose requirements
	// the bare go.mod of writeModule does not list; without it go/packages
	// silently loads nothing.
	res, err := Generate(context.Background(), Config{
		Dir:      dir,
		Patterns: []string{"./..."},
		Env:      append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off"),
	})
	require.NoError(t, err)
	require.False(t, HasErrors(res.Diagnostics), "diagnostics:\n%s", formatDiagnostics(res.Diagnostics, dir))
	if len(res.pkgs) == 0 {
		require.False(t, c.needTools, "no tools")
		t.Skip("no tools")
	}
	for p, data := range res.Files {
		require.NoError(t, os.WriteFile(p, data, 0o644))
	}

	reflected := agreeReflect(t, dir, res.pkgs)
	n := 0
	for _, pkg := range res.pkgs {
		rel, err := filepath.Rel(dir, pkg.Dir)
		require.NoError(t, err)
		for _, tool := range pkg.Tools {
			key := path.Join(c.name, filepath.ToSlash(rel), tool.ID)
			t.Run(path.Join(filepath.ToSlash(rel), tool.ID), func(t *testing.T) {
				agreeCheckMeta(t, key, tool)
				r, ok := reflected[pkg.Path][tool.ID]
				require.True(t, ok, "%s: invopop reflected no types", key)
				agreeCheckIn(t, key, tool.In, r)
				agreeCompare(t, tally, key, "input", tool.InputSchema, r.Input)
				agreeCompare(t, tally, key, "output", tool.OutputSchema, r.Output)
			})
			n++
		}
	}
	tally.mu.Lock()
	defer tally.mu.Unlock()
	tally.tools += n
	tally.ran[c.name] = true
}

// agreeExampleFiles copies the non-test files of examples into a module
// named agreeModule, with their imports of each other rewritten.
func agreeExampleFiles(t *testing.T, names ...string) map[string][]byte {
	t.Helper()
	root := repoRoot(t)
	files := map[string][]byte{}
	for _, name := range names {
		base := filepath.Join(root, "examples", name)
		err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(p, "_test.go") {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			data = bytes.ReplaceAll(data, []byte(`"github.com/toolgen-go/toolgen/examples/`), []byte(`"`+agreeModule+`/examples/`))
			files[filepath.ToSlash(rel)] = data
			return nil
		})
		require.NoError(t, err, "copy examples/%s", name)
	}
	return files
}

// agreeReflected is what invopop made of one tool's types.
type agreeReflected struct {
	InPkgPath string          `json:"inPkgPath"`
	InName    string          `json:"inName"`
	Input     json.RawMessage `json:"input"`
	Output    json.RawMessage `json:"output"`
}

// agreeHelperSrc is the package agreeHelperDir; § stands for a backquote.
const agreeHelperSrc = `// Package zz_toolgen_agree reflects the types of tools with invopop's
// default Reflector, for toolgen's generator/agree_test.go.
package zz_toolgen_agree

import (
	"context"
	"reflect"

	"github.com/invopop/jsonschema"
)

// Reflected is what invopop makes of one tool's types.
type Reflected struct {
	InPkgPath string             §json:"inPkgPath"§
	InName    string             §json:"inName"§
	Input     *jsonschema.Schema §json:"input"§
	Output    *jsonschema.Schema §json:"output"§
}

// Func reflects the types of a function tool.
func Func[In, Out any](func(context.Context, In) (Out, error)) Reflected {
	return reflectTypes[In, Out]()
}

// Method reflects the types of a method tool.
func Method[R, In, Out any](func(R, context.Context, In) (Out, error)) Reflected {
	return reflectTypes[In, Out]()
}

func reflectTypes[In, Out any]() Reflected {
	in, out := deref(reflect.TypeFor[In]()), deref(reflect.TypeFor[Out]())
	return Reflected{
		InPkgPath: in.PkgPath(),
		InName:    in.Name(),
		Input:     (&jsonschema.Reflector{}).ReflectFromType(in),
		Output:    (&jsonschema.Reflector{}).ReflectFromType(out),
	}
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}
`

var agreeModulePattern = regexp.MustCompile(`(?m)^module\s+(\S+)`)

// agreeReflect adds to the module in dir a file per tool package and a
// program that reflects every tool's types with invopop, runs it once, and
// returns its findings by package path and tool id.
func agreeReflect(t *testing.T, dir string, pkgs []*pkgModel) map[string]map[string]agreeReflected {
	t.Helper()
	gomodPath := filepath.Join(dir, "go.mod")
	gomod, err := os.ReadFile(gomodPath)
	require.NoError(t, err)
	m := agreeModulePattern.FindSubmatch(gomod)
	require.NotNil(t, m, "go.mod has no module line")
	mod := string(m[1])
	if !bytes.Contains(gomod, []byte("github.com/invopop/jsonschema ")) {
		gomod = append(gomod, "\nrequire github.com/invopop/jsonschema v0.14.0\n"...)
		require.NoError(t, os.WriteFile(gomodPath, gomod, 0o644))
	}

	helper := path.Join(mod, agreeHelperDir)
	agreeWrite(t, filepath.Join(dir, agreeHelperDir, "agree.go"), strings.ReplaceAll(agreeHelperSrc, "§", "`"))

	var imports, entries strings.Builder
	for i, pkg := range pkgs {
		name := pkg.Name
		if name == "main" {
			agreeRenameMain(t, pkg.Dir)
			name = agreeMainName
		}
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\nimport zzToolgenAgree %q\n\n", name, helper)
		b.WriteString("// ZZToolgenAgree reflects the types of the package's tools.\n")
		b.WriteString("func ZZToolgenAgree() map[string]zzToolgenAgree.Reflected {\n\treturn map[string]zzToolgenAgree.Reflected{\n")
		for _, tool := range pkg.Tools {
			if tool.Recv == "" {
				fmt.Fprintf(&b, "\t\t%q: zzToolgenAgree.Func(%s),\n", tool.ID, tool.Func)
			} else {
				fmt.Fprintf(&b, "\t\t%q: zzToolgenAgree.Method((*%s).%s),\n", tool.ID, tool.Recv, tool.Func)
			}
		}
		b.WriteString("\t}\n}\n")
		agreeWrite(t, filepath.Join(pkg.Dir, "zz_toolgen_agree.go"), b.String())
		fmt.Fprintf(&imports, "\tp%d %q\n", i, pkg.Path)
		fmt.Fprintf(&entries, "\t\t%q: p%d.ZZToolgenAgree(),\n", pkg.Path, i)
	}
	agreeWrite(t, filepath.Join(dir, agreeHelperDir, "reflectall", "main.go"), fmt.Sprintf(`// Command reflectall prints invopop's schemas of every tool's types.
package main

import (
	"encoding/json"
	"os"

	zzToolgenAgree %q
%s)

func main() {
	out := map[string]map[string]zzToolgenAgree.Reflected{
%s	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
`, helper, imports.String(), entries.String()))

	cmd := exec.Command("go", "run", "./"+agreeHelperDir+"/reflectall")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "go run ./%s/reflectall:\n%s", agreeHelperDir, stderr.String())
	var out map[string]map[string]agreeReflected
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &out), "output of reflectall:\n%s", stdout.String())
	return out
}

func agreeWrite(t *testing.T, name, data string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
	require.NoError(t, os.WriteFile(name, []byte(data), 0o644))
}

// agreeRenameMain turns the package main in dir into an importable
// package by rewriting the package clause of its files.
func agreeRenameMain(t *testing.T, dir string) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(name)
		require.NoError(t, err)
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, data, parser.PackageClauseOnly)
		require.NoError(t, err)
		if f.Name.Name != "main" {
			continue
		}
		off := fset.Position(f.Name.Pos()).Offset
		data = slices.Concat(data[:off], []byte(agreeMainName), data[off+len("main"):])
		require.NoError(t, os.WriteFile(name, data, 0o644))
	}
}

// agreeCheckIn checks that the tool's In names the type invopop reflected.
func agreeCheckIn(t *testing.T, key string, in *typeExpr, r agreeReflected) {
	t.Helper()
	require.NotNil(t, in, "%s: no In", key)
	for in.Kind == kindPointer {
		in = in.Elem
	}
	if assert.Equal(t, kindNamed, in.Kind, "%s: In is not a named type", key) && len(in.TypeArgs) == 0 {
		assert.Equal(t, r.InPkgPath+"."+r.InName, in.PkgPath+"."+in.Name, "%s: In", key)
	}
}

// agreeCompare compares one normalized schema of toolgen's with invopop's.
func agreeCompare(t *testing.T, tally *agreeTally, key, side string, toolgenRaw, invopopRaw json.RawMessage) {
	t.Helper()
	tg, err := agreeNormalize(toolgenRaw)
	require.NoError(t, err, "%s: normalize toolgen's %s schema", key, side)
	inv, err := agreeNormalize(invopopRaw)
	require.NoError(t, err, "%s: normalize invopop's %s schema", key, side)
	agreeDropConstEnums(tg, inv)

	for _, d := range agreeKnownDiffs {
		if d.Tool != key || d.Side != side {
			continue
		}
		gotTG, okTG := agreeLookup(tg, d.Path)
		gotInv, okInv := agreeLookup(inv, d.Path)
		matchTG := agreeSameValue(t, d.Toolgen, gotTG, okTG)
		matchInv := agreeSameValue(t, d.Invopop, gotInv, okInv)
		if !assert.True(t, matchTG && matchInv, "%s %s: the known difference at %s changed:\n toolgen: %s (recorded %s)\n invopop: %s (recorded %s)",
			key, side, d.Path, agreeShow(gotTG, okTG), d.Toolgen, agreeShow(gotInv, okInv), d.Invopop) {
			continue
		}
		tally.mu.Lock()
		tally.seen[d] = true
		tally.mu.Unlock()
		inv = agreeSet(inv, d.Path, gotTG, okTG)
	}

	// One assertion per place where the schemas differ keeps the messages
	// short; the whole schemas are compared too, which is then a formality.
	for _, p := range agreeDiffPaths(inv, tg, "") {
		gotTG, okTG := agreeLookup(tg, p)
		gotInv, okInv := agreeLookup(inv, p)
		if okTG && okInv {
			assert.JSONEq(t, agreeMarshal(t, gotInv), agreeMarshal(t, gotTG), "%s: %s schema at %s: toolgen's (actual) differs from invopop's (expected)", key, side, p)
		} else {
			assert.Fail(t, "schemas differ", "%s: %s schema at %s:\n toolgen: %s\n invopop: %s", key, side, p, agreeShow(gotTG, okTG), agreeShow(gotInv, okInv))
		}
	}
	if !t.Failed() {
		assert.JSONEq(t, agreeMarshal(t, inv), agreeMarshal(t, tg), "%s: %s schema", key, side)
	}
}

// agreeCheckMeta compiles the tool's schemas under the 2020-12 meta-schema
// and validates a few instances against the input schema.
func agreeCheckMeta(t *testing.T, key string, tool *toolModel) {
	t.Helper()
	_, err := agreeCompile(key+"/output", tool.OutputSchema)
	assert.NoError(t, err, "%s: output schema", key)
	sch, err := agreeCompile(key+"/input", tool.InputSchema)
	if !assert.NoError(t, err, "%s: input schema", key) {
		return
	}

	var root map[string]any
	require.NoError(t, json.Unmarshal(tool.InputSchema, &root), "%s: the input schema is not an object", key)
	assert.Equal(t, "object", root["type"], "%s: the input schema is not of type object", key)
	assert.Error(t, agreeValidate(sch, `[]`), "%s: an array is a valid input", key)
	if root["additionalProperties"] == false {
		assert.Error(t, agreeValidate(sch, `{"zz_toolgen_unknown": 1}`), "%s: an unknown property is accepted", key)
	}
	if _, ok := root["oneOf"]; ok {
		return
	}
	if _, ok := root["anyOf"]; ok {
		return
	}
	required, _ := root["required"].([]any)
	if len(required) == 0 {
		assert.NoError(t, agreeValidate(sch, `{}`), "%s: {} is not a valid input, yet nothing is required", key)
	} else {
		assert.Error(t, agreeValidate(sch, `{}`), "%s: {} is a valid input, yet %v are required", key, required)
	}
}

var agreeURLUnsafe = regexp.MustCompile(`[^A-Za-z0-9._/-]+`)

// agreeCompile compiles a schema with santhosh-tekuri/jsonschema, draft
// 2020-12, which checks it against the meta-schema.
func agreeCompile(name string, data []byte) (*santhosh.Schema, error) {
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	c := santhosh.NewCompiler()
	c.DefaultDraft(santhosh.Draft2020)
	url := "mem:///" + agreeURLUnsafe.ReplaceAllString(name, "_") + ".json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

func agreeValidate(sch *santhosh.Schema, instance string) error {
	v, err := santhosh.UnmarshalJSON(strings.NewReader(instance))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// Keywords whose values are schemas, maps of schemas and lists of schemas;
// the values of other keywords are data.
var (
	agreeSchemaKeys = map[string]bool{
		"items": true, "additionalProperties": true, "not": true, "if": true, "then": true, "else": true,
		"contains": true, "propertyNames": true, "unevaluatedItems": true, "unevaluatedProperties": true,
		"contentSchema": true, "additionalItems": true,
	}
	agreeSchemaMapKeys  = map[string]bool{"properties": true, "patternProperties": true, "dependentSchemas": true}
	agreeSchemaListKeys = map[string]bool{"oneOf": true, "anyOf": true, "allOf": true, "prefixItems": true}
	// agreeDropped are left out on both sides: the $ref layout and the
	// descriptions may differ.
	agreeDropped = map[string]bool{"$ref": true, "$defs": true, "$schema": true, "$id": true, "description": true}
)

// agreeNorm inlines the $refs of one schema document.
type agreeNorm struct {
	defs map[string]any
	// entered maps the $defs entries being inlined on the current path to
	// the depth at which they were entered.
	entered map[string]int
}

// agreeNormalize decodes a schema and returns it with every "#/$defs/…"
// reference replaced by its target, every "#" by a cycle back to the root,
// and the agreeDropped keywords removed.
// A reference to an entry that is already being inlined on the same path
// (a cycle) becomes {"$cycle": depth}, depth being where the entry was
// entered: it is measured in the inlined tree, so it is the same whatever
// the $ref layout. An empty schema becomes true.
func agreeNormalize(raw []byte) (any, error) {
	var root any
	if err := json.Unmarshal(raw, &root); err != nil {
		return nil, err
	}
	obj, ok := root.(map[string]any)
	if !ok {
		return root, nil
	}
	// toolgen's recursive root refers to itself as "#", the root, entered
	// at depth 0; invopop's root is a $ref to its $defs entry, which it
	// enters at depth 0: the cycles back to the root are cut at the same
	// place on both sides.
	n := &agreeNorm{entered: map[string]int{"#": 0}}
	n.defs, _ = obj["$defs"].(map[string]any)
	return n.schema(root, 0)
}

func (n *agreeNorm) schema(v any, depth int) (any, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		if _, isBool := v.(bool); !isBool {
			return nil, fmt.Errorf("a schema is neither an object nor a boolean: %v", v)
		}
		return v, nil
	}
	out := map[string]any{}
	if ref, ok := obj["$ref"].(string); ok {
		name, found := strings.CutPrefix(ref, "#/$defs/")
		if ref == "#" {
			name, found = ref, true
		}
		if !found {
			return nil, fmt.Errorf("$ref %q does not point into $defs or at the root", ref)
		}
		if d, cycle := n.entered[name]; cycle {
			out[agreeCycleKey] = float64(d)
		} else {
			def, ok := n.defs[name]
			if !ok {
				return nil, fmt.Errorf("$ref %q has no $defs entry", ref)
			}
			n.entered[name] = depth
			s, err := n.schema(def, depth)
			delete(n.entered, name)
			if err != nil {
				return nil, err
			}
			switch s := s.(type) {
			case map[string]any:
				for k, sub := range s {
					out[k] = sub
				}
			case bool:
				if !s {
					out["not"] = true
				}
			}
		}
	}
	for k, sub := range obj {
		if agreeDropped[k] {
			continue
		}
		var err error
		switch {
		case agreeSchemaKeys[k]:
			out[k], err = n.schema(sub, depth+1)
		case agreeSchemaMapKeys[k]:
			m, ok := sub.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s is not an object", k)
			}
			mo := map[string]any{}
			for name, s := range m {
				if mo[name], err = n.schema(s, depth+1); err != nil {
					return nil, err
				}
			}
			out[k] = mo
		case agreeSchemaListKeys[k]:
			l, ok := sub.([]any)
			if !ok {
				return nil, fmt.Errorf("%s is not an array", k)
			}
			lo := make([]any, len(l))
			for i, s := range l {
				if lo[i], err = n.schema(s, depth+1); err != nil {
					return nil, err
				}
			}
			out[k] = lo
		default:
			out[k] = sub
		}
		if err != nil {
			return nil, err
		}
	}
	if len(out) == 0 {
		return true, nil
	}
	return out, nil
}

// agreeDropConstEnums removes from toolgen's schema tg the enums that
// invopop's schema inv does not have at the same place: toolgen's
// documented enums from the constants of a named type. It also undoes the
// other documented additions: null where encoding/json writes it (nil
// pointers, slices and maps), integer bounds from the Go type, and the sign
// in the pattern of signed integer map keys.
func agreeDropConstEnums(tg, inv any) {
	a, ok := tg.(map[string]any)
	if !ok {
		return
	}
	b, ok := inv.(map[string]any)
	if !ok {
		return
	}
	// null where encoding/json writes it: a type array with "null", or a
	// union with {"type": "null"}.
	// The pattern or enum of a number or boolean sent as a string
	// (json:",string"), which invopop leaves out.
	if _, ok := b["pattern"]; !ok {
		switch a["pattern"] {
		case `^-?[0-9]+$`, `^[0-9]+$`, `^-?([0-9]{1,21}(\.[0-9]+)?|[0-9](\.[0-9]+)?[eE][+-]?([0-9]{1,2}|[12][0-9]{2}|30[0-7]))$`:
			delete(a, "pattern")
		}
	}
	if e, ok := a["enum"].([]any); ok && len(e) == 2 && e[0] == "true" && e[1] == "false" && b["enum"] == nil {
		delete(a, "enum")
	}
	if types, ok := a["type"].([]any); ok && len(types) == 2 && types[1] == "null" {
		if _, invList := b["type"].([]any); !invList {
			a["type"] = types[0]
		}
	}
	if branches, ok := a["anyOf"].([]any); ok && len(branches) == 2 && b["anyOf"] == nil {
		if null, _ := branches[1].(map[string]any); len(null) == 1 && null["type"] == "null" {
			delete(a, "anyOf")
			switch inner := branches[0].(type) {
			case map[string]any:
				for k, v := range inner {
					a[k] = v
				}
			case bool: // true: any value
			}
		}
	}
	if _, ok := a["enum"]; ok {
		if _, ok := b["enum"]; !ok {
			delete(a, "enum")
		}
	}
	// toolgen's other documented additions: the bounds of a sized integer
	// type, and signed integer map keys with their minus sign.
	if a["type"] == "integer" {
		for _, k := range []string{"minimum", "maximum"} {
			if _, ok := b[k]; !ok {
				delete(a, k)
			}
		}
	}
	if pp, ok := a["patternProperties"].(map[string]any); ok {
		// Signed keys, and the ranges of 8- and 16-bit keys.
		for k, v := range pp {
			if k == "^-?[0-9]+$" || strings.HasPrefix(k, "^(") {
				delete(pp, k)
				pp["^[0-9]+$"] = v
			}
		}
	}
	for k, av := range a {
		bv, ok := b[k]
		if !ok {
			continue
		}
		switch {
		case agreeSchemaKeys[k]:
			agreeDropConstEnums(av, bv)
		case agreeSchemaMapKeys[k]:
			am, _ := av.(map[string]any)
			bm, _ := bv.(map[string]any)
			for name, s := range am {
				agreeDropConstEnums(s, bm[name])
			}
		case agreeSchemaListKeys[k]:
			al, _ := av.([]any)
			bl, _ := bv.([]any)
			if len(al) == len(bl) {
				for i := range al {
					agreeDropConstEnums(al[i], bl[i])
				}
			}
		}
	}
}

// agreeDiffPaths returns the JSON pointers at which a and b differ.
func agreeDiffPaths(a, b any, at string) []string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		var names []string
		for k := range am {
			names = append(names, k)
		}
		for k := range bm {
			if _, ok := am[k]; !ok {
				names = append(names, k)
			}
		}
		slices.Sort(names)
		var out []string
		for _, k := range names {
			p := at + "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
			av, aok := am[k]
			bv, bok := bm[k]
			if aok != bok {
				out = append(out, p)
				continue
			}
			out = append(out, agreeDiffPaths(av, bv, p)...)
		}
		return out
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		var out []string
		for i := range al {
			out = append(out, agreeDiffPaths(al[i], bl[i], at+"/"+strconv.Itoa(i))...)
		}
		return out
	}
	if reflect.DeepEqual(a, b) {
		return nil
	}
	return []string{at}
}

// agreePointer splits a JSON pointer into its tokens.
func agreePointer(p string) []string {
	if p == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, tok := range toks {
		toks[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
	}
	return toks
}

// agreeLookup returns the value at the JSON pointer p.
func agreeLookup(v any, p string) (any, bool) {
	for _, tok := range agreePointer(p) {
		switch c := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = c[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			v = c[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// agreeSet sets (or, when !present, deletes) the value at the JSON pointer
// p, whose parent must exist, and returns the root.
func agreeSet(root any, p string, val any, present bool) any {
	toks := agreePointer(p)
	if len(toks) == 0 {
		return val
	}
	parent := root
	for _, tok := range toks[:len(toks)-1] {
		switch c := parent.(type) {
		case map[string]any:
			parent = c[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return root
			}
			parent = c[i]
		default:
			return root
		}
	}
	last := toks[len(toks)-1]
	switch c := parent.(type) {
	case map[string]any:
		if present {
			c[last] = val
		} else {
			delete(c, last)
		}
	case []any:
		if i, err := strconv.Atoi(last); err == nil && i >= 0 && i < len(c) && present {
			c[i] = val
		}
	}
	return root
}

// agreeSameValue reports whether the value at a path (got, present) is the
// recorded JSON want ("" for absent).
func agreeSameValue(t *testing.T, want string, got any, present bool) bool {
	t.Helper()
	if want == "" {
		return !present
	}
	if !present {
		return false
	}
	var w any
	require.NoError(t, json.Unmarshal([]byte(want), &w), "recorded value %s", want)
	return reflect.DeepEqual(w, got)
}

func agreeShow(v any, present bool) string {
	if !present {
		return "(absent)"
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

func agreeMarshal(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
}
