package generator

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
)

// The differential test holds the generated decoders to their promise (see
// package jsonarg): for every input, a tool with its decoder decodes
// exactly what the same tool without it decodes, or fails with exactly the
// same error. It generates the code of random types (property_test.go's
// generator, once as written and once with every tool that OpenAI's strict
// dialect can express marked strict), of the corpus and of the golden
// cases, builds it in a temporary module, and runs one program per module
// that decodes, for every tool with a decoder:
//
//   - valid instances: built from the tool's input schema here, and, for
//     the random types, by property_test.go's reflect-based filler inside
//     the program;
//   - mutations of them: a required property dropped, values of the wrong
//     JSON type, nulls, values outside an enum, numbers out of bounds or
//     not integers or out of the Go type's range, strings too short or too
//     long or with escapes or invalid UTF-8, arrays too short or too long,
//     keys in the wrong case, unknown keys, duplicate keys, and
//     arguments that are not an object, truncated or followed by more
//     data.
//
// The program decodes each input three ways: with the tool's Func with
// its decoder, with the same Func without it (WithDecoder(nil): the
// general path), and with the decoder function alone, to see whether it
// fell back. The first two must agree always (value and error string);
// where the decoder did not fall back, its own verdict must be the general
// path's; and no instance that the general path accepts may fall back.
//
// A long soak: go test ./generator -run TestDecoderDifferential
// -decoder.n=600 -decoder.instances=12 -v.
var (
	decN         = flag.Int("decoder.n", 30, "TestDecoderDifferential: number of random types")
	decSeed      = flag.Uint64("decoder.seed", 1, "TestDecoderDifferential: seed of the first batch; batch i uses seed+i")
	decBatch     = flag.Int("decoder.batch", 40, "TestDecoderDifferential: random types per module (one build each)")
	decInstances = flag.Int("decoder.instances", 5, "TestDecoderDifferential: valid instances per tool")
	decMutants   = flag.Int("decoder.mutants", 60, "TestDecoderDifferential: mutations per instance, at most")
)

// decHelperDir is the package of the check, in the test module.
const decHelperDir = "zz_toolgen_dec"

// decCase is one input of one tool.
type decCase struct {
	Pkg   string `json:"pkg"`
	Tool  string `json:"tool"`
	Args  []byte `json:"args"`
	Valid bool   `json:"valid"` // an instance, not a mutation
	What  string `json:"what"`
}

// decResult is what the program found for a case.
type decResult struct {
	Fallback bool   `json:"fallback"`
	Accepted bool   `json:"accepted"` // by the general path
	Problem  string `json:"problem,omitempty"`
}

// decOutput is the program's output.
type decOutput struct {
	Results []decResult `json:"results"`
	// Filled are the results of the filler's instances, by package and
	// tool.
	Filled []decFilled `json:"filled"`
}

type decFilled struct {
	Pkg, Tool string
	Args      []byte
	Result    decResult
}

// decTally counts what the test did.
type decTally struct {
	mu                                                                  sync.Mutex
	tools, withDecoder, cases, valid, fallbacks, validFallbacks, filled int
	noDecoder                                                           map[string]int
	mutations, mutationFallbacks                                        map[string]int
}

func TestDecoderDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program per module")
	}
	tally := &decTally{noDecoder: map[string]int{}, mutations: map[string]int{}, mutationFallbacks: map[string]int{}}
	t.Run("random", func(t *testing.T) {
		for i := 0; i*(*decBatch) < *decN; i++ {
			seed := *decSeed + uint64(i)
			size := min(*decBatch, *decN-i*(*decBatch))
			t.Run(fmt.Sprint(seed), func(t *testing.T) {
				b, err := propGenerate(seed, size)
				require.NoError(t, err)
				files := map[string][]byte{propPkg + "/prop.go": b.src}
				// The same types, with the tools that strict mode can
				// express marked strict.
				dir := writeModule(t, files)
				res := generate(t, dir)
				require.False(t, HasErrors(res.Diagnostics), "seed %d:\n%s", seed, formatDiagnostics(res.Diagnostics, dir))
				var strict []string
				for _, tool := range res.Packages[0].Tools {
					if _, err := runtime.ConvertSchema(tool.InputSchema, runtime.DialectOpenAIStrict); err == nil {
						strict = append(strict, tool.ID)
					}
				}
				src := strings.Replace(string(b.src), "package prop", "package propstrict", 1)
				for _, id := range strict {
					src = strings.Replace(src, "//tool:"+id+"\n", "//tool:"+id+" strict\n", 1)
				}
				files["propstrict/prop.go"] = []byte(src)
				var enums strings.Builder
				enums.WriteString("// ZZEnums are the constants of the enum types.\nvar ZZEnums = map[reflect.Type][]any{\n")
				for _, d := range b.decls {
					if len(d.consts) == 0 {
						continue
					}
					fmt.Fprintf(&enums, "\treflect.TypeFor[%s](): {", d.name)
					for i := range d.consts {
						fmt.Fprintf(&enums, "%sV%d, ", d.name, i)
					}
					enums.WriteString("},\n")
				}
				enums.WriteString("}\n")
				decRunModule(t, files, seed, tally, enums.String())
			})
		}
	})
	t.Run("plans", func(t *testing.T) {
		decRunModule(t, map[string][]byte{"plans/plans.go": []byte(decPlansSrc), "hard/hard.go": []byte(decHardSrc)}, 2, tally, "")
	})
	for _, kind := range []string{"corpus", "golden"} {
		t.Run(kind, func(t *testing.T) {
			for _, c := range readCases(t, kind) {
				t.Run(c.name, func(t *testing.T) {
					t.Parallel()
					decRunModule(t, c.inputs, 1, tally, "")
				})
			}
		})
	}
	tally.mu.Lock()
	defer tally.mu.Unlock()
	t.Logf("%d tools, %d with a decoder; %d inputs (%d valid instances), %d fallbacks (%d on valid instances); %d filler instances",
		tally.tools, tally.withDecoder, tally.cases, tally.valid, tally.fallbacks, tally.validFallbacks, tally.filled)
	for _, why := range slices.Sorted(maps.Keys(tally.noDecoder)) {
		t.Logf("  no decoder %d×: %s", tally.noDecoder[why], why)
	}
	for _, m := range slices.Sorted(maps.Keys(tally.mutations)) {
		t.Logf("  mutation %s: %d (%d fell back)", m, tally.mutations[m], tally.mutationFallbacks[m])
	}
}

