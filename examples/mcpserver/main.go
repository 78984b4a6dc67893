// Command mcpserver serves toolgen's weather tools over the Model Context
// Protocol: over standard input and output by default, as MCP clients such
// as Claude Desktop and VS Code start local servers, or over streamable HTTP
// with -http ADDR.
//
// The tools are plain Go functions in package
// github.com/toolgen-go/toolgen/examples/mcpserver/weather, marked //tool:;
// their JSON Schemas, titles and annotations were computed by toolgen at
// generate time (weather/tools_gen.go), so start-up reflects nothing.
//
// Usage:
//
//	mcpserver               serve over stdio
//	mcpserver -http :8080   serve over streamable HTTP at http://localhost:8080/
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/examples/mcpserver/weather"
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
	return mcp.NewServer(
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
}
