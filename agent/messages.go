package agent

import (
	"github.com/toolgen-go/toolgen/internal/wording"
)

// maxListedTools bounds the tools an unknown-tool message lists.
const maxListedTools = 20

// unknownToolMessage tells the model that name is no tool it may call now.
// inactive says that name is a tool of the agent, not active in this step.
func unknownToolMessage(name string, available []string, inactive bool) string {
	if len(available) == 0 {
		return "unknown tool " + wording.Quote(name) + "; no tools are available"
	}
	head := "unknown tool " + wording.Quote(name)
	if inactive {
		head = "tool " + wording.Quote(name) + " is not available in this step"
	}
	return wording.Clip(head + "; available tools: " + wording.List(available[:min(len(available), maxListedTools)], len(available)))
}
