package generator

import (
	"bytes"
	"fmt"
	"go/format"
	"strconv"
	"strings"
)

// This file formats the code of most tools without go/format: the code of
// a tool (two schema constants and a constructor, see renderTool) has one
// of few shapes, and its formatted text is the formatted text of its shape
// with the tool's names and strings put in. So each shape is formatted
// once, from a sentinel tool, and the sentinels of the result are replaced
// by each tool's tokens. jennifer and go/format thus remain the source of
// the code's shape, but a tool that takes a template is neither built nor
// rendered by jennifer (see renderTemplated).
//
// Why this gives format.Source's bytes:
//
//   - The pieces are formatted apart from each other as in formatPieces,
//     and joined the same way (see formatPieces for why that is exact).
//   - Within a tool, the tokens that vary (identifiers and string literals,
//     all on one line) are copied verbatim by the printer, and their width
//     decides nothing: the schema constants and the comments are
//     standalone lines; the constructor's composite literals align their
//     values after the keys, and a value is the last cell of its line, so
//     its width never moves a column; the printer's choice of alignment
//     sections looks at the keys' sizes (fixed words: ID, Description, …)
//     and at whether each key-value pair fits on one line (under 1e6
//     bytes), which maxTemplateText keeps true for every tool it takes;
//     jennifer orders a Dict's entries by their keys, which are fixed.
//   - What decides the layout is the shape: which Spec fields and
//     annotations are present, a receiver or not, the hooks' kinds, the
//     pointer depth of In and Out. toolShape holds exactly that.
//   - Only tools whose In and Out are types of their own package (spelled
//     without a qualifier) are templated; other type expressions are
//     formatted by go/format.
//
// TestRenderPlaceholders, TestRenderPlaceholdersRandom and TestFormatPieces
// check the result against format.Source of the whole file.

// maxTemplateText bounds the description and title of a templated tool,
// far below the size (1e6) from which go/printer stops treating a
// key-value pair as fitting on one line.
const maxTemplateText = 64 << 10

// toolShape is what decides the layout of a tool's code.
type toolShape struct {
	recv, title, approval, strict                bool
	readOnly, destructive, idempotent, openWorld bool
	hooks                                        string // the hooks' kinds, in order
	inDepth, outDepth                            int    // pointers around In and Out
}

// The sentinels of a template. No fixed text of renderTool contains them.
const (
	sentinelID    = "toolgen-sentinel-id"
	sentinelKey   = "toolgen-sentinel-key"
	sentinelTitle = "toolgen-sentinel-title"
	sentinelDesc  = "toolgen-sentinel-description"
	sentinelRecv  = "ToolgenSentinelRecv"
	sentinelFunc  = "ToolgenSentinelFunc"
	sentinelCtor  = "ToolgenSentinelCtor"
	sentinelConst = "toolgenSentinelConst"
	sentinelIn    = "ToolgenSentinelIn"
	sentinelOut   = "ToolgenSentinelOut"
	sentinelHook  = "ToolgenSentinelHook" // + the hook's index, one digit
)

// Kinds of template segments: literal text or a token of the tool.
const (
	segText = iota
	segID
	segKey
	segTitle
	segDesc
	segToolset // toolsetFunc(Recv)
	segRecv
	segFunc
	segCtor
	segConst
	segIn
	segOut
	segSchema0
	segSchema1
	segDecoder // the placeholder of the tool's decoder
	segHook0   // segHook0+i is hook i: the last kinds
)

// segment is a piece of a template.
type segment struct {
	kind int
	text string // for segText
}

// sentinelTexts are the texts of the sentinels in a formatted template and
// the segments they become. A longer text wins where one is a prefix of
// another (the receiver and its toolset function).
func sentinelTexts() []segment {
	return []segment{
		{segID, strconv.Quote(sentinelID)},
		{segKey, strconv.Quote(sentinelKey)},
		{segTitle, strconv.Quote(sentinelTitle)},
		{segDesc, strconv.Quote(sentinelDesc)},
		{segToolset, toolsetFunc(sentinelRecv)},
		{segRecv, sentinelRecv},
		{segFunc, sentinelFunc},
		{segCtor, sentinelCtor},
		{segConst, sentinelConst},
		{segIn, sentinelIn},
		{segOut, sentinelOut},
		{segSchema0, placeholderPrefix + "0"},
		{segSchema1, placeholderPrefix + "1"},
		{segDecoder, decoderPlaceholder(0)},
		{segHook0, sentinelHook + "0"},
		{segHook0 + 1, sentinelHook + "1"},
		{segHook0 + 2, sentinelHook + "2"},
	}
}

