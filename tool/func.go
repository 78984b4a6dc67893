package tool

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// Func adapts a Go function of the form
//
//	func(ctx context.Context, in In) (Out, error)
//
// to a [Tool]. In is a struct (or a pointer to one) and Out any
// JSON-encodable type. toolgen generates one Func per annotated function.
//
// Typed hooks attach with the With methods, which return f so that they
// chain after [NewFunc]. Attach them before the Func is used; a Func is safe
// for concurrent use afterwards.
type Func[In, Out any] struct {
	// A Func is built on every call of a generated constructor, so it
	// holds only pointers: what most tools never set lives out of line.
	spec   *Spec
	fn     func(context.Context, In) (Out, error)
	hooks  *funcHooks[In, Out]
	schema atomic.Pointer[schema.Schema] // set on first use
	output atomic.Pointer[schema.Schema] // set on the first output validation
}

// funcHooks are a Func's typed hooks.
type funcHooks[In, Out any] struct {
	approve     func(context.Context, In) (bool, error)
	modelOutput func(context.Context, In, Out) (llm.ModelOutput, error)
	// transforms are the Func's, per target, with the types erased.
	transforms map[Target]*Transforms[any, any]
	// The lifecycle hooks; see HookCall.
	inputStart     func(context.Context, HookCall) error
	inputDelta     func(context.Context, HookCall, string) error
	inputAvailable func(context.Context, HookCall, In) error
	output         func(context.Context, HookCall, Out) error
	suspend        *callctx.SuspendTypes // see WithSuspend
}

// NewFunc returns a tool that runs fn, described by spec. The tool keeps
// spec, which must not be modified afterwards: generated code passes a
// package-level Spec that every instance of the tool shares, so that
// building a tool copies no description or schema.
func NewFunc[In, Out any](spec *Spec, fn func(context.Context, In) (Out, error)) *Func[In, Out] {
	return &Func[In, Out]{spec: spec, fn: fn}
}

// setHooks returns f's hooks, allocating them on first use.
func (f *Func[In, Out]) setHooks() *funcHooks[In, Out] {
	if f.hooks == nil {
		f.hooks = &funcHooks[In, Out]{}
	}
	return f.hooks
}

// WithApproval makes calls need approval when fn, given the typed input,
// says so, in addition to Spec.NeedsApproval.
func (f *Func[In, Out]) WithApproval(fn func(ctx context.Context, in In) (bool, error)) *Func[In, Out] {
	f.setHooks().approve = fn
	return f
}

// WithBackground makes f a background tool, as [Spec.Background] (the
// directive's background option) does, for a tool built by hand on a Spec
// it shares: f keeps a copy of its Spec with Background set. In an agent
// run, each call is given a task handle as its result at once and runs on
// in its own goroutine; the model receives its result at a later step.
func (f *Func[In, Out]) WithBackground() *Func[In, Out] {
	spec := *f.spec
	spec.Background = true
	f.spec = &spec
	return f
}

// WithModelOutput sets the hook that decides what the model sees of a
// successful call; the typed output stays with the application.
func (f *Func[In, Out]) WithModelOutput(fn func(ctx context.Context, in In, out Out) (llm.ModelOutput, error)) *Func[In, Out] {
	f.setHooks().modelOutput = fn
	return f
}

// WithOnInputStart sets the hook that an agent loop calls when the model
// starts sending the arguments of a call of the tool, as Mastra's
// onInputStart; see [HookCall] for when each lifecycle hook runs and what
// becomes of its errors.
func (f *Func[In, Out]) WithOnInputStart(fn func(ctx context.Context, call HookCall) error) *Func[In, Out] {
	f.setHooks().inputStart = fn
	return f
}

// WithOnInputDelta sets the hook that an agent loop calls with each piece
// of a call's arguments as the model sends it (the raw text, which may not
// be valid JSON yet), as Mastra's onInputDelta.
func (f *Func[In, Out]) WithOnInputDelta(fn func(ctx context.Context, call HookCall, delta string) error) *Func[In, Out] {
	f.setHooks().inputDelta = fn
	return f
}

