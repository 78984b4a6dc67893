package generator

import (
	"bytes"
	"encoding/json"
	"go/types"
	"strings"
	"unicode"

	"github.com/toolgen-go/toolgen/internal/schemagen"
)

// A named type that several schemas of one generated file use is written
// once in the file. Its schema is the same text wherever it stands in
// $defs: every root-level $defs entry is indented alike, and the entry of
// a type depends on the type only (and on the names of the entries it
// refers to). So the schema stage puts such a type in $defs in every
// schema that uses it, even once, unless the body of another shared type
// carries it (sharedTypes, through schemagen.Builder.Shared), and the file
// holds each $defs body that appears more than once as a constant of its
// own, which the schema constants add up with their literal pieces
// (shareDefs). The schemas themselves, which the tools send, are the same
// however the file writes them; a dialect without $ref (Gemini) inlines
// the entries when it converts them.

// sharedTypes returns the keys of the types that the schemas of ps put in
// $defs, where each is one text (schemagen.Builder.Shared): the schemas of
// the tools' inputs, results, suspend and resume types and of the
// structured outputs, each root type once; in is the Builder of what tools
// read, out of what they write. nil when there are none.
//
// A struct, slice, array or map type that two or more schemas write
// (schemagen.Builder.Uses) is shared when its body would otherwise stand
// in different places: it is used by the body of a root, or by the bodies
// of two or more types. A type used by one other type only is written in
// that type's body, shared or written once in turn. A recursive root type
// that another schema writes is shared too: the bodies that use it in its
// own schema then read as in the other. An enum (or another basic type)
// is shared only where its place could differ inside shared entries: it
// is written in two or more schemas, by two or more bodies, one of which
// is in a shared entry; elsewhere a $defs entry for a type used once
// would only make the schema a model is sent longer.
func (g *gen) sharedTypes(ps *pkgState, in, out *schemagen.Builder) map[string]bool {
	type root struct {
		b *schemagen.Builder
		t types.Type
	}
	var roots []root
	seen := map[string]bool{}
	add := func(b *schemagen.Builder, t types.Type) {
		if t == nil {
			return
		}
		// A type read and written has one schema text unless an enum of
		// it lacks its zero value (which outputs admit): once.
		key := b.Key(t)
		if !seen[key] {
			seen[key] = true
			roots = append(roots, root{b, t})
		}
	}
	for _, ts := range ps.tools {
		if ts.broken || ts.in == nil {
			continue
		}
		add(in, ts.in)
		add(out, ts.out)
		if ts.suspend != nil {
			add(out, ts.suspend)
			add(in, ts.resume)
		}
	}
	for _, st := range ps.structured {
		add(in, st.typ)
	}
	if len(roots) < 2 {
		return nil
	}
	schemas := map[string]int{}
	users := map[string]map[string]bool{}
	basic := map[string]bool{}
	var recursive []string
	for _, r := range roots {
		own := r.b.Key(r.t)
		for key, u := range r.b.Uses(r.t) {
			if key == own {
				recursive = append(recursive, key)
				continue
			}
			schemas[key]++
			basic[key] = u.Basic
			if users[key] == nil {
				users[key] = map[string]bool{}
			}
			for _, by := range u.By {
				users[key][by] = true
			}
		}
	}
	shared := map[string]bool{}
	for key, n := range schemas {
		if n >= 2 && !basic[key] && (len(users[key]) >= 2 || users[key][""]) {
			shared[key] = true
		}
	}
	for _, key := range recursive {
		if schemas[key] > 0 {
			shared[key] = true
		}
	}
	// inShared are the types whose bodies are written in shared entries:
	// their own, or those of the types that use them, down from the shared
	// types.
	uses := map[string][]string{}
	for key, by := range users {
		for b := range by {
			uses[b] = append(uses[b], key)
		}
	}
	inShared := map[string]bool{}
	var work []string
	for key := range shared {
		inShared[key] = true
		work = append(work, key)
	}
	for len(work) > 0 {
		key := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range uses[key] {
			if !inShared[u] {
				inShared[u] = true
				work = append(work, u)
			}
		}
	}
	for key, n := range schemas {
		if !basic[key] || n < 2 || len(users[key]) < 2 {
			continue
		}
		for by := range users[key] {
			if inShared[by] {
				shared[key] = true
				break
			}
		}
	}
	if len(shared) == 0 {
		return nil
	}
	return shared
}

