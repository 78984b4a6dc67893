// Package runtime is what toolgen's generated code and the applications that
// use it import: typed tools, the agent loop that runs them, the [Model]
// interface that provider adapters implement, and the events a run yields.
// It follows the tool semantics of the Mastra agent SDK, in Go idiom.
//
// # Tools
//
// A [Tool] has a [Spec] (id, description, JSON Schemas, approval and MCP
// hints) and is called in phases, so that the loop can check approval on the
// typed input and shape what each audience sees:
//
//	Prepare (validate, decode) → NeedsApproval → Run → ModelOutput
//
// [Func] is the typed adapter generated code builds, one per annotated
// function; the compiler checks the function against the schemas:
//
//	var getWeatherToolSpec = runtime.Spec{ID: "weather-tool", ...}
//
//	func GetWeatherTool() *runtime.Func[WeatherInput, WeatherOutput] {
//		return runtime.NewFunc(&getWeatherToolSpec, GetWeather)
//	}
//
// Typed hooks chain after NewFunc: [Func.WithApproval] (a function of the
// input deciding whether a call needs approval), [Func.WithModelOutput]
// (what the model sees of the output), [Func.WithTransform] (what a
// display or a transcript sees), and the lifecycle hooks that Mastra's
// tools have: [Func.WithOnInputStart], [Func.WithOnInputDelta],
// [Func.WithOnInputAvailable] and [Func.WithOnOutput], which the agent
// loop calls as the model streams a call's arguments, once they are valid,
// and after a successful run (see [HookCall]; their errors are logged to
// [Agent.Logger], never fatal); [WithSuspend] declares the types with
// which a call may suspend itself and resume. A [Toolset] maps a key to a
// tool; the key,
// not the id, is the name the model is given and every event carries.
//
// # Arguments
//
// Every Func takes a call's arguments through one path, in this order;
// each failure is an error result for the model, and the first one ends
// the path:
//
//  1. Limits: at most 64 KiB, 64 levels of nesting and 1,024 values by
//     default ([Limits],
//     [CheckArguments]), from the ctx of Prepare ([WithArgumentLimits];
//     the agent loop and the MCP server set their options there), so that
//     calling Prepare directly is bounded too.
//  2. Syntax, read strictly with go-json-experiment's jsontext: exactly
//     one JSON value, no object name twice at any depth (after
//     unescaping), valid UTF-8, and every number at most 128 bytes long,
//     with an exponent of at most 999, within the range of a float64 and
//     not zero unless written as zero. A number with a fraction or an
//     exponent is judged as the float64 it denotes.
//  3. For a [Spec] that is Strict (offered in the OpenAI strict dialect,
//     where optional properties are nullable), a null optional property
//     counts as absent, at any depth: the schema does not see it, and the
//     decoding leaves its field zero (as encoding/json does with null; a
//     json.RawMessage field gets "null").
//  4. The input schema: JSON Schema 2020-12, compiled once per Func on
//     first use with github.com/santhosh-tekuri/jsonschema/v6.
//  5. Decoding into In with encoding/json's rules for Go types (json tags,
//     embedded structs, time.Duration in nanoseconds, UnmarshalJSON and
//     UnmarshalText methods), by github.com/go-json-experiment/json with
//     its v1 options, except that property names match exactly and
//     unknown properties are errors.
//
// A message names the path ("at /items/3/id") and what was expected, never
// quotes a value of the arguments, and is at most 1 KB: long names and paths
// are cut with "…", lists give the first few and "and N more". A panic
// below Prepare (in the validator, in a type's UnmarshalJSON) is a
// [PanicError], the tool's fault, never blamed on the model. Outputs are
// encoded with encoding/json.
//
// The limits bound the cost of a call: the path takes about 1 to 3 µs per
// value and 0.1 µs per byte of a long string under a pattern, so that no
// input within the defaults takes more than about 7 ms on a 2-core machine.
// Raise them for tools that take larger documents or many records.
//
// # Dialects
//
// [ConvertSchema] derives each provider's form of a schema from the one
// toolgen generates: [DialectOpenAIStrict] (every object closed, every
// property required, optional ones nullable; free-form maps are errors),
// [DialectGemini] ($refs inlined, recursion unrolled [GeminiUnrollDepth]
// levels, nullable instead of type arrays) and [DialectAnthropic] (an object
// at the root). Adapters and the MCP server use it; toolgen runs it at
// generate time for tools marked strict.
//
// # Agents
//
// An [Agent] has an ID, instructions, a [Model], a [Toolset], subagents
// (each the tool agent-<key>, input {prompt, instructions?, maxSteps?},
// output [AgentToolOutput], of which the model reads the text) and workflows
// (each the tool workflow-<key>, input {inputData, initialState?}, output
// [WorkflowToolOutput] {result, runId}; see [Workflow] and [NewWorkflow]).
// The model sees these results as Mastra gives them to its model; the
// application keeps the whole output in [ToolOutcome.Output].
//
//	agent := &runtime.Agent{
//		ID:           "weather-agent",
//		Instructions: "You are a helpful weather assistant.",
//		Model:        model,
//		Tools:        weather.Tools(),
//	}
//	res, err := agent.Generate(ctx, "What's the weather in Paris?")
//
// Each step sends the conversation to the model and runs the tool calls of
// its answer, in parallel (at most [DefaultConcurrency] at once), feeding
// their results back in call order. The run ends when the model answers
// without calling a tool, when it reaches its step limit ([DefaultMaxSteps];
// finish reason [FinishMaxSteps]), when a condition of [WithStopWhen] holds
// ([FinishStopCondition]; ready-made: [StepCountIs], [HasToolCall],
// [TokenBudget]), or when it pauses (see Pausing and resuming). Per-call options: [WithToolChoice], [WithActiveTools],
// [WithMaxSteps], [WithPrepareStep], [WithOnStepFinish], [WithConcurrency],
// [WithRequestContext], [WithToolTimeout], [WithApprovalPolicy],
// [WithLimits], [WithHistory], [WithInstructions] (appended to the agent's
// instructions), [WithSystem] (in place of them), [WithToolsets] (tools
// for this call only), [WithOutputValidation] (each output checked against
// its output schema, as Agent.ValidateOutputs does for every run),
// [WithClientTools] (tools the caller runs), [WithToolSearch] (in place
// of the agent's [ToolSearch]). The run's ctx reaches every tool and
// cancels the run.
//
// An agent with a [ToolSearch] does not send its library of tools: the
// model finds them with the tool search_tools and loads them with
// load_tool, as with Mastra's ToolSearchProcessor, and a loaded tool is
// active from the next step on ([Result.LoadedTools],
// [RunState.LoadedTools]).
//
// # Structured output
//
// [WithOutput] makes a run end with a typed object, which [Object] returns:
//
//	res, err := agent.Generate(ctx, prompt, runtime.WithOutput(ReportSchema))
//	report, err := runtime.Object[Report](res)
//
// A model whose [Capabilities] say OutputWithTools gets the schema as the
// [Request.ResponseFormat] of every step, beside the tools; any other gets
// one structuring request at the end, with the format and no tools. The
// object takes the arguments' path; an invalid one is sent back once with
// the validation message, and a second is an [*OutputError], the one bad
// model answer that ends a run, with the run so far in its Result.
//
// # Errors
//
// Bad model input never ends a run. Unparseable arguments, schema
// violations, unknown or inactive tool names (the message lists the
// available ones), tool errors, panics (recovered; the message has the
// panic value of a tool's run, never a stack trace, and says only
// "internal error" of a panic while reading the arguments) and per-call
// timeouts all become a [ToolError]: the model gets
// its Message (at most 1 KB) as an error-text result, the application gets
// the whole error in [ToolOutcome.Err], and the loop goes on. A tool that ignores its ctx past
// its timeout is abandoned, not waited for. Generate returns an error only
// for what the model cannot fix: a failing model, a failing hook, a
// misconfigured agent, or the end of ctx.
//
// # Inside a tool
//
// A tool function is plain Go. From its ctx it reaches the call's identity
// with [CallInfoFrom] and the run's request context with
// [RequestContextFrom]. A long-running tool reports how far it has got with
// [Progress] and sends partial data with [Emit]: in a streamed run they are
// tool-progress and tool-output events, shaped for the display target;
// under MCP, progress notifications and log messages. The model never sees
// them. A tool that needs an answer from a person pauses the run with
// [Suspend] and reads the answer with [ResumeData] when it runs again.
//
// # Streaming
//
// [Agent.Stream] yields [Event] values as they happen: text-delta,
// reasoning-delta, tool-call-delta, tool-call, tool-progress, tool-output, tool-result,
// tool-error, tool-call-approval, tool-call-suspended, tool-call-resumed,
// tool-output-denied, background-task-started, step-finish and finish
// (whose Result is set). A subagent's events appear
// in its caller's stream with the subagent's AgentID and the
// ParentToolCallID of the agent-<key> call. Text deltas are the model's
// raw output. Argument deltas (tool-call-delta) are too, unless the display
// target is configured (see below): then each is what an input-delta
// transform makes of it, or it is Suppressed and has no text.
//
// # Model output and transforms
//
// The model sees a [ModelOutput]: text, JSON (the default: the output
// encoded), error text, or content parts (text, image URL, media). The typed
// output stays with the application in [Result.Steps].
//
// Event payloads are for a display ([TargetDisplay]); [Result.Transcript]
// holds the same events shaped for storage ([TargetTranscript]). The phases
// are input, output, error, approval, suspend and resume, and for the
// display only
// input-delta, progress and data.
//
// A target is configured by the tool's [Transforms] for it, when they have
// at least one function (an empty Transforms, as a generated hook stub
// returns, configures nothing), or by the agent's [TransformPolicy], for
// the Targets it names (all when nil). A target that nothing configures
// gets every payload raw. For a configured target, as in Mastra, each
// payload is the first answer of the policy's Func and then of the tool's
// transform for the phase; with no answer (no transform for the phase, or
// a nil value) it is [Placeholder], and a transform that fails, panics or
// returns something that does not encode gives the Placeholder at once.
// The raw payload is never shown in its place. Argument deltas of a
// configured display are suppressed unless an input-delta transform
// answers. Tools other than [Func] take part through [ToolTransformer].
//
// # Pausing and resuming
//
// A run pauses when calls of a step wait, each for one of three things
// (its [PendingKind]):
//
//   - approval: the call needs it, because its Spec says so (the
//     directive's approval option), its [Func.WithApproval] function says
//     so for its input, or the run's [ApprovalPolicy] does;
//   - resume data: the tool ran and suspended itself with [Suspend], a
//     payload of its suspend type, for a person to answer; the answer is
//     data of its resume type, which it reads with [ResumeData] when it
//     runs again with the same input ([SuspendPayload] gives what it asked) (the types come from [WithSuspend],
//     which toolgen writes for the directive options suspend= and resume=);
//   - a client: the call is of a client tool ([WithClientTools]), which
//     the caller runs.
//
// The step's other calls run; then the run ends with [FinishApproval]
// (only approvals wait), [FinishToolCalls] (only clients) or
// [FinishSuspended], with [Result.Pending] and a [RunState] that marshals
// to JSON. The step has not finished: no step-finish event, no [Step] in
// [Result.Steps] until it does. A subagent (agent-<key>) whose run pauses
// pauses its caller's run too: the caller's RunState holds the
// subagent's, and Result.Pending the subagent's calls, with their Path.
//
// [Agent.Resume] continues the run with an [Answer] per pending call, in
// this process or another, on an Agent with the same ID, tools and
// subagents: [Approve] or [Decline] for approval, [ResumeWith] for resume
// data, [ClientResult] or [ClientError] for a client (or the PendingCall's
// methods, which give the answer the call's Path). The answers are checked
// first: resume data against the tool's resume schema and decoded into its
// resume type, a client's result against its output schema; a wrong answer
// is an error that wraps [ErrInvalidAnswer], and nothing runs. Then each
// waiting call continues, with no second tool-call event: an approved call
// runs, a declined one tells the model [DefaultDeclineReason] or the
// reason given (a plain result, and a tool-output-denied event), a
// suspended one runs again (after a tool-call-resumed event), a client
// call settles with the client's answer, a subagent resumes its own run.
// The step then finishes, once, and the run goes on, or pauses again.
//
// # Background tools
//
// A tool whose Spec sets Background (the directive's background option,
// or [Func.WithBackground]) runs each call in the background: once the
// call is valid and approved, the model gets a task handle as its result,
// {"taskId":"task-1","status":"running","message":…}, and a
// background-task-started event is recorded; the call runs on in its own
// goroutine under the run's ctx, within the tool timeout and the run's
// concurrency limit, which it shares with the steps' calls. Its result
// (or error) is a tool-result (tool-error) event with the TaskID, shaped by
// the transforms like any other, and reaches the model in a user message
// at the next step. A run whose model answers without tool calls while
// tasks run waits for them all and calls the model again; one that reaches
// max steps cancels them; one that pauses waits for them and keeps their
// results in its [RunState] for [Agent.Resume] to deliver. The typed
// outcomes are in [Result.Background]. A background call cannot suspend.
//
// # Models
//
// A [Model] takes a [Request] (messages of [Part] values, [ToolDefinition]
// values, a [ToolChoice]) and returns a [Response] (an assistant message
// whose tool call parts carry ids, a [FinishReason], [Usage]), or streams
// [StreamPart] values with text and argument deltas ([CollectStream]
// assembles them). The shapes carry what the OpenAI Chat Completions, OpenAI
// Responses, Anthropic Messages and Gemini APIs need, with ProviderMetadata and
// ProviderOptions for what is particular to one of them. Package
// [github.com/toolgen-go/toolgen/runtime/scripted] is a deterministic model
// for tests and offline examples.
package agent
