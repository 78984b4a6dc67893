package tool

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/toolgen-go/toolgen/internal/callctx"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
)

// Spec is the static description of a tool: everything a model, an MCP
// client or a manifest needs to know about it without calling it. toolgen
// computes a Spec at generate time.
type Spec struct {
	// ID identifies the tool (the <id> of its //tool: directive). It is not
	// the name the model sees: that is the tool's key in a [Toolset].
	ID string
	// Title is a short human-readable name, if any.
	Title string
	// Description tells the model what the tool does.
	Description string
	// InputSchema is the JSON Schema (2020-12) of the tool's arguments; its
	// root is always an object.
	InputSchema json.RawMessage
	// OutputSchema is the JSON Schema of the tool's output.
	OutputSchema json.RawMessage
	// SuspendSchema and ResumeSchema are the JSON Schemas of the payload a
	// call suspends with ([Suspend]) and of the data it resumes with
	// ([ResumeData]), for a tool that can suspend ([WithSuspend]); empty
	// for the others.
	SuspendSchema json.RawMessage
	ResumeSchema  json.RawMessage
	// NeedsApproval reports whether every call needs approval before it runs.
	NeedsApproval bool
	// Strict asks providers that support it to constrain the model's
	// arguments to the input schema exactly (OpenAI structured outputs).
	Strict bool
	// Background makes the agent loop run every call in the background:
	// the model gets a task handle at once and the result at a later step
	// (see [Func.WithBackground]).
	Background bool
	// Annotations are hints for clients, as MCP defines them.
	Annotations Annotations
}

// Annotations are behavioural hints about a tool, with the meaning MCP gives
// them. They are hints for clients, never guarantees.
//
// Each hint is true, false or unset (nil), as in a tool's directive: the
// option alone or name=true, name=false, or no option. An unset hint is left
// out of what an MCP server lists, and a client applies MCP's default to it,
// given with each field; so false and unset differ for Destructive and
// OpenWorld, whose defaults are true. toolgen writes the hints as
// new(true) and new(false):
//
//	Annotations: tool.Annotations{ReadOnly: new(true), OpenWorld: new(false)}
type Annotations struct {
	// ReadOnly: the tool does not modify its environment. Unset means MCP's
	// default, false.
	ReadOnly *bool
	// Destructive: the tool may perform destructive updates to its
	// environment; false: it performs only additive updates. MCP reads it
	// only when the tool is not read-only. Unset means MCP's default, true.
	Destructive *bool
	// Idempotent: calling the tool again with the same arguments has no
	// additional effect on its environment. MCP reads it only when the tool
	// is not read-only. Unset means MCP's default, false.
	Idempotent *bool
	// OpenWorld: the tool interacts with an open world of external entities,
	// as a web search does; false: its domain is closed, as a memory's or
	// offline data's is. Unset means MCP's default, true.
	OpenWorld *bool
}

// String lists the hints that are set, in MCP's names, such as
// "readOnly=true openWorld=false"; "" when none is.
func (a Annotations) String() string {
	var b []byte
	for _, h := range []struct {
		name string
		v    *bool
	}{{"readOnly", a.ReadOnly}, {"destructive", a.Destructive}, {"idempotent", a.Idempotent}, {"openWorld", a.OpenWorld}} {
		if h.v == nil {
			continue
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, h.name...)
		b = append(b, '=')
		b = strconv.AppendBool(b, *h.v)
	}
	return string(b)
}

// Tool is a tool that an agent loop, an MCP server or an application can
// call with raw JSON arguments. A call goes through phases, so that the loop
// can ask for approval with the typed input in hand and shape what each
// audience sees:
//
//	Prepare (validate, decode) → NeedsApproval → Run → ModelOutput
//
// [Func] implements Tool for a typed Go function; most tools are Funcs.
type Tool interface {
	// Spec describes the tool. The returned value must not be modified.
	Spec() *Spec
	// Prepare checks args and decodes them (see [Func.Prepare] for the
	// checks of the typed adapter), bounding them by the limits of ctx
	// (toolexec.WithLimits, [schema.CheckLimits]). An error that wraps
	// [schema.ErrInvalidArguments] means the arguments were at fault; its message
	// is fit for the model (the path and what was expected), never quotes
	// the arguments, and is at most 900 bytes long.
	Prepare(ctx context.Context, args json.RawMessage) (Invocation, error)
}

