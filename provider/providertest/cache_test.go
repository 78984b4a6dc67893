package providertest_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

// body is a request of one user message of n text blocks, each of 40
// bytes (10 tokens), marks on the blocks listed.
func marked(n int, marks ...int) []byte {
	var blocks []string
	for i := range n {
		mark := ""
		for _, m := range marks {
			if m == i {
				mark = `,"cache_control":{"type":"ephemeral"}`
			}
		}
		blocks = append(blocks, fmt.Sprintf(`{"type":"text","text":"block %02d 789012"%s}`, i, mark))
	}
	return []byte(`{"model":"m","max_tokens":1,"messages":[{"role":"user","content":[` + strings.Join(blocks, ",") + `]}]}`)
}

func TestPromptCache(t *testing.T) {
	require.Len(t, `{"type":"text","text":"block 00 789012"}`, 40)
	usage := func(c *providertest.PromptCache, b []byte) providertest.CacheUsage {
		t.Helper()
		u, err := c.Usage(b)
		require.NoError(t, err)
		return u
	}
	t.Run("write, then read and write the rest", func(t *testing.T) {
		c := providertest.NewPromptCache(0)
		assert.Equal(t, providertest.CacheUsage{InputTokens: 0, CacheWriteTokens: 100, Marks: 1}, usage(c, marked(10, 9)))
		assert.Equal(t, providertest.CacheUsage{InputTokens: 20, CacheReadTokens: 100, CacheWriteTokens: 30, Marks: 2}, usage(c, marked(15, 9, 12)))
		assert.Equal(t, providertest.CacheUsage{InputTokens: 150, Marks: 0}, usage(c, marked(15)), "no mark, no read")
	})
	t.Run("a mark finds an entry up to 20 blocks back", func(t *testing.T) {
		c := providertest.NewPromptCache(0)
		usage(c, marked(5, 4))
		assert.Equal(t, 50, usage(c, marked(25, 24)).CacheReadTokens)
		c = providertest.NewPromptCache(0)
		usage(c, marked(5, 4))
		assert.Equal(t, 0, usage(c, marked(26, 25)).CacheReadTokens, "21 blocks back")
	})
	t.Run("prefixes under the minimum are not cached", func(t *testing.T) {
		c := providertest.NewPromptCache(120)
		assert.Equal(t, providertest.CacheUsage{InputTokens: 100, Marks: 1}, usage(c, marked(10, 9)))
		assert.Equal(t, providertest.CacheUsage{InputTokens: 0, CacheWriteTokens: 120, Marks: 2}, usage(c, marked(12, 9, 11)))
	})
	t.Run("a changed block is a new prefix", func(t *testing.T) {
		c := providertest.NewPromptCache(0)
		usage(c, marked(10, 9))
		changed := strings.Replace(string(marked(10, 9)), "block 03", "block 3 ", 1)
		assert.Equal(t, 0, usage(c, []byte(changed)).CacheReadTokens)
	})
	t.Run("more than four marks", func(t *testing.T) {
		_, err := providertest.NewPromptCache(0).Usage(marked(6, 0, 1, 2, 3, 4))
		assert.EqualError(t, err, "A maximum of 4 blocks with cache_control may be provided. Found 5.")
	})
	t.Run("tools and system come first", func(t *testing.T) {
		c := providertest.NewPromptCache(0)
		b := []byte(`{"tools":[{"name":"a","input_schema":{"type":"object"},"cache_control":{"type":"ephemeral"}}],` +
			`"system":"Be brief.","messages":[{"role":"user","content":"hi"}]}`)
		u := usage(c, b)
		tool := providertest.Tokens([]byte(`{"name":"a","input_schema":{"type":"object"}}`))
		assert.Equal(t, providertest.ToolPromptTokens+tool, u.CacheWriteTokens)
		assert.Positive(t, u.InputTokens)
	})
}

// TestServerTooManyMarks: a Messages request with more than four cache
// marks gets the API's 400, and consumes no turn.
func TestServerTooManyMarks(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Text("one"))
	srv.CachePrompts(providertest.NewPromptCache(0))
	status, body := post(t, srv, "v1/messages", string(marked(6, 0, 1, 2, 3, 4)))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, "A maximum of 4 blocks with cache_control may be provided. Found 5.")
	assert.Equal(t, 1, srv.Remaining())
}
