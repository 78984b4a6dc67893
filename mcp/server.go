package mcp

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/url"
	"path"
	"strings"
	"time"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// ServerOptions configure how NewServer and AddTools serve a Toolset. The
// zero value is ready to use.
type ServerOptions struct {
	// SDK is passed to the SDK's NewServer by NewServer; AddTools ignores it.
	SDK *sdk.ServerOptions
	// Limits bounds the arguments of a call; zero fields mean schema's
	// defaults (64 KiB, 64 levels, 1,024 values).
	Limits schema.Limits
	// ToolTimeout bounds each call; 0 means no bound. A call that runs
	// longer is answered with a timeout error; its goroutine is abandoned.
	ToolTimeout time.Duration
	// Approve decides the calls that need approval (their Spec or their
	// Func.WithApproval hook says so). MCP has no approval step of its own:
	// clients confirm calls before they make them. When Approve is nil, such
	// calls are refused with an isError result; set it to a function that
	// returns true to trust the client's confirmation.
	Approve func(ctx context.Context, req toolexec.ApprovalRequest) (bool, error)
	// OnError, if set, is told of every failed call, with the underlying
	// error in its Err, which the client never sees. It must be safe
	// for concurrent use.
	OnError func(ctx context.Context, err *toolexec.Error)
	// Telemetry configures the span and the duration metric of each call:
	// the span continues the trace of the client's request, whose _meta
	// carries it (traceparent, tracestate, baggage), as the conventions
	// for MCP ask, and is both their MCP server span ("tools/call {tool}",
	// SERVER, with mcp.method.name and mcp.session.id) and toolgen's
	// execute_tool span (the same attributes, error.type the failure's
	// Kind, content only when captured, in its displayed form). nil means
	// OpenTelemetry's global providers and propagator; see package
	// telemetry.
	Telemetry *telemetry.Config
}

// NewServer returns an MCP server that serves tools, described by impl.
// Run it with ServeStdio, HTTPHandler or ListenAndServe, or with the SDK's
// own Run and Connect.
func NewServer(impl *sdk.Implementation, tools tool.Toolset, opts *ServerOptions) (*sdk.Server, error) {
	if opts == nil {
		opts = &ServerOptions{}
	}
	s := sdk.NewServer(impl, opts.SDK)
	if err := AddTools(s, tools, opts); err != nil {
		return nil, err
	}
	return s, nil
}

// AddTools adds tools to s, each under its key, replacing tools of the same
// name. It reports an invalid Toolset, or a tool whose input schema is not a
// JSON object of type "object", and then removes the tools it had added.
// opts is copied; nil means the zero ServerOptions.
func AddTools(s *sdk.Server, tools tool.Toolset, opts *ServerOptions) error {
	var o ServerOptions
	if opts != nil {
		o = *opts
	}
	opts = &o
	if err := tools.Validate(); err != nil {
		return fmt.Errorf("serve tools over MCP: %w", err)
	}
	keys := tools.Keys()
	defs := make([]*sdk.Tool, len(keys))
	for i, key := range keys {
		defs[i] = toolDefinition(key, tools[key].Spec())
	}
	for i, key := range keys {
		h := &handler{key: key, tool: tools[key], opts: opts}
		if err := addTool(s, defs[i], h.handle); err != nil {
			s.RemoveTools(keys[:i]...)
			return fmt.Errorf("serve tool %q over MCP: %w", key, err)
		}
	}
	return nil
}

// addTool calls s.AddTool, turning its panic on a bad schema into an error.
func addTool(s *sdk.Server, t *sdk.Tool, h sdk.ToolHandler) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	s.AddTool(t, h)
	return nil
}

// emptyObjectSchema is the input schema of a tool whose Spec has none.
var emptyObjectSchema = json.RawMessage(`{"type":"object"}`)

