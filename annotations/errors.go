package annotations

import (
	"errors"
	"fmt"
	"strings"
)

// Every message text of the package lives in this file, so that the wording
// stays consistent and can be reviewed in one place. A message says what is
// wrong and how to fix it; it never holds a position, which the Diagnostic
// carries.

// Directive errors.

func errBadID(id string) string {
	return fmt.Sprintf("invalid tool id %q: an id is 1 to 64 characters from a-z, A-Z, 0-9, _ and -, "+
		"starting with a lower-case letter or digit", id)
}

func errSecondDirective(target, firstID string, linesAbove int) string {
	switch linesAbove {
	case 0:
		return fmt.Sprintf("%s takes one //tool: directive; the first is above (//tool:%s)", target, firstID)
	case 1:
		return fmt.Sprintf("%s takes one //tool: directive; the first is on the line above (//tool:%s)", target, firstID)
	}
	return fmt.Sprintf("%s takes one //tool: directive; the first is %d lines above (//tool:%s)", target, linesAbove, firstID)
}

// errReadOnlyDestructive is the error for a directive with both readonly and
// destructive set to true.
const errReadOnlyDestructive = "readonly and destructive contradict each other: MCP clients read destructiveHint " +
	"only when readOnlyHint is false, so they would take the tool for read-only; " +
	"remove readonly if the tool makes destructive updates, or else destructive"

// Option errors. The parser appends the list of allowed options to each
// (withAllowed), except to a failed value check (errBadValue, errNotBool),
// which says what the value must be instead.

func errUnterminated(name string, quote byte) string {
	if name == "" {
		return fmt.Sprintf("unterminated quoted string: the %c that opens it is never closed", quote)
	}
	return fmt.Sprintf("unterminated quoted value of %s: the %c that opens it is never closed", name, quote)
}

func errBadEscape(name, quoted string) string {
	const hint = "use Go escapes such as \\\" and \\\\, or a `raw` string"
	if name == "" {
		return fmt.Sprintf("bad escape sequence in quoted string %s; %s", quoted, hint)
	}
	return fmt.Sprintf("bad escape sequence in the quoted value of %s, %s; %s", name, quoted, hint)
}

func errNoName(token string) string {
	return fmt.Sprintf("option %s has no name; write name=value", token)
}

func errMissingEquals(name, value string) string {
	return fmt.Sprintf("missing = between %s and its value; write %s=%s", name, name, value)
}

func errEmptyValue(name string) string {
	return fmt.Sprintf("option %s has an empty value", name)
}

func errTrailingAfterQuote(name, quoted, rest string) string {
	return fmt.Sprintf("unexpected %s after the quoted value %s of %s; end the value at the closing quote, "+
		"or quote all of it", rest, quoted, name)
}

func errQuoteInBareValue(name, value string) string {
	return fmt.Sprintf("the value %s of %s has a quote inside it; quote the whole value as one Go string, "+
		"such as %s=\"a b\"", value, name, name)
}

func errSingleQuotes(name, value string) string {
	return fmt.Sprintf("the value %s of %s is in single quotes, which is not a Go string; use double quotes", value, name)
}

func errUnknownOption(name, suggestion string) string {
	if suggestion != "" {
		return fmt.Sprintf("unknown option %q (did you mean %s?)", name, suggestion)
	}
	return fmt.Sprintf("unknown option %q", name)
}

func errToolOnlyOption(name string) string {
	return fmt.Sprintf("option %s is a tool's: the directive of a type declares a structured output schema", name)
}

func errDuplicateOption(name string) string {
	return fmt.Sprintf("duplicate option %s; give it once", name)
}

func errFlagWithValue(name string) string {
	return fmt.Sprintf("option %s is a flag and takes no value; write %s alone", name, name)
}

func errMissingValue(spec OptionSpec) string {
	return fmt.Sprintf("option %s takes a value; write %s", spec.Name, spec.Usage())
}

// allowedList lists the usage of every option, for withAllowed.
func allowedList(specs []OptionSpec) string {
	usages := make([]string, len(specs))
	for i, s := range specs {
		usages[i] = s.Usage()
	}
	return strings.Join(usages, ", ")
}

// withAllowed appends the list of allowed options ("allowed: …") to an
// option error.
func withAllowed(msg, allowed string) string {
	return msg + "; " + allowed
}

func errBadValue(name, value string, err error) string {
	return fmt.Sprintf("invalid %s %q: %v", name, value, err)
}

func errNotBool(name, value string) string {
	return fmt.Sprintf("%s takes true or false, not %q (%s alone means true)", name, value, name)
}

// Errors of the options' Check functions. They complete errBadValue.
var (
	errKeyForm    = errors.New("a key is 1 to 64 characters from a-z, A-Z, 0-9, _ and -")
	errBlankText  = errors.New("it must not be blank")
	errMultiLine  = errors.New("a title is a single line")
	errNotIdent   = errors.New("a hook is the name of a function in the same package, so a Go identifier")
	errBlankIdent = errors.New("the blank identifier _ names no function")
	// errNotTypeName and errBlankType are about suspend= and resume=.
	errNotTypeName = errors.New("a suspend or resume type is the name of a struct type in the same package, so a Go identifier")
	errBlankType   = errors.New("the blank identifier _ names no type")
)

// errSuspendPair is the error for a directive with suspend= and no
// resume=, or the reverse: has is the option it has.
func errSuspendPair(has, value string) string {
	other, what := "resume", "the data with which it resumes"
	if has == "resume" {
		other, what = "suspend", "the payload with which it suspends"
	}
	return fmt.Sprintf("%s=%s needs %s=<type> too: a call that suspends itself must say %s", has, value, other, what)
}

// Near misses: lines that look like a //tool: directive but that Go reads as
// prose. warnNearMiss joins the problems found into one warning that ends
// with the fix.

const (
	nmSpaceAfterSlashes = "a space after //"
	nmPlural            = `"tools" instead of "tool"`
	nmSpaceBeforeColon  = "a space before the colon"
	nmSpaceAfterColon   = "a space after the colon"
	nmNoID              = "no id after the colon"

	fixNeedID  = "write //tool:<id>"
	fixIDStart = "start the id with a lower-case letter or digit: //tool:<id>"
)

func nmCase(word string) string {
	return fmt.Sprintf("%q is not lower case", word)
}

func nmUpperID(id string) string {
	return fmt.Sprintf("the id %s starts with an upper-case letter, which is not a Go directive: "+
		"Go treats //tool:%s as prose and gofmt rewrites it to // tool:%s, "+
		"so ids start with a lower-case letter or digit", id, id, id)
}

func nmBadIDStart(id string) string {
	return fmt.Sprintf("the id %s does not start with a lower-case letter or digit, "+
		"so Go treats the line as prose", id)
}

func warnNearMiss(problems []string, fix string) string {
	return fmt.Sprintf("gofmt or a typo broke this //tool: directive (%s); %s", strings.Join(problems, ", "), fix)
}

func fixWrite(line string) string {
	return "write " + line
}
