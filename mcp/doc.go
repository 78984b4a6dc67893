// Package mcp connects toolgen's tools to the Model Context Protocol, on the
// official Go SDK (github.com/modelcontextprotocol/go-sdk/mcp, imported here
// as sdk). [NewServer] serves any tool.Toolset, such as the Tools() that
// toolgen generates, with the generated schemas and no reflection at
// start-up, over stdio ([ServeStdio]) or streamable HTTP ([ListenAndServe],
// [HTTPHandler]); a tool reaches the request it serves with [RequestFrom].
// [Connect], [ConnectCommand] and [ConnectHTTP] give an agent the tools of a
// remote server, as a [Client] whose Tools method is a tool.Toolset.
//
// Serving, calls, progress and remote tools are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/mcp.md.
package mcp
