package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/bench/defs10"
	"github.com/toolgen-go/toolgen/bench/internal/defsize"
)

// TestDefinitionSize prints the size of the definitions of the ten tools of
// defs10 in toolgen, Eino and the official MCP SDK (bench/genkit's test of
// the same name prints the table with Genkit). go test -run
// TestDefinitionSize -v shows it.
func TestDefinitionSize(t *testing.T) {
	rows, err := defsize.Rows(t.Context())
	require.NoError(t, err)
	for _, r := range rows {
		require.Len(t, r.Defs, 10, r.Library)
		for i, d := range r.Defs {
			assert.Equal(t, defs10.Names[i], d.Name, r.Library)
			assert.Equal(t, defs10.Descriptions[d.Name], d.Description, "%s: %s", r.Library, d.Name)
		}
		assert.True(t, r.SameDescriptions, "%s (%s) lost a description", r.Library, r.Declared)
	}
	t.Logf("\n%s\n%s", defsize.Table(rows), defsize.Verdict(rows))
}

// TestTokenizer checks the offline tokenizer against counts of OpenAI's
// tiktoken: "hello world" is 2 tokens in both encodings, "tiktoken is
// great!" 6 in cl100k_base (tiktoken's README).
func TestTokenizer(t *testing.T) {
	o200k, cl100k, err := defsize.Count("hello world")
	require.NoError(t, err)
	assert.Equal(t, [2]int{2, 2}, [2]int{o200k, cl100k})
	_, cl100k, err = defsize.Count("tiktoken is great!")
	require.NoError(t, err)
	assert.Equal(t, 6, cl100k)
}
