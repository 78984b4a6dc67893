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
// plain text with unwrapped paragraphs.
func Plain(text string) string {
	if strings.TrimSpace(text) == "" {
		return ""
	}
	var p comment.Parser
	doc := p.Parse(text)
	pr := comment.Printer{TextWidth: -1}
	return strings.TrimSpace(string(pr.Text(doc)))
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
