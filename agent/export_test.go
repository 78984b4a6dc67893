package agent

import "github.com/toolgen-go/toolgen/tool"

// AgentTools returns every tool of a, as a run has them before per-call
// toolsets: for tests of what the derived tools declare.
func AgentTools(a *Agent) (tool.Toolset, error) { return a.toolset() }
