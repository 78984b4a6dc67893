package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// A generated Toolset served over MCP, and used through the client side as
// an Agent would, connected in memory.
func Example() {
	ctx := context.Background()
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "weather", Version: "v1"}, weather.Tools(), nil)
	if err != nil {
		log.Fatal(err)
	}
	serverEnd, clientEnd := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, serverEnd, nil) // mcp.ServeStdio(ctx, srv) in a real server
	if err != nil {
		log.Fatal(err)
	}
	defer ss.Close()

	remote, err := mcp.Connect(ctx, clientEnd, &mcp.ClientOptions{Prefix: "wx_"})
	if err != nil {
		log.Fatal(err)
	}
	defer remote.Close()
	for _, key := range remote.Tools().Keys() {
		spec := remote.Tools()[key].Spec()
		fmt.Printf("%s %q %v\n", key, spec.Title, spec.Annotations)
	}
	out, err := tool.Call(ctx, remote.Tools()["wx_weatherTool"], json.RawMessage(`{"location":"Tokyo"}`))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(out.JSON)) // the structured content: the tool's whole output
	_, err = tool.Call(ctx, remote.Tools()["wx_weatherTool"], json.RawMessage(`{"location":"Atlantis"}`))
	var te *toolexec.Error // the remote tool's failure, as its server said it
	if errors.As(err, &te) {
		fmt.Println(te.Message)
	}
	// Output:
	// wx_forecastTool "Daily forecast" readOnly=true idempotent=true openWorld=false
	// wx_hazardsTool "Weather warnings" readOnly=true idempotent=false openWorld=false
	// wx_locationsTool "" readOnly=true idempotent=true openWorld=false
	// wx_weatherTool "Current weather" readOnly=true idempotent=true openWorld=false
	// {"conditions":"Humid and hazy","feelsLike":33.1,"humidity":74,"icon":"https://example.com/icons/haze.png","location":"Tokyo","stationId":"RJTT-03","temperature":29.6,"units":"celsius","windGust":12.9,"windSpeed":6.1}
	// tool "weatherTool" failed: location "Atlantis" not found; known locations: London, New York, Paris, Tokyo
}

// A generated Toolset served over streamable HTTP until ctx ends; here a
// client connects once the server is ready, lists the tools and ends it.
func ExampleListenAndServe() {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "weather", Version: "v1"}, weather.Tools(), nil)
	if err != nil {
		log.Fatal(err)
	}
	ready := func(addr net.Addr) {
		go func() {
			defer stop()
			c, err := mcp.ConnectHTTP(ctx, "http://"+addr.String(), nil)
			if err != nil {
				fmt.Println(err)
				return
			}
			defer c.Close()
			fmt.Println(c.Tools().Keys())
		}()
	}
	// ":8080" in a real server; port 0 picks a free one.
	if err := mcp.ListenAndServe(ctx, "127.0.0.1:0", srv, nil, ready); err != nil {
		log.Fatal(err)
	}
	// Output:
	// [forecastTool hazardsTool locationsTool weatherTool]
}
