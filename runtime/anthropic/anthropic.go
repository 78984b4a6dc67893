// Package anthropic adapts Anthropic's Messages API to [runtime.Model], on
// the official SDK github.com/anthropics/anthropic-sdk-go/v2.
//
//	agent := &runtime.Agent{
//		ID:    "weather-agent",
//		Model: anthropic.Model("claude-sonnet-4-5"),
//		Tools: weather.Tools(),
//	}
//
// The API key is WithAPIKey's, else $ANTHROPIC_API_KEY (or a bearer token
// from $ANTHROPIC_AUTH_TOKEN); the base URL is WithBaseURL's, else
// $ANTHROPIC_BASE_URL, else https://api.anthropic.com/. The SDK's other
// environment defaults (profiles, federation, $ANTHROPIC_CUSTOM_HEADERS)
// are not used; WithRequestOptions adds headers. [Model] never fails;
// a model without a key returns [ErrNoAPIKey] from every call, and [New]
// returns it at once.
//
// # Mapping
//
// System messages are lifted into the system field, one text block each.
// Tools are sent with their input schema in [runtime.DialectAnthropic],
// property order kept (Spec.Strict is OpenAI's: it is not sent). Tool
// choices map to {"type":"auto"}, {"type":"none"}, {"type":"any"} (for
// required) and {"type":"tool","name":…}; WithParallelToolCalls(false) sets
// disable_parallel_tool_use. Tool calls are tool_use blocks (arguments that
// are not a JSON object, which a model can produce and the loop reports, are
// sent back as {}); a tool message becomes a user message of tool_result
// blocks, with is_error for error results, and text, images (inline or by
// URL) and PDFs for content results. Consecutive messages of one role are
// merged into one turn, as the API wants. Thinking blocks come back as
// reasoning parts whose ProviderMetadata["anthropic"] holds the signature
// (or the redacted data), and are sent back with it; reasoning without one
// is dropped.
//
// max_tokens is required by the API: it is Request.MaxOutputTokens, else
// WithMaxTokens', else [DefaultMaxTokens]. The SDK refuses non-streaming
// requests whose max_tokens could outlast its timeout; Generate streams
// those and collects the stream.
//
// Streaming yields text deltas, reasoning deltas, a start, input_json deltas
// and the complete call for each tool_use block, then the finish part. A
// stream that ends before message_stop, or with an error event, is an error.
//
// Requests are retried by the SDK (2 retries by default; see
// WithMaxRetries); errors that remain are returned wrapped; errors.As finds
// the SDK's *Error (github.com/anthropics/anthropic-sdk-go/v2) in them.
//
// Request.ProviderOptions["anthropic"], a JSON object, is merged into the
// request body, for settings this package does not model:
//
//	runtime.Request{ProviderOptions: map[string]json.RawMessage{
//		"anthropic": json.RawMessage(`{"thinking":{"type":"enabled","budget_tokens":2048}}`),
//	}}
package anthropic

import (
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/anthropics/anthropic-sdk-go/v2/option"
)

// ProviderName is the key of this adapter's entries in
// Request.ProviderOptions and Part.ProviderMetadata.
const ProviderName = "anthropic"

// DefaultBaseURL is the base URL of Anthropic's API.
const DefaultBaseURL = "https://api.anthropic.com/"

// DefaultMaxTokens is max_tokens when neither the request nor
// WithMaxTokens sets it.
const DefaultMaxTokens = 4096

// ErrNoAPIKey is returned by [New], and by every call of a [Model] built
// without a key.
var ErrNoAPIKey = errors.New("anthropic: no API key: set ANTHROPIC_API_KEY or use anthropic.WithAPIKey")

// Option configures a model.
type Option func(*config)

type config struct {
	apiKey      *string
	baseURL     *string
	maxRetries  *int
	httpClient  *http.Client
	parallel    *bool
	maxTokens   int
	requestOpts []option.RequestOption
}

// WithAPIKey sets the API key, in place of $ANTHROPIC_API_KEY.
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = &key } }

// WithBaseURL sets the base URL of the API, in place of
// $ANTHROPIC_BASE_URL.
func WithBaseURL(url string) Option { return func(c *config) { c.baseURL = &url } }

// WithMaxRetries sets how many times the SDK retries a request that failed
// with a connection error, 408, 409, 429 or a 5xx status (default 2).
func WithMaxRetries(n int) Option { return func(c *config) { c.maxRetries = new(max(n, 0)) } }

// WithHTTPClient sets the HTTP client the SDK uses.
func WithHTTPClient(hc *http.Client) Option { return func(c *config) { c.httpClient = hc } }

// WithParallelToolCalls(false) sets disable_parallel_tool_use on requests
// that have tools; by default the model may call several tools at once.
func WithParallelToolCalls(allow bool) Option { return func(c *config) { c.parallel = &allow } }

// WithMaxTokens sets max_tokens for requests that do not set
// MaxOutputTokens; the default is [DefaultMaxTokens].
func WithMaxTokens(n int) Option { return func(c *config) { c.maxTokens = n } }

// WithRequestOptions adds options of the SDK to every request, after this
// package's own (headers, middleware, timeouts…).
func WithRequestOptions(opts ...option.RequestOption) Option {
	return func(c *config) { c.requestOpts = append(c.requestOpts, opts...) }
}

// resolve builds the SDK client options from opts and the environment. The
// SDK's own environment and credential chain (profiles, federation) are
// not used: the key comes from the option or the two usual variables.
func resolve(opts []Option) (config, []option.RequestOption, error) {
	c := config{maxTokens: DefaultMaxTokens}
	for _, o := range opts {
		o(&c)
	}
	base := os.Getenv("ANTHROPIC_BASE_URL")
	if c.baseURL != nil {
		base = *c.baseURL
	}
	if base == "" {
		base = DefaultBaseURL
	}
	ro := []option.RequestOption{option.WithoutEnvironmentDefaults(), option.WithBaseURL(base)}
	var err error
	switch {
	case c.apiKey != nil && *c.apiKey != "":
		ro = append(ro, option.WithAPIKey(*c.apiKey))
	case c.apiKey == nil && os.Getenv("ANTHROPIC_API_KEY") != "":
		ro = append(ro, option.WithAPIKey(os.Getenv("ANTHROPIC_API_KEY")))
	case c.apiKey == nil && os.Getenv("ANTHROPIC_AUTH_TOKEN") != "":
		ro = append(ro, option.WithAuthToken(os.Getenv("ANTHROPIC_AUTH_TOKEN")))
	default:
		err = ErrNoAPIKey
	}
	if c.maxRetries != nil {
		ro = append(ro, option.WithMaxRetries(*c.maxRetries))
	}
	if c.httpClient != nil {
		ro = append(ro, option.WithHTTPClient(c.httpClient))
	}
	ro = append(ro, c.requestOpts...)
	return c, ro, err
}

// apiError wraps an SDK error with what was being done.
func apiError(what string, err error) error {
	return fmt.Errorf("anthropic: %s: %w", what, err)
}
