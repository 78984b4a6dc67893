package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os/exec"
	"reflect"
	"strconv"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/internal/genaitrace"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/telemetry"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// ClientOptions configure Connect. The zero value is ready to use.
type ClientOptions struct {
	// Implementation names the client to the server; by default
	// {Name: "toolgen", Version: "v0"}.
	Implementation *sdk.Implementation
	// SDK is passed to the SDK's NewClient. Connect sends a progress token
	// with every tools/call and passes the server's progress on the call to
	// its ctx ([tool.Progress]), so that it reaches an agent's stream;
	// SDK.ProgressNotificationHandler gets the other progress notifications.
	// The SDK handles notifications apart from responses: progress that it
	// gets to after the call has returned is dropped.
	SDK *sdk.ClientOptions
	// Prefix is put before every tool's name to make its key, such as
	// "github_", so that the tools of several servers, and generated ones,
	// do not collide in a Toolset.
	Prefix string
	// Filter, if set, keeps only the server's tools for which it returns
	// true.
	Filter func(t *sdk.Tool) bool
	// NeedsApproval, if set, marks the server's tools whose calls need
	// approval in the agent loop (Spec.NeedsApproval), for example those
	// that are not read-only.
	NeedsApproval func(t *sdk.Tool) bool
	// HTTPClient is the client ConnectHTTP uses; http.DefaultClient if nil.
	HTTPClient *http.Client
	// Logger is told of the server's tools that the Client leaves out
	// because it cannot call them (see Connect), one warning each. If nil,
	// SDK.Logger is used when set, else slog.Default().
	Logger *slog.Logger
	// Telemetry gives the propagator with which each tools/call carries
	// the trace context of its ctx (the execute_tool span of the agent's
	// call) in its _meta, for the server to continue the trace; nil means
	// the configuration of the run that the call belongs to, else
	// OpenTelemetry's global propagator. The call's execute_tool span, if
	// toolgen's loop or toolexec.Execute made one, gets the attributes of
	// the conventions for MCP (mcp.method.name, mcp.session.id,
	// mcp.protocol.version); the Client makes no span of its own.
	Telemetry *telemetry.Config
}

// logger is the logger that Connect writes its notes to.
func (o *ClientOptions) logger() *slog.Logger {
	switch {
	case o.Logger != nil:
		return o.Logger
	case o.SDK != nil && o.SDK.Logger != nil:
		return o.SDK.Logger
	}
	return slog.Default()
}

// Client is a connection to an MCP server and the server's tools, as
// listed when it connected.
type Client struct {
	session *sdk.ClientSession
	tools   tool.Toolset

	mu   sync.Mutex
	stop func() bool // stops the AfterFunc of Connect's ctx

	once sync.Once
	err  error
}

