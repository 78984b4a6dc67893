// Package tool is what toolgen's generated code and the authors of tools
// import: a tool's [Spec], the typed adapter [Func] that generated
// constructors build with [NewFunc] and that typed hooks attach to, the
// [Toolset] that maps a key (the name the model sees) to a tool, [Call] to
// run a tool with raw JSON arguments, and what a tool reaches through its
// ctx: [CallInfoFrom], [RequestContextFrom], [Progress], [Emit], [Suspend]
// and [ResumeData]. It links no model, agent loop, provider or MCP SDK.
//
// Writing tools, the //tool: directive and the hooks are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/writing-tools.md.
package tool
