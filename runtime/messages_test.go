package runtime

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/stretchr/testify/assert"
)

func TestCut(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"a longer text", 10, "a longe…"},
		{"ééééé", 8, "éé…"}, // never in the middle of a rune
		{"abc", 2, "…"},
	}
	for _, tt := range tests {
		got := cut(tt.s, tt.n)
		assert.Equal(t, tt.want, got)
		assert.LessOrEqual(t, len(got), max(tt.n, len(ellipsis)))
		assert.True(t, utf8.ValidString(got))
	}
}

func TestPath(t *testing.T) {
	assert.Equal(t, "/", path(nil))
	assert.Equal(t, "/a/0/b c", path([]string{"a", "0", "b c"}))
	long := strings.Repeat("k", 1000)
	assert.Equal(t, "/"+cut(long, maxNameBytes)+"/x", path([]string{long, "x"}))

	deep := make([]string, 9990)
	for i := range deep {
		deep[i] = "0"
	}
	deep[0], deep[len(deep)-1] = "first", "last"
	p := path(deep)
	assert.LessOrEqual(t, len(p), maxPathBytes+len("/…"))
	assert.True(t, strings.HasPrefix(p, "/first/0/0/"), p)
	assert.True(t, strings.HasSuffix(p, "/0/0/last"), p)
	assert.Contains(t, p, "/…/")
}

func TestLists(t *testing.T) {
	assert.Equal(t, `"a", "b"`, quoteList([]string{"a", "b"}, 2))
	assert.Equal(t, `"a", "b", "c", "d", "e" and 95 more`, quoteList([]string{"a", "b", "c", "d", "e", "f"}, 100))
	assert.Equal(t, []string{"a", "b", "c"}, smallest([]string{"d", "c", "a", "c", "b", "z"}, 3))

	names := make([]string, 100_000)
	for i := range names {
		names[i] = strings.Repeat("x", 100) + string(rune('a'+i%26))
	}
	msg := violation(&kind.AdditionalProperties{Properties: names})
	assert.LessOrEqual(t, len(msg), 500)
	assert.Contains(t, msg, "and 99995 more")

	values := make([]any, 50)
	for i := range values {
		values[i] = strings.Repeat("v", 500)
	}
	msg = violation(&kind.Enum{Want: values})
	assert.LessOrEqual(t, len(msg), 500)
	assert.Contains(t, msg, "and 45 more")
}

// TestSchemaMessageFits: however many and long the violations, the
// message to the model is at most maxArgumentsMessage bytes and says how
// many it left out.
func TestSchemaMessageFits(t *testing.T) {
	lines := make([]string, 40)
	for i := range lines {
		lines[i] = at([]string{strings.Repeat("p", 60), strings.Repeat("q", 60)}, "expected string, got number "+strings.Repeat("z", i))
	}
	err := invalidArguments(schemaMessage(schemaPrefix, lines))
	assert.LessOrEqual(t, len(err.Error()), maxArgumentsMessage)
	assert.Regexp(t, `; and \d+ more$`, err.Error())
	assert.LessOrEqual(t, len(clip(strings.Repeat("é", 2000))), maxModelMessage)
	assert.Equal(t, "abc", clip("abc"))
}
