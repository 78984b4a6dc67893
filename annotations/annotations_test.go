package annotations_test

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/annotations"
)

// allowed is the list every option syntax error ends with.
const allowed = `allowed: key=<name>, title="…", desc="…", approval, strict, background, readonly[=true|false], ` +
	`destructive[=true|false], idempotent[=true|false], openworld[=true|false], ` +
	`suspend=<type>, resume=<type>, model=<func>, display=<func>, transcript=<func>, oninputstart=<func>, ` +
	`oninputdelta=<func>, oninputavailable=<func>, onoutput=<func>`

// parseDoc parses a Go file whose function F has doc as its doc comment. The
// doc starts on line 3, column 1.
func parseDoc(t *testing.T, doc string) (*token.FileSet, *ast.CommentGroup) {
	t.Helper()
	src := "package p\n\n" + doc + "\nfunc F() {}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "f.go", src, parser.ParseComments)
	require.NoError(t, err)
	fn, ok := f.Decls[0].(*ast.FuncDecl)
	require.True(t, ok, "first declaration is F")
	require.NotNil(t, fn.Doc, "F has a doc comment")
	return fset, fn.Doc
}

// at formats a position as line:col, or "-" for NoPos.
func at(fset *token.FileSet, pos token.Pos) string {
	if !pos.IsValid() {
		return "-"
	}
	p := fset.Position(pos)
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

type wantOption struct {
	name, value string
	hasValue    bool
	pos         string // line:col of the option
	valuePos    string // line:col of the value, "-" for a flag
}

type wantDiag struct {
	severity annotations.Severity
	pos      string   // line:col
	contains []string // substrings of the message
}

func errAt(pos string, contains ...string) wantDiag {
	return wantDiag{severity: annotations.Error, pos: pos, contains: contains}
}

func warnAt(pos string, contains ...string) wantDiag {
	return wantDiag{severity: annotations.Warning, pos: pos, contains: contains}
}

func flag(name, pos string) wantOption {
	return wantOption{name: name, pos: pos, valuePos: "-"}
}

func value(name, val, pos, valuePos string) wantOption {
	return wantOption{name: name, value: val, hasValue: true, pos: pos, valuePos: valuePos}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		id      string // "" when Parse finds no directive
		idPos   string
		options []wantOption
		diags   []wantDiag
	}{
		// Valid directives.
		{
			name: "id only", doc: "//tool:weather",
			id: "weather", idPos: "3:8",
		},
		{
			name: "gofmt placement at the end of the doc comment",
			doc:  "// GetWeather fetches the weather.\n//\n//tool:weather-tool",
			id:   "weather-tool", idPos: "5:8",
		},
		{
			name: "id with digits, upper case, _ and -", doc: "//tool:9lives_Tool-x",
			id: "9lives_Tool-x", idPos: "3:8",
		},
		{
			name: "multiple options", doc: "//tool:w key=getWeather readonly strict approval",
			id: "w", idPos: "3:8",
			options: []wantOption{
				value("key", "getWeather", "3:10", "3:14"),
				flag("readonly", "3:25"),
				flag("strict", "3:34"),
				flag("approval", "3:41"),
			},
		},
		{
			name: "every flag and hint", doc: "//tool:w approval strict destructive idempotent openworld readonly=false",
			id: "w", idPos: "3:8",
			options: []wantOption{
				flag("approval", "3:10"),
				flag("strict", "3:19"),
				flag("destructive", "3:26"),
				flag("idempotent", "3:38"),
				flag("openworld", "3:49"),
				value("readonly", "false", "3:59", "3:68"),
			},
		},
		{
			name: "background flag", doc: "//tool:w background approval",
			id: "w", idPos: "3:8",
			options: []wantOption{
				flag("background", "3:10"),
				flag("approval", "3:21"),
			},
		},
		{
			name: "background given a value", doc: "//tool:w background=true",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "option background is a flag and takes no value; write background alone", allowed)},
		},
		{
			name: "hints set to true and false", doc: `//tool:w readonly=true openworld=false destructive=false idempotent="true"`,
			id: "w", idPos: "3:8",
			options: []wantOption{
				value("readonly", "true", "3:10", "3:19"),
				value("openworld", "false", "3:24", "3:34"),
				value("destructive", "false", "3:40", "3:52"),
				value("idempotent", "true", "3:58", "3:69"),
			},
		},
		{
			name: "readonly with destructive=false", doc: "//tool:w readonly destructive=false",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:10"), value("destructive", "false", "3:19", "3:31")},
		},
		{
			name: "destructive with readonly=false", doc: "//tool:w destructive readonly=false",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("destructive", "3:10"), value("readonly", "false", "3:22", "3:31")},
		},
		{
			name: "quoted values with spaces and escapes",
			doc:  `//tool:w title="Get the \"weather\"" desc="tab\there\u00e9"`,
			id:   "w", idPos: "3:8",
			options: []wantOption{
				value("title", `Get the "weather"`, "3:10", "3:16"),
				value("desc", "tab\there\u00e9", "3:38", "3:43"),
			},
		},
		{
			name: "raw string value", doc: "//tool:w desc=`raw \\n text` key=k",
			id: "w", idPos: "3:8",
			options: []wantOption{
				value("desc", `raw \n text`, "3:10", "3:15"),
				value("key", "k", "3:29", "3:33"),
			},
		},
		{
			name: "extra spaces and tabs between options", doc: "//tool:w   key=k\t\treadonly  ",
			id: "w", idPos: "3:8",
			options: []wantOption{
				value("key", "k", "3:12", "3:16"),
				flag("readonly", "3:19"),
			},
		},
		{
			name: "non-ASCII in a quoted value", doc: `//tool:w title="Météo à Paris" readonly`,
			id: "w", idPos: "3:8",
			options: []wantOption{
				value("title", "Météo à Paris", "3:10", "3:16"),
				// Columns count bytes: "Météo à Paris" is 16 bytes.
				flag("readonly", "3:35"),
			},
		},
		{
			name: "hook options", doc: "//tool:w model=toModel display=forDisplay transcript=forTranscript",
			id: "w", idPos: "3:8",
			options: []wantOption{
				value("model", "toModel", "3:10", "3:16"),
				value("display", "forDisplay", "3:24", "3:32"),
				value("transcript", "forTranscript", "3:43", "3:54"),
			},
		},
		{
			name: "directive indented in the comment group", doc: "// Doc.\n\t//tool:w readonly",
			id: "w", idPos: "4:9",
			options: []wantOption{flag("readonly", "4:11")},
		},

		// The id.
		{
			name: "id with a dot", doc: "//tool:a.b readonly",
			id: "a.b", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:12")},
			diags: []wantDiag{errAt("3:8", `invalid tool id "a.b"`,
				"1 to 64 characters from a-z, A-Z, 0-9, _ and -", "starting with a lower-case letter or digit")},
		},
		{
			name: "id too long", doc: "//tool:" + strings.Repeat("a", 65),
			id: strings.Repeat("a", 65), idPos: "3:8",
			diags: []wantDiag{errAt("3:8", "invalid tool id", "1 to 64 characters")},
		},
		{
			name: "id of 64 characters", doc: "//tool:" + strings.Repeat("a", 64),
			id: strings.Repeat("a", 64), idPos: "3:8",
		},

		// Option syntax errors.
		{
			name: "unterminated double quote", doc: `//tool:w readonly title="abc strict`,
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:10")},
			diags: []wantDiag{errAt("3:19", "unterminated quoted value of title",
				`the " that opens it is never closed`, allowed)},
		},
		{
			name: "unterminated raw string", doc: "//tool:w desc=`abc readonly",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "unterminated quoted value of desc", "the ` that opens it", allowed)},
		},
		{
			name: "escaped closing quote leaves it unterminated", doc: `//tool:w title="abc\"`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "unterminated quoted value of title")},
		},
		{
			name: "bad escape", doc: `//tool:w title="a\qb" readonly`,
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:23")},
			diags:   []wantDiag{errAt("3:10", "bad escape sequence in the quoted value of title", `"a\qb"`, allowed)},
		},
		{
			name: "value with no name", doc: "//tool:w =x readonly",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:13")},
			diags:   []wantDiag{errAt("3:10", "option =x has no name; write name=value", allowed)},
		},
		{
			name: "quoted string with no name", doc: `//tool:w "x y" readonly`,
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:16")},
			diags:   []wantDiag{errAt("3:10", `option "x y" has no name`, allowed)},
		},
		{
			name: "empty value", doc: "//tool:w key= readonly",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:15")},
			diags:   []wantDiag{errAt("3:10", "option key has an empty value", allowed)},
		},
		{
			name: "empty quoted value", doc: `//tool:w title=""`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "option title has an empty value", allowed)},
		},
		{
			name: "garbage after a quoted value", doc: `//tool:w title="a"b readonly`,
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:21")},
			diags:   []wantDiag{errAt("3:10", `unexpected b after the quoted value "a" of title`, allowed)},
		},
		{
			name: "missing equals sign", doc: `//tool:w title"a b"`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `missing = between title and its value; write title="a b"`, allowed)},
		},
		{
			name: "single quotes", doc: `//tool:w title='a b' readonly`,
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:22")},
			diags:   []wantDiag{errAt("3:10", "the value 'a b' of title is in single quotes", "use double quotes", allowed)},
		},
		{
			name: "quote inside a bare value", doc: `//tool:w title=Get"the weather" readonly`,
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:33")},
			diags:   []wantDiag{errAt("3:10", `the value Get"the weather" of title has a quote inside it`, allowed)},
		},
		{
			name: "apostrophe in a flag-like word", doc: "//tool:w don't readonly",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:16")},
			diags:   []wantDiag{errAt("3:10", `unknown option "don't"`, allowed)},
		},

		// Option meaning errors.
		{
			name: "unknown option near a known one", doc: "//tool:w redonly",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `unknown option "redonly" (did you mean readonly?); `+allowed)},
		},
		{
			name: "unknown option in the wrong case", doc: "//tool:w ReadOnly",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `unknown option "ReadOnly" (did you mean readonly?)`)},
		},
		{
			name: "unknown value option near a known one", doc: `//tool:w titel="x"`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `unknown option "titel" (did you mean title?)`, allowed)},
		},
		{
			name: "unknown option far from any", doc: "//tool:w frobnicate",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `unknown option "frobnicate"; `+allowed)},
		},
		{
			name: "duplicated flag", doc: "//tool:w readonly key=a readonly",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:10"), value("key", "a", "3:19", "3:23")},
			diags:   []wantDiag{errAt("3:25", "duplicate option readonly", allowed)},
		},
		{
			name: "duplicated value option keeps the first", doc: "//tool:w key=a key=b",
			id: "w", idPos: "3:8",
			options: []wantOption{value("key", "a", "3:10", "3:14")},
			diags:   []wantDiag{errAt("3:16", "duplicate option key", allowed)},
		},
		{
			name: "flag given a value", doc: "//tool:w approval=yes",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "option approval is a flag and takes no value; write approval alone", allowed)},
		},
		{
			name: "flag given a quoted value", doc: `//tool:w strict="yes"`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "option strict is a flag", allowed)},
		},
		{
			name: "flag given an empty value", doc: `//tool:w strict=`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "option strict is a flag", allowed)},
		},
		{
			name: "hint given a word other than true or false", doc: "//tool:w readonly=yes idempotent",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("idempotent", "3:23")},
			diags:   []wantDiag{errAt("3:10", `readonly takes true or false, not "yes" (readonly alone means true)`)},
		},
		{
			name: "hint values are case-sensitive", doc: "//tool:w openworld=False destructive=1 idempotent=TRUE",
			id: "w", idPos: "3:8",
			diags: []wantDiag{
				errAt("3:10", `openworld takes true or false, not "False"`),
				errAt("3:26", `destructive takes true or false, not "1"`),
				errAt("3:40", `idempotent takes true or false, not "TRUE"`),
			},
		},
		{
			name: "hint given a quoted word", doc: `//tool:w readonly="no"`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `readonly takes true or false, not "no"`)},
		},
		{
			name: "hint given an empty value", doc: "//tool:w openworld=",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "option openworld has an empty value", allowed)},
		},
		{
			name: "hint missing its equals sign", doc: `//tool:w readonly"false"`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `missing = between readonly and its value; write readonly="false"`, allowed)},
		},
		{
			name: "duplicated hint with another value", doc: "//tool:w openworld openworld=false",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("openworld", "3:10")},
			diags:   []wantDiag{errAt("3:20", "duplicate option openworld", allowed)},
		},
		{
			name: "readonly with destructive", doc: "//tool:w readonly idempotent destructive",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:10"), flag("idempotent", "3:19")},
			diags: []wantDiag{errAt("3:30", "readonly and destructive contradict each other",
				"MCP clients read destructiveHint only when readOnlyHint is false",
				"remove readonly if the tool makes destructive updates, or else destructive")},
		},
		{
			name: "destructive=true before readonly=true", doc: "//tool:w destructive=true readonly=true",
			id: "w", idPos: "3:8",
			options: []wantOption{value("destructive", "true", "3:10", "3:22")},
			diags:   []wantDiag{errAt("3:27", "readonly and destructive contradict each other")},
		},
		{
			name: "suspend and resume", doc: "//tool:w suspend=Ask resume=Reply",
			id: "w", idPos: "3:8",
			options: []wantOption{value("suspend", "Ask", "3:10", "3:18"), value("resume", "Reply", "3:22", "3:29")},
		},
		{
			name: "suspend without resume", doc: "//tool:w approval suspend=Ask",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("approval", "3:10")},
			diags: []wantDiag{errAt("3:19", "suspend=Ask needs resume=<type> too",
				"a call that suspends itself must say the data with which it resumes")},
		},
		{
			name: "resume without suspend", doc: "//tool:w resume=Reply",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "resume=Reply needs suspend=<type> too", "the payload with which it suspends")},
		},
		{
			name: "suspend type not an identifier", doc: "//tool:w suspend=pkg.Ask resume=_",
			id: "w", idPos: "3:8",
			diags: []wantDiag{
				errAt("3:10", `invalid suspend "pkg.Ask": a suspend or resume type is the name of a struct type in the same package`),
				errAt("3:26", `invalid resume "_": the blank identifier _ names no type`),
			},
		},
		{
			name: "value option without a value", doc: "//tool:w key readonly",
			id: "w", idPos: "3:8",
			options: []wantOption{flag("readonly", "3:14")},
			diags:   []wantDiag{errAt("3:10", "option key takes a value; write key=<name>", allowed)},
		},
		{
			name: "value option without a quoted value", doc: "//tool:w title",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `option title takes a value; write title="…"`, allowed)},
		},
		{
			name: "bad key", doc: "//tool:w key=get.weather",
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `invalid key "get.weather": a key is 1 to 64 characters from a-z, A-Z, 0-9, _ and -`)},
		},
		{
			name: "key too long", doc: "//tool:w key=" + strings.Repeat("k", 65),
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "invalid key")},
		},
		{
			name: "blank desc", doc: `//tool:w desc="  "`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", `invalid desc "  ": it must not be blank`)},
		},
		{
			name: "title on two lines", doc: `//tool:w title="a\nb"`,
			id: "w", idPos: "3:8",
			diags: []wantDiag{errAt("3:10", "invalid title", "a title is a single line")},
		},
		{
			name: "hook that is not an identifier", doc: "//tool:w model=fmt.Sprint display=func transcript=_",
			id: "w", idPos: "3:8",
			diags: []wantDiag{
				errAt("3:10", `invalid model "fmt.Sprint"`, "Go identifier"),
				errAt("3:27", `invalid display "func"`, "Go identifier"),
				errAt("3:40", `invalid transcript "_"`, "blank identifier"),
			},
		},
		{
			name: "several errors in one directive", doc: `//tool:w redonly key title="x"y approval`,
			id: "w", idPos: "3:8",
			options: []wantOption{flag("approval", "3:33")},
			diags: []wantDiag{
				errAt("3:10", `unknown option "redonly"`),
				errAt("3:18", "option key takes a value"),
				errAt("3:22", "unexpected y after the quoted value"),
			},
		},

		// More than one directive.
		{
			name: "second directive", doc: "//tool:a\n// Text.\n//tool:b readonly",
			id: "a", idPos: "3:8",
			diags: []wantDiag{errAt("5:1", "a function takes one //tool: directive; the first is 2 lines above (//tool:a)")},
		},
		{
			name: "second directive on the next line", doc: "//tool:a\n//tool:b\n//tool:c",
			id: "a", idPos: "3:8",
			diags: []wantDiag{
				errAt("4:1", "the first is on the line above (//tool:a)"),
				errAt("5:1", "the first is 2 lines above (//tool:a)"),
			},
		},
		{
			name: "second directive after a block comment", doc: "//tool:a\n/* x\ny */\n//tool:b",
			id: "a", idPos: "3:8",
			diags: []wantDiag{errAt("6:1", "the first is above (//tool:a)")},
		},

		// Near misses.
		{
			name: "space after the slashes", doc: "// tool:x",
			diags: []wantDiag{warnAt("3:1", "gofmt or a typo broke this //tool: directive (a space after //); write //tool:x")},
		},
		{
			name: "space after the slashes keeps the options", doc: "// Doc.\n//  tool:x readonly key=k",
			diags: []wantDiag{warnAt("4:1", "(a space after //); write //tool:x readonly key=k")},
		},
		{
			name: "gofmt's rewrite of an upper-case id", doc: "// tool:Upper",
			diags: []wantDiag{warnAt("3:1", "a space after //", "starts with an upper-case letter",
				"gofmt rewrites it to // tool:Upper", "write //tool:upper")},
		},
		{
			name: "space after the colon", doc: "//tool: x readonly",
			diags: []wantDiag{warnAt("3:1", "(a space after the colon); write //tool:x readonly")},
		},
		{
			name: "capitalised", doc: "//Tool:x",
			diags: []wantDiag{warnAt("3:1", `("Tool" is not lower case); write //tool:x`)},
		},
		{
			name: "upper case", doc: "//TOOL:x",
			diags: []wantDiag{warnAt("3:1", `("TOOL" is not lower case); write //tool:x`)},
		},
		{
			name: "upper-case id", doc: "//tool:Upper",
			diags: []wantDiag{warnAt("3:1",
				"the id Upper starts with an upper-case letter, which is not a Go directive",
				"Go treats //tool:Upper as prose and gofmt rewrites it to // tool:Upper",
				"ids start with a lower-case letter or digit",
				"write //tool:upper")},
		},
		{
			name: "plural", doc: "//tools:x",
			diags: []wantDiag{warnAt("3:1", `("tools" instead of "tool"); write //tool:x`)},
		},
		{
			name: "space before the colon", doc: "//tool :x",
			diags: []wantDiag{warnAt("3:1", "(a space before the colon); write //tool:x")},
		},
		{
			name: "no id", doc: "// Doc.\n//tool:",
			diags: []wantDiag{warnAt("4:1", "(no id after the colon); write //tool:<id>")},
		},
		{
			name: "id starting with an underscore", doc: "//tool:_x",
			diags: []wantDiag{warnAt("3:1", "the id _x does not start with a lower-case letter or digit",
				"start the id with a lower-case letter or digit")},
		},
		{
			name: "id starting with a non-ASCII letter", doc: "//tool:Éclair",
			diags: []wantDiag{warnAt("3:1", "the id Éclair does not start with a lower-case letter or digit")},
		},
		{
			name: "several problems at once", doc: "// Tools : X",
			diags: []wantDiag{warnAt("3:1", `(a space after //, "Tools" is not lower case, "tools" instead of "tool", `+
				"a space before the colon, a space after the colon, the id X starts with an upper-case letter",
				"write //tool:x")},
		},
		{
			name: "near miss next to a directive", doc: "// tool:x\n//tool:y",
			id: "y", idPos: "4:8",
			diags: []wantDiag{warnAt("3:1", "write //tool:x")},
		},

		// Prose and other comments.
		{name: "prose mentioning a tool", doc: "// The tool: it does X.\n// Use the tool: it helps."},
		{name: "toolbox", doc: "// toolbox: x\n// tool kit: y\n// Tooling: z"},
		{name: "code block in a doc comment", doc: "// Example:\n//\n//\t//tool:weather\n//\tfunc F() {}"},
		{name: "other directives", doc: "//go:noinline\n//toolgen:x\n//lint:ignore"},
		{name: "block comment", doc: "/*tool:x readonly*/"},
		{name: "block comment holding a directive line", doc: "/*\n//tool:x\n*/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset, cg := parseDoc(t, tt.doc)
			d, diags := annotations.Parse(cg)

			if tt.id == "" {
				assert.Nil(t, d)
			} else if assert.NotNil(t, d) {
				assert.Equal(t, tt.id, d.ID)
				assert.Equal(t, tt.idPos, at(fset, d.IDPos))
				idPos := fset.Position(d.IDPos)
				assert.Equal(t, fmt.Sprintf("%d:%d", idPos.Line, idPos.Column-len("//tool:")), at(fset, d.Pos))

				var got []wantOption
				for _, o := range d.Options {
					got = append(got, wantOption{o.Name, o.Value, o.HasValue, at(fset, o.Pos), at(fset, o.ValuePos)})
				}
				assert.Equal(t, tt.options, got, "options")
			}

			if assert.Len(t, diags, len(tt.diags), "diagnostics: %v", diags) {
				for i, want := range tt.diags {
					got := diags[i]
					assert.Equal(t, want.severity, got.Severity, "diagnostic %d: %s", i, got.Message)
					assert.Equal(t, want.pos, at(fset, got.Pos), "diagnostic %d: %s", i, got.Message)
					for _, s := range want.contains {
						assert.Contains(t, got.Message, s, "diagnostic %d", i)
					}
				}
			}
			assertInside(t, cg, d, diags)
		})
	}
}