// shapeOf returns the shape of t, and false when t cannot be templated.
func shapeOf(p *Package, t *Tool) (toolShape, bool) {
	inDepth, inOK := localNamed(p, t.In)
	outDepth, outOK := localNamed(p, t.Out)
	if !inOK || !outOK || len(t.Hooks) > 3 || len(t.Description) > maxTemplateText || len(t.Title) > maxTemplateText {
		return toolShape{}, false
	}
	var hooks strings.Builder
	for _, h := range t.Hooks {
		hooks.WriteString(string(h.Kind))
		hooks.WriteByte(',')
	}
	return toolShape{
		recv: t.Recv != "", title: t.Title != "", approval: t.Approval, strict: t.Strict,
		readOnly: t.ReadOnly, destructive: t.Destructive, idempotent: t.Idempotent, openWorld: t.OpenWorld,
		hooks: hooks.String(), inDepth: inDepth, outDepth: outDepth,
	}, true
}

// localNamed reports whether e is a named type of package p without type
// arguments, under depth pointers: jennifer spells it without a qualifier.
func localNamed(p *Package, e *TypeExpr) (depth int, ok bool) {
	for e != nil && e.Kind == KindPointer {
		depth++
		e = e.Elem
	}
	return depth, e != nil && e.Kind == KindNamed && e.PkgPath == p.Path && e.Name != "" && len(e.TypeArgs) == 0
}

// template formats the code of a sentinel tool of shape s and cuts the
// result into segments.
func template(p *Package, s toolShape, hooks []Hook) ([]segment, error) {
	typ := func(name string, depth int) *TypeExpr {
		e := &TypeExpr{Kind: KindNamed, PkgPath: p.Path, PkgName: p.Name, Name: name}
		for range depth {
			e = &TypeExpr{Kind: KindPointer, Elem: e}
		}
		return e
	}
	t := &Tool{
		ID: sentinelID, Key: sentinelKey, Description: sentinelDesc,
		Func: sentinelFunc, Ctor: sentinelCtor, SchemaConst: sentinelConst,
		In: typ(sentinelIn, s.inDepth), Out: typ(sentinelOut, s.outDepth),
		Approval: s.approval, Strict: s.strict,
		ReadOnly: s.readOnly, Destructive: s.destructive, Idempotent: s.idempotent, OpenWorld: s.openWorld,
	}
	if s.title {
		t.Title = sentinelTitle
	}
	if s.recv {
		t.Recv = sentinelRecv
	}
	for i, h := range hooks {
		t.Hooks = append(t.Hooks, Hook{Kind: h.Kind, Func: sentinelHook + strconv.Itoa(i)})
	}
	f := newFile(p)
	renderTool(f, t, &schemaLits{}, 0)
	f.NoFormat = true
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, err
	}
	marker := []byte("\n// " + toolFirstLine(t) + "\n")
	at := bytes.Index(buf.Bytes(), marker)
	if at < 0 {
		return nil, fmt.Errorf("template: no %q", marker)
	}
	text, err := formatPiece(buf.Bytes()[at+1:])
	if err != nil {
		return nil, err
	}
	var segs []segment
	sentinels := sentinelTexts()
	rest := string(text)
	for len(rest) > 0 {
		// The earliest sentinel, the longest at a position.
		at, kind, size := len(rest), segText, 0
		for _, st := range sentinels {
			if i := strings.Index(rest, st.text); i >= 0 && (i < at || i == at && len(st.text) > size) {
				at, kind, size = i, st.kind, len(st.text)
			}
		}
		if at > 0 {
			segs = append(segs, segment{kind: segText, text: rest[:at]})
		}
		if kind != segText {
			segs = append(segs, segment{kind: kind})
		}
		rest = rest[at+size:]
	}
	return segs, nil
}

