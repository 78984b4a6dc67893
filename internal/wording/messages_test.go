package wording

import (
	"strings"
	"testing"
	"unicode/utf8"

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
		got := Cut(tt.s, tt.n)
		assert.Equal(t, tt.want, got)
		assert.LessOrEqual(t, len(got), max(tt.n, len(ellipsis)))
		assert.True(t, utf8.ValidString(got))
	}
}

func TestPath(t *testing.T) {
	assert.Equal(t, "/", Path(nil))
	assert.Equal(t, "/a/0/b c", Path([]string{"a", "0", "b c"}))
	long := strings.Repeat("k", 1000)
	assert.Equal(t, "/"+Cut(long, MaxNameBytes)+"/x", Path([]string{long, "x"}))

	deep := make([]string, 9990)
	for i := range deep {
		deep[i] = "0"
	}
	deep[0], deep[len(deep)-1] = "first", "last"
	p := Path(deep)
	assert.LessOrEqual(t, len(p), maxPathBytes+len("/…"))
	assert.True(t, strings.HasPrefix(p, "/first/0/0/"), p)
	assert.True(t, strings.HasSuffix(p, "/0/0/last"), p)
	assert.Contains(t, p, "/…/")
}
