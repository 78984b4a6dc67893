// Command chat is a chat page in the browser over a toolgen agent: a Go
// server that serves one static page and the AI SDK's UI message stream
// (package uistream), with the weather tools of examples/weather/weather
// and bookTable, a tool that books a restaurant table and needs the user's
// approval. It is a module of its own, so that the main module links no
// database driver. Run it from its directory and open the URL it prints:
//
//	cd examples/chat
//	go run .                  # http://127.0.0.1:8080/
//	go run . -addr :9000
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
// then answers from the tool's result as a model sees it; a message that
// asks to book ("Book a table for 4 in Tokyo at 20:00") gets a bookTable
// call instead, which waits for the Approve button, and the answer is the
// booking's confirmation. The -model flag, or $TOOLGEN_MODEL, runs it on a
// real model, named as provider.Open wants it:
//
//	go run . -model openai/gpt-5.4               # $OPENAI_API_KEY
//	go run . -model ollama/llama3.2              # $OLLAMA_HOST
//
// A run paused for an approval is kept in the store that -db names, so
// that it survives a restart: a SQLite file (by default chat.db in
// toolgen-chat under the user's cache directory, $XDG_CACHE_HOME or
// ~/.cache on Linux), a Postgres database for replicas that share it
// (-db postgres://user@host/db), or "memory", lost at exit. A resumed run
// is claimed for -lease (30 s by default), extended while it goes on: a
// server killed mid-resume leaves the run to be answered again once the
// lease has expired, so its tools run at least once. bookTable books once
// all the same: it sends its call's id, the same on every attempt, as the
// Idempotency-Key of its booking request, to the booking service at
// -bookings (an HTTP endpoint it POSTs {"city","people","time"} to, which
// answers {"id"}), or to an in-process fake that honours the key too.
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
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/toolgen-go/toolgen/agent"
	"github.com/toolgen-go/toolgen/examples/internal/otelsetup"
	"github.com/toolgen-go/toolgen/llm"
	"github.com/toolgen-go/toolgen/provider"
	_ "github.com/toolgen-go/toolgen/provider/gemini" // registers "google"
	_ "github.com/toolgen-go/toolgen/provider/openai" // registers "openai", "openai-responses" and "ollama"
	"github.com/toolgen-go/toolgen/store"
	"github.com/toolgen-go/toolgen/store/postgres"
	"github.com/toolgen-go/toolgen/store/sqlite"
	"github.com/toolgen-go/toolgen/tool"
	"github.com/toolgen-go/toolgen/uistream"
)

//go:embed index.html
var indexHTML []byte

// config is what the flags choose.
type config struct {
	// model names the model (see provider.Open); "" for the offline one.
	model string
	// db is where paused runs are kept: "memory", a postgres:// URL, or
	// the path of a SQLite file.
	db string
	// bookings is the URL of the booking service; "" for the in-process
	// one.
	bookings string
	// lease is how long a resume's claim on its paused run lasts unless
	// extended (uistream.Handler.Lease).
	lease time.Duration
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "the address to listen on")
	var cfg config
	flag.StringVar(&cfg.model, "model", os.Getenv("TOOLGEN_MODEL"),
		`the model, such as "openai/gpt-5.4" or "ollama/llama3.2" (default $TOOLGEN_MODEL, else an offline scripted model)`)
	flag.StringVar(&cfg.db, "db", defaultDB(),
		`where paused runs are kept: a SQLite file, a postgres:// or postgresql:// URL, or "memory" (lost at exit)`)
	flag.StringVar(&cfg.bookings, "bookings", "",
		"the URL of the booking service that bookTable POSTs to, with the call's id as Idempotency-Key (default: an in-process fake)")
	flag.DurationVar(&cfg.lease, "lease", store.DefaultLease,
		"how long a resumed run's claim lasts unless extended: a run whose server stopped mid-resume can be answered again after it")
	flag.Parse()
	stop := otelsetup.Start("chat", os.Stderr) // with OTEL_EXPORTER_OTLP_ENDPOINT or the like set; see docs/telemetry.md
	// Until interrupted, then flush the telemetry.
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := listenAndRun(ctx, *addr, cfg, os.Stdout, os.Stderr)
	cancel()
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "chat:", err)
		os.Exit(1)
	}
}

