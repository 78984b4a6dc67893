package schema

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/stretchr/testify/assert"

	"github.com/toolgen-go/toolgen/internal/wording"
)

func TestLists(t *testing.T) {
	assert.Equal(t, `"a", "b"`, wording.QuoteList([]string{"a", "b"}, 2))
	assert.Equal(t, `"a", "b", "c", "d", "e" and 95 more`, wording.QuoteList([]string{"a", "b", "c", "d", "e", "f"}, 100))
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
		lines[i] = wording.At([]string{strings.Repeat("p", 60), strings.Repeat("q", 60)}, "expected string, got number "+strings.Repeat("z", i))
	}
	err := invalidArguments(schemaMessage(schemaPrefix, lines))
	assert.LessOrEqual(t, len(err.Error()), maxArgumentsMessage)
	assert.Regexp(t, `; and \d+ more$`, err.Error())
	assert.LessOrEqual(t, len(wording.Clip(strings.Repeat("é", 2000))), wording.MaxModelMessage)
	assert.Equal(t, "abc", wording.Clip("abc"))
}