// toolDefinition is what tools/list says of the tool under key: the
// generated schemas as they are, the title and the annotations.
func toolDefinition(key string, spec *tool.Spec) *sdk.Tool {
	t := &sdk.Tool{
		Name:        key,
		Title:       spec.Title,
		Description: spec.Description,
		InputSchema: spec.InputSchema,
	}
	if len(spec.InputSchema) == 0 {
		t.InputSchema = emptyObjectSchema
	}
	if len(spec.OutputSchema) > 0 {
		t.OutputSchema = spec.OutputSchema
	}
	if a := annotations(spec); a != nil {
		t.Annotations = a
	}
	return t
}

// annotations maps the Spec's title and hints to MCP's, each hint exactly as
// the Spec sets it: true or false, or left out when unset, so that clients
// apply MCP's default (destructiveHint and openWorldHint true). The SDK's
// readOnlyHint and idempotentHint are plain bools that it always writes, so
// an unset ReadOnly or Idempotent goes out as false, which is MCP's default
// for both: the client reads the same meaning. (With
// MCPGODEBUG=hintomitempty=1 the SDK leaves out every false one of the two,
// set or not, again with the same meaning.)
//
// A tool with a title and no hints still gets annotations, holding the
// title: clients of MCP 2025-03-26 read the title only from there.
func annotations(spec *tool.Spec) *sdk.ToolAnnotations {
	a := spec.Annotations
	if a == (tool.Annotations{}) && spec.Title == "" {
		return nil
	}
	return &sdk.ToolAnnotations{
		Title:           spec.Title,
		ReadOnlyHint:    a.ReadOnly != nil && *a.ReadOnly,
		IdempotentHint:  a.Idempotent != nil && *a.Idempotent,
		DestructiveHint: copyHint(a.Destructive),
		OpenWorldHint:   copyHint(a.OpenWorld),
	}
}

// copyHint returns a copy of h, so that the tool definition does not share
// the Spec's variables.
func copyHint(h *bool) *bool {
	if h == nil {
		return nil
	}
	return new(*h)
}

// handler serves tools/call for one tool.
type handler struct {
	key  string
	tool tool.Tool
	opts *ServerOptions
}

func (h *handler) handle(ctx context.Context, req *sdk.CallToolRequest) (res *sdk.CallToolResult, err error) {
	// Tools reach the call's name through tool.CallInfoFrom, as in the
	// agent loop; MCP has no tool call id of its own, and the session and
	// progress token are the request's (RequestFrom). A Func bounds its
	// arguments by the limits of its ctx.
	ctx = toolexec.WithCallInfo(ctx, tool.CallInfo{ToolName: h.key})
	ctx = context.WithValue(ctx, requestKey{}, req)
	ctx = toolexec.WithLimits(ctx, h.opts.Limits)
	ctx, span := h.startSpan(ctx, req)
	ctx = span.In(ctx)
	defer func() {
		// The phases recover their own panics; this is for the rest (an
		// OnError hook, converting the output), so that no call ends the
		// server.
		if p := recover(); p != nil {
			span.End(string(toolexec.KindPanic))
			res, err = errorResult(fmt.Sprintf("tool %q failed unexpectedly (internal error)", h.key)), nil
		}
	}()
	res, terr := h.call(ctx, req, span)
	if terr != nil {
		span.End(string(terr.Kind))
		terr.ToolName = h.key
		if h.opts.OnError != nil {
			h.opts.OnError(ctx, terr)
		}
		return errorResult(terr.Message), nil
	}
	span.End("")
	return res, nil
}

