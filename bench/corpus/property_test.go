package corpus_test

import (
	"bytes"
	"context"
	"encoding"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/constant"
	"go/types"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/tools/go/packages"

	"github.com/toolgen-go/toolgen/bench/corpus/control"
	ghtools "github.com/toolgen-go/toolgen/bench/corpus/github"
	k8stools "github.com/toolgen-go/toolgen/bench/corpus/k8s"
	"github.com/toolgen-go/toolgen/bench/corpus/stdlib"
	stripetools "github.com/toolgen-go/toolgen/bench/corpus/stripe"
	"github.com/toolgen-go/toolgen/bench/corpus/stripe2"
)

// TestCorpus checks that the schemas toolgen generates agree with
// encoding/json on the corpus's tools, whose inputs and outputs use the
// types of the standard library, go-github, stripe-go and apimachinery.
// Per tool it
//
//   - builds random values of the input and the output type (fill_test.go),
//     encodes each with encoding/json as a user would (json.Marshal(&v)),
//     and validates the JSON against the tool's schema with toolgen's
//     schema package, the runtime's validator, and with
//     santhosh-tekuri/jsonschema (draft 2020-12, formats and content
//     asserted): every value must pass both;
//   - runs every output value through the runtime's output path
//     (toolexec.ValidatingOutputs, which encodes the output as tool.Func
//     does): every value must pass;
//   - writes random documents that the input schema accepts
//     (docgen_test.go) and takes each through toolexec.Prepare, the path
//     of a model's arguments: every document must decode.
//
// It logs a table per package (go test -v shows it): values, encoding
// failures (skipped), rejections, documents, decoding failures, and the
// causes grouped by the Go type at fault. Every rejection and decoding
// failure is an error naming the tool, the Go type path and the JSON.
//
//	cd bench/corpus && go generate ./... && go test ./...
//	go test -run 'TestCorpus/stripe$' -corpus.n=20 -v
var (
	flagN      = flag.Int("corpus.n", 100, "TestCorpus: random values per type (each tool's input and output)")
	flagDocs   = flag.Int("corpus.docs", 100, "TestCorpus: random input documents per tool")
	flagSeed   = flag.Uint64("corpus.seed", 1, "TestCorpus: seed; each tool's values depend on it and the tool's id alone")
	flagDepth  = flag.Int("corpus.depth", 6, "TestCorpus: nesting beyond which the filler leaves pointers nil and slices and maps nil or empty")
	flagBudget = flag.Int("corpus.budget", 1500, "TestCorpus: values the filler builds for one root value before it stops filling pointers, slices and maps")
	flagNil    = flag.Bool("corpus.nilelems", false, "TestCorpus: let elements of slices and values of maps be nil pointers (encoding/json writes null)")
	flagShow   = flag.Int("corpus.show", 12, "TestCorpus: causes logged per package in the table")
)

// entry is one tool of the corpus, typed.
type entry struct {
	tool    tool.Tool
	in, out reflect.Type
	// runtime is a tool with the same output schema whose function
	// returns the value last given to setOutput, to take outputs through
	// the runtime's output path. It has no input schema, so that it takes
	// the arguments {} whatever the tool's input.
	runtime   tool.Tool
	setOutput func(v reflect.Value)
}

func mk[In, Out any](f *tool.Func[In, Out]) entry {
	var next Out
	spec := *f.Spec()
	spec.InputSchema = nil
	rt := tool.NewFunc(&spec, func(context.Context, In) (Out, error) { return next, nil })
	return entry{
		tool: f, in: reflect.TypeFor[In](), out: reflect.TypeFor[Out](),
		runtime:   rt,
		setOutput: func(v reflect.Value) { next = v.Interface().(Out) },
	}
}

// corpusPkg is a package of tools of the corpus.
type corpusPkg struct {
	name    string // its directory
	tools   tool.Toolset
	entries []entry
}

