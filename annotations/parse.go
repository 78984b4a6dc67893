package annotations

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// toolPrefix is what every //tool: directive starts with; the id follows it.
const toolPrefix = "//tool:"

// IsDirective reports whether line, one comment line with its leading "//",
// is a //tool: directive in Go's directive syntax: "//tool:" immediately
// followed by a lower-case letter or digit. It does not validate the id or
// the options; [Parse] does.
func IsDirective(line string) bool {
	d, ok := ast.ParseDirective(token.NoPos, line)
	return ok && d.Tool == "tool"
}

// The options of a tool's directive and of a type's, and their lists in
// messages, made once for every Parse and ParseType, which only read them.
var (
	knownSpecs   = KnownOptions()
	knownAllowed = "allowed: " + allowedList(knownSpecs)
	typeSpecs    = TypeOptions()
	typeAllowed  = "allowed on a type: " + allowedList(typeSpecs)
)

// Parse finds the //tool: directive in cg and validates it. It returns a nil
// directive when cg holds none (a nil or empty cg holds none).
//
// The diagnostics are errors for a malformed directive or option, and
// warnings for near misses: lines such as "// tool:x" that look like a
// directive but that Go reads as prose. They are sorted by position and every
// position lies inside cg. When the directive has errors it is still
// returned, so that a caller can go on checking the rest of the function; its
// Options then hold only the options that are valid.
//
// /* */ comments are never directives.
func Parse(cg *ast.CommentGroup) (*Directive, []Diagnostic) {
	return parse(cg, &parser{specs: knownSpecs, allowed: knownAllowed, target: "a function"})
}

// ParseType is [Parse] for the doc comment of a type declaration, whose
// directive declares a structured output schema: it accepts only the
// options of [TypeOptions], and reports any other, a tool's option
// included, with the list of those.
func ParseType(cg *ast.CommentGroup) (*Directive, []Diagnostic) {
	return parse(cg, &parser{specs: typeSpecs, allowed: typeAllowed, target: "a type", typeOnly: true})
}

// parse is Parse and ParseType, with the parser of one of them.
func parse(cg *ast.CommentGroup, p *parser) (*Directive, []Diagnostic) {
	if cg == nil {
		return nil, nil
	}
	if !p.bounds(cg.List) {
		return nil, nil
	}
	var (
		dir   *Directive
		lines int // from dir's line to c's; -1 once a /* */ comment makes it unknown
		prev  *ast.Comment
	)
	for _, c := range cg.List {
		if c == nil {
			continue
		}
		if dir != nil && lines >= 0 {
			if strings.HasPrefix(prev.Text, "//") {
				lines++ // a // comment runs to the end of its line
			} else {
				lines = -1 // a /* */ comment may share its line with the next one
			}
		}
		prev = c
		if !strings.HasPrefix(c.Text, "//") {
			continue
		}
		if pd, ok := ast.ParseDirective(c.Slash, c.Text); ok && pd.Tool == "tool" {
			if dir != nil {
				p.report(Diagnostic{
					Pos:      pd.Slash,
					Severity: Error,
					Message:  errSecondDirective(p.target, dir.ID, max(lines, 0)),
					Related:  dir.Pos,
				})
				continue
			}
			dir, lines = p.directive(pd), 0
			continue
		}
		if msg, ok := nearMiss(c.Text); ok {
			p.report(Diagnostic{Pos: c.Slash, Severity: Warning, Message: msg})
		}
	}
	slices.SortStableFunc(p.diags, func(a, b Diagnostic) int { return cmp.Compare(a.Pos, b.Pos) })
	return dir, p.diags
}

// parser holds the state of one Parse call.
type parser struct {
	specs   []OptionSpec
	allowed string // the allowed options, as withAllowed appends them
	// target is what the directive is on, as errSecondDirective names it:
	// "a function" or "a type"; typeOnly is true for a type.
	target   string
	typeOnly bool
	lo, hi   token.Pos // the comment group's extent: lo <= pos < hi
	diags    []Diagnostic
}

// bounds records the extent of the comments, skipping nil entries, and
// reports whether there is any comment at all.
func (p *parser) bounds(list []*ast.Comment) bool {
	found := false
	for _, c := range list {
		if c == nil {
			continue
		}
		if !found {
			p.lo = c.Slash
			found = true
		}
		p.hi = c.Slash + token.Pos(len(c.Text))
	}
	return found
}

// report adds d, keeping its positions inside the comment group even when the
// group's positions are inconsistent (a hand-built group, say).
func (p *parser) report(d Diagnostic) {
	d.Pos = p.clamp(d.Pos)
	if d.Related != token.NoPos {
		d.Related = p.clamp(d.Related)
	}
	p.diags = append(p.diags, d)
}

func (p *parser) clamp(pos token.Pos) token.Pos {
	if pos < p.lo || pos >= p.hi {
		return p.lo
	}
	return pos
}

