// Package temporal runs an [agent.Agent] as a durable Temporal workflow
// (go.temporal.io/sdk): a run survives the crash of a worker, waits for an
// approval as long as it takes without holding a process, and spreads over
// the workers of a task queue. It is a module of its own, so that programs
// that do not use Temporal do not link its SDK.
//
// A worker registers the agent with [Register]: its workflow, one activity
// for its model requests and one per tool. A client starts a run with
// [Start], watches it with [Run.Status], answers approvals and client tools
// with [Run.Answer] and gets its [Result] with [Run.Result]. The loop is the
// agent package's own, run in workflow code through [agent.WithExecutor];
// what runs in activities, what must be deterministic, retries and
// subagents are described in
// https://github.com/toolgen-go/toolgen/blob/main/docs/durable.md.
//
// [TracingInterceptor] makes a run one OpenTelemetry trace across
// processes and workers, with Temporal's own tracing interceptor: the
// loop in workflow code records nothing (it runs again on replay); the
// model requests and tool calls record their chat and execute_tool spans,
// and their metrics, in their activities, with the agent's Telemetry.
package temporal