func corpus() []corpusPkg {
	return []corpusPkg{
		{"control", control.Tools(), []entry{mk(control.EchoTool())}},
		{"stdlib", stdlib.Tools(), []entry{mk(stdlib.NumbersTool()), mk(stdlib.AddressesTool()), mk(stdlib.RecordTool())}},
		{"github", ghtools.Tools(), []entry{mk(ghtools.GetIssueTool()), mk(ghtools.GetRepoTool()), mk(ghtools.ListPullsTool()), mk(ghtools.CreateIssueTool())}},
		{"stripe", stripetools.Tools(), []entry{mk(stripetools.GetCustomerTool()), mk(stripetools.ListChargesTool()), mk(stripetools.CreatePaymentIntentTool())}},
		{"stripe2", stripe2.Tools(), []entry{mk(stripe2.GetCustomerTool()), mk(stripe2.GetPaymentIntentTool())}},
		{"k8s", k8stools.Tools(), []entry{mk(k8stools.ScaleTool()), mk(k8stools.GetPatchTool()), mk(k8stools.ManagedFieldsTool()), mk(k8stools.ApplyTool()), mk(k8stools.GetDynamicTool())}},
	}
}

// pkgStats are one package's figures.
type pkgStats struct {
	ran                   bool
	tools                 int
	genBytes              int64
	values, skips         int
	rejected              int // by either validator
	side                  map[string]*sideStats
	rejectedTG            int // by toolgen's schema package
	rejectedSan           int // by santhosh with formats asserted
	runtimeRun, runtimeRj int // outputs through toolexec.ValidatingOutputs
	docs, genFails        int
	decodeFails           int
	causes                map[string]*cause
	skipReasons           map[string]int
}

// sideStats are the figures of the inputs' or the outputs' values.
type sideStats struct{ values, skips, rejected int }

func (s *pkgStats) sideOf(which string) *sideStats {
	if s.side == nil {
		s.side = map[string]*sideStats{}
	}
	if s.side[which] == nil {
		s.side[which] = &sideStats{}
	}
	return s.side[which]
}

// cause is a group of failures: one kind, at one Go type, for one reason.
type cause struct {
	kind   string // "rejected", "runtime", "decode", "docgen"
	count  int
	sample string
	order  int
}

func (s *pkgStats) add(kind, key, sample string) {
	if s.causes == nil {
		s.causes = map[string]*cause{}
	}
	key = kind + " " + key
	c := s.causes[key]
	if c == nil {
		c = &cause{kind: kind, sample: sample, order: len(s.causes)}
		s.causes[key] = c
	}
	c.count++
}

