// Package uistream writes agent runs as the Vercel AI SDK's UI message
// stream, the server-sent events that the AI SDK's useChat hook and
// readUIMessageStream read, and reads the requests useChat sends. [Handler]
// is the whole server side of a chat page in one http.Handler, pauses and
// resumes included; [Write] and [Writer] write the stream of any run, for
// servers that read their requests their own way.
//
// The chunks, the data parts, pauses and how they compare with Mastra's
// toAISdkStream are described in https://github.com/toolgen-go/toolgen/blob/main/docs/uistream.md.
package uistream
