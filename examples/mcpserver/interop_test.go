package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The interop tests drive the mcpserver binary with MCP clients that
// toolgen did not write: the TypeScript SDK's Client (interop/client.mjs)
// and the MCP Inspector's command line, both pinned in
// interop/package-lock.json. They need Node.js and
// `npm ci --prefix examples/mcpserver/interop`; without them they are
// skipped, unless TOOLGEN_INTEROP=1 (as in CI) makes that a failure.

// What a client gets as the content of weatherTool's result for Paris
// (here and in main_test.go): the model's view that the weather package's
// hook makes.
const (
	weatherForModel = "Paris: 18.5°C (feels like 17.9°C), Partly cloudy, humidity 62%, wind 14 km/h gusting 27 km/h."
	weatherIcon     = "https://example.com/icons/partly-cloudy.png"
)

const (
	interopDir  = "interop"
	interopHint = "run `npm ci --prefix examples/mcpserver/interop` from the repository root (needs Node.js and npm)"
	// interopTimeout bounds every process the tests start; a run takes a
	// few seconds.
	interopTimeout = 60 * time.Second
)

// interopNode returns the path of node, or skips the test (fails it with
// TOOLGEN_INTEROP=1) when node or the interop packages are missing.
func interopNode(t *testing.T) string {
	t.Helper()
	missing := func(what string) {
		msg := fmt.Sprintf("interop test: %s; %s", what, interopHint)
		if os.Getenv("TOOLGEN_INTEROP") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	if _, err := os.Stat(filepath.Join(interopDir, "node_modules")); err != nil {
		missing("examples/mcpserver/interop/node_modules is missing")
	}
	return node
}

// buildServer builds this command into a temporary directory.
func buildServer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mcpserver")
	ctx, cancel := context.WithTimeout(t.Context(), 2*interopTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

// syncBuffer is a bytes.Buffer that a process writes while a test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startHTTPServer runs bin with -http on a free loopback port and returns
// the URL it logs. The server is interrupted when the test ends, and must
// then exit cleanly.
func startHTTPServer(t *testing.T, bin string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), interopTimeout)
	cmd := exec.CommandContext(ctx, bin, "-http", "127.0.0.1:0")
	cmd.WaitDelay = 5 * time.Second
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var logs syncBuffer
	urls := make(chan string, 1)
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintln(&logs, sc.Text())
			if m := regexp.MustCompile(`serving MCP at (http://\S+)`).FindStringSubmatch(sc.Text()); m != nil {
				select {
				case urls <- m[1]:
				default:
				}
			}
		}
	}()
	t.Cleanup(func() {
		defer cancel()
		_ = cmd.Process.Signal(os.Interrupt)
		exited := make(chan error, 1)
		go func() { <-drained; exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			assert.NoError(t, err, "mcpserver -http did not exit cleanly on SIGINT; its log:\n%s", logs.String())
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("mcpserver -http still running 10s after SIGINT; its log:\n%s", logs.String())
		}
	})
	select {
	case url := <-urls:
		return url
	case <-drained:
		t.Fatalf("mcpserver -http exited before serving; its log:\n%s", logs.String())
	case <-time.After(10 * time.Second):
		t.Fatalf("mcpserver -http logged no URL in 10s; its log:\n%s", logs.String())
	}
	return ""
}

// runNode runs a Node.js program (node itself, or a script of
// node_modules/.bin) with a timeout and returns its stdout; stderr and the
// exit status are for the test's messages.
func runNode(t *testing.T, name string, args ...string) (stdout []byte, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), interopTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	// The Inspector keeps state under ~/.mcp-inspector: not the user's.
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	var errb syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ctx.Err() != nil {
		err = errors.Join(err, fmt.Errorf("%s timed out after %v", name, interopTimeout))
	}
	return out.Bytes(), errb.String(), err
}