// WithOnInputAvailable sets the hook that an agent loop calls with the
// typed input once a call's arguments are complete and valid, before the
// approval check and the run, as Mastra's onInputAvailable.
func (f *Func[In, Out]) WithOnInputAvailable(fn func(ctx context.Context, call HookCall, in In) error) *Func[In, Out] {
	f.setHooks().inputAvailable = fn
	return f
}

// WithOnOutput sets the hook that an agent loop calls with the typed
// output of a successful call, as Mastra's onOutput.
func (f *Func[In, Out]) WithOnOutput(fn func(ctx context.Context, call HookCall, out Out) error) *Func[In, Out] {
	f.setHooks().output = fn
	return f
}

// OnInputStart calls the hook set by [Func.WithOnInputStart], if any. A
// host that streams a model's tool calls calls it.
func (f *Func[In, Out]) OnInputStart(ctx context.Context, call HookCall) error {
	if f.hooks == nil || f.hooks.inputStart == nil {
		return nil
	}
	return f.hooks.inputStart(ctx, call)
}

// OnInputDelta calls the hook set by [Func.WithOnInputDelta], if any.
func (f *Func[In, Out]) OnInputDelta(ctx context.Context, call HookCall, delta string) error {
	if f.hooks == nil || f.hooks.inputDelta == nil {
		return nil
	}
	return f.hooks.inputDelta(ctx, call, delta)
}

// WithTransform sets the transforms of target, replacing earlier ones.
// Transforms with at least one function configure target: its phases
// without one show a placeholder; see [Transforms].
func (f *Func[In, Out]) WithTransform(target Target, t Transforms[In, Out]) *Func[In, Out] {
	h := f.setHooks()
	if h.transforms == nil {
		h.transforms = map[Target]*Transforms[any, any]{}
	}
	h.transforms[target] = t.erase()
	return f
}

// Transforms returns the transforms set for target with
// [Func.WithTransform], typed by any: each function takes the typed input
// and output as the call's [Invocation] and [Output] hold them. It is nil
// when the transforms set for target have no function, so that they
// configure nothing.
func (f *Func[In, Out]) Transforms(target Target) *Transforms[any, any] {
	if f.hooks == nil {
		return nil
	}
	return f.hooks.transforms[target]
}

// Spec implements [Tool].
func (f *Func[In, Out]) Spec() *Spec { return f.spec }

// Run calls the function with a typed input, as application code would.
func (f *Func[In, Out]) Run(ctx context.Context, in In) (Out, error) {
	return f.fn(ctx, in)
}

// Decode checks raw JSON arguments and decodes them into In, within the
// default limits; see [Func.Prepare].
func (f *Func[In, Out]) Decode(args json.RawMessage) (In, error) {
	var in In
	err := f.decodeInto(context.Background(), args, &in)
	return in, err
}

// decodeInto takes args through the argument path into *in, which is left
// zero on error. A panic below it (in the validator, in a type's
// UnmarshalJSON) is an error of the tool, not of the arguments.
func (f *Func[In, Out]) decodeInto(ctx context.Context, args []byte, in *In) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("read the arguments of %s: %w", f.spec.ID, &callctx.PanicError{Value: p})
		}
		if err != nil {
			*in = *new(In)
		}
	}()
	return f.inputSchema().Read(args, limitsFrom(ctx), f.spec.Strict, in)
}

// inputSchema returns the compiled-on-first-use input schema of f.
func (f *Func[In, Out]) inputSchema() *schema.Schema {
	if s := f.schema.Load(); s != nil {
		return s
	}
	f.schema.CompareAndSwap(nil, schema.New(f.spec.ID, "input", f.spec.InputSchema))
	return f.schema.Load()
}

// outputSchema returns the compiled-on-first-use output schema of f.
func (f *Func[In, Out]) outputSchema() *schema.Schema {
	if s := f.output.Load(); s != nil {
		return s
	}
	f.output.CompareAndSwap(nil, schema.New(f.spec.ID, "output", f.spec.OutputSchema))
	return f.output.Load()
}

