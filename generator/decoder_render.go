package generator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/runtime/jsonarg"
)

// This file writes the decoder functions (see [Decoder]) as Go source that
// is already formatted as gofmt formats it: they are most of a generated
// file's code, and going through jennifer and go/format would cost more
// than the rest of generation. The code uses few constructs (if, for with
// an init statement, switch, assignments and calls, one statement per
// line, no alignment), whose formatting is fixed; TestDecoderFormat checks
// the text against format.Source on random types, and
// TestRenderPlaceholders on the golden cases.

const jsonargPath = runtimePath + "/jsonarg"

// decoderPlaceholderPrefix starts the identifier that stands, in a
// constructor's .WithDecoder(…) while the file is rendered, for the
// decoder that the schema phase has not decided yet (see
// appendDecoderCalls).
const decoderPlaceholderPrefix = "toolgenDecoder_"

// decoderPlaceholder is the placeholder of tool i of a file.
func decoderPlaceholder(i int) string { return decoderPlaceholderPrefix + strconv.Itoa(i) }

// decoderCall is how a constructor calls the placeholder of its decoder.
const decoderCall = ".WithDecoder(" + decoderPlaceholderPrefix

// appendDecoderCalls appends what stands for the decoder placeholder of
// tool t: .WithDecoder(decodeX), or nothing for a tool without a decoder,
// followed by .WithEncoder(encodeY) for a tool with an output encoder.
// Changing a call in the middle of a one-line method chain changes no
// layout decision of gofmt.
func appendDecoderCalls(out []byte, t *Tool) []byte {
	if t.Decoder != "" {
		out = append(out, ".WithDecoder("...)
		out = append(out, t.Decoder...)
		out = append(out, ')')
	}
	if t.Encoder != "" {
		out = append(out, ".WithEncoder("...)
		out = append(out, t.Encoder...)
		out = append(out, ')')
	}
	return out
}

// appendDecoders adds the decoder functions of p to src, the formatted
// file without them: the functions at the end, and the imports they need
// to the import block.
func appendDecoders(src []byte, p *Package) ([]byte, error) {
	dt := renderDecoders(p)
	out, err := dt.addImports(src, p)
	if err != nil {
		return nil, err
	}
	return dt.appendTo(out), nil
}

// decoderText is the text of a package's decoder functions, each preceded
// by a blank line, in pieces, and the imports it needs.
type decoderText struct {
	pieces  [][]byte
	size    int
	imports []importSpec
}

// appendTo appends the functions to dst.
func (dt decoderText) appendTo(dst []byte) []byte {
	dst = slices.Grow(dst, dt.size)
	for _, p := range dt.pieces {
		dst = append(dst, p...)
	}
	return dst
}

// minParallelDecoders is the number of decoders from which they are
// written by several goroutines.
const minParallelDecoders = 128

// renderDecoders writes the decoder functions of p and appends its output
// encoders (see encoders).
func renderDecoders(p *Package) decoderText {
	dt := renderDecoderFuncs(p)
	if e := p.Encoders; e != nil && len(e.Source) > 0 {
		dt.pieces = append(dt.pieces, e.Source)
		dt.size += len(e.Source)
		for _, imp := range e.Imports {
			dt.imports = append(dt.imports, importSpec{imp.Name, imp.Path, imp.Def})
		}
	}
	return dt
}

// renderDecoderFuncs writes the decoder functions of p, in parallel pieces
// when there are many.
func renderDecoderFuncs(p *Package) decoderText {
	if len(p.Decoders) == 0 {
		return decoderText{}
	}
	n := 1
	if len(p.Decoders) >= minParallelDecoders {
		n = min(runtime.GOMAXPROCS(0), len(p.Decoders)/(minParallelDecoders/2))
	}
	writers := make([]*decoderWriter, n)
	var wg sync.WaitGroup
	for i := range n {
		ds := p.Decoders[i*len(p.Decoders)/n : (i+1)*len(p.Decoders)/n]
		w := &decoderWriter{p: p, buf: make([]byte, 0, 3072*len(ds))}
		writers[i] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, d := range ds {
				w.function(d)
			}
		}()
	}
	wg.Wait()
	var all decoderWriter
	var dt decoderText
	for _, w := range writers {
		dt.pieces = append(dt.pieces, w.buf)
		dt.size += len(w.buf)
		all.usesUTF8 = all.usesUTF8 || w.usesUTF8
		all.usesBig = all.usesBig || w.usesBig
		all.usesTime = all.usesTime || w.usesTime
		all.usesRegexp = all.usesRegexp || w.usesRegexp
		all.usesSlices = all.usesSlices || w.usesSlices
	}
	dt.imports = []importSpec{{p.Imports.JSONArg, jsonargPath, "jsonarg"}}
	if all.usesUTF8 {
		dt.imports = append(dt.imports, importSpec{p.Imports.UTF8, "unicode/utf8", "utf8"})
	}
	if all.usesBig {
		dt.imports = append(dt.imports, importSpec{p.Imports.Big, "math/big", "big"})
	}
	if all.usesTime {
		dt.imports = append(dt.imports, importSpec{p.Imports.Time, "time", "time"})
	}
	if all.usesSlices {
		dt.imports = append(dt.imports, importSpec{p.Imports.Slices, "slices", "slices"})
	}
	if all.usesRegexp {
		dt.imports = append(dt.imports, importSpec{p.Imports.Regexp, "regexp", "regexp"}, importSpec{p.Imports.Sync, "sync", "sync"})
	}
	return dt
}

