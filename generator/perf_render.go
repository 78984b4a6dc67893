package generator

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// placeholderPrefix starts the identifiers that stand for schema raw
// strings while the file is formatted (see render).
const placeholderPrefix = "toolgenSchemaLiteral_"

// schemaLits records the schema constants replaced by placeholders. A nil
// *schemaLits replaces nothing.
//
// It records where each schema will be (the Tool's InputSchema or
// OutputSchema field), not its bytes: the file can then be rendered and
// formatted while the schemas are still being computed (see
// startRenders), and only substitute, called once they are all set, reads
// them.
type schemaLits struct {
	schemas []*json.RawMessage // the schema of placeholder i is *schemas[i]
}

// lit returns the code of the schema constant that schema will hold: a
// placeholder when lits is not nil, else the literal itself. n numbers the
// placeholder: 2i and 2i+1 for the input and output schemas of tool i of
// the file, so that a file may be built from some of its tools only (see
// renderTemplated) and still number them as the whole file does.
//
// A placeholder stands for whichever literal stringLit gives, raw or
// quoted: both are one token on the const line, and a standalone
// `const X = …` declaration has no neighbour to align with and no
// line-fitting decision that depends on the width of its value (the
// constructor refers to the constant by name), so the token's text changes
// no layout decision of the printer. TestRenderPlaceholders and
// TestRenderPlaceholdersRandom check the result against formatting the
// real file.
func (lits *schemaLits) lit(schema *json.RawMessage, n int) jen.Code {
	if lits == nil {
		return stringLit(*schema)
	}
	lits.set(n, schema)
	return jen.Id(placeholderPrefix + strconv.Itoa(n))
}

// set records schema as the literal of placeholder n.
func (lits *schemaLits) set(n int, schema *json.RawMessage) {
	if n >= len(lits.schemas) {
		lits.schemas = append(lits.schemas, make([]*json.RawMessage, n+1-len(lits.schemas))...)
	}
	lits.schemas[n] = schema
}

// rawKinds are the rawKind of schemas, by the field that holds them.
type rawKinds map[*json.RawMessage]int

const (
	rawOK      = iota
	rawQuoted  // holds a backquote or a carriage return: stringLit quotes it
	rawInvalid // not valid in Go source, or holds a form feed
)

// rawKind classifies b in one pass (the schemas are most of the file).
func rawKind(b []byte) int {
	kind := rawOK
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			switch c {
			case '`', '\r':
				return rawQuoted
			case 0, '\f':
				kind = rawInvalid
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || r == '\uFEFF' {
			kind = rawInvalid
		}
		i += size
	}
	return kind
}

// substitute replaces the placeholders of formatted source src with their
// literals, as stringLit spells them. ok is false when the placeholders are
// not exactly the ones recorded, each once and in order (some other text
// of the file contains the prefix, and the result could be wrong), or when
// a schema is not valid in a raw string (a NUL byte, invalid UTF-8, a byte
// order mark: gofmt would reject the real file) or holds a form feed, which
// go/printer counts as a line break and go/scanner does not, so that its
// lines do matter to the layout. The caller then formats the real file.
//
// kinds may give the rawKind of some schemas, computed beforehand from
// the same bytes (see gen.schemas); the others are classified here.
func (lits *schemaLits) substitute(src []byte, kinds rawKinds) (out []byte, ok bool) {
	return lits.substituteInto(nil, src, kinds, nil, 0)
}