// startSpan continues the trace that the request's _meta carries, and
// starts the call's span in it: a child of the client's span, linked to
// the span the request arrived in (an HTTP server's), if any. It returns
// the ctx of the call, which carries the extracted baggage and the
// server's telemetry configuration.
func (h *handler) startSpan(ctx context.Context, req *sdk.CallToolRequest) (context.Context, *genaitrace.Tool) {
	tel := genaitrace.Resolve(ctx, h.opts.Telemetry)
	ctx = tel.Bind(ctx)
	ambient := trace.SpanContextFromContext(ctx)
	if meta := req.Params.GetMeta(); meta != nil {
		ctx = genaitrace.Propagator(ctx, h.opts.Telemetry).Extract(ctx, metaCarrier(meta))
	}
	if !tel.Tracing() {
		return ctx, tel.StartTool(ctx, genaitrace.ToolInfo{Name: h.key})
	}
	info := &genaitrace.MCPRequest{ProtocolVersion: req.ProtocolVersion(), HTTP: req.Extra != nil && req.Extra.Header != nil}
	if req.Session != nil {
		info.SessionID = req.Session.ID()
	}
	if parent := trace.SpanContextFromContext(ctx); ambient.IsValid() && !parent.Equal(ambient) {
		info.Link = ambient
	}
	return ctx, tel.StartTool(ctx, genaitrace.ToolInfo{Name: h.key, Description: h.tool.Spec().Description, MCP: info})
}

// errorResult is the isError result that tells the client msg.
func errorResult(msg string) *sdk.CallToolResult {
	return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: msg}}}
}

// call runs one call through toolexec's phases and returns its result,
// or the failure the client is told of; span is the call's.
func (h *handler) call(ctx context.Context, req *sdk.CallToolRequest, span *genaitrace.Tool) (*sdk.CallToolResult, *toolexec.Error) {
	args := req.Params.Arguments
	if s := strings.TrimSpace(string(args)); s == "" || s == "null" {
		args = json.RawMessage("{}")
	}
	inv, terr := toolexec.Prepare(ctx, h.key, h.tool, args)
	if span.CapturesContent() {
		span.Arguments(h.shown(ctx, inv, toolexec.PhaseInput, nil, args))
	}
	if terr != nil {
		return nil, terr
	}
	if terr := h.approve(ctx, inv, span); terr != nil {
		return nil, terr
	}
	rctx, stop := toolexec.WithReporter(ctx, h.reporter(ctx, req, inv))
	out, mo, terr := toolexec.Run(rctx, h.key, inv, h.opts.ToolTimeout)
	stop()
	if terr != nil {
		return nil, terr
	}
	if span.CapturesContent() {
		span.Result(h.shown(ctx, inv, toolexec.PhaseOutput, out.Value, out.JSON))
	}
	content, err := toContent(mo)
	if err != nil {
		return nil, &toolexec.Error{Kind: toolexec.KindOutput, Message: "the tool's output could not be converted for the model", Err: err}
	}
	res := &sdk.CallToolResult{Content: content, IsError: mo.Type == llm.OutputErrorText}
	if len(out.JSON) > 0 && string(out.JSON) != "null" {
		res.StructuredContent = out.JSON
	}
	return res, nil
}

// shown is what the display target sees of a payload of a call, for its
// span, as toolexec.Execute records it: the tool's transforms decide, as
// no host policy applies here; arguments that could not be prepared are
// not shown.
func (h *handler) shown(ctx context.Context, inv tool.Invocation, phase toolexec.Phase, v any, raw json.RawMessage) json.RawMessage {
	if inv == nil {
		raw = json.RawMessage("null")
	}
	return toolexec.Present(ctx, toolexec.TransformPolicy{}, h.tool, inv, toolexec.TransformInput{
		Target: tool.TargetDisplay, Phase: phase, ToolName: h.key, Output: v, Raw: raw})
}

// metaCarrier carries the trace context in a request's _meta, under the
// unprefixed keys of W3C Trace Context and Baggage (traceparent,
// tracestate, baggage), as the MCP specification (SEP-414) and the
// OpenTelemetry conventions for MCP have it.
type metaCarrier map[string]any

// Get implements propagation.TextMapCarrier.
func (m metaCarrier) Get(key string) string {
	s, _ := m[key].(string)
	return s
}

// Set implements propagation.TextMapCarrier.
func (m metaCarrier) Set(key, value string) { m[key] = value }

// Keys implements propagation.TextMapCarrier.
func (m metaCarrier) Keys() []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// requestKey is the ctx key of the request a tool serves.
type requestKey struct{}