// assertInside checks that every position Parse returned lies in cg.
func assertInside(t *testing.T, cg *ast.CommentGroup, d *annotations.Directive, diags []annotations.Diagnostic) {
	t.Helper()
	inside := func(what string, pos token.Pos) {
		t.Helper()
		assert.True(t, cg.Pos() <= pos && pos < cg.End(), "%s at %d outside the comment group [%d, %d)",
			what, pos, cg.Pos(), cg.End())
	}
	for _, dg := range diags {
		inside("diagnostic "+dg.Message, dg.Pos)
		if dg.Related.IsValid() {
			inside("related position of "+dg.Message, dg.Related)
		}
	}
	if d == nil {
		return
	}
	inside("directive", d.Pos)
	inside("id", d.IDPos)
	for _, o := range d.Options {
		inside("option "+o.Name, o.Pos)
		if o.HasValue {
			inside("value of "+o.Name, o.ValuePos)
		} else {
			assert.Equal(t, token.NoPos, o.ValuePos, "flag %s has no value position", o.Name)
		}
	}
}

func TestParseSecondDirectiveRelated(t *testing.T) {
	fset, cg := parseDoc(t, "// Doc.\n//tool:a\n//tool:b")
	d, diags := annotations.Parse(cg)
	require.NotNil(t, d)
	require.Len(t, diags, 1)
	assert.Equal(t, "5:1", at(fset, diags[0].Pos))
	assert.Equal(t, "4:1", at(fset, diags[0].Related), "Related points at the first directive")
	assert.Equal(t, d.Pos, diags[0].Related)
}

