package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/mcp"
	"github.com/toolgen-go/toolgen/scripted"
	"github.com/toolgen-go/toolgen/tool"
)

// progressTools has a tool that reports progress three times and emits a
// row with a secret in it, which its display transforms hide (its progress
// messages quote its input: they are shaped too), and a tool that tells
// what it knows of the request it serves.
func progressTools() tool.Toolset {
	slow := echoTool("slow", tool.Annotations{}, func(ctx context.Context, s string) (string, error) {
		for i := 1; i <= 3; i++ {
			tool.Progress(ctx, float64(i), 3, "step "+s)
		}
		if err := tool.Emit(ctx, map[string]string{"row": "1", "secret": "s3cr3t"}); err != nil {
			return "", err
		}
		return "done", nil
	}).WithTransform(tool.TargetDisplay, tool.Transforms[echoIn, echoOut]{
		Data: func(_ context.Context, _ echoIn, data any) (any, error) {
			return map[string]string{"row": data.(map[string]string)["row"]}, nil
		},
		Progress: func(_ context.Context, _ echoIn, p tool.ProgressReport) (any, error) {
			return fmt.Sprintf("step %g of %g", p.Progress, p.Total), nil
		},
	})
	who := echoTool("who", tool.Annotations{}, func(ctx context.Context, _ string) (string, error) {
		ci, _ := tool.CallInfoFrom(ctx)
		req, ok := mcp.RequestFrom(ctx)
		if !ok || req.Session == nil {
			return "", errors.New("the request is not reachable")
		}
		data, err := json.Marshal(map[string]any{"tool": ci.ToolName, "session": req.Session.ID(), "token": req.Params.GetProgressToken()})
		return string(data), err
	})
	return tool.Toolset{"slow": slow, "who": who}
}

// recorder keeps what a client is sent besides responses.
type recorder struct {
	mu       sync.Mutex
	progress []*sdk.ProgressNotificationParams
	logs     []*sdk.LoggingMessageParams
}

func (r *recorder) options() *sdk.ClientOptions {
	return &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			r.mu.Lock()
			r.progress = append(r.progress, req.Params)
			r.mu.Unlock()
		},
		LoggingMessageHandler: func(_ context.Context, req *sdk.LoggingMessageRequest) {
			r.mu.Lock()
			r.logs = append(r.logs, req.Params)
			r.mu.Unlock()
		},
	}
}

// TestProgressReachesAnHTTPClient: over streamable HTTP on loopback, a
// client that sends a progress token gets the tool's progress as
// notifications/progress with that token, in order;
// once it has set a log level it gets emitted data as log messages, shaped
// by the tool's display transforms. The tool sees the session and token.
func TestProgressReachesAnHTTPClient(t *testing.T) {
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "p", Version: "v0"}, progressTools(), nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(t.Context())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- mcp.ListenAndServe(ctx, "127.0.0.1:0", srv, nil, func(a net.Addr) { addr <- a }) }()
	t.Cleanup(func() { cancel(); <-done })
	url := "http://" + (<-addr).String() + "/"

	var rec recorder
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "c", Version: "v0"}, rec.options()).
		Connect(t.Context(), &sdk.StreamableClientTransport{Endpoint: url}, nil)
	require.NoError(t, err)
	defer cs.Close()
	require.NoError(t, cs.SetLoggingLevel(t.Context(), &sdk.SetLoggingLevelParams{Level: "info"}))

	params := &sdk.CallToolParams{Name: "slow", Arguments: map[string]any{"text": "x"}}
	params.SetProgressToken("tok-1")
	res, err := cs.CallTool(t.Context(), params)
	require.NoError(t, err)
	require.False(t, res.IsError)

	// The client handles notifications apart from responses: wait for them.
	var progress []*sdk.ProgressNotificationParams
	var logs []*sdk.LoggingMessageParams
	require.Eventually(t, func() bool {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		progress, logs = rec.progress, rec.logs
		return len(progress) >= 3 && len(logs) >= 1
	}, 5*time.Second, 5*time.Millisecond, "3 progress notifications and a log message")
	require.Len(t, progress, 3)
	for i, p := range progress {
		assert.Equal(t, "tok-1", p.ProgressToken)
		assert.Equal(t, float64(i+1), p.Progress)
		assert.Equal(t, float64(3), p.Total)
		assert.Equal(t, fmt.Sprintf("step %d of 3", i+1), p.Message, "the display's form of the report")
	}
	require.Len(t, logs, 1)
	assert.Equal(t, "slow", logs[0].Logger)
	assert.Equal(t, sdk.LoggingLevel("info"), logs[0].Level)
	assert.Equal(t, map[string]any{"row": "1"}, logs[0].Data, "the display transform hides the secret")

	params = &sdk.CallToolParams{Name: "who", Arguments: map[string]any{"text": ""}}
	params.SetProgressToken(7)
	res, err = cs.CallTool(t.Context(), params)
	require.NoError(t, err)
	require.False(t, res.IsError, text(t, res))
	var got struct {
		Tool, Session string
		Token         any
	}
	require.NoError(t, json.Unmarshal([]byte(res.StructuredContent.(map[string]any)["text"].(string)), &got))
	assert.Equal(t, "who", got.Tool)
	assert.Equal(t, cs.ID(), got.Session)
	assert.NotEmpty(t, got.Session)
	assert.EqualValues(t, 7, got.Token)
}