// Connect connects to the MCP server at the other end of t and lists its
// tools. The connection closes when ctx ends or Close is called, whichever
// comes first: pass the context of the agent's runs, not a dialling timeout.
//
// A tool's key is opts.Prefix followed by its name, with characters that
// tool.ValidKey rejects replaced by '_' and cut to 64 bytes; its Spec.ID
// is the server's name for it. Two tools with the same key are an error.
//
// A tool whose definition says execution.taskSupport "required" (MCP
// 2025-11-25) must be called as a task, which the Client does not do: it is
// left out of the Toolset, with a warning to opts.Logger that names it.
// Tools whose taskSupport is "optional" or "forbidden", or that have none,
// are kept, and called without a task.
//
// A tool's annotations are carried into its Spec as the server sends them:
// a hint set to true or false is new(true) or new(false), an absent one nil.
// The SDK's Tool cannot tell an absent readOnlyHint or idempotentHint from
// false, nor holds execution, so Connect reads the tools/list results off
// the connection as well (the SDK's transports, and any transport whose
// connection is not one of the SDK's types). When it cannot, it keeps every
// tool, and takes a readOnlyHint or idempotentHint of false for an absent
// one, with the same meaning (MCP's default for both is false). A server on
// the SDK writes both hints always, so a Spec served by this package's
// NewServer comes back with false where it left them unset.
func Connect(ctx context.Context, t sdk.Transport, opts *ClientOptions) (*Client, error) {
	if opts == nil {
		opts = &ClientOptions{}
	}
	impl := opts.Implementation
	if impl == nil {
		impl = &sdk.Implementation{Name: "toolgen", Version: "v0"}
	}
	progress := &progressRouter{calls: map[string]context.Context{}}
	var sdkOpts sdk.ClientOptions
	if opts.SDK != nil {
		sdkOpts = *opts.SDK
	}
	own := sdkOpts.ProgressNotificationHandler
	sdkOpts.ProgressNotificationHandler = func(ctx context.Context, req *sdk.ProgressNotificationClientRequest) {
		if !progress.deliver(req.Params) && own != nil {
			own(ctx, req)
		}
	}
	tap := newToolsTap()
	cs, err := sdk.NewClient(impl, &sdkOpts).Connect(ctx, tapTransport(t, tap), nil)
	if err != nil {
		return nil, fmt.Errorf("connect to MCP server: %w", err)
	}
	tools, err := listTools(ctx, cs, tap, progress, opts)
	tap.stop()
	if err != nil {
		cs.Close()
		return nil, err
	}
	c := &Client{session: cs, tools: tools}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stop = context.AfterFunc(ctx, func() { c.Close() })
	return c, nil
}

// ConnectCommand starts cmd and connects to the MCP server it runs over its
// standard input and output; see Connect. Close ends the command.
func ConnectCommand(ctx context.Context, cmd *exec.Cmd, opts *ClientOptions) (*Client, error) {
	return Connect(ctx, &sdk.CommandTransport{Command: cmd}, opts)
}

// ConnectHTTP connects to the MCP server at url over streamable HTTP; see
// Connect.
func ConnectHTTP(ctx context.Context, url string, opts *ClientOptions) (*Client, error) {
	var hc *http.Client
	if opts != nil {
		hc = opts.HTTPClient
	}
	return Connect(ctx, &sdk.StreamableClientTransport{Endpoint: url, HTTPClient: hc}, opts)
}

// Tools returns the server's tools, by key. The map is the Client's own;
// use it as it is or tool.Merge it with other Toolsets.
func (c *Client) Tools() tool.Toolset { return c.tools }

// Session returns the SDK session, for what the Toolset does not cover
// (resources, prompts, a fresh tools/list).
func (c *Client) Session() *sdk.ClientSession { return c.session }

// Close waits for the calls in flight to return, then closes the connection
// (for a command, ends it: stdin is closed, then SIGTERM after five
// seconds). Closing twice returns the first result.
func (c *Client) Close() error {
	c.once.Do(func() {
		c.mu.Lock()
		stop := c.stop
		c.mu.Unlock()
		if stop != nil {
			stop()
		}
		c.err = c.session.Close()
	})
	return c.err
}

// Wait waits until the server ends the connection or it is closed.
func (c *Client) Wait() error { return c.session.Wait() }

// listTools lists the server's tools as a Toolset, with what tap read of
// their definitions.
func listTools(ctx context.Context, cs *sdk.ClientSession, tap *toolsTap, progress *progressRouter, opts *ClientOptions) (tool.Toolset, error) {
	tools := tool.Toolset{}
	for t, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, fmt.Errorf("list tools of MCP server: %w", err)
		}
		if opts.Filter != nil && !opts.Filter(t) {
			continue
		}
		raw, tapped := tap.lookup(t.Name)
		if raw.taskRequired() {
			opts.logger().Warn("MCP client leaves out a tool that must be called as a task "+
				`(execution.taskSupport "required"), which it does not support`, "tool", t.Name)
			continue
		}
		key := toolKey(opts.Prefix + t.Name)
		if _, dup := tools[key]; dup {
			return nil, fmt.Errorf("list tools of MCP server: two tools have the key %q", key)
		}
		var def *rawTool
		if tapped {
			def = &raw
		}
		rt, err := newRemoteTool(cs, progress, t, def, opts)
		if err != nil {
			return nil, fmt.Errorf("list tools of MCP server: tool %q: %w", t.Name, err)
		}
		tools[key] = rt
	}
	return tools, nil
}