// decReasonPattern generalizes a reason for counting: the Go path goes.
var decReasonPattern = regexp.MustCompile(`^[A-Za-z0-9_.\[\]]+: `)

// decRunModule generates the module of files, writes the check program,
// runs it on instances and mutations of every tool with a decoder and
// checks the results. enums, when set, is the source of the map of the
// constants of the enum types of every package (see propRun): the filler
// then builds instances too.
func decRunModule(t *testing.T, files map[string][]byte, seed uint64, tally *decTally, enums string) {
	dir := writeModule(t, files)
	res := generate(t, dir)
	require.False(t, HasErrors(res.Diagnostics), "diagnostics:\n%s", formatDiagnostics(res.Diagnostics, dir))
	for p, data := range res.Files {
		require.NoError(t, os.WriteFile(p, data, 0o644))
	}
	filler := enums != ""
	rng := rand.New(rand.NewPCG(seed, 0x646563))
	tally.mu.Lock()
	locked := true
	unlock := func() {
		if locked {
			tally.mu.Unlock()
			locked = false
		}
	}
	defer unlock()
	var cases []decCase
	var mainImports, mainChecks, mainFills strings.Builder
	for i, p := range res.Packages {
		rel, err := filepath.Rel(dir, p.Dir)
		require.NoError(t, err)
		var checks, fills strings.Builder
		for _, tool := range p.Tools {
			tally.tools++
			if tool.Decoder == "" {
				tally.noDecoder[decReasonPattern.ReplaceAllString(tool.NoDecoder, "")]++
				continue
			}
			tally.withDecoder++
			ctor := tool.Ctor + "()"
			if tool.Recv != "" {
				ctor = tool.Ctor + "(new(" + tool.Recv + "))"
			}
			fmt.Fprintf(&checks, "\t%q: func(args []byte) zz.Result { return zz.Check(%s, %s.WithDecoder(nil), %s, args) },\n", tool.ID, ctor, ctor, tool.Decoder)
			if filler && tool.Recv == "" {
				fmt.Fprintf(&fills, "\t%q: func(f *fill.Filler) [][]byte { return fill.Instances(f, %s) },\n", tool.ID, tool.Func)
			}
			schema := decParse(t, tool.InputSchema)
			g := &decGen{rng: rng, root: schema}
			for range *decInstances {
				inst := g.value(schema, 0)
				if tool.Strict {
					inst = decPadNulls(inst, schema, g)
				}
				data := inst.encode(nil)
				cases = append(cases, decCase{Pkg: p.Path, Tool: tool.ID, Args: data, Valid: true, What: "instance"})
				for _, m := range g.mutations(inst, schema, *decMutants) {
					tally.mutations[m.what]++
					cases = append(cases, decCase{Pkg: p.Path, Tool: tool.ID, Args: m.args, What: m.what})
				}
			}
		}
		var src strings.Builder
		fmt.Fprintf(&src, "package %s\n\nimport (\n", p.Name)
		if filler {
			fmt.Fprintf(&src, "\t\"reflect\"\n\n\tfill %q\n", agreeModule+"/"+propHelperDir)
		}
		fmt.Fprintf(&src, "\tzz %q\n)\n\n", agreeModule+"/"+decHelperDir)
		fmt.Fprintf(&src, "// ZZDecoderChecks check the decoders.\nvar ZZDecoderChecks = map[string]func([]byte) zz.Result{\n%s}\n", checks.String())
		if filler {
			fmt.Fprintf(&src, "\n// ZZFill builds instances with the filler.\nvar ZZFill = map[string]func(*fill.Filler) [][]byte{\n%s}\n\n%s", fills.String(), enums)
			fmt.Fprintf(&mainFills, "\tfilled = append(filled, zz.FillAll(fill.NewFiller(%d, %d, false, p%d.ZZEnums), %q, p%d.ZZDecoderChecks, p%d.ZZFill)...)\n", seed, *decInstances, i, p.Path, i, i)
		}
		agreeWrite(t, filepath.Join(p.Dir, "zz_decoder_check.go"), src.String())
		fmt.Fprintf(&mainImports, "\tp%d %q\n", i, agreeModule+"/"+filepath.ToSlash(rel))
		fmt.Fprintf(&mainChecks, "\t\t%q: p%d.ZZDecoderChecks,\n", p.Path, i)
	}
	unlock()
	agreeWrite(t, filepath.Join(dir, decHelperDir, "check.go"), decCheckSrc)
	if filler {
		gomodPath := filepath.Join(dir, "go.mod")
		gomod, err := os.ReadFile(gomodPath)
		require.NoError(t, err)
		gomod = append(gomod, "\nrequire github.com/invopop/jsonschema v0.14.0\n"...)
		require.NoError(t, os.WriteFile(gomodPath, gomod, 0o644))
		agreeWrite(t, filepath.Join(dir, propHelperDir, "fill.go"), strings.ReplaceAll(propFillerSrc, "§", "`"))
		agreeWrite(t, filepath.Join(dir, propHelperDir, "instances.go"), decInstancesSrc)
		fmt.Fprintf(&mainImports, "\n\tfill %q\n", agreeModule+"/"+propHelperDir)
	}
	main := fmt.Sprintf(`// Command run checks the generated decoders.
package main

import (
	"os"

%s	zz %q
)

func main() {
	var filled []zz.Filled
%s	zz.Main(os.Args[1], map[string]map[string]func([]byte) zz.Result{
%s	}, filled)
}
`, mainImports.String(), agreeModule+"/"+decHelperDir, mainFills.String(), mainChecks.String())
	agreeWrite(t, filepath.Join(dir, decHelperDir, "run", "main.go"), main)

	input, err := json.Marshal(cases)
	require.NoError(t, err)
	casesPath := filepath.Join(dir, "cases.json")
	require.NoError(t, os.WriteFile(casesPath, input, 0o644))
	cmd := exec.Command("go", "run", "./"+decHelperDir+"/run", casesPath)
	cmd.Dir = dir
	cmd.Env = testEnv()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "go run:\n%s", stderr.String())
	var out decOutput
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &out), "output:\n%.2000s", stdout.String())
	require.Len(t, out.Results, len(cases))

	tally.mu.Lock()
	locked = true
	problems := 0
	report := func(format string, args ...any) {
		problems++
		if problems <= 20 {
			t.Errorf(format, args...)
		}
	}
	for i, r := range out.Results {
		c := cases[i]
		tally.cases++
		if c.Valid {
			tally.valid++
		}
		if r.Fallback {
			tally.fallbacks++
			tally.mutationFallbacks[c.What]++
			if r.Accepted && c.Valid {
				tally.validFallbacks++
				r.Problem += "; a valid instance fell back"
			}
		}
		if r.Problem != "" {
			report("%s tool %s, %s: %s\nargs: %q", c.Pkg, c.Tool, c.What, r.Problem, c.Args)
		}
	}
	for _, f := range out.Filled {
		tally.filled++
		r := f.Result
		if r.Fallback && r.Accepted {
			tally.validFallbacks++
			r.Problem += "; a valid instance fell back"
		}
		if r.Problem != "" {
			report("%s tool %s, filler instance: %s\nargs: %q", f.Pkg, f.Tool, r.Problem, f.Args)
		}
	}
	if problems > 20 {
		t.Errorf("%d problems in all", problems)
	}
}

