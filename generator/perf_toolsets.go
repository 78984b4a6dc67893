package generator

import (
	"fmt"
	"math"
)

// This file writes the toolset functions (what renderToolsets builds) in
// their formatted form without go/format, which spends most of its time
// on them in a large package: go/printer measures every element of their
// Toolset literals (nodeSize) to decide how to align them.
//
// The literal's elements are `"key": &constLazy,` (or Ctor(r)), one per line.
// go/printer's exprList aligns the values of consecutive key-value lines
// in a column, in sections: a new section (a formfeed) starts at an
// element whose key is long (over 40 bytes, with its quotes) and differs
// from the geometric mean of the keys since the section started by a
// factor of 2.5 or more; text/tabwriter then pads each key, with its
// colon, to the longest of its section plus one space. A literal of one
// element is not aligned: one space. toolsetsText follows exactly these
// rules (appendToolsetElems), and TestToolsetsText checks it against
// go/format on random keys of every allowed length.

// toolsetsText returns the formatted toolset functions of p, as
// formatPiece formats what renderToolsets builds; ok is false when a key
// is not what find allows (letters, digits, '_' and '-'), so that its
// quoting or width would need go/printer.
func toolsetsText(p *Package) (text []byte, ok bool) {
	size := 0
	for _, t := range p.Tools {
		if !plainKey(t.Key) {
			return nil, false
		}
		size += 2*len(t.Key) + len(t.Ctor) + 16
	}
	order, byRecv := toolsets(p)
	rt := p.Imports.Runtime
	out := make([]byte, 0, size+512*len(order))
	for i, recv := range order {
		if i > 0 {
			out = append(out, '\n')
		}
		name := toolsetFunc(recv)
		tools := byRecv[recv]
		keys := make([]string, len(tools))
		values := make([]string, len(tools))
		for j, t := range tools {
			keys[j] = t.Key
			values[j] = "&" + lazyVar(t)
			if recv != "" {
				values[j] = t.Ctor + "(r)"
			}
		}
		if recv == "" {
			for _, line := range toolsDoc(name) {
				out = fmt.Appendf(out, "// %s\n", line)
			}
			out = fmt.Appendf(out, "func %s() %s.Toolset {\n\treturn %s.Toolset{\n", name, rt, rt)
		} else {
			out = fmt.Appendf(out, "// %s\nfunc %s(r *%s) %s.Toolset {\n\treturn %s.Toolset{\n", toolsetFirstLine(recv), name, recv, rt, rt)
		}
		out = appendToolsetElems(out, "\t\t", keys, values)
		out = append(out, "\t}\n}\n"...)
	}
	return out, true
}

// plainKey reports whether key is made of letters, digits, '_' and '-',
// and so is quoted as itself and one byte per column.
func plainKey(key string) bool {
	for i := range len(key) {
		c := key[i]
		if !(c == '_' || c == '-' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return key != ""
}

// appendToolsetElems appends the lines `indent"key":<pad>value,` of a
// Toolset literal, aligned as go/printer aligns them (see the top of this
// file).
func appendToolsetElems(dst []byte, indent string, keys, values []string) []byte {
	if len(keys) == 1 {
		return fmt.Appendf(dst, "%s%q: %s,\n", indent, keys[0], values[0])
	}
	// The sections: section[i] is true when element i starts one.
	const (
		smallSize = 40  // go/printer's exprList
		ratio     = 2.5 // idem
	)
	starts := make([]bool, len(keys))
	lnsum, count := 0.0, 0
	for i, k := range keys {
		size := len(k) + 2 // the key's width, quoted
		ff := i == 0
		if i > 0 {
			prev := len(keys[i-1]) + 2
			if count > 0 && (prev > smallSize || size > smallSize) {
				r := float64(size) / math.Exp(lnsum/float64(count))
				ff = ratio*r <= 1 || ratio <= r
			}
		}
		if ff {
			starts[i] = true
			lnsum, count = 0, 0
		}
		lnsum += math.Log(float64(size))
		count++
	}
	for i := 0; i < len(keys); {
		end := i + 1
		for end < len(keys) && !starts[end] {
			end++
		}
		width := 0
		for _, k := range keys[i:end] {
			width = max(width, len(k)+3) // quotes and colon
		}
		for j := i; j < end; j++ {
			dst = append(dst, indent...)
			dst = append(dst, '"')
			dst = append(dst, keys[j]...)
			dst = append(dst, '"', ':')
			for range width - len(keys[j]) - 3 + 1 {
				dst = append(dst, ' ')
			}
			dst = append(dst, values[j]...)
			dst = append(dst, ',', '\n')
		}
		i = end
	}
	return dst
}