// toolKey makes name a valid Toolset key.
func toolKey(name string) string {
	if tool.ValidKey(name) {
		return name
	}
	b := []byte(name)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			b[i] = '_'
		}
	}
	if len(b) > 64 {
		b = b[:64]
	}
	if len(b) == 0 {
		return "_"
	}
	return string(b)
}

// remoteTool is a tool of an MCP server: a tool.Tool whose Spec comes
// from tools/list and whose calls are tools/call requests.
type remoteTool struct {
	session   *sdk.ClientSession
	progress  *progressRouter
	telemetry *telemetry.Config
	name      string
	spec      tool.Spec
	// args validates and decodes the arguments with the argument path's rules and
	// messages, against the server's input schema (or any object, when that
	// schema does not compile here).
	args *tool.Func[json.RawMessage, struct{}]
}

// newRemoteTool makes the tool t of the server; raw is what the tap read of
// its definition, nil if nothing.
func newRemoteTool(cs *sdk.ClientSession, progress *progressRouter, t *sdk.Tool, raw *rawTool, opts *ClientOptions) (*remoteTool, error) {
	in, err := rawSchema(t.InputSchema)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	out, err := rawSchema(t.OutputSchema)
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	spec := tool.Spec{
		ID:           t.Name,
		Title:        t.Title,
		Description:  t.Description,
		InputSchema:  in,
		OutputSchema: out,
		Annotations:  remoteAnnotations(t, raw),
	}
	if spec.Title == "" && t.Annotations != nil {
		spec.Title = t.Annotations.Title
	}
	if opts.NeedsApproval != nil {
		spec.NeedsApproval = opts.NeedsApproval(t)
	}
	decode := func(context.Context, json.RawMessage) (struct{}, error) { return struct{}{}, nil }
	args := tool.NewFunc(&tool.Spec{ID: t.Name, InputSchema: in}, decode)
	if _, err := args.Decode(json.RawMessage("{}")); err != nil && !errors.Is(err, schema.ErrInvalidArguments) {
		// The schema does not compile here (a remote $ref, an unknown
		// draft): leave its checking to the server.
		args = tool.NewFunc(&tool.Spec{ID: t.Name, InputSchema: emptyObjectSchema}, decode)
	}
	return &remoteTool{session: cs, progress: progress, telemetry: opts.Telemetry, name: t.Name, spec: spec, args: args}, nil
}

// remoteAnnotations are the hints of the server's tool t: those of raw, its
// definition as the server sent it, if the tap read it, else those of t.
func remoteAnnotations(t *sdk.Tool, raw *rawTool) tool.Annotations {
	if raw != nil {
		h := raw.Annotations
		if h == nil {
			return tool.Annotations{}
		}
		return tool.Annotations{ReadOnly: h.ReadOnly, Destructive: h.Destructive, Idempotent: h.Idempotent, OpenWorld: h.OpenWorld}
	}
	a := t.Annotations
	if a == nil {
		return tool.Annotations{}
	}
	return tool.Annotations{
		ReadOnly:    trueOrUnset(a.ReadOnlyHint),
		Destructive: copyHint(a.DestructiveHint),
		Idempotent:  trueOrUnset(a.IdempotentHint),
		OpenWorld:   copyHint(a.OpenWorldHint),
	}
}

// trueOrUnset is the hint that a plain bool of the SDK's ToolAnnotations
// stands for: true, or else unset, as false and absent look the same there.
func trueOrUnset(b bool) *bool {
	if b {
		return new(true)
	}
	return nil
}

// rawSchema is the JSON of a schema as the SDK client decoded it.
func rawSchema(v any) (json.RawMessage, error) {
	if v == nil {
		return nil, nil
	}
	if r, ok := v.(json.RawMessage); ok {
		return r, nil
	}
	return json.Marshal(v)
}

