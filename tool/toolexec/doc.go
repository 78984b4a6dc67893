// Package toolexec is for hosts that run tools for a model or a client: the
// agent loop, the MCP server, a loop of your own. [Prepare] checks and
// decodes a call's arguments within the limits of its ctx ([WithLimits]),
// [Run] runs the call within a timeout, and both report a failure as an
// [*Error] whose [Kind] classifies it and whose message is fit for the
// model. [Present] and [PresentDelta] give a call's payloads as a display
// or a transcript may see them, by the tool's transforms and the host's
// [TransformPolicy]. A loop that is not toolgen's tells the model of a
// set's tools with [Definitions] and runs the model's calls with [Execute]
// or [ExecuteAll]; the provider packages wrap both in their SDK's types.
//
// The argument path is described in https://github.com/toolgen-go/toolgen/blob/main/docs/schemas.md#arguments,
// transforms in https://github.com/toolgen-go/toolgen/blob/main/docs/writing-tools.md#transforms,
// a loop of your own in https://github.com/toolgen-go/toolgen/blob/main/docs/own-loop.md,
// the execute_tool span of each call of [Execute] in
// https://github.com/toolgen-go/toolgen/blob/main/docs/telemetry.md.
package toolexec
