package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/tool/toolexec"
)

// TestMain runs the command itself, instead of the tests, in the
// subprocesses of TestStdioSubprocess.
func TestMain(m *testing.M) {
	if os.Getenv("TOOLGEN_MCPSERVER_RUN_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// inMemory serves newServer's server on one end of an in-memory connection
// until the test ends, and returns the client's end.
func inMemory(t *testing.T) sdk.Transport {
	t.Helper()
	srv, err := newServer(io.Discard)
	require.NoError(t, err)
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(context.Background(), st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	return ct
}

func TestServerInMemory(t *testing.T) {
	c, err := mcp.Connect(context.Background(), inMemory(t), nil)
	require.NoError(t, err)
	defer c.Close()
	assert.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, c.Tools().Keys())
	out, err := tool.Call(context.Background(), c.Tools()["weatherTool"], json.RawMessage(`{"location":"Paris"}`))
	require.NoError(t, err)
	assert.Contains(t, string(out.JSON), `"conditions":"Partly cloudy"`)
	assert.NotContains(t, string(out.JSON), "stationId")
}

// TestWeatherResult checks what a client gets of the weather tool: as
// content, the model's view that the weather package's hook makes (a short
// text and a link to the icon); as structured content, the output without
// the internal station id, which tools/list leaves out of the output schema
// too, while the other tools' schemas are listed as generated.
func TestWeatherResult(t *testing.T) {
	ctx := t.Context()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "v0"}, nil).Connect(ctx, inMemory(t), nil)
	require.NoError(t, err)
	defer cs.Close()

	list, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	local := weather.Tools()
	for _, tl := range list.Tools {
		listed, err := json.Marshal(tl.OutputSchema)
		require.NoError(t, err)
		if tl.Name != "weatherTool" {
			assert.JSONEq(t, string(local[tl.Name].Spec().OutputSchema), string(listed), tl.Name)
			continue
		}
		var sch struct {
			Properties map[string]any `json:"properties"`
			Required   []string       `json:"required"`
		}
		require.NoError(t, json.Unmarshal(listed, &sch))
		assert.NotContains(t, sch.Properties, "stationId")
		assert.NotContains(t, sch.Required, "stationId")
		assert.Contains(t, sch.Properties, "conditions")
		assert.Len(t, sch.Required, 8, "every field but the station id and the units (omitempty)")
	}
	for i := 0; i < 2; i++ { // the server's own definition is left as it was
		again, err := cs.ListTools(ctx, nil)
		require.NoError(t, err)
		assert.Equal(t, mustJSON(t, list), mustJSON(t, again))
	}

	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "weatherTool", Arguments: map[string]any{"location": "Paris"}})
	require.NoError(t, err)
	require.False(t, res.IsError)
	want, err := weather.GetWeather(ctx, weather.WeatherInput{Location: "Paris"})
	require.NoError(t, err)
	require.Equal(t, "LFPG-07", want.StationID)
	wantJSON := strings.Replace(mustJSON(t, want), `,"stationId":"LFPG-07"`, "", 1)
	require.NotContains(t, wantJSON, "stationId")
	assert.JSONEq(t, wantJSON, mustJSON(t, res.StructuredContent), "the whole output but the station id")
	assert.NotContains(t, mustJSON(t, res), "LFPG-07")

	require.Len(t, res.Content, 2)
	assert.Equal(t, weatherForModel, res.Content[0].(*sdk.TextContent).Text)
	link, ok := res.Content[1].(*sdk.ResourceLink)
	require.True(t, ok, "content[1] is %T", res.Content[1])
	assert.Equal(t, weatherIcon, link.URI)
	assert.Equal(t, "image/png", link.MIMEType)

	// The other tools' results are their whole output.
	res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: "hazardsTool", Arguments: map[string]any{"location": "London"}})
	require.NoError(t, err)
	hz, err := weather.GetHazards(ctx, weather.HazardsInput{Location: "London"})
	require.NoError(t, err)
	assert.JSONEq(t, mustJSON(t, hz), mustJSON(t, res.StructuredContent))
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
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
	_, err = tool.Call(ctx, c.Tools()["hazardsTool"], json.RawMessage(`{"location":"Atlantis"}`))
	var te *toolexec.Error
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