// What interop/client.mjs reports.
type (
	rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	resourceLink struct {
		URI      string `json:"uri"`
		Name     string `json:"name"`
		MIMEType string `json:"mimeType"`
	}
	callOutcome struct {
		IsError           bool           `json:"isError"`
		Texts             []string       `json:"texts"`
		Links             []resourceLink `json:"links"`
		StructuredContent map[string]any `json:"structuredContent"`
		Error             *rpcError      `json:"error"`
	}
	progressNote struct {
		Progress float64 `json:"progress"`
		Total    float64 `json:"total"`
		Message  string  `json:"message"`
	}
	wireEvent struct {
		Kind     string  `json:"kind"`
		Progress float64 `json:"progress"`
		Total    float64 `json:"total"`
		Message  string  `json:"message"`
		Logger   string  `json:"logger"`
	}
	logNote struct {
		Level  string         `json:"level"`
		Logger string         `json:"logger"`
		Data   map[string]any `json:"data"`
	}
	httpObservation struct {
		Status      int    `json:"status"`
		ContentType string `json:"contentType"`
		SessionID   string `json:"sessionId"`
		Body        struct {
			ID    any       `json:"id"`
			Error *rpcError `json:"error"`
		} `json:"body"`
		Error string `json:"error"` // fetch failed
	}
	clientReport struct {
		Transport string `json:"transport"`
		Server    struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"server"`
		Tools []struct {
			Name             string         `json:"name"`
			Title            string         `json:"title"`
			Annotations      map[string]any `json:"annotations"`
			OutputProperties []string       `json:"outputProperties"`
		} `json:"tools"`
		Weather       callOutcome `json:"weather"`
		BadArgs       callOutcome `json:"badArgs"`
		BigArgs       callOutcome `json:"bigArgs"`
		UnknownTool   callOutcome `json:"unknownTool"`
		UnknownMethod struct {
			Error *rpcError `json:"error"`
		} `json:"unknownMethod"`
		Forecast struct {
			callOutcome
			MS       int            `json:"ms"`
			Wire     []wireEvent    `json:"wire"`
			Progress []progressNote `json:"progress"`
			Logs     []logNote      `json:"logs"`
		} `json:"forecast"`
		HTTP            map[string]httpObservation `json:"http"`
		TransportErrors []string                   `json:"transportErrors"`
	}
)

// TestInterop drives the server binary, over stdio and over streamable
// HTTP, with the TypeScript SDK's Client and with the MCP Inspector's CLI.
func TestInterop(t *testing.T) {
	node := interopNode(t)
	bin := buildServer(t)

	t.Run("TypeScriptSDK", func(t *testing.T) {
		run := func(t *testing.T, args ...string) clientReport {
			stdout, stderr, err := runNode(t, node, append([]string{filepath.Join(interopDir, "client.mjs")}, args...)...)
			require.NoError(t, err, "node client.mjs %s: stderr:\n%s", strings.Join(args, " "), stderr)
			var r clientReport
			require.NoError(t, json.Unmarshal(stdout, &r), "client.mjs printed %s", stdout)
			t.Logf("client.mjs %s: %s", args[0], stdout)
			return r
		}
		t.Run("stdio", func(t *testing.T) {
			t.Parallel()
			r := run(t, "stdio", bin)
			checkClientReport(t, r)
			assert.Nil(t, r.HTTP)
		})
		t.Run("http", func(t *testing.T) {
			t.Parallel()
			r := run(t, "http", startHTTPServer(t, bin))
			checkClientReport(t, r)
			checkHTTPReport(t, r.HTTP)
		})
	})

	t.Run("Inspector", func(t *testing.T) {
		inspector := filepath.Join(interopDir, "node_modules", ".bin", "mcp-inspector")
		// inspect runs the Inspector's CLI as a user would, its result as
		// one JSON object on stdout.
		inspect := func(t *testing.T, target []string, args ...string) map[string]any {
			args = append(append([]string{"--cli", "--format", "json"}, target...), args...)
			stdout, stderr, err := runNode(t, inspector, args...)
			require.NoError(t, err, "mcp-inspector %s: stderr:\n%s", strings.Join(args, " "), stderr)
			var out struct {
				Result map[string]any `json:"result"`
			}
			require.NoError(t, json.Unmarshal(stdout, &out), "mcp-inspector printed %s", stdout)
			require.NotNil(t, out.Result, "mcp-inspector printed %s", stdout)
			return out.Result
		}
		checkList := func(t *testing.T, res map[string]any) {
			var names []string
			for _, tool := range res["tools"].([]any) {
				tool := tool.(map[string]any)
				names = append(names, tool["name"].(string))
				if tool["name"] == "weatherTool" {
					assert.Equal(t, true, tool["annotations"].(map[string]any)["readOnlyHint"])
					assert.Equal(t, "object", tool["outputSchema"].(map[string]any)["type"])
				}
			}
			assert.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, names)
		}
		checkCall := func(t *testing.T, res map[string]any) {
			assert.NotEqual(t, true, res["isError"])
			sc, _ := res["structuredContent"].(map[string]any)
			assert.Equal(t, "Paris", sc["location"], "result %v", res)
			assert.Equal(t, "Partly cloudy", sc["conditions"])
			assert.NotContains(t, sc, "stationId")
			content, _ := res["content"].([]any)
			require.Len(t, content, 2)
			assert.Equal(t, map[string]any{"type": "text", "text": weatherForModel}, content[0])
			assert.Equal(t, map[string]any{"type": "resource_link", "uri": weatherIcon, "name": "partly-cloudy.png", "mimeType": "image/png"}, content[1])
		}
		t.Run("stdio", func(t *testing.T) {
			t.Parallel()
			checkList(t, inspect(t, []string{bin}, "--method", "tools/list"))
			checkCall(t, inspect(t, []string{bin}, "--method", "tools/call", "--tool-name", "weatherTool", "--tool-arg", "location=Paris"))
		})
		t.Run("http", func(t *testing.T) {
			t.Parallel()
			target := []string{startHTTPServer(t, bin), "--transport", "http"}
			checkList(t, inspect(t, target, "--method", "tools/list"))
			checkCall(t, inspect(t, target, "--method", "tools/call", "--tool-name", "weatherTool", "--tool-arg", "location=Paris"))
		})
	})
}

// checkClientReport checks what the TypeScript SDK's Client saw over
// either transport against the README.
func checkClientReport(t *testing.T, r clientReport) {
	assert.Equal(t, "toolgen-weather", r.Server.Name)

	var names []string
	for _, tool := range r.Tools {
		names = append(names, tool.Name)
		if tool.Name == "weatherTool" {
			assert.Equal(t, "Current weather", tool.Title)
			assert.Equal(t, true, tool.Annotations["readOnlyHint"], "weatherTool's annotations: %v", tool.Annotations)
			assert.Contains(t, tool.OutputProperties, "conditions")
			assert.NotContains(t, tool.OutputProperties, "stationId", "the internal station id is not listed")
		}
	}
	assert.Equal(t, []string{"forecastTool", "hazardsTool", "locationsTool", "weatherTool"}, names)

	// A call's result, its structuredContent checked by the SDK against
	// the tool's outputSchema: the output without the internal station
	// id. Its content is the model's view that the weather tool's hook
	// makes: a short text and a link to the condition icon.
	require.Nil(t, r.Weather.Error)
	assert.False(t, r.Weather.IsError)
	assert.Equal(t, []string{weatherForModel}, r.Weather.Texts)
	assert.Equal(t, []resourceLink{{URI: weatherIcon, Name: "partly-cloudy.png", MIMEType: "image/png"}}, r.Weather.Links)
	assert.Equal(t, "Paris", r.Weather.StructuredContent["location"])
	assert.Equal(t, "Partly cloudy", r.Weather.StructuredContent["conditions"])
	assert.NotContains(t, r.Weather.StructuredContent, "stationId")

	// Invalid arguments are a result the model can act on.
	require.Nil(t, r.BadArgs.Error)
	assert.True(t, r.BadArgs.IsError)
	require.Len(t, r.BadArgs.Texts, 1)
	assert.Contains(t, r.BadArgs.Texts[0], `unexpected property "Location"`)
	assert.Contains(t, r.BadArgs.Texts[0], `missing required property "location"`)

	// Arguments over 64 KiB too.
	require.Nil(t, r.BigArgs.Error)
	assert.True(t, r.BigArgs.IsError)
	require.Len(t, r.BigArgs.Texts, 1)
	assert.Contains(t, r.BigArgs.Texts[0], "the limit is 65536")

	// An unknown tool and an unknown method are JSON-RPC errors.
	if assert.NotNil(t, r.UnknownTool.Error, "calling an unknown tool: %+v", r.UnknownTool) {
		assert.Contains(t, r.UnknownTool.Error.Message, "noSuchTool")
	}
	if assert.NotNil(t, r.UnknownMethod.Error) {
		assert.Equal(t, -32601, r.UnknownMethod.Error.Code)
	}

	// forecastTool, called with a progress token after logging/setLevel:
	// a progress notification and a log message per day, all before the
	// result (over HTTP, on the call's own stream).
	f := r.Forecast
	require.Nil(t, f.Error)
	require.False(t, f.IsError, "forecastTool: %v", f.Texts)
	assert.Len(t, f.StructuredContent["days"], 3)
	assert.GreaterOrEqual(t, f.MS, 1000, "3 days at 0.4 s a day")
	want := []progressNote{
		{Progress: 1, Total: 3, Message: "Tokyo: day 1 of 3"},
		{Progress: 2, Total: 3, Message: "Tokyo: day 2 of 3"},
		{Progress: 3, Total: 3, Message: "Tokyo: day 3 of 3"},
	}
	var sent []progressNote
	var kinds []string
	for _, e := range f.Wire {
		kinds = append(kinds, e.Kind)
		if e.Kind == "progress" {
			sent = append(sent, progressNote{e.Progress, e.Total, e.Message})
		}
		if e.Kind == "log" {
			assert.Equal(t, "forecastTool", e.Logger)
		}
	}
	assert.Equal(t, want, sent, "progress notifications as the client's transport received them")
	assert.Equal(t, []string{"progress", "log", "progress", "log", "progress", "log", "response"}, kinds,
		"what the client's transport received during the call, in order")

	// What reached the SDK's onprogress. TODO: require all three once the
	// pinned @modelcontextprotocol/sdk delivers a progress notification
	// that arrives in the same read as its call's response
	// (modelcontextprotocol/typescript-sdk#2580, open for v1.x as of
	// 1.32.2). It dispatches notifications a microtask later but settles
	// the response at once, so the third, sent right before the response
	// (see the wire above), is dropped and reported as an "unknown token"
	// through Client.onerror. Over stdio that is every time; over HTTP,
	// whenever the two events share a read. The server is not at fault.
	n := len(f.Progress)
	require.GreaterOrEqual(t, n, 2, "progress delivered to onprogress: %+v", f.Progress)
	assert.Equal(t, want[:n], f.Progress)
	if n < 3 {
		require.Len(t, r.TransportErrors, 1)
		assert.Contains(t, r.TransportErrors[0], "Received a progress notification for an unknown token")
		assert.Contains(t, r.TransportErrors[0], `"progress":3`)
	} else {
		assert.Empty(t, r.TransportErrors)
	}

	require.Len(t, f.Logs, 3)
	for i, l := range f.Logs {
		assert.Equal(t, "info", l.Level)
		assert.Equal(t, "forecastTool", l.Logger)
		assert.Equal(t, fmt.Sprintf("2026-12-%02d", 3+i), l.Data["date"])
	}
}

// checkHTTPReport checks the raw HTTP requests of client.mjs against
// HTTPHandler's promises.
func checkHTTPReport(t *testing.T, h map[string]httpObservation) {
	for _, c := range []struct {
		name   string
		status int
		code   int
	}{
		{"evilOrigin", 403, -32600}, // Origin: http://evil.example
		{"nullOrigin", 403, -32600}, // Origin: null
		{"noSession", 400, -32000},  // tools/list without Mcp-Session-Id
		{"unknownSession", 404, -32001},
		{"deletedSession", 404, -32001}, // after the SDK's DELETE
		{"tooLarge", 413, -32600},       // a body over 4 MiB
		{"unknownMethod", 200, -32601},
	} {
		o, ok := h[c.name]
		if !assert.True(t, ok, "no %s observation", c.name) {
			continue
		}
		assert.Empty(t, o.Error, "%s: fetch failed", c.name)
		assert.Equal(t, c.status, o.Status, "%s: status", c.name)
		assert.Equal(t, "application/json", o.ContentType, "%s: content type", c.name)
		assert.Empty(t, o.SessionID, "%s: no session is created", c.name)
		if assert.NotNil(t, o.Body.Error, "%s: a JSON-RPC error body", c.name) {
			assert.Equal(t, c.code, o.Body.Error.Code, "%s: JSON-RPC code", c.name)
		}
		if c.name == "unknownMethod" {
			assert.Equal(t, float64(4), o.Body.ID, "the error answers the request")
		} else {
			assert.Nil(t, o.Body.ID, "%s: the error answers the HTTP request, not a call", c.name)
		}
	}
	assert.Contains(t, h["tooLarge"].Body.Error.Message, "4 MiB")
}