func TestCorpus(t *testing.T) {
	start := time.Now()
	pkgs := corpus()
	var roots []reflect.Type
	for _, p := range pkgs {
		for _, e := range p.entries {
			roots = append(roots, e.in, e.out)
		}
	}
	consts := loadConsts(t, roots)
	t.Logf("constants of %d named types loaded in %v", len(consts), time.Since(start).Round(time.Millisecond))

	all := map[string]*pkgStats{}
	for _, p := range pkgs {
		st := &pkgStats{tools: len(p.entries)}
		all[p.name] = st
		t.Run(p.name, func(t *testing.T) {
			st.ran = true
			runPkg(t, p, consts, st)
		})
	}

	var b strings.Builder
	fmt.Fprintf(&b, "corpus, seed %d, %d values per type (nil elements %v), %d documents per tool, in %v:\n", *flagSeed, *flagN, *flagNil, *flagDocs, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(&b, "%-8s %5s %10s %12s %12s %12s %6s %14s %14s\n", "package", "tools", "gen bytes", "rejected", "inputs", "outputs", "skips", "runtime out", "decode fails")
	var tot pkgStats
	for _, p := range pkgs {
		s := all[p.name]
		if !s.ran {
			continue
		}
		in, out := s.sideOf("input"), s.sideOf("output")
		fmt.Fprintf(&b, "%-8s %5d %10d %12s %12s %12s %6d %14s %14s\n", p.name, s.tools, s.genBytes,
			fmt.Sprintf("%d/%d", s.rejected, s.values-s.skips),
			fmt.Sprintf("%d/%d", in.rejected, in.values-in.skips), fmt.Sprintf("%d/%d", out.rejected, out.values-out.skips),
			s.skips, fmt.Sprintf("%d/%d", s.runtimeRj, s.runtimeRun), fmt.Sprintf("%d/%d", s.decodeFails, s.docs))
		tot.tools += s.tools
		tot.values += s.values
		tot.skips += s.skips
		tot.rejected += s.rejected
		tot.runtimeRj += s.runtimeRj
		tot.runtimeRun += s.runtimeRun
		tot.decodeFails += s.decodeFails
		tot.docs += s.docs
	}
	fmt.Fprintf(&b, "%-8s %5d %10s %12s %12s %12s %6d %14s %14s\n", "all", tot.tools, "", fmt.Sprintf("%d/%d", tot.rejected, tot.values-tot.skips), "", "",
		tot.skips, fmt.Sprintf("%d/%d", tot.runtimeRj, tot.runtimeRun), fmt.Sprintf("%d/%d", tot.decodeFails, tot.docs))
	b.WriteString("rejected: values that toolgen's schema package or santhosh (formats asserted) refuse, of those encoding/json encodes (json.Marshal(&v));\n" +
		"runtime out: outputs that toolexec.ValidatingOutputs refuses (tool.Func encodes the output by value); decode fails: input documents the schema accepts that toolexec.Prepare refuses.\n")
	t.Log(b.String())
}

// runPkg measures one package.
func runPkg(t *testing.T, p corpusPkg, consts map[string][]reflect.Value, st *pkgStats) {
	if fi, err := os.Stat(filepath.Join(p.name, "tools_gen.go")); err == nil {
		st.genBytes = fi.Size()
	} else {
		t.Errorf("%s: %v", p.name, err)
	}
	// Every tool of the package is in the table, under its key.
	keys := map[string]string{}
	for k, tl := range p.tools {
		keys[tl.Spec().ID] = k
	}
	if len(keys) != len(p.entries) {
		t.Errorf("%s: Tools() has %d tools, the corpus table %d", p.name, len(keys), len(p.entries))
	}
	for _, e := range p.entries {
		id := e.tool.Spec().ID
		key, ok := keys[id]
		if !ok {
			t.Errorf("%s: tool %q of the table is not in Tools()", p.name, id)
			continue
		}
		runTool(t, p.name, key, e, consts, st)
	}
	logTable(t, p.name, st)
	reportCauses(t, p.name, st)
}

// validators are a schema compiled for the runtime and for santhosh.
type validators struct {
	tg  *schema.Schema
	san *santhosh.Schema
	raw map[string]any
}

func compile(t *testing.T, id, which string, raw json.RawMessage) *validators {
	v := &validators{tg: schema.New(id, which, raw)}
	require.NoError(t, v.tg.Err(), "%s %s schema", id, which)
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(raw))
	require.NoError(t, err, "%s %s schema", id, which)
	c := santhosh.NewCompiler()
	c.DefaultDraft(santhosh.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	loc := "corpus:///" + id + "/" + which + ".json"
	require.NoError(t, c.AddResource(loc, doc), "%s %s schema", id, which)
	v.san, err = c.Compile(loc)
	require.NoError(t, err, "%s %s schema", id, which)
	// The document generator wants json.Number for numbers.
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	require.NoError(t, d.Decode(&v.raw), "%s %s schema", id, which)
	return v
}

func seedFor(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

// bigLimits lets the documents through the argument limits, which are
// not what this measures.
var bigLimits = schema.Limits{MaxBytes: 64 << 20, MaxDepth: 1000, MaxValues: 1 << 24}

func runTool(t *testing.T, pkg, key string, e entry, consts map[string][]reflect.Value, st *pkgStats) {
	spec := e.tool.Spec()
	id := spec.ID
	name := pkg + "/" + id
	in := compile(t, id, "input", spec.InputSchema)
	out := compile(t, id, "output", spec.OutputSchema)
	ctx := toolexec.WithLimits(context.Background(), bigLimits)

	// The call through which outputs take the runtime's path.
	inv, terr := toolexec.Prepare(ctx, key, e.runtime, json.RawMessage(`{}`))
	if terr != nil {
		t.Fatalf("%s: the runtime copy refused {}: %s", name, terr.Message)
	}

	// (b) Documents the input schema accepts must decode.
	g := &docGen{r: rand.New(rand.NewPCG(*flagSeed, seedFor(pkg, id, "docs"))), root: in.raw, maxDepth: 4}
	for i := range *flagDocs {
		var data []byte
		var lastErr error
		for range 10 {
			var err error
			data, err = json.Marshal(g.doc())
			if err != nil {
				t.Fatal(err)
			}
			doc, err := santhosh.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if lastErr = in.san.Validate(doc); lastErr == nil {
				break
			}
		}
		st.docs++
		if lastErr != nil {
			st.genFails++
			loc, what := sanCause(lastErr)
			full, leaf := goPath(e.in, loc)
			st.add("docgen", leaf+": "+what, fmt.Sprintf("%s input document %d: the generator wrote none the schema accepts in 10 tries (a fault of docgen_test.go or an unsatisfiable schema): at %s (%s): %s; document: %s", name, i, pointer(loc), full, what, clip(data, 400)))
			continue
		}
		if _, terr := toolexec.Prepare(ctx, key, e.tool, data); terr != nil {
			st.decodeFails++
			msg := terr.Message
			loc := pathIn(msg)
			full, leaf := goPath(e.in, loc)
			st.add("decode", leaf+": "+normDigits(msg), fmt.Sprintf("%s input document %d, which the input schema accepts, does not decode into %s: %s (Go type path %s); document: %s", name, i, typeString(e.in), msg, full, clip(data, 600)))
		}
	}

	// (a) What encoding/json writes for random values must validate.
	for _, side := range []struct {
		which string
		typ   reflect.Type
		v     *validators
	}{{"input", e.in, in}, {"output", e.out, out}} {
		r := rand.New(rand.NewPCG(*flagSeed, seedFor(pkg, id, side.which)))
		for i := range *flagN {
			f := &filler{r: r, consts: consts, budget: *flagBudget, maxDepth: *flagDepth, nilElems: *flagNil,
				// docs/schemas.md's exception: an input enum lists the
				// constants only, so an input holds one of them.
				constsOnly: side.which == "input"}
			v := f.value(side.typ)
			st.values++
			ss := st.sideOf(side.which)
			ss.values++
			data, err := marshal(v.Addr().Interface())
			if err != nil {
				st.skips++
				ss.skips++
				if st.skipReasons == nil {
					st.skipReasons = map[string]int{}
				}
				st.skipReasons[side.which+" "+typeString(side.typ)+": "+normDigits(clipS(err.Error(), 160))]++
				continue
			}
			rejected := false
			// toolgen's runtime: the strict syntax pass, then the schema.
			var tgErr error
			if parsed, err := schema.Parse(data); err != nil {
				tgErr = err
			} else {
				tgErr = side.v.tg.Validate(parsed)
			}
			doc, err := santhosh.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: encoding/json wrote what santhosh cannot read: %v", name, err)
			}
			sanErr := side.v.san.Validate(doc)
			if sanErr != nil {
				st.rejectedSan++
				rejected = true
				for _, c := range sanCauses(sanErr) {
					full, leaf := goPath(side.typ, c.loc)
					st.add("rejected", side.which+" "+leaf+": "+c.what, fmt.Sprintf("%s %s value %d of %s: what encoding/json writes is rejected at %s (Go type path %s): %s; JSON there: %s",
						name, side.which, i, typeString(side.typ), pointer(c.loc), full, c.what, clip(at(doc, c.loc), 300)))
				}
			}
			if tgErr != nil {
				st.rejectedTG++
				if !rejected {
					msg := tgErr.Error()
					loc := pathIn(msg)
					full, leaf := goPath(side.typ, loc)
					st.add("rejected", side.which+" "+leaf+": "+normDigits(msg)+" (toolgen's schema package only)", fmt.Sprintf("%s %s value %d of %s: what encoding/json writes is rejected by toolgen's schema package, not by santhosh: %s (Go type path %s); JSON there: %s",
						name, side.which, i, typeString(side.typ), msg, full, clip(at(doc, loc), 300)))
				}
				rejected = true
			}
			if rejected {
				st.rejected++
				ss.rejected++
			}
			// The runtime's output path: tool.Func encodes the output as
			// it is returned (by value) and validates it.
			if side.which == "output" {
				e.setOutput(v)
				st.runtimeRun++
				if _, err := inv.Run(toolexec.ValidatingOutputs(ctx)); err != nil {
					st.runtimeRj++
					byValue, _ := marshal(v.Interface())
					if rejected && bytes.Equal(byValue, data) {
						// The same JSON, rejected above: the same causes.
						continue
					}
					for _, part := range runtimeParts(err) {
						loc := pathIn(part)
						full, leaf := goPath(side.typ, loc)
						st.add("runtime", leaf+": "+normDigits(part), fmt.Sprintf("%s output value %d of %s fails the runtime's output validation (toolexec.ValidatingOutputs, which encodes the output by value): %s (Go type path %s); JSON there as the runtime encodes it: %s; as json.Marshal(&v) encodes it: %s",
							name, i, typeString(side.typ), part, full, clip(at(mustRead(byValue), loc), 300), clip(at(doc, loc), 300)))
					}
				}
			}
		}
	}
}

// runtimeParts splits the runtime's message on an output ("…: at /a:
// …; at /b: …") into one part per path, with the underlying error of a
// failure that names none.
func runtimeParts(err error) []string {
	msg := err.Error()
	if u := errors.Unwrap(err); u != nil && !strings.Contains(msg, " at /") {
		return []string{msg + ": " + u.Error()}
	}
	_, rest, ok := strings.Cut(msg, ": at /")
	if !ok {
		return []string{msg}
	}
	var parts []string
	for _, p := range strings.Split("at /"+rest, "; at /") {
		if !strings.HasPrefix(p, "at /") {
			p = "at /" + p
		}
		parts = append(parts, p)
	}
	return parts
}

// sanFailure is a failure as santhosh reports it: a location
// and what is wrong there.
type sanFailure struct {
	loc  []string
	what string
}

var printer = message.NewPrinter(language.English)

// sanCauses returns the leaf failures of err, one per location (the
// messages at a location joined), the deepest first.
func sanCauses(err error) []sanFailure {
	ve, ok := err.(*santhosh.ValidationError)
	if !ok {
		return []sanFailure{{what: err.Error()}}
	}
	byLoc := map[string]*sanFailure{}
	var order []string
	var walk func(e *santhosh.ValidationError)
	walk = func(e *santhosh.ValidationError) {
		if len(e.Causes) == 0 {
			k := strings.Join(e.InstanceLocation, "\x00")
			f := byLoc[k]
			if f == nil {
				f = &sanFailure{loc: e.InstanceLocation}
				byLoc[k] = f
				order = append(order, k)
			}
			msg := shortEnum(e.ErrorKind.LocalizedString(printer))
			if !strings.Contains(f.what, msg) {
				if f.what != "" {
					f.what += " | "
				}
				f.what += msg
			}
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	// Under anyOf and oneOf, the failures of each branch are listed: keep
	// the deepest locations, which say what is wrong.
	var out []sanFailure
	for _, k := range order {
		f := byLoc[k]
		deeper := false
		for _, k2 := range order {
			if k2 != k && strings.HasPrefix(k2, k+"\x00") || (k == "" && k2 != "") {
				deeper = true
				break
			}
		}
		if !deeper {
			f.what = normDigits(f.what)
			out = append(out, *f)
		}
	}
	if len(out) == 0 {
		for _, k := range order {
			out = append(out, *byLoc[k])
		}
	}
	return out
}

// shortEnum shortens santhosh's "value must be one of 'a', 'b', …" to
// its first values.
func shortEnum(msg string) string {
	const prefix = "value must be one of "
	if !strings.HasPrefix(msg, prefix) || len(msg) < 100 {
		return msg
	}
	vals := strings.Split(msg[len(prefix):], ", ")
	if len(vals) <= 3 {
		return msg
	}
	return fmt.Sprintf("%s%s, … (%d values)", prefix, strings.Join(vals[:3], ", "), len(vals))
}

func sanCause(err error) ([]string, string) {
	cs := sanCauses(err)
	return cs[0].loc, cs[0].what
}

var (
	reAt     = regexp.MustCompile(`at (/[^\s:,;]*)`)
	reDigits = regexp.MustCompile(`/-?[0-9]+(/|\b)`)
	reQuoted = regexp.MustCompile(`'[^']{20,}'`)
)

// pathIn returns the JSON Pointer a toolgen message names ("at /a/0/b").
func pathIn(msg string) []string {
	m := reAt.FindStringSubmatch(msg)
	if m == nil || m[1] == "/" {
		return nil
	}
	var loc []string
	for _, s := range strings.Split(m[1][1:], "/") {
		loc = append(loc, strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~"))
	}
	return loc
}

// normDigits makes messages that differ in array indices and long quoted
// values one group.
func normDigits(s string) string {
	s = reDigits.ReplaceAllString(s, "/N$1")
	return reQuoted.ReplaceAllString(s, "'…'")
}

func pointer(loc []string) string {
	if len(loc) == 0 {
		return "/"
	}
	var b strings.Builder
	for _, s := range loc {
		b.WriteString("/" + strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// at returns the JSON at loc in doc, a value santhosh read.
func at(doc any, loc []string) []byte {
	cur := doc
	for _, s := range loc {
		switch x := cur.(type) {
		case map[string]any:
			cur = x[s]
		case []any:
			i, err := strconv.Atoi(s)
			if err != nil || i >= len(x) {
				return []byte("?")
			}
			cur = x[i]
		default:
			return []byte("?")
		}
	}
	b, _ := json.Marshal(cur)
	return b
}

func mustRead(data []byte) any {
	v, err := santhosh.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	return v
}

func clip(b []byte, n int) string { return clipS(string(b), n) }

func clipS(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("…(%d bytes)", len(s))
}

var (
	tJSONMarshaler = reflect.TypeFor[json.Marshaler]()
	tTextMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

func ownJSON(t reflect.Type) bool {
	return t.Implements(tJSONMarshaler) || t.Implements(tTextMarshaler) ||
		reflect.PointerTo(t).Implements(tJSONMarshaler) || reflect.PointerTo(t).Implements(tTextMarshaler)
}

// goPath names the Go fields that a JSON location goes through from t:
// full from the root ("ChargesOutput.Charges[].Outcome"), and leaf, the
// last field with its owner and type ("stripe.Charge.Outcome
// (*stripe.ChargeOutcome)"), by which failures are grouped.
func goPath(t reflect.Type, loc []string) (full, leaf string) {
	full = typeString(t)
	leaf = typeString(t)
	cur := t
	for i, seg := range loc {
		for cur.Kind() == reflect.Pointer {
			cur = cur.Elem()
		}
		if ownJSON(cur) && cur.Kind() != reflect.Slice && cur.Kind() != reflect.Map {
			rest := pointer(loc[i:])
			return full + rest, leaf + " at " + rest
		}
		switch cur.Kind() {
		case reflect.Struct:
			steps := jsonField(cur, seg)
			if steps == nil {
				return full + "." + seg + "(no such field)", typeString(cur) + "." + seg + " (no such field)"
			}
			owner := cur
			for _, sf := range steps {
				full += "." + sf.Name
				leaf = typeString(owner) + "." + sf.Name + " (" + typeString(sf.Type) + ")"
				owner = sf.Type
				for owner.Kind() == reflect.Pointer {
					owner = owner.Elem()
				}
			}
			cur = steps[len(steps)-1].Type
		case reflect.Slice, reflect.Array:
			full += "[]"
			leaf = typeString(cur) + " element (" + typeString(cur.Elem()) + ")"
			cur = cur.Elem()
		case reflect.Map:
			full += "[key]"
			leaf = typeString(cur) + " value (" + typeString(cur.Elem()) + ")"
			cur = cur.Elem()
		default:
			rest := pointer(loc[i:])
			return full + rest, leaf + " at " + rest
		}
	}
	return full, leaf
}

// jsonField returns the fields that lead to the field with JSON name
// name in struct t (embedded ones first), by encoding/json's rules
// without its tie-breaking: the shallowest match wins.
func jsonField(t reflect.Type, name string) []reflect.StructField {
	type cand struct {
		t    reflect.Type
		path []reflect.StructField
	}
	level := []cand{{t: t}}
	seen := map[reflect.Type]bool{}
	for len(level) > 0 {
		var next []cand
		for _, c := range level {
			if seen[c.t] {
				continue
			}
			seen[c.t] = true
			for i := range c.t.NumField() {
				sf := c.t.Field(i)
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				tagName, _, _ := strings.Cut(tag, ",")
				ft := sf.Type
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if sf.Anonymous && tagName == "" && ft.Kind() == reflect.Struct {
					next = append(next, cand{t: ft, path: append(slices.Clip(c.path), sf)})
					continue
				}
				if !sf.IsExported() {
					continue
				}
				n := tagName
				if n == "" {
					n = sf.Name
				}
				if n == name {
					return append(slices.Clip(c.path), sf)
				}
			}
		}
		level = next
	}
	return nil
}

// typeString writes a type with its package's name, metav1 for
// apimachinery's meta/v1.
func typeString(t reflect.Type) string {
	if t.Name() != "" {
		if strings.HasSuffix(t.PkgPath(), "/apis/meta/v1") {
			return "metav1." + t.Name()
		}
		return t.String()
	}
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + typeString(t.Elem())
	case reflect.Slice:
		return "[]" + typeString(t.Elem())
	case reflect.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), typeString(t.Elem()))
	case reflect.Map:
		return "map[" + typeString(t.Key()) + "]" + typeString(t.Elem())
	}
	return t.String()
}

// loadConsts returns the exported constants of the named types of the
// packages that roots reach, keyed by "pkgpath.Name", as toolgen reads
// them for enums.
func loadConsts(t *testing.T, roots []reflect.Type) map[string][]reflect.Value {
	paths := map[string]bool{}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.PkgPath() != "" {
			paths[t.PkgPath()] = true
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem())
		case reflect.Map:
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				walk(t.Field(i).Type)
			}
		}
	}
	for _, r := range roots {
		walk(r)
	}
	var list []string
	for p := range paths {
		list = append(list, p)
	}
	slices.Sort(list)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, list...)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string][]reflect.Value{}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("load %s: %v", p.PkgPath, e)
		}
		scope := p.Types.Scope()
		for _, n := range scope.Names() {
			c, ok := scope.Lookup(n).(*types.Const)
			if !ok || !c.Exported() {
				continue
			}
			named, ok := c.Type().(*types.Named)
			if !ok || named.Obj().Pkg() != p.Types {
				continue
			}
			var v reflect.Value
			switch c.Val().Kind() {
			case constant.String:
				v = reflect.ValueOf(constant.StringVal(c.Val()))
			case constant.Int:
				if x, ok := constant.Int64Val(c.Val()); ok {
					v = reflect.ValueOf(x)
				} else if x, ok := constant.Uint64Val(c.Val()); ok {
					v = reflect.ValueOf(x)
				} else {
					continue
				}
			default:
				continue
			}
			k := p.PkgPath + "." + named.Obj().Name()
			consts[k] = append(consts[k], v)
		}
	}
	return consts
}

