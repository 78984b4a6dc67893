package doctext

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// pieces are the fragments random comment texts are made of: words,
// punctuation and everything go/doc/comment gives a meaning to (headings,
// lists, code, links, quotes, URLs, unusual white space).
var pieces = []string{
	"word", "Name", "the", ".", ",", ":", ";", " ", "  ", "\t", "\n", "\n\n", "\n \n", "\r", "\v", "\f",
	"\u00a0", "\u0085", "\u2028", "\u3000", "é", "日本",
	"# ", "#", "- ", "* ", "+ ", "• ", "1. ", "2) ", "\n  code", "\n\tcode", "\n - item",
	"[", "]", "[Name]", "[pkg.Name]", "[text]: https://example.com", "`", "``", "''", "'", "\"",
	"https://example.com/a_b", "http://x.y.", "(https://go.dev)", "mailto:x@y", "file://a",
	"Heading", "\nHeading\n\n", "Deprecated: use X.", "//", "/*", "*/", "\\",
}

func randomText(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(12) {
		b.WriteString(pieces[rng.IntN(len(pieces))])
	}
	if rng.IntN(2) == 0 {
		b.WriteString("\n")
	}
	return b.String()
}

// TestPlainFast compares the fast path of Plain with the parser on random
// texts, and checks that it is taken often enough to matter.
func TestPlainFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	fast := 0
	for range 200000 {
		text := randomText(rng)
		got, ok := plainParagraph(text)
		if !ok {
			continue
		}
		fast++
		if want := plainSlow(text); got != want {
			t.Fatalf("plainParagraph(%q) = %q, want %q", text, got, want)
		}
	}
	if fast < 10000 {
		t.Fatalf("only %d texts took the fast path", fast)
	}
}

func TestPlainExamples(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"Name names the thing.\n", "Name names the thing."},
		{"Spans\ntwo   lines.\n", "Spans two lines."},
		{"See [Foo] and ``quotes''.\n", "See [Foo] and “quotes”."},
		{"One.\n\nTwo.\n", "One.\n\nTwo."},
	} {
		if got := Plain(c.in); got != c.want {
			t.Errorf("Plain(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzPlain checks that the fast path agrees with the parser.
func FuzzPlain(f *testing.F) {
	for _, p := range pieces {
		f.Add(p + " words\n")
	}
	f.Add("Name names the thing.\n")
	f.Fuzz(func(t *testing.T, text string) {
		got, ok := plainParagraph(text)
		if !ok {
			return
		}
		if want := plainSlow(text); got != want {
			t.Fatalf("plainParagraph(%q) = %q, want %q", text, got, want)
		}
	})
}

// FuzzJoinFields checks joinFields against its definition.
func FuzzJoinFields(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", "a\nb", "a  b", "a\n\nb", " a", "a ", "a\n", "\na", "a\tb", "a\u00a0b", "a\u0085b", "é b\nç", "a\xffb", "a\rb", "a \nb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := joinFields(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("joinFields(%q) = %q, want %q", s, got, want)
		}
	})
}

func TestPlainDropsKubernetesMarkers(t *testing.T) {
	text := "Replicas is the number of pods.\n+optional\n+k8s:openapi-gen=true\n\nDefaults to 1.\n---\nTODO: remove in v2.\n"
	require.Equal(t, "Replicas is the number of pods.\n\nDefaults to 1.", Plain(text))
	// A '+' that starts no marker stays.
	require.Equal(t, "Sums a +1 b.", Plain("Sums a\n+1 b.\n"))
	require.Equal(t, "", Plain("+optional\n"))
}