// appendTool appends the formatted code of tool i of the file, t, from the
// segments of its shape.
func appendTool(dst []byte, segs []segment, t *Tool, i int) []byte {
	for _, s := range segs {
		switch s.kind {
		case segText:
			dst = append(dst, s.text...)
		case segID:
			// jen.Lit writes %#v, and the comments %q: for a string both
			// are strconv.Quote's text (fmt's fmtQ without the + or #
			// flags).
			dst = strconv.AppendQuote(dst, t.ID)
		case segKey:
			dst = strconv.AppendQuote(dst, t.Key)
		case segTitle:
			dst = strconv.AppendQuote(dst, t.Title)
		case segDesc:
			dst = strconv.AppendQuote(dst, t.Description)
		case segToolset:
			dst = append(dst, toolsetFunc(t.Recv)...)
		case segRecv:
			dst = append(dst, t.Recv...)
		case segFunc:
			dst = append(dst, t.Func...)
		case segCtor:
			dst = append(dst, t.Ctor...)
		case segConst:
			dst = append(dst, t.SchemaConst...)
		case segIn:
			dst = append(dst, namedOf(t.In).Name...)
		case segOut:
			dst = append(dst, namedOf(t.Out).Name...)
		case segSchema0, segSchema1:
			dst = append(dst, placeholderPrefix...)
			dst = strconv.AppendInt(dst, int64(2*i+s.kind-segSchema0), 10)
		case segDecoder:
			dst = append(dst, decoderPlaceholderPrefix...)
			dst = strconv.AppendInt(dst, int64(i), 10)
		default:
			dst = append(dst, t.Hooks[s.kind-segHook0].Func...)
		}
	}
	return dst
}

func namedOf(e *TypeExpr) *TypeExpr {
	for e.Kind == KindPointer {
		e = e.Elem
	}
	return e
}

// formatPiece formats declarations as a file of their own, without the
// package clause it needs.
func formatPiece(decls []byte) ([]byte, error) {
	const clause = "package p\n\n"
	out, err := format.Source(append([]byte(clause), decls...))
	if err != nil {
		return nil, err
	}
	out, ok := bytes.CutPrefix(out, []byte(clause))
	if !ok {
		return nil, fmt.Errorf("the package clause moved")
	}
	return out, nil
}

