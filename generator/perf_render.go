package generator

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// placeholderPrefix starts the identifiers that stand for schema raw
// strings while the file is formatted (see render).
const placeholderPrefix = "toolgenSchemaLiteral_"

// schemaLits records the raw string literals replaced by placeholders. A nil
// *schemaLits replaces nothing.
type schemaLits struct {
	raw [][]byte // raw[i] is the text, without backquotes, of placeholder i
	// invalid is set when a literal is not valid Go source (a NUL byte,
	// invalid UTF-8, a byte order mark), so that gofmt would reject the real
	// file, or when it holds a form feed, which go/printer counts as a line
	// break and go/scanner does not, so that its lines do matter to the
	// layout. render then formats the real file.
	invalid bool
}

// lit returns the code of the string constant b: a placeholder when b can be
// a raw string and lits is not nil, else the literal itself.
func (lits *schemaLits) lit(b []byte) jen.Code {
	if lits == nil {
		return stringLit(b)
	}
	switch rawKind(b) {
	case rawQuoted:
		return stringLit(b)
	case rawInvalid:
		lits.invalid = true
		return stringLit(b)
	}
	id := placeholderPrefix + strconv.Itoa(len(lits.raw))
	lits.raw = append(lits.raw, b)
	return jen.Id(id)
}

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
// literals. ok is false when the placeholders are not exactly the ones
// recorded, each once and in order: then some other text of the file
// contains the prefix, and the result could be wrong.
func (lits *schemaLits) substitute(src []byte) (out []byte, ok bool) {
	if lits.invalid || bytes.Count(src, []byte(placeholderPrefix)) != len(lits.raw) {
		return nil, false
	}
	size := len(src)
	for _, r := range lits.raw {
		size += len(r) + 2
	}
	out = make([]byte, 0, size)
	rest := src
	for i, r := range lits.raw {
		at := bytes.Index(rest, []byte(placeholderPrefix))
		id := placeholderPrefix + strconv.Itoa(i)
		end := at + len(id)
		if at < 0 || !bytes.HasPrefix(rest[at:], []byte(id)) || (end < len(rest) && isIdentByte(rest[end])) {
			return nil, false
		}
		out = append(out, rest[:at]...)
		out = append(out, '`')
		out = append(out, r...)
		out = append(out, '`')
		rest = rest[end:]
	}
	return append(out, rest...), true
}

func isIdentByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}