// shareDefs finds the bodies of root-level $defs entries that appear more
// than once in the schema texts of p, gives each a constant named by name
// (from the $defs name of its first use: Address gives addressDef,
// stripe.Currency stripeCurrencyDef), and cuts the texts that hold them
// into Parts. Bodies of one line (true, {}) are left as they are.
func shareDefs(p *pkgModel, name func(base string) string) {
	entries := make([][]defEntry, len(p.Schemas))
	count := map[string]int{}
	for i, c := range p.Schemas {
		entries[i] = rootDefs(c.Text)
		for _, e := range entries[i] {
			count[string(c.Text[e.start:e.end])]++
		}
	}
	byText := map[string]*defConst{}
	for i, c := range p.Schemas {
		last := 0
		for _, e := range entries[i] {
			body := c.Text[e.start:e.end]
			if count[string(body)] < 2 {
				continue
			}
			d := byText[string(body)]
			if d == nil {
				d = &defConst{Name: name(defConstBase(e.name) + "Def"), Def: e.name, Text: body}
				byText[string(body)] = d
				p.Defs = append(p.Defs, d)
			}
			c.Parts = append(c.Parts, schemaPart{Text: c.Text[last:e.start]}, schemaPart{Def: d})
			last = e.end
		}
		if c.Parts != nil {
			c.Parts = append(c.Parts, schemaPart{Text: c.Text[last:]})
		}
	}
}

// defEntry is a root-level $defs entry of a schema text: its name and
// where its body starts and ends.
type defEntry struct {
	name       string
	start, end int
}

// rootDefs returns the entries of the root-level $defs of text, an
// indented schema (schemagen.MarshalIndent), whose bodies span several
// lines. The indentation says where they are: a JSON string holds no line
// break, so every line break of the text is the encoder's, and each line
// starts with two spaces per level. The root's members are at two spaces,
// the entries of its $defs at four, and an entry's body ends with the first
// line that closes it at four.
func rootDefs(text []byte) []defEntry {
	const open = "\n  \"$defs\": {\n"
	i := bytes.Index(text, []byte(open))
	if i < 0 {
		return nil
	}
	var out []defEntry
	pos := i + len(open) - 1 // at the line break before the first entry
	for {
		line := pos + 1
		if !bytes.HasPrefix(text[line:], []byte(`    "`)) {
			return out // "  }": the end of $defs
		}
		eol := bytes.IndexByte(text[line:], '\n')
		if eol < 0 {
			return out
		}
		eol += line
		var name string
		dec := json.NewDecoder(bytes.NewReader(text[line+4 : eol]))
		if err := dec.Decode(&name); err != nil {
			return out
		}
		start := line + 4 + int(dec.InputOffset()) + len(": ")
		if start > eol || string(text[start-2:start]) != ": " {
			return out
		}
		if start+1 != eol || (text[start] != '{' && text[start] != '[') {
			pos = eol // a body on one line
			continue
		}
		closing := []byte("\n    " + string(closer(text[start])))
		end := bytes.Index(text[start:], closing)
		if end < 0 {
			return out
		}
		end += start + len(closing)
		out = append(out, defEntry{name: name, start: start, end: end})
		pos = end
		if end < len(text) && text[end] == ',' {
			pos++
		}
		if pos >= len(text) || text[pos] != '\n' {
			return out
		}
	}
}

// closer is the bracket that closes c.
func closer(c byte) byte {
	if c == '[' {
		return ']'
	}
	return '}'
}

// defConstBase is the name a $defs constant takes from a $defs name,
// before its "Def" suffix: the name's words (split at dots and
// underscores) run together, each capitalized but the first, whose leading
// capitals are lowered as in schemaBaseName (URLPart gives urlPart,
// stripe.Currency stripeCurrency, Page_Item pageItem).
func defConstBase(def string) string {
	words := strings.FieldsFunc(def, func(r rune) bool { return r == '.' || r == '_' })
	var b strings.Builder
	for i, w := range words {
		if i == 0 {
			w = lowerLeading(w)
		} else {
			w = upperFirst(w)
		}
		b.WriteString(w)
	}
	base := b.String()
	if r := []rune(base); len(r) == 0 || !unicode.IsLetter(r[0]) {
		base = "schema" + upperFirst(base) // a package path starting with a digit
	}
	return base
}