// TestProgressMessagesFollowTheDisplayTransforms: a tool whose transforms
// configure the display sends its progress message only as its Progress
// transform shapes it; without one, or when it fails or gives no answer,
// the numbers go alone. Emitted data likewise gets the placeholder. A
// tool that configures nothing (an empty Transforms) sends its own.
func TestProgressMessagesFollowTheDisplayTransforms(t *testing.T) {
	report := func(ctx context.Context, s string) (string, error) {
		tool.Progress(ctx, 1, 2, "reading "+s)
		return "done", tool.Emit(ctx, map[string]string{"secret": s})
	}
	tools := tool.Toolset{
		"none": echoTool("none", tool.Annotations{}, report).WithTransform(tool.TargetDisplay, tool.Transforms[echoIn, echoOut]{}),
		"output": echoTool("output", tool.Annotations{}, report).WithTransform(tool.TargetDisplay, tool.Transforms[echoIn, echoOut]{
			Output: func(context.Context, echoIn, echoOut) (any, error) { return "shown", nil },
		}),
		"fails": echoTool("fails", tool.Annotations{}, report).WithTransform(tool.TargetDisplay, tool.Transforms[echoIn, echoOut]{
			Progress: func(context.Context, echoIn, tool.ProgressReport) (any, error) { return nil, errors.New("s3cr3t") },
		}),
		"percent": echoTool("percent", tool.Annotations{}, report).WithTransform(tool.TargetDisplay, tool.Transforms[echoIn, echoOut]{
			Progress: func(_ context.Context, _ echoIn, p tool.ProgressReport) (any, error) {
				return map[string]float64{"percent": 100 * p.Progress / p.Total}, nil
			},
		}),
	}
	// Over streamable HTTP on loopback, as TestProgressReachesAnHTTPClient.
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "p", Version: "v0"}, tools, nil)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(t.Context())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- mcp.ListenAndServe(ctx, "127.0.0.1:0", srv, nil, func(a net.Addr) { addr <- a }) }()
	t.Cleanup(func() { cancel(); <-done })
	var rec recorder
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "c", Version: "v0"}, rec.options()).
		Connect(t.Context(), &sdk.StreamableClientTransport{Endpoint: "http://" + (<-addr).String() + "/"}, nil)
	require.NoError(t, err)
	defer cs.Close()
	require.NoError(t, cs.SetLoggingLevel(t.Context(), &sdk.SetLoggingLevelParams{Level: "info"}))

	for name, want := range map[string]struct {
		message string
		data    any
	}{
		"none":    {"reading s3cr3t", map[string]any{"secret": "s3cr3t"}},
		"output":  {"", map[string]any{"message": "Tool payload unavailable"}},
		"fails":   {"", map[string]any{"message": "Tool payload unavailable"}},
		"percent": {`{"percent":50}`, map[string]any{"message": "Tool payload unavailable"}},
	} {
		t.Run(name, func(t *testing.T) {
			rec.mu.Lock()
			rec.progress, rec.logs = nil, nil
			rec.mu.Unlock()
			params := &sdk.CallToolParams{Name: name, Arguments: map[string]any{"text": "s3cr3t"}}
			params.SetProgressToken("tok-" + name)
			res, err := cs.CallTool(t.Context(), params)
			require.NoError(t, err)
			require.False(t, res.IsError)
			var progress []*sdk.ProgressNotificationParams
			var logs []*sdk.LoggingMessageParams
			require.Eventually(t, func() bool {
				rec.mu.Lock()
				defer rec.mu.Unlock()
				progress, logs = rec.progress, rec.logs
				return len(progress) >= 1 && len(logs) >= 1
			}, 5*time.Second, 5*time.Millisecond)
			require.Len(t, progress, 1)
			assert.Equal(t, float64(1), progress[0].Progress, "the numbers always go")
			assert.Equal(t, want.message, progress[0].Message)
			require.Len(t, logs, 1)
			assert.Equal(t, want.data, logs[0].Data)
		})
	}
}

