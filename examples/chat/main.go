// Command chat is a chat page in the browser over a toolgen agent: a Go
// server that serves one static page and the AI SDK's UI message stream
// (package uistream), with the weather tools of examples/weather/weather.
//
// Run it and open the URL it prints:
//
//	go run ./examples/chat                  # http://127.0.0.1:8080/
//	go run ./examples/chat -addr :9000
//
// The page (index.html, embedded in the binary, no build step) posts the
// conversation to /api/chat as the AI SDK's useChat does, reads the stream
// and shows the assistant's text, reasoning and tool calls as they arrive:
// each call as a box with its state, its input and its output. What it
// shows of a call is the display payload: the weather tool's display
// transform (tools.go) rounds the figures into text and keeps the icon URL
// and the internal station id out of the browser, while the model gets the
// weather package's view of the output: a short text and the icon as an
// image.
//
// By default it runs offline on a scripted model (offline.go): it looks up
// the weather in the city the message names (Paris when it names none),
// then answers from the tool's result as a model sees it. The -model flag, or
// $TOOLGEN_MODEL, runs it on a real model, named as provider.Open
// wants it:
//
//	go run ./examples/chat -model openai/gpt-5.4               # $OPENAI_API_KEY
//	go run ./examples/chat -model ollama/llama3.2              # $OLLAMA_HOST
package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/examples/internal/otelsetup"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	_ "github.com/toolgen-go/toolgen/provider/gemini" // registers "google"
	_ "github.com/toolgen-go/toolgen/provider/openai" // registers "openai", "openai-responses" and "ollama"
	"github.com/toolgen-go/toolgen/uistream"
)

//go:embed index.html
var indexHTML []byte

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "the address to listen on")
	name := flag.String("model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	flag.Parse()
	stop := otelsetup.Start("chat", os.Stderr) // with OTEL_EXPORTER_OTLP_ENDPOINT or the like set; see docs/telemetry.md
	// Until interrupted, then flush the telemetry.
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, *addr, *name, os.Stdout, os.Stderr)
	cancel()
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "chat:", err)
		os.Exit(1)
	}
}

// run serves the chat on addr until ctx ends or the server fails.
func run(ctx context.Context, addr, modelName string, stdout, stderr io.Writer) error {
	model, err := chooseModel(modelName, stderr)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "chat: open http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: newMux(newAgent(model)), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// chooseModel returns the model called name (see provider.Open), or
// the offline model when name is empty.
func chooseModel(name string, stderr io.Writer) (llm.Model, error) {
	if name == "" {
		fmt.Fprintln(stderr, "chat: running on an offline scripted model; for a real one, pass -model (or set TOOLGEN_MODEL) "+
			"such as openai/gpt-5.4 or ollama/llama3.2")
		return offlineModel(), nil
	}
	return provider.Open(name)
}

// newAgent is the weather agent the page talks to.
func newAgent(model llm.Model) *agent.Agent {
	return &agent.Agent{
		ID:   "weather-agent",
		Name: "Weather Agent",
		Instructions: "You are a helpful weather assistant. Use weatherTool for the current weather, hazardsTool for warnings " +
			"and forecastTool for a forecast. Ask for a location if none is given.",
		Model: model,
		Tools: tools(),
	}
}

// newMux serves the page at / and the agent's chat stream at /api/chat.
func newMux(a *agent.Agent) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(indexHTML)
	})
	mux.Handle("/api/chat", &uistream.Handler{Agent: a})
	return mux
}