// progressRouter passes the server's progress notifications for the calls
// in flight to the reporters of their ctx ([tool.Progress]), so that a
// remote tool's progress reaches an agent's stream as a local tool's does.
type progressRouter struct {
	mu    sync.Mutex
	next  uint64
	calls map[string]context.Context
}

// register returns the progress token of a call made with ctx, and the
// function that ends its delivery.
func (r *progressRouter) register(ctx context.Context) (string, func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.next++
	token := fmt.Sprintf("toolgen-%d", r.next)
	r.calls[token] = ctx
	return token, func() {
		r.mu.Lock()
		delete(r.calls, token)
		r.mu.Unlock()
	}
}

// deliver reports p to the call whose token it carries, and reports
// whether the token is one of the router's, even of a call that has
// returned (whose late progress is dropped).
func (r *progressRouter) deliver(p *sdk.ProgressNotificationParams) bool {
	token, _ := p.ProgressToken.(string)
	n, err := strconv.ParseUint(strings.TrimPrefix(token, "toolgen-"), 10, 64)
	r.mu.Lock()
	ctx, running := r.calls[token]
	ours := strings.HasPrefix(token, "toolgen-") && err == nil && n >= 1 && n <= r.next
	r.mu.Unlock()
	if running {
		tool.Progress(ctx, p.Progress, p.Total, p.Message)
	}
	return ours
}

// Spec implements tool.Tool.
func (t *remoteTool) Spec() *tool.Spec { return &t.spec }

// Prepare implements tool.Tool: it checks args against the server's
// input schema, so that the model is told of a mistake with the argument path's
// messages before anything is sent.
func (t *remoteTool) Prepare(ctx context.Context, args json.RawMessage) (tool.Invocation, error) {
	inv, err := t.args.Prepare(ctx, args)
	if err != nil {
		return nil, err
	}
	return &remoteCall{t: t, args: inv.Input().(json.RawMessage)}, nil
}

// remoteCall is one call of a remoteTool.
type remoteCall struct {
	t    *remoteTool
	args json.RawMessage
}

// Input implements tool.Invocation: the arguments, as JSON.
func (c *remoteCall) Input() any { return c.args }

// NeedsApproval implements tool.Invocation.
func (c *remoteCall) NeedsApproval(context.Context) (bool, error) {
	return c.t.spec.NeedsApproval, nil
}

// Run implements tool.Invocation. The Output's Value is the
// *sdk.CallToolResult; its JSON is the structured content, or else the
// content list. An isError result is a *toolexec.Error whose Message is
// the server's text.
func (c *remoteCall) Run(ctx context.Context) (tool.Output, error) {
	params := &sdk.CallToolParams{Name: c.t.name, Arguments: c.args}
	token, done := c.t.progress.register(ctx)
	defer done()
	params.SetProgressToken(token)
	c.t.trace(ctx, params)
	res, err := c.t.session.CallTool(ctx, params)
	if err != nil {
		return tool.Output{}, fmt.Errorf("MCP tools/call: %w", err)
	}
	if res.IsError {
		msg := contentText(res.Content)
		if msg == "" {
			msg = fmt.Sprintf("tool %q failed with no message", c.t.name)
		}
		return tool.Output{}, &toolexec.Error{Kind: toolexec.KindToolFailed, Message: clip(msg), Err: fmt.Errorf("MCP tool %q returned an error: %s", c.t.name, clip(msg))}
	}
	data, err := outputJSON(res)
	if err != nil {
		return tool.Output{}, &toolexec.Error{Kind: toolexec.KindOutput, Message: "the tool's output could not be encoded as JSON", Err: err}
	}
	return tool.Output{Value: res, JSON: data}, nil
}

// trace puts the trace context of ctx in the _meta of params, a call
// of t, and adds the call's MCP attributes to its execute_tool span.
func (t *remoteTool) trace(ctx context.Context, params *sdk.CallToolParams) {
	genaitrace.Propagator(ctx, t.telemetry).Inject(ctx, metaCarrier(params.GetMeta()))
	req := genaitrace.MCPRequest{SessionID: t.session.ID()}
	if res := t.session.InitializeResult(); res != nil {
		req.ProtocolVersion = res.ProtocolVersion
	}
	genaitrace.MCPClientCall(ctx, req)
}

