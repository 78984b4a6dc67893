package main

import (
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/examples/weather/weather"
)

// TestForecastReportsProgress runs the example's HTTP server and calls
// forecastTool as a client that asked for progress and log messages: it
// gets one progress notification and one log message per day.
func TestForecastReportsProgress(t *testing.T) {
	defer func(d time.Duration) { weather.DayDelay = d }(weather.DayDelay)
	weather.DayDelay = time.Millisecond

	ctx, cancel := context.WithCancel(t.Context())
	logs := make(logWriter, 10)
	done := make(chan error, 1)
	go func() { done <- run(ctx, "127.0.0.1:0", logs) }()
	defer func() { cancel(); <-done }()
	url := regexp.MustCompile(`http://\S+`).FindString(<-logs)

	var mu sync.Mutex
	var progress []string
	var days []any
	client := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "v0"}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			mu.Lock()
			progress = append(progress, req.Params.Message)
			mu.Unlock()
		},
		LoggingMessageHandler: func(_ context.Context, req *sdk.LoggingMessageRequest) {
			mu.Lock()
			days = append(days, req.Params.Data)
			mu.Unlock()
		},
	})
	cs, err := client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: url}, nil)
	require.NoError(t, err)
	defer cs.Close()
	require.NoError(t, cs.SetLoggingLevel(ctx, &sdk.SetLoggingLevelParams{Level: "info"}))
	params := &sdk.CallToolParams{Name: "forecastTool", Arguments: map[string]any{"location": "London", "days": 3}}
	params.SetProgressToken("forecast-1")
	res, err := cs.CallTool(ctx, params)
	require.NoError(t, err)
	require.False(t, res.IsError)
	assert.Len(t, res.StructuredContent.(map[string]any)["days"], 3)

	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(progress) == 3 && len(days) == 3
	}, 5*time.Second, 5*time.Millisecond)
	assert.Equal(t, []string{"London: day 1 of 3", "London: day 2 of 3", "London: day 3 of 3"}, progress)
	assert.Equal(t, "2026-12-03", days[0].(map[string]any)["date"])
}
