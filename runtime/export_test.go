package runtime

// AgentTools returns every tool of a, as a run has them before per-call
// toolsets: for tests of what the derived tools declare.
func AgentTools(a *Agent) (Toolset, error) { return a.toolset() }
