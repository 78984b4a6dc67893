// Package peers registers and calls a typed Go function through each
// library the benchmarks compare toolgen with (genkit, which cannot share a
// module with toolgen, has its own in bench/genkit), in the way each library's
// documentation shows, and turns every call into the text a model would be
// given as the tool result.
package peers

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	einotool "github.com/cloudwego/eino/components/tool"
	einoutils "github.com/cloudwego/eino/components/tool/utils"
	mark3mcp "github.com/mark3labs/mcp-go/mcp"
	mark3server "github.com/mark3labs/mcp-go/server"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool"
)

// Fn is the shape of every benchmarked tool function.
type Fn[In, Out any] = func(context.Context, In) (Out, error)

// Result is what a model is given for one call: the text of the tool result
// and whether it is an error result.
type Result struct {
	Text    string
	IsError bool
}

// Toolgen runs t as tool.Call does (limits, Prepare with schema
// validation and strict decoding, Run) and returns its model output.
func Toolgen(ctx context.Context, t tool.Tool, args json.RawMessage) Result {
	if err := schema.CheckLimits(args, schema.Limits{}); err != nil {
		return Result{err.Error(), true}
	}
	inv, err := t.Prepare(ctx, args)
	if err != nil {
		return Result{err.Error(), true}
	}
	out, err := inv.Run(ctx)
	if err != nil {
		return Result{err.Error(), true}
	}
	mo, err := inv.ModelOutput(ctx, out)
	if err != nil {
		return Result{err.Error(), true}
	}
	return Result{mo.String(), mo.Type == llm.OutputErrorText}
}

// EinoTool is eino's utils.InferTool.
func EinoTool[In, Out any](name, desc string, fn Fn[In, Out]) einotool.InvokableTool {
	t, err := einoutils.InferTool(name, desc, fn)
	if err != nil {
		panic(fmt.Sprintf("eino InferTool %s: %v", name, err))
	}
	return t
}

// Eino calls t as eino's ToolsNode does.
func Eino(ctx context.Context, t einotool.InvokableTool, args json.RawMessage) Result {
	out, err := t.InvokableRun(ctx, string(args))
	if err != nil {
		return Result{err.Error(), true}
	}
	return Result{out, false}
}

// AddGoSDK is the official SDK's mcp.AddTool.
func AddGoSDK[In, Out any](s *sdkmcp.Server, name, desc string, fn Fn[In, Out]) {
	sdkmcp.AddTool(s, &sdkmcp.Tool{Name: name, Description: desc},
		func(ctx context.Context, _ *sdkmcp.CallToolRequest, in In) (*sdkmcp.CallToolResult, Out, error) {
			out, err := fn(ctx, in)
			return nil, out, err
		})
}

// NewGoSDKServer returns an official-SDK server with no tools.
func NewGoSDKServer() *sdkmcp.Server {
	return sdkmcp.NewServer(&sdkmcp.Implementation{Name: "bench", Version: "v0.0.1"}, nil)
}

// GoSDKDispatcher calls the tools of an official-SDK server in process:
// the server's own tools/call method handler (tool lookup, input validation,
// decoding, the typed handler, output encoding and validation), without the
// transport and JSON-RPC framing, which no other library here pays.
type GoSDKDispatcher struct {
	next    sdkmcp.MethodHandler
	session *sdkmcp.ServerSession
	close   func()
}

// NewGoSDKDispatcher connects a client to s over an in-memory transport once,
// to get a live server session and the server's method handler.
func NewGoSDKDispatcher(ctx context.Context, s *sdkmcp.Server) (*GoSDKDispatcher, error) {
	d := &GoSDKDispatcher{}
	s.AddReceivingMiddleware(func(next sdkmcp.MethodHandler) sdkmcp.MethodHandler {
		d.next = next
		return func(ctx context.Context, method string, req sdkmcp.Request) (sdkmcp.Result, error) {
			if ss, ok := req.GetSession().(*sdkmcp.ServerSession); ok && d.session == nil {
				d.session = ss
			}
			return next(ctx, method, req)
		}
	})
	st, ct := sdkmcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return nil, fmt.Errorf("connect server: %w", err)
	}
	c := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "bench-client", Version: "v0.0.1"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	if err != nil {
		return nil, fmt.Errorf("connect client: %w", err)
	}
	if _, err := cs.ListTools(ctx, nil); err != nil {
		return nil, fmt.Errorf("list tools: %w", err)
	}
	if d.session == nil {
		d.session = ss
	}
	d.close = func() { cs.Close(); ss.Close() }
	return d, nil
}