// Invocation is one call of a [Tool] with decoded, valid arguments.
type Invocation interface {
	// Input returns the decoded input (the In of a [Func]).
	Input() any
	// NeedsApproval reports whether this call must be approved before it
	// runs: because the tool's Spec says so, or because a function of the
	// typed input does.
	NeedsApproval(ctx context.Context) (bool, error)
	// Run runs the tool.
	Run(ctx context.Context) (Output, error)
	// ModelOutput turns the result of Run into what the model sees. Without
	// a hook it is the output's JSON.
	ModelOutput(ctx context.Context, out Output) (llm.ModelOutput, error)
}

// Output is the outcome of a successful tool call.
type Output struct {
	// Value is the tool's typed output (the Out of a [Func]), for the
	// application. It is never sent anywhere as is.
	Value any
	// JSON is Value encoded as JSON.
	JSON json.RawMessage
}

// Call checks args against the argument limits of ctx (the defaults, unless
// a host set others), prepares and runs t, as an application would outside
// an agent loop. Approval is not checked, and nothing is shaped for a
// model: hosts that need that, and the failures classified, use
// [github.com/toolgen-go/toolgen/tool/toolexec].
//
// Every error names the tool by its Spec's ID, since Call is given no key:
// "call ID: …". One about the arguments wraps [schema.ErrInvalidArguments].
// A panic in t is returned as an error. The [CallInfo] of ctx is not used:
// it may belong to an enclosing call (a tool that calls another with its
// own ctx).
func Call(ctx context.Context, t Tool, args json.RawMessage) (out Output, err error) {
	if t == nil {
		return Output{}, errors.New("call: nil tool")
	}
	id := t.Spec().ID
	defer func() {
		if p := recover(); p != nil {
			out, err = Output{}, &callctx.PanicError{Value: p}
		}
		if err != nil {
			err = fmt.Errorf("call %s: %w", id, err)
		}
	}()
	if err := schema.CheckLimits(args, limitsFrom(ctx)); err != nil {
		return Output{}, err
	}
	inv, err := t.Prepare(ctx, args)
	if err != nil {
		return Output{}, err
	}
	return inv.Run(ctx)
}

// Toolset maps a tool's key, the name the model is given and that every event
// carries, to the tool.
type Toolset map[string]Tool

var keyPattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// ValidKey reports whether key can name a tool: 1 to 64 ASCII letters,
// digits, '_' or '-', the rule every major provider enforces.
func ValidKey(key string) bool { return keyPattern.MatchString(key) }

// Keys returns the keys of s, sorted.
func (s Toolset) Keys() []string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Validate reports the first key of s that is not a [ValidKey] or whose tool
// is nil, in key order.
func (s Toolset) Validate() error {
	for _, k := range s.Keys() {
		if !ValidKey(k) {
			return fmt.Errorf("tool key %q: must match %s", k, keyPattern)
		}
		if s[k] == nil {
			return fmt.Errorf("tool key %q: nil tool", k)
		}
	}
	return nil
}

// Merge returns a new Toolset holding the tools of every set. A key present
// in more than one set is an error: a silent overwrite would hide a tool from
// the model.
func Merge(sets ...Toolset) (Toolset, error) {
	out := Toolset{}
	for _, s := range sets {
		for _, k := range s.Keys() {
			if _, dup := out[k]; dup {
				return nil, fmt.Errorf("tool key %q is defined twice", k)
			}
			out[k] = s[k]
		}
	}
	return out, nil
}