// defaultDB is the SQLite file of -db by default: chat.db in the user's
// cache directory, else in the working directory.
func defaultDB() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "chat.db"
	}
	return filepath.Join(dir, "toolgen-chat", "chat.db")
}

func listenAndRun(ctx context.Context, addr string, cfg config, stdout, stderr io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return run(ctx, ln, cfg, stdout, stderr)
}

// run serves the chat on ln until ctx ends or the server fails, then
// closes the store.
func run(ctx context.Context, ln net.Listener, cfg config, stdout, stderr io.Writer) error {
	defer ln.Close()
	model, err := chooseModel(cfg.model, stderr)
	if err != nil {
		return err
	}
	st, closeStore, err := openStore(ctx, cfg.db)
	if err != nil {
		return err
	}
	defer closeStore()
	fmt.Fprintf(stderr, "chat: paused runs in %s\n", describeDB(cfg.db))
	var bookings Bookings = newMemoryBookings()
	if cfg.bookings != "" {
		bookings = &httpBookings{URL: cfg.bookings}
	}
	h := &uistream.Handler{Agent: newAgent(model, bookings), Store: st, Lease: cfg.lease}
	fmt.Fprintf(stdout, "chat: open http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: newMux(h), ReadHeaderTimeout: 10 * time.Second}
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	<-stopped // the requests have ended: the store can close
	return nil
}

// openStore opens the store that db names (see config.db) and returns it
// with the function that closes it.
func openStore(ctx context.Context, db string) (store.Store, func(), error) {
	switch {
	case db == "memory":
		return store.NewMemory(), func() {}, nil
	case strings.HasPrefix(db, "postgres://"), strings.HasPrefix(db, "postgresql://"):
		st, err := postgres.Open(ctx, db, postgres.Options{})
		if err != nil {
			return nil, nil, fmt.Errorf("-db: %w", err)
		}
		return st, st.Close, nil
	case db == "":
		return nil, nil, errors.New(`-db: empty; give a SQLite file, a postgres:// URL or "memory"`)
	default:
		if dir := filepath.Dir(db); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, nil, fmt.Errorf("-db: %w", err)
			}
		}
		st, err := sqlite.Open(db, sqlite.Options{})
		if err != nil {
			return nil, nil, fmt.Errorf("-db: %w", err)
		}
		return st, func() { _ = st.Close() }, nil
	}
}

// describeDB names the store of db for the log, without a URL's password.
func describeDB(db string) string {
	switch {
	case db == "memory":
		return "memory (lost at exit)"
	case strings.HasPrefix(db, "postgres://"), strings.HasPrefix(db, "postgresql://"):
		if u, err := url.Parse(db); err == nil {
			return "Postgres " + u.Redacted()
		}
		return "Postgres"
	}
	return "SQLite file " + db
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

// newAgent is the agent the page talks to: the weather tools, and
// bookTable, which books through bookings.
func newAgent(model llm.Model, bookings Bookings) *agent.Agent {
	tools, err := tool.Merge(tools(), BookerTools(&Booker{Bookings: bookings}))
	if err != nil {
		panic(err) // the keys are the example's own
	}
	return &agent.Agent{
		ID:   "weather-agent",
		Name: "Weather Agent",
		Instructions: "You are a helpful weather and travel assistant. Use weatherTool for the current weather, hazardsTool for warnings " +
			"and forecastTool for a forecast. Ask for a location if none is given. Book restaurant tables with bookTable when asked to: " +
			"ask for the city, the number of people and the time when the user did not say.",
		Model: model,
		Tools: tools,
	}
}

// newMux serves the page at / and the chat stream of h at /api/chat.
func newMux(h *uistream.Handler) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(indexHTML)
	})
	mux.Handle("/api/chat", h)
	return mux
}
