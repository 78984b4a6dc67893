// Package annotations parses and validates toolgen's //tool: directive:
//
//	//tool:<id> [option ...]
//
// On a function it declares a tool ([Parse]); on a type declaration, a
// structured output schema ([ParseType]), which takes fewer options. It
// works on one [ast.CommentGroup] at a time and knows nothing of packages
// or types; the generator decides where a directive may appear.
package annotations

import (
	"go/token"
	"strconv"
)

// Severity tells an error from a warning.
type Severity int

const (
	// Error makes the run fail.
	Error Severity = iota
	// Warning is printed but does not make the run fail.
	Warning
)

// String returns "error" or "warning".
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "Severity(" + strconv.Itoa(int(s)) + ")"
}

// Diagnostic is a problem found in a comment group, at a position inside it.
type Diagnostic struct {
	// Pos is where the problem is: the option, the id or the line at fault.
	Pos token.Pos
	// Severity says whether the problem fails the run.
	Severity Severity
	// Message says what is wrong and how to fix it. It holds no position.
	Message string
	// Related is another position the message refers to, such as the first
	// of two directives; NoPos if there is none.
	Related token.Pos
}

// Option is one option of a directive: a bare flag (`approval`) or a
// name=value pair (`key=weatherTool`, `title="Get weather"`,
// `openworld=false`).
type Option struct {
	// Name is the option's name.
	Name string
	// Value is the option's value, unquoted; "" for a flag.
	Value string
	// HasValue reports whether the option was written name=value.
	HasValue bool
	// Pos is the position of the option's first character.
	Pos token.Pos
	// ValuePos is the position of the value's first character (its opening
	// quote if quoted); NoPos for a flag.
	ValuePos token.Pos
}

// Directive is a parsed //tool: directive.
type Directive struct {
	// ID is the tool's id.
	ID string
	// Pos is the position of the directive's "//".
	Pos token.Pos
	// IDPos is the position of the id's first character.
	IDPos token.Pos
	// Options are the directive's valid options, in source order. An option
	// with an error is reported and left out.
	Options []Option
}

// Kind is the form an option takes.
type Kind int

const (
	// Flag options are bare words: `approval`.
	Flag Kind = iota
	// Value options are name=value: `key=weatherTool`.
	Value
	// Bool options are a bare word that means true (`readonly`) or
	// name=true / name=false (`openworld=false`): a hint that a tool may set
	// either way, or leave unset by leaving the option out.
	Bool
)

// OptionSpec describes an option the grammar accepts.
type OptionSpec struct {
	// Name is the option's name.
	Name string
	// Kind says whether the option is a flag or takes a value.
	Kind Kind
	// Doc is a one-line description, for usage texts and the docs.
	Doc string
	// Check validates a value option's value; nil accepts any non-empty value.
	// Bool options have none: the parser accepts only true and false.
	Check func(value string) error
	// Placeholder shows a value option's value in usage texts ("<name>",
	// `"…"`, "<func>"); empty for flags and bool options.
	Placeholder string
}

// Option returns the option called name, and whether the directive has it.
// A nil directive has no options.
func (d *Directive) Option(name string) (Option, bool) {
	if d == nil {
		return Option{}, false
	}
	for _, o := range d.Options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}

// Flag reports whether the directive has the option name as a bare flag.
func (d *Directive) Flag(name string) bool {
	o, ok := d.Option(name)
	return ok && !o.HasValue
}

// Bool returns the value of the bool option name and whether the directive
// sets it: true for the bare flag or name=true, false for name=false, and
// set false when the option is absent. A nil directive sets nothing.
func (d *Directive) Bool(name string) (value, set bool) {
	o, ok := d.Option(name)
	if !ok {
		return false, false
	}
	return !o.HasValue || o.Value == "true", true
}

// Value returns the unquoted value of the value option name, or "" if the
// directive does not have it.
func (d *Directive) Value(name string) string {
	o, ok := d.Option(name)
	if !ok || !o.HasValue {
		return ""
	}
	return o.Value
}
