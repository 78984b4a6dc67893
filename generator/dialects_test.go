package generator

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/schema"
)

// TestConfigDialects runs a tool whose input Gemini and OpenAI strict
// cannot express with Config.Dialects (toolgen -dialects) naming Gemini:
// what Gemini cannot express is an error, and the dialect that is not
// listed is not reported (README, Provider dialects).
func TestConfigDialects(t *testing.T) {
	dir := writeModule(t, map[string][]byte{"d/d.go": []byte(`package d

import "context"

// In has an any field.
type In struct {
	Extra any ` + "`json:\"extra\"`" + `
}

// Tag tags.
//
//tool:tag
func Tag(ctx context.Context, in In) (bool, error) { return true, nil }
`)})
	res, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}, Env: testEnv(),
		Dialects: []schema.Dialect{schema.DialectGemini}})
	require.NoError(t, err)
	assert.Equal(t, `d/d.go:12:1: tool "tag": gemini cannot express its input at In.Extra: any value (true or {}) cannot be expressed for Gemini: every schema needs a type (-dialects lists gemini)
`, formatDiagnostics(res.Diagnostics, dir))
	assert.Empty(t, res.Files)
}

func TestParseDialects(t *testing.T) {
	got, err := ParseDialects("gemini, openai-strict,gemini")
	require.NoError(t, err)
	assert.Equal(t, []schema.Dialect{schema.DialectGemini, schema.DialectOpenAIStrict}, got)

	_, err = ParseDialects("gemini,openai")
	assert.EqualError(t, err, `unknown dialect "openai"; known: standard, openai-strict, gemini, anthropic`)
}
