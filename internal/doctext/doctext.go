// Package doctext turns Go doc comments into the plain text that tool and
// schema descriptions carry.
package doctext

import (
	"go/ast"
	"go/doc/comment"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FromGroup returns the plain text of a comment group: directives (such as
// //tool:… and //go:…) removed, doc comment syntax rendered as text,
// paragraphs unwrapped to one line each and separated by a blank line.
// A nil group gives "".
func FromGroup(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	return Plain(cg.Text())
}

// Plain renders doc comment text (as returned by [ast.CommentGroup.Text]) as
// plain text with unwrapped paragraphs. Kubernetes' conventions for API
// types are honoured, as its OpenAPI generator does: marker lines
// ("+optional", "+k8s:openapi-gen=true", "+listType=map") are dropped, and
// so is everything from a line "---" on (notes for the type's
// maintainers).
func Plain(text string) string {
	text = dropMarkers(text)
	if s, ok := plainParagraph(text); ok {
		return s
	}
	return plainSlow(text)
}

// dropMarkers removes Kubernetes marker lines, a '+' followed by a letter,
// and the text from a line "---" on.
func dropMarkers(text string) string {
	if !strings.Contains(text, "+") && !strings.Contains(text, "---") {
		return text
	}
	var b strings.Builder
	for rest := text; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		trimmed := strings.TrimSpace(line)
		if trimmed == "---" {
			break
		}
		if len(trimmed) > 1 && trimmed[0] == '+' && unicode.IsLetter(rune(trimmed[1])) {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// plainSlow is Plain by the book: parse with go/doc/comment and print as
// text without wrapping.
func plainSlow(text string) string {
	if strings.TrimSpace(text) == "" {
		return ""
	}
	var p comment.Parser
	doc := p.Parse(text)
	pr := comment.Printer{TextWidth: -1}
	return strings.TrimSpace(string(pr.Text(doc)))
}

// plainParagraph is the fast path of Plain for the common doc comment: one
// paragraph of plain text. go/doc/comment parses such text into a single
// Paragraph of Plain text, and its text printer, with no width limit,
// writes the paragraph's words (strings.Fields) joined by single spaces on
// one line. The text qualifies when nothing in it can start another kind of
// block or inline element:
//
//   - no blank line (it would end the paragraph; it also is what makes an
//     old-style heading);
//   - no line starting with a space or a tab (code blocks and lists are
//     indented);
//   - no line starting with '#' (a heading);
//   - no '[' (doc links and link definitions), no backquote and no two
//     single quotes in a row (the parser turns both pairs into
//     typographic quotes).
//
// URLs become links whose text is the URL itself, so they print unchanged.
// ok is false when the text does not qualify; FuzzPlain and TestPlainFast
// compare this with plainSlow.
func plainParagraph(text string) (s string, ok bool) {
	if strings.ContainsAny(text, "[`") || strings.Contains(text, "''") {
		return "", false
	}
	// The lines as the parser splits them; only trailing empty lines (the
	// final newline of CommentGroup.Text) may be blank.
	body := strings.TrimRight(text, "\n")
	if body == "" {
		return "", false
	}
	for rest := body; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if line == "" || line[0] == ' ' || line[0] == '\t' || line[0] == '#' || strings.TrimSpace(line) == "" {
			return "", false
		}
	}
	return joinFields(body), true
}

// joinFields is strings.Join(strings.Fields(s), " "), without allocating
// for text whose words are already separated by single spaces, and with
// one allocation for text whose only other separators are single
// newlines (a wrapped paragraph): most doc comments.
func joinFields(s string) string {
	newlines := false
	prevSpace := true // a space first would be a leading one
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if unicode.IsSpace(r) {
				return strings.Join(strings.Fields(s), " ")
			}
			prevSpace = false
			i += size
			continue
		}
		switch c {
		case ' ', '\n':
			if prevSpace {
				return strings.Join(strings.Fields(s), " ")
			}
			newlines = newlines || c == '\n'
			prevSpace = true
		case '\t', '\v', '\f', '\r':
			return strings.Join(strings.Fields(s), " ")
		default:
			prevSpace = false
		}
		i++
	}
	if prevSpace { // empty, or a trailing space
		return strings.Join(strings.Fields(s), " ")
	}
	if newlines {
		return strings.ReplaceAll(s, "\n", " ")
	}
	return s
}

// DropName removes a leading Go identifier name from a description, as Go
// doc comments start with the name they document: "GetWeather fetches the
// weather." becomes "Fetches the weather." Text that does not start with
// name followed by a space is returned unchanged.
func DropName(text, name string) string {
	rest, ok := strings.CutPrefix(text, name+" ")
	if !ok || rest == "" {
		return text
	}
	// "Foo is a ..." / "Foo returns ..." → capitalise the verb.
	r, size := utf8.DecodeRuneInString(rest)
	return string(unicode.ToUpper(r)) + rest[size:]
}