// RequestFrom returns the MCP request that a tool running under ctx
// serves, when an MCP server made by [NewServer] or [AddTools] runs it:
// its session (and its id), its params and their _meta, which holds the
// progress token a client sent.
func RequestFrom(ctx context.Context) (*sdk.CallToolRequest, bool) {
	req, ok := ctx.Value(requestKey{}).(*sdk.CallToolRequest)
	return req, ok
}

// reporter sends what a running tool reports to the client:
// [tool.Progress] as notifications/progress when the client sent a
// progress token, [tool.Emit] as a log message (notifications/message,
// level info, the tool's name as the logger), which the SDK sends once the
// client has set a log level. Both are shaped by the tool's transforms for
// [tool.TargetDisplay], as in an agent's stream: emitted data whole, and
// of a progress report its message, the only part that is free text (the
// numbers always go). Failures to send are dropped: the call goes on.
func (h *handler) reporter(ctx context.Context, req *sdk.CallToolRequest, inv tool.Invocation) toolexec.Reporter {
	var r toolexec.Reporter
	if req.Session == nil {
		return r
	}
	if token := req.Params.GetProgressToken(); token != nil {
		r.Progress = func(p tool.ProgressReport) {
			_ = req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{ProgressToken: token, Progress: p.Progress, Total: p.Total, Message: h.progressMessage(ctx, inv, p)})
		}
	}
	r.Data = func(v any, raw json.RawMessage) {
		_ = req.Session.Log(ctx, &sdk.LoggingMessageParams{Level: "info", Logger: h.key, Data: h.displayData(ctx, inv, v, raw)})
	}
	return r
}

// displayData is the display form of data a tool emitted, as in an
// agent's stream without a policy ([toolexec.Present]).
func (h *handler) displayData(ctx context.Context, inv tool.Invocation, v any, raw json.RawMessage) json.RawMessage {
	return toolexec.Present(ctx, toolexec.TransformPolicy{}, h.tool, inv, toolexec.TransformInput{
		Target: tool.TargetDisplay, Phase: toolexec.PhaseData, ToolName: h.key, Output: v, Raw: raw})
}

// progressMessage is the message of a progress notification, as in an
// agent's stream without a policy ([toolexec.Present]): the tool's own when
// its transforms do not configure the display, else what its Progress
// transform makes of the report (a string as is, another value as JSON),
// and none when that gives no answer, fails or is missing: the numbers
// then go alone.
func (h *handler) progressMessage(ctx context.Context, inv tool.Invocation, p tool.ProgressReport) string {
	raw, _ := json.Marshal(p) // finite numbers and a string
	shown := toolexec.Present(ctx, toolexec.TransformPolicy{}, h.tool, inv, toolexec.TransformInput{
		Target: tool.TargetDisplay, Phase: toolexec.PhaseProgress, ToolName: h.key, Output: p, Raw: raw})
	var msg string
	switch {
	case bytes.Equal(shown, raw):
		return p.Message
	case string(shown) == toolexec.Placeholder:
		return ""
	case json.Unmarshal(shown, &msg) == nil:
		return msg
	}
	return string(shown)
}

// approve refuses a call that needs approval unless the Approve option
// allows it, and records its decision on span.
func (h *handler) approve(ctx context.Context, inv tool.Invocation, span *genaitrace.Tool) *toolexec.Error {
	needs, err := safeNeedsApproval(ctx, inv)
	if err != nil {
		return &toolexec.Error{Kind: toolexec.KindToolFailed, Message: clip(fmt.Sprintf("the approval check of %q failed: %v", h.key, err)), Err: err}
	}
	if !needs {
		return nil
	}
	if h.opts.Approve == nil {
		return &toolexec.Error{Kind: toolexec.KindDeclined, Message: fmt.Sprintf("the call of %q needs approval, which this server cannot obtain", h.key)}
	}
	ok, err := h.opts.Approve(ctx, toolexec.ApprovalRequest{ToolName: h.key, Spec: h.tool.Spec(), Input: inv.Input()})
	if err != nil {
		return &toolexec.Error{Kind: toolexec.KindToolFailed, Message: clip(fmt.Sprintf("the approval check of %q failed: %v", h.key, err)), Err: err}
	}
	span.Approval(ok)
	if !ok {
		return &toolexec.Error{Kind: toolexec.KindDeclined, Message: fmt.Sprintf("the call of %q was not approved", h.key)}
	}
	return nil
}

