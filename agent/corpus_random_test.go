package agent_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// docGen writes random JSON documents shaped like the subjects' inputs:
// their property names (and near misses), values of the right kind near
// the schemas' bounds and of every wrong kind, nulls, escapes, duplicates
// and whitespace, so that most documents get past the syntax and exercise
// the schema and the decoding.
type docGen struct {
	r *rand.Rand
	b strings.Builder
}

var (
	genKeys = []string{
		"location", "units", "name", "addr", "alt", "items", "scores", "small", "count", "ratio", "ok", "tags",
		"extra", "city", "zip", "id", "note", "size", "quantity", "ship", "gifts",
		"Location", "NAME", "x", "", "a/b", `\u006cocation`, `n\u0061me`, "é",
	}
	genStrings = []string{
		`""`, `"x"`, `"Paris"`, `"celsius"`, `"fahrenheit"`, `"kelvin"`, `"S"`, `"L"`, `"M"`, `"abcdefgh"`, `"abcdefghi"`,
		`"Zoë"`, `"\u00e9\n"`, `"😀😀😀😀😀😀😀😀"`, `"\ud83d\ude00"`, `"a\"b"`, `"\u0000"`,
	}
	genNumbers = []string{
		"0", "-0", "1", "-1", "2", "127", "128", "-128", "-129", "255", "1.5", "-1.5", "-1.49", "-1.51", "1.0", "1e2", "100",
		"99.9", "100.0000000000000000001", "1e400", "-2", "0.5", "15e-1", "18446744073709551615", "18446744073709551616",
		"9223372036854775807", "9223372036854775808", "-9223372036854775809", "1E-2",
	}
)

func (g *docGen) ws() {
	if g.r.IntN(4) == 0 {
		g.b.WriteString([]string{" ", "\n", "\t", "\r\n  "}[g.r.IntN(4)])
	}
}

func (g *docGen) value(key string, depth int) {
	g.ws()
	defer g.ws()
	if depth > 4 {
		g.b.WriteString("null")
		return
	}
	// A plausible value for the key half the time.
	if g.r.IntN(2) == 0 {
		switch key {
		case "addr", "alt", "ship":
			g.object([]string{"city", "zip", "x"}, depth)
			return
		case "items", "gifts":
			g.array(func() { g.object([]string{"id", "note", "ID"}, depth+1) })
			return
		case "tags":
			g.array(func() { g.b.WriteString(genStrings[g.r.IntN(len(genStrings))]) })
			return
		case "scores":
			g.object([]string{"a", "b", "c", ""}, depth)
			return
		case "location", "units", "name", "city", "zip", "note", "size":
			g.b.WriteString(genStrings[g.r.IntN(len(genStrings))])
			return
		case "small", "count", "ratio", "id", "quantity", "a", "b", "c":
			g.b.WriteString(genNumbers[g.r.IntN(len(genNumbers))])
			return
		}
	}
	switch g.r.IntN(8) {
	case 0:
		g.b.WriteString("null")
	case 1:
		g.b.WriteString([]string{"true", "false"}[g.r.IntN(2)])
	case 2, 3:
		g.b.WriteString(genNumbers[g.r.IntN(len(genNumbers))])
	case 4, 5:
		g.b.WriteString(genStrings[g.r.IntN(len(genStrings))])
	case 6:
		g.array(func() { g.value("", depth+1) })
	default:
		g.object(genKeys, depth+1)
	}
}

func (g *docGen) array(item func()) {
	g.b.WriteByte('[')
	for i := range g.r.IntN(4) {
		if i > 0 {
			g.b.WriteByte(',')
		}
		item()
	}
	g.b.WriteByte(']')
}

func (g *docGen) object(keys []string, depth int) {
	g.b.WriteByte('{')
	for i := range g.r.IntN(6) {
		if i > 0 {
			g.b.WriteByte(',')
		}
		key := keys[g.r.IntN(len(keys))]
		g.ws()
		g.b.WriteString(`"` + key + `"`) // keys hold their escapes as written
		g.ws()
		g.b.WriteByte(':')
		g.value(key, depth+1)
	}
	g.b.WriteByte('}')
}

// doc returns a document for a subject whose top-level keys are keys.
func (g *docGen) doc(keys []string) string {
	g.b.Reset()
	g.ws()
	if g.r.IntN(20) == 0 {
		g.value("", 0)
	} else {
		g.object(keys, 0)
	}
	g.ws()
	return g.b.String()
}

// TestArgumentRandom holds the path to the properties of
// TestArgumentCorpus on random documents shaped like the subjects' inputs
// (seeded: the same documents each run).
func TestArgumentRandom(t *testing.T) {
	keys := map[string][]string{
		"weather": {"location", "units", "Location", "x", `\u006cocation`},
		"nested":  {"name", "addr", "alt", "items", "scores", "small", "count", "ratio", "ok", "tags", "extra", "NAME", "x", "a/b", "é"},
		"order":   {"size", "quantity", "ship", "gifts", "x", "Size"},
	}
	n := 3000
	if testing.Short() {
		n = 300
	}
	total, accepted := 0, 0
	for _, s := range subjects() {
		g := &docGen{r: rand.New(rand.NewPCG(1, uint64(len(s.name))))}
		k := keys[strings.TrimSuffix(s.name, "-strict")]
		for range n {
			total++
			if s.check(t, []byte(g.doc(k))) {
				accepted++
			}
		}
	}
	t.Logf("%d random documents, %d accepted", total, accepted)
	require.Greater(t, accepted, n/30, "some documents must get through to exercise the decoding")
}
