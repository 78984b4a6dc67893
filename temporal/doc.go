// Package temporal runs a runtime.Agent as a durable Temporal workflow
// (go.temporal.io/sdk): a run survives the crash of a worker, waits for an
// approval as long as it takes without holding a process, and spreads over
// the workers of a task queue.
//
// A worker registers the agent with [Register]: its workflow, one activity
// for its model requests and one per tool, from the agent's Toolset (the
// generated Tools() is all it needs). A client starts a run with [Start],
// watches it with [Run.Status] (its events so far, shaped for display, and
// what it waits on), answers approvals and client tools with [Run.Answer]
// and gets its [Result] with [Run.Result].
//
// The loop is the runtime's own, run in workflow code through
// runtime.WithExecutor: calls run as workflow coroutines, each model
// request and each tool call is an activity, and the loop's rules
// (argument checks, approval, transforms, events, pausing and resuming)
// are the same code as in a run in process. Once a tool's activity has
// completed, its result is in the workflow's history: a worker that takes
// the run over replays it and does not run the tool again.
//
// Retries: a model request is tried up to [DefaultModelAttempts] times. A
// tool call is tried once (at most once) unless its Spec marks it
// idempotent (toolgen's idempotent option), when it is tried up to
// [DefaultIdempotentAttempts] times; [WithToolOptions] sets a tool's
// timeouts and retry policy. A tool that fails, by its own error or by
// its activity's timeout, gives the model an error result and the run
// goes on, as in process; invalid arguments and panics are not retried.
//
// What runs where: the model and the tools' functions (and their
// ToModelOutput hooks) run in activities; the tools' Prepare, approval
// functions, transforms and lifecycle hooks, and the run options'
// hooks, run in workflow code and must be deterministic. A run in a
// workflow differs from one in process as runtime.Executor says: no
// background calls (they run in their step), and the events of a step's
// calls come once the step's calls are done. A tool that suspends itself
// (runtime.Suspend) in its activity pauses the run, which resumes it, in a
// new activity, with the resume data of its answer.
//
// Subagents run as child workflows of ID "<parent ID>/<step>/<call ID>"
// (a subagent's run that pauses waits there: answer it with [GetRun]);
// their events are in their own Status, not their parent's. A workflow
// tool's Start is an activity, or, with [WithChildWorkflow], the tool is a
// Temporal workflow run as a child. The library tools of the agent's
// ToolSearch are activities; search_tools and load_tool run in the
// workflow.
package temporal
