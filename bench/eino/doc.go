// Package einobench measures toolgen's Eino adapter
// (github.com/toolgen-go/toolgen/eino) beside Eino's own way to make tools
// of Go functions, utils.InferTool, on the 100 tools of bench/tools100:
// start-up (the tools made and their ToolInfo schemas listed, as Eino's
// ReAct agent does before its first request) and one call through
// InvokableRun, as Eino's ToolsNode makes it. It is its own module so that
// bench/ does not depend on the adapter's module.
package einobench
