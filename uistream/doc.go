// Package uistream writes agent runs as the Vercel AI SDK's UI message
// stream, the server-sent events that the AI SDK's useChat hook and
// readUIMessageStream read, and reads the requests useChat sends.
//
// [Handler] is the whole server side of a chat page in one http.Handler:
//
//	http.Handle("/api/chat", &uistream.Handler{Agent: agent})
//
// It turns the request's UI messages into llm messages, runs the agent
// with [runtime.Agent.StreamMessages], and writes each event as it happens.
// A run that pauses (a call waits for approval, resume data or a client's
// result) is kept in a [Store] under a random run id, and the request that
// carries the answers (useChat's addToolApprovalResponse or addToolOutput,
// then sendMessage) resumes it with [runtime.Agent.ResumeStream].
//
// [Writer] and [Write] write the stream of any run, for servers that parse
// requests their own way.
//
// # What reaches the browser
//
// Every tool payload in the stream is an event's payload, which the runtime
// shapes for [runtime.TargetDisplay]: the tool's or the agent's display
// transforms, or the [runtime.Placeholder] when a configured transform
// fails. Argument deltas whose display is configured and that no
// input-delta transform answers are not written. Run errors are written as
// a generic text unless [Options.ErrorText] says otherwise, since they may
// carry what a provider or a tool said.
//
// # Chunks
//
// Each run is one assistant message: start (with the message id), then per
// step start-step, text-start/delta/end, reasoning-start/delta/end,
// tool-input-start/delta/available, tool-output-available,
// tool-output-error, tool-output-denied, finish-step; then finish with the
// AI SDK's finish reason, and data: [DONE]. Besides the AI SDK's own
// chunks, it writes these data parts, following Mastra's toAISdkStream
// where Mastra has one:
//
//   - data-tool-agent: a subagent's run, as a snapshot that each of its
//     events replaces (id: the id of the agent-<key> call that runs it;
//     data.id: the subagent's ID; ancestry and depth as Mastra writes them).
//   - data-tool-call-approval, data-tool-call-suspended,
//     data-tool-call-client: a call that the paused run waits on (id: the
//     call's id; data.runId: the run id that resumes it). A call of the
//     run itself that waits for approval also gets the AI SDK's
//     tool-approval-request, whose approvalId is "<runId>:<toolCallId>".
//   - data-tool-progress: the latest progress report of a running call
//     (id: the call's id).
//   - data-<name>: what a tool emits ([runtime.Emit]) when its display form
//     is an object {"type":"data-<name>","data":…} with an optional "id",
//     as Mastra's tool writer does; any other emitted value is a
//     data-tool-output part {toolCallId, toolName, output}.
//   - data-background-task: a background call's task (id: the task id),
//     its status running, then completed or failed.
package uistream
