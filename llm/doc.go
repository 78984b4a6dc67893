// Package llm is toolgen's provider-neutral vocabulary of language models:
// the [Model] interface that provider adapters implement, the [Request] it
// takes (a conversation of [Message] values made of [Part] values, tool
// definitions, a [ToolChoice]), the [Response] or the [StreamPart] values it
// returns, [Usage] and [FinishReason]; and the [ModelOutput] of a tool call,
// which a tool's model-output hook returns.
//
// Models and providers are described in https://github.com/toolgen-go/toolgen/blob/main/docs/providers.md;
// what a model says of itself for telemetry ([ModelInfo]) in
// https://github.com/toolgen-go/toolgen/blob/main/docs/telemetry.md.
package llm
