package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/examples/weather/weather"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/uistream"
)

// iconURL is the raw weather output's icon URL for Tokyo, which the
// display transform keeps out of the stream and the page.
const iconURL = "https://example.com/icons/haze.png"

// newTestServer serves the chat of the offline model, with the
// in-process booking service and paused runs in memory.
func newTestServer(t *testing.T) *httptest.Server {
	t.Helper()
	return serveAgent(t, newAgent(offlineModel(), newMemoryBookings()))
}

func serveAgent(t *testing.T, a *agent.Agent) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(newMux(&uistream.Handler{Agent: a}))
	t.Cleanup(srv.Close)
	return srv
}

// chunk is the part of a UI message stream chunk the tests read.
type chunk struct {
	Type       string          `json:"type"`
	Delta      string          `json:"delta"`
	ToolCallID string          `json:"toolCallId"`
	ToolName   string          `json:"toolName"`
	Input      json.RawMessage `json:"input"`
	Output     json.RawMessage `json:"output"`
	ErrorText  string          `json:"errorText"`
	ApprovalID string          `json:"approvalId"`
}

// chat posts one user message as useChat does and returns the stream's
// raw body and its chunks.
func chat(t testing.TB, url, text string) ([]byte, []chunk) {
	t.Helper()
	body := fmt.Sprintf(`{"id":"chat-1","trigger":"submit-message","messages":[{"id":"u1","role":"user","parts":[{"type":"text","text":%q}]}]}`, text)
	res, err := http.Post(url+"/api/chat", "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode, "%s", raw)
	assert.Equal(t, "text/event-stream", res.Header.Get("Content-Type"))
	assert.Equal(t, "v1", res.Header.Get("X-Vercel-Ai-Ui-Message-Stream"))
	return raw, parseStream(t, raw)
}

// parseStream returns the chunks of a UI message stream, which must end
// with data: [DONE].
func parseStream(t testing.TB, raw []byte) []chunk {
	t.Helper()
	var chunks []chunk
	done := false
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		require.True(t, ok, "a line that is not data: %q", line)
		require.False(t, done, "data after [DONE]: %q", line)
		if data == "[DONE]" {
			done = true
			continue
		}
		var c chunk
		require.NoError(t, json.Unmarshal([]byte(data), &c), "chunk %q", data)
		chunks = append(chunks, c)
	}
	require.True(t, done, "the stream does not end with data: [DONE]")
	return chunks
}

func find(chunks []chunk, typ string) *chunk {
	for i := range chunks {
		if chunks[i].Type == typ {
			return &chunks[i]
		}
	}
	return nil
}

func text(chunks []chunk) string {
	var b strings.Builder
	for _, c := range chunks {
		if c.Type == "text-delta" {
			b.WriteString(c.Delta)
		}
	}
	return b.String()
}

func TestPage(t *testing.T) {
	srv := newTestServer(t)
	res, err := http.Get(srv.URL + "/")
	require.NoError(t, err)
	page, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "text/html; charset=utf-8", res.Header.Get("Content-Type"))
	assert.Contains(t, string(page), `<script type="module">`)
	assert.Contains(t, string(page), `fetch('/api/chat'`)

	res, err = http.Get(srv.URL + "/nothing-here")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode)

	res, err = http.Get(srv.URL + "/api/chat")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, res.StatusCode)
}

func TestChatStreamsToolCallAndAnswer(t *testing.T) {
	srv := newTestServer(t)
	raw, chunks := chat(t, srv.URL, "What's the weather in Tokyo?")

	assert.Equal(t, "start", chunks[0].Type)
	assert.Equal(t, "finish", chunks[len(chunks)-1].Type)
	start := find(chunks, "tool-input-start")
	require.NotNil(t, start, "no tool call in %s", raw)
	assert.Equal(t, "weatherTool", start.ToolName)
	assert.NotNil(t, find(chunks, "tool-input-delta"), "the display's input delta transform shows the arguments as they stream")
	in := find(chunks, "tool-input-available")
	require.NotNil(t, in)
	assert.JSONEq(t, `{"location":"Tokyo"}`, string(in.Input))
	out := find(chunks, "tool-output-available")
	require.NotNil(t, out)
	assert.Equal(t, start.ToolCallID, out.ToolCallID)
	assert.JSONEq(t, `{"location":"Tokyo","conditions":"Humid and hazy","temperature":"29.6 °C","feelsLike":"33.1 °C",
		"humidity":"74 %","wind":"6 km/h, gusts 13 km/h"}`, string(out.Output))
	assert.Equal(t, "It is 29.6°C in Tokyo (humid and hazy), feeling like 33.1°C, with 74% humidity and wind at 6 km/h.", text(chunks))
	assert.NotContains(t, string(raw), iconURL, "the display transform keeps the icon URL out of the stream")
	assert.NotContains(t, string(raw), `"icon"`)
	assert.NotContains(t, string(raw), "RJTT-03", "nor the internal station id")
}

