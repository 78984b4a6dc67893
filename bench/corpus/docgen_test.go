package corpus_test

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// docGen writes random JSON documents that a JSON Schema (2020-12, as
// toolgen writes them) accepts: it follows local $refs, picks a branch of
// anyOf and oneOf, merges allOf, picks a type of a type array, an enum
// value or the const, writes every required property and each optional
// one half the time, properties of additionalProperties (none when it is
// false) and of patternProperties (for the patterns toolgen writes, and
// others by trial), honours the bounds of numbers, strings, arrays and
// objects, and writes the formats toolgen uses (date-time, date, time,
// uri, ipv4, ipv6, uuid, email, hostname, duration) and base64 for
// contentEncoding. Integers stay at moderate magnitudes. The caller
// checks every document against the schema: what this writes is only a
// candidate.
type docGen struct {
	r    *rand.Rand
	root map[string]any
	// maxDepth bounds the nesting: past it optional properties are left
	// out and arrays are as short as their minItems allow.
	maxDepth int
}

func (g *docGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *docGen) pickS(xs ...string) string { return xs[g.r.IntN(len(xs))] }

// doc returns a candidate document for the root schema.
func (g *docGen) doc() any { return g.gen(g.root, 0) }

// resolve follows a local $ref ("#" or "#/$defs/…", JSON Pointer).
func (g *docGen) resolve(ref string) any {
	if ref == "#" {
		return g.root
	}
	if !strings.HasPrefix(ref, "#/") {
		panic("docgen: non-local $ref " + ref)
	}
	var cur any = g.root
	for _, tok := range strings.Split(ref[2:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		m, ok := cur.(map[string]any)
		if !ok {
			panic("docgen: bad $ref " + ref)
		}
		cur = m[tok]
	}
	return cur
}

func (g *docGen) gen(s any, depth int) any {
	switch s := s.(type) {
	case bool:
		if !s {
			panic("docgen: false schema")
		}
		return g.anyValue(depth)
	case map[string]any:
		return g.genObjSchema(s, depth)
	}
	panic(fmt.Sprintf("docgen: schema of type %T", s))
}

func (g *docGen) genObjSchema(s map[string]any, depth int) any {
	if ref, ok := s["$ref"].(string); ok {
		target := g.resolve(ref)
		if len(s) == 1 || onlyAnnotations(s) {
			return g.gen(target, depth+1)
		}
		s = merge(target, withoutKey(s, "$ref"))
	}
	if all, ok := s["allOf"].([]any); ok {
		m := withoutKey(s, "allOf")
		for _, x := range all {
			if xm, ok := x.(map[string]any); ok && xm["$ref"] != nil {
				x = g.resolve(xm["$ref"].(string))
			}
			m = merge(x, m)
		}
		return g.gen(m, depth)
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		if bs, ok := s[kw].([]any); ok {
			b := bs[g.r.IntN(len(bs))]
			if depth >= g.maxDepth {
				// Prefer a branch that ends the recursion.
				for _, x := range bs {
					if xm, ok := x.(map[string]any); ok && xm["type"] == "null" {
						b = x
					}
				}
			}
			return g.gen(merge(b, withoutKey(s, kw)), depth)
		}
	}
	if c, ok := s["const"]; ok {
		return c
	}
	if e, ok := s["enum"].([]any); ok {
		return e[g.r.IntN(len(e))]
	}
	typ := ""
	switch t := s["type"].(type) {
	case string:
		typ = t
	case []any:
		var ts []string
		for _, x := range t {
			ts = append(ts, x.(string))
		}
		typ = ts[g.r.IntN(len(ts))]
		if depth >= g.maxDepth && slices.Contains(ts, "null") {
			typ = "null"
		}
	default:
		switch {
		case s["properties"] != nil || s["additionalProperties"] != nil || s["patternProperties"] != nil:
			typ = "object"
		case s["items"] != nil || s["prefixItems"] != nil:
			typ = "array"
		case s["format"] != nil || s["pattern"] != nil || s["minLength"] != nil || s["contentEncoding"] != nil:
			typ = "string"
		case s["minimum"] != nil || s["maximum"] != nil:
			typ = "number"
		default:
			return g.anyValue(depth)
		}
	}
	switch typ {
	case "null":
		return nil
	case "boolean":
		return g.chance(0.5)
	case "integer":
		return g.integer(s)
	case "number":
		return g.number(s)
	case "string":
		return g.str(s)
	case "array":
		return g.array(s, depth)
	case "object":
		return g.object(s, depth)
	}
	panic("docgen: type " + typ)
}

// onlyAnnotations reports whether s, beside $ref, has only keywords that
// do not constrain.
func onlyAnnotations(s map[string]any) bool {
	for k := range s {
		switch k {
		case "$ref", "description", "title", "examples", "default", "deprecated", "readOnly", "writeOnly", "$comment":
		default:
			return false
		}
	}
	return true
}

func withoutKey(s map[string]any, k string) map[string]any {
	m := make(map[string]any, len(s))
	for kk, v := range s {
		if kk != k {
			m[kk] = v
		}
	}
	return m
}

// merge returns b's keywords over a's, with properties and required
// joined: enough for the allOf and $ref siblings toolgen writes.
func merge(a any, b map[string]any) map[string]any {
	am, ok := a.(map[string]any)
	if !ok {
		if a == true {
			return b
		}
		panic("docgen: merge of a false schema")
	}
	m := make(map[string]any, len(am)+len(b))
	for k, v := range am {
		m[k] = v
	}
	for k, v := range b {
		switch k {
		case "properties":
			p := map[string]any{}
			if ap, ok := m[k].(map[string]any); ok {
				for kk, vv := range ap {
					p[kk] = vv
				}
			}
			for kk, vv := range v.(map[string]any) {
				p[kk] = vv
			}
			m[k] = p
		case "required":
			r, _ := m[k].([]any)
			m[k] = append(slices.Clip(r), v.([]any)...)
		default:
			m[k] = v
		}
	}
	return m
}

func num(s map[string]any, k string) (float64, bool) {
	switch x := s[k].(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	}
	return 0, false
}

// bounds returns the closed range of numbers s allows, within [-lim, lim].
func bounds(s map[string]any, integer bool, lim float64) (lo, hi float64) {
	lo, hi = -lim, lim
	if x, ok := num(s, "minimum"); ok {
		lo = math.Max(lo, x)
	}
	if x, ok := num(s, "maximum"); ok {
		hi = math.Min(hi, x)
	}
	step := 1e-9
	if integer {
		step = 1
	}
	if x, ok := num(s, "exclusiveMinimum"); ok {
		lo = math.Max(lo, x+step)
	}
	if x, ok := num(s, "exclusiveMaximum"); ok {
		hi = math.Min(hi, x-step)
	}
	if integer {
		lo, hi = math.Ceil(lo), math.Floor(hi)
	}
	if lo > hi {
		// The schema's bounds lie beyond lim: use them as they are.
		lo, hi = hi, lo
	}
	return lo, hi
}

func (g *docGen) integer(s map[string]any) any {
	lim := 1000.0
	if g.chance(0.1) {
		lim = 1 << 31
	}
	lo, hi := bounds(s, true, lim)
	var x float64
	switch g.r.IntN(6) {
	case 0:
		x = lo
	case 1:
		x = hi
	default:
		x = lo + math.Floor(g.r.Float64()*(hi-lo+1))
	}
	x = math.Max(lo, math.Min(hi, x))
	if m, ok := num(s, "multipleOf"); ok && m > 0 {
		x = math.Ceil(lo/m) * m
		if n := math.Floor((hi - x) / m); n > 0 {
			x += math.Floor(g.r.Float64()*(n+1)) * m
		}
	}
	return json.Number(strconv.FormatFloat(x, 'f', -1, 64))
}

func (g *docGen) number(s map[string]any) any {
	lo, hi := bounds(s, false, 1e6)
	var x float64
	switch g.r.IntN(5) {
	case 0:
		x = math.Round(lo + g.r.Float64()*(hi-lo))
	default:
		x = lo + g.r.Float64()*(hi-lo)
	}
	x = math.Max(lo, math.Min(hi, x))
	if m, ok := num(s, "multipleOf"); ok && m > 0 {
		x = math.Ceil(lo/m) * m
	}
	return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
}

// knownPatterns writes strings for the patterns toolgen emits.
var knownPatterns = map[string]func(g *docGen) string{
	"^-?[0-9]+$": func(g *docGen) string {
		n := g.r.IntN(100)
		if g.chance(0.15) {
			n = g.r.IntN(1000000)
		}
		if g.chance(0.3) && n != 0 {
			return "-" + strconv.Itoa(n)
		}
		return strconv.Itoa(n)
	},
	"^[0-9]+$": func(g *docGen) string {
		n := g.r.IntN(100)
		if g.chance(0.15) {
			n = g.r.IntN(1000000)
		}
		return strconv.Itoa(n)
	},
}

// matching returns a string that pattern matches, by the known patterns
// or by trial; "" when none is found.
func (g *docGen) matching(pattern string, ok func(string) bool) (string, bool) {
	if f := knownPatterns[pattern]; f != nil {
		for range 20 {
			if s := f(g); ok(s) {
				return s, true
			}
		}
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		panic(fmt.Sprintf("docgen: pattern %q: %v", pattern, err))
	}
	if syn, err := syntax.Parse(pattern, syntax.Perl); err == nil {
		syn = syn.Simplify()
		for range 50 {
			var b strings.Builder
			g.regex(&b, syn)
			if s := b.String(); re.MatchString(s) && ok(s) {
				return s, true
			}
		}
	}
	for range 200 {
		s := g.word(1 + g.r.IntN(12))
		switch g.r.IntN(3) {
		case 0:
			s = strconv.Itoa(g.r.IntN(100000))
		case 1:
			s = strings.ToLower(s)
		}
		if re.MatchString(s) && ok(s) {
			return s, true
		}
	}
	return "", false
}

// regex writes a string that re, a simplified pattern, matches (an
// unanchored pattern matches it too, since it matches a substring).
func (g *docGen) regex(b *strings.Builder, re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 && g.chance(0.5) {
				r = unicode.SimpleFold(r)
			}
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		// Pairs of ranges; printable ASCII first when the class has it.
		var rs []rune
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			for r := lo; r <= hi && r < lo+64; r++ {
				if r >= 0x20 && r < 0x7f || g.chance(0.01) {
					rs = append(rs, r)
				}
			}
		}
		if len(rs) == 0 && len(re.Rune) > 0 {
			rs = append(rs, re.Rune[0])
		}
		if len(rs) > 0 {
			b.WriteRune(rs[g.r.IntN(len(rs))])
		}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte("abcXYZ019_-."[g.r.IntN(12)])
	case syntax.OpCapture:
		g.regex(b, re.Sub[0])
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			g.regex(b, sub)
		}
	case syntax.OpAlternate:
		g.regex(b, re.Sub[g.r.IntN(len(re.Sub))])
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := 0, 3
		switch re.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = re.Min, re.Max
			if hi < 0 {
				hi = lo + 3
			}
		}
		for range lo + g.r.IntN(hi-lo+1) {
			g.regex(b, re.Sub[0])
		}
	default:
		// Anchors, word boundaries, the empty match: no text.
	}
}