func (p *parser) errorAt(pos token.Pos, msg string) {
	p.report(Diagnostic{Pos: pos, Severity: Error, Message: msg})
}

// directive validates a //tool: directive that ast.ParseDirective recognised.
func (p *parser) directive(pd ast.Directive) *Directive {
	d := &Directive{
		ID:    pd.Name,
		Pos:   pd.Slash,
		IDPos: pd.Slash + token.Pos(len(toolPrefix)),
	}
	if !idPattern.MatchString(pd.Name) {
		p.errorAt(d.IDPos, errBadID(pd.Name))
	}
	seen := map[string]bool{}
	for _, tok := range splitArgs(pd.Args) {
		if opt, ok := p.option(tok.text, pd.ArgsPos+token.Pos(tok.off), seen); ok {
			d.Options = append(d.Options, opt)
		}
	}
	p.checkHints(d)
	p.checkSuspend(d)
	return d
}

// checkSuspend reports suspend= without resume=, or the reverse, and leaves
// the option out of d.Options like any option with an error.
func (p *parser) checkSuspend(d *Directive) {
	s, hasSuspend := d.Option("suspend")
	r, hasResume := d.Option("resume")
	switch {
	case hasSuspend && !hasResume:
		p.errorAt(s.Pos, errSuspendPair("suspend", s.Value))
	case hasResume && !hasSuspend:
		p.errorAt(r.Pos, errSuspendPair("resume", r.Value))
	default:
		return
	}
	d.Options = slices.DeleteFunc(d.Options, func(o Option) bool { return o.Name == "suspend" || o.Name == "resume" })
}

// checkHints reports hints that contradict each other. MCP clients read
// destructiveHint only when readOnlyHint is false, so a tool marked both
// readonly and destructive would be shown as read-only whatever it does.
// The later of the two options is reported, and left out of d.Options like
// any option with an error.
func (p *parser) checkHints(d *Directive) {
	if ro, set := d.Bool("readonly"); !ro || !set {
		return
	}
	if de, set := d.Bool("destructive"); !de || !set {
		return
	}
	first, _ := d.Option("readonly")
	second, _ := d.Option("destructive")
	if second.Pos < first.Pos {
		first, second = second, first
	}
	p.report(Diagnostic{Pos: second.Pos, Severity: Error, Message: errReadOnlyDestructive, Related: first.Pos})
	d.Options = slices.DeleteFunc(d.Options, func(o Option) bool { return o.Name == second.Name })
}

// argToken is one space-separated option as written, at byte offset off of
// the directive's arguments.
type argToken struct {
	text string
	off  int
}

// splitArgs splits a directive's arguments at Unicode spaces outside quoted
// strings. A quoted string may start anywhere in a token (title="a b"), which
// ast.Directive.ParseArgs does not allow. An unterminated quote runs to the
// end of the arguments.
func splitArgs(args string) []argToken {
	var toks []argToken
	i := 0
	for i < len(args) {
		r, size := utf8.DecodeRuneInString(args[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		end := tokenEnd(args, i)
		toks = append(toks, argToken{text: args[i:end], off: i})
		i = end
	}
	return toks
}

// tokenEnd returns the offset just past the token that starts at offset i.
func tokenEnd(s string, i int) int {
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			return i
		}
		switch {
		case s[i] == '"' || s[i] == '`',
			// 'a b' is only taken for one (wrong) value right after "=",
			// so that an apostrophe in a bare word stays harmless.
			s[i] == '\'' && i > 0 && s[i-1] == '=' && closingQuote(s, i) >= 0:
			end := closingQuote(s, i)
			if end < 0 {
				return len(s)
			}
			i = end
		default:
			i += size
		}
	}
	return i
}

// closingQuote returns the offset just past the quote that closes the one at
// s[i], or -1 if there is none. Backslash escapes count in "…" and '…'.
func closingQuote(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch {
		case s[j] == '\\' && q != '`':
			j++
		case s[j] == q:
			return j + 1
		}
	}
	return -1
}

