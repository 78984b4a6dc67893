// Package mcp connects toolgen's tools to the Model Context Protocol, on the
// official Go SDK (github.com/modelcontextprotocol/go-sdk/mcp, imported here
// as sdk).
//
// # Serving a Toolset
//
// NewServer turns any runtime.Toolset, such as the Tools() function that
// toolgen generates, into an MCP server:
//
//	srv, err := mcp.NewServer(&sdk.Implementation{Name: "weather", Version: "v1"}, weather.Tools(), nil)
//	if err != nil {
//		return err
//	}
//	return mcp.ServeStdio(ctx, srv)
//
// serves it over standard input and output, as MCP clients start local
// servers;
//
//	return mcp.ListenAndServe(ctx, ":8080", srv, nil, nil)
//
// serves it over streamable HTTP until ctx ends ([HTTPOptions], then a
// function called with the listener's address once the server accepts
// connections, both optional), and [HTTPHandler] gives it as an
// http.Handler for a mux of one's own. Over HTTP, a request from a browser
// page of another origin is refused (403): only loopback origins on a
// loopback address and [HTTPOptions.AllowedOrigins] pass, as the MCP
// specification asks servers to validate Origin. A request other than
// initialize needs its session's id (400 without, 404 for a session that
// ended); a session idle for 30 minutes is closed; a body over 4 MiB is
// refused (413). [HTTPHandler] lists what it answers.
//
// Over stdio, a line that is not a valid JSON-RPC message (not JSON, a
// batch, no "jsonrpc": "2.0", over 16 MiB) is answered with a JSON-RPC error and the server reads on, where
// the SDK's own stdio transport would end; [StdioTransport] does this for a
// server run with the SDK's Run or Connect.
//
// tools/list carries each tool's generated input and output schemas as they
// are, with no reflection at start-up: the tools are registered through the
// SDK's raw [sdk.Server.AddTool]. The tool's name is its key in the Toolset;
// its title and the annotations readOnlyHint, destructiveHint,
// idempotentHint and openWorldHint come from its Spec (the directive options
// title, readonly, destructive, idempotent and openworld). A hint the Spec
// sets is sent as it is, true or false; an unset one is left out, so that
// clients apply MCP's default, except readOnlyHint and idempotentHint,
// which the SDK always writes: unset, they go out as false, their default.
//
// tools/call runs a call as the agent loop would: the arguments are bounded
// with [runtime.CheckArguments] by ServerOptions.Limits, which also reach
// the tool's Prepare through its ctx ([runtime.WithArgumentLimits]), checked
// and decoded by Prepare, and run. The result's structured content is the
// output JSON, its content is the tool's model-output view (text, JSON as
// text, or content parts). Invalid arguments, tool errors, panics and
// approval refusals are isError results with the runtime's sanitized
// messages, of at most 1 KB; a name that is not a tool is a protocol error,
// as the MCP specification asks.
//
// # Using a remote server's tools
//
// Connect, ConnectCommand and ConnectHTTP connect to an MCP server, list its
// tools and return a Client whose Tools method is a runtime.Toolset that an
// Agent uses beside its generated tools. The tools' schemas and annotations
// come from the server, each hint true, false or unset as the server sent
// it; arguments are validated against the input schema before they are
// sent, with the runtime's messages; an isError result becomes a
// [runtime.ToolError] whose message is the server's text, so that the model
// sees it and the run goes on. A tool that must be called as a task
// (execution.taskSupport "required", MCP 2025-11-25) is left out, with a
// warning to [ClientOptions.Logger]: the Client does not run tasks. The
// connection closes when the ctx given to Connect ends, or with Close.
package mcp
