// Command mcpserver serves toolgen's weather tools over the Model Context
// Protocol: over standard input and output by default, as MCP clients such
// as Claude Desktop and VS Code start local servers, or over streamable HTTP
// with -http ADDR.
//
// The tools are the weather example's: plain Go functions in package
// github.com/toolgen-go/toolgen/examples/weather/weather, marked //tool:;
// their JSON Schemas, titles and annotations were computed by toolgen at
// generate time (examples/weather/weather/tools_gen.go), so start-up
// reflects nothing. The weather tool's model-output hook makes the content
// of its results: a short text and a link to the condition icon. Their
// structured content is the tool's output without the internal station id,
// which the server keeps from its clients (see internalFields).
//
// Usage:
//
//	mcpserver               serve over stdio
//	mcpserver -http :8080   serve over streamable HTTP at http://localhost:8080/
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"slices"
	"syscall"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/schema"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("mcpserver: ")
	httpAddr := flag.String("http", "", "serve streamable HTTP at this address instead of stdio")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: mcpserver [-http ADDR]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *httpAddr, os.Stderr); err != nil {
		log.Fatal(err)
	}
}

// run serves the weather tools until ctx ends or, over stdio, the client
// disconnects. Diagnostics go to logw: over stdio, stdout is the protocol's.
func run(ctx context.Context, httpAddr string, logw io.Writer) error {
	srv, err := newServer(logw)
	if err != nil {
		return err
	}
	if httpAddr == "" {
		return mcp.ServeStdio(ctx, srv)
	}
	return mcp.ListenAndServe(ctx, httpAddr, srv, nil, func(a net.Addr) {
		fmt.Fprintf(logw, "mcpserver: serving MCP at http://%s/\n", a)
	})
}

// newServer is the MCP server of the weather tools. Failed calls are logged
// with their underlying error, which the client is not shown.
func newServer(logw io.Writer) (*sdk.Server, error) {
	logger := slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv, err := mcp.NewServer(
		&sdk.Implementation{Name: "toolgen-weather", Title: "Weather (toolgen example)", Version: "v0.1.0"},
		weather.Tools(),
		&mcp.ServerOptions{
			SDK: &sdk.ServerOptions{Logger: logger, Instructions: "Weather tools on offline data: current weather, warnings and the known locations."},
			OnError: func(ctx context.Context, err *toolexec.Error) {
				if !errors.Is(err, schema.ErrInvalidArguments) {
					logger.Warn("tool call failed", "tool", err.ToolName, "kind", err.Kind, "error", err.Err)
				}
			},
		},
	)
	if err != nil {
		return nil, err
	}
	srv.AddReceivingMiddleware(withholdInternalFields)
	return srv, nil
}

// internalFields are, by tool, the properties of its output that the server
// keeps from its clients. weatherTool's stationId is the internal id of the
// reporting station: the weather package gives it to the application (this
// server) and keeps it from the model and the display, but an MCP server
// sends a tool's whole output as the result's structured content, which a
// client's host may show to its user or give to its model (some give the
// model the structured content rather than the content).
var internalFields = map[string][]string{"weatherTool": {"stationId"}}

// withholdInternalFields is the middleware that keeps internalFields from
// the clients: tools/list lists the output schemas without them, and
// tools/call results carry structured content without them, so that what
// the client gets still matches what it was listed.
func withholdInternalFields(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil {
			return res, err
		}
		switch r := res.(type) {
		case *sdk.ListToolsResult:
			for i, t := range r.Tools {
				if fields := internalFields[t.Name]; fields != nil && t.OutputSchema != nil {
					listed := *t // t is the server's own, shared by every listing
					if listed.OutputSchema, err = withoutProperties(t.OutputSchema, fields); err != nil {
						return nil, fmt.Errorf("output schema of %s: %w", t.Name, err)
					}
					r.Tools[i] = &listed
				}
			}
		case *sdk.CallToolResult:
			call, _ := req.(*sdk.CallToolRequest)
			if call == nil || r.StructuredContent == nil {
				break
			}
			if fields := internalFields[call.Params.Name]; fields != nil {
				if r.StructuredContent, err = withoutFields(r.StructuredContent, fields); err != nil {
					return nil, fmt.Errorf("structured content of %s: %w", call.Params.Name, err)
				}
			}
		}
		return res, nil
	}
}

// withoutProperties returns the object schema s without the properties
// named fields, which its required list no longer names either.
func withoutProperties(s any, fields []string) (json.RawMessage, error) {
	var sch map[string]any
	if err := remarshal(s, &sch); err != nil {
		return nil, err
	}
	props, _ := sch["properties"].(map[string]any)
	for _, f := range fields {
		delete(props, f)
	}
	if required, ok := sch["required"].([]any); ok {
		sch["required"] = slices.DeleteFunc(required, func(r any) bool { name, _ := r.(string); return slices.Contains(fields, name) })
	}
	return json.Marshal(sch)
}

// withoutFields returns the JSON object v without the members named fields.
func withoutFields(v any, fields []string) (json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := remarshal(v, &obj); err != nil {
		return nil, err
	}
	for _, f := range fields {
		delete(obj, f)
	}
	return json.Marshal(obj)
}

// remarshal decodes the JSON of v into dst.
func remarshal(v, dst any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, dst)
}
