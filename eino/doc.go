// Package eino gives the tools of a toolgen [tool.Toolset] to Eino
// (github.com/cloudwego/eino) as Eino tools, so that Eino's ToolsNode,
// its ReAct agent and its graphs call them:
//
//	cfg, err := eino.ToolsConfig(orders.Tools(), nil)
//	if err != nil { … }
//	agent, err := react.NewAgent(ctx, &react.AgentConfig{ToolCallingModel: chatModel, ToolsConfig: cfg})
//
// Each tool's [schema.ToolInfo] is built from the schema toolgen computed at
// generate time; nothing is reflected at start-up. A call takes toolgen's
// one path ([toolexec.Execute]): the arguments are validated against that
// schema and decoded, approval is asked for, the tool runs, and its
// ToModelOutput hook shapes what the model reads. Invalid arguments, a
// failing tool, a panic or a declined approval become the tool's result,
// a message the model reads, and Eino's run goes on: an error returned to
// Eino's ToolsNode ends the whole graph run. A tool that needs approval
// interrupts the run the Eino way ([einotool.Interrupt]); the application
// resumes it with a [Decision] ([compose.ResumeWithData]), or decides at
// once through [Options.Approve].
//
// The module is separate from toolgen's so that only programs that use Eino
// link it. On Go 1.26 it needs github.com/bytedance/sonic v1.15.5 or newer,
// which its go.mod requires. See https://github.com/toolgen-go/toolgen/blob/main/docs/eino.md.
package eino