func safeNeedsApproval(ctx context.Context, inv tool.Invocation) (needs bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			needs, err = false, fmt.Errorf("panic: %s", clip(fmt.Sprint(p)))
		}
	}()
	return inv.NeedsApproval(ctx)
}

// clip bounds a message that goes to the client to 1 KB, as the agent loop
// bounds its messages to the model.
func clip(s string) string {
	const max = 1024 - len("…")
	if len(s) <= max {
		return s
	}
	i := max
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// toContent is the MCP content of a model output: text as text, JSON as its
// text, content parts as text, image and audio content, resource links for
// media given by URL, and embedded resources for other inline media.
func toContent(mo llm.ModelOutput) ([]sdk.Content, error) {
	switch mo.Type {
	case llm.OutputText, llm.OutputErrorText:
		return []sdk.Content{&sdk.TextContent{Text: mo.Text}}, nil
	case llm.OutputJSON:
		return []sdk.Content{&sdk.TextContent{Text: string(mo.JSON)}}, nil
	case llm.OutputContent:
		out := make([]sdk.Content, 0, len(mo.Parts))
		for i, p := range mo.Parts {
			c, err := partContent(p)
			if err != nil {
				return nil, fmt.Errorf("part %d: %w", i, err)
			}
			out = append(out, c)
		}
		return out, nil
	}
	return nil, fmt.Errorf("model output of unknown type %q", mo.Type)
}

func partContent(p llm.Part) (sdk.Content, error) {
	switch p.Type {
	case llm.PartText:
		return &sdk.TextContent{Text: p.Text}, nil
	case llm.PartImageURL:
		mt := p.MediaType
		if mt == "" {
			mt = mediaTypeOf(p.URL)
		}
		return &sdk.ResourceLink{URI: p.URL, Name: linkName(p), MIMEType: mt}, nil
	case llm.PartMedia:
		if p.Data == nil {
			if p.URL == "" {
				return nil, errors.New("media part with neither data nor URL")
			}
			return &sdk.ResourceLink{URI: p.URL, Name: linkName(p), MIMEType: p.MediaType}, nil
		}
		switch {
		case strings.HasPrefix(p.MediaType, "image/"):
			return &sdk.ImageContent{Data: p.Data, MIMEType: p.MediaType}, nil
		case strings.HasPrefix(p.MediaType, "audio/"):
			return &sdk.AudioContent{Data: p.Data, MIMEType: p.MediaType}, nil
		}
		uri := p.URL
		if uri == "" {
			uri = "data:" + p.MediaType + ";base64," + base64.StdEncoding.EncodeToString(p.Data)
			if p.Filename != "" {
				uri = "file:///" + p.Filename
			}
		}
		return &sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: uri, MIMEType: p.MediaType, Blob: p.Data}}, nil
	}
	return nil, fmt.Errorf("part of type %q cannot be a tool result", p.Type)
}

// mediaTypeOf guesses the media type of the resource at uri from its
// extension, or returns "".
func mediaTypeOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return ""
	}
	t := mime.TypeByExtension(path.Ext(u.Path))
	if mt, _, err := mime.ParseMediaType(t); err == nil {
		return mt
	}
	return ""
}

func linkName(p llm.Part) string {
	if p.Filename != "" {
		return p.Filename
	}
	if i := strings.LastIndexByte(p.URL, '/'); i >= 0 && i+1 < len(p.URL) {
		return p.URL[i+1:]
	}
	return p.URL
}