// substituteInto is substitute appending to out, with room for extra more
// bytes, and, for tools that are not nil, their decoder placeholders too
// (appendDecoderCalls): each once and in order, or ok is false. It copies
// the file once.
func (lits *schemaLits) substituteInto(out, src []byte, kinds rawKinds, tools []*Tool, extra int) (_ []byte, ok bool) {
	if bytes.Count(src, []byte(placeholderPrefix)) != len(lits.schemas) ||
		tools != nil && bytes.Count(src, []byte(decoderCall)) != len(tools) {
		return nil, false
	}
	size := len(out) + len(src) + extra
	for _, s := range lits.schemas {
		if s == nil { // a number was skipped: not the file's placeholders
			return nil, false
		}
		size += len(*s) + 2
	}
	for _, t := range tools {
		size += len(t.Decoder) + len(t.Encoder) + len(".WithDecoder().WithEncoder()")
	}
	out = slices.Grow(out, size-len(out))
	// The next placeholder of each kind, from rest's start; -1 for none.
	rest := src
	next := func(prefix string, left bool) int {
		if !left {
			return -1
		}
		return bytes.Index(rest, []byte(prefix))
	}
	si, di := 0, 0
	sAt, dAt := next(placeholderPrefix, len(lits.schemas) > 0), next(decoderCall, len(tools) > 0)
	for sAt >= 0 || dAt >= 0 {
		if sAt >= 0 && (dAt < 0 || sAt < dAt) {
			id := placeholderPrefix + strconv.Itoa(si)
			end := sAt + len(id)
			if !bytes.HasPrefix(rest[sAt:], []byte(id)) || (end < len(rest) && isIdentByte(rest[end])) {
				return nil, false
			}
			out = append(out, rest[:sAt]...)
			s := lits.schemas[si]
			kind, known := kinds[s]
			if !known {
				kind = rawKind(*s)
			}
			switch kind {
			case rawOK:
				out = append(out, '`')
				out = append(out, *s...)
				out = append(out, '`')
			case rawQuoted:
				// What jen.Lit writes for a string (see stringLit).
				out = fmt.Appendf(out, "%#v", string(*s))
			default:
				return nil, false
			}
			rest = rest[end:]
			if dAt >= 0 {
				dAt -= end
			}
			si++
			sAt = next(placeholderPrefix, si < len(lits.schemas))
			continue
		}
		want := decoderCall + strconv.Itoa(di) + ")"
		if !bytes.HasPrefix(rest[dAt:], []byte(want)) {
			return nil, false
		}
		out = append(out, rest[:dAt]...)
		out = appendDecoderCalls(out, tools[di])
		end := dAt + len(want)
		rest = rest[end:]
		if sAt >= 0 {
			sAt -= end
		}
		di++
		dAt = next(decoderCall, di < len(tools))
	}
	if si != len(lits.schemas) || di != len(tools) {
		return nil, false
	}
	return append(out, rest...), true
}

// pendingFile is a generated file formatted with placeholders, waiting for
// its schemas.
type pendingFile struct {
	src  []byte
	lits *schemaLits
	err  error
}

// renderPlaceholders renders and formats the file of p with placeholders
// for its schema constants. It reads no schema, so it may run while the
// schemas are computed.
func renderPlaceholders(p *Package) *pendingFile {
	lits := &schemaLits{}
	src, err := renderFile(p, lits)
	return &pendingFile{src: src, lits: lits, err: err}
}

// finish substitutes the schemas of p, which must all be set, into the
// file; when it cannot, it renders the real file the slow way, which also
// gives the error of the real file. kinds, which may be nil, are as in
// substitute.
func (pf *pendingFile) finish(p *Package, kinds rawKinds) ([]byte, error) {
	if pf.err == nil {
		// The decoders too were decided with the schemas. Their imports
		// are added to the file's start, their placeholders replaced with
		// the schemas', in one copy of the file, and they are appended.
		dt := renderDecoders(p)
		var head []byte
		end, err := 0, error(nil)
		if len(dt.imports) > 0 {
			head, end, err = dt.importHead(pf.src, p)
		}
		if err == nil {
			if out, ok := pf.lits.substituteInto(head, pf.src[end:], kinds, p.Tools, dt.size); ok {
				return dt.appendTo(out), nil
			}
		}
	}
	return renderFile(p, nil)
}

// pendingRenders are the files of a run being rendered in the background.
type pendingRenders struct {
	done  chan struct{}
	files []*pendingFile // files[i] is the file of pkgs[i]
	// panicked is what the goroutine panicked with, raised again by file
	// in the caller's goroutine, where render used to panic.
	panicked any
}

// startRenders renders the files of pkgs with placeholders in a goroutine,
// so that rendering and formatting the Go code, which do not depend on the
// schema texts, overlap the schema workers. The goroutine reads the models
// but none of their schema fields, which the schema phase sets meanwhile,
// and writes only files; wait orders everything it did before the caller's
// next step.
func startRenders(pkgs []*Package) *pendingRenders {
	pr := &pendingRenders{done: make(chan struct{}), files: make([]*pendingFile, len(pkgs))}
	go func() {
		defer close(pr.done)
		defer func() { pr.panicked = recover() }()
		for i, p := range pkgs {
			pr.files[i] = renderPlaceholders(p)
		}
	}()
	return pr
}

