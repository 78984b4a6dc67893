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
// by each tool's tokens.
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
	segHook0 // segHook0+i is hook i: the last kinds
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
	renderTool(f, t, &schemaLits{})
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
			dst = fmt.Appendf(dst, "%#v", t.ID) // jen.Lit, and %q in the comment: the same
		case segKey:
			dst = fmt.Appendf(dst, "%q", t.Key)
		case segTitle:
			dst = fmt.Appendf(dst, "%#v", t.Title)
		case segDesc:
			dst = fmt.Appendf(dst, "%#v", t.Description)
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

// formatTemplated formats src, the unformatted file of p rendered with
// placeholders, as format.Source would: the start of the file and the
// toolset functions with go/format, each tool from the template of its
// shape, or with go/format when it has none. ok is false when the file
// is better formatted in parallel pieces (most tools have no template).
func formatTemplated(src []byte, p *Package) (out []byte, ok bool, err error) {
	shapes := make([]toolShape, len(p.Tools))
	hasShape := make([]bool, len(p.Tools))
	templated := 0
	for i, t := range p.Tools {
		if shapes[i], hasShape[i] = shapeOf(p, t); hasShape[i] {
			templated++
		}
	}
	if 2*templated < len(p.Tools) {
		return nil, false, nil
	}
	// cuts[i] is where tool i starts; cuts[len] where the toolsets start.
	cuts := make([]int, 0, len(p.Tools)+1)
	from := 0
	for _, t := range p.Tools {
		at := bytes.Index(src[from:], []byte("\n// "+toolFirstLine(t)+"\n"))
		if at < 0 {
			return nil, true, fmt.Errorf("no tool %s", t.ID)
		}
		from += at + 1
		cuts = append(cuts, from)
	}
	at := bytes.Index(src[from:], []byte("\n// "+toolsetsFirstLine(p)+"\n"))
	if at < 0 {
		return nil, true, fmt.Errorf("no toolsets")
	}
	cuts = append(cuts, from+at+1)

	head, err := format.Source(src[:cuts[0]])
	if err != nil {
		return nil, true, err
	}
	tail, err := formatPiece(src[cuts[len(cuts)-1]:])
	if err != nil {
		return nil, true, err
	}
	out = make([]byte, 0, len(src)+len(src)/4)
	out = append(out, head...)
	templates := map[toolShape][]segment{}
	for i, t := range p.Tools {
		out = append(out, '\n')
		if !hasShape[i] {
			code, err := formatPiece(src[cuts[i]:cuts[i+1]])
			if err != nil {
				return nil, true, err
			}
			out = append(out, code...)
			continue
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

// toolsetsFirstLine is the text of the first comment of the toolset
// functions (see renderToolsets).
func toolsetsFirstLine(p *Package) string {
	recv := p.Tools[0].Recv
	if recv == "" {
		return fmt.Sprintf("%s returns the tools of package %s, by key.", toolsetFunc(recv), p.Name)
	}
	return fmt.Sprintf("%s returns the tools of the methods of r, by key.", toolsetFunc(recv))
}