// lockedBuffer is a bytes.Buffer safe for concurrent use.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestStdioSubprocess runs the command over stdio in a subprocess (this
// test binary, which runs main when TOOLGEN_MCPSERVER_RUN_MAIN is set) and
// interleaves bad lines with a session: each gets its error, the process
// lives on, and it exits 0 when its stdin closes.
func TestStdioSubprocess(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "TOOLGEN_MCPSERVER_RUN_MAIN=1")
	inR, stdin, err := os.Pipe()
	require.NoError(t, err)
	defer stdin.Close()
	cmd.Stdin = inR
	outR, outW := io.Pipe()
	cmd.Stdout = outW
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	inR.Close()
	var waitErr error
	exited := make(chan struct{})
	go func() {
		waitErr = cmd.Wait()
		outW.Close()
		close(exited)
	}()
	t.Cleanup(func() {
		select {
		case <-exited:
		default:
			cmd.Process.Kill()
			<-exited
		}
	})
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()

	send := func(line string) {
		t.Helper()
		require.NoError(t, stdin.SetWriteDeadline(time.Now().Add(10*time.Second)))
		_, err := io.WriteString(stdin, line+"\n")
		require.NoError(t, err, "writing %.80q", line)
	}
	// recv returns the next line on stdout, which must be a JSON-RPC
	// response, with its id and its result or error.
	type errorObject struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	recv := func() (id string, result json.RawMessage, rpcErr *errorObject) {
		t.Helper()
		select {
		case line, ok := <-lines:
			require.True(t, ok, "stdout closed; stderr: %s", &stderr)
			var r struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Result  json.RawMessage `json:"result"`
				Error   *errorObject    `json:"error"`
			}
			require.NoError(t, json.Unmarshal([]byte(line), &r), "stdout line %q", line)
			require.Equal(t, "2.0", r.JSONRPC, "stdout line %q", line)
			require.NotNil(t, r.ID, "stdout line %q", line)
			require.True(t, (r.Result == nil) != (r.Error == nil), "stdout line %q", line)
			return string(r.ID), r.Result, r.Error
		case <-time.After(10 * time.Second):
			t.Fatalf("no reply on stdout; stderr: %s", &stderr)
			return "", nil, nil
		}
	}
	bad := func(line string, code int, wantID, message string) {
		t.Helper()
		send(line)
		id, _, rpcErr := recv()
		require.NotNil(t, rpcErr, "reply to %.80q", line)
		assert.Equal(t, code, rpcErr.Code, "reply to %.80q", line)
		assert.Equal(t, wantID, id, "reply to %.80q", line)
		assert.Contains(t, rpcErr.Message, message, "reply to %.80q", line)
	}
	call := func(id, method, params string) json.RawMessage {
		t.Helper()
		send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, params))
		gotID, result, rpcErr := recv()
		require.Nil(t, rpcErr, "%s", method)
		require.Equal(t, id, gotID)
		return result
	}

	bad(`this is not json {`, -32700, "null", "parse error")
	init := call("1", "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"0"}}`)
	assert.Contains(t, string(init), `"name":"toolgen-weather"`)
	bad(`{"foo":1}`, -32600, "null", `"jsonrpc" is missing`)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	bad(`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, -32600, "null", "batches are not supported")
	assert.Contains(t, string(call("2", "tools/list", `{}`)), `"name":"weatherTool"`)
	bad(`[]`, -32600, "null", "batches are not supported")
	bad(`{"jsonrpc":"2.0","id":3}`, -32600, "3", `no "method"`)
	bad(`{"jsonrpc":"1.0","id":4,"method":"ping"}`, -32600, "4", `"jsonrpc" is "1.0"`)
	bad(`{"jsonrpc":"2.0","id":{},"method":"ping"}`, -32600, "null", "the id is an object")
	bad(`42`, -32600, "null", "not a number")
	bad(`"str"`, -32600, "null", "not a string")
	bad(`null`, -32600, "null", "not null")
	send("")
	// A line over the 16 MiB bound is skipped, not buffered.
	bad(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"weatherTool","arguments":{"location":"`+strings.Repeat("x", 17<<20)+`"}}}`,
		-32600, "5", "longer than 16777216 bytes")
	select {
	case <-exited:
		t.Fatalf("the server exited after bad lines: %v; stderr: %s", waitErr, &stderr)
	default:
	}
	res := call("6", "tools/call", `{"name":"weatherTool","arguments":{"location":"Paris"}}`)
	assert.Contains(t, string(res), `"conditions":"Partly cloudy"`)
	assert.NotContains(t, string(res), `"isError":true`)
	assert.NotContains(t, string(res), "stationId", "the station id is kept from clients")

	require.NoError(t, stdin.Close())
	select {
	case <-exited:
		require.NoError(t, waitErr, "exit status; stderr: %s", &stderr)
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit when its stdin closed")
	}
	for line := range lines {
		t.Errorf("unexpected stdout line %q", line)
	}
	assert.Empty(t, stderr.String())
}
