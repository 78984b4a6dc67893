// Package wording words what toolgen tells a model: every message is
// bounded, names are quoted and cut, paths are written as JSON Pointers and
// lists say how many items they leave out. The schema, tool and agent
// packages word their messages with it, so that each rule is written once.
package wording

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

const (
	// MaxModelMessage bounds a message to the model: 1 KB.
	MaxModelMessage = 1024
	// MaxNameBytes bounds a name (a property, a tool, a Go type) or a
	// schema value as a message quotes it.
	MaxNameBytes = 64
	// maxPathBytes bounds a path.
	maxPathBytes = 160
	// MaxListed bounds the items of a list before "and N more".
	MaxListed = 5
)

const ellipsis = "…"

// Cut returns s if it is at most n bytes long, else its longest prefix that
// leaves room for an ellipsis, on a rune boundary, and the ellipsis.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := max(n-len(ellipsis), 0)
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + ellipsis
}

// Quote is a name as a message shows it: quoted, cut to MaxNameBytes.
func Quote(name string) string { return strconv.Quote(Cut(name, MaxNameBytes)) }

// List joins items, the first of total, with ", " and says how many of
// total it leaves out.
func List(items []string, total int) string {
	s := strings.Join(items, ", ")
	if more := total - len(items); more > 0 {
		s += " and " + strconv.Itoa(more) + " more"
	}
	return s
}

// QuoteList quotes the first MaxListed names and lists them.
func QuoteList(names []string, total int) string {
	q := make([]string, min(len(names), MaxListed))
	for i := range q {
		q[i] = Quote(names[i])
	}
	return List(q, total)
}

// Path writes the location of a value: "/" and its tokens joined with "/",
// each cut to MaxNameBytes; a path longer than maxPathBytes keeps its
// first and last tokens around "…".
func Path(tokens []string) string {
	var b strings.Builder
	head, tail := tokens, []string(nil)
	if total := pathLen(tokens); total > maxPathBytes {
		i := 0
		for n := 0; i < len(tokens); i++ {
			if n += 1 + min(len(tokens[i]), MaxNameBytes); n > maxPathBytes/2 {
				break
			}
		}
		j := len(tokens)
		for n := 0; j > i; j-- {
			if n += 1 + min(len(tokens[j-1]), MaxNameBytes); n > maxPathBytes/2 {
				break
			}
		}
		head, tail = tokens[:i], tokens[j:]
	}
	for _, t := range head {
		b.WriteByte('/')
		b.WriteString(Cut(t, MaxNameBytes))
	}
	if tail != nil {
		b.WriteString("/" + ellipsis)
		for _, t := range tail {
			b.WriteByte('/')
			b.WriteString(Cut(t, MaxNameBytes))
		}
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

func pathLen(tokens []string) int {
	n := 0
	for _, t := range tokens {
		n += 1 + min(len(t), MaxNameBytes)
	}
	return n
}

// At is one violation: "at /path: msg".
func At(tokens []string, msg string) string { return "at " + Path(tokens) + ": " + msg }

// Clip bounds a message to the model.
func Clip(s string) string { return Cut(s, MaxModelMessage) }

// maxListedTools bounds the tools an unknown-tool message lists.
const maxListedTools = 20

// UnknownTool tells the model that name is no tool it may call now, and
// which it may. inactive says that name is a tool of the host, not active
// in this step.
func UnknownTool(name string, available []string, inactive bool) string {
	if len(available) == 0 {
		return "unknown tool " + Quote(name) + "; no tools are available"
	}
	head := "unknown tool " + Quote(name)
	if inactive {
		head = "tool " + Quote(name) + " is not available in this step"
	}
	return Clip(head + "; available tools: " + List(available[:min(len(available), maxListedTools)], len(available)))
}