// ModelOutput implements tool.Invocation: the result's content as the
// model's view, with JSON kept as JSON when the content is the text of the
// structured content.
func (c *remoteCall) ModelOutput(ctx context.Context, out tool.Output) (llm.ModelOutput, error) {
	res, ok := out.Value.(*sdk.CallToolResult)
	if !ok {
		return llm.JSONOutput(out.JSON), nil
	}
	if len(res.Content) == 0 {
		if res.StructuredContent != nil {
			return llm.JSONOutput(out.JSON), nil
		}
		return llm.TextOutput(""), nil
	}
	if len(res.Content) == 1 {
		if tc, ok := res.Content[0].(*sdk.TextContent); ok {
			if res.StructuredContent != nil && sameJSON(tc.Text, out.JSON) {
				return llm.JSONOutput(out.JSON), nil
			}
			return llm.TextOutput(tc.Text), nil
		}
	}
	parts := make([]llm.Part, 0, len(res.Content))
	for _, ct := range res.Content {
		parts = append(parts, contentPart(ct))
	}
	return llm.ContentOutput(parts...), nil
}

// Transform implements tool.Invocation: a remote tool has no transforms
// of its own.
func (c *remoteCall) Transform(context.Context, tool.Target, toolexec.Phase, *tool.Output, error) (any, bool, error) {
	return nil, false, nil
}

// outputJSON is the JSON of a result: its structured content, in the
// server's own key order when the content is its text (the SDK decodes
// structured content into maps, which lose the order), or else its content
// list.
func outputJSON(res *sdk.CallToolResult) (json.RawMessage, error) {
	if res.StructuredContent == nil {
		content := res.Content
		if content == nil {
			content = []sdk.Content{}
		}
		return json.Marshal(content)
	}
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return nil, err
	}
	if len(res.Content) == 1 {
		if tc, ok := res.Content[0].(*sdk.TextContent); ok && sameJSON(tc.Text, data) {
			var buf bytes.Buffer
			if json.Compact(&buf, []byte(tc.Text)) == nil {
				return buf.Bytes(), nil
			}
		}
	}
	return data, nil
}

// sameJSON reports whether text is the JSON value data, whatever the order
// of object keys.
func sameJSON(text string, data json.RawMessage) bool {
	var a, b any
	if json.Unmarshal([]byte(text), &a) != nil || json.Unmarshal(data, &b) != nil {
		return false
	}
	return reflect.DeepEqual(a, b)
}

// contentText joins the text of the content's text parts.
func contentText(content []sdk.Content) string {
	var texts []string
	for _, c := range content {
		if tc, ok := c.(*sdk.TextContent); ok {
			texts = append(texts, tc.Text)
		}
	}
	return strings.Join(texts, "\n")
}

// contentPart is the llm form of one MCP content item.
func contentPart(c sdk.Content) llm.Part {
	switch c := c.(type) {
	case *sdk.TextContent:
		return llm.TextPart(c.Text)
	case *sdk.ImageContent:
		return llm.MediaPart(c.MIMEType, c.Data)
	case *sdk.AudioContent:
		return llm.MediaPart(c.MIMEType, c.Data)
	case *sdk.ResourceLink:
		mt := c.MIMEType
		if mt == "" {
			mt = mediaTypeOf(c.URI)
		}
		if strings.HasPrefix(mt, "image/") {
			p := llm.ImageURLPart(c.URI)
			p.MediaType = mt
			return p
		}
		return llm.Part{Type: llm.PartMedia, URL: c.URI, MediaType: mt, Filename: c.Name}
	case *sdk.EmbeddedResource:
		if r := c.Resource; r != nil {
			if r.Blob != nil {
				return llm.MediaPart(r.MIMEType, r.Blob)
			}
			return llm.TextPart(r.Text)
		}
	}
	data, _ := json.Marshal(c)
	return llm.TextPart(string(data))
}