// decCheckSrc is the check, in package decHelperDir of the test module.
const decCheckSrc = `// Package zz_toolgen_dec checks generated decoders against the general path.
package zz_toolgen_dec

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/jsonarg"
)

// Result is what Check found.
type Result struct {
	Fallback bool   ` + "`json:\"fallback\"`" + `
	Accepted bool   ` + "`json:\"accepted\"`" + `
	Problem  string ` + "`json:\"problem,omitempty\"`" + `
}

// Check decodes args with the Func with its decoder, the Func without it,
// and the decoder alone, and compares.
func Check[In, Out any](with, without *runtime.Func[In, Out], decode func(*jsonarg.Decoder, *In), args []byte) (r Result) {
	defer func() {
		if p := recover(); p != nil {
			r.Problem = fmt.Sprintf("panic: %v", p)
		}
	}()
	gIn, gErr := without.Decode(args)
	fIn, fErr := with.Decode(args)
	r.Accepted = gErr == nil
	if errString(gErr) != errString(fErr) {
		r.Problem = fmt.Sprintf("errors differ: with the decoder %q, without %q", errString(fErr), errString(gErr))
		return r
	}
	if gErr == nil && !reflect.DeepEqual(gIn, fIn) {
		r.Problem = fmt.Sprintf("values differ: with the decoder %s, without %s", show(fIn), show(gIn))
		return r
	}
	if gErr != nil && errors.Is(gErr, runtime.ErrInvalidArguments) != errors.Is(fErr, runtime.ErrInvalidArguments) {
		r.Problem = "one error wraps ErrInvalidArguments, the other does not"
		return r
	}
	d := jsonarg.New(args, with.Spec().Strict)
	var in In
	decode(d, &in)
	fallback, msg := d.Finish()
	d.Release()
	r.Fallback = fallback
	if fallback {
		return r
	}
	switch {
	case msg == "" && gErr != nil:
		r.Problem = fmt.Sprintf("the decoder accepts what the general path rejects: %q", gErr)
	case msg == "" && !reflect.DeepEqual(in, gIn):
		r.Problem = fmt.Sprintf("the decoder decodes %s, the general path %s", show(in), show(gIn))
	case msg != "" && gErr == nil:
		r.Problem = fmt.Sprintf("the decoder rejects what the general path accepts: %q", msg)
	case msg != "" && runtime.ErrInvalidArguments.Error()+": "+msg != gErr.Error():
		r.Problem = fmt.Sprintf("messages differ: decoder %q, general path %q", msg, gErr)
	}
	return r
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func show(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return fmt.Sprintf("%s (%#v)", data, v)
}

type input struct {
	Pkg  string ` + "`json:\"pkg\"`" + `
	Tool string ` + "`json:\"tool\"`" + `
	Args []byte ` + "`json:\"args\"`" + `
}

// Filled is a filler's instance and its result.
type Filled struct {
	Pkg, Tool string
	Args      []byte
	Result    Result
}

// FillAll checks the filler's instances of the tools of one package, in
// the order of their ids.
func FillAll[F any](f F, pkg string, checks map[string]func([]byte) Result, fills map[string]func(F) [][]byte) []Filled {
	ids := make([]string, 0, len(fills))
	for id := range fills {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var out []Filled
	for _, id := range ids {
		for _, args := range fills[id](f) {
			out = append(out, Filled{pkg, id, args, checks[id](args)})
		}
	}
	return out
}

// Main checks every case of the file at path and prints the results.
func Main(path string, checks map[string]map[string]func([]byte) Result, filled []Filled) {
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	var in []input
	if err := json.Unmarshal(data, &in); err != nil {
		panic(err)
	}
	out := struct {
		Results []Result ` + "`json:\"results\"`" + `
		Filled  []Filled ` + "`json:\"filled\"`" + `
	}{Results: make([]Result, len(in))}
	for i, c := range in {
		out.Results[i] = checks[c.Pkg][c.Tool](c.Args)
	}
	out.Filled = filled
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
`

