package bench_test

import (
	"context"
	"encoding/json"
	"testing"

	einotool "github.com/cloudwego/eino/components/tool"
	mark3server "github.com/mark3labs/mcp-go/server"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/bench/internal/peers"
	"github.com/toolgen-go/toolgen/bench/pod"
	"github.com/toolgen-go/toolgen/bench/tools100"
	"github.com/toolgen-go/toolgen/bench/tools100/peers100"
	"github.com/toolgen-go/toolgen/bench/weather"
	"github.com/toolgen-go/toolgen/tool"
)

// sink keeps results alive so that the compiler cannot drop the work.
var sink any

// listed is one entry of a tool listing.
type listed = peers.Listed

// listToolgen and listEino list a library's tools, in its own order;
// BenchmarkStartupSorted adds the sort by key that a deterministic request
// needs.
var (
	listToolgen = peers.ListToolgen
	listEino    = peers.ListEino
)

// listToolgenSorted is listToolgen in key order.
func listToolgenSorted(ts tool.Toolset) []listed {
	out := make([]listed, 0, len(ts))
	for _, k := range ts.Keys() {
		s := ts[k].Spec()
		out = append(out, listed{Name: k, Desc: s.Description, Schema: &s.InputSchema})
	}
	return out
}

// listMCPGo lists the tools of an mcp-go server.
func listMCPGo(s *mark3server.MCPServer) []listed {
	m := s.ListTools()
	out := make([]listed, 0, len(m))
	for name, t := range m {
		out = append(out, listed{Name: name, Desc: t.Tool.Description, Schema: t.Tool.RawInputSchema})
	}
	return out
}

func sdkWeather() *sdkmcp.Server {
	s := peers.NewGoSDKServer()
	peers.AddGoSDK(s, weather.Name, weather.Description, weather.GetWeather)
	return s
}
func sdk100() *sdkmcp.Server {
	s := peers.NewGoSDKServer()
	peers100.AddGoSDK(s)
	return s
}
func sdkPod() *sdkmcp.Server {
	s := peers.NewGoSDKServer()
	peers.AddGoSDK(s, pod.Name, pod.Description, pod.CreatePod)
	return s
}

func mcpGoWeather(validate bool) *mark3server.MCPServer {
	s := peers.NewMCPGoServer(validate)
	peers.AddMCPGo(s, weather.Name, weather.Description, weather.GetWeather)
	return s
}
func mcpGo100(validate bool) *mark3server.MCPServer {
	s := peers.NewMCPGoServer(validate)
	peers100.AddMCPGo(s)
	return s
}
func mcpGoPod(validate bool) *mark3server.MCPServer {
	s := peers.NewMCPGoServer(validate)
	peers.AddMCPGo(s, pod.Name, pod.Description, pod.CreatePod)
	return s
}

// lib is one library's way to start and to call one einotool.
type lib struct {
	name string
	// validates says whether the library checks arguments against the
	// input schema before the call, as it ships.
	validates bool
	// start makes the tools ready to list.
	start func() any
	// dispatcher starts the library and returns its call of the tool
	// named name.
	dispatcher func(tb testing.TB, name string) func(ctx context.Context, args json.RawMessage) peers.Result
}

// case_ is one tool, started by each library.
type case_ struct {
	toolgenKey string
	toolgen    func() tool.Toolset
	eino       func() []einotool.InvokableTool
	sdk        func() *sdkmcp.Server
	mcpGo      func(validate bool) *mark3server.MCPServer
}