// addImports adds the imports of the decoders to the file src.
func (dt decoderText) addImports(src []byte, p *Package) ([]byte, error) {
	if len(dt.imports) == 0 {
		return src, nil
	}
	out, err := addImports(src, dt.imports)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", p.Path, err)
	}
	return out, nil
}

// importHead is importHead for the imports of the decoders.
func (dt decoderText) importHead(src []byte, p *Package) (head []byte, end int, err error) {
	head, end, err = importHead(src, dt.imports, 0)
	if err != nil {
		return nil, 0, fmt.Errorf("render %s: %w", p.Path, err)
	}
	return head, end, nil
}

// importSpec is an import the decoders need: name is how the file names
// it, def the package's own name.
type importSpec struct{ name, path, def string }

// line is the import's line in a parenthesized import block.
func (s importSpec) line() string {
	if s.name == s.def {
		return "\t" + strconv.Quote(s.path) + "\n"
	}
	return "\t" + s.name + " " + strconv.Quote(s.path) + "\n"
}

// addImports adds the imports that the import block of src lacks, each at
// its place in the first group, sorted as gofmt sorts them.
func addImports(src []byte, imports []importSpec) ([]byte, error) {
	head, end, err := importHead(src, imports, len(src))
	if err != nil {
		return nil, err
	}
	return append(head, src[end:]...), nil
}

// importHead returns the start of src up to the end of its import block,
// with the imports it lacks added (as addImports adds them), in a slice
// with room for extra more bytes; end is where the rest of src starts.
func importHead(src []byte, imports []importSpec, extra int) (head []byte, end int, err error) {
	start := bytes.Index(src, []byte("\nimport (\n"))
	if start < 0 {
		return nil, 0, errors.New("no import block")
	}
	start += len("\nimport (\n")
	end = bytes.Index(src[start:], []byte("\n)\n"))
	if end < 0 {
		return nil, 0, errors.New("the import block does not end")
	}
	end += start + 1
	block := string(src[start:end])
	lines := strings.SplitAfter(block, "\n")
	lines = lines[:len(lines)-1] // after the last "\n"
	for _, imp := range imports {
		if imp.name == "" {
			return nil, 0, fmt.Errorf("no free name for package %s", imp.path)
		}
		l := imp.line()
		if slices.Contains(lines, l) {
			continue
		}
		// Within the first group (up to a blank line), before the first
		// line with a greater path or, for the same path, name.
		at := 0
		for at < len(lines) && lines[at] != "\n" && importKey(lines[at]) < importKey(l) {
			at++
		}
		lines = slices.Insert(lines, at, l)
	}
	head = make([]byte, 0, end+128+extra)
	head = append(head, src[:start]...)
	for _, l := range lines {
		head = append(head, l...)
	}
	return head, end, nil
}

// importKey sorts import lines by path, then name.
func importKey(line string) string {
	line = strings.TrimSpace(line)
	name, path, ok := strings.Cut(line, " ")
	if !ok {
		return line + "\x00"
	}
	return path + "\x00" + name
}

// decoderWriter writes decoder functions.
type decoderWriter struct {
	p      *Package
	buf    []byte
	indent int
	// The injected imports the text uses.
	usesUTF8, usesBig, usesTime, usesRegexp, usesSlices bool
}

// valueCtx is where a value's code is.
type valueCtx struct {
	// skip ends the handling of the value after a violation: "continue"
	// in a loop over properties or items, "return" at a function's top.
	skip string
	// union: the value is a union's branch, where a violation makes the
	// decoder fall back.
	union bool
	// depth numbers the variables of nested loops.
	depth int
}

