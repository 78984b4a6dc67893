package main

import (
	"context"
	"encoding/json"
	"io"
	"regexp"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/mcp"
)

func TestServerInMemory(t *testing.T) {
	srv, err := newServer(io.Discard)
	require.NoError(t, err)
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(context.Background(), st, nil)
	require.NoError(t, err)
	defer ss.Close()
	c, err := mcp.Connect(context.Background(), ct, nil)
	require.NoError(t, err)
	defer c.Close()
	assert.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, c.Tools().Keys())
	out, err := runtime.Call(context.Background(), c.Tools()["weatherTool"], json.RawMessage(`{"location":"Paris"}`))
	require.NoError(t, err)
	assert.Contains(t, string(out.JSON), `"conditions":"Partly cloudy"`)
}

// logWriter passes what run logs to a channel.
type logWriter chan string

func (w logWriter) Write(p []byte) (int, error) { w <- string(p); return len(p), nil }

func TestRunHTTP(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	logs := make(logWriter, 10)
	done := make(chan error, 1)
	go func() { done <- run(ctx, "127.0.0.1:0", logs) }()
	var url string
	select {
	case line := <-logs:
		url = regexp.MustCompile(`http://\S+`).FindString(line)
		require.NotEmpty(t, url, "log line %q", line)
	case err := <-done:
		t.Fatalf("run: %v", err)
	}
	c, err := mcp.ConnectHTTP(ctx, url, nil)
	require.NoError(t, err)
	_, err = runtime.Call(ctx, c.Tools()["hazardsTool"], json.RawMessage(`{"location":"Atlantis"}`))
	var te *runtime.ToolError
	require.ErrorAs(t, err, &te)
	assert.Contains(t, te.Message, "known locations: London, New York, Paris, Tokyo")
	require.NoError(t, c.Close())
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after ctx ended")
	}
}