// renderTemplated renders and formats the file of p with placeholders for
// its schema constants (recorded in lits), as formatting the whole
// rendered file with format.Source would: each tool that has a template
// is written from the template of its shape, and jennifer builds and
// renders only the rest of the file (its start, the other tools and the
// toolset functions), which are formatted with go/format. ok is false,
// and lits untouched, when the file is better rendered whole and
// formatted in parallel pieces (most tools have no template).
//
// Why building only part of the file gives the same start and the same
// code for the other tools:
//
//   - The start of the file (header, package clause, imports) is what
//     jennifer writes for the imports registered while the code was
//     rendered. The first tool is always rendered: every tool refers to
//     the runtime and encoding/json packages (runtime.Func and
//     json.RawMessage), so it registers both, as it does in the whole
//     file. A templated tool refers to no other package (its In and Out
//     are local types, spelled without a qualifier, see shapeOf), so the
//     templated tools after it register nothing new, and leaving them out
//     changes neither the set of imports nor the order in which the other
//     tools register theirs, which decides the names jennifer gives to
//     colliding packages. importNames is called for every tool, as in
//     buildFile.
//   - The code of a tool is built from the tool alone (renderTool), with
//     the placeholders numbered by the tool's index in the whole file, so
//     its unformatted text is the same; the pieces are then formatted
//     apart and joined as formatPieces does (see there for why that is
//     exact).
//
// TestRenderPlaceholders, TestRenderPlaceholdersRandom and TestFormatPieces
// check the result against format.Source of the whole file.
func renderTemplated(p *Package, lits *schemaLits) (out []byte, ok bool, err error) {
	if len(p.Tools) == 0 {
		return nil, false, nil
	}
	shapes := make([]toolShape, len(p.Tools))
	hasShape := make([]bool, len(p.Tools))
	templated := 0
	for i, t := range p.Tools {
		if shapes[i], hasShape[i] = shapeOf(p, t); hasShape[i] {
			templated++
		}
	}
	if 2*templated < len(p.Tools) || !plainImports(p) {
		return nil, false, nil
	}
	for i, t := range p.Tools {
		lits.set(2*i, &t.InputSchema)
		lits.set(2*i+1, &t.OutputSchema)
	}

	// The part of the file that jennifer builds: the first tool, the tools
	// without a template, and the toolset functions.
	f := newFile(p)
	for _, t := range p.Tools {
		importNames(f, t.In)
		importNames(f, t.Out)
	}
	var built []int // the indexes of the tools built
	for i, t := range p.Tools {
		if i == 0 || !hasShape[i] {
			renderTool(f, t, lits, i)
			built = append(built, i)
		}
	}
	tail, direct := toolsetsText(p)
	if !direct {
		renderToolsets(f, p)
	}
	f.NoFormat = true
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, true, err
	}
	src := buf.Bytes()

	// cuts[k] is where tool built[k] starts; cuts[len] where the toolsets
	// start (the end of src when toolsetsText writes them).
	cuts := make([]int, 0, len(built)+1)
	from := 0
	for _, i := range built {
		t := p.Tools[i]
		at := bytes.Index(src[from:], []byte("\n// "+toolFirstLine(t)+"\n"))
		if at < 0 {
			return nil, true, fmt.Errorf("no tool %s", t.ID)
		}
		from += at + 1
		cuts = append(cuts, from)
	}
	if direct {
		cuts = append(cuts, len(src))
	} else {
		at := bytes.Index(src[from:], []byte("\n// "+toolsetsFirstLine(p)+"\n"))
		if at < 0 {
			return nil, true, fmt.Errorf("no toolsets")
		}
		cuts = append(cuts, from+at+1)
	}

	head, err := format.Source(src[:cuts[0]])
	if err != nil {
		return nil, true, err
	}
	if !direct {
		if tail, err = formatPiece(src[cuts[len(cuts)-1]:]); err != nil {
			return nil, true, err
		}
	}
	size := len(head) + len(tail)
	for _, t := range p.Tools {
		size += len(t.Description) + 1024 // a tool's code is some 700 bytes
	}
	out = make([]byte, 0, size)
	out = append(out, head...)
	templates := map[toolShape][]segment{}
	k := 0 // the next tool built
	for i, t := range p.Tools {
		out = append(out, '\n')
		if k < len(built) && built[k] == i {
			k++
			if !hasShape[i] {
				code, err := formatPiece(src[cuts[k-1]:cuts[k]])
				if err != nil {
					return nil, true, err
				}
				out = append(out, code...)
				continue
			}
		}
		segs, ok := templates[shapes[i]]
		if !ok {
			if segs, err = template(p, shapes[i], t.Hooks); err != nil {
				return nil, true, err
			}
			templates[shapes[i]] = segs
		}
		out = appendTool(out, segs, t, i)
	}
	out = append(out, '\n')
	return append(out, tail...), true, nil
}

// plainImports reports whether the file of p names the runtime and
// encoding/json packages as a template does (newFile's names, see
// template): when no type of its tools comes from a package that jennifer
// could name the same (its name, or a name it derives from the path, is
// one of them) or from these packages themselves (importNames would give
// them their own names). jennifer gives a package its name unless a
// package registered before it has it; the names it makes unique end with
// a digit, and the names of Imports never do.
func plainImports(p *Package) bool {
	var ok func(e *TypeExpr) bool
	ok = func(e *TypeExpr) bool {
		if e == nil {
			return true
		}
		if e.PkgPath != "" && e.PkgPath != p.Path {
			switch {
			case e.PkgPath == runtimePath, e.PkgPath == jsonPath, e.PkgName == "",
				e.PkgName == p.Imports.Runtime, e.PkgName == p.Imports.JSON:
				return false
			}
		}
		if !ok(e.Elem) || !ok(e.Key) {
			return false
		}
		for _, a := range e.TypeArgs {
			if !ok(a) {
				return false
			}
		}
		return true
	}
	for _, t := range p.Tools {
		if !ok(t.In) || !ok(t.Out) {
			return false
		}
	}
	return true
}

// toolsetsFirstLine is the text of the first comment of the toolset
// functions (see renderToolsets).
func toolsetsFirstLine(p *Package) string { return toolsetFirstLine(p.Tools[0].Recv) }

// toolsetFirstLine is the first comment line of the code of the toolset
// function of recv's methods ("" for the package's functions), which
// renderToolsets writes and renderTemplated looks for.
func toolsetFirstLine(recv string) string {
	if recv == "" {
		return toolsDoc(toolsetFunc(recv))[0]
	}
	return fmt.Sprintf("%s returns the tools of the methods of r, by key.", toolsetFunc(recv))
}
