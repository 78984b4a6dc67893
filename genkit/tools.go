package genkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"time"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/core"
	"github.com/firebase/genkit/go/core/api"
	"github.com/firebase/genkit/go/core/tracing"
	"github.com/firebase/genkit/go/genkit"

	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// Options are the options of [NewTools] and [DefineTools]. A nil *Options
// is the zero value: calls that need approval interrupt the run, and no
// call has a timeout.
type Options struct {
	// Approve, when set, decides on a call that needs approval while the
	// call waits, instead of interrupting the run (a policy, or a prompt on
	// a terminal). A restarted call is decided by its restart ([Approve],
	// [Decline]) even so. An error from Approve ends the Generate: it is
	// the application's, not the model's.
	Approve func(ctx context.Context, req toolexec.ApprovalRequest) (bool, error)
	// Timeout bounds each call when positive: a call that runs longer is
	// abandoned and the model is told so.
	Timeout time.Duration
}

// Tool is a tool of a toolgen tool set as Genkit calls it. It implements
// ai.Tool, and api.Action, the form Genkit's registry and generate loop
// look tools up in: the action runs the call through [toolexec.Execute]
// instead of Genkit's input validation and decoding.
type Tool struct {
	key   string
	set   tool.Toolset
	exec  *toolexec.ExecuteOptions
	desc  api.ActionDesc
	span  tracing.SpanMetadata
	input map[string]any
	// output is the output schema, nil when the tool has none.
	output map[string]any
}

// Tool is what Genkit's generate loop and registry need.
var (
	_ ai.Tool    = (*Tool)(nil)
	_ api.Action = (*Tool)(nil)
)

// NewTools returns the tools of set as Genkit tools, sorted by key, without
// registering them: pass them to a Generate with ai.WithTools([Refs](tools)...),
// which registers them for that call. Each tool's name is its key in set,
// and its schemas are its Spec's. An invalid key, a nil tool or a schema
// that is not a JSON object is an error.
func NewTools(set tool.Toolset, opts *Options) ([]ai.Tool, error) {
	return newTools(set, opts, true)
}

// DefineTools registers the tools of set with g, as genkit.DefineTool
// does, and returns them sorted by key; see [NewTools]. A key that names a
// tool g already has is an error, and then no tool is registered.
func DefineTools(g *genkit.Genkit, set tool.Toolset, opts *Options) ([]ai.Tool, error) {
	tools, err := newTools(set, opts, false)
	if err != nil {
		return nil, err
	}
	for _, t := range tools {
		if genkit.LookupTool(g, t.Name()) != nil {
			return nil, fmt.Errorf("define tool %q: Genkit already has a tool of that name", t.Name())
		}
	}
	for _, t := range tools {
		genkit.RegisterAction(g, t)
	}
	return tools, nil
}

// Refs returns tools as the references ai.WithTools takes.
func Refs(tools []ai.Tool) []ai.ToolRef {
	refs := make([]ai.ToolRef, len(tools))
	for i, t := range tools {
		refs[i] = t
	}
	return refs
}

