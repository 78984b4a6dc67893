package eino

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	einotool "github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"

	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// Options are the options of [Tools], [ToolsConfig] and
// [UnknownToolsHandler]. A nil *Options is the zero value: failures are
// results the model reads, approval interrupts the run, no timeout.
type Options struct {
	// Approve decides at once on a call that needs approval, instead of
	// interrupting Eino's run: for a host that can ask someone while the
	// call waits, or that has a policy. An error from it ends Eino's run.
	Approve func(ctx context.Context, req toolexec.ApprovalRequest) (bool, error)
	// Timeout bounds each call when positive.
	Timeout time.Duration
	// FailRun makes a failed call (invalid arguments, the tool's error, a
	// panic, a declined approval, an unknown tool) return a
	// *toolexec.Error from InvokableRun, which ends Eino's graph run,
	// instead of the message as the tool's result.
	FailRun bool
}

// Tools turns each tool of set into an Eino tool named by its key, in key
// order. Each implements [einotool.InvokableTool]. The input schemas are
// the ones toolgen generated; an error names the key of a tool whose key is
// invalid or whose schema Eino cannot carry.
func Tools(set tool.Toolset, opts *Options) ([]einotool.BaseTool, error) {
	if err := set.Validate(); err != nil {
		return nil, fmt.Errorf("eino tools: %w", err)
	}
	opts = copyOf(opts)
	out := make([]einotool.BaseTool, 0, len(set))
	for _, key := range set.Keys() {
		spec := set[key].Spec()
		params, err := paramsOf(spec.InputSchema)
		if err != nil {
			return nil, fmt.Errorf("eino tools: tool %q: %w", key, err)
		}
		out = append(out, &invokable{
			key:  key,
			set:  set,
			opts: opts,
			info: &schema.ToolInfo{Name: key, Desc: spec.Description, ParamsOneOf: params},
		})
	}
	return out, nil
}

// ToolsConfig returns the configuration of an Eino ToolsNode (and of the
// ReAct agent's) that runs set: its [Tools], and an UnknownToolsHandler
// ([UnknownToolsHandler]) so that a call of a tool the set does not hold is
// a result the model reads rather than the end of the run.
func ToolsConfig(set tool.Toolset, opts *Options) (compose.ToolsNodeConfig, error) {
	tools, err := Tools(set, opts)
	if err != nil {
		return compose.ToolsNodeConfig{}, err
	}
	return compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: UnknownToolsHandler(set, opts)}, nil
}

// UnknownToolsHandler returns a handler for ToolsNodeConfig.UnknownToolsHandler:
// it tells the model that the tool it called does not exist and which keys
// of set do. Without one, Eino's ToolsNode ends the run on such a call.
func UnknownToolsHandler(set tool.Toolset, opts *Options) func(ctx context.Context, name, input string) (string, error) {
	opts = copyOf(opts)
	return func(ctx context.Context, name, input string) (string, error) {
		return run(ctx, set, name, input, opts)
	}
}

// copyOf returns a copy of opts, the zero Options for nil, so that a
// change to the caller's Options does not reach tools already made.
func copyOf(opts *Options) *Options {
	if opts == nil {
		return &Options{}
	}
	c := *opts
	return &c
}

// invokable is one tool of a set as an Eino InvokableTool.
type invokable struct {
	key  string
	set  tool.Toolset
	opts *Options
	info *schema.ToolInfo
}

// Info returns the tool's name, description and generated input schema.
func (t *invokable) Info(context.Context) (*schema.ToolInfo, error) { return t.info, nil }

// InvokableRun runs one call through toolexec.Execute and returns what the
// model is to read: the output's JSON, the text of a ToModelOutput hook, or
// the message of a failure.
func (t *invokable) InvokableRun(ctx context.Context, argumentsInJSON string, _ ...einotool.Option) (string, error) {
	return run(ctx, t.set, t.key, argumentsInJSON, t.opts)
}

// run executes the call of key with args, from Eino's ToolsNode.
func run(ctx context.Context, set tool.Toolset, key, args string, opts *Options) (string, error) {
	call := toolexec.ToolCall{ID: compose.GetToolCallID(ctx), Name: key, Arguments: json.RawMessage(args)}
	var interrupt error
	exec := toolexec.ExecuteOptions{Approve: opts.Approve, Timeout: opts.Timeout}
	if exec.Approve == nil {
		exec.Approve = func(ctx context.Context, req toolexec.ApprovalRequest) (bool, error) {
			ok, signal, err := decide(ctx, req)
			if signal != nil {
				interrupt = signal
				return false, signal
			}
			return ok, err
		}
	}
	o, err := toolexec.Execute(ctx, set, call, &exec)
	if interrupt != nil {
		// Eino's ToolsNode must see its own signal to checkpoint the run.
		return "", interrupt
	}
	if err != nil {
		return "", fmt.Errorf("run tool %s: %w", key, err)
	}
	if o.Err != nil && opts.FailRun {
		return "", o.Err
	}
	return o.Model.String(), nil
}