func (g *docGen) word(n int) string {
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[g.r.IntN(len(letters))]
	}
	return string(b)
}

func (g *docGen) str(s map[string]any) any {
	minLen, maxLen := 0, 24
	if x, ok := num(s, "minLength"); ok {
		minLen = int(x)
		maxLen = max(maxLen, minLen+8)
	}
	if x, ok := num(s, "maxLength"); ok {
		maxLen = int(x)
	}
	lenOK := func(x string) bool {
		n := utf8.RuneCountInString(x)
		return n >= minLen && n <= maxLen
	}
	if enc, _ := s["contentEncoding"].(string); enc == "base64" {
		b := make([]byte, g.r.IntN(20))
		for i := range b {
			b[i] = byte(g.r.IntN(256))
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	if p, ok := s["pattern"].(string); ok {
		if x, ok := g.matching(p, lenOK); ok {
			return x
		}
		return ""
	}
	if f, ok := s["format"].(string); ok {
		if x, ok := g.format(f); ok {
			return x
		}
	}
	var x string
	switch g.r.IntN(5) {
	case 0:
		x = "héllo ✓ " + g.word(3)
	case 1:
		x = "quote \" and \\ <b>"
	default:
		x = g.word(g.r.IntN(12))
	}
	for utf8.RuneCountInString(x) < minLen {
		x += "x"
	}
	if utf8.RuneCountInString(x) > maxLen {
		x = string([]rune(x)[:maxLen])
	}
	return x
}

func (g *docGen) format(f string) (string, bool) {
	switch f {
	case "date-time":
		return g.pickS("2024-02-29T12:34:56Z", "1999-12-31T23:59:59.123456789+05:30", "0001-01-01T00:00:00Z", "2030-06-01T00:00:00-08:00"), true
	case "date":
		return g.pickS("2024-02-29", "1970-01-01"), true
	case "time":
		return g.pickS("12:34:56Z", "23:59:59.5+01:00"), true
	case "uri":
		return g.pickS("https://example.com/a?b=c#d", "http://localhost:8080/", "mailto:a@example.com", "urn:isbn:0451450523", "ftp://[::1]/x"), true
	case "uri-reference":
		return g.pickS("/a/b", "https://example.com", "#frag", ""), true
	case "ipv4":
		return fmt.Sprintf("%d.%d.%d.%d", g.r.IntN(256), g.r.IntN(256), g.r.IntN(256), g.r.IntN(256)), true
	case "ipv6":
		return g.pickS("::1", "2001:db8::8a2e:370:7334", "fe80::1"), true
	case "uuid":
		return g.pickS("123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"), true
	case "email":
		return g.word(1+g.r.IntN(6)) + "@example.com", true
	case "hostname":
		return g.pickS("example.com", "localhost", "a-b.c"), true
	case "duration":
		return g.pickS("P1D", "PT1H30M", "P1Y2M3DT4H5M6S", "PT30S", "P2W"), true
	}
	return "", false
}

func (g *docGen) array(s map[string]any, depth int) any {
	lo, hi := 0, 3
	if x, ok := num(s, "minItems"); ok {
		lo = int(x)
		hi = max(hi, lo)
	}
	if x, ok := num(s, "maxItems"); ok {
		hi = min(hi, int(x))
	}
	n := lo
	if depth < g.maxDepth && hi > lo {
		n = lo + g.r.IntN(hi-lo+1)
	}
	prefix, _ := s["prefixItems"].([]any)
	items, hasItems := s["items"]
	out := make([]any, 0, n)
	for i := range n {
		switch {
		case i < len(prefix):
			out = append(out, g.gen(prefix[i], depth+1))
		case hasItems:
			out = append(out, g.gen(items, depth+1))
		default:
			out = append(out, g.anyValue(depth+1))
		}
	}
	return out
}

func (g *docGen) object(s map[string]any, depth int) any {
	out := map[string]any{}
	props, _ := s["properties"].(map[string]any)
	required := map[string]bool{}
	var requiredList []string
	if r, ok := s["required"].([]any); ok {
		for _, x := range r {
			required[x.(string)] = true
			requiredList = append(requiredList, x.(string))
		}
	}
	// Sorted, so that the same seed writes the same document.
	for _, k := range sortedKeys(props) {
		if required[k] || (depth < g.maxDepth && g.chance(0.5)) {
			out[k] = g.gen(props[k], depth+1)
		}
	}
	for _, k := range requiredList {
		if _, ok := out[k]; !ok {
			out[k] = g.anyValue(depth + 1) // required but not described
		}
	}
	pp, _ := s["patternProperties"].(map[string]any)
	if depth < g.maxDepth {
		for _, p := range sortedKeys(pp) {
			for range g.r.IntN(3) {
				if k, ok := g.matching(p, func(string) bool { return true }); ok {
					if _, dup := out[k]; !dup {
						out[k] = g.gen(pp[p], depth+1)
					}
				}
			}
		}
	}
	ap, hasAP := s["additionalProperties"]
	if ap != false && depth < g.maxDepth && g.chance(0.5) {
		for range 1 + g.r.IntN(2) {
			k := g.pickS("extra", "x-"+g.word(4), "ключ", "", "a b", g.word(6))
			if _, dup := out[k]; dup {
				continue
			}
			if _, dup := props[k]; dup {
				continue
			}
			if matchesAny(pp, k) {
				continue
			}
			if hasAP {
				out[k] = g.gen(ap, depth+1)
			} else {
				out[k] = g.anyValue(depth + 1)
			}
		}
	}
	if x, ok := num(s, "minProperties"); ok {
		for i := 0; len(out) < int(x) && ap != false; i++ {
			out[fmt.Sprintf("k%d", i)] = g.gen(orTrue(ap, hasAP), depth+1)
		}
	}
	return out
}

func orTrue(s any, ok bool) any {
	if !ok {
		return true
	}
	return s
}

func matchesAny(pp map[string]any, k string) bool {
	for p := range pp {
		if regexp.MustCompile(p).MatchString(k) {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// anyValue is a random JSON value, as the schema true allows.
func (g *docGen) anyValue(depth int) any {
	n := 6
	if depth >= g.maxDepth {
		n = 4
	}
	switch g.r.IntN(n) {
	case 0:
		return nil
	case 1:
		return g.chance(0.5)
	case 2:
		return json.Number(strconv.Itoa(g.r.IntN(2001) - 1000))
	case 3:
		return g.word(g.r.IntN(8))
	case 4:
		xs := make([]any, g.r.IntN(3))
		for i := range xs {
			xs[i] = g.anyValue(depth + 1)
		}
		return xs
	default:
		m := map[string]any{}
		for range g.r.IntN(3) {
			m[g.word(3)] = g.anyValue(depth + 1)
		}
		return m
	}
}