func (w *decoderWriter) line(parts ...string) {
	for range w.indent {
		w.buf = append(w.buf, '\t')
	}
	for _, s := range parts {
		w.buf = append(w.buf, s...)
	}
	w.buf = append(w.buf, '\n')
}

// open writes a line that opens a block.
func (w *decoderWriter) open(parts ...string) {
	w.line(parts...)
	w.indent++
}

// close closes a block.
func (w *decoderWriter) close() {
	w.indent--
	w.line("}")
}

func (w *decoderWriter) jsonarg(name string) string { return w.p.Imports.JSONArg + "." + name }

// typ returns the spelling of a Go type, noting the imports it uses.
func (w *decoderWriter) typ(s string) string {
	if strings.Contains(s, w.p.Imports.Time+".") {
		w.usesTime = true
	}
	return s
}

// function writes one decoder function.
func (w *decoderWriter) function(d *Decoder) {
	w.buf = append(w.buf, '\n')
	w.line(decoderDoc(d))
	sig := "func " + d.Name + "(d *" + w.jsonarg("Decoder") + ", v *" + w.typ(d.Type) + ") {"
	switch d.Kind {
	case DecodePointer:
		w.open(sig)
		w.line("*v = new(", w.typ(strings.TrimPrefix(d.Type, "*")), ")")
		w.line(d.Elem, "(d, *v)")
		w.close()
	case DecodeField:
		// The properties' selectors start at v: "Filter.Q".
		w.open(sig)
		w.object(d.Object, "v.")
		w.close()
	default:
		w.open(sig)
		w.object(d.Object, "v.")
		w.close()
	}
	if d.Object != nil {
		for _, pp := range d.Object.Props {
			for v := pp.Value; v != nil; v = v.Elem {
				if v.PatternVar == "" {
					continue
				}
				w.usesRegexp = true
				w.buf = append(w.buf, '\n')
				w.line("// ", v.PatternVar, " is the pattern of property ", strconv.Quote(pp.Name), ", compiled on first use.")
				w.line("var ", v.PatternVar, " = ", w.p.Imports.Sync, ".OnceValue(func() *", w.p.Imports.Regexp, ".Regexp { return ",
					w.p.Imports.Regexp, ".MustCompile(", rawLit(v.Pattern), ") })")
			}
		}
	}
}