func TestParseContradictionRelated(t *testing.T) {
	fset, cg := parseDoc(t, "//tool:w readonly key=k destructive")
	d, diags := annotations.Parse(cg)
	require.NotNil(t, d)
	require.Len(t, diags, 1)
	assert.Equal(t, "3:25", at(fset, diags[0].Pos), "the later option is reported")
	assert.Equal(t, "3:10", at(fset, diags[0].Related), "Related points at readonly")
	_, ok := d.Option("destructive")
	assert.False(t, ok, "the option reported is left out")
}

func TestParseNoDirective(t *testing.T) {
	d, diags := annotations.Parse(nil)
	assert.Nil(t, d)
	assert.Empty(t, diags)

	d, diags = annotations.Parse(&ast.CommentGroup{})
	assert.Nil(t, d)
	assert.Empty(t, diags)

	d, diags = annotations.Parse(&ast.CommentGroup{List: []*ast.Comment{nil}})
	assert.Nil(t, d)
	assert.Empty(t, diags)
}

// TestParseHandBuilt checks a group built without a file: positions are then
// byte offsets, and NoPos is a valid start.
func TestParseHandBuilt(t *testing.T) {
	cg := &ast.CommentGroup{List: []*ast.Comment{{Slash: token.NoPos, Text: "//tool:x key=k"}}}
	d, diags := annotations.Parse(cg)
	require.NotNil(t, d)
	assert.Empty(t, diags)
	assert.Equal(t, token.Pos(0), d.Pos)
	assert.Equal(t, token.Pos(7), d.IDPos)
	assert.Equal(t, "k", d.Value("key"))
	assert.Equal(t, token.Pos(9), d.Options[0].Pos)
	assert.Equal(t, token.Pos(13), d.Options[0].ValuePos)
}

