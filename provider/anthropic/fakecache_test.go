package anthropic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider/providertest"
	"github.com/toolgen-go/toolgen/scripted"
)

// TestServerCachePrompts checks the usage the server reports with a
// simulated cache, through this adapter and the SDK.
func TestServerCachePrompts(t *testing.T) {
	srv := providertest.NewServer(t, scripted.Text("one"), scripted.Text("two"))
	cache := providertest.NewPromptCache(0)
	srv.CachePrompts(cache)
	m := Model("claude-sonnet-4-5", WithBaseURL(srv.URL()), WithAPIKey("test"))
	req := &llm.Request{Messages: []llm.Message{llm.SystemMessage("Be brief."), llm.UserMessage("hi")}}
	res, err := m.Generate(t.Context(), req)
	require.NoError(t, err)
	u := cache.Log()[0]
	assert.Equal(t, llm.Usage{InputTokens: u.Total(), OutputTokens: 2, TotalTokens: u.Total() + 2, CacheWriteTokens: u.CacheWriteTokens}, res.Usage)
	assert.Positive(t, u.CacheWriteTokens)

	req.Messages = append(req.Messages, res.Message, llm.UserMessage("again"))
	res, err = llm.CollectStream(m.Stream(t.Context(), req), nil)
	require.NoError(t, err)
	u = cache.Log()[1]
	assert.Equal(t, llm.Usage{InputTokens: u.Total(), OutputTokens: 2, TotalTokens: u.Total() + 2,
		CachedInputTokens: u.CacheReadTokens, CacheWriteTokens: u.CacheWriteTokens}, res.Usage)
	assert.Equal(t, cache.Log()[0].Total(), u.CacheReadTokens)
	assert.Equal(t, 0, srv.Remaining())
}