// decInstancesSrc adds Instances to the filler's package.
const decInstancesSrc = `package zz_toolgen_prop

import (
	"context"
	"encoding/json"
	"reflect"
)

// Instances builds n instances of the input of fn, encoded.
func Instances[In, Out any](f *Filler, fn func(context.Context, In) (Out, error)) [][]byte {
	t := reflect.TypeFor[In]()
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out [][]byte
	for i := 0; i < f.n; i++ {
		v := reflect.New(t).Elem()
		f.fill(v, rules{}, 0)
		data, err := json.Marshal(v.Interface())
		if err != nil {
			panic(err)
		}
		out = append(out, data)
	}
	return out
}
`

// decNode is a JSON value that keeps the order of an object's keys, and
// may hold the same key twice: what the mutations need.
type decNode struct {
	kind byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' boolean, 'z' null, 'r' raw text
	keys []string
	vals []*decNode
	text string // a string's value, a number's or boolean's literal, raw text
}

func (n *decNode) clone() *decNode {
	c := *n
	c.keys = slices.Clone(n.keys)
	c.vals = make([]*decNode, len(n.vals))
	for i, v := range n.vals {
		c.vals[i] = v.clone()
	}
	return &c
}

func (n *decNode) encode(dst []byte) []byte {
	switch n.kind {
	case 'o':
		dst = append(dst, '{')
		for i, k := range n.keys {
			if i > 0 {
				dst = append(dst, ',')
			}
			kb, _ := json.Marshal(k)
			dst = append(dst, kb...)
			dst = append(dst, ':')
			dst = n.vals[i].encode(dst)
		}
		return append(dst, '}')
	case 'a':
		dst = append(dst, '[')
		for i, v := range n.vals {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = v.encode(dst)
		}
		return append(dst, ']')
	case 's':
		b, _ := json.Marshal(n.text)
		return append(dst, b...)
	case 'z':
		return append(dst, "null"...)
	}
	return append(dst, n.text...)
}

func decLit(kind byte, text string) *decNode { return &decNode{kind: kind, text: text} }

// decParse parses a schema (or any JSON) as generic values.
func decParse(t *testing.T, data []byte) any {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	return v
}

// decGen builds instances of a schema and mutations of them.
type decGen struct {
	rng  *rand.Rand
	root any
}

// resolve follows $ref.
func (g *decGen) resolve(s any) map[string]any {
	for range 32 {
		m, ok := s.(map[string]any)
		if !ok {
			return map[string]any{}
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		name := strings.TrimPrefix(ref, "#/$defs/")
		s = g.root.(map[string]any)["$defs"].(map[string]any)[name]
	}
	return map[string]any{}
}

// branch returns the non-null branch of a union with null, or nil.
func (g *decGen) branch(m map[string]any) any {
	for _, k := range []string{"oneOf", "anyOf"} {
		if alts, ok := m[k].([]any); ok && len(alts) == 2 {
			for i, a := range alts {
				if am := g.resolve(a); am["type"] == "null" {
					return alts[1-i]
				}
			}
		}
	}
	return nil
}

func decTypes(m map[string]any) []string {
	switch t := m["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			out = append(out, x.(string))
		}
		return out
	}
	return nil
}