func (c case_) libs() []lib {
	return []lib{
		{"toolgen", true, func() any { return listToolgen(c.toolgen()) },
			func(tb testing.TB, name string) func(context.Context, json.RawMessage) peers.Result {
				t := c.toolgen()[name]
				return func(ctx context.Context, args json.RawMessage) peers.Result { return peers.Toolgen(ctx, t, args) }
			}},
		{"eino", false, func() any { return listEino(context.Background(), c.eino()) },
			func(tb testing.TB, name string) func(context.Context, json.RawMessage) peers.Result {
				for _, t := range c.eino() {
					if info, _ := t.Info(context.Background()); info.Name == name {
						return func(ctx context.Context, args json.RawMessage) peers.Result { return peers.Eino(ctx, t, args) }
					}
				}
				tb.Fatalf("eino: no tool %s", name)
				return nil
			}},
		{"go-sdk", true, func() any { return c.sdk() },
			func(tb testing.TB, name string) func(context.Context, json.RawMessage) peers.Result {
				d, err := peers.NewGoSDKDispatcher(context.Background(), c.sdk())
				if err != nil {
					tb.Fatal(err)
				}
				tb.Cleanup(d.Close)
				return func(ctx context.Context, args json.RawMessage) peers.Result { return d.Call(ctx, name, args) }
			}},
		{"mcp-go", false, func() any { return listMCPGo(c.mcpGo(false)) },
			func(tb testing.TB, name string) func(context.Context, json.RawMessage) peers.Result {
				s := c.mcpGo(false)
				return func(ctx context.Context, args json.RawMessage) peers.Result { return peers.MCPGo(ctx, s, name, args) }
			}},
		{"mcp-go+validation", true, func() any { return listMCPGo(c.mcpGo(true)) },
			func(tb testing.TB, name string) func(context.Context, json.RawMessage) peers.Result {
				s := c.mcpGo(true)
				return func(ctx context.Context, args json.RawMessage) peers.Result { return peers.MCPGo(ctx, s, name, args) }
			}},
	}
}

var (
	weatherCase = case_{
		toolgenKey: weather.Name,
		toolgen:    weather.Tools,
		eino: func() []einotool.InvokableTool {
			return []einotool.InvokableTool{peers.EinoTool(weather.Name, weather.Description, weather.GetWeather)}
		},
		sdk:   sdkWeather,
		mcpGo: mcpGoWeather,
	}
	tools100Case = case_{
		toolgenKey: "tool-42",
		toolgen:    tools100.Tools,
		eino:       peers100.Eino,
		sdk:        sdk100,
		mcpGo:      mcpGo100,
	}
	podCase = case_{
		toolgenKey: pod.Name,
		toolgen:    pod.Tools,
		eino: func() []einotool.InvokableTool {
			return []einotool.InvokableTool{peers.EinoTool(pod.Name, pod.Description, pod.CreatePod)}
		},
		sdk:   sdkPod,
		mcpGo: mcpGoPod,
	}
)

// newSDKLister counts the tools an official-SDK server lists to a client.
func newSDKLister(ctx context.Context, s *sdkmcp.Server) (int, error) {
	st, ct := sdkmcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		return 0, err
	}
	defer ss.Close()
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return 0, err
	}
	defer cs.Close()
	n := 0
	for _, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return 0, err
		}
		n++
	}
	return n, nil
}

// schemaBytes is the size of the input schemas a library lists, as JSON.
func schemaBytes(tb testing.TB, l lib) int {
	ctx := context.Background()
	v := l.start()
	n := 0
	switch v := v.(type) {
	case []listed:
		for _, e := range v {
			data, err := json.Marshal(e.Schema)
			if err != nil {
				tb.Fatal(err)
			}
			n += len(data)
		}
	case *sdkmcp.Server:
		st, ct := sdkmcp.NewInMemoryTransports()
		ss, err := v.Connect(ctx, st, nil)
		if err != nil {
			tb.Fatal(err)
		}
		defer ss.Close()
		cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			tb.Fatal(err)
		}
		defer cs.Close()
		for t, err := range cs.Tools(ctx, nil) {
			if err != nil {
				tb.Fatal(err)
			}
			data, _ := json.Marshal(t.InputSchema)
			n += len(data)
		}
	default:
		tb.Fatalf("unknown listing %T", v)
	}
	return n
}