func TestChatUnknownCity(t *testing.T) {
	srv := newTestServer(t)
	_, chunks := chat(t, srv.URL, "Is it raining in Atlantis?")
	in := find(chunks, "tool-input-available")
	require.NotNil(t, in)
	assert.JSONEq(t, `{"location":"Atlantis"}`, string(in.Input))
	e := find(chunks, "tool-output-error")
	require.NotNil(t, e)
	assert.Contains(t, e.ErrorText, `location "Atlantis" not found`)
	assert.True(t, strings.HasPrefix(text(chunks), "Sorry, I could not get that:"), text(chunks))
}

func TestCityIn(t *testing.T) {
	for text, want := range map[string]string{
		"What's the weather in Tokyo?": "Tokyo",
		"weather new york please":      "New York",
		"And in Buenos Aires?":         "Buenos Aires",
		"hello":                        "Paris",
	} {
		assert.Equal(t, want, cityIn(text), text)
	}
}

// The browser tests open the page in headless Chromium through
// browser/shot.mjs (playwright-core, pinned in browser/package-lock.json,
// driving the system's Chromium). They need Chromium ($CHROMIUM or
// /usr/bin/chromium), node and `npm ci --prefix examples/chat/browser`;
// without them they are skipped, unless TOOLGEN_BROWSER=1 (as in CI) makes
// that a failure. With TOOLGEN_SCREENSHOT_DIR set, the screenshots are
// copied there.

// browserDeps returns node and Chromium, or skips t without them (fails
// it with TOOLGEN_BROWSER=1).
func browserDeps(t *testing.T) (node, chromium string) {
	t.Helper()
	missing := func(what string) {
		msg := "browser test: " + what + "; install chromium and run `npm ci --prefix examples/chat/browser`"
		if os.Getenv("TOOLGEN_BROWSER") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	chromium = os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		missing(chromium + " is missing")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node is not on PATH")
	}
	if _, err := os.Stat(filepath.Join("browser", "node_modules", "playwright-core")); err != nil {
		missing("examples/chat/browser/node_modules is missing")
	}
	return node, chromium
}

// shoot runs shot.mjs in mode ("" for the default) on the page at url,
// checks the screenshot and returns the page's text. In restart mode the
// script prints "shot: paused" once the booking waits for approval and
// waits for a line on its stdin: shoot calls onPaused, then sends the
// line.
func shoot(t *testing.T, url, name, mode string, onPaused func()) string {
	t.Helper()
	node, chromium := browserDeps(t)
	png := filepath.Join(t.TempDir(), name)
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	args := []string{"shot.mjs", url + "/", png}
	if mode != "" {
		args = append(args, mode)
	}
	cmd := exec.CommandContext(ctx, node, args...)
	cmd.Dir = "browser"
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var out strings.Builder
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if sc.Text() == "shot: paused" && onPaused != nil {
			onPaused()
			_, err := io.WriteString(stdin, "go on\n")
			require.NoError(t, err)
			continue
		}
		out.WriteString(sc.Text() + "\n")
	}
	stdin.Close()
	require.NoError(t, cmd.Wait(), "shot.mjs: %s", stderr.Bytes())
	t.Logf("page text:\n%s", out.String())

	shot, err := os.ReadFile(png)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(shot, []byte("\x89PNG\r\n\x1a\n")), "the screenshot is not a PNG")
	assert.Greater(t, len(shot), 20_000, "the screenshot is too small to show the page")
	if dir := os.Getenv("TOOLGEN_SCREENSHOT_DIR"); dir != "" {
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), shot, 0o644))
	}
	return out.String()
}

func TestBrowser(t *testing.T) {
	page := shoot(t, newTestServer(t).URL, "chat.png", "", nil)
	assert.Contains(t, page, "What's the weather in Tokyo?")
	assert.Contains(t, page, "weatherTool")
	assert.Contains(t, page, "output-available")
	assert.Contains(t, page, `"location": "Tokyo"`)
	assert.Contains(t, page, `"temperature": "29.6 °C"`, "the display payload, as the transform shaped it")
	assert.Contains(t, page, "It is 29.6°C in Tokyo (humid and hazy)")
	assert.Contains(t, page, "It is 14.1°C in London (light rain)", "the second message continues the conversation")
	assert.NotContains(t, page, "example.com/icons", "the display transform keeps the icon URL out of the page")
	assert.NotContains(t, page, `"icon"`)
}

// TestBrowserApproval runs the page against a weather tool that needs
// approval: the Approve button posts the decision, and the resumed run's
// output and answer join the same assistant message.
func TestBrowserApproval(t *testing.T) {
	agent := newAgent(offlineModel(), newMemoryBookings())
	agent.Tools["weatherTool"] = weather.GetWeatherTool().
		WithTransform(tool.TargetDisplay, weatherDisplay()).
		WithApproval(func(context.Context, weather.WeatherInput) (bool, error) { return true, nil })
	srv := serveAgent(t, agent)

	page := shoot(t, srv.URL, "chat-approval.png", "approve", nil)
	assert.Contains(t, page, `"temperature": "29.6 °C"`)
	assert.Contains(t, page, "It is 29.6°C in Tokyo (humid and hazy)")
	assert.Equal(t, 1, strings.Count(page, "ASSISTANT"), "the resumed run continues the assistant message")
	assert.NotContains(t, page, "Approve", "the approval buttons are gone once answered")
	assert.NotContains(t, page, "example.com/icons")
}