func decNum(m map[string]any, k string) (*big.Rat, bool) {
	n, ok := m[k].(json.Number)
	if !ok {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(n.String())
	return r, ok
}

func decCount(m map[string]any, k string, def int) int {
	if n, ok := m[k].(json.Number); ok {
		i, _ := n.Int64()
		return int(i)
	}
	return def
}

var decAlphabet = []string{"a", "b", "Z", " ", "é", "日", "😀", "\"", "\\", "\n", "/", "<", "x"}

func (g *decGen) str(lo, hi int) string {
	n := lo
	if hi > lo {
		n += g.rng.IntN(hi - lo + 1)
	}
	var b strings.Builder
	for range n {
		b.WriteString(decAlphabet[g.rng.IntN(len(decAlphabet))])
	}
	return b.String()
}

// anyValue is a random JSON value.
func (g *decGen) anyValue(depth int) *decNode {
	switch x := g.rng.IntN(8); {
	case x == 0:
		return decLit('z', "")
	case x == 1:
		return decLit('b', "true")
	case x == 2:
		return decLit('n', fmt.Sprint(g.rng.IntN(2000)-1000))
	case x == 3:
		return decLit('n', "2.5")
	case x == 4 && depth < 3:
		n := &decNode{kind: 'a'}
		for range g.rng.IntN(3) {
			n.vals = append(n.vals, g.anyValue(depth+1))
		}
		return n
	case x == 5 && depth < 3:
		n := &decNode{kind: 'o'}
		for i := range g.rng.IntN(3) {
			n.keys = append(n.keys, fmt.Sprintf("k%d", i))
			n.vals = append(n.vals, g.anyValue(depth+1))
		}
		return n
	}
	return decLit('s', g.str(0, 5))
}

// value builds a random value that schema s accepts.
func (g *decGen) value(s any, depth int) *decNode {
	m := g.resolve(s)
	if b := g.branch(m); b != nil {
		if g.rng.IntN(4) == 0 {
			return decLit('z', "")
		}
		return g.value(b, depth)
	}
	if e, ok := m["enum"].([]any); ok {
		return decFromValue(e[g.rng.IntN(len(e))])
	}
	if c, ok := m["const"]; ok {
		return decFromValue(c)
	}
	types := decTypes(m)
	if slices.Contains(types, "null") && (len(types) == 1 || g.rng.IntN(4) == 0) {
		return decLit('z', "")
	}
	types = slices.DeleteFunc(types, func(s string) bool { return s == "null" })
	if len(types) == 0 {
		return g.anyValue(depth)
	}
	switch types[0] {
	case "object":
		n := &decNode{kind: 'o'}
		props, _ := m["properties"].(map[string]any)
		var required []string
		if r, ok := m["required"].([]any); ok {
			for _, x := range r {
				required = append(required, x.(string))
			}
		}
		names := slices.Sorted(maps.Keys(props))
		g.rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		for _, name := range names {
			if !slices.Contains(required, name) && (depth > 3 || g.rng.IntN(2) == 0) {
				continue
			}
			n.keys = append(n.keys, name)
			n.vals = append(n.vals, g.value(props[name], depth+1))
		}
		if props == nil {
			values, ok := m["additionalProperties"]
			if !ok {
				values = true
			}
			if _, isFalse := values.(bool); !(isFalse && values == false) {
				for i := range g.rng.IntN(3) {
					if depth > 3 {
						break
					}
					n.keys = append(n.keys, fmt.Sprintf("key%d", i))
					n.vals = append(n.vals, g.value(values, depth+1))
				}
			}
		}
		return n
	case "array":
		lo, hi := decCount(m, "minItems", 0), decCount(m, "maxItems", 3)
		if depth > 3 {
			hi = lo
		}
		n := &decNode{kind: 'a'}
		for range lo + g.rng.IntN(max(hi-lo, 0)+1) {
			n.vals = append(n.vals, g.value(m["items"], depth+1))
		}
		return n
	case "string":
		if m["format"] == "date-time" {
			tm := time.Unix(g.rng.Int64N(4102444800), g.rng.Int64N(1e9)).UTC()
			return decLit('s', tm.Format(time.RFC3339Nano))
		}
		if m["contentEncoding"] == "base64" {
			b := make([]byte, g.rng.IntN(6))
			for i := range b {
				b[i] = byte(g.rng.IntN(256))
			}
			return decLit('s', base64.StdEncoding.EncodeToString(b))
		}
		return decLit('s', g.str(decCount(m, "minLength", 0), decCount(m, "maxLength", decCount(m, "minLength", 0)+6)))
	case "integer":
		return decLit('n', g.integer(m).String())
	case "number":
		return decLit('n', g.number(m))
	case "boolean":
		return decLit('b', strconv.FormatBool(g.rng.IntN(2) == 0))
	}
	return g.anyValue(depth)
}

// integer is a random integer within m's bounds, often at a bound.
func (g *decGen) integer(m map[string]any) *big.Int {
	lo, hi := big.NewInt(-1000), big.NewInt(1000)
	if r, ok := decNum(m, "minimum"); ok {
		lo = ceilRat(r)
		if hi.Cmp(lo) < 0 {
			hi = new(big.Int).Add(lo, big.NewInt(1000))
		}
	}
	if r, ok := decNum(m, "exclusiveMinimum"); ok {
		lo = new(big.Int).Add(floorRat(r), big.NewInt(1))
		if hi.Cmp(lo) < 0 {
			hi = new(big.Int).Add(lo, big.NewInt(1000))
		}
	}
	if r, ok := decNum(m, "maximum"); ok {
		hi = floorRat(r)
	}
	if r, ok := decNum(m, "exclusiveMaximum"); ok {
		hi = new(big.Int).Sub(ceilRat(r), big.NewInt(1))
	}
	if lo.Cmp(hi) > 0 {
		return lo
	}
	switch g.rng.IntN(5) {
	case 0:
		return lo
	case 1:
		return hi
	}
	span := new(big.Int).Sub(hi, lo)
	if span.Cmp(big.NewInt(2000)) > 0 {
		// A wide range: near one end or near zero.
		base := []*big.Int{lo, new(big.Int).Sub(hi, big.NewInt(2000)), big.NewInt(-1000)}[g.rng.IntN(3)]
		if base.Cmp(lo) < 0 {
			base = lo
		}
		return new(big.Int).Add(base, big.NewInt(g.rng.Int64N(2000)))
	}
	return new(big.Int).Add(lo, big.NewInt(g.rng.Int64N(span.Int64()+1)))
}

// number is a random number within m's bounds, as a literal.
func (g *decGen) number(m map[string]any) string {
	lo, hi := -1000.0, 1000.0
	var inclusive []string
	for _, k := range []string{"minimum", "maximum"} {
		if n, ok := m[k].(json.Number); ok {
			inclusive = append(inclusive, n.String())
		}
	}
	if n, ok := m["minimum"].(json.Number); ok {
		lo, _ = n.Float64()
	}
	if n, ok := m["exclusiveMinimum"].(json.Number); ok {
		lo, _ = n.Float64()
		lo += 0.125
	}
	if n, ok := m["maximum"].(json.Number); ok {
		hi, _ = n.Float64()
	}
	if n, ok := m["exclusiveMaximum"].(json.Number); ok {
		hi, _ = n.Float64()
		hi -= 0.125
	}
	if len(inclusive) > 0 && g.rng.IntN(4) == 0 {
		return inclusive[g.rng.IntN(len(inclusive))]
	}
	x := lo + g.rng.Float64()*(hi-lo)
	x = float64(int64(x*8)) / 8
	if x < lo || x > hi {
		x = lo
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// decFromValue turns a parsed schema value into a node.
func decFromValue(v any) *decNode {
	switch v := v.(type) {
	case string:
		return decLit('s', v)
	case json.Number:
		return decLit('n', v.String())
	case bool:
		return decLit('b', strconv.FormatBool(v))
	case nil:
		return decLit('z', "")
	}
	data, _ := json.Marshal(v)
	return decLit('r', string(data))
}

// decPadNulls adds null for every optional property an instance leaves
// out: what a model in strict mode sends.
func decPadNulls(n *decNode, s any, g *decGen) *decNode {
	m := g.resolve(s)
	if b := g.branch(m); b != nil {
		if n.kind == 'z' {
			return n
		}
		return decPadNulls(n, b, g)
	}
	switch n.kind {
	case 'o':
		props, _ := m["properties"].(map[string]any)
		for i, k := range n.keys {
			if ps, ok := props[k]; ok {
				n.vals[i] = decPadNulls(n.vals[i], ps, g)
			}
		}
		for _, name := range slices.Sorted(maps.Keys(props)) {
			if !slices.Contains(n.keys, name) {
				n.keys = append(n.keys, name)
				n.vals = append(n.vals, decLit('z', ""))
			}
		}
	case 'a':
		for i := range n.vals {
			n.vals[i] = decPadNulls(n.vals[i], m["items"], g)
		}
	}
	return n
}

// decMutation is a mutated input.
type decMutation struct {
	what string
	args []byte
}

// decSite is a value in an instance, with its schema.
type decSite struct {
	node   *decNode
	schema map[string]any
}

// mutations returns up to max mutations of inst.
func (g *decGen) mutations(inst *decNode, s any, limit int) []decMutation {
	var out []decMutation
	add := func(what string, root *decNode) {
		out = append(out, decMutation{what, root.encode(nil)})
	}
	addRaw := func(what string, args []byte) {
		out = append(out, decMutation{what, args})
	}
	// The whole input.
	data := inst.encode(nil)
	addRaw("trailing data", append(slices.Clone(data), " x"...))
	addRaw("trailing value", append(slices.Clone(data), " {}"...))
	addRaw("whitespace around", append(append([]byte(" \n\t"), data...), " \r\n"...))
	addRaw("truncated", data[:len(data)-1])
	for _, lit := range []string{"", "null", "[]", "12", `"x"`, "{", `{"a"}`, "nul"} {
		addRaw("not an object", []byte(lit))
	}

	// Sites: every value, with its schema; mutations apply to clones.
	var sites []decSite
	var paths [][]int
	var walk func(n *decNode, s any, path []int)
	walk = func(n *decNode, s any, path []int) {
		m := g.resolve(s)
		if b := g.branch(m); b != nil && n.kind != 'z' {
			m = g.resolve(b)
		}
		sites = append(sites, decSite{n, m})
		paths = append(paths, slices.Clone(path))
		switch n.kind {
		case 'o':
			props, _ := m["properties"].(map[string]any)
			for i, k := range n.keys {
				ps, ok := props[k]
				if !ok {
					ps = m["additionalProperties"]
				}
				walk(n.vals[i], ps, append(path, i))
			}
		case 'a':
			for i, v := range n.vals {
				walk(v, m["items"], append(path, i))
			}
		}
	}
	walk(inst, s, nil)
	at := func(root *decNode, path []int) *decNode {
		n := root
		for _, i := range path {
			n = n.vals[i]
		}
		return n
	}
	// replace returns a copy of inst with the value at path replaced.
	replace := func(path []int, v *decNode) *decNode {
		root := inst.clone()
		if len(path) == 0 {
			return v
		}
		parent := at(root, path[:len(path)-1])
		parent.vals[path[len(path)-1]] = v
		return root
	}
	order := g.rng.Perm(len(sites))
	for _, si := range order {
		if len(out) >= limit {
			break
		}
		site, path := sites[si], paths[si]
		m := site.schema
		// Values of every other JSON type.
		wrong := []*decNode{decLit('z', ""), decLit('b', "true"), decLit('n', "7"), decLit('s', "x"), {kind: 'a'}, {kind: 'o'}}
		for _, w := range wrong {
			if w.kind != site.node.kind && g.rng.IntN(2) == 0 {
				add("wrong type", replace(path, w))
			}
		}
		if e, ok := m["enum"].([]any); ok && len(e) > 0 {
			switch e[0].(type) {
			case string:
				add("out of enum", replace(path, decLit('s', "zzz")))
				add("out of enum", replace(path, decLit('s', strings.ToUpper(e[0].(string)))))
			case json.Number:
				add("out of enum", replace(path, decLit('n', "99999")))
				add("out of enum", replace(path, decLit('n', "1.5")))
			}
		}
		switch site.node.kind {
		case 'n':
			for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
				if r, ok := decNum(m, k); ok {
					for _, d := range []string{"-1", "1", "0", "-1/8", "1/8"} {
						dr, _ := new(big.Rat).SetString(d)
						x := new(big.Rat).Add(r, dr)
						lit := x.FloatString(3)
						if x.IsInt() {
							lit = x.Num().String()
						}
						add("number at a bound", replace(path, decLit('n', strings.TrimRight(strings.TrimRight(lit, "0"), "."))))
					}
				}
			}
			for _, lit := range []string{"1.5", "-1", "1e400", "1e3", "1.0", "-0", "12345678901234567890123", "0.1", "-9223372036854775809", "18446744073709551616", "4294967296", "2147483648", "1E2", "-1.5e-7"} {
				if g.rng.IntN(3) == 0 {
					add("odd number", replace(path, decLit('n', lit)))
				}
			}
		case 's':
			if lo := decCount(m, "minLength", -1); lo > 0 {
				add("string too short", replace(path, decLit('s', g.str(lo-1, lo-1))))
			}
			if hi := decCount(m, "maxLength", -1); hi >= 0 {
				add("string too long", replace(path, decLit('s', g.str(hi+1, hi+3))))
			}
			add("escaped string", replace(path, decLit('r', `"\u00e9\t\ud83d\ude00\/"`)))
			if g.rng.IntN(3) == 0 {
				add("invalid UTF-8", replace(path, decLit('r', "\"\xff\"")))
				add("lone surrogate", replace(path, decLit('r', `"\ud800"`)))
				add("bad time", replace(path, decLit('s', "2024-13-01T00:00:00Z")))
			}
		case 'a':
			if len(site.node.vals) > 0 {
				c := site.node.clone()
				c.vals = c.vals[1:]
				add("array shorter", replace(path, c))
				c = site.node.clone()
				for range 4 {
					c.vals = append(c.vals, c.vals[len(c.vals)-1].clone())
				}
				add("array longer", replace(path, c))
				c = site.node.clone()
				c.vals[0] = decLit('z', "")
				add("null item", replace(path, c))
			}
		case 'o':
			props, _ := m["properties"].(map[string]any)
			if r, ok := m["required"].([]any); ok && len(r) > 0 {
				for _, x := range r[:min(len(r), 2)] {
					name := x.(string)
					if i := slices.Index(site.node.keys, name); i >= 0 {
						c := site.node.clone()
						c.keys = slices.Delete(c.keys, i, i+1)
						c.vals = slices.Delete(c.vals, i, i+1)
						add("required dropped", replace(path, c))
					}
				}
			}
			c := site.node.clone()
			c.keys = append(c.keys, "zzUnknown")
			c.vals = append(c.vals, decLit('n', "1"))
			add("unknown key", replace(path, c))
			if len(site.node.keys) > 0 {
				i := g.rng.IntN(len(site.node.keys))
				c := site.node.clone()
				k := c.keys[i]
				if up := strings.ToUpper(k[:1]) + k[1:]; up != k {
					c.keys[i] = up
				} else {
					c.keys[i] = strings.ToLower(k[:1]) + k[1:]
				}
				add("key case", replace(path, c))
				c = site.node.clone()
				c.keys = append(c.keys, c.keys[i])
				c.vals = append(c.vals, c.vals[i].clone())
				add("duplicate key", replace(path, c))
				c = site.node.clone()
				c.vals[i] = decLit('z', "")
				add("null value", replace(path, c))
			}
			for _, name := range slices.Sorted(maps.Keys(props)) {
				if !slices.Contains(site.node.keys, name) && g.rng.IntN(2) == 0 {
					c := site.node.clone()
					c.keys = append(c.keys, name)
					c.vals = append(c.vals, decLit('z', ""))
					add("optional null", replace(path, c))
				}
			}
			if len(site.node.keys) > 0 {
				// The same key, escaped: the decoder must unescape keys.
				c := site.node.clone()
				root := replace(path, c)
				data := root.encode(nil)
				kb, _ := json.Marshal(c.keys[0])
				esc := `"\u` + fmt.Sprintf("%04x", kb[1]) + string(kb[2:])
				addRaw("escaped key", bytes.Replace(data, append(kb, ':'), append([]byte(esc), ':'), 1))
			}
		}
	}
	return out
}

// decHardSrc holds shapes that the other sources have few of: nullable
// enums and structs, strict tools with optional nulls at every depth,
// recursion through slices and maps, maps of slices, float bounds that
// are not binary fractions, named collections.
const decHardSrc = `package hard

import (
	"context"
	"time"
)

type Color string

const (
	Red   Color = "red"
	Green Color = "green"
)

type Level int8

const (
	Low  Level = 1
	High Level = 3
)

type Names []string

type Scores map[string]float32

type Leaf struct {
	Label string  ` + "`json:\"label\"`" + `
	Note  *string ` + "`json:\"note,omitempty\"`" + `
	Color *Color  ` + "`json:\"color,omitempty\"`" + `
}

type Tree struct {
	Name     string           ` + "`json:\"name\" jsonschema:\"minLength=2\"`" + `
	Children []Tree           ` + "`json:\"children,omitempty\" jsonschema:\"maxItems=3\"`" + `
	ByName   map[string]*Tree ` + "`json:\"byName,omitempty\"`" + `
	Leaf     *Leaf            ` + "`json:\"leaf,omitempty\" jsonschema:\"nullable\"`" + `
}

type Hard struct {
	Color   Color               ` + "`json:\"color\" jsonschema:\"nullable\"`" + `
	Level   *Level              ` + "`json:\"level,omitempty\" jsonschema:\"nullable\"`" + `
	Ratio   float64             ` + "`json:\"ratio\" jsonschema:\"minimum=0.1,maximum=0.3\"`" + `
	Small   float32             ` + "`json:\"small,omitempty\" jsonschema:\"exclusiveMinimum=0.1,exclusiveMaximum=1e3\"`" + `
	Count   uint16              ` + "`json:\"count,omitempty\" jsonschema:\"minimum=2.5,maximum=1e9\"`" + `
	Names   []string            ` + "`json:\"names\" jsonschema:\"minItems=1\"`" + `
	Also    Names               ` + "`json:\"also,omitempty\"`" + `
	Scores  Scores              ` + "`json:\"scores,omitempty\"`" + `
	Groups  map[string][]string ` + "`json:\"groups,omitempty\"`" + `
	Leaves  []*Leaf             ` + "`json:\"leaves,omitempty\"`" + `
	Tree    Tree                ` + "`json:\"tree\"`" + `
	When    *time.Time          ` + "`json:\"when,omitempty\"`" + `
	Nothing struct{}            ` + "`json:\"nothing,omitzero\"`" + `
	Tags    []string            ` + "`json:\"tags,omitempty\" jsonschema:\"uniqueItems=true\"`" + `
	Codes   []Level             ` + "`json:\"codes,omitempty\" jsonschema:\"uniqueItems=true,maxItems=4\"`" + `
	Owner   string              ` + "`json:\"owner,omitempty\" jsonschema:\"pattern=^[a-z]+$,maxLength=5\"`" + `
	Step    int                 ` + "`json:\"step,omitempty\" jsonschema:\"multipleOf=5\"`" + `
	Half    float64             ` + "`json:\"half,omitempty\" jsonschema:\"multipleOf=0.5\"`" + `
	Pair    [2]string           ` + "`json:\"pair,omitempty\"`" + `
}

type Deep struct {
	Leaf  Leaf    ` + "`json:\"leaf\"`" + `
	Leafs []Leaf  ` + "`json:\"leafs\"`" + `
	Opt   *Leaf   ` + "`json:\"opt,omitempty\"`" + `
	Maybe *string ` + "`json:\"maybe\" jsonschema:\"nullable\"`" + `
}

// DoHard takes everything hard.
//
//tool:hard
func DoHard(ctx context.Context, in Hard) (bool, error) { return true, nil }

// DoDeep is strict: optional nulls are dropped at every depth.
//
//tool:deep strict
func DoDeep(ctx context.Context, in Deep) (bool, error) { return true, nil }

// DoTree takes a recursive type.
//
//tool:tree
func DoTree(ctx context.Context, in *Tree) (bool, error) { return true, nil }
`

// TestLeafMemo checks that sharing the plans of leaf struct decoders
// between the tools of a schema worker (leafPlan) changes no generated
// file: random packages whose tools share struct types, plain and with
// every tool that can be strict marked so, are generated with the memo and
// without it.
func TestLeafMemo(t *testing.T) {
	// Leaf types shared by tools in every position: a field, a pointer, a
	// map value, an item of a nullable slice, twice in one input (then in
	// $defs), and the same again in strict tools.
	var shared strings.Builder
	shared.WriteString(`package shared

import "context"

type Level string

const (
	Low  Level = "low"
	High Level = "high"
)

type Leaf struct {
	Name  string            ` + "`json:\"name\" jsonschema:\"pattern=^[a-z]+$\"`" + `
	Level Level             ` + "`json:\"level,omitempty\"`" + `
	Count *int              ` + "`json:\"count,omitempty\" jsonschema:\"minimum=1\"`" + `
	Tags  []string          ` + "`json:\"tags,omitempty\"`" + `
}

type Other struct {
	On bool ` + "`json:\"on\"`" + `
}
`)
	shapes := []string{"L Leaf", "P *Leaf", "M map[string]Leaf", "S []Leaf", "A [2]Leaf", "L Leaf; K Leaf", "O Other; L *Leaf", "N []*Leaf"}
	for i, shape := range shapes {
		for _, opt := range []string{"", "strict"} {
			if opt != "" && strings.Contains(shape, "map") {
				continue // a free-form map: not in strict mode
			}
			name := fmt.Sprintf("T%d%s", i, opt)
			fmt.Fprintf(&shared, "\ntype %sIn struct {\n\t%s\n}\n\n// %s takes %s.\n//\n//tool:%s %s\nfunc %s(ctx context.Context, in %sIn) (Other, error) { return Other{}, nil }\n",
				name, strings.ReplaceAll(shape, "; ", "\n\t"), name, shape, strings.ToLower(name), opt, name, name)
		}
	}
	dir := writeModule(t, map[string][]byte{"shared/shared.go": []byte(shared.String())})
	with := generate(t, dir)
	require.False(t, HasErrors(with.Diagnostics), "%s", formatDiagnostics(with.Diagnostics, dir))
	noLeafMemo = true
	without := generate(t, dir)
	noLeafMemo = false
	require.Len(t, with.Files, 1)
	for path, want := range without.Files {
		require.Equal(t, string(want), string(with.Files[path]), path)
	}

	for seed := uint64(1); seed <= 3; seed++ {
		b, err := propGenerate(seed, 80)
		require.NoError(t, err)
		files := map[string][]byte{propPkg + "/prop.go": b.src}
		res := generate(t, writeModule(t, files))
		require.False(t, HasErrors(res.Diagnostics))
		src := strings.Replace(string(b.src), "package prop", "package propstrict", 1)
		strict := 0
		for _, tool := range res.Packages[0].Tools {
			if _, err := runtime.ConvertSchema(tool.InputSchema, runtime.DialectOpenAIStrict); err == nil {
				src = strings.Replace(src, "//tool:"+tool.ID+"\n", "//tool:"+tool.ID+" strict\n", 1)
				strict++
			}
		}
		require.Greater(t, strict, 5, "seed %d: too few strict tools", seed)
		files["propstrict/prop.go"] = []byte(src)
		dir := writeModule(t, files)
		with := generate(t, dir)
		noLeafMemo = true
		without := generate(t, dir)
		noLeafMemo = false
		require.False(t, HasErrors(with.Diagnostics))
		require.Len(t, with.Files, 2)
		for path, want := range without.Files {
			require.Equal(t, string(want), string(with.Files[path]), "seed %d: %s", seed, path)
		}
	}
}