// Close ends the sessions.
func (d *GoSDKDispatcher) Close() { d.close() }

// Call calls the tool name with args.
func (d *GoSDKDispatcher) Call(ctx context.Context, name string, args json.RawMessage) Result {
	req := &sdkmcp.CallToolRequest{Session: d.session, Params: &sdkmcp.CallToolParamsRaw{Name: name, Arguments: args}}
	res, err := d.next(ctx, "tools/call", req)
	if err != nil {
		return Result{err.Error(), true}
	}
	r := res.(*sdkmcp.CallToolResult)
	return Result{sdkText(r.Content), r.IsError}
}

func sdkText(cs []sdkmcp.Content) string {
	var b strings.Builder
	for _, c := range cs {
		if t, ok := c.(*sdkmcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// NewMCPGoServer returns an mcp-go server with no tools; validate turns on
// its opt-in input validation.
func NewMCPGoServer(validate bool) *mark3server.MCPServer {
	var opts []mark3server.ServerOption
	if validate {
		opts = append(opts, mark3server.WithInputSchemaValidation())
	}
	return mark3server.NewMCPServer("bench", "v0.0.1", opts...)
}

// AddMCPGo is mcp-go's typed handler with structured output, the schemas
// inferred from In and Out.
func AddMCPGo[In, Out any](s *mark3server.MCPServer, name, desc string, fn Fn[In, Out]) {
	s.AddTool(mark3mcp.NewTool(name, mark3mcp.WithDescription(desc),
		mark3mcp.WithInputSchema[In](), mark3mcp.WithOutputSchema[Out]()),
		mark3mcp.NewStructuredToolHandler(func(ctx context.Context, _ mark3mcp.CallToolRequest, in In) (Out, error) {
			return fn(ctx, in)
		}))
}

// MCPGo sends a tools/call message to s in process (HandleMessage: no
// transport, the JSON-RPC envelope parsed).
func MCPGo(ctx context.Context, s *mark3server.MCPServer, name string, args json.RawMessage) Result {
	msg := make([]byte, 0, len(args)+96)
	msg = append(msg, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":`...)
	msg = appendJSONString(msg, name)
	msg = append(msg, `,"arguments":`...)
	msg = append(msg, args...)
	msg = append(msg, `}}`...)
	switch r := s.HandleMessage(ctx, msg).(type) {
	case mark3mcp.JSONRPCResponse:
		return mcpGoResult(r.Result)
	case *mark3mcp.JSONRPCResponse:
		return mcpGoResult(r.Result)
	case mark3mcp.JSONRPCError:
		return Result{r.Error.Message, true}
	case *mark3mcp.JSONRPCError:
		return Result{r.Error.Message, true}
	default:
		return Result{fmt.Sprintf("unexpected response %T", r), true}
	}
}

func mcpGoResult(v any) Result {
	var r *mark3mcp.CallToolResult
	switch x := v.(type) {
	case *mark3mcp.CallToolResult:
		r = x
	case mark3mcp.CallToolResult:
		r = &x
	default:
		return Result{fmt.Sprintf("unexpected result %T", v), true}
	}
	var b strings.Builder
	for _, c := range r.Content {
		switch t := c.(type) {
		case mark3mcp.TextContent:
			b.WriteString(t.Text)
		case *mark3mcp.TextContent:
			b.WriteString(t.Text)
		}
	}
	return Result{b.String(), r.IsError}
}

func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}