// Prepare implements [Tool]: it takes args through the argument path
// (limits from ctx, a strict syntax pass, optional nulls of a Strict tool,
// the input schema, decoding with exact names; see
// https://github.com/toolgen-go/toolgen/blob/main/docs/schemas.md#arguments) and decodes them into In. An error about the arguments
// wraps [schema.ErrInvalidArguments]; its message names the path and what
// was expected, never quotes the arguments, and is at most 900 bytes long.
// An input schema that does not compile and a panic below Prepare are the
// tool's own faults and do not wrap it.
func (f *Func[In, Out]) Prepare(ctx context.Context, args json.RawMessage) (Invocation, error) {
	c := &funcCall[In, Out]{f: f}
	if err := f.decodeInto(ctx, args, &c.in); err != nil {
		return nil, err
	}
	return c, nil
}

// funcCall is the [Invocation] of a Func. Its exported methods beyond
// Invocation's are for hosts, which reach them through interfaces of
// their own: the lifecycle hooks, the output type, the suspend types.
type funcCall[In, Out any] struct {
	f  *Func[In, Out]
	in In
}

// Input implements [Invocation].
func (c *funcCall[In, Out]) Input() any { return c.in }

// NeedsApproval implements [Invocation].
func (c *funcCall[In, Out]) NeedsApproval(ctx context.Context) (bool, error) {
	if c.f.spec.NeedsApproval {
		return true, nil
	}
	if h := c.f.hooks; h != nil && h.approve != nil {
		return h.approve(ctx, c.in)
	}
	return false, nil
}

// Run implements [Invocation].
func (c *funcCall[In, Out]) Run(ctx context.Context) (Output, error) {
	out, err := c.f.fn(ctx, c.in)
	if err != nil {
		return Output{}, err
	}
	// Through a pointer, as a user calling json.Marshal(&out) would: the
	// fields are then addressable, and the MarshalJSON and MarshalText
	// methods with pointer receivers (big.Int's) are called.
	data, err := json.Marshal(&out)
	if err != nil {
		return Output{}, &callctx.OutputError{Message: "the tool's output could not be encoded as JSON", Err: fmt.Errorf("encode output of %s: %w", c.f.spec.ID, err)}
	}
	if validatingOutputs(ctx) && len(c.f.spec.OutputSchema) > 0 {
		if err := checkOutput(c.f.spec.ID, c.f.outputSchema(), data); err != nil {
			return Output{}, err
		}
	}
	return Output{Value: out, JSON: data}, nil
}

// DecodeOutput decodes data, the JSON of an output, into Out, for a host
// whose tools ran elsewhere.
func (c *funcCall[In, Out]) DecodeOutput(data []byte) (any, error) {
	var out Out
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ModelOutput implements [Invocation].
func (c *funcCall[In, Out]) ModelOutput(ctx context.Context, res Output) (llm.ModelOutput, error) {
	h := c.f.hooks
	if h == nil || h.modelOutput == nil {
		return llm.JSONOutput(res.JSON), nil
	}
	out, _ := res.Value.(Out)
	return h.modelOutput(ctx, c.in, out)
}

// OnInputAvailable calls the hook set by [Func.WithOnInputAvailable], if
// any, with the call's input.
func (c *funcCall[In, Out]) OnInputAvailable(ctx context.Context, call HookCall) error {
	if h := c.f.hooks; h != nil && h.inputAvailable != nil {
		return h.inputAvailable(ctx, call, c.in)
	}
	return nil
}

// OnOutput calls the hook set by [Func.WithOnOutput], if any, with the
// call's output.
func (c *funcCall[In, Out]) OnOutput(ctx context.Context, call HookCall, res Output) error {
	if h := c.f.hooks; h != nil && h.output != nil {
		out, _ := res.Value.(Out)
		return h.output(ctx, call, out)
	}
	return nil
}

// SuspendTypes returns the suspend types of the call's tool, nil when its
// calls cannot suspend.
func (c *funcCall[In, Out]) SuspendTypes() *callctx.SuspendTypes {
	if c.f.hooks == nil {
		return nil
	}
	return c.f.hooks.suspend
}

var _ Tool = (*Func[struct{}, struct{}])(nil)