// rawLit is s as a Go string literal, raw when it can be.
func rawLit(s string) string {
	if strconv.CanBackquote(s) && !strings.Contains(s, "\r") {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}

// decoderDoc is the doc comment of a decoder function.
func decoderDoc(d *Decoder) string {
	switch {
	case d.Kind == DecodePointer:
		return fmt.Sprintf("// %s is %s for the tools that take a %s.", d.Name, d.Elem, d.Type)
	case d.Kind == DecodeField:
		return fmt.Sprintf("// %s decodes v.%s and checks it against its schema in one pass (see package jsonarg).", d.Name, d.Field)
	case len(d.Tools) == 0:
		return fmt.Sprintf("// %s decodes a %s and checks it against its schema in one pass (see package jsonarg).", d.Name, d.Type)
	}
	quoted := make([]string, len(d.Tools))
	for i, id := range d.Tools {
		quoted[i] = strconv.Quote(id)
	}
	what := "tool " + quoted[0]
	if len(quoted) > 1 {
		what = "tools " + strings.Join(quoted[:len(quoted)-1], ", ") + " and " + quoted[len(quoted)-1]
	}
	return fmt.Sprintf("// %s decodes the arguments of %s and checks them against the input schema in one pass (see package jsonarg).", d.Name, what)
}

// object writes the code that reads an object into a struct whose fields
// are selected by prefix + a property's Field.
func (w *decoderWriter) object(o *ObjectPlan, prefix string) {
	w.open("if d.Peek() != ", w.jsonarg("Object"), " {")
	w.line(`d.WrongType("object")`)
	w.line("return")
	w.close()
	if len(o.Props) == 0 {
		w.open("for d.Object(); d.Next(); {")
		w.line("d.Unexpected()")
		w.close()
		return
	}
	w.line("var seen uint64")
	w.open("for d.Object(); d.Next(); {")
	w.line("switch string(d.Key()) {")
	for i, pp := range o.Props {
		w.line("case ", strconv.Quote(pp.Name), ":")
		w.indent++
		bit := "1"
		if i > 0 {
			bit = "1 << " + strconv.Itoa(i)
		}
		test := "seen&1"
		if i > 0 {
			test = "seen&(1<<" + strconv.Itoa(i) + ")"
		}
		w.open("if ", test, " != 0 {")
		w.line("d.Duplicate()")
		w.line("return")
		w.close()
		w.line("seen |= ", bit)
		if i >= o.Required {
			w.open("if d.DropNull() {")
			w.line("continue")
			w.close()
		}
		for _, a := range pp.Alloc {
			w.open("if ", prefix, a.Field, " == nil {")
			w.line(prefix, a.Field, " = new(", w.typ(a.Type), ")")
			w.close()
		}
		w.value(pp.Value, prefix+pp.Field, valueCtx{skip: "continue"})
		w.indent--
	}
	w.line("default:")
	w.indent++
	w.line("d.Unexpected()")
	w.indent--
	w.line("}")
	w.close()
	if o.Required == 0 {
		return
	}
	mask := "0b" + strings.Repeat("1", o.Required)
	if o.Required > 8 {
		mask = fmt.Sprintf("%#x", uint64(1<<o.Required-1))
		if o.Required == 64 {
			mask = "0xffffffffffffffff"
		}
	}
	w.line("const required = ", mask)
	w.open("if seen&required != required {")
	names := make([]string, o.Required)
	for i, pp := range o.Props[:o.Required] {
		names[i] = strconv.Quote(pp.Name)
	}
	w.line("d.Missing(^seen&required, []string{", strings.Join(names, ", "), "})")
	w.close()
}

// violation writes a violation: the call that records it, or in a union
// a fallback.
func (w *decoderWriter) violation(c valueCtx, call string) {
	if c.union {
		w.line("d.Fallback()")
		return
	}
	w.line(call)
}

// kindOf is the jsonarg kind of the JSON type a plan reads.
func kindOf(v *ValuePlan) string {
	switch v.Kind {
	case ValueBool:
		return "Bool"
	case ValueString, ValueTime:
		return "String"
	case ValueInt, ValueUint, ValueFloat, ValueNumber:
		return "Number"
	case ValueSlice, ValueArray:
		return "Array"
	case ValueMap:
		return "Object"
	case ValueJSON:
		if strings.HasSuffix(v.JSONType, "string") {
			return "String"
		}
	}
	return ""
}

// addr is the address of target.
func addr(target string) string {
	if rest, ok := strings.CutPrefix(target, "*"); ok {
		return rest
	}
	return "&" + target
}

// paren parenthesizes a dereference, for an index or a selector.
func paren(target string) string {
	if strings.HasPrefix(target, "*") {
		return "(" + target + ")"
	}
	return target
}

// value writes the code that reads a value into target.
func (w *decoderWriter) value(v *ValuePlan, target string, c valueCtx) {
	if c.union || v.Union {
		c.union = true
	}
	if v.Null && v.Kind != ValueRaw {
		w.open("if d.Peek() == ", w.jsonarg("Null"), " {")
		w.line("d.Null()")
		w.line(c.skip)
		w.close()
	}
	if v.Kind == ValueStruct {
		call := v.Func + "(d, " + addr(target) + ")"
		if v.Field {
			call = v.Func + "(d, v)"
		}
		if !c.union {
			w.line(call)
			return
		}
		w.line("mark := d.Mark()")
		w.line(call)
		w.open("if d.Since(mark) {")
		w.line("d.Fallback()")
		w.line("return")
		w.close()
		return
	}
	if v.Kind == ValuePointer {
		w.line(target, " = new(", w.typ(strings.TrimPrefix(v.Type, "*")), ")")
		w.value(v.Elem, "*"+target, c)
		return
	}
	if k := kindOf(v); k != "" {
		w.open("if d.Peek() != ", w.jsonarg(k), " {")
		w.violation(c, "d.WrongType("+strconv.Quote(v.JSONType)+")")
		w.line(c.skip)
		w.close()
	}
	switch v.Kind {
	case ValueBool:
		w.line(target, " = ", convert(v.Type, "bool", "d.Bool()"))
	case ValueString:
		w.str(v, target, c)
	case ValueInt, ValueUint:
		w.integer(v, target, c)
	case ValueFloat:
		w.float(v, target, c)
	case ValueSlice:
		w.slice(v, target, c)
	case ValueArray:
		w.array(v, target, c)
	case ValueMap:
		w.mapValue(v, target, c)
	case ValueJSON:
		w.open("if err := ", w.p.Imports.JSON, ".Unmarshal(d.Raw(), ", addr(target), "); err != nil {")
		w.line("d.Fallback()")
		w.line("return")
		w.close()
	case ValueRaw:
		w.line(target, " = append(", w.p.Imports.JSON, ".RawMessage(nil), d.Raw()...)")
	case ValueNumber:
		w.line(target, " = ", w.p.Imports.JSON, ".Number(d.Raw())")
	case ValueTime:
		w.open("if err := ", paren(strings.TrimPrefix(target, "*")), ".UnmarshalJSON(d.Raw()); err != nil {")
		w.line("d.Fallback()")
		w.line("return")
		w.close()
	}
}

// convert converts expr, of Go type from, to the type typ.
func convert(typ, from, expr string) string {
	if typ == from {
		return expr
	}
	return typ + "(" + expr + ")"
}

// messageLit is a message as a Go string literal: a raw string when it
// holds double quotes, for legibility.
func messageLit(msg string) string {
	if strings.Contains(msg, `"`) && !strings.ContainsAny(msg, "`\r") && utf8.ValidString(msg) && strconv.CanBackquote(msg) {
		return "`" + msg + "`"
	}
	return strconv.Quote(msg)
}

// enumMessage is the violation of v's enum or const.
func enumMessage(v *ValuePlan) string {
	values := make([]any, len(v.Enum))
	for i, lit := range v.Enum {
		values[i] = literalValue(lit)
	}
	if v.Const {
		return jsonarg.ConstMessage(values[0])
	}
	return jsonarg.EnumMessage(values)
}

// literalValue parses a JSON literal of an enum: a string, or a number as
// json.Number.
func literalValue(lit string) any {
	if strings.HasPrefix(lit, `"`) {
		var s string
		if json.Unmarshal([]byte(lit), &s) == nil {
			return s
		}
	}
	return json.Number(lit)
}

func (w *decoderWriter) str(v *ValuePlan, target string, c valueCtx) {
	if len(v.Enum) > 0 {
		w.line("switch string(d.TextBytes()) {")
		var seen []string
		for _, lit := range v.Enum {
			s, _ := literalValue(lit).(string)
			if slices.Contains(seen, s) {
				continue
			}
			seen = append(seen, s)
			w.line("case ", strconv.Quote(s), ":")
			w.indent++
			if n := utf8.RuneCountInString(s); v.MinLength >= 0 && n < v.MinLength {
				w.violation(c, fmt.Sprintf("d.MinLength(%d, %d)", v.MinLength, n))
			}
			if n := utf8.RuneCountInString(s); v.MaxLength >= 0 && n > v.MaxLength {
				w.violation(c, fmt.Sprintf("d.MaxLength(%d, %d)", v.MaxLength, n))
			}
			if v.Pattern != "" {
				if re, err := regexp.Compile(v.Pattern); err == nil && !re.MatchString(s) {
					w.violation(c, "d.Violation("+messageLit(jsonarg.PatternMessage(v.Pattern))+")")
				}
			}
			w.line(target, " = ", strconv.Quote(s))
			w.indent--
		}
		w.line("default:")
		w.indent++
		w.violation(c, "d.Violation("+messageLit(enumMessage(v))+")")
		w.indent--
		w.line("}")
		return
	}
	if v.MinLength < 0 && v.MaxLength < 0 && v.PatternVar == "" {
		w.line(target, " = ", convert(v.Type, "string", "d.Text()"))
		return
	}
	w.line("s := d.Text()")
	if v.MinLength >= 0 || v.MaxLength >= 0 {
		w.usesUTF8 = true
		w.line("n := ", w.p.Imports.UTF8, ".RuneCountInString(s)")
	}
	if v.MinLength >= 0 {
		w.open("if n < ", strconv.Itoa(v.MinLength), " {")
		w.violation(c, "d.MinLength("+strconv.Itoa(v.MinLength)+", n)")
		w.close()
	}
	if v.MaxLength >= 0 {
		w.open("if n > ", strconv.Itoa(v.MaxLength), " {")
		w.violation(c, "d.MaxLength("+strconv.Itoa(v.MaxLength)+", n)")
		w.close()
	}
	if v.PatternVar != "" {
		w.open("if !", v.PatternVar, "().MatchString(s) {")
		w.violation(c, "d.Violation("+messageLit(jsonarg.PatternMessage(v.Pattern))+")")
		w.close()
	}
	w.line(target, " = ", convert(v.Type, "string", "s"))
}

// intRange is the range of an integer Go type, for the decoder's checks: a
// platform-sized int counts as 32 bits, which holds on every platform.
func intRange(v *ValuePlan) (lo, hi *big.Int) {
	bits := v.Bits
	if bits == 0 {
		bits = 32
	}
	if v.Kind == ValueUint {
		return big.NewInt(0), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits)), big.NewInt(1))
	}
	hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(bits-1)), big.NewInt(1))
	return new(big.Int).Neg(new(big.Int).Add(hi, big.NewInt(1))), hi
}

