package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sync/atomic"

	"github.com/toolgen-go/toolgen/runtime/jsonarg"
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
	decode func(d *jsonarg.Decoder, in *In)
	encode func(dst []byte, out Out) ([]byte, error)
	hooks  *funcHooks[In, Out]
	schema atomic.Pointer[inputSchema] // set on first use of the general path
	outLen atomic.Uint32               // the size of a recent output, to size the next one's buffer
}

// funcHooks are a Func's typed hooks.
type funcHooks[In, Out any] struct {
	approve     func(context.Context, In) (bool, error)
	modelOutput func(context.Context, In, Out) (ModelOutput, error)
	transforms  map[Target]Transforms[In, Out]
}

// NewFunc returns a tool that runs fn, described by spec. The tool keeps
// spec, which must not be modified afterwards: generated code passes a
// package-level Spec that every instance of the tool shares, so that
// building a tool copies no description or schema.
func NewFunc[In, Out any](spec *Spec, fn func(context.Context, In) (Out, error)) *Func[In, Out] {
	return &Func[In, Out]{spec: spec, fn: fn}
}

// WithDecoder sets the decoder toolgen generates for In: it decodes and
// checks the arguments against the input schema in one pass, and gives up
// to the general path on anything it cannot decide the same way (see
// package jsonarg). Hand-written tools have no need of it.
func (f *Func[In, Out]) WithDecoder(fn func(d *jsonarg.Decoder, in *In)) *Func[In, Out] {
	f.decode = fn
	return f
}

// WithEncoder sets the encoder toolgen generates for Out: it appends to dst
// exactly the bytes json.Marshal gives for out, without reflection (see
// package jsonout). Hand-written tools have no need of it.
func (f *Func[In, Out]) WithEncoder(fn func(dst []byte, out Out) ([]byte, error)) *Func[In, Out] {
	f.encode = fn
	return f
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

// Decode validates raw JSON arguments against the input schema (compiled on
// first use) and decodes them into In. Object keys must match field names
// exactly, unknown fields and trailing data are rejected. Errors about the
// arguments wrap [ErrInvalidArguments]; an input schema that does not
// compile is reported without it, as the tool's own fault.
//
// With a generated decoder ([Func.WithDecoder]) the arguments are read once,
// decoded and checked together, and the schema is not compiled; where the
// decoder gives up, the general path decides, so the result is the same
// either way.
func (f *Func[In, Out]) Decode(args json.RawMessage) (In, error) {
	var in In
	err := f.decodeInto(args, &in)
	return in, err
}

// decodeInto is Decode into *in, which is left zero on error.
func (f *Func[In, Out]) decodeInto(args []byte, in *In) error {
	if f.decode != nil {
		d := jsonarg.New(args, f.spec.Strict)
		f.decode(d, in)
		fallback, msg := d.FinishPrefixed(invalidArgumentsPrefix)
		d.Release()
		if !fallback {
			if msg != "" {
				var zero In
				*in = zero
				return &invalidArgumentsError{msg}
			}
			return nil
		}
		var zero In
		*in = zero
	}
	v, err := f.decodeGeneral(args)
	if err == nil {
		*in = v
	}
	return err
}

// invalidArgumentsPrefix starts the message of an error that wraps
// ErrInvalidArguments, as fmt.Errorf("%w: %s", ErrInvalidArguments, …)
// writes it.
var invalidArgumentsPrefix = ErrInvalidArguments.Error() + ": "

// invalidArgumentsError is fmt.Errorf("%w: %s", ErrInvalidArguments, …)
// without fmt: msg is the whole message, prefix included, and it wraps
// ErrInvalidArguments.
type invalidArgumentsError struct{ msg string }

func (e *invalidArgumentsError) Error() string { return e.msg }
func (e *invalidArgumentsError) Unwrap() error { return ErrInvalidArguments }

// decodeGeneral is Decode without a generated decoder: parse, validate
// with the compiled schema, check key case, decode with encoding/json.
func (f *Func[In, Out]) decodeGeneral(args json.RawMessage) (In, error) {
	var in In
	sch, err := f.inputSchema().get(f.spec.ID, f.spec.InputSchema)
	if err != nil {
		return in, err
	}
	v, err := parseArguments(args)
	if err != nil {
		return in, err
	}
	if f.spec.Strict && dropOptionalNulls(v, sch) {
		if args, err = json.Marshal(v); err != nil {
			return in, fmt.Errorf("%w: %v", ErrInvalidArguments, err)
		}
	}
	if err := validateValue(sch, v); err != nil {
		return in, err
	}
	if err := checkKeys(v, reflect.TypeFor[In](), ""); err != nil {
		return in, err
	}
	if err := decodeStrict(args, &in); err != nil {
		return in, err
	}
	return in, nil
}

// inputSchema returns the compiled-on-first-use input schema of f.
func (f *Func[In, Out]) inputSchema() *inputSchema {
	if s := f.schema.Load(); s != nil {
		return s
	}
	f.schema.CompareAndSwap(nil, new(inputSchema))
	return f.schema.Load()
}

// outputHint is the buffer size to encode an output into: a recent
// output's size, so that most encodings allocate once.
func (f *Func[In, Out]) outputHint() int {
	return max(int(f.outLen.Load()), 64)
}

// sawOutput records the size of an output when the hint was too small or
// far too large for it.
func (f *Func[In, Out]) sawOutput(n int) {
	if h := f.outputHint(); n > h || n < h/4 {
		f.outLen.Store(uint32(min(n, 1<<20)))
	}
}

// Prepare implements [Tool].
func (f *Func[In, Out]) Prepare(ctx context.Context, args json.RawMessage) (Invocation, error) {
	c := &funcCall[In, Out]{f: f}
	if err := f.decodeInto(args, &c.in); err != nil {
		return nil, err
	}
	return c, nil
}

// Call decodes args, runs the function and encodes its output, bounding
// args by the default [Limits]. It does not check approval.
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
	var data []byte
	if c.f.encode != nil {
		data, err = c.f.encode(make([]byte, 0, c.f.outputHint()), out)
		c.f.sawOutput(len(data))
	} else {
		data, err = json.Marshal(out)
	}
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
	}
	return nil, false, nil
}

var _ Tool = (*Func[struct{}, struct{}])(nil)