// logTable logs a package's figures and its most frequent causes.
func logTable(t *testing.T, pkg string, st *pkgStats) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d tools, tools_gen.go %d bytes\n", pkg, st.tools, st.genBytes)
	fmt.Fprintf(&b, "  values: %d generated, %d not encodable (skipped), %d rejected (toolgen's schema package %d, santhosh with formats %d)\n", st.values, st.skips, st.rejected, st.rejectedTG, st.rejectedSan)
	fmt.Fprintf(&b, "  outputs through the runtime's output validation: %d run, %d rejected\n", st.runtimeRun, st.runtimeRj)
	fmt.Fprintf(&b, "  input documents: %d generated, %d the generator could not make valid, %d failed to decode\n", st.docs, st.genFails, st.decodeFails)
	for _, k := range sortedSkips(st.skipReasons) {
		fmt.Fprintf(&b, "  skipped %d× %s\n", st.skipReasons[k], k)
	}
	cs := sortedCauses(st.causes)
	for i, k := range cs {
		if i == *flagShow {
			fmt.Fprintf(&b, "  … and %d more causes\n", len(cs)-i)
			break
		}
		c := st.causes[k]
		fmt.Fprintf(&b, "  %4d× %s\n        e.g. %s\n", c.count, k, clipS(c.sample, 500))
	}
	t.Log(b.String())
}

// reportCauses fails the test once per cause (the first 40), each
// message naming the tool, the Go type path and the JSON.
func reportCauses(t *testing.T, pkg string, st *pkgStats) {
	cs := sortedCauses(st.causes)
	for i, k := range cs {
		if i == 40 {
			t.Errorf("%s: and %d more causes", pkg, len(cs)-i)
			break
		}
		c := st.causes[k]
		t.Errorf("%d× %s\n\te.g. %s", c.count, k, clipS(c.sample, 1200))
	}
	if st.rejected+st.runtimeRj+st.decodeFails+st.genFails > 0 {
		t.Errorf("%s: %d of %d encoded values rejected, %d of %d outputs rejected on the runtime's path, %d of %d documents failed to decode (%d not generated)",
			pkg, st.rejected, st.values-st.skips, st.runtimeRj, st.runtimeRun, st.decodeFails, st.docs, st.genFails)
	}
}

func sortedCauses(m map[string]*cause) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, func(a, b string) int {
		if m[a].count != m[b].count {
			return m[b].count - m[a].count
		}
		return m[a].order - m[b].order
	})
	return ks
}

func sortedSkips(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	return ks
}