// TestNoProgressWithoutAToken: a client that sent no progress token gets no
// progress notifications, and without a log level no log messages; the
// call succeeds all the same.
func TestNoProgressWithoutAToken(t *testing.T) {
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "p", Version: "v0"}, progressTools(), nil)
	require.NoError(t, err)
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(t.Context(), st, nil)
	require.NoError(t, err)
	defer ss.Close()
	var rec recorder
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "c", Version: "v0"}, rec.options()).Connect(t.Context(), ct, nil)
	require.NoError(t, err)
	defer cs.Close()

	res, err := cs.CallTool(t.Context(), &sdk.CallToolParams{Name: "slow", Arguments: map[string]any{"text": "x"}})
	require.NoError(t, err)
	assert.Equal(t, `{"text":"done"}`, text(t, res))
	time.Sleep(50 * time.Millisecond) // notifications, if any, would follow at once
	rec.mu.Lock()
	defer rec.mu.Unlock()
	assert.Empty(t, rec.progress)
	assert.Empty(t, rec.logs)
}

// TestRemoteProgressReachesTheAgentStream: an agent that uses a remote
// server's tool sees the server's progress as tool-progress events of the
// call, under the tool's local key; the progress handler of the SDK
// options still gets progress that is not for a call of the Toolset.
func TestRemoteProgressReachesTheAgentStream(t *testing.T) {
	// The tool waits until the agent has seen its progress, so that the
	// test does not depend on when the SDK gets to the notification.
	seen := make(chan struct{})
	halfway := echoTool("halfway", tool.Annotations{}, func(ctx context.Context, s string) (string, error) {
		tool.Progress(ctx, 1, 2, "half of "+s)
		select {
		case <-seen:
			return "done", nil
		case <-time.After(5 * time.Second):
			return "", errors.New("the progress never reached the agent")
		}
	})
	srv, err := mcp.NewServer(&sdk.Implementation{Name: "p", Version: "v0"}, tool.Toolset{"halfway": halfway}, nil)
	require.NoError(t, err)
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(t.Context(), st, nil)
	require.NoError(t, err)
	defer ss.Close()
	var mu sync.Mutex
	var other []any
	c, err := mcp.Connect(t.Context(), ct, &mcp.ClientOptions{Prefix: "r_", SDK: &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			mu.Lock()
			other = append(other, req.Params.ProgressToken)
			mu.Unlock()
		},
	}})
	require.NoError(t, err)
	defer c.Close()

	a := &agent.Agent{ID: "a", Tools: c.Tools(), Model: scripted.New(
		scripted.Calls(scripted.Call("r_halfway", `{"text":"y"}`)), scripted.Text("ok"))}
	var progress []agent.Event
	var result string
	for ev, err := range a.Stream(t.Context(), "go") {
		require.NoError(t, err)
		switch ev.Type {
		case agent.EventToolProgress:
			if len(progress) == 0 {
				close(seen)
			}
			progress = append(progress, ev)
		case agent.EventToolResult, agent.EventToolError:
			result = string(ev.Payload)
		}
	}
	require.Len(t, progress, 1)
	assert.Equal(t, "r_halfway", progress[0].ToolName)
	assert.Equal(t, "call_1", progress[0].ToolCallID)
	assert.JSONEq(t, `{"progress":1,"total":2,"message":"half of y"}`, string(progress[0].Payload))
	assert.JSONEq(t, `{"text":"done"}`, result)

	require.NoError(t, ss.NotifyProgress(t.Context(), &sdk.ProgressNotificationParams{ProgressToken: "mine", Progress: 1}))
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(other) == 1 && other[0] == "mine"
	}, 5*time.Second, 5*time.Millisecond)
}