// TestGofmt checks the claims that the messages make about gofmt.
func TestGofmt(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{
			name: "directive moved to the end of the doc comment",
			doc:  "//tool:weather readonly\n// F fetches the weather.",
			want: "// F fetches the weather.\n//\n//tool:weather readonly\n",
		},
		{
			name: "upper-case id rewritten as prose",
			doc:  "// F fetches the weather.\n//\n//tool:Upper",
			want: "// F fetches the weather.\n//\n// tool:Upper\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := format.Source([]byte("package p\n\n" + tt.doc + "\nfunc F() {}\n"))
			require.NoError(t, err)
			assert.Equal(t, "package p\n\n"+tt.want+"func F() {}\n", string(out))
		})
	}
}

func TestIsDirective(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"//tool:x", true},
		{"//tool:weather-tool readonly key=k", true},
		{"//tool:9", true},
		{"//tool:Upper", false},
		{"//tool: x", false},
		{"// tool:x", false},
		{"//tool:", false},
		{"//Tool:x", false},
		{"//tools:x", false},
		{"//go:generate toolgen", false},
		{"/*tool:x*/", false},
		{"tool:x", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			assert.Equal(t, tt.want, annotations.IsDirective(tt.line))
		})
	}
}

func TestKnownOptions(t *testing.T) {
	specs := annotations.KnownOptions()
	var usages []string
	for _, s := range specs {
		usages = append(usages, s.Usage())
		assert.NotEmpty(t, s.Doc, "option %s has a doc", s.Name)
		if s.Kind != annotations.Value {
			assert.Nil(t, s.Check, "%s option %s has no value to check", s.Kind, s.Name)
			assert.Empty(t, s.Placeholder, "%s option %s has no placeholder", s.Kind, s.Name)
		}
		if s.Kind == annotations.Bool {
			assert.Contains(t, s.Doc, "MCP hint", "option %s", s.Name)
			assert.Contains(t, s.Doc, "unset: MCP's default", "option %s", s.Name)
		}
	}
	assert.Equal(t, strings.TrimPrefix(allowed, "allowed: "), strings.Join(usages, ", "))

	// A fresh slice each call.
	specs[0].Name = "changed"
	assert.Equal(t, "key", annotations.KnownOptions()[0].Name)

	// The hooks are documented as hook functions.
	for _, s := range specs[len(specs)-7:] {
		assert.Contains(t, s.Doc, "hook function", "option %s", s.Name)
	}
}

