package tooltest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxChanges bounds the changes a failure lists.
const maxChanges = 20

// describe says how the golden JSON now differs from was, one indented
// line per changed JSON path ("weatherTool.description: was …, now …"),
// at most maxChanges of them.
func describe(was, now []byte) string {
	old, err := decode(was)
	if err != nil {
		return fmt.Sprintf("\tthe file is not valid JSON (%v)", err)
	}
	cur, err := decode(now)
	if err != nil { // Marshal wrote it: not expected
		return fmt.Sprintf("\tthe tools' JSON is not valid (%v)", err)
	}
	var changes []string
	diffValues("", old, cur, &changes)
	if len(changes) == 0 {
		return fmt.Sprintf("\tthe same values, laid out differently (from line %d)", firstDifferentLine(was, now))
	}
	var b strings.Builder
	for i, c := range changes {
		if i == maxChanges {
			fmt.Fprintf(&b, "\t… and %d more changes\n", len(changes)-maxChanges)
			break
		}
		b.WriteString("\t" + c + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// diffValues appends to out a line per path below path where was and now
// differ. Values are what decode gives: map[string]any, []any, string,
// json.Number, bool or nil.
func diffValues(path string, was, now any, out *[]string) {
	if reflect.DeepEqual(was, now) {
		return
	}
	switch w := was.(type) {
	case map[string]any:
		n, ok := now.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(w)+len(n))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range n {
			if _, dup := w[k]; !dup {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			wv, inWas := w[k]
			nv, inNow := n[k]
			p := childPath(path, k)
			switch {
			case !inWas && path == "":
				*out = append(*out, fmt.Sprintf("%s: a new tool, id %s", p, show(toolID(nv))))
			case !inNow && path == "":
				*out = append(*out, fmt.Sprintf("%s: no longer a tool (was id %s)", p, show(toolID(wv))))
			case !inWas:
				*out = append(*out, fmt.Sprintf("%s: added: %s", p, show(nv)))
			case !inNow:
				*out = append(*out, fmt.Sprintf("%s: removed (was %s)", p, show(wv)))
			default:
				diffValues(p, wv, nv, out)
			}
		}
		return
	case []any:
		n, ok := now.([]any)
		if !ok || allScalars(w) && allScalars(n) {
			break // a list of values (enum, required, type) reads best whole
		}
		for i := range max(len(w), len(n)) {
			p := fmt.Sprintf("%s[%d]", path, i)
			switch {
			case i >= len(w):
				*out = append(*out, fmt.Sprintf("%s: added: %s", p, show(n[i])))
			case i >= len(n):
				*out = append(*out, fmt.Sprintf("%s: removed (was %s)", p, show(w[i])))
			default:
				diffValues(p, w[i], n[i], out)
			}
		}
		return
	case string:
		if n, ok := now.(string); ok {
			ws, ns := trimCommon(w, n)
			*out = append(*out, fmt.Sprintf("%s: was %s, now %s", orRoot(path), ws, ns))
			return
		}
	}
	*out = append(*out, fmt.Sprintf("%s: was %s, now %s", orRoot(path), show(was), show(now)))
}

// toolID is the id of a tool's entry.
func toolID(entry any) any {
	if m, ok := entry.(map[string]any); ok {
		return m["id"]
	}
	return nil
}

// plainKey is a key that a path shows after a dot.
var plainKey = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$-]*$`)

// childPath is the path of key k below path: ".k", or `["k"]` for a key
// that is not a plain word.
func childPath(path, k string) string {
	switch {
	case !plainKey.MatchString(k):
		return path + "[" + strconv.Quote(k) + "]"
	case path == "":
		return k
	}
	return path + "." + k
}

func orRoot(path string) string {
	if path == "" {
		return "(root)"
	}
	return path
}

func allScalars(vs []any) bool {
	for _, v := range vs {
		switch v.(type) {
		case map[string]any, []any:
			return false
		}
	}
	return true
}

// maxShown bounds, in runes, a value shown in a change.
const maxShown = 100

// show is v as compact JSON, cut in the middle to maxShown runes.
func show(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%v", v)
	}
	s := strings.TrimSuffix(buf.String(), "\n")
	if utf8.RuneCountInString(s) <= maxShown {
		return s
	}
	r := []rune(s)
	return string(r[:maxShown/2]) + " … " + string(r[len(r)-maxShown/2:])
}

// keep is how many runes of the common part trimCommon keeps on each
// side of a change.
const keep = 24

// trimCommon quotes two different strings, replacing most of what they
// share at both ends with "…", so that a changed word in a long
// description stands out.
func trimCommon(was, now string) (string, string) {
	w, n := []rune(was), []rune(now)
	pre := 0
	for pre < len(w) && pre < len(n) && w[pre] == n[pre] {
		pre++
	}
	suf := 0
	for suf < len(w)-pre && suf < len(n)-pre && w[len(w)-1-suf] == n[len(n)-1-suf] {
		suf++
	}
	cut := func(r []rune) string {
		head, tail := "", ""
		from, to := 0, len(r)
		if pre > keep {
			from, head = pre-keep, "…"
		}
		if suf > keep {
			to, tail = len(r)-suf+keep, "…"
		}
		mid := r[from:to]
		if len(mid) > 2*maxShown {
			mid = append(append(slices.Clip(mid[:maxShown]), []rune(" … ")...), mid[len(mid)-maxShown:]...)
		}
		q := strconv.Quote(string(mid))
		return q[:1] + head + q[1:len(q)-1] + tail + q[len(q)-1:]
	}
	return cut(w), cut(n)
}

// firstDifferentLine is the number, from 1, of the first line where a and
// b differ.
func firstDifferentLine(a, b []byte) int {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range min(len(la), len(lb)) {
		if !bytes.Equal(la[i], lb[i]) {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}