// newTools makes the tools of set; dynamic marks them as ai.NewTool marks
// the tools that are registered for one Generate only.
func newTools(set tool.Toolset, opts *Options, dynamic bool) ([]ai.Tool, error) {
	if err := set.Validate(); err != nil {
		return nil, fmt.Errorf("make Genkit tools: %w", err)
	}
	if opts == nil {
		opts = &Options{}
	}
	set = maps.Clone(set)
	exec := &toolexec.ExecuteOptions{Approve: newApprover(opts.Approve).approve, Timeout: opts.Timeout}
	tools := make([]ai.Tool, 0, len(set))
	for _, key := range set.Keys() {
		t, err := newTool(key, set, exec, dynamic)
		if err != nil {
			return nil, fmt.Errorf("make Genkit tool %q: %w", key, err)
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// newTool makes the tool key of set.
func newTool(key string, set tool.Toolset, exec *toolexec.ExecuteOptions, dynamic bool) (*Tool, error) {
	spec := set[key].Spec()
	if spec == nil {
		return nil, errors.New("the tool has no Spec")
	}
	input, err := schemaMap(spec.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("decode its input schema: %w", err)
	}
	output, err := schemaMap(spec.OutputSchema)
	if err != nil {
		return nil, fmt.Errorf("decode its output schema: %w", err)
	}
	// The metadata Genkit's own tools carry: ToolDef.Definition reads the
	// output schema from originalOutputSchema, and LookupTool reads
	// tool.multipart.
	meta := map[string]any{
		"type":        api.ActionTypeToolV2,
		"name":        key,
		"description": spec.Description,
		"tool":        map[string]any{"multipart": false},
	}
	if output != nil {
		meta["originalOutputSchema"] = output
	}
	if dynamic {
		meta["dynamic"] = true
	}
	return &Tool{
		key:  key,
		set:  set,
		exec: exec,
		desc: api.ActionDesc{
			Type:        api.ActionTypeToolV2,
			Key:         api.KeyFromName(api.ActionTypeToolV2, key),
			Name:        key,
			Description: spec.Description,
			InputSchema: input,
			Metadata:    meta,
		},
		span:   tracing.SpanMetadata{Name: key, Type: "action", Subtype: string(api.ActionTypeToolV2)},
		input:  input,
		output: output,
	}, nil
}

// schemaMap decodes a JSON Schema into the map Genkit holds schemas in;
// nil when there is none.
func schemaMap(schema json.RawMessage) (map[string]any, error) {
	if len(schema) == 0 {
		return nil, nil
	}
	var m map[string]any
	if err := json.Unmarshal(schema, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, fmt.Errorf("the schema is null, not an object")
	}
	return m, nil
}

// Name returns the tool's key in its set, the name the model calls it by.
func (t *Tool) Name() string { return t.key }

// Definition returns the tool as a model request carries it: its name,
// description, and the input and output schemas of its Spec.
func (t *Tool) Definition() *ai.ToolDefinition {
	return &ai.ToolDefinition{
		Name:         t.key,
		Description:  t.desc.Description,
		InputSchema:  t.input,
		OutputSchema: t.output,
		Metadata:     map[string]any{"multipart": false},
	}
}

// Desc describes the tool as an action of Genkit's registry, whose
// Definition Genkit's generate loop sends to the model.
func (t *Tool) Desc() api.ActionDesc { return t.desc }

// Register registers the tool with r under the keys Genkit's own tools
// have, so that Genkit finds it by name.
func (t *Tool) Register(r api.Registry) {
	r.RegisterAction(t.desc.Key, t)
	r.RegisterAction(api.KeyFromName(api.ActionTypeTool, t.key), t)
}

// RunJSON runs one call with the arguments input and returns the
// ai.MultipartToolResponse the model reads, as JSON; see
// [Tool.RunJSONWithTelemetry].
func (t *Tool) RunJSON(ctx context.Context, input json.RawMessage, cb func(context.Context, json.RawMessage) error) (json.RawMessage, error) {
	res, err := t.RunJSONWithTelemetry(ctx, input, cb)
	if err != nil {
		return nil, err
	}
	return res.Result, nil
}

// RunJSONWithTelemetry runs one call with the arguments input, in a trace
// span as Genkit's actions do, and returns the ai.MultipartToolResponse the
// model reads, as JSON. A failed call is such a response, {"output":
// {"error": message}}; the error is set only for an interrupt (the call
// needs approval) and for a failure that is the application's (its
// Options.Approve failed, ctx ended). Nothing is streamed to cb.
func (t *Tool) RunJSONWithTelemetry(ctx context.Context, input json.RawMessage, _ func(context.Context, json.RawMessage) error) (*api.ActionRunResult[json.RawMessage], error) {
	span := t.span
	if flow := core.FlowNameFromContext(ctx); flow != "" {
		span.Metadata = map[string]string{"flow:name": flow}
	}
	var info tracing.TraceInfo
	out, err := tracing.RunInNewSpan(ctx, &span, input, func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
		info = tracing.SpanTraceInfo(ctx)
		resp, err := t.call(ctx, args)
		if err != nil {
			return nil, err
		}
		return json.Marshal(resp)
	})
	if err != nil {
		return nil, err
	}
	return &api.ActionRunResult[json.RawMessage]{Result: out, TraceId: info.TraceID, SpanId: info.SpanID}, nil
}

// RunRaw runs one call with the arguments input (a value that encodes as
// a JSON object) and returns its output as Genkit's loop does: decoded from
// JSON, so a JSON output is a map. See [Tool.RunRawMultipart].
func (t *Tool) RunRaw(ctx context.Context, input any) (any, error) {
	resp, err := t.RunRawMultipart(ctx, input)
	if err != nil {
		return nil, err
	}
	return resp.Output, nil
}

// RunRawMultipart runs one call with the arguments input (a value that
// encodes as a JSON object) and returns the response the model reads, as
// Genkit's loop gets it from a tool it looked up: through [Tool.RunJSON].
func (t *Tool) RunRawMultipart(ctx context.Context, input any) (*ai.MultipartToolResponse, error) {
	args, err := json.Marshal(input)
	if err != nil {
		return nil, fmt.Errorf("encode the arguments of tool %q: %w", t.key, err)
	}
	out, err := t.RunJSON(ctx, args, nil)
	if err != nil {
		return nil, fmt.Errorf("call tool %q: %w", t.key, err)
	}
	var resp ai.MultipartToolResponse
	if err := json.Unmarshal(out, &resp); err != nil {
		return nil, fmt.Errorf("decode the response of tool %q: %w", t.key, err)
	}
	return &resp, nil
}