func TestOptionChecks(t *testing.T) {
	tests := []struct {
		option, value string
		ok            bool
	}{
		{"key", "get_weather-2", true},
		{"key", strings.Repeat("k", 64), true},
		{"key", strings.Repeat("k", 65), false},
		{"key", "a b", false},
		{"key", "é", false},
		{"title", "Get weather", true},
		{"title", " ", false},
		{"title", "a\nb", false},
		{"desc", "Line one.\nLine two.", true},
		{"desc", "\t\n", false},
		{"model", "toModel", true},
		{"model", "_", false},
		{"model", "pkg.F", false},
		{"display", "type", false},
		{"transcript", "ÉtéHook", true},
		{"oninputstart", "onStart", true},
		{"oninputdelta", "f.g", false},
		{"oninputavailable", "_", false},
		{"onoutput", "func", false},
		{"suspend", "ConfirmRequest", true},
		{"suspend", "*ConfirmRequest", false},
		{"resume", "confirmReply", true},
		{"resume", "[]Reply", false},
	}
	specs := annotations.KnownOptions()
	for _, tt := range tests {
		t.Run(tt.option+"="+tt.value, func(t *testing.T) {
			var spec *annotations.OptionSpec
			for i := range specs {
				if specs[i].Name == tt.option {
					spec = &specs[i]
				}
			}
			require.NotNil(t, spec)
			require.NotNil(t, spec.Check)
			err := spec.Check(tt.value)
			if tt.ok {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}

func TestDirectiveAccessors(t *testing.T) {
	_, cg := parseDoc(t, `//tool:w key=k title="A b" readonly`)
	d, diags := annotations.Parse(cg)
	require.NotNil(t, d)
	require.Empty(t, diags)

	o, ok := d.Option("title")
	assert.True(t, ok)
	assert.Equal(t, "A b", o.Value)
	_, ok = d.Option("desc")
	assert.False(t, ok)

	assert.True(t, d.Flag("readonly"))
	assert.False(t, d.Flag("key"), "a value option is not a flag")
	assert.False(t, d.Flag("strict"))

	assert.Equal(t, "k", d.Value("key"))
	assert.Equal(t, "", d.Value("readonly"), "a flag has no value")
	assert.Equal(t, "", d.Value("desc"))

	var none *annotations.Directive
	v, set := none.Bool("readonly")
	assert.False(t, v || set, "a nil directive sets no hint")
	_, ok = none.Option("key")
	assert.False(t, ok)
	assert.False(t, none.Flag("readonly"))
	assert.Equal(t, "", none.Value("key"))
}

func TestDirectiveBool(t *testing.T) {
	_, cg := parseDoc(t, `//tool:w readonly openworld=false idempotent=true key=k`)
	d, diags := annotations.Parse(cg)
	require.NotNil(t, d)
	require.Empty(t, diags)
	for _, tt := range []struct {
		name       string
		value, set bool
	}{
		{"readonly", true, true},
		{"openworld", false, true},
		{"idempotent", true, true},
		{"destructive", false, false},
	} {
		v, set := d.Bool(tt.name)
		assert.Equal(t, tt.value, v, "value of %s", tt.name)
		assert.Equal(t, tt.set, set, "%s set", tt.name)
	}
	assert.True(t, d.Flag("readonly"), "a bare bool option is a flag")
	assert.False(t, d.Flag("idempotent"), "idempotent=true is not written as a flag")
	assert.Equal(t, "false", d.Value("openworld"))
}

func TestStrings(t *testing.T) {
	assert.Equal(t, "error", annotations.Error.String())
	assert.Equal(t, "warning", annotations.Warning.String())
	assert.Equal(t, "Severity(7)", annotations.Severity(7).String())
	assert.Equal(t, "flag", annotations.Flag.String())
	assert.Equal(t, "value", annotations.Value.String())
	assert.Equal(t, "bool", annotations.Bool.String())
	assert.Equal(t, "Kind(7)", annotations.Kind(7).String())
}

// typeAllowed is the list every option error of a type's directive ends with.
const typeAllowed = `allowed on a type: desc="…", strict`

// TestParseType checks the directive of a type declaration: desc= and
// strict are its options, and any other, a tool's included, is an error at
// the option that lists those two.
func TestParseType(t *testing.T) {
	tests := []struct {
		name    string
		doc     string
		options []wantOption
		diags   []wantDiag
	}{
		{name: "id only", doc: "// Report is the answer.\n//\n//tool:report"},
		{
			name: "desc and strict", doc: `//tool:report strict desc="The answer."`,
			options: []wantOption{flag("strict", "3:15"), value("desc", "The answer.", "3:22", "3:27")},
		},
		{
			name: "a tool's flag", doc: "//tool:report approval strict",
			options: []wantOption{flag("strict", "3:24")},
			diags:   []wantDiag{errAt("3:15", "option approval is a tool's", "structured output schema", typeAllowed)},
		},
		{
			name: "a tool's value option", doc: "//tool:report key=r",
			diags: []wantDiag{errAt("3:15", "option key is a tool's", typeAllowed)},
		},
		{
			name: "a typo of desc", doc: `//tool:report dsc="x"`,
			diags: []wantDiag{errAt("3:15", `unknown option "dsc" (did you mean desc?); `+typeAllowed)},
		},
		{
			name: "an unknown option", doc: "//tool:report fast",
			diags: []wantDiag{errAt("3:15", `unknown option "fast"; `+typeAllowed)},
		},
		{
			name: "strict with a value", doc: "//tool:report strict=true",
			diags: []wantDiag{errAt("3:15", "option strict is a flag and takes no value", typeAllowed)},
		},
		{
			name: "two directives", doc: "//tool:report\n//tool:other",
			diags: []wantDiag{errAt("4:1", "a type takes one //tool: directive; the first is on the line above (//tool:report)")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset, cg := parseDoc(t, tt.doc)
			d, diags := annotations.ParseType(cg)
			require.NotNil(t, d)
			assert.Equal(t, "report", d.ID)
			var got []wantOption
			for _, o := range d.Options {
				got = append(got, wantOption{o.Name, o.Value, o.HasValue, at(fset, o.Pos), at(fset, o.ValuePos)})
			}
			assert.Equal(t, tt.options, got, "options")
			if assert.Len(t, diags, len(tt.diags), "diagnostics: %v", diags) {
				for i, want := range tt.diags {
					assert.Equal(t, want.pos, at(fset, diags[i].Pos), "diagnostic %d: %s", i, diags[i].Message)
					for _, s := range want.contains {
						assert.Contains(t, diags[i].Message, s, "diagnostic %d", i)
					}
				}
			}
			assertInside(t, cg, d, diags)
		})
	}
}
