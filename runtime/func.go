package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
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
	schema atomic.Pointer[inputSchema] // set on first use
}

// funcHooks are a Func's typed hooks.
type funcHooks[In, Out any] struct {
	approve     func(context.Context, In) (bool, error)
	modelOutput func(context.Context, In, Out) (ModelOutput, error)
	transforms  map[Target]Transforms[In, Out]
	suspend     *suspendTypes // see WithSuspend
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

// WithModelOutput sets the hook that decides what the model sees of a
// successful call; the typed output stays with the application.
func (f *Func[In, Out]) WithModelOutput(fn func(ctx context.Context, in In, out Out) (ModelOutput, error)) *Func[In, Out] {
	f.setHooks().modelOutput = fn
	return f
}

// WithTransform sets the transforms of target, replacing earlier ones.
func (f *Func[In, Out]) WithTransform(target Target, t Transforms[In, Out]) *Func[In, Out] {
	h := f.setHooks()
	if h.transforms == nil {
		h.transforms = map[Target]Transforms[In, Out]{}
	}
	h.transforms[target] = t
	return f
}

// Spec implements [Tool].
func (f *Func[In, Out]) Spec() *Spec { return f.spec }

// Run calls the function with a typed input, as application code would.
func (f *Func[In, Out]) Run(ctx context.Context, in In) (Out, error) {
	return f.fn(ctx, in)
}

// Decode checks raw JSON arguments and decodes them into In, within the
// default [Limits]; see [Func.Prepare].
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
			err = fmt.Errorf("read the arguments of %s: %w", f.spec.ID, &PanicError{Value: p})
		}
		if err != nil {
			*in = *new(In)
		}
	}()
	return readArguments(ctx, args, f.inputSchema(), f.spec.Strict, in)
}

// inputSchema returns the compiled-on-first-use input schema of f.
func (f *Func[In, Out]) inputSchema() *inputSchema {
	if s := f.schema.Load(); s != nil {
		return s
	}
	f.schema.CompareAndSwap(nil, &inputSchema{id: f.spec.ID, raw: f.spec.InputSchema})
	return f.schema.Load()
}

// Prepare implements [Tool]: it takes args through the argument path that
// the package documentation describes (limits from ctx, a strict syntax
// pass, optional nulls of a Strict tool, the input schema, decoding with
// exact names) and decodes them into In. An error about the arguments
// wraps [ErrInvalidArguments]; its message names the path and what was
// expected, never quotes the arguments, and is at most 900 bytes long. An
// input schema that does not compile and a panic below Prepare (a
// [PanicError]) are the tool's own faults and do not wrap it.
func (f *Func[In, Out]) Prepare(ctx context.Context, args json.RawMessage) (Invocation, error) {
	c := &funcCall[In, Out]{f: f}
	if err := f.decodeInto(ctx, args, &c.in); err != nil {
		return nil, err
	}
	return c, nil
}

// Call decodes args, runs the function and encodes its output, as [Call]
// does. It does not check approval.
func (f *Func[In, Out]) Call(ctx context.Context, args json.RawMessage) (Output, error) {
	return Call(ctx, f, args)
}

// funcCall is the [Invocation] of a Func.
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
	data, err := json.Marshal(out)
	if err != nil {
		return Output{}, &ToolError{Kind: KindOutput, Message: "the tool's output could not be encoded as JSON", Err: fmt.Errorf("encode output of %s: %w", c.f.spec.ID, err)}
	}
	return Output{Value: out, JSON: data}, nil
}

// ModelOutput implements [Invocation].
func (c *funcCall[In, Out]) ModelOutput(ctx context.Context, res Output) (ModelOutput, error) {
	h := c.f.hooks
	if h == nil || h.modelOutput == nil {
		return JSONOutput(res.JSON), nil
	}
	out, _ := res.Value.(Out)
	return h.modelOutput(ctx, c.in, out)
}

// Transform implements [Invocation].
func (c *funcCall[In, Out]) Transform(ctx context.Context, target Target, phase Phase, res *Output, err error) (any, bool, error) {
	if c.f.hooks == nil {
		return nil, false, nil
	}
	t, ok := c.f.hooks.transforms[target]
	if !ok {
		return nil, false, nil
	}
	switch phase {
	case PhaseInput:
		if t.Input != nil {
			v, terr := t.Input(ctx, c.in)
			return v, true, terr
		}
	case PhaseApproval:
		if t.Approval != nil {
			v, terr := t.Approval(ctx, c.in)
			return v, true, terr
		}
	case PhaseOutput:
		if t.Output != nil && res != nil {
			out, _ := res.Value.(Out)
			v, terr := t.Output(ctx, c.in, out)
			return v, true, terr
		}
	case PhaseError:
		if t.Error != nil {
			v, terr := t.Error(ctx, c.in, err)
			return v, true, terr
		}
	case PhaseProgress:
		if t.Progress != nil && res != nil {
			p, _ := res.Value.(ProgressReport)
			v, terr := t.Progress(ctx, c.in, p)
			return v, true, terr
		}
	case PhaseSuspend:
		if t.Suspend != nil && res != nil {
			v, terr := t.Suspend(ctx, c.in, res.Value)
			return v, true, terr
		}
	case PhaseResume:
		if t.Resume != nil && res != nil {
			v, terr := t.Resume(ctx, c.in, res.Value)
			return v, true, terr
		}
	case PhaseData:
		if t.Data == nil {
			if !t.any() {
				break // an empty Transforms, as a generated stub returns
			}
			return nil, true, errNoDataTransform
		}
		if res != nil {
			v, terr := t.Data(ctx, c.in, res.Value)
			return v, true, terr
		}
	}
	return nil, false, nil
}

// errNoDataTransform fails the data phase of a target whose transforms
// have no Data function, so that it gets the Placeholder.
var errNoDataTransform = errors.New("the target has transforms but none for emitted data")

var _ Tool = (*Func[struct{}, struct{}])(nil)
