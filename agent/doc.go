// Package agent runs a model in a loop with tools, following the tool model
// of the Mastra agent SDK. An [Agent] sends the conversation to its model,
// runs the tools it calls (by key, in parallel; a failure is an error result
// the model reads, never the end of the run) and sends back their results,
// until the model answers without calling a tool, a step limit or a stop
// condition ends the run, or the run pauses for an approval, a tool's
// question or a client's tool, with a [RunState] that [Agent.Resume]
// continues in this process or another. Options ([WithToolChoice],
// [WithMaxSteps], [WithOutput], [WithToolSearch], …) control a run, and
// [Agent.Stream] yields its [Event] values as they happen.
//
// The loop, its options, pausing, structured output, background tools,
// tool search and how they compare with Mastra are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/agents.md; the
// OpenTelemetry spans and metrics of a run ([Agent].Telemetry) in
// https://github.com/toolgen-go/toolgen/blob/main/docs/telemetry.md.
package agent
