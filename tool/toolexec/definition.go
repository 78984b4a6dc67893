package toolexec

import (
	"fmt"

	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/tool"
)

// Definition is what a model is told of t, the tool of a set whose key is
// key: the key as the name, and the description, input schema and strict
// flag of its Spec. Every provider turns it into its API's tool
// declaration, in its schema dialect.
func Definition(key string, t tool.Tool) llm.ToolDefinition {
	s := t.Spec()
	return llm.ToolDefinition{Name: key, Description: s.Description, InputSchema: s.InputSchema, Strict: s.Strict}
}

// Definitions returns the [Definition] of every tool of set, sorted by key,
// after checking the set as the agent loop does ([tool.Toolset.Validate]):
// a key no provider takes, or a nil tool, is an error.
func Definitions(set tool.Toolset) ([]llm.ToolDefinition, error) {
	if err := set.Validate(); err != nil {
		return nil, fmt.Errorf("tool definitions: %w", err)
	}
	keys := set.Keys()
	defs := make([]llm.ToolDefinition, len(keys))
	for i, k := range keys {
		defs[i] = Definition(k, set[k])
	}
	return defs, nil
}
