package mcp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// HTTPOptions configure a server over streamable HTTP. The zero value (or
// nil) is ready to use.
type HTTPOptions struct {
	// AllowedOrigins are the origins, as a browser sends them in the Origin
	// header ("https://app.example.com", "http://localhost:6274": a scheme,
	// a host and an optional port, no path), from which browsers may call
	// the server, beside those allowed by default (see [HTTPHandler]).
	AllowedOrigins []string
	// SDK is passed to the SDK's streamable HTTP handler; nil means its
	// defaults, among them DNS-rebinding protection on loopback and a 4 MiB
	// bound on request bodies.
	SDK *sdk.StreamableHTTPOptions
}

// HTTPHandler returns an http.Handler that serves s over MCP's streamable
// HTTP transport, one session per client. opts may be nil.
//
// Every request's Origin header is checked first, as the MCP specification
// requires (basic/transports, "Security Warning"): a browser page of
// another site must not reach the server's tools through a user's browser.
// A request without Origin (an MCP SDK, a command-line client) passes. A
// request with Origin passes only when the origin is in
// opts.AllowedOrigins, or when the request arrived on a loopback address
// and the origin is a loopback one (http://localhost:6274, the MCP
// Inspector's page, say). Any other origin, "null" and the server's own
// among them (a page of a DNS-rebinding attack claims that one), is answered
// 403 Forbidden with a JSON-RPC error body, and the request reaches no
// session and no tool. A browser page served beside the server needs its
// origin in AllowedOrigins.
func HTTPHandler(s *sdk.Server, opts *HTTPOptions) http.Handler {
	if opts == nil {
		opts = &HTTPOptions{}
	}
	allowed := map[string]bool{}
	for _, o := range opts.AllowedOrigins {
		if n, ok := normalizeOrigin(o); ok {
			allowed[n] = true
		}
	}
	next := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, opts.SDK)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin, present := r.Header["Origin"]; present && !originAllowed(r, origin, allowed) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `{"jsonrpc":"2.0","error":{"code":-32600,"message":"Forbidden: the request's Origin is not allowed"}}`)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// originAllowed reports whether the Origin header values of r may call
// the server: exactly one origin, either one of allowed or a loopback
// origin on a request that arrived on loopback.
func originAllowed(r *http.Request, values []string, allowed map[string]bool) bool {
	if len(values) != 1 {
		return false
	}
	origin, ok := normalizeOrigin(values[0])
	if !ok {
		return false // "null", or not an origin
	}
	if allowed[origin] {
		return true
	}
	u, _ := url.Parse(origin)
	local, _ := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	return isLoopbackAddr(local) && isLoopbackHost(u.Hostname())
}

// normalizeOrigin returns origin as scheme://host:port, lower case, with
// the scheme's default port made explicit; ok is false for anything but
// an http or https origin with a host and no path, query or user.
func normalizeOrigin(origin string) (string, bool) {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", false
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + net.JoinHostPort(host, port), true
}

// isLoopbackAddr reports whether a is a TCP address on a loopback interface.
func isLoopbackAddr(a net.Addr) bool {
	ta, ok := a.(*net.TCPAddr)
	return ok && ta.IP.IsLoopback()
}

// isLoopbackHost reports whether host names the loopback interface.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ListenAndServe serves s over streamable HTTP at addr, on every path, with
// [HTTPHandler] (opts may be nil), until ctx ends; it then shuts the
// listener down, giving calls in flight five seconds to finish. If ready is
// not nil, it is called with the listener's address once the server accepts
// connections (useful with port 0).
func ListenAndServe(ctx context.Context, addr string, s *sdk.Server, opts *HTTPOptions, ready func(net.Addr)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve MCP over HTTP: %w", err)
	}
	hs := &http.Server{Handler: HTTPHandler(s, opts), ReadHeaderTimeout: 10 * time.Second}
	if ready != nil {
		ready(ln.Addr())
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve MCP over HTTP: %w", err)
	case <-ctx.Done():
	}
	// Calls in flight get a grace period. A client's event stream (the GET
	// of streamable HTTP) never goes idle, so Shutdown alone could wait for
	// it until the deadline: once the grace period ends, the remaining
	// connections are closed.
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shut down MCP HTTP server: %w", err)
	}
	if err := hs.Close(); err != nil {
		return fmt.Errorf("shut down MCP HTTP server: %w", err)
	}
	return nil
}