// readRange is the range of what Int or Uint returns.
func readRange(k ValueKind) (lo, hi *big.Int) {
	if k == ValueUint {
		return intRange(&ValuePlan{Kind: ValueUint, Bits: 64})
	}
	return intRange(&ValuePlan{Kind: ValueInt, Bits: 64})
}

func ratOf(lit string) *big.Rat {
	r, _ := new(big.Rat).SetString(lit)
	return r
}

func ceilRat(r *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

func floorRat(r *big.Rat) *big.Int {
	q, _ := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	return q
}

// intBound is one bound of an integer: the value n violates it when
// n op limit (op one of <, <=, >, >=).
type intBound struct {
	op    string
	limit *big.Int
	msg   string
}

// intBounds turns the schema's bounds into comparisons of the integer.
func intBounds(v *ValuePlan) []intBound {
	var out []intBound
	if v.Minimum != "" {
		r := ratOf(v.Minimum)
		out = append(out, intBound{"<", ceilRat(r), jsonarg.MinimumMessage(r)})
	}
	if v.Maximum != "" {
		r := ratOf(v.Maximum)
		out = append(out, intBound{">", floorRat(r), jsonarg.MaximumMessage(r)})
	}
	if v.ExclusiveMinimum != "" {
		r := ratOf(v.ExclusiveMinimum)
		out = append(out, intBound{"<=", floorRat(r), jsonarg.ExclusiveMinimumMessage(r)})
	}
	if v.ExclusiveMaximum != "" {
		r := ratOf(v.ExclusiveMaximum)
		out = append(out, intBound{">=", ceilRat(r), jsonarg.ExclusiveMaximumMessage(r)})
	}
	return out
}

func (w *decoderWriter) integer(v *ValuePlan, target string, c valueCtx) {
	read, from := "d.Int()", "int64"
	if v.Kind == ValueUint {
		read, from = "d.Uint()", "uint64"
	}
	w.line("n, ok := ", read)
	w.open("if !ok {")
	if c.union || v.JSONType != "integer" {
		// Int words the violation for a type of exactly "integer".
		w.line("d.Fallback()")
	}
	w.line(c.skip)
	w.close()
	// The values n can hold after the checks, to leave out the checks
	// that cannot fail and to tell whether the Go type holds them all.
	lo, hi := readRange(v.Kind)
	if len(v.Enum) > 0 {
		var cases []string
		for _, lit := range v.Enum {
			r, ok := new(big.Rat).SetString(lit)
			if !ok || !r.IsInt() || slices.Contains(cases, r.Num().String()) {
				continue // no integer is that value
			}
			if r.Num().Cmp(lo) < 0 || r.Num().Cmp(hi) > 0 {
				continue
			}
			cases = append(cases, r.Num().String())
		}
		for i, c := range cases {
			n, _ := new(big.Int).SetString(c, 10)
			if i == 0 {
				lo, hi = n, n
			}
			lo, hi = minInt(lo, n), maxInt(hi, n)
		}
		w.line("switch n {")
		if len(cases) > 0 {
			w.line("case ", strings.Join(cases, ", "), ":")
		}
		w.line("default:")
		w.indent++
		w.violation(c, "d.Violation("+messageLit(enumMessage(v))+")")
		w.line(c.skip)
		w.indent--
		w.line("}")
	}
	for _, b := range intBounds(v) {
		switch {
		case b.op == "<" && b.limit.Cmp(lo) <= 0, b.op == "<=" && b.limit.Cmp(lo) < 0,
			b.op == ">" && b.limit.Cmp(hi) >= 0, b.op == ">=" && b.limit.Cmp(hi) > 0:
			continue // never violated
		case b.op == "<" && b.limit.Cmp(hi) > 0, b.op == "<=" && b.limit.Cmp(hi) >= 0,
			b.op == ">" && b.limit.Cmp(lo) < 0, b.op == ">=" && b.limit.Cmp(lo) <= 0:
			w.violation(c, "d.Violation("+messageLit(b.msg)+")") // always violated
			continue
		}
		w.open("if n ", b.op, " ", b.limit.String(), " {")
		w.violation(c, "d.Violation("+messageLit(b.msg)+")")
		w.close()
		switch b.op {
		case "<":
			lo = maxInt(lo, b.limit)
		case "<=":
			lo = maxInt(lo, new(big.Int).Add(b.limit, big.NewInt(1)))
		case ">":
			hi = minInt(hi, b.limit)
		case ">=":
			hi = minInt(hi, new(big.Int).Sub(b.limit, big.NewInt(1)))
		}
	}
	if v.MultipleOf != "" {
		w.multipleOf(v, c)
	}
	if tlo, thi := intRange(v); lo.Cmp(tlo) < 0 || hi.Cmp(thi) > 0 {
		// encoding/json rejects what the Go type cannot hold.
		base := map[int]string{0: "int", 8: "int8", 16: "int16", 32: "int32", 64: "int64"}[v.Bits]
		if v.Kind == ValueUint {
			base = "u" + base
		}
		w.open("if ", from, "(", base, "(n)) != n {")
		w.line("d.Fallback()")
		w.line("return")
		w.close()
	}
	w.line(target, " = ", convert(w.typ(v.Type), from, "n"))
}

func maxInt(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

func minInt(a, b *big.Int) *big.Int {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

func (w *decoderWriter) float(v *ValuePlan, target string, c valueCtx) {
	w.line("f, ok := d.Float(", strconv.Itoa(v.Bits), ")")
	w.open("if !ok {")
	w.line(c.skip)
	w.close()
	for _, b := range []struct {
		lit, op, exact string
		msg            func(*big.Rat) string
	}{
		{v.Minimum, "<", "< 0", jsonarg.MinimumMessage},
		{v.Maximum, ">", "> 0", jsonarg.MaximumMessage},
		{v.ExclusiveMinimum, "<", "<= 0", jsonarg.ExclusiveMinimumMessage},
		{v.ExclusiveMaximum, ">", ">= 0", jsonarg.ExclusiveMaximumMessage},
	} {
		if b.lit == "" {
			continue
		}
		r := ratOf(b.lit)
		msg := "d.Violation(" + messageLit(b.msg(r)) + ")"
		rounded, exact := roundRat(r, v.Bits)
		if math.IsInf(rounded, 0) {
			// Every finite number of the type is on one side.
			if rounded > 0 == (b.op == "<") {
				w.violation(c, msg)
			}
			continue
		}
		lit := floatLit(rounded)
		cmp := "d.CmpNumber(" + floatLit(exact) + ")"
		if e := new(big.Rat).SetFloat64(exact); e == nil || e.Cmp(r) != 0 {
			// Not a float64: compared as a fraction.
			w.usesBig = true
			cmp = "d.CmpRat(" + w.p.Imports.Big + ".NewRat(" + r.Num().String() + ", " + r.Denom().String() + "))"
		}
		w.open("if f ", b.op, " ", lit, " || f == ", lit, " && ", cmp, " ", b.exact, " {")
		w.violation(c, msg)
		w.close()
	}
	if v.MultipleOf != "" {
		w.multipleOf(v, c)
	}
	w.line(target, " = ", convert(w.typ(v.Type), "float64", "f"))
}

// multipleOf writes the check of "multipleOf" on the number just read (n
// for an integer, f for a float).
func (w *decoderWriter) multipleOf(v *ValuePlan, c valueCtx) {
	r := ratOf(v.MultipleOf)
	msg := "d.Violation(" + messageLit(jsonarg.MultipleOfMessage(r)) + ")"
	if v.Kind != ValueFloat && r.IsInt() {
		lo, _ := readRange(v.Kind)
		if v.Kind == ValueInt && r.Num().Cmp(new(big.Int).Neg(lo)) >= 0 {
			// Only 0 is a multiple of a modulus beyond int64's range.
			w.open("if n != 0 {")
		} else {
			w.open("if n%", r.Num().String(), " != 0 {")
		}
		w.violation(c, msg)
		w.close()
		return
	}
	// The validator divides the exact value: so does the decoder, with the
	// exact value of the number read.
	w.usesBig = true
	w.open("if r := d.Rat(); r != nil && !new(", w.p.Imports.Big, ".Rat).Quo(r, ", w.p.Imports.Big, ".NewRat(", r.Num().String(), ", ", r.Denom().String(), ")).IsInt() {")
	w.violation(c, msg)
	w.close()
}

// roundRat rounds r to the float type of bits, and to float64.
func roundRat(r *big.Rat, bits int) (rounded, f64 float64) {
	f64, _ = r.Float64()
	if bits == 32 {
		f32, _ := r.Float32()
		return float64(f32), f64
	}
	return f64, f64
}

// floatLit writes a float64 as a Go constant that is exactly it.
func floatLit(f float64) string {
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// zero is the Go zero value of a plan's type, as an expression.
func (w *decoderWriter) zero(v *ValuePlan) string {
	switch v.Kind {
	case ValueBool:
		return "false"
	case ValueString, ValueNumber:
		return `""`
	case ValueInt, ValueUint, ValueFloat:
		return "0"
	case ValueStruct, ValueTime, ValueArray:
		return w.typ(v.Type) + "{}"
	}
	return "nil"
}

func (w *decoderWriter) slice(v *ValuePlan, target string, c valueCtx) {
	e := "e"
	if c.depth > 0 {
		e += strconv.Itoa(c.depth + 1)
	}
	w.line(target, " = ", w.typ(v.Type), "{}")
	if v.UniqueItems {
		w.line("mark := d.Mark()")
	}
	w.open("for d.Array(); d.NextItem(); {")
	w.line(target, " = append(", target, ", ", w.zero(v.Elem), ")")
	w.line(e, " := &", paren(target), "[len(", target, ")-1]")
	w.value(v.Elem, "*"+e, valueCtx{skip: "continue", union: c.union, depth: c.depth + 1})
	w.close()
	if v.UniqueItems {
		// The validator compares the items as they are, valid or not: only
		// valid items compare as Go values.
		w.usesSlices = true
		w.open("if d.Since(mark) {")
		w.line("d.Fallback()")
		w.line("return")
		w.close()
		w.open("for j := 1; j < len(", target, "); j++ {")
		w.open("if i := ", w.p.Imports.Slices, ".Index(", paren(target), "[:j], ", paren(target), "[j]); i >= 0 {")
		w.violation(c, "d.Violation("+w.p.Imports.JSONArg+".UniqueItemsMessage(i, j))")
		w.line("break")
		w.close()
		w.close()
	}
	if v.MinItems >= 0 {
		w.open("if len(", target, ") < ", strconv.Itoa(v.MinItems), " {")
		w.violation(c, "d.MinItems("+strconv.Itoa(v.MinItems)+", len("+target+"))")
		w.close()
	}
	if v.MaxItems >= 0 {
		w.open("if len(", target, ") > ", strconv.Itoa(v.MaxItems), " {")
		w.violation(c, "d.MaxItems("+strconv.Itoa(v.MaxItems)+", len("+target+"))")
		w.close()
	}
}

func (w *decoderWriter) array(v *ValuePlan, target string, c valueCtx) {
	i, e, extra := "i", "e", "extra"
	if c.depth > 0 {
		i += strconv.Itoa(c.depth + 1)
		e += strconv.Itoa(c.depth + 1)
		extra += strconv.Itoa(c.depth + 1)
	}
	n := strconv.Itoa(v.Len)
	// encoding/json skips the items beyond the array's length, which the
	// validator checks all the same: they are read into extra.
	w.line("var ", extra, " ", w.typ(v.Elem.Type))
	w.line(i, " := 0")
	w.open("for d.Array(); d.NextItem(); ", i, "++ {")
	w.line(e, " := &", extra)
	w.open("if ", i, " < ", n, " {")
	w.line(e, " = &", paren(target), "[", i, "]")
	w.close()
	w.value(v.Elem, "*"+e, valueCtx{skip: "continue", union: c.union, depth: c.depth + 1})
	w.close()
	if v.MinItems >= 0 {
		w.open("if ", i, " < ", strconv.Itoa(v.MinItems), " {")
		w.violation(c, "d.MinItems("+strconv.Itoa(v.MinItems)+", "+i+")")
		w.close()
	}
	if v.MaxItems >= 0 {
		w.open("if ", i, " > ", strconv.Itoa(v.MaxItems), " {")
		w.violation(c, "d.MaxItems("+strconv.Itoa(v.MaxItems)+", "+i+")")
		w.close()
	}
}

func (w *decoderWriter) mapValue(v *ValuePlan, target string, c valueCtx) {
	k, e := "k", "e"
	if c.depth > 0 {
		k += strconv.Itoa(c.depth + 1)
		e += strconv.Itoa(c.depth + 1)
	}
	w.line(target, " = ", w.typ(v.Type), "{}")
	w.open("for d.Object(); d.Next(); {")
	w.line(k, " := ", convert(w.typ(v.Key), "", "d.Key()"))
	w.open("if _, dup := ", paren(target), "[", k, "]; dup {")
	w.line("d.Duplicate()")
	w.line("return")
	w.close()
	w.line("var ", e, " ", w.typ(v.Elem.Type))
	w.line(paren(target), "[", k, "] = ", e, " // a later duplicate of ", k, " falls back")
	w.value(v.Elem, e, valueCtx{skip: "continue", union: c.union, depth: c.depth + 1})
	w.line(paren(target), "[", k, "] = ", e)
	w.close()
}
