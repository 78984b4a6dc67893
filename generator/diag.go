package generator

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-go/toolgen/annotations"
)

// Diagnostic is a problem found in the user's code, at a position.
type Diagnostic struct {
	// Pos is where the problem is; Filename is absolute, or empty when the
	// problem has no position (a failed `go list`, say).
	Pos token.Position
	// Severity is annotations.Error, which makes the run fail (no file is
	// written), or annotations.Warning, which is reported while files are
	// still written.
	Severity annotations.Severity
	// Message says what is wrong and, where it can, what is allowed.
	Message string
	// Notes point at other positions that explain the problem: for a
	// problem in another package's type, reported at the user's code that
	// reaches it, the type's own position.
	Notes []Note
}

// Note is a position that explains a [Diagnostic].
type Note struct {
	Pos     token.Position
	Message string
}

// Format renders d as the compiler does, `path:line:col: message`, with the
// path relative to dir when it lies below it. Warnings say "warning: ".
// Each note follows on a line of its own, indented by a tab.
func (d Diagnostic) Format(dir string) string {
	var b strings.Builder
	if pos := FormatPosition(d.Pos, dir); pos != "" {
		b.WriteString(pos + ": ")
	}
	if d.Severity == annotations.Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(d.Message)
	for _, n := range d.Notes {
		b.WriteString("\n\t")
		if pos := FormatPosition(n.Pos, dir); pos != "" {
			b.WriteString(pos + ": ")
		}
		b.WriteString(n.Message)
	}
	return b.String()
}

// FormatPosition renders pos as path:line:col, with the path relative to dir
// when it lies below it; "" for no position.
func FormatPosition(pos token.Position, dir string) string {
	if pos.Filename == "" {
		return ""
	}
	name := pos.Filename
	if dir != "" {
		if rel, err := filepath.Rel(dir, name); err == nil && !strings.HasPrefix(rel, "..") {
			name = rel
		}
	}
	if pos.Line > 0 {
		name += ":" + strconv.Itoa(pos.Line)
		if pos.Column > 0 {
			name += ":" + strconv.Itoa(pos.Column)
		}
	}
	return name
}

// String formats d with an absolute path.
func (d Diagnostic) String() string { return d.Format("") }

// diagnostics collects the problems of one run.
type diagnostics struct {
	fset *token.FileSet
	// unadjusted makes positions ignore //line directives: those of
	// [Check], which its caller turns back into a token.Pos of the file.
	unadjusted bool
	list       []Diagnostic
}

// position is where pos is, as diagnostics report it.
func (ds *diagnostics) position(pos token.Pos) token.Position {
	return ds.fset.PositionFor(pos, !ds.unadjusted)
}

func (ds *diagnostics) errorf(pos token.Pos, format string, args ...any) {
	ds.add(ds.position(pos), annotations.Error, fmt.Sprintf(format, args...))
}

func (ds *diagnostics) warnf(pos token.Pos, format string, args ...any) {
	ds.add(ds.position(pos), annotations.Warning, fmt.Sprintf(format, args...))
}

func (ds *diagnostics) add(pos token.Position, sev annotations.Severity, msg string, notes ...Note) {
	ds.list = append(ds.list, Diagnostic{Pos: pos, Severity: sev, Message: msg, Notes: notes})
}

// sorted returns the diagnostics sorted by file, line, column and message,
// without duplicates (a file shared by two packages, as with tests, would
// otherwise report twice).
func (ds *diagnostics) sorted() []Diagnostic {
	out := slices.Clone(ds.list)
	compare := func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			cmp.Compare(a.Severity, b.Severity),
			cmp.Compare(a.Message, b.Message),
			slices.CompareFunc(a.Notes, b.Notes, func(a, b Note) int {
				return cmp.Or(
					cmp.Compare(a.Pos.String(), b.Pos.String()),
					cmp.Compare(a.Message, b.Message),
				)
			}),
		)
	}
	slices.SortFunc(out, compare)
	return slices.CompactFunc(out, func(a, b Diagnostic) bool { return compare(a, b) == 0 })
}

// HasErrors reports whether any diagnostic is an error.
func HasErrors(list []Diagnostic) bool {
	return slices.ContainsFunc(list, func(d Diagnostic) bool { return d.Severity == annotations.Error })
}