// wait waits for the renders to end. Generate always waits, even when it
// will discard the files, so that no goroutine of a run outlives it.
func (pr *pendingRenders) wait() {
	<-pr.done
}

// file returns the file of the i-th package, after wait.
func (pr *pendingRenders) file(i int) *pendingFile {
	if pr.panicked != nil {
		panic(pr.panicked)
	}
	return pr.files[i]
}

func isIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// minParallelTools is the number of tools from which the file is formatted
// in pieces, in parallel: below it, the pieces would be too small to pay
// for the goroutines.
const minParallelTools = 64

// pieceCount is the number of pieces formatPieces cuts a file of n tools
// into: one per processor, of at least minParallelTools/2 tools each.
func pieceCount(n int) int {
	if n < minParallelTools {
		return 1
	}
	return min(runtime.GOMAXPROCS(0), n/(minParallelTools/2))
}

// toolFirstLine is the text of the first comment of the code of tool t,
// which starts its piece of the file.
func toolFirstLine(t *Tool) string {
	return fmt.Sprintf("%sInputSchema is the JSON Schema of the input of tool %q.", t.SchemaConst, t.ID)
}

// formatPieces formats src, the unformatted file of tools, as format.Source
// would, but in n pieces formatted in parallel: the first piece is the
// file's start (header, package clause, imports) with the first tools;
// each other piece is a run of tools (the last one also holding the
// toolset functions), formatted as a file of its own after a package
// clause that is then cut off.
//
// Why the result is the same: go/printer prints the declarations of a
// file one after the other, and what it prints for one depends on the
// declarations before it only through the line breaks between them and
// through alignment. Each piece starts with the doc comment of a const
// declaration, after a blank line in the source: the printer always puts
// exactly one blank line there (a declaration with a doc comment gets at
// least one, and never more than one), which is the "\n" the pieces are
// joined with. Alignment (text/tabwriter cells) never spans a blank line,
// and every comment lies inside the piece that holds its declaration. The
// pieces are cut only at the first line of a tool (toolFirstLine), which
// only a comment of ours can start with: every user text of the file
// (descriptions, titles) is inside a quoted string literal, where a line
// break is escaped. Imports are sorted in the first piece, which holds
// them all. TestRenderPlaceholders checks the result against format.Source
// of the whole file on the golden cases and the 1,000-tool package.
//
// An error means that some piece did not format; the caller then formats
// the real file, which gives the real error.
func formatPieces(src []byte, tools []*Tool, n int) ([]byte, error) {
	n = min(n, len(tools))
	if n < 2 {
		return format.Source(src)
	}
	// cuts[i] is where piece i+1 starts: at the first line of a tool.
	cuts := make([]int, 0, n-1)
	from := 0
	for i := 1; i < n; i++ {
		marker := "\n// " + toolFirstLine(tools[i*len(tools)/n]) + "\n"
		at := bytes.Index(src[from:], []byte(marker))
		if at < 0 {
			return nil, fmt.Errorf("no piece starts with %q", marker)
		}
		from += at + 1
		cuts = append(cuts, from)
	}
	const clause = "package p\n\n"
	out := make([][]byte, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		start, end := 0, len(src)
		if i > 0 {
			start = cuts[i-1]
		}
		if i < n-1 {
			end = cuts[i]
		}
		piece := src[start:end]
		if i > 0 {
			piece = append([]byte(clause), piece...)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = format.Source(piece)
			if i > 0 && errs[i] == nil {
				var ok bool
				if out[i], ok = bytes.CutPrefix(out[i], []byte(clause)); !ok {
					errs[i] = fmt.Errorf("piece %d: the package clause moved", i)
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	size := n
	for _, o := range out {
		size += len(o)
	}
	joined := make([]byte, 0, size)
	for i, o := range out {
		if i > 0 {
			joined = append(joined, '\n')
		}
		joined = append(joined, o...)
	}
	return joined, nil
}