// option checks one option token at pos and returns it when it is valid.
// seen records the known options met so far, to find duplicates.
func (p *parser) option(tok string, pos token.Pos, seen map[string]bool) (Option, bool) {
	fail := func(msg string) (Option, bool) {
		p.errorAt(pos, withAllowed(msg, p.allowed))
		return Option{}, false
	}

	// name, name=value, or name"value" (a forgotten "=").
	name, value := tok, ""
	hasEq, missingEq := false, false
	if k := strings.IndexAny(tok, "=\"`"); k >= 0 {
		name, value = tok[:k], tok[k:]
		if tok[k] == '=' {
			value, hasEq = tok[k+1:], true
		} else {
			missingEq = true
		}
	}

	// A broken quoted string hides where the option ends: report it first.
	var quoted string
	if value != "" && (value[0] == '"' || value[0] == '`') {
		end := closingQuote(value, 0)
		if end < 0 {
			return fail(errUnterminated(name, value[0]))
		}
		q, err := strconv.QuotedPrefix(value)
		if err != nil {
			return fail(errBadEscape(name, value[:end]))
		}
		quoted = q
	}

	if name == "" {
		return fail(errNoName(tok))
	}
	spec, known := lookupSpec(p.specs, name)
	if !known {
		if _, forTools := lookupSpec(knownSpecs, name); forTools && p.typeOnly {
			return fail(errToolOnlyOption(name))
		}
		return fail(errUnknownOption(name, suggest(p.specs, name)))
	}
	if seen[name] {
		return fail(errDuplicateOption(name))
	}
	seen[name] = true

	switch {
	case spec.Kind == Flag && (hasEq || missingEq):
		return fail(errFlagWithValue(name))
	case spec.Kind == Flag, spec.Kind == Bool && !hasEq && !missingEq:
		return Option{Name: name, Pos: pos}, true
	case missingEq:
		return fail(errMissingEquals(name, value))
	case !hasEq:
		return fail(errMissingValue(spec))
	}

	var unquoted string
	switch {
	case value == "":
		return fail(errEmptyValue(name))
	case quoted != "":
		if rest := value[len(quoted):]; rest != "" {
			return fail(errTrailingAfterQuote(name, quoted, rest))
		}
		// QuotedPrefix accepted it, so Unquote cannot fail.
		unquoted, _ = strconv.Unquote(quoted)
		if unquoted == "" {
			return fail(errEmptyValue(name))
		}
	case value[0] == '\'':
		return fail(errSingleQuotes(name, value))
	case strings.ContainsAny(value, "\"`"):
		return fail(errQuoteInBareValue(name, value))
	default:
		unquoted = value
	}

	if spec.Kind == Bool && unquoted != "true" && unquoted != "false" {
		p.errorAt(pos, errNotBool(name, unquoted))
		return Option{}, false
	}
	if spec.Check != nil {
		if err := spec.Check(unquoted); err != nil {
			p.errorAt(pos, errBadValue(name, unquoted, err))
			return Option{}, false
		}
	}
	return Option{
		Name:     name,
		Value:    unquoted,
		HasValue: true,
		Pos:      pos,
		ValuePos: pos + token.Pos(len(name)+len("=")),
	}, true
}

// nearMiss reports whether text, a // comment line that is not a //tool:
// directive, looks like an attempt at one, and returns the warning that says
// what is wrong and how to fix it. Only lines whose text, after "//" and
// spaces, starts with "tool:", "tool :" or "tools:" (in any case) qualify, so
// that prose mentioning a tool does not warn.
func nearMiss(text string) (string, bool) {
	body := strings.TrimPrefix(text, "//")
	rest := strings.TrimLeftFunc(body, unicode.IsSpace)
	if len(rest) < len("tool") || !strings.EqualFold(rest[:4], "tool") {
		return "", false
	}
	word := rest[:4]
	if len(rest) > 4 && (rest[4] == 's' || rest[4] == 'S') {
		word = rest[:5]
	}
	afterWord := rest[len(word):]
	beforeColon := strings.TrimLeftFunc(afterWord, unicode.IsSpace)
	if !strings.HasPrefix(beforeColon, ":") {
		return "", false
	}
	afterColon := beforeColon[1:]
	args := strings.TrimSpace(afterColon)

	var problems []string
	if len(rest) < len(body) {
		problems = append(problems, nmSpaceAfterSlashes)
	}
	if lower := strings.ToLower(word); word != lower {
		problems = append(problems, nmCase(word))
	}
	if len(word) == len("tools") {
		problems = append(problems, nmPlural)
	}
	if len(beforeColon) < len(afterWord) {
		problems = append(problems, nmSpaceBeforeColon)
	}
	if args != "" && !strings.HasPrefix(afterColon, args) {
		problems = append(problems, nmSpaceAfterColon)
	}

	id, tail := args, ""
	if k := strings.IndexFunc(args, unicode.IsSpace); k >= 0 {
		id, tail = args[:k], strings.TrimSpace(args[k:])
	}
	fix := ""
	switch r, size := utf8.DecodeRuneInString(id); {
	case id == "":
		problems = append(problems, nmNoID)
		fix = fixNeedID
	case isIDStart(id[0]):
		// The id is fine; the problems are before it.
	case unicode.IsUpper(r) && r < utf8.RuneSelf:
		problems = append(problems, nmUpperID(id))
		id = string(unicode.ToLower(r)) + id[size:]
	default:
		problems = append(problems, nmBadIDStart(id))
		fix = fixIDStart
	}
	if len(problems) == 0 {
		return "", false
	}
	if fix == "" {
		line := toolPrefix + id
		if tail != "" {
			line += " " + tail
		}
		fix = fixWrite(line)
	}
	return warnNearMiss(problems, fix), true
}

// isIDStart reports whether b may start a Go directive's name, and so an id.
func isIDStart(b byte) bool {
	return 'a' <= b && b <= 'z' || '0' <= b && b <= '9'
}
